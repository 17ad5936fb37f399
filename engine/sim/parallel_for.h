#pragma once
// Splits [0, n) into contiguous ranges run on up to hardware_concurrency() threads (at most 8).
// Each index is processed exactly once by the same code, so results do not depend on the
// thread count. Used by the vision tower (bidirectional attention over up to 10,080 patches),
// the prefill chunks' rows and the output projection's 262,144 rows.
// An exception thrown for some index stops that thread's range and is rethrown to the caller
// once every thread has finished (the first one caught, by thread order).
// Threads of its own per call, not the engine's pool (common/parallel.h): this code runs inside
// libfacet_rblnsim.so, which the device layer dlopen()s and dlclose()s; pool threads parked in
// it would run unmapped code after a dlclose.
#include <algorithm>
#include <cstddef>
#include <exception>
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
    const size_t per = (n + threads - 1) / threads;
    std::vector<std::exception_ptr> errors(threads);
    {
        std::vector<std::jthread> workers;
        for (size_t t = 0; t < threads; ++t) {
            const size_t begin = t * per, end = std::min(n, begin + per);
            if (begin >= end)
                break;
            workers.emplace_back([&fn, &errors, t, begin, end] {
                try {
                    for (size_t i = begin; i < end; ++i)
                        fn(i);
                } catch (...) {
                    errors[t] = std::current_exception();
                }
            });
        }
    } // joins
    for (const auto& error : errors)
        if (error)
            std::rethrow_exception(error);
}

} // namespace facet::sim
