#pragma once
// Shared by the simulator tests: a small simulator model folder written once per build tree,
// BMP test images, an event sink that records everything, and a trace of what the language
// model was fed (for the comparison with the simulator's monolithic reference).
#include "generate/engine.h"
#include "generate/engine_impl.h"
#include "generate/session_impl.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gentest {

// levels {70, 140, 280}, buckets {128, 256, 384}, max_seq_len 2048, partition 1024; written
// once per process under the test data folder in `name` (one name per test executable, so
// tests running in parallel never write the same folder).
// The folder is in the optimum-rbln layout $FACET_TEST_OPTIMUM_RBLN names ("0.11" or "0.12",
// default 0.12; the name gets it as a suffix): CMake runs the engine parity tests on both.
std::string optimumRblnLayout();
std::filesystem::path simModelDir(const std::string& name = "sim-model");

// levels {70, 1120}, buckets {128, 1152}, max_seq_len 4096: for Stop during the longest vision
// run (about 8 s on the simulator). Written once per process as `name`.
std::filesystem::path simModel1120Dir(const std::string& name);

// A w x h 24-bit BMP with a seeded pattern, written once under the test data folder.
std::filesystem::path testImage(int width, int height, int seed);

struct Recorder : facet::generate::EventSink {
    std::vector<facet::generate::PhaseEvent> phases;
    std::string content;
    std::optional<facet::generate::Stats> stats;
    std::string reply;
    std::optional<std::string> error;
    std::optional<facet::ErrorInfo> errorInfo; // the same failure, typed
    std::function<void()> onAnyText;           // e.g. to cancel after the first piece

    void onPhase(const facet::generate::PhaseEvent& e) override { phases.push_back(e); }
    void onText(std::string_view c, std::string_view) override {
        content += c;
        if (onAnyText)
            onAnyText();
    }
    void onFinished(const facet::generate::Stats& s, const std::string& r) override {
        stats = s;
        reply = r;
    }
    void onError(const facet::ErrorInfo& e, const facet::generate::Stats& s) override {
        error = e.message;
        errorInfo = e;
        stats = s;
    }
};

// Everything fed to the LM (logical order, as it stands after the last request) and the logits
// returned, each with the logical row it belongs to.
struct Trace {
    int hidden = 0;
    std::vector<std::int32_t> ids;
    std::vector<std::uint16_t> embeds;
    std::vector<std::vector<std::uint16_t>> logits;
    std::vector<std::int64_t> rows;
    std::vector<std::int32_t> sampled; // greedy picks of the last request

    void attach(facet::generate::SessionImpl& session, int hiddenSize);
};

// Max |difference| between the recorded logits and the reference forward over trace.ids.
float maxReferenceDifference(const Trace& trace, int imageTokenId);

facet::generate::UserPart text(const std::string& t);
facet::generate::UserPart image(const std::filesystem::path& p, int level);

} // namespace gentest
