// The device layer over the simulator loaded exactly like the real runtime (dlopen of the file
// named by FACET_RBLN_RUNTIME): library discovery and errors, signature checks, input size
// checks, runtime errors with the graph name and the runtime's message, fault injection.
#include "sim_test_support.h"
#include "test_paths.h"

#include "common/error.h"

#include <QTest>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include <sys/stat.h>

using namespace facet;
namespace fs = std::filesystem;

namespace {

// The simulator's runtime library as this build tree holds it (engine/sim/CMakeLists.txt). Found
// from the tree at run time, not compiled in: another clone's build then takes this test's object
// from ccache (its absolute path in a definition made every clone miss, 8 s of a warm build).
fs::path simRuntimeFile() {
    return facet::test::binaryDir() / "engine" / "sim" / "libfacet_rblnsim.so";
}

template <class F> QString errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class DeviceLayerTest : public QObject {
    Q_OBJECT

    fs::path folder_;
    std::shared_ptr<device::RuntimeLibrary> runtime_;
    nlohmann::json lmCfg_;

    std::unique_ptr<device::Graph> openLm(const std::string& name) {
        return simtest::openGraph(runtime_, folder_, "language_model/" + name + ".rbln", name, 0,
                                  simtest::inputsFromConfig(lmCfg_, name));
    }

    // Valid inputs for a fresh prefill of `rows` tokens at slot 0.
    void feedPrefill(device::Graph& g, int64_t chunk, int64_t rows) {
        std::mt19937 rng(1);
        simtest::setInput(g, 0, simtest::randomBf16(rng, size_t(chunk * 64), 1.0f));
        std::vector<int32_t> pos(size_t(chunk), 0);
        for (int64_t i = 0; i < rows; ++i)
            pos[size_t(i)] = int32_t(i);
        std::vector<uint16_t> mask(2048, 0);
        for (int64_t i = 0; i < rows; ++i)
            mask[size_t(i)] = 0x3F80;
        simtest::setInput(g, 1, pos);
        simtest::setInput(g, 2, std::vector<int16_t>{0, 1});
        simtest::setInput(g, 3, std::vector<int16_t>{0});
        simtest::setInput(g, 4, std::vector<int16_t>{int16_t(rows - 1)});
        simtest::setInput(g, 5, mask);
        simtest::setInput(g, 6, pos);
    }

private slots:
    void initTestCase() {
        folder_ = facet::test::dataDir() / "device-model";
        if (!fs::exists(folder_ / "language_model" / "decoder_batch_1.rbln"))
            (void)simtest::writeSmallFolder(folder_);
        runtime_ = device::RuntimeLibrary::load();
        lmCfg_ = simtest::readJson(folder_ / "language_model" / "rbln_config.json");
    }

    void loadsTheFileNamedByTheEnvironment() {
        QVERIFY(runtime_->isSimulator());
        QCOMPARE(runtime_->file(), fs::canonical(simRuntimeFile()));
        QCOMPARE(QString::fromStdString(runtime_->version()), QString("1.0"));
        QVERIFY(QString::fromStdString(runtime_->describe()).contains("libfacet_rblnsim.so"));
    }

    void missingLibraryIsAClearError() {
        const auto msg = errorOf([] {
            (void)device::RuntimeLibrary::load(fs::path("/nonexistent/librbln_runtime.so"));
        });
        QVERIFY2(
            msg.startsWith("no RBLN runtime found; install rbln-sdk or use the built-in simulator"),
            qPrintable(msg));
        QVERIFY(msg.contains("/nonexistent/librbln_runtime.so"));
        const auto foreign =
            errorOf([] { (void)device::RuntimeLibrary::load(fs::path("libm.so.6")); });
        QVERIFY2(foreign.contains("rbln_create_model is missing"), qPrintable(foreign));
    }

    // Issue #56: a FIFO named as FACET_RBLN_RUNTIME (or FACET_SIM_RUNTIME) blocked dlopen for
    // ever. Only a regular file is loaded, opened without blocking.
    void fifoAsTheRuntimeFailsAtOnce() {
        const fs::path fifo = facet::test::dataDir() / "runtime-fifo.so";
        fs::remove(fifo);
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const auto start = std::chrono::steady_clock::now();
        const auto msg = errorOf([&] { (void)device::RuntimeLibrary::load(fifo); });
        QVERIFY2(msg.contains("not a regular file (a FIFO)") &&
                     msg.contains(QString::fromStdString(fifo.string())),
                 qPrintable(msg));
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
        const auto directory =
            errorOf([] { (void)device::RuntimeLibrary::load(fs::path("/tmp/")); });
        QVERIFY2(directory.contains("a directory"), qPrintable(directory));
        fs::remove(fifo);
        // Loading through the checked descriptor still names the real file.
        QCOMPARE(device::RuntimeLibrary::load(simRuntimeFile())->file(),
                 fs::canonical(simRuntimeFile()));
    }

    void refusesNonSimulatorFiles() {
        const auto junk = facet::test::dataDir() / "real-looking.rbln";
        {
            std::ofstream out(junk, std::ios::binary);
            for (int i = 0; i < 4096; ++i)
                out.put(char((i * 131 + 7) & 0xFF));
        }
        const auto msg = errorOf([&] { device::CompiledModel m(runtime_, junk); });
        QVERIFY2(msg.contains("not a Facet simulator model"), qPrintable(msg));
        QVERIFY(msg.contains(QString::fromStdString(junk.string())));
        const auto missing =
            errorOf([&] { device::CompiledModel m(runtime_, folder_ / "nope.rbln"); });
        QVERIFY2(missing.contains("cannot open"), qPrintable(missing));
    }

    void parsesInputInfoWithoutTheKvCache() {
        const auto inputs = simtest::inputsFromConfig(lmCfg_, "prefill");
        QCOMPARE(inputs.size(), size_t(7));
        QCOMPARE(QString::fromStdString(inputs[4].describe()), QString("query_position [] int16"));
        QCOMPARE(inputs[5].bytes, size_t(2048 * 2));
        QCOMPARE(simtest::inputsFromConfig(lmCfg_, "decoder_batch_1").size(), size_t(6));
        const auto bad = errorOf([] {
            (void)device::parseInputInfo(nlohmann::json::parse(R"([["x",[1],"complex64"]])"));
        });
        QVERIFY2(bad.contains("complex64"), qPrintable(bad));
    }

    void checksSignaturesAndSizes() {
        auto inputs = simtest::inputsFromConfig(lmCfg_, "prefill");
        inputs.pop_back();
        const auto count = errorOf([&] {
            (void)simtest::openGraph(runtime_, folder_, "language_model/prefill.rbln", "prefill", 0,
                                     inputs);
        });
        QVERIFY2(count.contains("reports 7 inputs, rbln_config.json lists 6"), qPrintable(count));
        QVERIFY(count.contains("prefill.rbln"));

        auto g = openLm("prefill");
        QCOMPARE(g->outputs().size(), size_t(1));
        QCOMPARE(g->outputs()[0].bytes, size_t(262144 * 2));
        std::vector<int32_t> shortPositions(64);
        const auto size = errorOf([&] { simtest::setInput(*g, 1, shortPositions); });
        QVERIFY2(size.contains("cache_position [1,128] int32 needs 512 bytes, got 256"),
                 qPrintable(size));
        QVERIFY(size.contains("graph 'prefill'"));
        const auto index = errorOf([&] { g->setInput(9, shortPositions.data(), 4); });
        QVERIFY2(index.contains("out of range"), qPrintable(index));
        const auto unset = errorOf([&] { g->run(); });
        QVERIFY2(unset.contains("was never set"), qPrintable(unset));

        auto wrongOut = device::GraphSignature{
            simtest::inputsFromConfig(lmCfg_, "prefill"),
            {device::TensorInfo::make("logits", device::DType::Float32, {1, 1, 262144})}};
        auto model = std::make_shared<device::CompiledModel>(
            runtime_, folder_ / "language_model/prefill.rbln");
        const auto out = errorOf([&] { device::Graph gg(model, "prefill", 0, 0, wrongOut); });
        QVERIFY2(out.contains("output 0 is 524288 bytes"), qPrintable(out));

        // Issue 17 finding 11: input sizes from rbln_config.json are checked against the
        // runtime's (only the count was before), so a wrong shape is caught at load time.
        auto wrongIn = simtest::inputsFromConfig(lmCfg_, "prefill");
        wrongIn[1] = device::TensorInfo::make("cache_position", device::DType::Int32, {1, 64});
        const auto in = errorOf([&] {
            (void)simtest::openGraph(runtime_, folder_, "language_model/prefill.rbln", "prefill", 0,
                                     wrongIn);
        });
        QVERIFY2(in.contains("the runtime says input 1 takes 512 bytes, rbln_config.json says "
                             "cache_position [1,64] int32 = 256 bytes"),
                 qPrintable(in));
    }

    void everyLanguageModelGraphRuns() {
        for (const auto& [name, chunk] : std::vector<std::pair<std::string, int64_t>>{
                 {"prefill", 128}, {"image_prefill_128", 128}, {"image_prefill_256", 256}}) {
            auto g = openLm(name);
            feedPrefill(*g, chunk, 10);
            g->run();
            const auto logits = g->output(0);
            QCOMPARE(logits.size(), size_t(262144 * 2));
        }
        auto d = openLm("decoder_batch_1");
        std::mt19937 rng(2);
        std::vector<uint16_t> mask(2048, 0);
        for (int i = 0; i <= 10; ++i)
            mask[size_t(i)] = 0x3F80;
        simtest::setInput(*d, 0, simtest::randomBf16(rng, 64, 1.0f));
        simtest::setInput(*d, 1, std::vector<int32_t>{10});
        simtest::setInput(*d, 2, std::vector<int16_t>{0, 1});
        simtest::setInput(*d, 3, std::vector<int16_t>{0});
        simtest::setInput(*d, 4, mask);
        simtest::setInput(*d, 5, std::vector<int32_t>{10});
        d->run();
        QCOMPARE(d->output(0).size(), size_t(262144 * 2));
    }

    void runtimeErrorsCarryGraphAndMessage() {
        auto g = openLm("prefill");
        feedPrefill(*g, 128, 10);
        simtest::setInput(*g, 4, std::vector<int16_t>{200});
        const auto msg = errorOf([&] { g->run(); });
        QVERIFY2(msg.contains("graph 'prefill'") && msg.contains("query_position = 200"),
                 qPrintable(msg));
        simtest::setInput(*g, 4, std::vector<int16_t>{9});
        simtest::setInput(*g, 2, std::vector<int16_t>{0, 7});
        g->run(); // block 7 is only needed for slots >= 1024: unused here
        simtest::setInput(*g, 2, std::vector<int16_t>{7, 0});
        const auto block = errorOf([&] { g->run(); });
        QVERIFY2(block.contains("block_tables[0] = 7"), qPrintable(block));
        const auto read = errorOf([&] {
            std::vector<std::byte> b(16);
            g->readOutput(0, b.data(), b.size());
        });
        QVERIFY2(read.contains("before a successful run"), qPrintable(read));
    }

    void injectedFaultFailsTheNthRun() {
        QVERIFY(runtime_->api().facet_sim_inject_fault);
        auto g = openLm("image_prefill_128");
        feedPrefill(*g, 128, 5);
        runtime_->api().facet_sim_inject_fault("image_prefill_128", 2, "simulated NPU timeout");
        g->run();
        const auto msg = errorOf([&] { g->run(); });
        QVERIFY2(msg.contains("simulated NPU timeout") && msg.contains("image_prefill_128"),
                 qPrintable(msg));
        g->run(); // the fault is spent
    }

    void faultFromEnvironment() {
        if (!std::getenv("FACET_EXPECT_ENV_FAULT"))
            QSKIP("runs as test_device_layer_env_fault with FACET_SIM_FAULT set");
        auto g = openLm("prefill");
        feedPrefill(*g, 128, 5);
        g->run();
        const auto msg = errorOf([&] { g->run(); });
        QVERIFY2(msg.contains("disk on fire"), qPrintable(msg));
        g->run();
    }
};

QTEST_GUILESS_MAIN(DeviceLayerTest)
#include "test_device_layer.moc"
