// writeStateDict / writeTorchArtifacts: the files must load in the real torch.load with the
// same names, dtypes, shapes and bytes, and read back through PthFile unchanged.
#include "common/error.h"
#include "common/sha256.h"
#include "model/pth_file.h"
#include "model/pth_writer.h"
#include "test_paths.h"

#include "expect_error.h"
#include <QProcess>
#include <QTemporaryDir>

#include <QTest>
#include <nlohmann/json.hpp>

using namespace facet::model;

namespace {

nlohmann::json describeWithTorch(const std::filesystem::path& file) {
    QProcess python;
    python.start(QStringLiteral(FACET_PYTHON_EXE),
                 {QString::fromStdString(
                      (facet::test::sourceDir() / "tests/model/describe_pth.py").string()),
                  QString::fromStdString(file.string())});
    if (!python.waitForFinished(120000) || python.exitCode() != 0)
        qFatal("describe_pth.py failed: %s", python.readAllStandardError().constData());
    return nlohmann::json::parse(python.readAllStandardOutput().toStdString());
}

std::vector<TensorData> sampleTensors() {
    std::vector<TensorData> t;
    t.push_back({"patch_embedder.input_proj.weight",
                 DType::BFloat16,
                 {2, 3},
                 toBytes({1.0f, -2.5f, 3.0f, 0.1f, 257.0f, 259.0f}, DType::BFloat16)});
    t.push_back({"f32", DType::Float32, {4}, toBytes({1.0f, -2.0f, 3.5f, 1e-3f}, DType::Float32)});
    t.push_back({"f16",
                 DType::Float16,
                 {1, 2, 2},
                 toBytes({0.1f, 65504.0f, -6e-8f, 2.0f}, DType::Float16)});
    t.push_back({"i64", DType::Int64, {3}, toBytes(std::vector<std::int64_t>{-5, 1LL << 40, 0})});
    t.push_back({"scalar", DType::Float32, {}, toBytes({7.0f}, DType::Float32)});
    t.push_back({"empty", DType::Float32, {0, 3}, {}});
    return t;
}

void compareWithTorch(const nlohmann::json& torch, const std::vector<TensorData>& written,
                      const std::string& prefix) {
    for (const TensorData& t : written) {
        const std::string name = prefix + t.name;
        const auto it = std::find_if(torch["tensors"].begin(), torch["tensors"].end(),
                                     [&](const auto& j) { return j["name"] == name; });
        QVERIFY2(it != torch["tensors"].end(), name.c_str());
        QCOMPARE((*it)["dtype"].get<std::string>(), std::string(dtypeName(t.dtype)));
        QCOMPARE((*it)["shape"].get<std::vector<std::int64_t>>(), t.shape);
        QCOMPARE((*it)["sha256"].get<std::string>(), facet::sha256Hex(t.bytes));
    }
}

} // namespace

class PthWriterTest : public QObject {
    Q_OBJECT
private slots:
    void torchLoadsStateDict() {
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "written.pth";
        const auto tensors = sampleTensors();
        writeStateDict(path, "written", tensors);
        const auto torch = describeWithTorch(path);
        QCOMPARE(torch["top"].get<std::string>(), std::string("OrderedDict"));
        QCOMPARE(torch["tensors"].size(), tensors.size());
        compareWithTorch(torch, tensors, "");
        // Values decoded by torch: 0.1, 257 and 259 check round-to-nearest-even (257 -> 256, 259 ->
        // 260).
        const auto values = torch["tensors"][0]["values"].get<std::vector<double>>();
        QCOMPARE(values, (std::vector<double>{1.0, -2.5, 3.0, 0.10009765625, 256.0, 260.0}));
        QVERIFY(torch["records"].size() == 3 + tensors.size()); // data.pkl, byteorder, version
        QVERIFY(std::count(torch["records"].begin(), torch["records"].end(), "written/byteorder") ==
                1);
    }

    void torchLoadsArtifacts() {
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "torch_artifacts.pth";
        const auto tensors = sampleTensors();
        writeTorchArtifacts(path, "torch_artifacts",
                            {{"embed_tokens", {tensors[0]}}, {"vision", {tensors[1], tensors[3]}}});
        const auto torch = describeWithTorch(path);
        QCOMPARE(torch["top"].get<std::string>(), std::string("dict"));
        QCOMPARE(torch["tensors"].size(), size_t{3});
        compareWithTorch(torch, {tensors[0]}, "embed_tokens.");
        compareWithTorch(torch, {tensors[1], tensors[3]}, "vision.");
    }

    void readerRoundTrip() {
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "x.pth";
        const auto tensors = sampleTensors();
        writeStateDict(path, "any_name", tensors);
        const PthFile pth = PthFile::open(path);
        QCOMPARE(pth.archiveName(), std::string("any_name"));
        QCOMPARE(pth.tensors().size(), tensors.size());
        for (size_t i = 0; i < tensors.size(); ++i) {
            QCOMPARE(pth.tensors()[i].name(), tensors[i].name);
            QCOMPARE(pth.tensors()[i].shape(), tensors[i].shape);
            QVERIFY(pth.tensors()[i].toContiguousBytes() == tensors[i].bytes);
            QCOMPARE(
                (pth.tensors()[i].storageBytes().data() - pth.tensors()[0].storageBytes().data()) %
                    64,
                std::ptrdiff_t{0});
        }
    }

    void refusesInconsistentInput() {
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "bad.pth";
        std::vector<TensorData> bad{
            {"w", DType::Float32, {2, 2}, toBytes({1, 2, 3}, DType::Float32)}};
        QVERIFY(throwsError([&] { writeStateDict(path, "bad", bad); }));
        QVERIFY(throwsError([&] { writeStateDict(path, "a/b", {}); }));
        QVERIFY(
            throwsError([&] { writeStateDict("/nonexistent-dir/x.pth", "x", sampleTensors()); }));
    }
};

QTEST_APPLESS_MAIN(PthWriterTest)
#include "test_pth_writer.moc"
