// Decoding vs Pillow (exif_transpose + convert("RGB")) on every generated image, bit for bit.
#include "common/error.h"
#include "golden_data.h"
#include "image/image.h"

#include <QTest>

using namespace facet::image;
using namespace facet::image::testing;

class TestImageDecode : public QObject {
    Q_OBJECT
private slots:
    void decodesLikePillow_data() {
        QTest::addColumn<int>("index");
        const auto& cases = manifest().at("cases");
        for (size_t i = 0; i < cases.size(); ++i)
            QTest::newRow(cases[i].at("file").get<std::string>().c_str()) << static_cast<int>(i);
    }

    void decodesLikePillow() {
        QFETCH(int, index);
        const auto& c = manifest().at("cases").at(static_cast<size_t>(index));
        const auto path = imagePath(c.at("file").get<std::string>());
        const RgbImage image = decodeImage(path);
        QCOMPARE(image.width, c.at("width").get<int>());
        QCOMPARE(image.height, c.at("height").get<int>());
        QCOMPARE(image.rgb.size(), static_cast<size_t>(image.width) * image.height * 3);
        if (c.contains("decoded")) {
            const auto expected = readGolden(c.at("decoded").get<std::string>());
            const std::string diff = firstDifference(image.rgb, expected, image.width);
            QVERIFY2(diff.empty(), diff.c_str());
        }
        QCOMPARE(crc32(image.rgb), c.at("decoded_crc").get<std::uint32_t>());

        const Dimensions probed = probeDimensions(path);
        QCOMPARE(probed.width, image.width);
        QCOMPARE(probed.height, image.height);
    }

    // The orientation samples differ only in their EXIF tag: 5..8 swap the sides.
    void orientationSwapsSides() {
        for (int o = 1; o <= 8; ++o) {
            const auto d = probeDimensions(imagePath("orient" + std::to_string(o) + "_150x90.jpg"));
            QCOMPARE(d.width, o >= 5 ? 90 : 150);
            QCOMPARE(d.height, o >= 5 ? 150 : 90);
        }
    }
};

QTEST_GUILESS_MAIN(TestImageDecode)
#include "test_image_decode.moc"
