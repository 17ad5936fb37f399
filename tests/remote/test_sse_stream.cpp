// The stream parsers without a network: SSE events and vLLM chunks fed in pieces cut at every
// byte boundary (inside "data:", inside UTF-8 characters, between CR and LF) give the same
// events and text as the whole body; comments, CRLF, multi-line data, [DONE]; bodies that are
// not vLLM's; the URL rules and the data URL encoding.
#include "common/error.h"
#include "remote/chat_stream.h"
#include "remote/image_data_url.h"
#include "remote/server_messages.h"
#include "remote/server_url.h"
#include "remote/sse_parser.h"

#include <QTest>

#include <random>

using namespace facet::remote;

namespace {

std::vector<SseEvent> parseInPieces(std::string_view body, const std::vector<std::size_t>& cuts,
                                    bool* complete = nullptr) {
    std::vector<SseEvent> events;
    SseParser parser([&](const SseEvent& e) { events.push_back(e); });
    std::size_t at = 0;
    for (std::size_t cut : cuts) {
        parser.feed(body.substr(at, cut - at));
        at = cut;
    }
    parser.feed(body.substr(at));
    const bool partial = parser.finish();
    if (complete)
        *complete = !partial;
    return events;
}

struct StreamResult {
    std::string content, reasoning, raw;
    std::optional<std::string> finish;
    std::optional<StreamUsage> usage;
    bool done = false;
    int chunks = 0;
};

StreamResult streamInPieces(std::string_view body, const std::vector<std::size_t>& cuts) {
    StreamResult r;
    ChatStream stream([&](std::string_view c, std::string_view t) {
        r.content += c;
        r.reasoning += t;
    });
    std::size_t at = 0;
    for (std::size_t cut : cuts) {
        stream.feed(body.substr(at, cut - at));
        at = cut;
    }
    stream.feed(body.substr(at));
    stream.finish();
    r.raw = stream.rawReply();
    r.finish = stream.finishReason();
    r.usage = stream.usage();
    r.done = stream.done();
    r.chunks = stream.textChunks();
    return r;
}

std::string chunk(const std::string& deltaJson, const char* finish = "null") {
    return "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
           "\"delta\":" +
           deltaJson + ",\"finish_reason\":" + finish + "}]}\n\n";
}

const std::string kUsage = "data: {\"id\":\"c\",\"choices\":[],\"usage\":{\"prompt_tokens\":291,"
                           "\"completion_tokens\":4,\"total_tokens\":295}}\n\n";

std::string toCrlf(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '\n')
            out += '\r';
        out += c;
    }
    return out;
}

} // namespace

class TestSseStream : public QObject {
    Q_OBJECT
private slots:
    void sseEventsWholeAndEveryCut() {
        const std::string body = ": keep-alive\n\ndata: one\n\nevent: note\ndata: two\ndata: "
                                 "lines\nid: 7\n\ndata:no-space\n\nretry: 10\ndata: [DONE]\n\n";
        const auto whole = parseInPieces(body, {});
        QCOMPARE(whole.size(), std::size_t(4));
        QCOMPARE(whole[0].data, std::string("one"));
        QCOMPARE(whole[1].event, std::string("note"));
        QCOMPARE(whole[1].data, std::string("two\nlines"));
        QCOMPARE(whole[1].id, std::string("7"));
        QCOMPARE(whole[2].data, std::string("no-space"));
        QCOMPARE(whole[3].data, std::string("[DONE]"));
        for (const std::string& variant : {body, toCrlf(body)}) {
            for (std::size_t cut = 0; cut <= variant.size(); ++cut) {
                const auto events = parseInPieces(variant, {cut});
                QCOMPARE(events.size(), whole.size());
                for (std::size_t i = 0; i < events.size(); ++i) {
                    QCOMPARE(events[i].data, whole[i].data);
                    QCOMPARE(events[i].event, whole[i].event);
                }
            }
        }
    }

    void sseCarriageReturnsAndBom() {
        const auto events = parseInPieces("\xEF\xBB\xBF"
                                          "data: a\r\rdata: b\r\n\r\n",
                                          {4, 9, 10});
        QCOMPARE(events.size(), std::size_t(2));
        QCOMPARE(events[0].data, std::string("a"));
        QCOMPARE(events[1].data, std::string("b"));
    }

    void sseUnfinishedEventIsDropped() {
        bool complete = true;
        const auto events = parseInPieces("data: whole\n\ndata: {\"choices\":[", {}, &complete);
        QCOMPARE(events.size(), std::size_t(1));
        QVERIFY(!complete);
        parseInPieces("data: whole\n\n", {}, &complete);
        QVERIFY(complete);
    }

    void chatStreamSameTextAtEveryCut() {
        // Multi-byte characters (ö, ✓, 🟥) are cut inside by the single cuts below.
        const std::string body = chunk("{\"role\":\"assistant\",\"content\":\"\"}") +
                                 chunk("{\"content\":\"Gr\\u00f6\u00dfe \"}") +
                                 chunk("{\"content\":\"✓ 🟥\"}") + chunk("{}", "\"stop\"") +
                                 kUsage + "data: [DONE]\n\n";
        const StreamResult whole = streamInPieces(body, {});
        QCOMPARE(whole.content, std::string("Größe ✓ 🟥"));
        QCOMPARE(whole.finish.value_or(""), std::string("stop"));
        QVERIFY(whole.done);
        QCOMPARE(whole.usage->promptTokens, 291);
        QCOMPARE(whole.usage->completionTokens, 4);
        QCOMPARE(whole.chunks, 2);
        for (std::size_t cut = 0; cut <= body.size(); ++cut) {
            const StreamResult r = streamInPieces(body, {cut});
            QCOMPARE(r.content, whole.content);
            QVERIFY(r.done);
        }
        std::mt19937 rng(11);
        for (int round = 0; round < 200; ++round) {
            std::vector<std::size_t> cuts;
            for (std::size_t at = 0; at < body.size();) {
                at += std::uniform_int_distribution<std::size_t>(1, 5)(rng);
                cuts.push_back(std::min(at, body.size()));
            }
            const StreamResult r = streamInPieces(toCrlf(body), {});
            QCOMPARE(r.content, whole.content);
            QCOMPARE(streamInPieces(body, cuts).content, whole.content);
        }
    }

    void reasoningFieldsAndInlineMarkers() {
        for (const char* key : {"reasoning_content", "reasoning"}) {
            const std::string k = key;
            const std::string body =
                chunk("{\"" + k + "\":\"Let me \"}") + chunk("{\"" + k + "\":\"look.\"}") +
                chunk("{\"content\":\"Red.\"}") + chunk("{}", "\"stop\"") + "data: [DONE]\n\n";
            const StreamResult r = streamInPieces(body, {});
            QCOMPARE(r.reasoning, std::string("Let me look."));
            QCOMPARE(r.content, std::string("Red."));
            QCOMPARE(r.raw, std::string("<|channel>thought\nLet me look.<channel|>Red."));
        }
        const std::string inlineBody = chunk("{\"content\":\"<|channel>thou\"}") +
                                       chunk("{\"content\":\"ght\\nLet me look.<chan\"}") +
                                       chunk("{\"content\":\"nel|>Red.<turn|>\"}") +
                                       chunk("{}", "\"stop\"") + "data: [DONE]\n\n";
        for (std::size_t cut = 0; cut <= inlineBody.size(); cut += 3) {
            const StreamResult r = streamInPieces(inlineBody, {cut});
            QCOMPARE(r.reasoning, std::string("Let me look."));
            QCOMPARE(r.content, std::string("Red."));
        }
    }

    void bodiesThatAreNotVllms() {
        QVERIFY_THROWS_EXCEPTION(facet::Error, streamInPieces("data: <html>\n\n", {}));
        QVERIFY_THROWS_EXCEPTION(facet::Error, streamInPieces("data: [1,2]\n\n", {}));
        QVERIFY_THROWS_EXCEPTION(facet::Error, streamInPieces("data: {\"text\":\"x\"}\n\n", {}));
        QVERIFY_THROWS_EXCEPTION(facet::Error, streamInPieces(chunk("{\"content\":5}"), {}));
        // An error object inside the stream is the server's message, not a format problem.
        ChatStream stream([](std::string_view, std::string_view) {});
        stream.feed("data: {\"error\":{\"message\":\"EngineCore died\"}}\n\n");
        QCOMPARE(stream.serverError() ? stream.serverError()->message : std::string(),
                 std::string("EngineCore died"));
    }

    // Found by fuzz_chat_stream: numbers of the wrong kind were converted to int (undefined
    // behaviour) and a non-string "object" or invalid UTF-8 in an error threw JSON type errors.
    void numbersAndTypesOfTheWrongKind() {
        const std::string choice = R"({"choices":[{"index":0,"delta":{"content":"a"}}]})";
        const auto withUsage = [&](const std::string& usage) {
            return "data: " + choice.substr(0, choice.size() - 1) + ",\"usage\":" + usage + "}\n\n";
        };
        QVERIFY_THROWS_EXCEPTION(facet::Error,
                                 streamInPieces(withUsage(R"({"prompt_tokens":3.3e101})"), {}));
        QVERIFY_THROWS_EXCEPTION(facet::Error,
                                 streamInPieces(withUsage(R"({"completion_tokens":-1})"), {}));
        QVERIFY_THROWS_EXCEPTION(facet::Error,
                                 streamInPieces(withUsage(R"({"prompt_tokens":4294967296})"), {}));
        const auto usage = streamInPieces(withUsage(R"({"prompt_tokens":300})"), {}).usage;
        QCOMPARE(usage ? usage->promptTokens : -1, 300);
        // A choice whose index is not a whole number is not the one we asked for: skipped.
        QCOMPARE(streamInPieces(R"(data: {"choices":[{"index":3.3e101,"delta":{"content":"x"}}]})"
                                "\n\n",
                                {})
                     .content,
                 std::string());
        // "object" that is not a string: not an error object, a plain chunk.
        QCOMPARE(streamInPieces(R"(data: {"object":5,"choices":[{"delta":{"content":"y"}}]})"
                                "\n\n",
                                {})
                     .content,
                 std::string("y"));
        ChatStream stream([](std::string_view, std::string_view) {});
        stream.feed("data: {\"error\":{\"message\":5}}\n\n");
        QCOMPARE(stream.serverError() ? stream.serverError()->message : std::string(),
                 std::string("{\"message\":5}"));
        // Invalid UTF-8 inside the JSON is a body that is not vLLM's, said as such.
        ChatStream bad([](std::string_view, std::string_view) {});
        QVERIFY_THROWS_EXCEPTION(facet::Error, bad.feed("data: {\"error\":\"\xff\"}\n\n"));
    }

    void serverUrls() {
        QCOMPARE(apiBaseFromUrl("http://gpu-box:8000/v1"), std::string("http://gpu-box:8000/v1"));
        QCOMPARE(apiBaseFromUrl("http://gpu-box:8000"), std::string("http://gpu-box:8000/v1"));
        QCOMPARE(apiBaseFromUrl("http://gpu-box:8000/"), std::string("http://gpu-box:8000/v1"));
        QCOMPARE(apiBaseFromUrl("gpu-box:8000"), std::string("http://gpu-box:8000/v1"));
        QCOMPARE(apiBaseFromUrl("https://gw.example/gemma/v1/"),
                 std::string("https://gw.example/gemma/v1"));
        QCOMPARE(serverRootFromApiBase("http://h:8000/v1"), std::string("http://h:8000"));
        QVERIFY_THROWS_EXCEPTION(facet::Error, apiBaseFromUrl("ftp://h/v1"));
        QVERIFY_THROWS_EXCEPTION(facet::Error, apiBaseFromUrl("http:///v1"));
        QCOMPARE(describeRequest("POST", "http://h:1/s/x/v1/chat/completions"),
                 std::string("POST /s/x/v1/chat/completions"));
    }

    void serverMessages() {
        QCOMPARE(serverMessage("{\"object\":\"error\",\"message\":\"bad level\",\"code\":400}"),
                 std::string("bad level"));
        QCOMPARE(serverMessage("{\"error\":{\"message\":\"nope\"}}"), std::string("nope"));
        QCOMPARE(serverMessage("{\"error\":\"Unauthorized\"}"), std::string("Unauthorized"));
        QCOMPARE(serverMessage("{\"detail\":\"Not Found\"}"), std::string("Not Found"));
        QCOMPARE(serverMessage("Bad Gateway\n"), std::string("Bad Gateway"));
    }

    // The error's fields as data: current vLLM's {"error": {...}} and the older flat body,
    // with a param and with param null.
    void serverErrorFields() {
        const ServerErrorBody current = parseServerError(
            R"({"error":{"message":"max_tokens is too large","type":"BadRequestError",)"
            R"("param":"max_tokens","code":400}})");
        QCOMPARE(current.message, std::string("max_tokens is too large"));
        QCOMPARE(current.param, std::string("max_tokens"));
        QCOMPARE(current.type, std::string("BadRequestError"));
        const ServerErrorBody old =
            parseServerError(R"({"object":"error","message":"bad level","type":"BadRequestError",)"
                             R"("param":null,"code":400})");
        QCOMPARE(old.message, std::string("bad level"));
        QVERIFY(old.param.empty());

        HttpResult r;
        r.status = 400;
        r.body = R"({"error":{"message":"nope","type":"BadRequestError","param":"seed"}})";
        HttpOptions http;
        http.firstByteTimeout = std::chrono::seconds(1);
        const auto e = failure("http://h:1/v1", "POST /v1/chat/completions", r, http);
        QVERIFY(e);
        QVERIFY(e->kind == facet::ErrorKind::Server);
        QCOMPARE(e->httpStatus, 400);
        QCOMPARE(e->param, std::string("seed"));
        QCOMPARE(e->serverMessage, std::string("nope"));
        QVERIFY2(e->message.find("answered HTTP 400") != std::string::npos, e->message.c_str());
        r.outcome = HttpResult::Outcome::Unreachable;
        r.status = 0;
        const auto unreachable = failure("http://h:1/v1", "GET /v1/models", r, http);
        QVERIFY(unreachable && unreachable->kind == facet::ErrorKind::Server);
        QCOMPARE(unreachable->httpStatus, 0);
    }

    void base64AndMime() {
        QCOMPARE(base64Encode(""), std::string(""));
        QCOMPARE(base64Encode("f"), std::string("Zg=="));
        QCOMPARE(base64Encode("fo"), std::string("Zm8="));
        QCOMPARE(base64Encode("foo"), std::string("Zm9v"));
        QCOMPARE(base64Encode("foob\xff"), std::string("Zm9vYv8="));
        QCOMPARE(imageMimeType("\xFF\xD8\xFF\xE0"), std::string("image/jpeg"));
        QCOMPARE(imageMimeType("\x89PNG\r\n\x1A\n...."), std::string("image/png"));
        QCOMPARE(imageMimeType("RIFF\0\0\0\0WEBPVP8 "), std::string(""));
        QCOMPARE(imageMimeType(std::string("RIFF\0\0\0\0WEBPVP8 ", 16)), std::string("image/webp"));
        QCOMPARE(imageMimeType("hello"), std::string(""));
    }
};

QTEST_GUILESS_MAIN(TestSseStream)
#include "test_sse_stream.moc"
