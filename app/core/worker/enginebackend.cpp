#include "core/worker/enginebackend.h"

#include "common/error.h"

namespace facet::app {

void EngineBackend::compare(const std::string&, const generate::CompareRequest&,
                            generate::CompareSink&, const std::atomic<bool>&) {
    throw Error("this engine cannot compare detail levels");
}

} // namespace facet::app
