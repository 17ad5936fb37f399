#pragma once
// The date headers of the sidebar's list (issue #57): a conversation falls under the newest of
// Today, Yesterday, Last 7 days, Last 30 days or Older that its last change fits, counted in
// calendar days of the local time zone, as a user reads "yesterday".
#include <QDate>
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class DateGroup : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Only its enum is used")
public:
    // In list order: the list is newest first, so each group is one run of rows.
    enum Group { Today, Yesterday, Last7Days, Last30Days, Older };
    Q_ENUM(Group)
};

// `day` against `today`; a day after today (a clock set back since) counts as Today, and an
// invalid one (no date stored) as Older.
DateGroup::Group dateGroupOf(const QDate& day, const QDate& today);

} // namespace facet::ui
