#include "generate/repetition_guard.h"

#include <algorithm>

namespace facet::generate {

bool RepetitionGuard::push(std::int32_t id) {
    ids_.push_back(id);
    const int n = static_cast<int>(ids_.size());
    bool looping = false;
    for (int p = 1; p <= kMaxPeriod; ++p) {
        if (n <= p) {
            run_[static_cast<std::size_t>(p)] = 0;
            continue;
        }
        int& run = run_[static_cast<std::size_t>(p)];
        run = ids_[static_cast<std::size_t>(n - 1)] == ids_[static_cast<std::size_t>(n - 1 - p)]
                  ? run + 1
                  : 0;
        // The periodic tail is the run plus the first copy of the n-gram it repeats.
        const int span = run + p;
        if (!looping && span >= std::max(kMinSpan, kMinRepeats * p)) {
            looping = true;
            period_ = p;
        }
    }
    return looping;
}

} // namespace facet::generate
