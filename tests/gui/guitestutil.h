#pragma once
// Finding and clicking items of the running app by objectName, as a person would reach them.
#include "Common/application.h"

#include <QGuiApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include <functional>

namespace facet::test {

inline void collect(QQuickItem* item, const std::function<bool(QQuickItem*)>& match,
                    QList<QQuickItem*>& out) {
    if (match(item))
        out.append(item);
    for (QQuickItem* child : item->childItems())
        collect(child, match, out);
}

inline QList<QQuickItem*> itemsNamed(QQuickWindow* window, const QString& name) {
    QList<QQuickItem*> out;
    collect(
        window->contentItem()->parentItem() ? window->contentItem()->parentItem()
                                            : window->contentItem(),
        [&](QQuickItem* i) { return i->objectName() == name && i->isVisible(); }, out);
    return out;
}

inline QQuickItem* itemNamed(QQuickWindow* window, const QString& name) {
    const auto items = itemsNamed(window, name);
    return items.isEmpty() ? nullptr : items.first();
}

inline void click(QQuickWindow* window, QQuickItem* item) {
    const QPointF center = item->mapToScene(QPointF(item->width() / 2, item->height() / 2));
    QTest::mouseClick(window, Qt::LeftButton, {}, center.toPoint());
}

// The chip (or other component root) an item belongs to: the nearest ancestor with `property`.
inline QQuickItem* ancestorWith(QQuickItem* item, const char* property) {
    for (QQuickItem* p = item; p; p = p->parentItem())
        if (p->property(property).isValid())
            return p;
    return nullptr;
}

// True while any Image in the window is still loading (async thumbnails, previews).
inline bool imagesLoading(QQuickWindow* window) {
    QList<QQuickItem*> loading;
    collect(
        window->contentItem()->parentItem() ? window->contentItem()->parentItem()
                                            : window->contentItem(),
        [](QQuickItem* i) {
            return i->inherits("QQuickImageBase") && i->property("status").toInt() == 2;
        },
        loading);
    return !loading.isEmpty();
}

} // namespace facet::test

// main() of a GUI test: the app's own process setup (prepareApplication) before the
// QGuiApplication, as `facet` does it, then the test class.
#define FACET_GUI_TEST_MAIN(TestClass)                                                             \
    int main(int argc, char** argv) {                                                              \
        facet::ui::prepareApplication();                                                           \
        QGuiApplication app(argc, argv);                                                           \
        TestClass test;                                                                            \
        return QTest::qExec(&test, argc, argv);                                                    \
    }
