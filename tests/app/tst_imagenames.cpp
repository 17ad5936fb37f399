// Issue #55: an image named with 'é', '한글', a space, '#' or '%' got no thumbnail and "what the
// model sees" said "could not be prepared … 0×0" (the provider read the id Qt Quick handed it as
// Latin-1 and decoded the path wrong). Each name goes through every way an image is attached —
// dropped or picked (URLs), pasted (a URI list on the clipboard), given on the command line
// (paths) — and its thumbnail and model view are loaded by a real Qt Quick Image with the app's
// image provider, as the views load them; the Markdown export links to the files with URLs.
#include "Attachments/attachmentmodel.h"
#include "Attachments/imageprovider.h"
#include "Attachments/imageurls.h"
#include "core/conversations/conversationexport.h"
#include "test_paths.h"

#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QMimeData>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace facet;

namespace {

const QStringList kNames{"café.png",      "한글 사진.png", "a b.png",
                         "issue #55.png", "100% zoom.png", "mixed é 한 #%?.png"};

// A Qt Quick Image (asynchronous, as in the chips) showing `url`: its status once settled
// (1 Ready, 3 Error) and its image size.
struct Loaded {
    int status = 0;
    QSize size;
};

Loaded loadInImage(QQmlEngine& engine, const QUrl& url) {
    QQmlComponent component(&engine);
    component.setData("import QtQuick\nImage { asynchronous: true }", QUrl());
    std::unique_ptr<QObject> image(component.create());
    if (!image)
        return {};
    image->setProperty("source", url);
    const bool settled =
        QTest::qWaitFor([&] { return image->property("status").toInt() != 2; }, 10000);
    if (!settled)
        return {2, {}};
    return {image->property("status").toInt(), image->property("sourceSize").toSize()};
}

} // namespace

class ImageNamesTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        const QString source =
            QString::fromStdString((test::sourceDir() / "tests/qml/data/gradient.png").string());
        original_ = QImage(source).size();
        QVERIFY(!original_.isEmpty());
        // A folder with the same kind of name: the whole path counts, not just the file name.
        QVERIFY(QDir(dir_.path()).mkpath("사진 #1 %"));
        for (const QString& name : kNames) {
            const QString path = dir_.path() + "/사진 #1 %/" + name;
            QVERIFY(QFile::copy(source, path));
            files_ << path;
        }
        engine_.addImageProvider("facet", new ui::ImageProvider);
    }

    void everyAttachPathShowsTheImage_data() {
        QTest::addColumn<QString>("how");
        for (const char* how : {"drop or picker", "paste", "command line"})
            QTest::newRow(how) << QString::fromLatin1(how);
    }

    void everyAttachPathShowsTheImage() {
        QFETCH(QString, how);
        ui::AttachmentModel model;
        QStringList problems;
        if (how == "drop or picker") {
            QList<QUrl> urls;
            for (const QString& f : files_)
                urls << QUrl::fromLocalFile(f);
            problems = model.addUrls(urls);
        } else if (how == "paste") {
            auto* mime = new QMimeData;
            QList<QUrl> urls;
            for (const QString& f : files_)
                urls << QUrl::fromLocalFile(f);
            mime->setUrls(urls);
            QGuiApplication::clipboard()->setMimeData(mime);
            problems = model.pasteFromClipboard();
        } else {
            problems = model.addFiles(files_);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        QCOMPARE(model.rowCount(), files_.size());
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            QCOMPARE(model.data(index, ui::AttachmentModel::PathRole).toString(), files_[row]);
            QCOMPARE(model.data(index, ui::AttachmentModel::NameRole).toString(), kNames[row]);
            const QUrl thumbnail = model.data(index, ui::AttachmentModel::ThumbnailRole).toUrl();
            QVERIFY2(!thumbnail.toString(QUrl::FullyEncoded).contains(' '),
                     qPrintable(thumbnail.toString()));
            const Loaded thumb = loadInImage(engine_, thumbnail);
            QVERIFY2(thumb.status == 1, qPrintable(kNames[row]));
            QVERIFY(!thumb.size.isEmpty());
            // "What the model sees" at 280: the image resized to the model's input, not 0×0.
            const Loaded seen = loadInImage(engine_, ui::ImageUrls().seen(280, files_[row]));
            QVERIFY2(seen.status == 1, qPrintable(kNames[row]));
            QVERIFY(seen.size.width() > 0 && seen.size.height() > 0);
        }
    }

    void providerReadsEveryFormOfTheId() {
        for (const QString& f : files_) {
            const QUrl url = ui::thumbnailUrl(f);
            // As Qt Quick hands it over (decoded for display) and fully encoded.
            for (auto form : {QUrl::PrettyDecoded, QUrl::FullyEncoded}) {
                const QString id = url.toString(form | QUrl::RemoveScheme | QUrl::RemoveAuthority);
                QCOMPARE(ui::pathFromImageId(QStringView(id).mid(QStringLiteral("/thumb/").size())),
                         f);
            }
        }
    }

    // The Markdown export links its images with URLs (a raw space ends a link, '#' starts a
    // fragment): each link, decoded, is the file's path; alt texts cannot close the link.
    void markdownExportLinksAreUrls() {
        app::Conversation c;
        c.title = "What is in this photo?";
        app::Message user;
        user.text = "What is in this photo?";
        for (const QString& name : kNames)
            user.images.append({"images/" + name, name + " [x]", 280, 10, 10, 256});
        c.messages.append(user);
        const QString folder = "What is in this photo-images";
        const QString md = app::toMarkdown(c, folder);
        static const QRegularExpression link(
            QStringLiteral(R"(!\[((?:\\.|[^\]\\])*)\]\(([^)]*)\))"));
        QStringList targets;
        for (const auto& m : link.globalMatch(md)) {
            QVERIFY2(!m.captured(2).contains(' '), qPrintable(m.captured(2)));
            targets << QUrl::fromPercentEncoding(m.captured(2).toUtf8());
        }
        QStringList expected;
        for (const QString& name : kNames)
            expected << folder + "/images/" + name;
        QCOMPARE(targets, expected);
        // The JSON export is for programs: plain paths.
        QVERIFY(
            app::toJsonExport(c, folder).contains("What is in this photo-images/images/a b.png"));
    }

    void exportNamesAreClean_data() {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("name");
        QTest::newRow("question") << "What is in this photo?"
                                  << "What is in this photo";
        QTest::newRow("sentence") << "Describe it in a few words."
                                  << "Describe it in a few words";
        QTest::newRow("punctuation") << "Receipt: 12/3 \"total\""
                                     << "Receipt 12-3 total";
        QTest::newRow("spaces") << "  two   spaces \t"
                                << "two spaces";
        QTest::newRow("dots") << "...hidden?"
                              << "hidden";
        QTest::newRow("nothing left") << "???"
                                      << "conversation";
        QTest::newRow("korean") << "사진에 뭐가 있나요?"
                                << "사진에 뭐가 있나요";
    }

    void exportNamesAreClean() {
        QFETCH(QString, title);
        QFETCH(QString, name);
        QCOMPARE(app::exportBaseName(title), name);
    }

private:
    QTemporaryDir dir_;
    QStringList files_;
    QSize original_;
    QQmlEngine engine_;
};

QTEST_MAIN(ImageNamesTest)
#include "tst_imagenames.moc"
