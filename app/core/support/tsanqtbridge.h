#pragma once
// Under ThreadSanitizer only (the tsan preset): tells TSan that a Qt signal and the events Qt
// delivers order what came before them. Debian's Qt is not built with TSan, so the lock that
// guards a thread's posted-event queue (QMutex on a futex, inside libQt6Core) is invisible to
// it, and every value a queued signal or QMetaObject::invokeMethod hands to another thread —
// the worker's job, a reply's text — was reported as a race between our code on both threads.
//
// The model: every signal emission (Qt's signal-spy hook, called in the emitting thread before
// Qt queues anything) and every event delivery (QInternal::EventNotifyCallback, called in the
// receiving thread before the receiver sees the event) releases one process-wide token, and
// every event delivery acquires it first. So what a thread wrote before it emitted or before it
// handled an event happens before what another thread does in a later event. What a thread
// writes after its last emission and reads again with no event in between is still unordered,
// so a real race between a worker and the GUI thread outside Qt's queue is still reported.
// QMetaObject::invokeMethod with a function, QThreadPool::start (both overloads), a QtConcurrent
// task's start, QThreadPool::waitForDone, QThread::quit and QThread::wait are wrapped the same
// way: the program's own definitions, which the linker prefers for its calls, release or
// acquire and call Qt's (tsanqtbridge.cpp). Elsewhere (dev, asan, release) the file compiles to
// nothing.
namespace facet::app {

// Registers the hooks (once; safe to call again). A static initialiser of facet_core calls it,
// so every program linking facet_core — the app and its tests — has them before main.
void installTsanQtBridge();

// First thing in a QRunnable's run(): what the thread that started it did before
// QThreadPool::start happens before the task (QtConcurrent's tasks need not call it).
void tsanAcquireHandOff();

} // namespace facet::app
