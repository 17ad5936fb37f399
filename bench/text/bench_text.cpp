// bench_text: tokenizer load (JSON parse vs binary cache), encode / decode of a 10,000-char
// text, prompt rendering; medians of several runs, with the Python reference of the same run.
//
// usage: facet_bench_text PYTHON REFERENCE_PY TOKENIZER_DIR CACHE_DIR [--smoke]
// --smoke: one run of each measurement and a 1,000-character text (the bench-smoke ctest).
#include "bench_support.h"
#include "text/incremental_decoder.h"
#include "text/prompt.h"
#include "text/tokenizer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

using namespace facet::text;

namespace {

double cpuNowMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Process CPU time of the last medianMs() call: on a shared, busy machine wall time mostly
// measures waiting for a core, CPU time what the work itself costs.
double lastCpuMedianMs = 0;

double medianMs(int runs, const std::function<void()>& fn) {
    std::vector<double> times;
    std::vector<double> cpu;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuNowMs();
        fn();
        cpu.push_back(cpuNowMs() - cpuStart);
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    std::sort(times.begin(), times.end());
    std::sort(cpu.begin(), cpu.end());
    lastCpuMedianMs = cpu[cpu.size() / 2];
    return times[times.size() / 2];
}

// `count` characters of mixed prose: words, punctuation, newlines, a little CJK and emoji.
std::string proseOf(std::size_t count) {
    const std::string para =
        "The quick brown fox jumps over the lazy dog, twice; then it rests.\n"
        "Numbers 3.14159 and 2,718 appear, with (brackets) and \"quotes\".\n"
        "Mixed scripts: 日本語のテキスト, Äpfel und Birnen, 🦙 emoji.\n\n";
    std::string text;
    size_t chars = 0;
    while (chars < count) {
        for (size_t pos = 0; pos < para.size() && chars < count; ++chars) {
            size_t len = 1;
            const auto lead = static_cast<unsigned char>(para[pos]);
            len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
            text.append(para, pos, len);
            pos += len;
        }
    }
    return text;
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(
        argc, argv, "facet_bench_text PYTHON REFERENCE_PY TOKENIZER_DIR CACHE_DIR", 4);
    // Runs of each measurement: the full table's, or one for the smoke test.
    const auto runs = [&](int full) { return args.smoke ? 1 : full; };
    const std::filesystem::path file = std::filesystem::path(args[2]) / "tokenizer.json";
    const nlohmann::json reference = nlohmann::json::parse(facet::bench::commandOutput(
        "'" + args[0] + "' '" + args[1] + "' '" + args[2] + "'" + (args.smoke ? " --smoke" : "")));
    const std::filesystem::path cacheDir = args[3];
    std::filesystem::remove_all(cacheDir);

    TokenizerLoadOptions noCache;
    noCache.useCache = false;
    TokenizerLoadOptions withCache;
    withCache.cacheDir = cacheDir;
    const double coldMs = medianMs(runs(3), [&] { (void)Tokenizer::load(file, noCache); });
    const double coldCpuMs = lastCpuMedianMs;
    const Tokenizer first = Tokenizer::load(file, withCache); // writes the cache
    const double firstMs = first.loadInfo().milliseconds;
    const double cachedMs = medianMs(runs(7), [&] {
        if (!Tokenizer::load(file, withCache).loadInfo().fromCache)
            throw std::runtime_error("cache not used");
    });
    const double cachedCpuMs = lastCpuMedianMs;

    const Tokenizer& tok = first;
    const std::size_t chars = args.smoke ? 1000 : 10000;
    const std::string text = proseOf(chars);
    std::vector<int32_t> ids;
    const double encodeMs = medianMs(runs(21), [&] { ids = tok.encode(text); });
    const double encodeCpuMs = lastCpuMedianMs;
    const double decodeMs = medianMs(runs(21), [&] { (void)tok.decode(ids); });
    const double streamMs = medianMs(runs(5), [&] {
        IncrementalDecoder d(tok);
        for (int32_t id : ids)
            (void)d.push(id);
        (void)d.finish();
    });

    Conversation conv;
    conv.systemPrompt = "Be brief.";
    conv.messages.push_back(
        {Role::User,
         {{ContentPart::Kind::Image, {}, 264}, {ContentPart::Kind::Text, "What is this?", 0}}});
    conv.messages.push_back(
        {Role::Model, {{ContentPart::Kind::Text, "<|channel>thought\nhm<channel|>A cat.", 0}}});
    conv.messages.push_back({Role::User, {{ContentPart::Kind::Text, "And the colour?", 0}}});
    const double renderMs =
        medianMs(runs(201), [&] { (void)renderPrompt(conv, TemplateVariant::Large); });
    const double promptIdsMs =
        medianMs(runs(21), [&] { (void)encodePrompt(tok, conv, TemplateVariant::Large); });

    std::printf("\nbench_text (medians; tokenizer.json %.1f MB, %zu ids for %zu bytes of text)\n",
                static_cast<double>(std::filesystem::file_size(file)) / 1e6, ids.size(),
                text.size());
    std::printf("%-44s %12s %14s\n", "measurement", "facet ms", "python ms");
    std::printf("(wall-clock medians; facet process CPU medians: no-cache load %.1f, cached load "
                "%.1f, encode %.3f)\n",
                coldCpuMs, cachedCpuMs, encodeCpuMs);
    std::printf("%-44s %12.1f %14.1f  (json.load only)\n", "load: parse tokenizer.json (no cache)",
                coldMs, reference.value("json_load_ms", 0.0));
    std::printf("%-44s %12.1f %14s\n", "load: first load, parse + write cache", firstMs, "-");
    std::printf("%-44s %12.1f %14s\n", "load: from binary cache", cachedMs, "-");
    std::printf("%-44s %12.3f %14s\n", ("encode " + std::to_string(chars) + " chars").c_str(),
                encodeMs, "n/a");
    std::printf("%-44s %12.3f %14s\n", "decode those ids", decodeMs, "n/a");
    std::printf("%-44s %12.3f %14s\n", "incremental decode, one id at a time", streamMs, "n/a");
    std::printf("%-44s %12.4f %14.4f  (Jinja2)\n", "render prompt (4 messages)", renderMs,
                reference.value("jinja_render_ms", 0.0));
    std::printf("%-44s %12.3f %14s\n", "render + expand 264 image tokens + encode", promptIdsMs,
                "-");
    std::printf("(no Python `tokenizers` on this machine: its encode cannot be timed here)\n");
    return 0;
}
