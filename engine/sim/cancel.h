#pragma once
// Cancellation of a long simulator graph run. The RBLN C API has no cancel call, so the
// simulator exports facet_sim_set_cancel_flag: the engine points the calling thread at its
// stop flag before rbln_run, and the vision tower (seconds at level 1120 on the CPU) checks it
// between layers and inside each layer's per-patch loops. A cancelled run throws RunCancelled,
// which rbln_run turns into RBLNRetCode_FACET_SIM_CANCELLED. Language-model graphs are not
// interrupted: they are short and write the KV cache, which a half-done run would leave
// inconsistent.
#include "common/error.h"

#include <atomic>

namespace facet::sim {

class RunCancelled : public Error {
public:
    RunCancelled() : Error(ErrorKind::Cancelled, "run cancelled") {}
};

// Per calling thread (the engine of each thread has its own stop flag); null = no flag.
void setCancelFlag(const std::atomic<bool>* flag);
[[nodiscard]] const std::atomic<bool>* cancelFlag();

} // namespace facet::sim
