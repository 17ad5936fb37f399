#include "remote/server_token_count.h"

#include "common/json_text.h"
#include "remote/http_transport.h"
#include "remote/server_url.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace facet::remote {

namespace {

// Gemma 4's image markers as the tokenizer spells them (docs/gemma4-inputs.md §2): the
// processor replaces each "<|image|>" the chat template writes by "<|image>", n soft tokens
// "<|image|>" and "<image|>". Matched by their text, not by id: the ids are the vocabulary's.
constexpr const char* kBoi = "<|image>";
constexpr const char* kSoftToken = "<|image|>";
constexpr const char* kEoi = "<image|>";

// A /tokenize answer lists every token of the prompt: tens of thousands at most for a long
// conversation with large images. Far more is not what vLLM sends.
constexpr std::size_t kMaxAnswerBytes = std::size_t{16} << 20;

struct TooLarge : std::runtime_error {
    TooLarge() : std::runtime_error("too large") {}
};

} // namespace

std::optional<int> serverDefaultImageTokens(const RemoteEngineData& data,
                                            const nlohmann::json& chatBody, int images,
                                            int promptTokens, const std::atomic<bool>& stop) {
    if (images <= 0 || promptTokens <= 0 || stop.load())
        return std::nullopt;
    // vLLM's TokenizeChatRequest: the chat request's messages and template switches, rendered
    // and tokenized as /v1/chat/completions does, images processed by the same renderer at the
    // same (default) level; return_token_strs lists each token's text. POST /tokenize sits at
    // the server root, not under /v1 (vllm-project/vllm, vllm/entrypoints/serve/tokenize/
    // api_router.py @045d7575, serving.py @cf34c18c).
    nlohmann::json body = {{"model", chatBody.value("model", std::string())},
                           {"messages", chatBody.at("messages")},
                           {"add_generation_prompt", true},
                           {"return_token_strs", true}};
    if (chatBody.contains("chat_template_kwargs"))
        body["chat_template_kwargs"] = chatBody.at("chat_template_kwargs");

    HttpOptions http = data.http;
    // A count, not a reply: it must not hold the finished reply back for long.
    http.firstByteTimeout = std::min(http.firstByteTimeout, std::chrono::milliseconds{30'000});
    http.deadline = http.connectTimeout + http.firstByteTimeout;
    std::string answer;
    HttpResult result;
    try {
        result = httpPostStream(
            serverRootFromApiBase(data.apiBase) + "/tokenize", body.dump(), http,
            [&](std::string_view bytes) {
                if (answer.size() + bytes.size() > kMaxAnswerBytes)
                    throw TooLarge();
                answer.append(bytes);
            },
            stop);
    } catch (const std::exception&) { // too large: no count
        return std::nullopt;
    }
    // A server without the endpoint (404), or one that refused it: the reply has no count.
    if (result.outcome != HttpResult::Outcome::Complete || result.status < 200 ||
        result.status >= 300)
        return std::nullopt;
    const std::optional<nlohmann::json> json = tryParseJson(answer);
    if (!json || !json->is_object() || !json->contains("count") ||
        !json->at("count").is_number_integer() || !json->contains("token_strs") ||
        !json->at("token_strs").is_array())
        return std::nullopt;
    const nlohmann::json& strs = json->at("token_strs");
    const long long count = json->at("count").get<long long>();
    if (count < 0 || static_cast<std::size_t>(count) != strs.size())
        return std::nullopt;
    long long soft = 0, boi = 0, eoi = 0;
    for (const nlohmann::json& s : strs) {
        if (!s.is_string())
            return std::nullopt;
        const std::string& t = s.get_ref<const std::string&>();
        soft += t == kSoftToken;
        boi += t == kBoi;
        eoi += t == kEoi;
    }
    // Current vLLM's renderer expands the images (serving.py above: "fully processes multimodal
    // inputs"): per image boi, n soft tokens, eoi. An older /tokenize rendered the template
    // without the images' tokens and had no token_strs; anything else is not read.
    if (boi != images || eoi != images)
        return std::nullopt;
    const long long text = count - soft - boi - eoi;
    const long long implied = promptTokens - text - 2LL * images;
    if (implied < 0 || implied > promptTokens)
        return std::nullopt;
    return static_cast<int>(implied);
}

} // namespace facet::remote
