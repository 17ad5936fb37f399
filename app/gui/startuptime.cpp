#include "startuptime.h"

#include <QFile>
#include <QLoggingCategory>
#include <QQuickWindow>

#include <ctime>
#include <memory>
#include <unistd.h>
#include <utility>

namespace facet::gui {
namespace {
Q_LOGGING_CATEGORY(lcStart, "facet.app")
} // namespace

double msSinceProcessStart() {
    // Field 22 of /proc/self/stat: the start time in clock ticks after boot (proc(5)); the
    // command name before it is in parentheses and may hold spaces, so fields count from the ')'.
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    // After ')' come field 3 (state) onwards: field 22 is index 19.
    if (fields.size() < 20)
        return -1;
    bool ok = false;
    const double startTicks = fields.at(19).toDouble(&ok);
    const long ticksPerSecond = ::sysconf(_SC_CLK_TCK);
    timespec now{};
    if (!ok || ticksPerSecond <= 0 || ::clock_gettime(CLOCK_BOOTTIME, &now) != 0)
        return -1;
    const double nowMs =
        static_cast<double>(now.tv_sec) * 1000.0 + static_cast<double>(now.tv_nsec) / 1e6;
    return nowMs - startTicks * 1000.0 / static_cast<double>(ticksPerSecond);
}

void logFirstFrame(QQmlApplicationEngine& engine, std::function<void()> then) {
    for (QObject* root : engine.rootObjects()) {
        auto* window = qobject_cast<QQuickWindow*>(root);
        if (!window)
            continue;
        auto connection = std::make_shared<QMetaObject::Connection>();
        // Under the threaded render loop frameSwapped is emitted on the render thread, so a
        // second frame can be queued before the first call here disconnects: under X the line
        // was logged twice. Only the first call logs. (Qt 6.4 picks that loop where the
        // platform has ThreadedOpenGL, as xcb does and offscreen without GLX does not:
        // QSGRenderLoop::instance() in qtdeclarative src/quick/scenegraph/qsgrenderloop.cpp.)
        auto logged = std::make_shared<bool>(false);
        *connection = QObject::connect(
            window, &QQuickWindow::frameSwapped, window,
            [connection, logged, then = std::move(then)] {
                QObject::disconnect(*connection);
                if (std::exchange(*logged, true))
                    return;
                const double ms = msSinceProcessStart();
                if (ms >= 0)
                    qCInfo(lcStart).noquote()
                        << QStringLiteral("first frame %1 ms after the process started "
                                          "(the clock's step is %2 ms)")
                               .arg(qRound(ms))
                               .arg(1000 / ::sysconf(_SC_CLK_TCK));
                if (then)
                    then();
            },
            Qt::QueuedConnection);
        return;
    }
}

} // namespace facet::gui
