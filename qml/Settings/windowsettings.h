#pragma once
// The main window's place and the sidebar's width and state, remembered across starts in the
// application settings (QSettings `window/*`). Main.qml opens with `initialX`…`initialHeight` and
// hands everything back when it closes; the first start fits the screen (windowplacement.h).
#include <QObject>
#include <QRect>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class WindowSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    // Decided once, when the settings are read: the window opens there.
    // Four ints rather than one QRect: Qt 6.4's qmllint cannot resolve a QRect property's type
    // (facet_qmllint fails on "Type QRect ... not found").
    Q_PROPERTY(int initialX READ initialX CONSTANT)
    Q_PROPERTY(int initialY READ initialY CONSTANT)
    Q_PROPERTY(int initialWidth READ initialWidth CONSTANT)
    Q_PROPERTY(int initialHeight READ initialHeight CONSTANT)
    Q_PROPERTY(bool initiallyMaximized READ initiallyMaximized CONSTANT)
    Q_PROPERTY(int sidebarWidth READ sidebarWidth WRITE setSidebarWidth NOTIFY sidebarChanged)
    Q_PROPERTY(
        bool sidebarCollapsed READ sidebarCollapsed WRITE setSidebarCollapsed NOTIFY sidebarChanged)
    Q_PROPERTY(int minimumSidebarWidth READ minimumSidebarWidth CONSTANT)
public:
    static constexpr int kDefaultSidebarWidth = 240;
    // Narrower, a title shows three or four letters; wider than this leaves the conversation
    // less than the reading column on a 1280-px screen.
    static constexpr int kMinimumSidebarWidth = 160;
    static constexpr int kMaximumSidebarWidth = 480;

    // Reads the settings; the screens are QGuiApplication's (their available geometry).
    explicit WindowSettings(QObject* parent = nullptr);

    QRect initialGeometry() const { return initialGeometry_; }
    int initialX() const { return initialGeometry_.x(); }
    int initialY() const { return initialGeometry_.y(); }
    int initialWidth() const { return initialGeometry_.width(); }
    int initialHeight() const { return initialGeometry_.height(); }
    bool initiallyMaximized() const { return initiallyMaximized_; }
    int sidebarWidth() const { return sidebarWidth_; }
    void setSidebarWidth(int width);
    bool sidebarCollapsed() const { return sidebarCollapsed_; }
    void setSidebarCollapsed(bool collapsed);
    int minimumSidebarWidth() const { return kMinimumSidebarWidth; }

    // The window's client-area geometry as it closes. A maximized window keeps the geometry it
    // had before (Qt Quick does not report the normal geometry of a maximized window), so
    // un-maximizing after the next start returns to it.
    Q_INVOKABLE void saveGeometry(const QRect& geometry, bool maximized);

signals:
    void sidebarChanged();

private:
    QRect initialGeometry_;
    bool initiallyMaximized_ = false;
    int sidebarWidth_ = kDefaultSidebarWidth;
    bool sidebarCollapsed_ = false;
};

} // namespace facet::ui
