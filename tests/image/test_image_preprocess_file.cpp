// preprocessFile (decoding overlapped with the resize, issue #59) against what it replaces,
// preprocessLevels(decodeImage(path), levels): the same bytes for the JPEGs it streams and for
// every file it hands to the ordinary path, and the same errors, truncation mid-stream included.
#include "common/error.h"
#include "golden_data.h"
#include "image/preprocess.h"
#include "test_paths.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstring>
#include <fstream>
#include <vector>

using namespace facet::image;
using namespace facet::image::testing;

namespace {

const std::vector<int> kAllLevels(kDetailLevels.begin(), kDetailLevels.end());

bool sameBytes(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0;
}

template <typename T> std::span<const std::uint8_t> bytesOf(const T& values) {
    return {reinterpret_cast<const std::uint8_t*>(values.data()),
            values.size() * sizeof(values[0])};
}

void compareResults(const std::vector<PreprocessedImage>& actual,
                    const std::vector<PreprocessedImage>& expected) {
    QCOMPARE(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        const PreprocessedImage &a = actual[i], &e = expected[i];
        QCOMPARE(a.level, e.level);
        QCOMPARE(a.maxPatches, e.maxPatches);
        QCOMPARE(a.patches, e.patches);
        QCOMPARE(a.softTokens, e.softTokens);
        QCOMPARE(a.resized.width, e.resized.width);
        QCOMPARE(a.resized.height, e.resized.height);
        QVERIFY2(sameBytes(a.resized.rgb, e.resized.rgb),
                 ("resized pixels differ at level " + std::to_string(a.level)).c_str());
        QVERIFY2(sameBytes(bytesOf(a.pixelValues), bytesOf(e.pixelValues)),
                 ("pixel values differ at level " + std::to_string(a.level)).c_str());
        QVERIFY2(sameBytes(bytesOf(a.positions), bytesOf(e.positions)),
                 ("positions differ at level " + std::to_string(a.level)).c_str());
    }
}

// The error text of fn(), or "" when it does not throw.
template <typename Fn> std::string errorOf(Fn&& fn) {
    try {
        fn();
    } catch (const facet::Error& e) {
        return e.what();
    }
    return {};
}

std::vector<char> readFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeFile(const std::filesystem::path& file, const char* data, size_t size) {
    std::ofstream out(file, std::ios::binary);
    out.write(data, static_cast<std::streamsize>(size));
}

} // namespace

class TestImagePreprocessFile : public QObject {
    Q_OBJECT
private slots:
    void sameAsDecodeThenPreprocess_data() {
        QTest::addColumn<QString>("path");
        // Streamed: the bench's 4000x3000 photo, a real photo, other baseline subsamplings.
        // Not streamed: progressive, grayscale, CMYK, rotated by EXIF, PNG, WebP, BMP.
        for (const char* file :
             {"photo_4000x3000.jpg", "baseline_800x600.jpg", "s444_500x300.jpg", "s422_300x500.jpg",
              "progressive_640x360.jpg", "gray_300x200.jpg", "cmyk_320x240.jpg",
              "orient6_150x90.jpg", "orient3_150x90.jpg", "rgb_1920x1080.png", "orient6_120x70.png",
              "lossy.webp", "rgb24.bmp"})
            QTest::newRow(file) << QString::fromStdString(imagePath(file).string());
        QTest::newRow("house.jpg") << QString::fromStdString(
            (facet::test::sourceDir() / "resources" / "samples" / "house.jpg").string());
    }

    // All five levels at once, and one level alone, as the session and the bench call it. The
    // file path runs first: released buffers are reused for the same length (large_buffer.h), so
    // run second it would find the reference's intermediates, which could hide a row read
    // before it was made.
    void sameAsDecodeThenPreprocess() {
        QFETCH(QString, path);
        const std::filesystem::path file = path.toStdString();
        const std::vector<PreprocessedImage> actual = preprocessFile(file, kAllLevels);
        const std::vector<PreprocessedImage> expected =
            preprocessLevels(decodeImage(file), kAllLevels);
        compareResults(actual, expected);
        if (QTest::currentTestFailed())
            return;
        const std::vector<PreprocessedImage> one{preprocessFile(file, 280)};
        compareResults(one, {expected[2]});
    }

    // The streamed path several times over: rows and groups race differently each time.
    void repeatedRunsAgree() {
        const std::filesystem::path file = imagePath("photo_4000x3000.jpg");
        const std::vector<int> levels{280, 1120};
        const std::vector<PreprocessedImage> expected = preprocessLevels(decodeImage(file), levels);
        for (int run = 0; run < 4 && !QTest::currentTestFailed(); ++run)
            compareResults(preprocessFile(file, levels), expected);
    }

    // Cut short at several points: the decoder fails after the resize has consumed rows; the
    // caller gets decodeImage's error, never a partial image, and the waiting task returns.
    void truncatedJpegSameError_data() {
        QTest::addColumn<double>("keep");
        for (double keep : {0.05, 0.3, 0.7, 0.99})
            QTest::newRow(QByteArray::number(keep).constData()) << keep;
    }

    void truncatedJpegSameError() {
        QFETCH(double, keep);
        const std::vector<char> whole = readFile(imagePath("photo_4000x3000.jpg"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path cut = dir.filePath("cut.jpg").toStdString();
        writeFile(cut, whole.data(), static_cast<size_t>(static_cast<double>(whole.size()) * keep));
        const std::string expected = errorOf([&] { decodeImage(cut); });
        QVERIFY2(expected.starts_with(cut.string() + ": "), expected.c_str());
        QCOMPARE(errorOf([&] { preprocessFile(cut, kAllLevels); }), expected);
        QCOMPARE(errorOf([&] { preprocessFile(cut, 280); }), expected);
    }

    void goldenTruncatedJpegSameError() {
        const std::filesystem::path file = imagePath("truncated.jpg");
        const std::string expected = errorOf([&] { decodeImage(file); });
        QVERIFY2(expected.find("truncated") != std::string::npos, expected.c_str());
        QCOMPARE(errorOf([&] { preprocessFile(file, 280); }), expected);
    }

    // A bad level is reported as preprocessLevels reports it, after any decoding error.
    void levelErrorsAsBefore() {
        const std::filesystem::path good = imagePath("baseline_800x600.jpg");
        const std::vector<int> bad{280, 33};
        const std::string expected = errorOf([&] { preprocessLevels(decodeImage(good), bad); });
        QVERIFY2(expected.find("unsupported detail level 33") != std::string::npos,
                 expected.c_str());
        QCOMPARE(errorOf([&] { preprocessFile(good, bad); }), expected);
        const std::filesystem::path truncated = imagePath("truncated.jpg");
        QCOMPARE(errorOf([&] { preprocessFile(truncated, bad); }),
                 errorOf([&] { decodeImage(truncated); }));
    }
};

QTEST_GUILESS_MAIN(TestImagePreprocessFile)
#include "test_image_preprocess_file.moc"
