// bench_vision_cache: what the engine's vision cache and background encoding save, on the
// simulator with one 1120-level image (the slowest vision run):
//   (1) time to first token of a regenerate after a Stop three tokens in (the KV cache cannot be
//       continued, so the whole prompt is prefilled again), with the cache off (size 0) and on;
//   (2) time to first token of a first turn sent 3 s after the image was attached, directly
//       and with Engine::preencode started at attach time. At Send the request waits for a
//       pre-encoding of its own image to finish rather than cancelling it (the app's policy:
//       EngineClient::submit with PreencodeUse::Wait); TTFT is counted from Send.
// The model has the demo model's trained weights (DEMO_WEIGHTS, resources/demo-model): both
// measurements wait for the reply's first text, and a model with seeded random weights answers
// with tokens that print nothing.
//
// usage: bench_vision_cache_run DEMO_WEIGHTS DATA_DIR [--smoke]
// --smoke: a 640x480 image at level 280, sent 0.3 s after attaching (the bench-smoke ctest).
#include "bench_support.h"
#include "generate/engine_impl.h"
#include "generate/session_impl.h"
#include "image/image.h"
#include "sim/sim_model_writer.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <future>
#include <iostream>
#include <thread>
#include <utility>

using namespace facet::generate;
using Clock = std::chrono::steady_clock;

namespace {

const std::atomic<bool> kNoStop{false};

double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// What one run measures: the full table's image, level and wait, or the smoke test's.
struct Setup {
    int width = 1600, height = 1200; // 1064 soft tokens at level 1120
    int level = 1120;
    std::chrono::milliseconds attachToSend{3000};
};

// A width x height 24-bit BMP with a smooth pattern.
std::filesystem::path writeImage(const std::filesystem::path& dir, int w, int h) {
    const int stride = w * 3;
    const auto path = dir / ("bench_" + std::to_string(w) + "x" + std::to_string(h) + ".bmp");
    std::vector<std::uint8_t> pixels(std::size_t(stride) * std::size_t(h));
    std::array<std::uint8_t, 54> header{};
    auto put32 = [&](std::size_t at, std::uint32_t v) {
        for (std::size_t i = 0; i < 4; ++i)
            header[at + i] = std::uint8_t(v >> (8 * i));
    };
    header[0] = 'B';
    header[1] = 'M';
    put32(2, std::uint32_t(header.size() + pixels.size()));
    put32(10, 54);
    put32(14, 40);
    put32(18, std::uint32_t(w));
    put32(22, std::uint32_t(h));
    header[26] = 1;
    header[28] = 24;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c)
                pixels[std::size_t(y) * std::size_t(stride) + std::size_t(x) * 3 + std::size_t(c)] =
                    std::uint8_t((x * (c + 1) + y * (3 - c)) / 7);
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
    file.write(reinterpret_cast<const char*>(pixels.data()), std::streamsize(pixels.size()));
    return path;
}

struct Sink : EventSink {
    std::function<void()> onAnyText;
    std::optional<Stats> stats;
    std::optional<std::string> error;
    void onPhase(const PhaseEvent&) override {}
    void onText(std::string_view, std::string_view) override {
        if (onAnyText)
            onAnyText();
    }
    void onFinished(const Stats& s, const std::string&) override { stats = s; }
    void onError(const facet::ErrorInfo& e, const Stats& s) override {
        error = e.message;
        stats = s;
    }
};

Stats run(SessionImpl& session, const Request& r, const std::atomic<bool>& stop,
          std::function<void()> onAnyText = {}) {
    Sink sink;
    sink.onAnyText = std::move(onAnyText);
    session.generate(r, sink, stop);
    if (sink.error)
        throw std::runtime_error(*sink.error);
    return *sink.stats;
}

Request question(const std::filesystem::path& image, int level) {
    Request r;
    r.newUserTurn = {UserPart{UserPart::Kind::Image, {}, {image, level}},
                     UserPart{UserPart::Kind::Text, "What is in this picture?", {}}};
    r.sampling.doSample = false;
    r.sampling.maxNewTokens = 12;
    return r;
}

std::shared_ptr<EngineImpl> load(const std::filesystem::path& dir, std::size_t cacheBytes) {
    LoadOptions o{dir, 0, {}, true};
    o.visionCacheBytes = cacheBytes;
    return std::make_shared<EngineImpl>(o, nullptr, kNoStop);
}

// Turn 1 stopped after its third piece of text, then regenerated: the regenerate's stats.
Stats regenerateAfterStop(const std::filesystem::path& dir, std::size_t cacheBytes,
                          const std::filesystem::path& image, int level) {
    const auto engine = load(dir, cacheBytes);
    SessionImpl session(engine);
    std::atomic<bool> stop{false};
    // Stopped a few tokens in: the cache then holds more than the prompt, so the regenerate
    // cannot continue it (only dropping the last token is exact) and prefills everything again.
    int pieces = 0;
    (void)run(session, question(image, level), stop, [&] {
        if (++pieces == 3)
            stop = true;
    });
    if (pieces < 3)
        throw std::runtime_error("turn 1 ended before it could be stopped");
    return run(session, question(image, level), kNoStop);
}

// TTFT from Send, `setup.attachToSend` after attaching; with or without pre-encoding from the
// attach.
double sendAfterAttaching(const std::filesystem::path& dir, const std::filesystem::path& image,
                          const Setup& setup, bool preencode, Stats& stats) {
    const auto engine = load(dir, std::size_t{512} << 20);
    const auto attached = Clock::now();
    std::future<PreencodeResult> background;
    if (preencode)
        background = std::async(std::launch::async, [&] {
            return engine->preencode({{image, setup.level}}, kNoStop);
        });
    std::this_thread::sleep_until(attached + setup.attachToSend);
    const auto send = Clock::now();
    if (background.valid())
        (void)background.get(); // the device is busy with this request's own image: wait
    SessionImpl session(engine);
    double ttft = 0;
    stats = run(session, question(image, setup.level), kNoStop, [&] {
        if (ttft == 0)
            ttft = msSince(send);
    });
    if (ttft == 0)
        throw std::runtime_error("the reply printed no text: no time to first token");
    return ttft;
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(argc, argv, "bench_vision_cache_run DEMO_WEIGHTS DATA_DIR", 2);
    Setup setup;
    if (args.smoke)
        setup = {640, 480, 280, std::chrono::milliseconds(300)};
    try {
        const std::filesystem::path data = args[1];
        std::filesystem::create_directories(data);
        const auto dir = data / ("bench-model-" + std::to_string(setup.level));
        facet::sim::SimModelOptions options;
        options.weights = args[0];
        options.levels = {280};
        if (setup.level != 280)
            options.levels.push_back(setup.level);
        options.imageBuckets = {};
        options.maxSeqLen = 4096;
        facet::sim::writeSimModel(dir, options);
        const auto image = writeImage(data, setup.width, setup.height);

        std::cout << "== Regenerate after a Stop 3 tokens in, one " << setup.width << "x"
                  << setup.height << " image at level " << setup.level << " (simulator) ==\n";
        std::printf("%-26s %12s %14s %16s %14s\n", "vision cache", "TTFT (ms)", "images reused",
                    "tokens prefilled", "reused tokens");
        for (const std::size_t bytes : {std::size_t{0}, std::size_t{512} << 20}) {
            const Stats s = regenerateAfterStop(dir, bytes, image, setup.level);
            std::printf("%-26s %12.0f %14d %16d %14d\n", bytes ? "512 MB (on)" : "0 (off, before)",
                        s.ttftMs, s.imagesReused, s.tokensPrefilled, s.reusedTokens);
        }

        std::cout << "\n== First turn sent "
                  << static_cast<double>(setup.attachToSend.count()) / 1000
                  << " s after attaching one image at level " << setup.level << " ==\n";
        std::printf("%-34s %18s %14s\n", "", "TTFT from Send (ms)", "images reused");
        for (const bool pre : {false, true}) {
            Stats s;
            const double ttft = sendAfterAttaching(dir, image, setup, pre, s);
            std::printf("%-34s %18.0f %14d\n",
                        pre ? "pre-encoded from attach" : "encoded at Send (before)", ttft,
                        s.imagesReused);
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "bench_vision_cache: " << e.what() << "\n";
        return 2;
    }
}
