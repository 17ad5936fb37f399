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
