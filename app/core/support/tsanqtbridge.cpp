#include "core/support/tsanqtbridge.h"

#if defined(__SANITIZE_THREAD__)
#include <QFutureInterfaceBase>
#include <QObject>
#include <QRunnable>
#include <QThread>
#include <QThreadPool>
#include <QtCore/qatomic.h>
#include <QtGlobal>

#include <dlfcn.h>
#include <functional>
#include <sanitizer/tsan_interface.h>

// Qt 6.4's src/corelib/kernel/qobject_p_p.h (exported from libQt6Core as Qt_6, declared only in
// a private header, which Debian ships in another package): the hooks QMetaObject::activate
// calls in the emitting thread before it calls or queues any slot. Qt Test's QSignalDumper
// (-vs) uses the same.
struct QSignalSpyCallbackSet {
    using BeginCallback = void (*)(QObject* caller, int signal_or_method_index, void** argv);
    using EndCallback = void (*)(QObject* caller, int signal_or_method_index);
    BeginCallback signal_begin_callback, slot_begin_callback;
    EndCallback signal_end_callback, slot_end_callback;
};
void Q_CORE_EXPORT qt_register_signal_spy_callbacks(QSignalSpyCallbackSet* callback_set);
extern Q_CORE_EXPORT QBasicAtomicPointer<QSignalSpyCallbackSet> qt_signal_spy_callback_set;

namespace facet::app {
namespace {

char tsanBridgeToken; // only its address matters: TSan's sync object

void tsanBridgeSignalBegin(QObject*, int, void**) {
    __tsan_release(&tsanBridgeToken);
}

// Again once Qt queued the signal: it copies the arguments for a queued slot (our types' copy
// constructors) after the begin hook; a receiver that runs before this release can still be
// reported, in a window of microseconds.
void tsanBridgeSignalEnd(QObject*, int) {
    __tsan_release(&tsanBridgeToken);
}

QSignalSpyCallbackSet tsanBridgeSpySet{tsanBridgeSignalBegin, nullptr, tsanBridgeSignalEnd,
                                       nullptr};

bool tsanBridgeBeforeEvent(void**) {
    __tsan_acquire(&tsanBridgeToken);
    __tsan_release(&tsanBridgeToken);
    // Qt Test's QSignalDumper sets the hooks to its own or to none around each test function
    // when asked for -vs; take them back.
    if (!qt_signal_spy_callback_set.loadRelaxed())
        qt_register_signal_spy_callbacks(&tsanBridgeSpySet);
    return false; // the event goes on to its receiver as usual
}

bool tsanBridgeInstalled = false;

} // namespace

void tsanBridgeRelease() {
    __tsan_release(&tsanBridgeToken);
}

void tsanAcquireHandOff() {
    __tsan_acquire(&tsanBridgeToken);
}

// Qt's own definition of a function this file interposes (RTLD_NEXT: the next object after the
// program, libQt6Core); a missing one ends the instrumented program at once, never silently.
void* tsanBridgeQtFunction(const char* mangled) {
    void* f = dlsym(RTLD_NEXT, mangled);
    if (!f)
        qFatal("tsanqtbridge: %s not found in libQt6Core", mangled);
    return f;
}

void installTsanQtBridge() {
    if (tsanBridgeInstalled)
        return;
    tsanBridgeInstalled = true;
    qt_register_signal_spy_callbacks(&tsanBridgeSpySet);
    QInternal::registerCallback(QInternal::EventNotifyCallback, tsanBridgeBeforeEvent);
}

} // namespace facet::app

// QMetaObject::invokeMethod with a function (qobjectdefs.h, inline in our code) posts through
// this exported function with no signal, so the spy hook never sees it: under TSan our
// definition (preferred by the linker over libQt6Core's for every call from this program)
// releases the token, then calls Qt's own, found with RTLD_NEXT.
bool QMetaObject::invokeMethodImpl(QObject* object, QtPrivate::QSlotObjectBase* slot,
                                   Qt::ConnectionType type, void* ret) {
    using Impl = bool (*)(QObject*, QtPrivate::QSlotObjectBase*, Qt::ConnectionType, void*);
    static const auto qtImpl = reinterpret_cast<Impl>(facet::app::tsanBridgeQtFunction(
        "_ZN11QMetaObject16invokeMethodImplEP7QObjectPN9QtPrivate15QSlotObjectBaseEN2Qt14"
        "ConnectionTypeEPv"));
    facet::app::tsanBridgeRelease();
    return qtImpl(object, slot, type, ret);
}

// A task handed to a thread pool (QtConcurrent::run, the image provider's decoding jobs) goes
// through QThreadPool's queue, guarded inside libQt6Core: start() releases the token, and the
// task acquires it when it begins — QtConcurrent's RunFunctionTask::run asks isCanceled() first
// (qtconcurrentrunbase.h), a plain QRunnable calls tsanAcquireHandOff().
void QThreadPool::start(QRunnable* runnable, int priority) {
    using Start = void (*)(QThreadPool*, QRunnable*, int);
    static const auto qtStart = reinterpret_cast<Start>(
        facet::app::tsanBridgeQtFunction("_ZN11QThreadPool5startEP9QRunnablei"));
    facet::app::tsanBridgeRelease();
    qtStart(this, runnable, priority);
}

// The overload that takes a function (the sweep's one-thread pool): the function is wrapped so
// that it acquires the token before it runs on the pool thread.
void QThreadPool::start(std::function<void()> functionToRun, int priority) {
    using Start = void (*)(QThreadPool*, std::function<void()>, int);
    static const auto qtStart = reinterpret_cast<Start>(
        facet::app::tsanBridgeQtFunction("_ZN11QThreadPool5startESt8functionIFvvEEi"));
    // Wrapped before the release: the wrapper's own storage is read on the pool thread.
    std::function<void()> wrapped = [run = std::move(functionToRun)] {
        facet::app::tsanAcquireHandOff();
        run();
    };
    facet::app::tsanBridgeRelease();
    qtStart(this, std::move(wrapped), priority);
}

// Waiting for a pool's tasks (SweepSession's destructor): what they did, the events they posted
// back included, happens before what the waiting thread does next.
bool QThreadPool::waitForDone(int msecs) {
    using WaitForDone = bool (*)(QThreadPool*, int);
    static const auto qtWaitForDone = reinterpret_cast<WaitForDone>(
        facet::app::tsanBridgeQtFunction("_ZN11QThreadPool11waitForDoneEi"));
    const bool done = qtWaitForDone(this, msecs);
    facet::app::tsanAcquireHandOff();
    return done;
}

// Ending a worker thread (EngineClient::shutdown: requestStop, quit, wait): quit() releases, so
// the worker's objects, deleted in that thread once its loop ended (deleteLater on finished),
// are ordered after what the caller did; wait() acquires what the thread did before it ended.
void QThread::quit() {
    using Quit = void (*)(QThread*);
    static const auto qtQuit =
        reinterpret_cast<Quit>(facet::app::tsanBridgeQtFunction("_ZN7QThread4quitEv"));
    facet::app::tsanBridgeRelease();
    qtQuit(this);
}

bool QThread::wait(QDeadlineTimer deadline) {
    using Wait = bool (*)(QThread*, QDeadlineTimer);
    static const auto qtWait = reinterpret_cast<Wait>(
        facet::app::tsanBridgeQtFunction("_ZN7QThread4waitE14QDeadlineTimer"));
    const bool ended = qtWait(this, deadline);
    facet::app::tsanAcquireHandOff();
    return ended;
}

bool QFutureInterfaceBase::isCanceled() const {
    using IsCanceled = bool (*)(const QFutureInterfaceBase*);
    static const auto qtIsCanceled = reinterpret_cast<IsCanceled>(
        facet::app::tsanBridgeQtFunction("_ZNK20QFutureInterfaceBase10isCanceledEv"));
    facet::app::tsanAcquireHandOff();
    return qtIsCanceled(this);
}

// Every program linking facet_core (the app and its tests) gets the hooks before main;
// cmake (app/core/CMakeLists.txt) keeps this object in the link under TSan.
extern "C" {
int facet_tsan_qt_bridge_anchor = [] {
    facet::app::installTsanQtBridge();
    return 1;
}();
}
#else
void facet::app::installTsanQtBridge() {}
void facet::app::tsanAcquireHandOff() {}
#endif
