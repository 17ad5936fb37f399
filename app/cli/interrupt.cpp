#include "interrupt.h"

#include <csignal>

namespace facet::cli {
namespace {

// Lock-free, so setting it is async-signal-safe.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void onInterrupt(int) {
    g_interrupted.store(true);
}

} // namespace

InterruptStops::InterruptStops() {
    g_interrupted.store(false);
    std::signal(SIGINT, onInterrupt);
}

InterruptStops::~InterruptStops() {
    std::signal(SIGINT, SIG_DFL);
}

std::atomic<bool>& InterruptStops::flag() {
    return g_interrupted;
}

} // namespace facet::cli
