#pragma once
// `facet-cli ask --server URL` and `facet-cli compare --server URL`: the same questions and
// the same output as with a local model, answered by a vLLM server (engine/remote). Exit
// codes: 0 ok, 1 server or stream error (the message names the URL and status), 2 bad
// arguments or an unreadable image.
#include <string>
#include <vector>

namespace facet::cli {

// True when the arguments name a server (--server URL or --server=URL).
bool namesServer(const std::vector<std::string>& argv);

int runRemoteAsk(const std::vector<std::string>& argv);
int runRemoteCompare(const std::vector<std::string>& argv);

} // namespace facet::cli
