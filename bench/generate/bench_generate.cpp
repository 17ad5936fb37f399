// bench_generate: (1) host work per decode step in C++ (everything the engine does around the
// decoder call: sampling over the vocabulary, scaled embedding row, positions / mask / block
// table) against the same steps in Python with torch the way transformers and optimum-rbln do
// them, run in the same process tree; (2) tokens prefilled over a 10-turn conversation with an
// image in the first turn, with and without KV reuse, on the simulator.
//
// usage: bench_generate_run PYTHON HOST_STEP_REFERENCE_PY DATA_DIR [--smoke]
// --smoke: 10 decode steps (5 in Python) over a 256-row embedding table and a 3-turn
// conversation (the bench-smoke ctest); the vocabulary, widths and cache sizes stay Gemma 4's.
#include "bench_support.h"
#include "generate/bf16.h"
#include "generate/engine_impl.h"
#include "generate/kv_sequence.h"
#include "generate/page_table.h"
#include "generate/sampler.h"
#include "generate/session_impl.h"
#include "generate/text_embedding.h"
#include "sim/sim_model_writer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>

using namespace facet::generate;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kVocab = 262144, kHidden = 5376, kMaxSeqLen = 262144, kBlock = 16384;

// What one run measures: the full table's sizes, or the smoke test's.
struct Sizes {
    int rows = 4096;      // embedding table rows (each step reads one)
    int steps = 200;      // decode steps timed in C++
    int pythonSteps = 50; // and in Python
    int turns = 10;       // conversation turns
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct HostTimes {
    double sampling = 0, embedding = 0, decodeInputs = 0, total = 0;
};

HostTimes measureCpp(const Sizes& sizes) {
    std::mt19937_64 rng(0);
    std::normal_distribution<float> normal(0.0f, 3.0f);
    std::vector<std::vector<std::uint16_t>> pool(8, std::vector<std::uint16_t>(kVocab));
    for (auto& l : pool)
        for (auto& v : l)
            v = floatToBf16(normal(rng));
    std::vector<std::uint16_t> table(std::size_t(sizes.rows) * kHidden);
    for (auto& v : table)
        v = floatToBf16(normal(rng) * 0.01f);
    const std::uint16_t scale = embeddingScaleBf16(kHidden);
    std::vector<std::uint16_t> row(kHidden);
    PageTable pages(kMaxSeqLen, kBlock, kMaxSeqLen / kBlock);
    KvSequence sequence(kMaxSeqLen);
    pages.allocate(0, 299);
    for (int i = 0; i < 300; ++i)
        (void)sequence.beginDecode(i); // a 300-token context
    Sampler sampler(1);
    const SamplerSettings settings{true, 0.8f, 64, 0.95f};
    std::vector<double> s, e, d, t;
    for (int step = 0; step < sizes.steps; ++step) {
        const auto t0 = Clock::now();
        const std::int32_t token = sampler.next(pool[std::size_t(step) % pool.size()], settings);
        const auto t1 = Clock::now();
        const std::size_t r = std::size_t(token % sizes.rows);
        scaleEmbeddingRow({table.data() + r * kHidden, std::size_t(kHidden)}, scale, row);
        const auto t2 = Clock::now();
        pages.allocate(sequence.nextPhysicalSlot(), sequence.nextPhysicalSlot());
        const std::vector<std::int16_t> blocks = pages.blockTables();
        const DecodeCallInputs in = sequence.beginDecode(token);
        const auto t3 = Clock::now();
        if (blocks.empty() || in.cachePosition < 0)
            std::abort(); // keep the work observable
        auto us = [](auto a, auto b) {
            return std::chrono::duration<double, std::micro>(b - a).count();
        };
        s.push_back(us(t0, t1));
        e.push_back(us(t1, t2));
        d.push_back(us(t2, t3));
        t.push_back(us(t0, t3));
    }
    return {median(s), median(e), median(d), median(t)};
}

nlohmann::json measurePython(const facet::bench::Args& args, const Sizes& sizes) {
    const std::string command = "'" + args[0] + "' '" + args[1] + "' " + std::to_string(kVocab) +
                                " " + std::to_string(kHidden) + " " + std::to_string(sizes.rows) +
                                " " + std::to_string(kMaxSeqLen) + " " + std::to_string(kBlock) +
                                " " + std::to_string(sizes.pythonSteps);
    return nlohmann::json::parse(facet::bench::commandOutput(command));
}

struct NullSink : EventSink {
    Stats stats;
    std::string reply;
    std::string error;
    void onPhase(const PhaseEvent&) override {}
    void onText(std::string_view, std::string_view) override {}
    void onFinished(const Stats& s, const std::string& r) override { stats = s, reply = r; }
    void onError(const facet::ErrorInfo& e, const Stats& s) override {
        error = e.message, stats = s;
    }
};

std::filesystem::path writeImage(const std::filesystem::path& dir) {
    const auto path = dir / "bench_image.bmp";
    const int w = 320, h = 240, stride = w * 3;
    std::vector<std::uint8_t> out(54 + std::size_t(stride * h), 0);
    auto put32 = [&](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            out[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
    };
    out[0] = 'B', out[1] = 'M';
    put32(2, std::uint32_t(out.size())), put32(10, 54), put32(14, 40), put32(18, w), put32(22, h);
    out[26] = 1, out[28] = 24;
    for (std::size_t i = 54; i < out.size(); ++i)
        out[i] = std::uint8_t((i * 7) % 251);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
    return path;
}

// Prefilled tokens per turn over a chat of `turns` turns (image at 280 in turn 1), reuse on or
// off.
std::vector<Stats> conversation(const std::shared_ptr<EngineImpl>& engine, bool reuse,
                                const std::filesystem::path& img, int turns) {
    engine->kvReuse = reuse;
    SessionImpl session(engine);
    const std::atomic<bool> stop{false};
    std::vector<Turn> history;
    std::vector<Stats> out;
    for (int turn = 0; turn < turns; ++turn) {
        Request r;
        r.sampling.doSample = false;
        r.sampling.maxNewTokens = 12;
        r.history = history;
        if (turn == 0)
            r.newUserTurn.push_back({UserPart::Kind::Image, {}, {img, 280}});
        r.newUserTurn.push_back(
            {UserPart::Kind::Text,
             "Question number " + std::to_string(turn + 1) + ": what else do you see?",
             {}});
        NullSink sink;
        session.generate(r, sink, stop);
        if (!sink.error.empty())
            throw std::runtime_error(sink.error);
        out.push_back(sink.stats);
        history.push_back({Turn::Role::User, r.newUserTurn, {}});
        history.push_back({Turn::Role::Model, {}, sink.reply});
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(argc, argv,
                                  "bench_generate_run PYTHON HOST_STEP_REFERENCE_PY DATA_DIR", 3);
    Sizes sizes;
    if (args.smoke)
        sizes = {256, 10, 5, 3};
    try {
        std::cout << "== Host work per decode step (vocab " << kVocab << ", hidden " << kHidden
                  << ", max_seq_len " << kMaxSeqLen
                  << "; temperature 0.8, top-k 64, top-p 0.95; median of steps) ==\n";
        const HostTimes cpp = measureCpp(sizes);
        const nlohmann::json py = measurePython(args, sizes);
        std::printf("%-34s %14s %14s %10s\n", "component", "C++ (us)", "Python (us)", "ratio");
        auto line = [](const char* name, double c, double p) {
            std::printf("%-34s %14.1f %14.1f %9.1fx\n", name, c, p, p / c);
        };
        line("sampling (warpers + multinomial)", cpp.sampling, py["sampling"].get<double>());
        line("embedding lookup (scaled row)", cpp.embedding, py["embedding"].get<double>());
        line("positions, mask, block table", cpp.decodeInputs, py["decode_inputs"].get<double>());
        line("total per token", cpp.total, py["total"].get<double>());
        std::cout << "(Python: torch " << py["torch"].get<std::string>() << ", "
                  << py["threads"].get<int>()
                  << " thread(s); goal: >= 20x less host time per token)\n\n";

        const std::filesystem::path data = args[2];
        std::filesystem::create_directories(data);
        const auto dir = data / "bench-model";
        facet::sim::SimModelOptions options;
        options.levels = {280};
        options.imageBuckets = {};
        facet::sim::writeSimModel(dir, options);
        const std::atomic<bool> stop{false};
        auto engine = std::make_shared<EngineImpl>(LoadOptions{dir, 0, {}, true}, nullptr, stop);
        const auto img = writeImage(data);
        const auto with = conversation(engine, true, img, sizes.turns);
        const auto without = conversation(engine, false, img, sizes.turns);
        std::cout << "== Tokens prefilled over a " << sizes.turns
                  << "-turn conversation (image at level 280 in turn 1, 12 new tokens per turn) "
                     "==\n";
        std::printf("%5s %14s %18s %18s\n", "turn", "prompt tokens", "prefilled (reuse)",
                    "prefilled (no reuse)");
        int sumWith = 0, sumWithout = 0;
        for (std::size_t i = 0; i < with.size(); ++i) {
            std::printf("%5zu %14d %18d %18d\n", i + 1, with[i].promptTokens,
                        with[i].tokensPrefilled, without[i].tokensPrefilled);
            sumWith += with[i].tokensPrefilled;
            sumWithout += without[i].tokensPrefilled;
        }
        std::printf("%5s %14s %18d %18d   (%.1fx fewer with reuse)\n", "total", "", sumWith,
                    sumWithout, double(sumWithout) / sumWith);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "bench_generate: " << e.what() << "\n";
        return 2;
    }
}
