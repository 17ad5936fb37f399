// Crafted tokenizer.json files (issue 17): each must give a clear error naming the file — not a
// crash, a hang or gigabytes of memory — and the tokenizer cache must be written safely.
#include "common/error.h"
#include "common/regular_file.h"
#include "text/tokenizer.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <chrono>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace facet::text;
using nlohmann::json;

namespace {

json smallTokenizer() {
    return json::parse(R"({
      "added_tokens": [], "normalizer": null, "pre_tokenizer": null, "decoder": null,
      "model": {"type": "BPE", "unk_token": "<unk>", "byte_fallback": false,
                "vocab": {"<unk>": 0, "a": 1, "b": 2, "ab": 3}, "merges": ["a b"]}})");
}

std::string errorOf(const std::string& text) {
    try {
        (void)Tokenizer::fromJson(text, "/crafted/tokenizer.json");
    } catch (const facet::Error& e) {
        return e.what();
    }
    return "accepted";
}

// `levels` nested arrays under an unused key, built as text (a json value that deep could not
// even be destroyed safely by older nlohmann versions).
std::string deeplyNested(size_t levels) {
    std::string text = smallTokenizer().dump();
    text.pop_back(); // the closing brace
    return text + ", \"unused\": " + std::string(levels, '[') + std::string(levels, ']') + "}";
}

// A pre_tokenizer Sequence nested `levels` deep around one Split.
json nestedSequence(size_t levels) {
    json node = json::parse(R"({"type": "Split", "pattern": {"String": " "},
                                "behavior": "Removed", "invert": false})");
    for (size_t i = 0; i < levels; ++i)
        node = json{{"type", "Sequence"}, {"pretokenizers", json::array({std::move(node)})}};
    return node;
}

} // namespace

class TokenizerHostileTest : public QObject {
    Q_OBJECT
private slots:
    // Finding 4: 100,000 levels of nesting used to overflow the stack (recursive copy/dump).
    void deepNestingIsRefused() {
        const std::string error = errorOf(deeplyNested(100'000));
        QVERIFY2(error.starts_with("/crafted/tokenizer.json: JSON nested deeper than 128 levels"),
                 error.c_str());
        QCOMPARE(errorOf(deeplyNested(100)), std::string("accepted"));
    }

    // Finding 7: the largest id sized a table (a 4 KB file asked for gigabytes).
    void idsAreBoundedByTheVocabulary() {
        json j = smallTokenizer();
        j["model"]["vocab"]["ab"] = 2'000'000'000;
        QVERIFY2(errorOf(j.dump()).find("vocab entry 'ab' has id 2000000000, but 4 vocab entries "
                                        "and 0 added tokens need no id above 3") !=
                     std::string::npos,
                 errorOf(j.dump()).c_str());
        j = smallTokenizer();
        j["added_tokens"] = json::parse(R"([{"id": 1099511627776, "content": "<x>"}])");
        QVERIFY2(errorOf(j.dump()).find("added token id 1099511627776 is outside") !=
                     std::string::npos,
                 errorOf(j.dump()).c_str());
        j["added_tokens"] = json::parse(R"([{"id": 4, "content": "<x>", "special": true}])");
        QCOMPARE(errorOf(j.dump()), std::string("accepted")); // ids 0..4: dense
    }

    // Finding 7: nested Sequences copied every subtree once per level (quadratic memory).
    void nestedSequencesLoadInLinearTime() {
        json j = smallTokenizer();
        j["pre_tokenizer"] = nestedSequence(60); // two JSON levels each
        const auto start = std::chrono::steady_clock::now();
        const Tokenizer t = Tokenizer::fromJson(j.dump(), "nested.json");
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
        QCOMPARE(t.encode("ab ab"), (std::vector<int32_t>{3, 3}));
        j["pre_tokenizer"] = nestedSequence(100);
        QVERIFY(errorOf(j.dump()).find("nested deeper than 128") != std::string::npos);
    }

    // Finding 9: (a+)+$ never returned on 38 characters.
    void runawayRegexStopsWithAClearError() {
        json j = smallTokenizer();
        j["pre_tokenizer"] = json::parse(R"({"type": "Split", "pattern": {"Regex": "(a+)+$"},
                                             "behavior": "Isolated", "invert": false})");
        const Tokenizer t = Tokenizer::fromJson(j.dump(), "/crafted/regex.json");
        const auto start = std::chrono::steady_clock::now();
        try {
            (void)t.encode(std::string(38, 'a') + "b");
            QFAIL("the runaway match returned");
        } catch (const facet::Error& e) {
            const std::string what = e.what();
            QVERIFY2(what.starts_with("/crafted/regex.json: regex '(a+)+$' took too long"),
                     e.what());
        }
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
        QCOMPARE(t.encode("ab"), (std::vector<int32_t>{3})); // ordinary text still encodes
    }

    // Issue #56: a normalizer could multiply the text without limit — chained Replace a→aa,
    // or an 8 MB replacement (60 s, 1.3 to 5 GB). The normalized text is held to 32 times the
    // input (plus 4 KiB), checked before it is built.
    void normalizersCannotMultiplyTheText() {
        json j = smallTokenizer();
        json steps = json::array();
        for (int i = 0; i < 30; ++i)
            steps.push_back(json::parse(R"({"type": "Replace", "pattern": {"String": "a"},
                                            "content": "aa"})"));
        j["normalizer"] = {{"type", "Sequence"}, {"normalizers", steps}};
        const Tokenizer chained = Tokenizer::fromJson(j.dump(), "/crafted/chain.json");
        const auto start = std::chrono::steady_clock::now();
        try {
            (void)chained.encode(std::string(1000, 'a'));
            QFAIL("a text doubled 30 times was encoded");
        } catch (const facet::Error& e) {
            QVERIFY2(std::string(e.what()).starts_with("/crafted/chain.json: ") &&
                         std::string(e.what()).find("more than 32 times") != std::string::npos,
                     e.what());
        }
        j["normalizer"] = json::parse(R"({"type": "Replace", "pattern": {"String": "a"},
                                          "content": ""})");
        j["normalizer"]["content"] = std::string(8 << 20, 'b');
        const Tokenizer huge = Tokenizer::fromJson(j.dump(), "/crafted/huge.json");
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)huge.encode("aaaa"));
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
        QCOMPARE(huge.encode("bb"), (std::vector<int32_t>{2, 2})); // no "a": nothing grows
        // Many pieces (split by an added token) share one allowance: 4 KiB each would add up.
        j["normalizer"]["content"] = std::string(2000, 'b');
        j["added_tokens"] = json::parse(R"([{"id": 4, "content": "<x>", "special": true}])");
        const Tokenizer pieces = Tokenizer::fromJson(j.dump(), "/crafted/pieces.json");
        QCOMPARE(pieces.encode("a").size(), std::size_t(2000)); // within the slack
        std::string manyPieces;
        for (int i = 0; i < 1000; ++i)
            manyPieces += "a<x>";
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)pieces.encode(manyPieces));
        // The decoder's Replace is held the same way.
        j = smallTokenizer();
        j["decoder"] = json::parse(R"({"type": "Replace", "pattern": {"String": "a"},
                                       "content": ""})");
        j["decoder"]["content"] = std::string(8 << 20, 'b');
        const Tokenizer decoding = Tokenizer::fromJson(j.dump(), "/crafted/decoder.json");
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)decoding.decode(std::vector<int32_t>{1}));
        QCOMPARE(decoding.decode(std::vector<int32_t>{2}), std::string("b"));
    }

    // Issue #56: ICU's time limit was per piece of the text, so a text split by added tokens
    // into many pieces, each just under the limit, ran for 25 s. The steps are now counted for
    // the whole text.
    void regexTimeIsCountedPerText() {
        json j = smallTokenizer();
        j["pre_tokenizer"] = json::parse(R"({"type": "Split", "pattern": {"Regex": "(a+)+$"},
                                             "behavior": "Isolated", "invert": false})");
        j["added_tokens"] = json::parse(R"([{"id": 4, "content": "<x>", "special": true}])");
        const Tokenizer t = Tokenizer::fromJson(j.dump(), "/crafted/pieces.json");
        const std::string piece = std::string(21, 'a') + "b"; // well under the limit alone
        (void)t.encode(piece);
        std::string text;
        for (int i = 0; i < 200; ++i)
            text += piece + "<x>";
        const auto start = std::chrono::steady_clock::now();
        try {
            (void)t.encode(text);
            QFAIL("200 pieces near the limit were encoded");
        } catch (const facet::Error& e) {
            QVERIFY2(std::string(e.what()).find("took too long") != std::string::npos, e.what());
        }
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        qInfo("the budget ran out after %.2f s", s);
        QVERIFY(s < 10);
    }

    // Issue #56: a damaged tokenizer cache (its header fine, its contents not) failed every
    // load instead of being ignored and written again, as the README says.
    void damagedCacheIsIgnoredAndRewritten() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const auto file = root / "tokenizer.json";
        std::ofstream(file) << smallTokenizer().dump();
        TokenizerLoadOptions options;
        options.cacheDir = root / "cache";
        const Tokenizer first = Tokenizer::load(file, options);
        QVERIFY(first.loadInfo().cacheWritten);
        const auto cache = first.loadInfo().cacheFile;
        std::string bytes = facet::readTextFile(cache, 1 << 20, "a cache");
        for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
                 {"\"model\"", "\"mod\"l\""}, {"\"BPE\"", "\"XYZ\""}}) {
            std::string damaged = bytes;
            const auto at = damaged.find(from);
            QVERIFY(at != std::string::npos);
            damaged.replace(at, from.size(), to);
            std::ofstream(cache, std::ios::binary | std::ios::trunc) << damaged;
            const Tokenizer second = Tokenizer::load(file, options);
            QVERIFY(!second.loadInfo().fromCache && second.loadInfo().cacheDamaged);
            QVERIFY(second.loadInfo().cacheWritten);
            QCOMPARE(second.encode("ab"), (std::vector<int32_t>{3}));
            const Tokenizer third = Tokenizer::load(file, options);
            QVERIFY(third.loadInfo().fromCache && !third.loadInfo().cacheDamaged);
        }
    }

    // Finding 11: the cache's temporary file had a predictable name (a planted link there
    // was written through) and the cache was world-readable.
    void cacheIsWrittenPrivatelyUnderAnUnpredictableName() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const auto file = root / "tokenizer.json";
        std::ofstream(file) << smallTokenizer().dump();
        const auto victim = root / "victim.txt";
        std::ofstream(victim) << "keep";
        const auto cacheDir = root / "cache";
        TokenizerLoadOptions options;
        options.cacheDir = cacheDir;
        std::filesystem::create_directories(cacheDir);
        const Tokenizer first = Tokenizer::load(file, options);
        QVERIFY(first.loadInfo().cacheWritten);
        std::filesystem::remove(first.loadInfo().cacheFile);
        // Where the old code wrote its temporary file: <cache file>.tmp<pid>.
        const auto planted =
            first.loadInfo().cacheFile.string() + ".tmp" + std::to_string(getpid());
        std::filesystem::create_symlink(victim, planted);
        const Tokenizer second = Tokenizer::load(file, options);
        QVERIFY(second.loadInfo().cacheWritten);
        QCOMPARE(facet::readTextFile(victim, 100, "a test file"), std::string("keep"));
        struct stat info {};
        QCOMPARE(::stat(second.loadInfo().cacheFile.c_str(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0600u);
        // A fresh cache folder is private too.
        std::filesystem::remove_all(cacheDir);
        (void)Tokenizer::load(file, options);
        QCOMPARE(::stat(cacheDir.c_str(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0700u);
    }
};

QTEST_APPLESS_MAIN(TokenizerHostileTest)
#include "test_tokenizer_hostile.moc"
