#pragma once
// SIGTERM, SIGINT and SIGHUP (a session logging out, `kill PID`, Ctrl+C in a terminal) quit the
// app the normal way: aboutToQuit runs, a reply being written is saved, and the exit status is
// 0. The handler only writes a byte to a pipe; a QSocketNotifier on the GUI thread does the rest.
class QObject;

namespace facet::gui {

// Call once, after the QGuiApplication exists. Returns false when the pipe cannot be made
// (the signals then end the app as by default).
bool quitOnTerminationSignals(QObject* parent);

} // namespace facet::gui
