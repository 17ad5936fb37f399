#pragma once
// One cancellation token per request (a std::stop_source), so that Stop is never lost. Before, a
// shared flag was reset when a request began: a Stop landing between the begin's read of the
// "cancelled up to" mark and its write of the flag was overwritten. Here both sides take one
// lock: a request either begins already stopped or is stopped afterwards, never neither.
// Thread-safe. The engine polls `flag` (an atomic it reads between device calls).
#include <QtGlobal>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>

namespace facet::app {

struct Cancellation {
    std::stop_source source;
    std::atomic<bool> flag{false};
    std::stop_callback<std::function<void()>> setFlag{source.get_token(), [this] { flag = true; }};
};

class CancelRegistry {
public:
    // The token of request `id` (requests are numbered upwards). Stopped at once when a stop up
    // to `id` already happened (Stop pressed while the request waited in the queue).
    [[nodiscard]] std::shared_ptr<Cancellation> begin(quint64 id);
    void end(quint64 id);
    // Stops every request numbered up to `id`: running ones now, queued ones when they begin.
    void cancelUpTo(quint64 id);
    // For tests: runs inside begin() after the token is made and before it is registered, the
    // moment where a Stop from another thread used to be lost.
    void setBeginHook(std::function<void(quint64 id)> hook) { beginHook_ = std::move(hook); }

private:
    std::function<void(quint64)> beginHook_;
    std::mutex mutex_;
    quint64 cancelledUpTo_ = 0;
    std::map<quint64, std::shared_ptr<Cancellation>> active_;
};

} // namespace facet::app
