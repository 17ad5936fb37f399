// Gemma 4 preprocessing vs the Pillow reference: size rule, resized pixels, pixel_values,
// positions and counts, bit for bit.
#include "common/error.h"
#include "golden_data.h"
#include "image/preprocess.h"

#include <QTest>
#include <cstring>
#include <map>

using namespace facet::image;
using namespace facet::image::testing;

namespace {

// Decoding is tested elsewhere; decode each image once here.
const RgbImage& decoded(const std::string& file) {
    static std::map<std::string, RgbImage> cache;
    auto it = cache.find(file);
    if (it == cache.end())
        it = cache.emplace(file, decodeImage(imagePath(file))).first;
    return it->second;
}

void compareWithGolden(const PreprocessedImage& p, const nlohmann::json& g) {
    QCOMPARE(p.resized.width, g.at("resized_width").get<int>());
    QCOMPARE(p.resized.height, g.at("resized_height").get<int>());
    QCOMPARE(p.patches, g.at("patches").get<int>());
    QCOMPARE(p.softTokens, g.at("soft_tokens").get<int>());
    QCOMPARE(p.maxPatches, g.at("max_patches").get<int>());
    const auto resized = readGolden(g.at("resized").get<std::string>());
    const std::string diff = firstDifference(p.resized.rgb, resized, p.resized.width);
    QVERIFY2(diff.empty(), ("resized: " + diff).c_str());
    QCOMPARE(p.pixelValues.size(), static_cast<size_t>(p.maxPatches) * 768);
    QCOMPARE(p.positions.size(), static_cast<size_t>(p.maxPatches) * 2);
    QCOMPARE(crc32Of(std::span<const float>(p.pixelValues)),
             g.at("pixels_crc").get<std::uint32_t>());
    QCOMPARE(crc32Of(std::span<const std::int64_t>(p.positions)),
             g.at("positions_crc").get<std::uint32_t>());
    if (g.contains("pixels")) { // full dumps: compare value by value for a readable failure
        const auto bytes = readGolden(g.at("pixels").get<std::string>());
        QCOMPARE(bytes.size(), p.pixelValues.size() * sizeof(float));
        QVERIFY(std::memcmp(bytes.data(), p.pixelValues.data(), bytes.size()) == 0);
        const auto positions = readGolden(g.at("positions").get<std::string>());
        QCOMPARE(positions.size(), p.positions.size() * sizeof(std::int64_t));
        QVERIFY(std::memcmp(positions.data(), p.positions.data(), positions.size()) == 0);
    }
}

} // namespace

class TestImagePreprocess : public QObject {
    Q_OBJECT
private slots:
    void matchesReference_data() {
        QTest::addColumn<int>("caseIndex");
        QTest::addColumn<int>("levelIndex");
        const auto& cases = manifest().at("cases");
        for (size_t i = 0; i < cases.size(); ++i)
            for (size_t l = 0; l < cases[i].at("levels").size(); ++l) {
                const std::string name =
                    cases[i].at("file").get<std::string>() + "@" +
                    std::to_string(cases[i]["levels"][l].at("level").get<int>());
                QTest::newRow(name.c_str()) << static_cast<int>(i) << static_cast<int>(l);
            }
    }

    void matchesReference() {
        QFETCH(int, caseIndex);
        QFETCH(int, levelIndex);
        const auto& c = manifest().at("cases").at(static_cast<size_t>(caseIndex));
        const auto& g = c.at("levels").at(static_cast<size_t>(levelIndex));
        const RgbImage& image = decoded(c.at("file").get<std::string>());
        const PreprocessedImage p = preprocess(image, g.at("level").get<int>());
        QCOMPARE(p.level, g.at("level").get<int>());
        compareWithGolden(p, g);
        QCOMPARE(softTokensFor(image.width, image.height, p.level), p.softTokens);
    }

    // Decode once, all levels at once: identical to one level at a time.
    void levelsTogetherMatchReference() {
        for (const auto& c : manifest().at("cases")) {
            if (c.at("levels").size() < 3)
                continue;
            std::vector<int> levels;
            for (const auto& g : c.at("levels"))
                levels.push_back(g.at("level").get<int>());
            const auto all = preprocessLevels(decoded(c.at("file").get<std::string>()), levels);
            QCOMPARE(all.size(), levels.size());
            for (size_t i = 0; i < all.size(); ++i)
                compareWithGolden(all[i], c.at("levels").at(i));
        }
    }

    void sizeRuleMatchesPython() {
        int errors = 0;
        for (const auto& s : manifest().at("size_rule")) {
            const int h = s.at("height").get<int>(), w = s.at("width").get<int>();
            const std::string where = std::to_string(w) + "x" + std::to_string(h) + " budget " +
                                      std::to_string(s.at("max_patches").get<int>());
            try {
                const TargetSize t = aspectRatioPreservingSize(h, w, s.at("patch_size").get<int>(),
                                                               s.at("max_patches").get<int>(),
                                                               s.at("pooling").get<int>());
                QVERIFY2(s.at("result").is_array(), ("expected an error for " + where).c_str());
                QVERIFY2(t.height == s["result"][0].get<int>() &&
                             t.width == s["result"][1].get<int>(),
                         where.c_str());
            } catch (const facet::Error&) {
                QVERIFY2(s.at("result") == "error", ("unexpected error for " + where).c_str());
                ++errors;
            }
        }
        QVERIFY(errors > 0); // the manifest exercises the error branch
    }

    void rejectsUnsupportedLevel() {
        const RgbImage image{4, 4, PixelBytes(48, 7)};
        QVERIFY_THROWS_EXCEPTION(facet::Error, preprocess(image, 100));
        QVERIFY_THROWS_EXCEPTION(facet::Error, softTokensFor(640, 480, 0));
        const int bad[] = {280, 281};
        QVERIFY_THROWS_EXCEPTION(facet::Error, preprocessLevels(image, bad));
    }

    // The worked examples of docs/gemma4-inputs.md §1.3.
    void documentedExamples() {
        QCOMPARE(softTokensFor(1920, 1080, 70), 66);
        QCOMPARE(softTokensFor(1920, 1080, 280), 264);
        QCOMPARE(softTokensFor(1920, 1080, 1120), 1100);
        QCOMPARE(softTokensFor(224, 224, 280), 256);
        QCOMPARE(softTokensFor(640, 480, 280), 266);
        QCOMPARE(softTokensFor(1024, 1024, 1120), 1089);
    }
};

QTEST_GUILESS_MAIN(TestImagePreprocess)
#include "test_image_preprocess.moc"
