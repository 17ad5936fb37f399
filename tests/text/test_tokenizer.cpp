// The Gemma 4 tokenizer against the reference encodings of encode_cases.json (produced by the
// Hugging Face tokenizer) and round-trip properties.
#include "common/error.h"
#include "text/incremental_decoder.h"
#include "text/tokenizer.h"
#include "text/utf8.h"
#include "text_test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <random>

#include <nlohmann/json.hpp>

using namespace facet::text;
using facet::text::test::gemmaTokenizer;

class TokenizerTest : public QObject {
    Q_OBJECT
private slots:
    void referenceEncodings();
    void specialTokenIds();
    void addedTokensSplitFirst();
    void roundTripGeneratedStrings();
    void byteFallbackForUnknownCharacters();
    void incrementalDecodeEqualsDecode();
    void incrementalDecodeOfRandomIds();
    void unknownIdIsAnError();
    void binaryCacheGivesTheSameTokenizer();
};

namespace {

// Strings built from pieces the tokenizer must reproduce exactly: whitespace runs, newlines,
// tabs, emoji ZWJ sequences, CJK, combining marks, characters only byte fallback can encode,
// and added-token text. U+2581 is left out: the normalizer maps " " to it, so it cannot
// survive a round trip (the reference tokenizer behaves the same).
std::vector<std::string> generatedStrings() {
    const std::vector<std::string> pieces{" ",
                                          "  ",
                                          "     ",
                                          "\t",
                                          "\t\t",
                                          "\n",
                                          "\n\n",
                                          "\n\n\n\n\n",
                                          "\r\n",
                                          " \n \t ",
                                          "Hello",
                                          "world",
                                          "tokenizer",
                                          "Äpfel",
                                          "naïve",
                                          "a",
                                          "I",
                                          "12345",
                                          "3.14",
                                          "!",
                                          "?!",
                                          "--",
                                          "👩‍👩‍👧‍👦",
                                          "👍🏽",
                                          "🏳️‍🌈",
                                          "🦙",
                                          "❤️",
                                          "中文",
                                          "日本語のテキスト",
                                          "한국어",
                                          "ไทย",
                                          "e\u0301",
                                          "a\u0308\u0323",
                                          "Z\u0351\u0352\u0353",
                                          "\u0915\u094D\u0937",
                                          "\U0010FFFD",
                                          "\uE000\uF8FF",
                                          "\U0002A6D6",
                                          "\u0000",
                                          "\u007F",
                                          "\u200B",
                                          "<|turn>",
                                          "<turn|>",
                                          "<|image|>",
                                          "<bos>",
                                          "<",
                                          "|>",
                                          "<0x41>",
                                          "▁"};
    std::vector<std::string> out{"", " ", "\n", "\t\n", "  leading", "trailing  "};
    std::mt19937 rng(20240601);
    for (int i = 0; i < 300; ++i) {
        std::string s;
        const int n = 1 + static_cast<int>(rng() % 12);
        for (int k = 0; k < n; ++k) {
            const std::string& p = pieces[rng() % pieces.size()];
            if (p != "▁")
                s += p;
        }
        out.push_back(s);
    }
    return out;
}

} // namespace

static QString idsToString(const std::vector<int32_t>& ids) {
    QStringList parts;
    for (int32_t id : ids)
        parts << QString::number(id);
    return parts.join(' ');
}

void TokenizerTest::referenceEncodings() {
    const auto cases =
        nlohmann::json::parse(test::readText(test::resourceDir() / "encode_cases.json"))["cases"];
    QCOMPARE(cases.size(), size_t{46});
    int failures = 0;
    for (const auto& c : cases) {
        const std::string text = c["text"].get<std::string>();
        const auto expected = c["ids"].get<std::vector<int32_t>>();
        const auto actual = gemmaTokenizer().encode(text);
        if (actual != expected) {
            ++failures;
            qWarning("mismatch for %s\n  expected %s\n  actual   %s",
                     nlohmann::json(text).dump().c_str(), qPrintable(idsToString(expected)),
                     qPrintable(idsToString(actual)));
        }
    }
    QCOMPARE(failures, 0);
}

void TokenizerTest::specialTokenIds() {
    const Tokenizer& t = gemmaTokenizer();
    QCOMPARE(t.vocabSize(), size_t{262144});
    QCOMPARE(*t.tokenToId("<bos>"), 2);
    QCOMPARE(*t.tokenToId("<|turn>"), 105);
    QCOMPARE(*t.tokenToId("<turn|>"), 106);
    QCOMPARE(*t.tokenToId("<|image|>"), 258880);
    QCOMPARE(*t.tokenToId("<0x00>"), 238);
    QVERIFY(t.isSpecial(106));
    QVERIFY(!t.isSpecial(100)); // <|channel> is a user-defined, non-special token
    QVERIFY(t.isByteToken(238));
    QVERIFY(!t.isByteToken(107));
}

void TokenizerTest::addedTokensSplitFirst() {
    const Tokenizer& t = gemmaTokenizer();
    const auto ids = t.encode("<|turn>user\nHi<turn|>\n<|image><|image|><|image|><image|>");
    const std::vector<int32_t> head{105, 2364, 107};
    QVERIFY(std::equal(head.begin(), head.end(), ids.begin()));
    const std::vector<int32_t> tail{106, 107, 255999, 258880, 258880, 258882};
    QVERIFY(std::equal(tail.rbegin(), tail.rend(), ids.rbegin()));
}

void TokenizerTest::roundTripGeneratedStrings() {
    const Tokenizer& t = gemmaTokenizer();
    for (const std::string& s : generatedStrings()) {
        const auto ids = t.encode(s);
        const std::string back = t.decode(ids);
        if (back != s)
            qWarning("round trip failed for %s -> %s", nlohmann::json(s).dump().c_str(),
                     nlohmann::json(back).dump().c_str());
        QCOMPARE(back, s);
    }
}

void TokenizerTest::byteFallbackForUnknownCharacters() {
    const Tokenizer& t = gemmaTokenizer();
    // U+10FFFD (plane 16 private use) is not in the vocabulary: its 4 UTF-8 bytes F4 8F BF BD
    // become <0xF4> <0x8F> <0xBF> <0xBD> = ids 238 + byte value.
    const auto ids = t.encode("\U0010FFFD");
    QCOMPARE(ids, (std::vector<int32_t>{238 + 0xF4, 238 + 0x8F, 238 + 0xBF, 238 + 0xBD}));
    // A byte run that is not valid UTF-8 decodes to one U+FFFD per byte, as ByteFallback does.
    QCOMPARE(t.decode(std::vector<int32_t>{238 + 0xF4, 238 + 0x8F, 9259}),
             std::string("\uFFFD\uFFFDHello"));
}

void TokenizerTest::incrementalDecodeEqualsDecode() {
    const Tokenizer& t = gemmaTokenizer();
    int heldBack = 0;
    for (const std::string& s : generatedStrings()) {
        const auto ids = t.encode(s);
        IncrementalDecoder decoder(t);
        std::string streamed;
        for (int32_t id : ids) {
            const std::string piece = decoder.push(id);
            QVERIFY(utf8::isValid(piece));
            if (piece.empty() && t.isByteToken(id))
                ++heldBack;
            streamed += piece;
        }
        streamed += decoder.finish();
        QCOMPARE(streamed, t.decode(ids));
    }
    QVERIFY(heldBack > 0); // the byte-fallback path was exercised
}

void TokenizerTest::incrementalDecodeOfRandomIds() {
    const Tokenizer& t = gemmaTokenizer();
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        std::vector<int32_t> ids;
        const int n = 1 + static_cast<int>(rng() % 40);
        for (int i = 0; i < n; ++i) {
            const unsigned kind = rng() % 4;
            if (kind == 0)
                ids.push_back(238 + static_cast<int32_t>(rng() % 256)); // any byte, often invalid
            else if (kind == 1)
                ids.push_back(238 + 0x80 + static_cast<int32_t>(rng() % 64)); // continuation
            else
                ids.push_back(static_cast<int32_t>(rng() % t.vocabSize()));
        }
        IncrementalDecoder decoder(t);
        std::string streamed;
        for (int32_t id : ids)
            streamed += decoder.push(id);
        streamed += decoder.finish();
        QCOMPARE(streamed, t.decode(ids));
        QVERIFY(utf8::isValid(streamed));
    }
}

void TokenizerTest::unknownIdIsAnError() {
    const Tokenizer& t = gemmaTokenizer();
    QVERIFY_THROWS_EXCEPTION(facet::Error, (void)t.decode(std::vector<int32_t>{262144}));
    QVERIFY_THROWS_EXCEPTION(facet::Error, (void)t.decode(std::vector<int32_t>{-1}));
    IncrementalDecoder decoder(t);
    QVERIFY_THROWS_EXCEPTION(facet::Error, (void)decoder.push(999999));
    QVERIFY_THROWS_EXCEPTION(facet::Error, (void)t.encode("\xC3("));
}

void TokenizerTest::binaryCacheGivesTheSameTokenizer() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    TokenizerLoadOptions options;
    options.cacheDir = dir.path().toStdString();
    const auto file = test::resourceDir() / "tokenizer.json";
    const Tokenizer cold = Tokenizer::load(file, options);
    QVERIFY(!cold.loadInfo().fromCache);
    QVERIFY(cold.loadInfo().cacheWritten);
    const Tokenizer cached = Tokenizer::load(file, options);
    QVERIFY(cached.loadInfo().fromCache);
    QCOMPARE(cached.loadInfo().cacheFile, cold.loadInfo().cacheFile);
    for (const std::string& s : generatedStrings())
        QCOMPARE(cached.encode(s), cold.encode(s));
    QCOMPARE(cached.vocabSize(), cold.vocabSize());
    // A damaged cache is ignored and replaced, never trusted.
    std::filesystem::resize_file(cold.loadInfo().cacheFile, 1000);
    const Tokenizer repaired = Tokenizer::load(file, options);
    QVERIFY(!repaired.loadInfo().fromCache);
    QCOMPARE(repaired.encode("Hello world"), (std::vector<int32_t>{9259, 1902}));
    QVERIFY(Tokenizer::load(file, options).loadInfo().fromCache);
}

QTEST_APPLESS_MAIN(TokenizerTest)
#include "test_tokenizer.moc"
