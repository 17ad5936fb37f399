// Files that must be refused: the error names the file and the reason, and over-limit images
// are refused from the header, before any pixel buffer is allocated.
#include "common/error.h"
#include "golden_data.h"
#include "image/image.h"

#include <QTest>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <memory>
#include <new>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

// Largest single allocation since the last reset: lets the test prove that a 20000 x 20000
// header is refused without allocating its 1.2 GB of pixels. Image-sized buffers bypass operator
// new (they are mapped directly, common/large_buffer.h), so the process's peak virtual size is
// checked as well.
namespace {
std::atomic<std::size_t> largestAllocation{0};

// A "Vm…: N kB" line of /proc/self/status, in bytes (0 where /proc is missing).
std::size_t procStatusBytes(const std::string& key) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(key + ":", 0) == 0)
            return std::stoull(line.substr(key.size() + 1)) * 1024;
    return 0;
}
} // namespace

void* operator new(std::size_t size) {
    std::size_t seen = largestAllocation.load();
    while (size > seen && !largestAllocation.compare_exchange_weak(seen, size)) {
    }
    if (void* p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}

using namespace facet::image;
using namespace facet::image::testing;

class TestImageErrors : public QObject {
    Q_OBJECT

    static std::filesystem::path scratchDir() {
        return std::filesystem::temp_directory_path() /
               ("facet-image-errors-" + std::to_string(::getpid()));
    }

private slots:
    void cleanupTestCase() {
        std::error_code ec;
        std::filesystem::remove_all(scratchDir(), ec);
    }

    void refusesWithPathAndReason_data() {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("keyword");
        for (const auto& e : manifest().at("errors"))
            QTest::newRow(e.at("file").get<std::string>().c_str())
                << e.at("file").get<std::string>() << e.at("keyword").get<std::string>();
    }

    void refusesWithPathAndReason() {
        QFETCH(std::string, file);
        QFETCH(std::string, keyword);
        const auto path = imagePath(file);
        for (int probeOnly = 0; probeOnly < 2; ++probeOnly) {
            if (probeOnly && keyword == "truncated")
                continue; // truncated pixel data is only found by decoding
            largestAllocation = 0;
            const std::size_t sizeBefore = procStatusBytes("VmSize");
            try {
                if (probeOnly)
                    probeDimensions(path);
                else
                    decodeImage(path);
                QFAIL(("accepted " + file).c_str());
            } catch (const facet::Error& e) {
                const std::string message = e.what();
                QVERIFY2(message.rfind(path.string() + ": ", 0) == 0, message.c_str());
                QVERIFY2(message.find(keyword) != std::string::npos, message.c_str());
            }
            if (keyword == "exceeds") {
                QVERIFY2(largestAllocation < 1'000'000,
                         std::to_string(largestAllocation.load()).c_str());
                // The pixels alone would be 1.2 GB; allow for allocator arenas and stacks.
                const std::size_t peak = procStatusBytes("VmPeak");
                QVERIFY2(peak < sizeBefore + 200'000'000,
                         (std::to_string(peak) + " vs " + std::to_string(sizeBefore)).c_str());
            }
        }
    }

    void bombFilesAreTiny() {
        QVERIFY(std::filesystem::file_size(imagePath("bomb_20000x20000.png")) < 1000);
        QVERIFY(std::filesystem::file_size(imagePath("bomb_20000x20000.bmp")) < 1000);
    }

    void missingFileAndDirectory() {
        const auto missing = dataDir() / "no-such-image.png";
        QVERIFY_THROWS_EXCEPTION(facet::Error, decodeImage(missing));
        QVERIFY_THROWS_EXCEPTION(facet::Error, decodeImage(dataDir()));
    }

    // Issue #17, finding 8: what the path names is checked before anything is read. Each case
    // runs on its own thread so that a regression (a blocking open) fails instead of hanging.
    void nonRegularFilesAndHugeFiles_data() {
        QTest::addColumn<std::string>("name");
        QTest::addColumn<std::string>("keyword");
        QTest::newRow("fifo") << std::string("image.fifo") << std::string("FIFO");
        QTest::newRow("link to fifo") << std::string("fifo-link.png") << std::string("FIFO");
        QTest::newRow("dev zero") << std::string("/dev/zero") << std::string("device");
        QTest::newRow("4 GiB png") << std::string("huge.png") << std::string("MiB");
        QTest::newRow("4 GiB text") << std::string("huge.txt") << std::string("not a supported");
    }

    void nonRegularFilesAndHugeFiles() {
        QFETCH(std::string, name);
        QFETCH(std::string, keyword);
        const auto dir = scratchDir();
        std::filesystem::create_directories(dir);
        const auto fifo = dir / "image.fifo";
        if (!std::filesystem::exists(fifo))
            QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        std::error_code ec;
        std::filesystem::create_symlink(fifo, dir / "fifo-link.png", ec);
        for (const char* huge : {"huge.png", "huge.txt"}) {
            std::ofstream out(dir / huge, std::ios::binary);
            if (std::string(huge) == "huge.png")
                out << "\x89PNG\r\n\x1a\n";
            out.close();
            std::filesystem::resize_file(dir / huge, std::uintmax_t{4} << 30); // sparse
        }
        const std::filesystem::path path =
            name[0] == '/' ? std::filesystem::path(name) : dir / name;
        largestAllocation = 0;
        auto result = std::make_shared<std::promise<std::string>>();
        std::future<std::string> message = result->get_future();
        std::thread([path, result] {
            try {
                decodeImage(path);
                result->set_value("accepted");
            } catch (const facet::Error& e) {
                result->set_value(e.what());
            } catch (const std::exception& e) {
                result->set_value(std::string("not a facet::Error: ") + e.what());
            }
        }).detach();
        QVERIFY2(message.wait_for(std::chrono::seconds(10)) == std::future_status::ready,
                 ("blocked on " + path.string()).c_str());
        const std::string text = message.get();
        std::filesystem::remove(dir / "huge.png", ec);
        std::filesystem::remove(dir / "huge.txt", ec);
        QVERIFY2(text.rfind(path.string() + ": ", 0) == 0, text.c_str());
        QVERIFY2(text.find(keyword) != std::string::npos, text.c_str());
        QVERIFY2(largestAllocation < 1'000'000, std::to_string(largestAllocation.load()).c_str());
    }

    void pillowRefusesTheSameFiles() {
        // Sanity of the fixture: everything but TIFF (which Pillow reads, and we do not support)
        // is refused by Pillow as well.
        for (const auto& e : manifest().at("errors"))
            QCOMPARE(e.at("pillow_refuses").get<bool>(), e.at("file") != "photo.tiff");
    }
};

QTEST_GUILESS_MAIN(TestImageErrors)
#include "test_image_errors.moc"
