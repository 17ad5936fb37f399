#pragma once
// Ctrl+C during a command that runs the model (ask, compare, smoke-test, and their --server
// forms) stops it between device calls: the reply so far is kept and reported, and the process
// exits as usual instead of being killed mid-write. One flag for the whole process; a command
// holds an InterruptStops while the work runs.
#include <atomic>

namespace facet::cli {

class InterruptStops {
public:
    // Installs the SIGINT handler that sets flag().
    InterruptStops();
    // Gives SIGINT back its default action (a second Ctrl+C after the work ends kills).
    ~InterruptStops();
    InterruptStops(const InterruptStops&) = delete;
    InterruptStops& operator=(const InterruptStops&) = delete;

    // The stop flag the engine polls between device calls.
    [[nodiscard]] std::atomic<bool>& flag();
};

} // namespace facet::cli
