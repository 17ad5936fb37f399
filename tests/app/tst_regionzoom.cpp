// "Ask about this region" (issue #58) in the app, on the scripted engine: the composer attaches
// the crop after its image at the lowest compiled level that keeps it whole, with its pixels
// those of Qt's own crop of the source (an independent decoder); a bad rectangle is refused
// naming the file; Send stores the crop, its source and the rectangle; conversations from
// before regions load; Markdown and JSON exports show both images.
#include "Attachments/attachmentmodel.h"
#include "Common/appcontroller.h"
#include "core/conversations/conversation.h"
#include "core/conversations/conversationexport.h"
#include "core/conversations/conversationstore.h"
#include "scriptedbackend.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

class RegionZoomTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    QString photo_; // 320 x 200, every pixel different enough to catch an offset crop
    int storeCount_ = 0;

    app::ConversationStore store() const {
        return app::ConversationStore(dir_.filePath(QString::number(storeCount_)));
    }

private slots:
    void initTestCase() {
        QImage image(320, 200, QImage::Format_RGB888);
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixel(x, y, qRgb(x % 256, (y * 3) % 256, (x * 7 + y * 11) % 256));
        photo_ = dir_.filePath("photo.png");
        QVERIFY(image.save(photo_));
    }
    void init() {
        script_ = std::make_shared<app::ScriptedEngine>();
        ++storeCount_;
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(storeCount_)),
                                                   app::makeScriptedBackend(script_));
        app_->engine()->model().loadModelDir("scripted", 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(app_->engine()->model().ready(), 5000);
    }
    void cleanup() { app_.reset(); }

    void regionIsAttachedAfterItsImage() {
        ui::AttachmentModel& a = *app_->attachments();
        QVERIFY(a.addFiles({photo_}).isEmpty());
        QCOMPARE(a.addRegion(0, 40, 30, 100, 50, {70, 280}), QString());
        QCOMPARE(a.rowCount(), 2);
        const QModelIndex crop = a.index(1);
        QCOMPARE(a.data(crop, ui::AttachmentModel::IsRegionRole).toBool(), true);
        QCOMPARE(a.data(crop, ui::AttachmentModel::RegionRole).toRect(), QRect(40, 30, 100, 50));
        QCOMPARE(a.data(crop, ui::AttachmentModel::RegionSourceRole).toString(),
                 QString("photo.png"));
        QCOMPARE(a.data(a.index(0), ui::AttachmentModel::IsRegionRole).toBool(), false);
        // 100 x 50 fits 70's resize (432 x 192 for this shape) without shrinking.
        QCOMPARE(a.levelAt(1), 70);
        QCOMPARE(a.data(crop, ui::AttachmentModel::WidthRole).toInt(), 100);
        const QImage expected =
            QImage(photo_).copy(40, 30, 100, 50).convertToFormat(QImage::Format_RGB888);
        const QImage got = QImage(a.items().at(1).path).convertToFormat(QImage::Format_RGB888);
        QCOMPARE(got.size(), expected.size());
        QVERIFY(got == expected);

        // Only compiled levels: the lowest of them when even it keeps the crop whole. A second
        // region of the first image goes right after it, before the first region.
        QCOMPARE(a.addRegion(0, 0, 0, 300, 200, {280, 140}), QString());
        QCOMPARE(a.levelAt(1), 140);
        QCOMPARE(a.data(a.index(1), ui::AttachmentModel::RegionRole).toRect(),
                 QRect(0, 0, 300, 200));
        QCOMPARE(a.levelAt(2), 70);
        QCOMPARE(a.rowCount(), 3);
    }

    void badRectangleIsRefusedNamingTheFile() {
        ui::AttachmentModel& a = *app_->attachments();
        QVERIFY(a.addFiles({photo_}).isEmpty());
        QSignalSpy rejected(&a, &ui::AttachmentModel::rejected);
        const QString outside = a.addRegion(0, 300, 10, 40, 40, {70});
        QVERIFY2(outside.contains(photo_) && outside.contains("320x200"), qPrintable(outside));
        QVERIFY(a.addRegion(0, 10, 10, 0, 40, {70}).contains("no area"));
        QCOMPARE(rejected.count(), 2);
        QCOMPARE(a.rowCount(), 1);
    }

    void sentRegionKeepsSourceRectangleAndCrop() {
        ui::AttachmentModel& a = *app_->attachments();
        QVERIFY(a.addFiles({photo_}).isEmpty());
        QCOMPARE(a.addRegion(0, 40, 30, 100, 50, {70, 280}), QString());
        QVERIFY(app_->chat()->send("What is written here?"));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        QCOMPARE(a.rowCount(), 0);

        // The engine got both images: the whole one at the message's level, the crop at 70.
        const auto requests = script_->requests();
        QCOMPARE(requests.size(), std::size_t{1});
        std::vector<int> levels;
        for (const auto& part : requests[0].newUserTurn)
            if (part.kind == generate::UserPart::Kind::Image)
                levels.push_back(part.image.level);
        QCOMPARE(levels.size(), std::size_t{2});
        QCOMPARE(levels[1], 70);

        const QString id = app_->library()->currentId();
        const app::Conversation saved = store().load(id);
        const QList<app::StoredImage>& images = saved.messages.at(0).images;
        QCOMPARE(images.size(), 2);
        QVERIFY(!images[0].region);
        QVERIFY(images[1].region.has_value());
        const app::ImageRegion& r = *images[1].region;
        QCOMPARE(QRect(r.x, r.y, r.width, r.height), QRect(40, 30, 100, 50));
        QCOMPARE(r.sourceName, QString("photo.png"));
        QCOMPARE(images[1].width, 100);
        QCOMPARE(images[1].level, 70);
        // The source is stored in the conversation's folder, byte for byte.
        QFile source(store().imagePath(id, r.sourceFile));
        QFile original(photo_);
        QVERIFY(source.open(QIODevice::ReadOnly) && original.open(QIODevice::ReadOnly));
        QCOMPARE(source.readAll(), original.readAll());
        QVERIFY(QImage(store().imagePath(id, images[1].file)).size() == QSize(100, 50));
    }

    void oldConversationsLoadAndRegionsRoundTrip() {
        app::Conversation c;
        c.id = "c1";
        c.title = "Region";
        app::Message m;
        m.id = "m1";
        m.text = "What is written?";
        app::StoredImage whole;
        whole.file = "images/whole.png";
        whole.originalName = "photo.png";
        app::StoredImage crop;
        crop.file = "images/crop.png";
        crop.originalName = "region-1.png";
        crop.level = 70;
        crop.region = app::ImageRegion{"images/whole.png", "photo.png", 40, 30, 100, 50};
        m.images = {whole, crop};
        c.messages = {m};
        const QJsonObject json = app::toJson(c);
        const app::Conversation back = app::conversationFromJson(json);
        QVERIFY(!back.messages[0].images[0].region);
        QVERIFY(back.messages[0].images[1].region.has_value());
        QCOMPARE(back.messages[0].images[1].region->sourceFile, QString("images/whole.png"));
        QCOMPARE(back.messages[0].images[1].region->height, 50);

        // A file written before regions existed: no "region" key, whole images.
        QJsonObject old = json;
        QJsonArray messages = old["messages"].toArray();
        QJsonObject first = messages[0].toObject();
        QJsonArray images = first["images"].toArray();
        QJsonObject second = images[1].toObject();
        second.remove("region");
        images[1] = second;
        first["images"] = images;
        messages[0] = first;
        old["messages"] = messages;
        QVERIFY(!app::conversationFromJson(old).messages[0].images[1].region);

        // A region's source outside the conversation folder is refused like an image's file.
        QJsonObject region = json["messages"][0]["images"][1]["region"].toObject();
        region["source_file"] = "../other/secret.png";
        second = json["messages"][0]["images"][1].toObject();
        second["region"] = region;
        images[1] = second;
        first["images"] = images;
        messages[0] = first;
        old["messages"] = messages;
        QVERIFY_THROWS_EXCEPTION(std::exception, app::conversationFromJson(old));

        // Exports show both: the crop with its level, and under it the source and the rectangle.
        const QString md = app::toMarkdown(back, "/data/conv");
        QVERIFY2(md.contains("![region-1.png](/data/conv/images/crop.png)"), qPrintable(md));
        QVERIFY2(md.contains("Region x 40, y 30, 100×50 pixels of* "
                             "[photo.png](/data/conv/images/whole.png)"),
                 qPrintable(md));
        const QJsonObject exported =
            QJsonDocument::fromJson(app::toJsonExport(back, "/data/conv")).object();
        QCOMPARE(exported["messages"][0]["images"][1]["region"]["source_path"].toString(),
                 QString("/data/conv/images/whole.png"));
    }
};

QTEST_MAIN(RegionZoomTest)
#include "tst_regionzoom.moc"
