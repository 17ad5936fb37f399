// bench_vision_cache: what the engine's vision cache and background encoding save, on the
// simulator with one 1120-level image (the slowest vision run):
//   (1) time to first token of a regenerate after a Stop three tokens in (the KV cache cannot be
//       continued, so the whole prompt is prefilled again), with the cache off (size 0) and on;
//   (2) time to first token of a first turn sent 3 s after the image was attached, directly
//       and with Engine::preencode started at attach time. At Send the request waits for a
//       pre-encoding of its own image to finish rather than cancelling it (the app's policy:
//       EngineClient::submit with PreencodeUse::Wait); TTFT is counted from Send.
#include "generate/engine_impl.h"
#include "generate/session_impl.h"
#include "image/image.h"
#include "sim/sim_model_writer.h"

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

// A 1600x1200 24-bit BMP with a smooth pattern (1064 soft tokens at level 1120).
std::filesystem::path writeImage(const std::filesystem::path& dir) {
    const int w = 1600, h = 1200, stride = w * 3;
    const auto path = dir / "bench_1600x1200.bmp";
    std::vector<std::uint8_t> out(54 + std::size_t(stride) * h, 0);
    auto put32 = [&](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            out[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
    };
    out[0] = 'B';
    out[1] = 'M';
    put32(2, std::uint32_t(out.size()));
    put32(10, 54);
    put32(14, 40);
    put32(18, std::uint32_t(w));
    put32(22, std::uint32_t(h));
    out[26] = 1;
    out[28] = 24;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c)
                out[54 + std::size_t(y) * stride + std::size_t(x) * 3 + std::size_t(c)] =
                    std::uint8_t((x * (c + 1) + y * (3 - c)) / 7);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
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

Request question(const std::filesystem::path& image) {
    Request r;
    r.newUserTurn = {UserPart{UserPart::Kind::Image, {}, {image, 1120}},
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
                          const std::filesystem::path& image) {
    const auto engine = load(dir, cacheBytes);
    SessionImpl session(engine);
    std::atomic<bool> stop{false};
    // Stopped a few tokens in: the cache then holds more than the prompt, so the regenerate
    // cannot continue it (only dropping the last token is exact) and prefills everything again.
    int pieces = 0;
    const Stats stopped = run(session, question(image), stop, [&] {
        if (++pieces == 3)
            stop = true;
    });
    if (stopped.generatedTokens < 3)
        throw std::runtime_error("turn 1 ended before it could be stopped");
    return run(session, question(image), kNoStop);
}

// TTFT from Send, 3 s after attaching; with or without pre-encoding from the attach.
double sendAfterThreeSeconds(const std::filesystem::path& dir, const std::filesystem::path& image,
                             bool preencode, Stats& stats) {
    const auto engine = load(dir, std::size_t{512} << 20);
    const auto attached = Clock::now();
    std::future<PreencodeResult> background;
    if (preencode)
        background = std::async(std::launch::async, [&] {
            return engine->preencode({{image, 1120}}, kNoStop);
        });
    std::this_thread::sleep_until(attached + std::chrono::seconds(3));
    const auto send = Clock::now();
    if (background.valid())
        (void)background.get(); // the device is busy with this request's own image: wait
    SessionImpl session(engine);
    double ttft = 0;
    stats = run(session, question(image), kNoStop, [&] {
        if (ttft == 0)
            ttft = msSince(send);
    });
    return ttft;
}

} // namespace

int main() {
    try {
        const auto dir = std::filesystem::path(BENCH_DATA_DIR) / "bench-model-1120";
        facet::sim::SimModelOptions options;
        options.levels = {280, 1120};
        options.imageBuckets = {};
        options.maxSeqLen = 4096;
        facet::sim::writeSimModel(dir, options);
        const auto image = writeImage(BENCH_DATA_DIR);

        std::cout << "== Regenerate after a Stop 3 tokens in, one image at level 1120 (simulator) "
                     "==\n";
        std::printf("%-26s %12s %14s %16s %14s\n", "vision cache", "TTFT (ms)", "images reused",
                    "tokens prefilled", "reused tokens");
        for (const std::size_t bytes : {std::size_t{0}, std::size_t{512} << 20}) {
            const Stats s = regenerateAfterStop(dir, bytes, image);
            std::printf("%-26s %12.0f %14d %16d %14d\n", bytes ? "512 MB (on)" : "0 (off, before)",
                        s.ttftMs, s.imagesReused, s.tokensPrefilled, s.reusedTokens);
        }

        std::cout << "\n== First turn sent 3 s after attaching one image at level 1120 ==\n";
        std::printf("%-34s %18s %14s\n", "", "TTFT from Send (ms)", "images reused");
        for (const bool pre : {false, true}) {
            Stats s;
            const double ttft = sendAfterThreeSeconds(dir, image, pre, s);
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
