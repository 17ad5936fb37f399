// UI streaming benchmark: 2,000 tokens at 500 tokens/s streamed through the worker's batching
// sink (on the worker thread) into the open conversation of the real window, which already holds
// a long conversation. Reports the GUI thread's longest stall (gap between 1 ms heartbeats), the
// time each frame took to make (Qt's own per-frame timing: polish, sync, render and flush) and the
// intervals between frames (frameSwapped; they follow the text updates, every ~30 ms, not the
// frames' cost).
//
// usage: facet_ui_bench [--shape paragraphs|code|list] [--smoke]
// --smoke: 200 tokens into a conversation of 30 messages (the bench-smoke ctest).
#include "Common/appcontroller.h"
#include "Common/application.h"
#include "core/worker/batchingsink.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QLoggingCategory>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <thread>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

using namespace facet;

namespace {

constexpr int kTokensPerSecond = 500;

app::Conversation longConversation(int messages) {
    app::Conversation c;
    c.id = "bench";
    c.title = "Long conversation";
    for (int i = 0; i < messages; ++i) {
        app::Message m;
        m.id = QString::number(i);
        m.role = i % 2 ? app::Message::Role::Model : app::Message::Role::User;
        m.text =
            i % 2 ? QStringLiteral("## Answer %1\n\nSome **bold** text, a list:\n\n- one\n- two\n\n"
                                   "```cpp\nint x = %1;\n```\n")
                        .arg(i)
                  : QStringLiteral("Question number %1 about the picture?").arg(i);
        c.messages.append(m);
    }
    return c;
}

// What the streamed reply looks like. paragraphs: many short blocks (a typical answer); code and
// list: the whole reply is one block that cannot be split (one fence, one loose list), the worst
// case for block-by-block rendering.
enum class Shape { Paragraphs, Code, List };

const char* tokenFor(Shape shape, int i) {
    switch (shape) {
    case Shape::Code:
        if (i == 0)
            return "```cpp\n";
        return i % 10 == 9 ? "x;\n" : (i % 10 == 0 ? "    int " : "x + ");
    case Shape::List:
        if (i % 20 == 0)
            return "\n\n- item ";
        return i % 7 == 0 ? "**bold** " : "word ";
    case Shape::Paragraphs:
        break;
    }
    return i % 40 == 39 ? "word\n\n" : (i % 7 == 0 ? "**bold** " : "word ");
}

// Qt's render loops time each frame when the logging category "qt.scenegraph.time.renderloop"
// is on (qtdeclarative v6.4.2; whole milliseconds, truncated). The software render loop
// (offscreen here, or QT_QUICK_BACKEND=software): "Frame rendered with 'software' renderloop in
// %dms, polish=..., sync=..., render=..., swap=..."
// (src/quick/scenegraph/adaptations/software/qsgsoftwarerenderloop.cpp, renderWindow()). The
// QRhi loops (OpenGL under xcb): "... syncAndRender: frame rendered in %dms, ..." from the GUI
// thread (basic, src/quick/scenegraph/qsgrenderloop.cpp) or from the render thread (threaded,
// qsgthreadedrenderloop.cpp, whose GUI thread's "Frame prepared" lines are not frames). The
// handler keeps the first number of each frame's line.
std::vector<int>* frameCosts = nullptr;
std::mutex frameCostsMutex; // the threaded loop logs from its render thread
QtMessageHandler previousHandler = nullptr;

void collectFrameCosts(QtMsgType type, const QMessageLogContext& context, const QString& text) {
    if (context.category && qstrcmp(context.category, "qt.scenegraph.time.renderloop") == 0) {
        for (const QString& marker :
             {QStringLiteral("renderloop in "), QStringLiteral("frame rendered in ")}) {
            if (const qsizetype at = text.indexOf(marker); at >= 0) {
                bool ok = false;
                const qsizetype end = text.indexOf(QStringLiteral("ms"), at);
                const int ms = text.mid(at + marker.size(), end - at - marker.size()).toInt(&ok);
                const std::lock_guard lock(frameCostsMutex);
                if (ok && frameCosts)
                    frameCosts->push_back(ms);
            }
        }
        return;
    }
    previousHandler(type, context, text);
}

double percentile(std::vector<double> v, double p) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<size_t>(p * static_cast<double>(v.size() - 1))];
}

} // namespace

int main(int argc, char** argv) {
    ui::prepareApplication();
    QGuiApplication application(argc, argv);
    // --shape paragraphs|code|list
    const QStringList args = QCoreApplication::arguments();
    const qsizetype shapeAt = args.indexOf(QStringLiteral("--shape"));
    const QString shapeName =
        shapeAt > 0 && shapeAt + 1 < args.size() ? args[shapeAt + 1] : QStringLiteral("paragraphs");
    const Shape shape = shapeName == u"code"   ? Shape::Code
                        : shapeName == u"list" ? Shape::List
                                               : Shape::Paragraphs;
    const bool smoke = args.contains(QStringLiteral("--smoke"));
    const int tokens = smoke ? 200 : 2000;
    const int historyMessages = smoke ? 30 : 300;
    QTemporaryDir dir;
    ui::AppController appController(dir.filePath("store"), facet::app::makeLocalBackend());
    QQmlApplicationEngine qml;
    if (!ui::loadMainWindow(qml, appController))
        return 1;
    auto* window = qobject_cast<QQuickWindow*>(qml.rootObjects().first());
    auto* model = appController.conversation();
    model->setConversation(longConversation(historyMessages), dir.path());
    app::Message reply;
    reply.id = QStringLiteral("streamed");
    reply.role = app::Message::Role::Model;
    const int row = model->appendMessage(reply);
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < (smoke ? 200 : 1000))
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);

    // The producer: the real batching sink on a worker thread, fed at a steady 500 tokens/s. The
    // worker only carries the sink's signals here: its backend (the app's, with no model loaded)
    // is never asked to generate.
    QThread workerThread;
    app::EngineWorker worker(app::makeLocalBackend());
    worker.moveToThread(&workerThread);
    workerThread.start();
    int updates = 0;
    bool done = false;
    QObject::connect(&worker, &app::EngineWorker::textArrived, model,
                     [&](quint64, const QString& content, const QString& reasoning) {
                         ++updates;
                         model->appendReplyText(row, content, reasoning);
                     });
    QObject::connect(&worker, &app::EngineWorker::finished, model,
                     [&](quint64, const QJsonObject& stats, const QString&) {
                         model->finishReply(row, stats, facet::app::FinishReason::StopToken, {});
                         done = true;
                     });

    std::vector<double> frames;
    std::vector<int> costs;
    frameCosts = &costs;
    previousHandler = qInstallMessageHandler(collectFrameCosts);
    QLoggingCategory::setFilterRules(QStringLiteral("qt.scenegraph.time.renderloop.debug=true"));
    QElapsedTimer clock;
    clock.start();
    double lastFrame = -1;
    QObject::connect(window, &QQuickWindow::frameSwapped, window, [&] {
        const double now = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        if (lastFrame >= 0)
            frames.push_back(now - lastFrame);
        lastFrame = now;
    });
    double longestStall = 0;
    double lastBeat = 0;
    std::vector<std::pair<double, double>> stalls; // (at ms, length ms) over 50 ms
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(1);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const double now = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        longestStall = std::max(longestStall, now - lastBeat);
        if (now - lastBeat > 50)
            stalls.emplace_back(lastBeat, now - lastBeat);
        lastBeat = now;
    });
    lastBeat = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    heartbeat.start();

    QMetaObject::invokeMethod(&worker, [&worker, shape, tokens] {
        app::BatchingSink sink(worker, 1, 30);
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < tokens; ++i) {
            std::this_thread::sleep_until(
                start + std::chrono::microseconds(i * 1000000LL / kTokensPerSecond));
            sink.onText(tokenFor(shape, i), {});
        }
        generate::Stats stats;
        stats.generatedTokens = tokens;
        sink.onFinished(stats, {});
    });
    const double started = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    while (!done)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    const double seconds = (static_cast<double>(clock.nsecsElapsed()) / 1e6 - started) / 1000.0;
    heartbeat.stop();
    QLoggingCategory::setFilterRules(QStringLiteral("qt.scenegraph.time.renderloop.debug=false"));
    {
        const std::lock_guard lock(frameCostsMutex);
        frameCosts = nullptr;
    }
    workerThread.quit();
    workerThread.wait();
    // FACET_BENCH_SCREENSHOT=file.png: the window after the stream, to see what was measured.
    if (const QString shot = qEnvironmentVariable("FACET_BENCH_SCREENSHOT"); !shot.isEmpty()) {
        QElapsedTimer wait;
        wait.start();
        while (wait.elapsed() < 300)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        if (!window->grabWindow().save(shot))
            std::fprintf(stderr, "%s: cannot write the screenshot\n", qPrintable(shot));
    }

    std::printf("UI streaming benchmark (offscreen, software renderer, %d earlier messages, "
                "reply shape: %s)\n",
                historyMessages, qPrintable(shapeName));
    const int longestFrame = costs.empty() ? 0 : *std::max_element(costs.begin(), costs.end());
    const auto overBudget =
        std::count_if(costs.begin(), costs.end(), [](int ms) { return ms > 16; });
    std::printf(
        "| tokens | rate tok/s | seconds | text updates | longest GUI stall ms | frames "
        "timed | median frame ms | longest frame ms | frames over 16 ms | median interval ms | p95 "
        "interval ms |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    std::printf("| %d | %d | %.2f | %d | %.1f | %zu | %.0f | %d | %td | %.1f | %.1f |\n", tokens,
                kTokensPerSecond, seconds, updates, longestStall, costs.size(),
                percentile(std::vector<double>(costs.begin(), costs.end()), 0.5), longestFrame,
                overBudget, percentile(frames, 0.5), percentile(frames, 0.95));
    std::printf("goal: no stall over 50 ms -> %s\n", longestStall <= 50 ? "met" : "NOT met");
    // Qt's timing is in whole milliseconds, truncated: "16" is 16.0-16.99 ms.
    std::printf("goal: no frame over 16 ms (issue #57) -> %s\n",
                !costs.empty() && overBudget == 0 ? "met" : "NOT met");
    for (const auto& [at, length] : stalls)
        std::printf("stall of %.1f ms at %.0f ms after the stream started\n", length, at - started);
    return 0;
}
