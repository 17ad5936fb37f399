// The streaming response parser: reference examples from transformers'
// test_response_template_gemma4.py, and the same result whether text arrives whole, one
// character at a time or in random pieces.
#include "text/response_parser.h"

#include <QTest>

#include <random>

using namespace facet::text;

namespace {

struct Parsed {
    std::string content;
    std::string reasoning;
    std::string stop;
    std::string streamedContent; // concatenated deltas
    std::string streamedReasoning;
};

Parsed parseInPieces(const std::string& text, const std::vector<size_t>& cuts) {
    ResponseParser parser;
    Parsed out;
    size_t start = 0;
    auto take = [&out](const ResponseDelta& d) {
        out.streamedContent += d.content;
        out.streamedReasoning += d.reasoning;
    };
    for (size_t cut : cuts) {
        take(parser.feed(std::string_view(text).substr(start, cut - start)));
        start = cut;
    }
    take(parser.feed(std::string_view(text).substr(start)));
    take(parser.finish());
    out.content = parser.content();
    out.reasoning = parser.reasoning();
    out.stop = parser.stopMarker();
    return out;
}

Parsed parseWhole(const std::string& text) {
    return parseInPieces(text, {});
}

Parsed parseCharByChar(const std::string& text) {
    std::vector<size_t> cuts;
    for (size_t i = 1; i < text.size(); ++i)
        cuts.push_back(i);
    return parseInPieces(text, cuts);
}

const std::vector<std::string>& samples() {
    static const std::vector<std::string> s{
        "12<turn|>",
        "<|channel>thought\nLet me check.\n<channel|>The answer is 12.<turn|>",
        "plain answer without a stop marker",
        "a < b and <b>bold</b> <tu rn <eo s>",
        "content<eos>ignored after stop",
        "x<|tool_response>response:f{}",
        "<|channel>thought\n<|channel>nested?<channel|>done<channel|> stray close<turn|>",
        "<|channel>other channel\ntext<channel|>after",
        "cut mid marker <turn",
        "cut in thought <|channel>thought\nhalf <chan",
        "<bos><pad>hidden specials then text <<<turn|>",
        "unicode 这是 👩‍👩‍👧 <|channel>thought\n思考<channel|>答案<turn|>tail",
        "",
        "<",
        "<|channel>",
        "<|channel>thought",
    };
    return s;
}

} // namespace

class ResponseParserTest : public QObject {
    Q_OBJECT
private slots:
    void referenceExamples();
    void wholeEqualsCharByChar();
    void wholeEqualsRandomPieces();
    void neverShowsPartialMarkers();
    void cutsAndStrays();
};

void ResponseParserTest::referenceExamples() {
    const Parsed a = parseWhole("12<turn|>");
    QCOMPARE(a.content, std::string("12"));
    QCOMPARE(a.reasoning, std::string());
    QCOMPARE(a.stop, std::string("<turn|>"));
    const Parsed b =
        parseWhole("<|channel>thought\nLet me check.\n<channel|>The answer is 12.<turn|>");
    QCOMPARE(b.reasoning, std::string("Let me check.\n"));
    QCOMPARE(b.content, std::string("The answer is 12."));
}

void ResponseParserTest::wholeEqualsCharByChar() {
    for (const std::string& text : samples()) {
        const Parsed whole = parseWhole(text);
        const Parsed chars = parseCharByChar(text);
        QCOMPARE(chars.content, whole.content);
        QCOMPARE(chars.reasoning, whole.reasoning);
        QCOMPARE(chars.stop, whole.stop);
        QCOMPARE(whole.streamedContent, whole.content);
        QCOMPARE(chars.streamedContent, chars.content);
        QCOMPARE(chars.streamedReasoning, chars.reasoning);
    }
}

void ResponseParserTest::wholeEqualsRandomPieces() {
    std::mt19937 rng(1234);
    for (const std::string& text : samples()) {
        const Parsed whole = parseWhole(text);
        for (int round = 0; round < 50 && text.size() > 1; ++round) {
            std::vector<size_t> cuts;
            for (size_t i = 1; i < text.size(); ++i)
                if (rng() % 3 == 0)
                    cuts.push_back(i);
            const Parsed pieces = parseInPieces(text, cuts);
            QCOMPARE(pieces.content, whole.content);
            QCOMPARE(pieces.reasoning, whole.reasoning);
            QCOMPARE(pieces.stop, whole.stop);
        }
    }
}

void ResponseParserTest::neverShowsPartialMarkers() {
    const std::vector<std::string> markers{"<|channel>", "<channel|>",       "<turn|>",
                                           "<eos>",      "<|tool_response>", "thought\n<"};
    for (const std::string& text : samples()) {
        ResponseParser parser;
        for (char c : text) {
            (void)parser.feed(std::string(1, c));
            for (const std::string& m : markers) {
                QVERIFY(parser.content().find(m) == std::string::npos);
                QVERIFY(parser.reasoning().find(m) == std::string::npos);
            }
        }
    }
    ResponseParser parser;
    QCOMPARE(parser.feed("Hello<tu").content, std::string("Hello"));
    QCOMPARE(parser.feed("rn|>more").content, std::string());
    QVERIFY(parser.stopped());
    QCOMPARE(parser.content(), std::string("Hello"));
}

void ResponseParserTest::cutsAndStrays() {
    QCOMPARE(parseWhole("cut mid marker <turn").content, std::string("cut mid marker "));
    QCOMPARE(parseWhole("cut mid marker <turn").stop, std::string());
    QCOMPARE(parseWhole("a < b and <b>bold</b> <tu rn <eo s>").content,
             std::string("a < b and <b>bold</b> <tu rn <eo s>"));
    const Parsed nested = parseWhole(
        "<|channel>thought\n<|channel>nested?<channel|>done<channel|> stray close<turn|>");
    QCOMPARE(nested.reasoning, std::string("nested?"));
    QCOMPARE(nested.content, std::string("done stray close"));
    const Parsed other = parseWhole("<|channel>other channel\ntext<channel|>after");
    QCOMPARE(other.reasoning, std::string("other channel\ntext"));
    QCOMPARE(other.content, std::string("after"));
    QCOMPARE(parseWhole("x<|tool_response>response:f{}").content, std::string("x"));
    QCOMPARE(parseWhole("x<|tool_response>response:f{}").stop, std::string("<|tool_response>"));
    QCOMPARE(parseWhole("<bos><pad>hidden specials then text <<<turn|>").content,
             std::string("hidden specials then text <<"));
    QCOMPARE(parseWhole("<|channel>thought").reasoning, std::string("thought"));
}

QTEST_APPLESS_MAIN(ResponseParserTest)
#include "test_response_parser.moc"
