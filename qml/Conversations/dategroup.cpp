#include "Conversations/dategroup.h"

namespace facet::ui {

DateGroup::Group dateGroupOf(const QDate& day, const QDate& today) {
    if (!day.isValid() || !today.isValid())
        return DateGroup::Older;
    const qint64 daysAgo = day.daysTo(today);
    if (daysAgo <= 0)
        return DateGroup::Today;
    if (daysAgo == 1)
        return DateGroup::Yesterday;
    // "Last 7 days": today and the six days before it, as a week view shows them.
    if (daysAgo < 7)
        return DateGroup::Last7Days;
    if (daysAgo < 30)
        return DateGroup::Last30Days;
    return DateGroup::Older;
}

} // namespace facet::ui
