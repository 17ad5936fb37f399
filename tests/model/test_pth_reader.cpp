// PthFile against files torch.save wrote (make_pth_fixtures.py): names, dtypes, shapes and
// SHA-256 of every tensor's contiguous bytes must equal what torch computed; hostile or
// broken files must be refused with an error naming the file and the reason.
#include "common/bf16.h"
#include "model/pth_file.h"
#include "test_paths.h"

#include "expect_error.h"

#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include <fstream>
#include <random>

using namespace facet::model;

namespace {

const std::filesystem::path kData = facet::test::dataDir() / "pth";

nlohmann::json expected() {
    std::ifstream in(kData / "expected.json");
    return nlohmann::json::parse(in);
}

std::vector<std::int64_t> shapeOf(const nlohmann::json& j) {
    return j.get<std::vector<std::int64_t>>();
}

} // namespace

class PthReaderTest : public QObject {
    Q_OBJECT
private slots:
    void readsTorchFiles_data() {
        QTest::addColumn<QString>("file");
        const auto all = expected();
        for (const auto& [file, _] : all["files"].items())
            QTest::newRow(file.c_str()) << QString::fromStdString(file);
    }
    void readsTorchFiles() {
        QFETCH(QString, file);
        const auto want = expected()["files"][file.toStdString()];
        const PthFile pth = PthFile::open(kData / file.toStdString());
        QCOMPARE(pth.archiveName(), want["archive"].get<std::string>());
        QCOMPARE(pth.formatVersion(), std::string("3"));
        QCOMPARE(pth.tensors().size(), want["tensors"].size());
        for (size_t i = 0; i < pth.tensors().size(); ++i) {
            const TensorView& t = pth.tensors()[i];
            const auto& w = want["tensors"][i];
            QCOMPARE(t.name(), w["name"].get<std::string>());
            QCOMPARE(std::string(dtypeName(t.dtype())), w["dtype"].get<std::string>());
            QCOMPARE(t.shape(), shapeOf(w["shape"]));
            QCOMPARE(t.sha256(), w["sha256"].get<std::string>());
            QCOMPARE(t.toContiguousBytes().size(),
                     static_cast<size_t>(t.numel()) * dtypeSize(t.dtype()));
        }
    }

    void viewsKeepTorchLayout() {
        const PthFile pth = PthFile::open(kData / "mixed.pth");
        const TensorView& base = pth.at("f32");
        const TensorView& transposed = pth.at("transposed");
        QVERIFY(base.isContiguous());
        QVERIFY(!transposed.isContiguous());
        QCOMPARE(transposed.strides(), (std::vector<std::int64_t>{1, 8}));
        QVERIFY(throwsError([&] { (void)transposed.contiguousBytes(); }));
        const TensorView& slice = pth.at("slice_offset");
        QCOMPARE(slice.storageOffset(), std::int64_t{17});
        // Views of one storage point at the same mapped bytes: no copies.
        QCOMPARE(base.storageKey(), transposed.storageKey());
        QCOMPARE(base.storageBytes().data(), slice.storageBytes().data());
        QCOMPARE(pth.at("shared_a").storageBytes().data(),
                 pth.at("shared_b").storageBytes().data());
        QCOMPARE(pth.at("shared_b").storageOffset(), std::int64_t{6});
        // toFloats walks strides: transposed[i][j] == f32[j][i].
        const auto b = base.toFloats();
        const auto t = transposed.toFloats();
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 6; ++j)
                QCOMPARE(t[static_cast<size_t>(i * 6 + j)], b[static_cast<size_t>(j * 8 + i)]);
        QCOMPARE(pth.at("scalar").toFloats(), std::vector<float>{3.25f});
        QCOMPARE(pth.at("empty").numel(), std::int64_t{0});
        QVERIFY(throwsError([&] { (void)pth.at("i64").toFloats(); }));
        QVERIFY(throwsError([&] { (void)pth.at("no.such.tensor"); }));
    }

    void mappedDataIsAligned() {
        // torch pads every data/<key> record to 64 bytes; the reader must not move it.
        const PthFile pth = PthFile::open(kData / "mixed.pth");
        const auto* fileStart = pth.at("bf16").storageBytes().data();
        for (const TensorView& t : pth.tensors())
            QCOMPARE((t.storageBytes().data() - fileStart) % 64, std::ptrdiff_t{0});
    }

    void gathersEmbeddingRows() {
        const auto g = expected()["gather"];
        const PthFile pth = PthFile::open(kData / g["file"].get<std::string>());
        const TensorView& table = pth.at(g["tensor"].get<std::string>());
        const auto rows = g["rows"].get<std::vector<std::int64_t>>();
        const auto want = g["values"].get<std::vector<float>>();
        std::vector<float> out(want.size());
        gatherRows(table, rows, out);
        QCOMPARE(out, want);
        std::vector<std::uint16_t> bf16(want.size());
        gatherRowsBf16(table, rows, bf16);
        for (size_t i = 0; i < want.size(); ++i)
            QCOMPARE(facet::bf16ToFloat(bf16[i]), want[i]);
        const std::vector<std::int64_t> outside{16};
        std::vector<float> one(6);
        QVERIFY(throwsError(
            [&] { gatherRows(table, outside, one); },
            {"torch_artifacts.pth: tensor embed_tokens.weight: row 16 is outside [0, 16)"}));
        QVERIFY(throwsError([&] { gatherRows(table, rows, one); },
                            {"torch_artifacts.pth: tensor embed_tokens.weight: output holds 6 "
                             "values, expected 24"}));
        QVERIFY(
            throwsError([&] { gatherRows(pth.at("patch_embedder.input_proj.weight"), rows, out); },
                        {"torch_artifacts.pth: tensor patch_embedder.input_proj.weight"}));
    }

    void gathersFromStridedTable() {
        // The transposed view: row r of t is column r of f32.
        const PthFile pth = PthFile::open(kData / "mixed.pth");
        const auto all = pth.at("transposed").toFloats();
        const std::vector<std::int64_t> rows{7, 2};
        std::vector<float> out(12);
        gatherRows(pth.at("transposed"), rows, out);
        std::vector<float> two(2);
        QVERIFY(throwsError([&] { gatherRows(pth.at("i64"), {}, two); },
                            {"mixed.pth: tensor i64 is not 2-D"}));
        QVERIFY(throwsError([&] { gatherRows(pth.at("bf16"), rows, two); },
                            {"mixed.pth: tensor bf16: output holds 2 values, expected 14"}));
        for (size_t c = 0; c < 6; ++c) {
            QCOMPARE(out[c], all[7 * 6 + c]);
            QCOMPARE(out[6 + c], all[2 * 6 + c]);
        }
    }

    void survivesCorruption() {
        // Flipped bytes anywhere (pickle, headers, central directory) and truncations must
        // give either a valid file or a facet::Error, never a crash (run under ASan/UBSan too).
        std::ifstream in(kData / "mixed.pth", std::ios::binary);
        const std::vector<char> original((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "corrupt.pth";
        std::mt19937 random(12345);
        int refused = 0;
        for (int round = 0; round < 400; ++round) {
            std::vector<char> bytes = original;
            if (round % 10 == 9) {
                bytes.resize(random() % bytes.size() + 1);
            } else {
                for (int flips = 0; flips < 1 + round % 4; ++flips)
                    bytes[random() % bytes.size()] = static_cast<char>(random());
            }
            std::ofstream(path, std::ios::binary | std::ios::trunc)
                .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            try {
                const PthFile pth = PthFile::open(path);
                for (const TensorView& t : pth.tensors())
                    (void)t.sha256();
            } catch (const facet::Error&) {
                ++refused;
            }
        }
        QVERIFY(refused > 0);
    }

    void refusesBadFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        const auto all = expected();
        for (const auto& [file, message] : all["refused"].items())
            QTest::newRow(file.c_str()) << QString::fromStdString(file)
                                        << QString::fromStdString(message.get<std::string>());
        QTest::newRow("missing") << "does-not-exist.pth"
                                 << "cannot open";
    }
    void refusesBadFiles() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const auto path = kData / file.toStdString();
        try {
            (void)PthFile::open(path);
            QFAIL("accepted a file that must be refused");
        } catch (const facet::Error& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.startsWith(QString::fromStdString(path.string()) + ": "), e.what());
            QVERIFY2(what.contains(message), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(PthReaderTest)
#include "test_pth_reader.moc"
