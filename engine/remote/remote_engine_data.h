#pragma once
// What a connected RemoteEngine knows, shared read-only by its sessions (and kept alive by
// them, so a session may outlive the engine object on the worker thread).
#include "generate/engine.h"
#include "remote/http_transport.h"
#include "remote/remote_engine.h"

#include <string>
#include <vector>

namespace facet::remote {

struct RemoteEngineData {
    std::string apiBase;
    HttpOptions http;
    std::vector<ServedModel> models;
    generate::ModelInfo info;
    double roundTripMs = 0;
};

} // namespace facet::remote
