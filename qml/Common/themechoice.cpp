#include "Common/themechoice.h"

#include <QEvent>
#include <QGuiApplication>
#include <QLoggingCategory>
#include <QMetaEnum>
#include <QPointer>
#include <QQuickItem>
#include <QQuickWindow>

#include <optional>

namespace facet::ui {

namespace {

Q_LOGGING_CATEGORY(lcTheme, "facet.theme")

std::optional<ThemeChoice> parseChoice(const QString& value) {
    if (value == u"dark")
        return ThemeChoice::Dark;
    if (value == u"light")
        return ThemeChoice::Light;
    if (value == u"system")
        return ThemeChoice::System;
    return std::nullopt;
}

// The roles both palettes set: the same colors for Active and Inactive, dimmed ones for Disabled.
struct Colors {
    QColor window, windowText, base, alternateBase, button, highlight, highlightedText, link,
        placeholder, light, midlight, mid, dark, disabledText;
};

QPalette paletteOf(const Colors& c) {
    QPalette p;
    for (auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        const bool disabled = group == QPalette::Disabled;
        const QColor text = disabled ? c.disabledText : c.windowText;
        p.setColor(group, QPalette::Window, c.window);
        p.setColor(group, QPalette::WindowText, text);
        p.setColor(group, QPalette::Base, c.base);
        p.setColor(group, QPalette::AlternateBase, c.alternateBase);
        p.setColor(group, QPalette::Text, text);
        p.setColor(group, QPalette::Button, c.button);
        p.setColor(group, QPalette::ButtonText, text);
        p.setColor(group, QPalette::BrightText, Qt::white);
        p.setColor(group, QPalette::ToolTipBase, c.alternateBase);
        p.setColor(group, QPalette::ToolTipText, c.windowText);
        p.setColor(group, QPalette::PlaceholderText, c.placeholder);
        p.setColor(group, QPalette::Highlight, disabled ? c.mid : c.highlight);
        p.setColor(group, QPalette::HighlightedText, c.highlightedText);
        p.setColor(group, QPalette::Link, c.link);
        p.setColor(group, QPalette::LinkVisited, c.link);
        p.setColor(group, QPalette::Light, c.light);
        p.setColor(group, QPalette::Midlight, c.midlight);
        p.setColor(group, QPalette::Mid, c.mid);
        p.setColor(group, QPalette::Dark, c.dark);
        p.setColor(group, QPalette::Shadow, Qt::black);
    }
    return p;
}

// Sets every color role of every group of a QML Palette (the window's) from `palette`.
void copyInto(QObject* target, const QPalette& palette) {
    const QMetaEnum roles = QMetaEnum::fromType<QPalette::ColorRole>();
    const std::pair<const char*, QPalette::ColorGroup> groups[] = {
        {"active", QPalette::Active},
        {"inactive", QPalette::Inactive},
        {"disabled", QPalette::Disabled}};
    for (const auto& [groupName, group] : groups) {
        QObject* colors = target->property(groupName).value<QObject*>();
        if (!colors)
            continue;
        for (int i = 0; i < roles.keyCount(); ++i) {
            const auto role = static_cast<QPalette::ColorRole>(roles.value(i));
            if (role == QPalette::NoRole || role >= QPalette::NColorRoles)
                continue;
            QByteArray name = roles.key(i);
            name[0] = static_cast<char>(QChar::toLower(static_cast<char16_t>(name[0])));
            colors->setProperty(name.constData(), palette.color(group, role));
        }
    }
}

void copyPaletteProperty(QObject* object, const QPalette& palette) {
    if (auto* target = object->property("palette").value<QObject*>())
        copyInto(target, palette);
}

// `item` and everything in it that has a palette (controls, labels, text fields).
void copyIntoItems(QQuickItem* item, const QPalette& palette) {
    copyPaletteProperty(item, palette);
    for (QQuickItem* child : item->childItems())
        copyIntoItems(child, palette);
}

class PaletteFollower : public QObject {
public:
    // At start only the window: popups made with it inherit its palette. Walking every popup's
    // items here too made start to first frame about 3 s longer on a loaded 2-core machine.
    explicit PaletteFollower(QQuickWindow* window) : QObject(window), window_(window) {
        copyPaletteProperty(window_, QGuiApplication::palette());
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        // This filter sees the event once for the application and again for many other objects
        // (items among them); one copy per change is enough: copying for each receiver, with
        // the popups' items below, made one switch of theme take minutes.
        if (event->type() == QEvent::ApplicationPaletteChange && watched == qGuiApp)
            copy();
        return QObject::eventFilter(watched, event);
    }

private:
    void copy() {
        const QPalette application = QGuiApplication::palette();
        copyPaletteProperty(window_, application);
        // Popups (dialogs, menus, a combo box's list) take the window's palette as they open;
        // a change while one was open reached the popup itself (its background) but not the
        // controls in it: Qt 6.4's QQuickPopup passes no palette change on to its items (the
        // Settings dialog's labels, fields, tabs and buttons kept the old theme's colours, dark
        // text on the new dark background, until reopened; issue #57). So every item of an
        // open popup gets the palette here, and so does every popup that got it before: an
        // item whose palette was set no longer inherits a later change by itself. Closed
        // popups never touched inherit the window's as they open (every popup at each change
        // took 1-2 s of the GUI thread per switch on a loaded 2-core machine).
        for (QObject* child : window_->findChildren<QObject*>()) {
            if (child->inherits("QQuickPopup") && child->property("visible").toBool() &&
                !touched_.contains(child))
                touched_.append(child);
        }
        touched_.removeAll(nullptr);
        for (const QPointer<QObject>& popup : std::as_const(touched_)) {
            copyPaletteProperty(popup, application);
            auto* content = popup->property("contentItem").value<QQuickItem*>();
            if (QQuickItem* popupItem = content ? content->parentItem() : nullptr)
                copyIntoItems(popupItem, application);
        }
    }
    QQuickWindow* window_;
    QList<QPointer<QObject>> touched_; // popups whose items got a palette set explicitly
};

} // namespace

void followApplicationPalette(QQuickWindow* window) {
    auto* follower = new PaletteFollower(window); // owned by the window
    qGuiApp->installEventFilter(follower);
}

ThemeChoice themeChoice(const QStringList& arguments) {
    QString value = qEnvironmentVariable("FACET_THEME");
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == u"--theme" && i + 1 < arguments.size())
            value = arguments[++i];
        else if (arguments[i].startsWith(u"--theme="))
            value = arguments[i].sliced(8);
    }
    if (value.isEmpty())
        return ThemeChoice::System;
    if (const auto choice = parseChoice(value))
        return *choice;
    qCWarning(lcTheme).noquote() << "unknown theme" << value
                                 << "(use dark, light or system); following the system";
    return ThemeChoice::System;
}

QPalette darkPalette() {
    return paletteOf({"#202124", "#e8eaed", "#2a2b2e", "#303134", "#303134", "#8ab4f8", "#202124",
                      "#8ab4f8", "#9aa0a6", "#5f6368", "#45474c", "#3c4043", "#17181a", "#9aa0a6"});
}

QPalette lightPalette() {
    return paletteOf({"#f5f6f7", "#202124", "#ffffff", "#f1f3f4", "#eceef1", "#1a73e8", "#ffffff",
                      "#1a73e8", "#70757a", "#ffffff", "#e8eaed", "#bdc1c6", "#9aa0a6", "#666a6f"});
}

void applyTheme(ThemeChoice choice) {
    if (choice == ThemeChoice::Dark)
        QGuiApplication::setPalette(darkPalette());
    else if (choice == ThemeChoice::Light)
        QGuiApplication::setPalette(lightPalette());
}

} // namespace facet::ui
