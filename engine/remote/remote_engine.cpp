#include "remote/remote_engine.h"

#include "remote/image_data_url.h"
#include "remote/remote_engine_data.h"
#include "remote/server_messages.h"
#include "remote/server_url.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace facet::remote {

namespace {

using Clock = std::chrono::steady_clock;

HttpOptions httpOptions(const ConnectOptions& options) {
    HttpOptions http;
    if (options.apiKey && !options.apiKey->empty())
        http.apiKey = *options.apiKey;
    else if (const char* key = std::getenv("FACET_API_KEY"))
        http.apiKey = key;
    http.connectTimeout = options.connectTimeout;
    http.firstByteTimeout = options.firstByteTimeout;
    return http;
}

// GET apiBase + path, answered with a 2xx; throws ServerError otherwise.
HttpResult getOk(const std::string& apiBase, const std::string& url, const HttpOptions& http,
                 const std::atomic<bool>& stop) {
    const HttpResult r = httpGet(url, http, stop);
    if (r.outcome == HttpResult::Outcome::Cancelled)
        throw ServerError(ErrorKind::Cancelled,
                          "connecting to server " + apiBase + " was cancelled");
    if (auto failed = failure(apiBase, describeRequest("GET", url), r, http.firstByteTimeout))
        throw ServerError(std::move(*failed));
    if (r.outcome != HttpResult::Outcome::Complete)
        throw ServerError("server " + apiBase + " cut the answer to " +
                          describeRequest("GET", url) + ": " + r.transportError);
    return r;
}

std::vector<ServedModel> parseModels(const std::string& apiBase, const std::string& body) {
    const std::string what = "server " + apiBase + " answered GET /models with ";
    const auto json = nlohmann::json::parse(body, nullptr, false);
    if (!json.is_object() || !json.contains("data") || !json["data"].is_array())
        throw ServerError(
            what + "a body that is not what vLLM sends (no \"data\" list): " + serverMessage(body));
    std::vector<ServedModel> models;
    for (const auto& m : json["data"]) {
        if (!m.is_object() || !m.contains("id") || !m["id"].is_string())
            throw ServerError(what + "a model entry without an \"id\"");
        ServedModel served;
        served.id = m["id"].get<std::string>();
        if (const auto len = m.find("max_model_len"); len != m.end() && len->is_number_integer())
            served.maxModelLen = len->get<int>();
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
        throw ServerError(what + "an empty model list: the server serves no model");
    return models;
}

std::string joined(const std::vector<ServedModel>& models) {
    std::string s;
    for (const auto& m : models)
        s += (s.empty() ? "" : ", ") + m.id;
    return s;
}

} // namespace

std::vector<ServedModel> listServedModels(const ConnectOptions& options,
                                          const std::atomic<bool>& stop) {
    const std::string apiBase = apiBaseFromUrl(options.url);
    return parseModels(apiBase,
                       getOk(apiBase, apiBase + "/models", httpOptions(options), stop).body);
}

std::unique_ptr<RemoteEngine> RemoteEngine::connect(const ConnectOptions& options,
                                                    const std::atomic<bool>& stop) {
    auto data = std::make_shared<RemoteEngineData>();
    data->apiBase = apiBaseFromUrl(options.url);
    data->http = httpOptions(options);
    const auto start = Clock::now();
    const HttpResult r = getOk(data->apiBase, data->apiBase + "/models", data->http, stop);
    data->roundTripMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    data->models = parseModels(data->apiBase, r.body);

    ServedModel chosen = data->models.front();
    if (options.servedModel) {
        const auto it =
            std::find_if(data->models.begin(), data->models.end(),
                         [&](const ServedModel& m) { return m.id == *options.servedModel; });
        if (it == data->models.end())
            throw ServerError("server " + data->apiBase + " does not serve model '" +
                              *options.servedModel + "' (it serves: " + joined(data->models) + ")");
        chosen = *it;
    }
    generate::ModelInfo& info = data->info;
    info.name = chosen.id;
    info.detailLevels = options.levels;
    std::sort(info.detailLevels.begin(), info.detailLevels.end());
    info.detailLevels.erase(std::unique(info.detailLevels.begin(), info.detailLevels.end()),
                            info.detailLevels.end());
    info.maxSeqLen = chosen.maxModelLen;
    info.runtimeFile = data->apiBase;
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

const std::vector<ServedModel>& RemoteEngine::servedModels() const {
    return data_->models;
}

double RemoteEngine::connectRoundTripMs() const {
    return data_->roundTripMs;
}

double RemoteEngine::checkHealth(const std::atomic<bool>& stop) const {
    const auto start = Clock::now();
    (void)getOk(data_->apiBase, serverRootFromApiBase(data_->apiBase) + "/health", data_->http,
                stop);
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

int RemoteEngine::maxModelLen() const {
    return data_->info.maxSeqLen;
}

int RemoteEngine::promptBudget(int maxTokens) const {
    return remote::promptBudget(data_->info.maxSeqLen, maxTokens);
}

void checkImageFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw fileError(file, "cannot open the image file");
    std::string head(16, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (imageMimeType(head).empty())
        throw fileError(file, head.empty() ? "the file is empty"
                                           : "not a JPEG, PNG, GIF, WebP or BMP image");
}

} // namespace facet::remote
