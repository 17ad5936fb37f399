#pragma once
// What the app leaves behind when it crashes: on SIGSEGV, SIGBUS, SIGFPE, SIGILL or SIGABRT it
// writes "facet crashed: SIGNAL …" and the call stack to stderr and appends the same to the log
// file, then dies of the same signal (the exit status and any core file are as without it).
// Why: a rare crash (issue #56 item 10: 1 run in 9–15 of the walkthrough) left nothing but "exit
// 139"; the stack in the log is what a user can attach to a bug report. Frames in the facet
// executable are printed as facet(+OFFSET): `addr2line -Cfe facet OFFSET` names them
// (CONTRIBUTING.md). Not installed under ASan or TSan, whose own reports say more.
#include <string>

namespace facet::gui {

// `logPath`: the log file to append the trace to (empty: stderr only). Call once, early.
void installCrashTrace(const std::string& logPath);

} // namespace facet::gui
