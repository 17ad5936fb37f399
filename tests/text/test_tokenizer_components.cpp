// tokenizer.json components on small hand-made tokenizers: merge ranks, unknown/byte fallback,
// Split behaviors (examples from the tokenizers documentation), Metaspace, added-token flags,
// normalizers, decoders, and the clear errors for components Facet does not implement.
#include "common/error.h"
#include "text/added_tokens.h"
#include "text/normalizer.h"
#include "text/pre_tokenizer.h"
#include "text/token_decoder.h"
#include "text/tokenizer.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace facet::text;
using nlohmann::json;

namespace {

json baseTokenizer() {
    return json::parse(R"({
      "version": "1.0", "added_tokens": [], "normalizer": null, "pre_tokenizer": null,
      "post_processor": null, "decoder": null,
      "model": {"type": "BPE", "dropout": null, "unk_token": "<unk>", "fuse_unk": false,
                "byte_fallback": false,
                "vocab": {"<unk>": 0, "a": 1, "b": 2, "c": 3, "ab": 4, "abc": 5, "bc": 6,
                          "<0x78>": 7},
                "merges": ["a b", ["ab", "c"], "b c"]}})");
}

std::vector<int32_t> encodeWith(const json& j, const std::string& text) {
    return Tokenizer::fromJson(j.dump(), "test.json").encode(text);
}

std::string errorOf(const json& j) {
    try {
        (void)Tokenizer::fromJson(j.dump(), "/tmp/bad/tokenizer.json");
    } catch (const facet::Error& e) {
        return e.what();
    }
    return "accepted";
}

std::vector<std::string> pieces(const std::string& text,
                                const std::vector<std::pair<size_t, size_t>>& ranges) {
    std::vector<std::string> out;
    for (const auto& [b, e] : ranges)
        out.push_back(text.substr(b, e - b));
    return out;
}

using Strings = std::vector<std::string>;

} // namespace

class ComponentsTest : public QObject {
    Q_OBJECT
private slots:
    void mergesApplyLowestRankFirst();
    void unknownAndByteFallback();
    void splitBehaviors();
    void metaspace();
    void addedTokenFlags();
    void normalizers();
    void decoders();
    void unsupportedComponentsAreNamed();
    void malformedFilesAreNamed();
};

void ComponentsTest::mergesApplyLowestRankFirst() {
    json j = baseTokenizer();
    QCOMPARE(encodeWith(j, "abc"), (std::vector<int32_t>{5})); // a+b (0), then ab+c (1)
    j["model"]["merges"] = json::array({"b c", "a b", "ab c"});
    QCOMPARE(encodeWith(j, "abc"), (std::vector<int32_t>{1, 6})); // b+c first blocks a+b
    QCOMPARE(encodeWith(j, "ababc"), (std::vector<int32_t>{4, 1, 6}));
}

void ComponentsTest::unknownAndByteFallback() {
    json j = baseTokenizer();
    QCOMPARE(encodeWith(j, "zza"), (std::vector<int32_t>{0, 0, 1}));
    j["model"]["fuse_unk"] = true;
    QCOMPARE(encodeWith(j, "zza"), (std::vector<int32_t>{0, 1}));
    j["model"]["byte_fallback"] = true; // 'x' has <0x78>; 'z' has no byte token -> unknown
    QCOMPARE(encodeWith(j, "xa"), (std::vector<int32_t>{7, 1}));
    QCOMPARE(encodeWith(j, "zxa"), (std::vector<int32_t>{7, 0, 1})); // tokenizers' order
}

void ComponentsTest::splitBehaviors() {
    // SplitDelimiterBehavior examples of the tokenizers documentation.
    const std::string text = "the-final--countdown";
    std::vector<std::pair<size_t, size_t>> dashes;
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '-')
            dashes.emplace_back(i, i + 1);
    auto run = [&](SplitBehavior b) {
        return pieces(text, splitByMatches(text.size(), dashes, b, false));
    };
    QCOMPARE(run(SplitBehavior::Removed), (Strings{"the", "final", "countdown"}));
    QCOMPARE(run(SplitBehavior::Isolated), (Strings{"the", "-", "final", "-", "-", "countdown"}));
    QCOMPARE(run(SplitBehavior::MergedWithPrevious), (Strings{"the-", "final-", "-", "countdown"}));
    QCOMPARE(run(SplitBehavior::MergedWithNext), (Strings{"the", "-final", "-", "-countdown"}));
    QCOMPARE(run(SplitBehavior::Contiguous), (Strings{"the", "-", "final", "--", "countdown"}));

    PreTokenizerStep regexSplit;
    regexSplit.pattern = {true, R"(\p{L}+)"};
    regexSplit.behavior = SplitBehavior::Removed;
    regexSplit.invert = true; // keep the letters, drop what lies between them
    std::vector<PreToken> words{{"Grüße, мир!42", true}};
    PreTokenizer({regexSplit}).apply(words);
    QCOMPARE(words.size(), size_t{2});
    QCOMPARE(words[0].text, std::string("Grüße"));
    QCOMPARE(words[1].text, std::string("мир"));
}

void ComponentsTest::metaspace() {
    PreTokenizerStep m;
    m.kind = PreTokenizerStep::Kind::Metaspace;
    m.replacement = "▁";
    m.prependScheme = PrependScheme::Always;
    std::vector<PreToken> words{{"Hey my friend", false}};
    PreTokenizer({m}).apply(words);
    Strings texts;
    for (const auto& w : words)
        texts.push_back(w.text);
    QCOMPARE(texts, (Strings{"▁Hey", "▁my", "▁friend"}));
    m.prependScheme = PrependScheme::First;
    words = {{"later piece", false}};
    PreTokenizer({m}).apply(words);
    QCOMPARE(words.front().text, std::string("later"));
    words = {{"first piece", true}};
    PreTokenizer({m}).apply(words);
    QCOMPARE(words.front().text, std::string("▁first"));
}

void ComponentsTest::addedTokenFlags() {
    AddedTokenMatcher matcher;
    AddedToken mask{10, "<mask>", true, false, true, true, false};
    AddedToken word{11, "ab", false, false, false, false, true};
    AddedToken longer{12, "<mask>!", true, false, false, false, false};
    matcher.add(mask, mask.content);
    matcher.add(word, word.content);
    matcher.add(longer, longer.content);
    const std::string text = "x  <mask>  y xab ab <mask>!";
    Strings parts;
    std::vector<int32_t> ids;
    for (const auto& s : matcher.split(text)) {
        parts.push_back(text.substr(s.begin, s.end - s.begin));
        ids.push_back(s.id);
    }
    QCOMPARE(parts, (Strings{"x", "  <mask>  ", "y xab ", "ab", " ", "<mask>!"}));
    QCOMPARE(ids, (std::vector<int32_t>{-1, 10, -1, 11, -1, 12}));
}

void ComponentsTest::normalizers() {
    NormalizerStep nfc;
    nfc.kind = NormalizerStep::Kind::Nfc;
    NormalizerStep prepend;
    prepend.kind = NormalizerStep::Kind::Prepend;
    prepend.content = "▁";
    NormalizerStep replace;
    replace.pattern = {true, R"(\s+)"};
    replace.content = " ";
    const Normalizer n({nfc, replace, prepend});
    QCOMPARE(n.apply("Cafe\u0301 \t\n ok"), std::string("▁Café ok"));
    QCOMPARE(n.apply(""), std::string()); // Prepend leaves empty text alone
}

void ComponentsTest::decoders() {
    DecoderStep replace;
    replace.kind = DecoderStep::Kind::Replace;
    replace.pattern = {false, "▁"};
    replace.content = " ";
    DecoderStep bytes;
    bytes.kind = DecoderStep::Kind::ByteFallback;
    DecoderStep fuse;
    fuse.kind = DecoderStep::Kind::Fuse;
    DecoderStep strip;
    strip.kind = DecoderStep::Kind::Strip;
    strip.stripStart = 1;
    const TokenDecoder d({replace, bytes, fuse, strip});
    QCOMPARE(d.decode({"▁Hey", "▁you", "<0xE2>", "<0x82>", "<0xAC>"}), std::string("Hey you€"));
    QCOMPARE(d.decode({"a", "<0xE2>", "<0x82>", "b"}), std::string("a\uFFFD\uFFFDb"));
    QCOMPARE(TokenDecoder({}).decode({"a", "b"}), std::string("a b"));
}

void ComponentsTest::unsupportedComponentsAreNamed() {
    auto expectError = [](json j, const char* fragment) {
        const std::string message = errorOf(j);
        if (message.find(fragment) == std::string::npos ||
            !message.starts_with("/tmp/bad/tokenizer.json: "))
            qWarning("message was: %s", message.c_str());
        QVERIFY(message.find(fragment) != std::string::npos);
        QVERIFY(message.starts_with("/tmp/bad/tokenizer.json: "));
    };
    json j = baseTokenizer();
    j["normalizer"] = {{"type", "Lowercase"}};
    expectError(j, "unsupported normalizer 'Lowercase'");
    j = baseTokenizer();
    j["normalizer"] = {{"type", "Sequence"},
                       {"normalizers", {{{"type", "NFC"}}, {{"type", "StripAccents"}}}}};
    expectError(j, "unsupported normalizer 'StripAccents'");
    j = baseTokenizer();
    j["pre_tokenizer"] = {{"type", "ByteLevel"}, {"add_prefix_space", false}};
    expectError(j, "unsupported pre-tokenizer 'ByteLevel'");
    j = baseTokenizer();
    j["decoder"] = {{"type", "WordPiece"}};
    expectError(j, "unsupported decoder 'WordPiece'");
    j = baseTokenizer();
    j["model"]["type"] = "Unigram";
    expectError(j, "unsupported model 'Unigram'");
    j = baseTokenizer();
    j["model"]["dropout"] = 0.1;
    expectError(j, "dropout");
    j = baseTokenizer();
    j["pre_tokenizer"] = {
        {"type", "Split"}, {"pattern", {{"String", "-"}}}, {"behavior", "Sideways"}};
    expectError(j, "unknown behavior 'Sideways'");
}

void ComponentsTest::malformedFilesAreNamed() {
    json j = baseTokenizer();
    j["model"]["merges"].push_back("a zz");
    QVERIFY(errorOf(j).find("merge 3 ('a zz'): 'zz' is not in the vocabulary") !=
            std::string::npos);
    j = baseTokenizer();
    j["model"]["merges"].push_back("a b c");
    QVERIFY(errorOf(j).find("merge 3") != std::string::npos);
    j = baseTokenizer();
    j["model"]["unk_token"] = "<missing>";
    QVERIFY(errorOf(j).find("unk_token '<missing>'") != std::string::npos);
    j = baseTokenizer();
    j["pre_tokenizer"] = {
        {"type", "Split"}, {"pattern", {{"Regex", "(unclosed"}}}, {"behavior", "Isolated"}};
    QVERIFY(errorOf(j).find("(unclosed") != std::string::npos);
    try {
        (void)Tokenizer::fromJson("{\"model\": ", "/tmp/bad/tokenizer.json");
        QFAIL("truncated JSON accepted");
    } catch (const facet::Error& e) {
        QVERIFY(std::string(e.what()).starts_with("/tmp/bad/tokenizer.json: invalid JSON"));
    }
    try {
        (void)Tokenizer::load("/nonexistent/tokenizer.json");
        QFAIL("missing file accepted");
    } catch (const facet::Error& e) {
        QVERIFY(std::string(e.what()).starts_with("/nonexistent/tokenizer.json: "));
    }
}

QTEST_APPLESS_MAIN(ComponentsTest)
#include "test_tokenizer_components.moc"
