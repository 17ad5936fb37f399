#pragma once
// Splits [0, count) into contiguous chunks run on up to `threads` std::threads (the caller's
// thread takes the first chunk). Exceptions from workers are rethrown in the caller.
#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace facet::image::detail {

inline int hardwareThreads() {
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

template <typename Fn> void parallelFor(int count, int threads, Fn&& fn) {
    threads = std::clamp(threads, 1, std::max(1, count));
    if (threads == 1) {
        fn(0, count);
        return;
    }
    std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
    std::vector<std::thread> workers;
    auto runChunk = [&](int index) {
        const int begin = static_cast<int>(static_cast<long long>(count) * index / threads);
        const int end = static_cast<int>(static_cast<long long>(count) * (index + 1) / threads);
        try {
            fn(begin, end);
        } catch (...) {
            errors[static_cast<size_t>(index)] = std::current_exception();
        }
    };
    for (int i = 1; i < threads; ++i)
        workers.emplace_back(runChunk, i);
    runChunk(0);
    for (auto& w : workers)
        w.join();
    for (auto& e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace facet::image::detail
