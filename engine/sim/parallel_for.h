#pragma once
// Splits [0, n) into contiguous ranges run on up to hardware_concurrency() threads (at most 8).
// Each index is processed exactly once by the same code, so results do not depend on the
// thread count. Used by the vision tower, whose bidirectional attention over up to 10,080
// patches would otherwise take seconds on one core.
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace facet::sim {

template <class Fn> void parallelFor(size_t n, Fn&& fn) {
    const size_t threads = std::min<size_t>(
        {std::max(1u, std::thread::hardware_concurrency()), size_t{8}, n / 64 + 1});
    if (threads <= 1) {
        for (size_t i = 0; i < n; ++i)
            fn(i);
        return;
    }
    std::vector<std::jthread> workers;
    const size_t per = (n + threads - 1) / threads;
    for (size_t t = 0; t < threads; ++t) {
        const size_t begin = t * per, end = std::min(n, begin + per);
        if (begin >= end)
            break;
        workers.emplace_back([&fn, begin, end] {
            for (size_t i = begin; i < end; ++i)
                fn(i);
        });
    }
}

} // namespace facet::sim
