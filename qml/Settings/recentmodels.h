#pragma once
// The model folders used last, newest first, for the header's model picker (issue #57): a folder
// is remembered once it loaded (never the demo model or a server, which the picker lists by
// themselves), kept in the application settings (QSettings `model/recentFolders`).
#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class RecentModels : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(QStringList folders READ folders NOTIFY changed)
public:
    // Enough for the folders one works with in a week; a longer menu is searched, not picked.
    static constexpr int kMaximum = 5;

    explicit RecentModels(app::EngineClient& engine, QObject* parent = nullptr);

    QStringList folders() const { return folders_; }
    // Moves `folder` to the front (adds it when new), dropping the oldest past kMaximum.
    void remember(const QString& folder);
    // Takes a folder off the list (the picker offers it when the folder failed to load).
    Q_INVOKABLE void forget(const QString& folder);

signals:
    void changed();

private:
    void onModelState();
    void store();

    app::EngineClient& engine_;
    QStringList folders_;
};

} // namespace facet::ui
