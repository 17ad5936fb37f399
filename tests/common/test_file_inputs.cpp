// Finding 8 of issue 17: a FIFO, a device, a directory or a huge file named where the engine
// expects a config, a tokenizer.json, a .pth or an image must give "PATH: reason" at once —
// before this, a FIFO blocked forever and /dev/zero was read until memory ran out.
#include "common/error.h"
#include "common/regular_file.h"
#include "model/json_fields.h"
#include "model/pth_file.h"
#include "text/tokenizer.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <functional>
#include <sys/stat.h>

namespace {

using Reader = std::function<void(const std::filesystem::path&)>;

// Every engine reader of a user-named file, by kind.
std::vector<std::pair<const char*, Reader>> readers() {
    return {
        {"RegularFile",
         [](const auto& p) { (void)facet::readTextFile(p, facet::kMaxJsonConfigBytes, "a test"); }},
        {"config.json", [](const auto& p) { (void)facet::model::readJsonObjectFile(p); }},
        {"tokenizer.json",
         [](const auto& p) {
             facet::text::TokenizerLoadOptions o;
             o.useCache = false;
             (void)facet::text::Tokenizer::load(p, o);
         }},
        {".pth", [](const auto& p) { (void)facet::model::PthFile::open(p); }},
    };
}

void expectRefused(const std::filesystem::path& path, const std::string& reason) {
    for (const auto& [kind, read] : readers()) {
        try {
            read(path);
            QFAIL((std::string(kind) + " accepted " + path.string()).c_str());
        } catch (const facet::Error& e) {
            const std::string what = e.what();
            QVERIFY2(what.starts_with(path.string() + ": ") &&
                         what.find(reason) != std::string::npos,
                     (std::string(kind) + ": " + what).c_str());
        }
    }
}

} // namespace

class FileInputsTest : public QObject {
    Q_OBJECT
private slots:
    void fifoIsRefusedWithoutBlocking() {
        QTemporaryDir dir;
        const std::filesystem::path fifo = dir.path().toStdString() + "/config.json";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        expectRefused(fifo, "not a regular file (a FIFO)");
        // Through a symbolic link: links are followed, the target is what counts.
        const std::filesystem::path link = dir.path().toStdString() + "/link.json";
        std::filesystem::create_symlink(fifo, link);
        expectRefused(link, "not a regular file (a FIFO)");
    }

    void deviceIsRefused() {
        expectRefused("/dev/zero", "not a regular file (a character device)");
    }

    void directoryIsRefused() {
        QTemporaryDir dir;
        expectRefused(dir.path().toStdString(), "not a regular file (a directory)");
    }

    void hugeFileIsRefusedBeforeReading() {
        // A sparse 5 GB file: refused by its size, no byte read (reading it would take seconds
        // and 5 GB of memory).
        QTemporaryDir dir;
        const std::filesystem::path huge = dir.path().toStdString() + "/huge.json";
        std::ofstream(huge) << "{}";
        std::filesystem::resize_file(huge, std::uint64_t{5} << 30);
        for (const auto& [kind, read] : readers()) {
            if (std::string(kind) == ".pth")
                continue; // mapped, not read: its size costs address space only
            try {
                read(huge);
                QFAIL(kind);
            } catch (const facet::Error& e) {
                QVERIFY2(std::string(e.what()).find("is 5368709120 bytes; ") != std::string::npos,
                         e.what());
            }
        }
    }

    void missingFileNamesThePath() { expectRefused("/nonexistent/x.json", "cannot open"); }
};

QTEST_APPLESS_MAIN(FileInputsTest)
#include "test_file_inputs.moc"
