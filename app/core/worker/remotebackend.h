#pragma once
// The engine behind the worker when the app may also use a vLLM server: a local backend (the
// compiled model, or the scripted one in tests) plus, while connected, a remote::RemoteEngine.
// Exactly one of them answers requests. Connecting unloads the local model only once the
// server has answered; loading a local model drops the server only once the model is in — a
// failed switch keeps what was in use. Conversations live above the worker, so a switch never
// touches them; the server keeps no state, so each request opens its own remote session.
#include "core/worker/enginebackend.h"

#include <memory>

namespace facet::app {

[[nodiscard]] std::unique_ptr<EngineBackend> withServers(std::unique_ptr<EngineBackend> local);

} // namespace facet::app
