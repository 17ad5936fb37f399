#include "crashtrace.h"

#include <array>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <execinfo.h>
#include <fcntl.h>
#include <unistd.h>

namespace facet::gui {
namespace {

// Everything the handler uses is prepared before: it may only call async-signal-safe functions
// (open, write, close, raise; backtrace once libgcc is loaded, which installCrashTrace does).
std::array<char, 4096> logFile{};
constexpr std::size_t kAltStackBytes = 64 * 1024; // a stack overflow's SIGSEGV needs a stack
std::array<unsigned char, kAltStackBytes> altStack{};
constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kUnderSanitizer = true; // its handlers stay: their reports say more
#else
constexpr bool kUnderSanitizer = false;
#endif

const char* signalName(int sig) {
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV (invalid memory access)";
    case SIGBUS:
        return "SIGBUS (bus error)";
    case SIGFPE:
        return "SIGFPE (arithmetic error)";
    case SIGILL:
        return "SIGILL (illegal instruction)";
    case SIGABRT:
        return "SIGABRT (aborted)";
    default:
        return "a fatal signal";
    }
}

void writeText(int fd, const char* text) {
    std::size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(fd, text, left);
        if (n <= 0)
            return;
        text += n;
        left -= static_cast<std::size_t>(n);
    }
}

// "0x…" of `value` into `out` (at least 19 bytes), without printf.
const char* hex(std::uintptr_t value, char* out) {
    char digits[16];
    int count = 0;
    do {
        digits[count++] = "0123456789abcdef"[value & 0xf];
        value >>= 4;
    } while (value != 0);
    char* p = out;
    *p++ = '0';
    *p++ = 'x';
    while (count > 0)
        *p++ = digits[--count];
    *p = '\0';
    return out;
}

void writeTrace(int fd, int sig, const siginfo_t* info, void* const* frames, int count) {
    char address[24];
    writeText(fd, "facet crashed: ");
    writeText(fd, signalName(sig));
    if (info && sig != SIGABRT) {
        writeText(fd, " at address ");
        writeText(fd, hex(reinterpret_cast<std::uintptr_t>(info->si_addr), address));
    }
    writeText(fd, "; the call stack, innermost first:\n");
    backtrace_symbols_fd(frames, count, fd);
    writeText(fd, "(end of the call stack)\n");
}

extern "C" void onCrash(int sig, siginfo_t* info, void*) {
    std::array<void*, 64> frames{};
    const int count = backtrace(frames.data(), static_cast<int>(frames.size()));
    writeTrace(STDERR_FILENO, sig, info, frames.data(), count);
    if (logFile[0] != '\0') {
        const int fd = ::open(logFile.data(), O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd >= 0) {
            writeTrace(fd, sig, info, frames.data(), count);
            ::close(fd);
        }
    }
    // SA_RESETHAND restored the default action: the signal, raised again, ends the process as
    // it would have (a fault would also come back when the instruction runs again).
    ::raise(sig);
}

} // namespace

void installCrashTrace(const std::string& logPath) {
    if (kUnderSanitizer)
        return;
    if (logPath.size() < logFile.size())
        std::memcpy(logFile.data(), logPath.c_str(), logPath.size() + 1);
    // backtrace() loads libgcc_s on its first call, which is not async-signal-safe: done now.
    std::array<void*, 2> warmUp{};
    (void)backtrace(warmUp.data(), static_cast<int>(warmUp.size()));
    stack_t stack = {};
    stack.ss_sp = altStack.data();
    stack.ss_size = altStack.size();
    ::sigaltstack(&stack, nullptr);
    struct sigaction action = {};
    action.sa_sigaction = onCrash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    for (int sig : kSignals)
        ::sigaction(sig, &action, nullptr);
}

} // namespace facet::gui
