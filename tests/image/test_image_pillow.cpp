// Agreement with Pillow 9.4 on crafted edge cases of its own decoders (issue #17): for each file,
// Pillow's decision (decode or refuse) recorded by make_image_goldens.py, and where it decodes,
// its pixels. Facet must decide the same and produce the same bytes; a refusal must name the file.
#include "common/error.h"
#include "golden_data.h"
#include "image/image.h"

#include <QTest>

using namespace facet::image;
using namespace facet::image::testing;

class TestImagePillow : public QObject {
    Q_OBJECT
private slots:
    void sameDecisionAndPixels_data() {
        QTest::addColumn<int>("index");
        const auto& cases = manifest().at("pillow_cases");
        for (size_t i = 0; i < cases.size(); ++i)
            QTest::newRow(cases[i].at("file").get<std::string>().c_str()) << static_cast<int>(i);
    }

    void sameDecisionAndPixels() {
        QFETCH(int, index);
        const auto& c = manifest().at("pillow_cases").at(static_cast<size_t>(index));
        const auto path = imagePath(c.at("file").get<std::string>());
        if (c.at("pillow") == "refuses") {
            try {
                const RgbImage image = decodeImage(path);
                QFAIL(("Pillow refuses (" + c.at("reason").get<std::string>() +
                       "), Facet decoded " + std::to_string(image.width) + "x" +
                       std::to_string(image.height))
                          .c_str());
            } catch (const facet::Error& e) {
                const std::string message = e.what();
                QVERIFY2(message.rfind(path.string() + ": ", 0) == 0, message.c_str());
            }
            return;
        }
        RgbImage image;
        try {
            image = decodeImage(path);
        } catch (const facet::Error& e) {
            QFAIL((std::string("Pillow decodes, Facet refuses: ") + e.what()).c_str());
        }
        QCOMPARE(image.width, c.at("width").get<int>());
        QCOMPARE(image.height, c.at("height").get<int>());
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
};

QTEST_GUILESS_MAIN(TestImagePillow)
#include "test_image_pillow.moc"
