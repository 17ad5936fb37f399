#include "remote_requests.h"

#include <utility>

namespace remotetest {

using namespace facet::generate;
using namespace facet::remote;

ConnectOptions options(const std::string& url) {
    ConnectOptions o;
    o.url = url;
    return o;
}

std::unique_ptr<RemoteEngine> connectTo(const std::string& scenario,
                                        std::chrono::milliseconds firstByte,
                                        std::optional<std::string> key) {
    ConnectOptions o = options(base(scenario));
    o.firstByteTimeout = firstByte;
    o.apiKey = std::move(key);
    return RemoteEngine::connect(o, kNoStop);
}

Request photoQuestion(int level) {
    Request r;
    r.sampling.seed = 1234;
    r.sampling.maxNewTokens = 64;
    r.newUserTurn = {{UserPart::Kind::Image, {}, {testImage("photo.jpg"), level}},
                     {UserPart::Kind::Text, "What is in the picture?", {}}};
    return r;
}

Recorder ask(const std::string& scenario, const Request& request) {
    Recorder rec;
    connectTo(scenario)->createSession()->generate(request, rec, kNoStop);
    return rec;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace remotetest
