#include "core/worker/cancelregistry.h"

namespace facet::app {

std::shared_ptr<Cancellation> CancelRegistry::begin(quint64 id) {
    auto token = std::make_shared<Cancellation>();
    if (beginHook_)
        beginHook_(id);
    const std::lock_guard lock(mutex_);
    if (id <= cancelledUpTo_)
        token->source.request_stop();
    active_[id] = token;
    return token;
}

void CancelRegistry::end(quint64 id) {
    const std::lock_guard lock(mutex_);
    active_.erase(id);
}

void CancelRegistry::cancelUpTo(quint64 id) {
    const std::lock_guard lock(mutex_);
    if (id > cancelledUpTo_)
        cancelledUpTo_ = id;
    for (auto& [requestId, token] : active_)
        if (requestId <= id)
            token->source.request_stop();
}

} // namespace facet::app
