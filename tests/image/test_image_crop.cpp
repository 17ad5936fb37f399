// Region crops (issue #58) against make_crop_goldens.py: the pixels equal Pillow's crop of the
// EXIF-oriented image, the PNG written for a crop decodes to those pixels again, the default
// level equals the one the Python size rule gives, and bad rectangles are refused naming the
// file.
#include "common/error.h"
#include "golden_data.h"
#include "image/crop.h"
#include "image/image.h"

#include <QTest>

#include <fstream>
#include <string>
#include <unistd.h>

using namespace facet::image;
using namespace facet::image::testing;

namespace {

std::filesystem::path cropDir() {
    return dataDir() / "crop";
}

const nlohmann::json& cropManifest() {
    static const nlohmann::json parsed = [] {
        std::ifstream in(cropDir() / "manifest.json");
        if (!in)
            throw std::runtime_error("goldens missing: run ctest (fixture image_crop_goldens)");
        return nlohmann::json::parse(in);
    }();
    return parsed;
}

std::vector<std::uint8_t> readBytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

CropRect rectOf(const nlohmann::json& r) {
    return {r[0].get<int>(), r[1].get<int>(), r[2].get<int>(), r[3].get<int>()};
}

} // namespace

class TestImageCrop : public QObject {
    Q_OBJECT

private slots:
    void pixelsEqualPillowsCropOfTheOrientedImage() {
        int checked = 0;
        for (const auto& c : cropManifest()["cases"]) {
            const auto file = cropDir() / c["file"].get<std::string>();
            const CropRect rect = rectOf(c["rect"]);
            const RgbImage crop = cropImage(decodeImage(file), rect);
            QCOMPARE(crop.width, c["width"].get<int>());
            QCOMPARE(crop.height, c["height"].get<int>());
            const auto expected = readBytes(cropDir() / c["golden"].get<std::string>());
            const std::string where = c["file"].get<std::string>() + " " + toString(rect);
            const std::string diff =
                firstDifference({crop.rgb.data(), crop.rgb.size()}, expected, crop.width);
            QVERIFY2(diff.empty(), (where + ": " + diff).c_str());

            // The file a crop is attached as: decoded by the engine's own PNG path, the same
            // pixels (the model sees exactly what was cut out).
            const auto png = croppedPng(file, rect);
            const auto pngFile = std::filesystem::temp_directory_path() /
                                 ("facet-crop-test-" + std::to_string(getpid()) + ".png");
            std::ofstream(pngFile, std::ios::binary)
                .write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
            const RgbImage again = decodeImage(pngFile);
            std::filesystem::remove(pngFile);
            QCOMPARE(again.width, crop.width);
            QVERIFY2(
                std::equal(again.rgb.begin(), again.rgb.end(), expected.begin(), expected.end()),
                (where + ": the PNG does not decode to the crop").c_str());
            ++checked;
        }
        QVERIFY(checked >= 10);
    }

    void defaultLevelFollowsThePythonSizeRule() {
        for (const auto* key : {"cases", "levels"})
            for (const auto& c : cropManifest()[key]) {
                const int w = c["width"].get<int>(), h = c["height"].get<int>();
                QVERIFY2(defaultCropLevel(w, h) == c["default_level"].get<int>(),
                         qPrintable(QString("%1x%2: %3, Python %4")
                                        .arg(w)
                                        .arg(h)
                                        .arg(defaultCropLevel(w, h))
                                        .arg(c["default_level"].get<int>())));
            }
        // Only the compiled levels are candidates: past the highest one, the highest one.
        const std::vector<int> compiled{70, 280};
        QCOMPARE(defaultCropLevel(433, 336, compiled), 280);
        QCOMPARE(defaultCropLevel(1500, 1100, compiled), 280);
        QCOMPARE(defaultCropLevel(100, 100, compiled), 70);
    }

    void badRectanglesAreRefusedNamingTheFile() {
        for (const auto& b : cropManifest()["bad"]) {
            const auto file = cropDir() / b["file"].get<std::string>();
            const CropRect rect = rectOf(b["rect"]);
            try {
                (void)croppedPng(file, rect);
                QFAIL(("accepted " + toString(rect)).c_str());
            } catch (const facet::Error& e) {
                const std::string what = e.what();
                QVERIFY2(what.find(file.string()) != std::string::npos, e.what());
                QVERIFY2(what.find(b["words"].get<std::string>()) != std::string::npos, e.what());
                QCOMPARE(e.info().path, file);
            }
        }
    }

    void rectanglesParseStrictly() {
        QVERIFY(parseCropRect("1,2,30,40") == (CropRect{1, 2, 30, 40}));
        for (const char* bad : {"", "1,2,3", "1,2,3,4,5", "-1,2,3,4", "1, 2,3,4", "a,b,c,d",
                                "1,2,3,4,", "+1,2,3,4", "1,2,3,99999999999"}) {
            try {
                (void)parseCropRect(bad);
                QFAIL(qPrintable(QString("accepted '%1'").arg(bad)));
            } catch (const facet::Error& e) {
                QCOMPARE(e.kind(), facet::ErrorKind::BadInput);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestImageCrop)
#include "test_image_crop.moc"
