#include "remote/remote_engine.h"

#include "remote/image_data_url.h"
#include "remote/remote_engine_data.h"
#include "remote/server_messages.h"
#include "remote/server_url.h"

#include "common/json_text.h"
#include "common/regular_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>

namespace facet::remote {

namespace {

using Clock = std::chrono::steady_clock;

// What messages about one server need: its base as shown, and the secrets to keep out.
struct Shown {
    std::string base;
    SecretRedactor redact;
};

Shown shownFor(const std::string& apiBase, const HttpOptions& http) {
    return {redactUrl(apiBase), SecretRedactor(apiBase, http.apiKey)};
}

[[noreturn]] void fail(const Shown& shown, ErrorInfo info) {
    throw ServerError(redacted(std::move(info), shown.redact));
}
[[noreturn]] void fail(const Shown& shown, std::string message) {
    fail(shown, errorInfo(ErrorKind::Server, std::move(message)));
}

// GET apiBase + path, answered with a 2xx; throws ServerError otherwise.
HttpResult getOk(const std::string& url, const HttpOptions& http, const Shown& shown,
                 const std::atomic<bool>& stop) {
    const HttpResult r = httpGet(url, http, stop);
    if (r.outcome == HttpResult::Outcome::Cancelled)
        throw ServerError(ErrorKind::Cancelled,
                          "connecting to server " + shown.base + " was cancelled");
    if (auto failed = failure(shown.base, describeRequest("GET", url), r, http))
        fail(shown, std::move(*failed));
    if (r.outcome != HttpResult::Outcome::Complete)
        fail(shown, "server " + shown.base + " cut the answer to " + describeRequest("GET", url) +
                        ": " + r.transportError);
    return r;
}

// max_model_len when it is a positive whole number (64-bit), else 0: not said.
std::int64_t modelLength(const nlohmann::json& model) {
    const auto len = model.find("max_model_len");
    if (len == model.end())
        return 0;
    if (len->is_number_unsigned()) {
        const auto value = len->get<std::uint64_t>();
        return value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
                   ? static_cast<std::int64_t>(value)
                   : 0;
    }
    return 0; // negative, fractional, a string: not a length
}

std::vector<ServedModel> parseModels(const Shown& shown, const std::string& body) {
    const std::string what = "server " + shown.base + " answered GET /models with ";
    std::string problem;
    const auto parsed = tryParseJson(body, &problem);
    if (!parsed)
        fail(shown, what + "a body that is not what vLLM sends (" + problem.substr(0, 200) +
                        "): " + serverMessage(body));
    const nlohmann::json& json = *parsed;
    if (!json.is_object() || !json.contains("data") || !json.at("data").is_array())
        fail(shown, what + "a body that is not what vLLM sends (no \"data\" list): " +
                        serverMessage(body));
    std::vector<ServedModel> models;
    for (const auto& m : json.at("data")) {
        if (!m.is_object() || !m.contains("id") || !m.at("id").is_string())
            fail(shown, what + "a model entry without an \"id\"");
        ServedModel served;
        served.id = m.at("id").get<std::string>();
        served.maxModelLen = modelLength(m);
        const auto text = [&](const char* key) {
            const auto it = m.find(key);
            return it != m.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        served.ownedBy = text("owned_by");
        served.root = text("root");
        served.parent = text("parent");
        models.push_back(std::move(served));
    }
    if (models.empty())
        fail(shown, what + "an empty model list: the server serves no model");
    return models;
}

std::string joined(const std::vector<ServedModel>& models) {
    std::string s;
    for (const auto& m : models)
        s += (s.empty() ? "" : ", ") + m.id;
    return textExcerpt(s, kMaxQuotedServerText);
}

} // namespace

std::vector<ServedModel> listServedModels(const ConnectOptions& options,
                                          const std::atomic<bool>& stop) {
    const std::string apiBase = apiBaseFromUrl(options.url);
    const HttpOptions http = httpOptionsFor(options);
    const Shown shown = shownFor(apiBase, http);
    return parseModels(shown, getOk(apiBase + "/models", http, shown, stop).body);
}

std::unique_ptr<RemoteEngine> RemoteEngine::connect(const ConnectOptions& options,
                                                    const std::atomic<bool>& stop) {
    auto data = std::make_shared<RemoteEngineData>();
    data->apiBase = apiBaseFromUrl(options.url);
    data->http = httpOptionsFor(options);
    const Shown shown = shownFor(data->apiBase, data->http);
    data->shownBase = shown.base;
    data->redact = shown.redact;
    data->requestDeadline = options.requestDeadline;
    const auto start = Clock::now();
    const HttpResult r = getOk(data->apiBase + "/models", data->http, shown, stop);
    data->roundTripMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    data->models = parseModels(shown, r.body);

    ServedModel chosen = data->models.front();
    if (options.servedModel) {
        const auto it =
            std::find_if(data->models.begin(), data->models.end(),
                         [&](const ServedModel& m) { return m.id == *options.servedModel; });
        if (it == data->models.end())
            fail(shown, "server " + shown.base + " does not serve model '" +
                            textExcerpt(*options.servedModel, kMaxQuotedServerText) +
                            "' (it serves: " + joined(data->models) + ")");
        chosen = *it;
    }
    generate::ModelInfo& info = data->info;
    info.name = chosen.id;
    data->maxModelLen = chosen.maxModelLen;
    info.detailLevels = options.levels;
    std::sort(info.detailLevels.begin(), info.detailLevels.end());
    info.detailLevels.erase(std::unique(info.detailLevels.begin(), info.detailLevels.end()),
                            info.detailLevels.end());
    // ModelInfo's int, shared with the local engine: a claim past INT_MAX is INT_MAX there
    // (no context of two billion tokens exists); maxModelLen() keeps the whole value.
    info.maxSeqLen = static_cast<int>(
        std::min<std::int64_t>(chosen.maxModelLen, std::numeric_limits<int>::max()));
    info.runtimeFile = shown.base;
    info.runtimeVersion = "OpenAI-compatible server (vLLM)";
    return std::unique_ptr<RemoteEngine>(new RemoteEngine(std::move(data)));
}

RemoteEngine::RemoteEngine(std::shared_ptr<const RemoteEngineData> data) : data_(std::move(data)) {}
RemoteEngine::~RemoteEngine() = default;

const generate::ModelInfo& RemoteEngine::info() const {
    return data_->info;
}

generate::SamplingSettings RemoteEngine::defaultSampling() const {
    return generate::SamplingSettings{}; // do_sample, temperature 1.0, top_k 64, top_p 0.95
}

std::unique_ptr<RemoteSession> RemoteEngine::createSession() {
    return std::unique_ptr<RemoteSession>(new RemoteSession(data_));
}

const std::string& RemoteEngine::apiBase() const {
    return data_->apiBase;
}

const std::string& RemoteEngine::displayBase() const {
    return data_->shownBase;
}

const std::vector<ServedModel>& RemoteEngine::servedModels() const {
    return data_->models;
}

double RemoteEngine::connectRoundTripMs() const {
    return data_->roundTripMs;
}

double RemoteEngine::checkHealth(const std::atomic<bool>& stop) const {
    const auto start = Clock::now();
    (void)getOk(serverRootFromApiBase(data_->apiBase) + "/health", data_->http,
                {data_->shownBase, data_->redact}, stop);
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

HealthCheck RemoteEngine::health(const std::atomic<bool>& stop) const {
    ConnectOptions options;
    options.url = data_->apiBase;
    options.apiKey = data_->http.apiKey;
    options.connectTimeout = data_->http.connectTimeout;
    return checkServerHealth(options, stop);
}

ServerIdentity RemoteEngine::identity(const std::atomic<bool>& stop) const {
    ConnectOptions options;
    options.url = data_->apiBase;
    options.apiKey = data_->http.apiKey;
    options.connectTimeout = data_->http.connectTimeout;
    return queryServerIdentity(options, stop);
}

std::int64_t RemoteEngine::maxModelLen() const {
    return data_->maxModelLen;
}

std::int64_t RemoteEngine::promptBudget(int maxTokens) const {
    return remote::promptBudget(data_->maxModelLen, maxTokens);
}

void checkImageFile(const std::filesystem::path& file) {
    // RegularFile: a FIFO or a device named as the image must fail here, not block the open.
    const RegularFile in(file, kMaxImageFileBytes, "an image");
    std::string head(16, '\0');
    head.resize(in.readSome(0, head.data(), head.size()));
    if (imageMimeType(head).empty())
        throw fileError(file, head.empty() ? "the file is empty"
                                           : "not a JPEG, PNG, GIF, WebP or BMP image");
}

HttpOptions httpOptionsFor(const ConnectOptions& options) {
    HttpOptions http;
    if (options.apiKey && !options.apiKey->empty())
        http.apiKey = *options.apiKey;
    else if (const char* key = std::getenv("FACET_API_KEY"))
        http.apiKey = key;
    http.connectTimeout = options.connectTimeout;
    http.firstByteTimeout = options.firstByteTimeout;
    return http;
}

} // namespace facet::remote
