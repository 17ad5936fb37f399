#pragma once
// The engine's one way to spread work over the cores: [0, count) split into contiguous chunks
// run on a process-wide pool of worker threads (the caller runs chunks too). Exceptions from
// chunks are rethrown in the caller. Used by the image resampler and preprocessing and by the
// host's patch embedder (generate/vision_inputs.cpp). The simulator (sim/parallel_for.h) keeps
// threads of its own per call: it is a library that the device layer dlopen()s and dlclose()s,
// and pool threads left waiting inside its code would run unmapped code after dlclose.
//
// Why a pool rather than threads per call: a fresh thread pays for its stack and its scratch
// buffers again with first-touch page faults (22 µs per 4 KiB page on the CI's VM), which cost
// more than small resizes themselves; pool threads keep their thread_local scratch across calls.
#include <algorithm>
#include <functional>
#include <thread>

namespace facet {

inline int hardwareThreads() {
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

// Runs task(0) … task(tasks - 1) on the pool and the calling thread; returns when all are done.
void runOnPool(int tasks, const std::function<void(int)>& task);

template <typename Fn> void parallelFor(int count, int threads, Fn&& fn) {
    const int chunks = std::clamp(threads, 1, std::max(1, count));
    if (chunks == 1) {
        fn(0, count);
        return;
    }
    runOnPool(chunks, [&](int index) {
        const int begin = static_cast<int>(static_cast<long long>(count) * index / chunks);
        const int end = static_cast<int>(static_cast<long long>(count) * (index + 1) / chunks);
        fn(begin, end);
    });
}

} // namespace facet
