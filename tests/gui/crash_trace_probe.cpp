// Dies the way a crash of the app does, with the app's crash trace installed (app/gui/
// crashtrace.cpp) unless "--without-trace": test_crash_trace.py reads what it leaves behind.
// usage: crash_trace_probe segv|abort|fpe LOG_FILE [--without-trace]
#include "crashtrace.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/mman.h>

namespace {

// Not inlined: the stack shows the probe's own frames under the handler's.
[[gnu::noinline]] void crashBy(const std::string& how) {
    if (how == "segv") {
        // A real fault: a write to a page that allows no access (a null write the compiler
        // may drop as undefined behaviour).
        void* page = ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        *static_cast<volatile int*>(page) = 1;
    } else if (how == "abort") {
        std::abort();
    } else if (how == "fpe") {
        std::raise(SIGFPE);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3)
        return 2;
    if (argc < 4 || std::strcmp(argv[3], "--without-trace") != 0)
        facet::gui::installCrashTrace(argv[2]);
    crashBy(argv[1]);
    return 0; // not reached for a known `how`
}
