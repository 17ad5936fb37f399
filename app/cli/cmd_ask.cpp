// facet-cli ask: one question (with images, each at its own detail level) to a compiled model,
// streamed to stdout; --json prints one event per line: phase, text, stats, error.
#include "args.h"
#include "command.h"
#include "generate/builtin_paths.h"
#include "generate/engine.h"
#include "generate/stats_json.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdlib>
#include <iostream>

namespace {

using namespace facet::generate;

std::atomic<bool> g_stop{false};

extern "C" void onInterrupt(int) {
    g_stop.store(true);
}

class CliSink : public EventSink {
public:
    explicit CliSink(bool json) : json_(json) {}
    bool failed = false;

    void onPhase(const PhaseEvent& e) override {
        if (!json_)
            return;
        nlohmann::json j = {{"type", "phase"}, {"phase", toString(e.phase)}};
        if (e.phase == Phase::Vision) {
            j["image"] = e.imageIndex;
            j["images"] = e.imageCount;
            j["level"] = e.level;
        }
        line(j);
    }
    void onText(std::string_view content, std::string_view reasoning) override {
        if (json_) {
            line({{"type", "text"}, {"content", content}, {"reasoning", reasoning}});
        } else {
            std::cout << content << std::flush;
        }
    }
    void onFinished(const Stats& s, const std::string&) override {
        if (json_) {
            line({{"type", "stats"}, {"stats", statsToJson(s)}});
        } else {
            std::cout << "\n";
            std::cerr << "[" << s.promptTokens << " prompt tokens, " << s.generatedTokens
                      << " generated, ttft " << s.ttftMs << " ms, " << s.decodeTokensPerS
                      << " tokens/s, " << toString(s.finishReason) << "]\n";
        }
    }
    void onError(const std::string& message, const Stats& s) override {
        failed = true;
        if (json_) {
            line({{"type", "error"}, {"message", message}, {"stats", statsToJson(s)}});
        } else {
            std::cerr << "error: " << message << "\n";
        }
    }

private:
    static void line(const nlohmann::json& j) {
        std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n"
                  << std::flush;
    }
    bool json_;
};

int parseLevel(const std::string& text, const std::string& what) {
    try {
        std::size_t used = 0;
        const int v = std::stoi(text, &used);
        if (used == text.size())
            return v;
    } catch (const std::exception&) {
    }
    throw facet::cli::UsageError(what + ": '" + text +
                                 "' is not a detail level (70, 140, 280, 560 or 1120)");
}

int run(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv,
                                {"model", "device", "image", "detail", "seed", "max-new-tokens"},
                                {"greedy", "json"}, {"image"});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected exactly one QUESTION");
    LoadOptions options;
    options.modelDir = args.value("model").value_or(builtinDemoModelDir().string());
    options.deviceId = static_cast<int>(args.intValue("device", 0));

    const std::atomic<bool> neverStop{false};
    const auto engine = Engine::load(options, {}, neverStop);
    const std::vector<int>& levels = engine->info().detailLevels;
    int detail = 0;
    if (const auto d = args.value("detail")) {
        detail = parseLevel(*d, "--detail");
    } else { // 280 (Gemma's default) when compiled, else the closest compiled level
        detail = levels.front();
        for (int l : levels)
            if (std::abs(l - 280) < std::abs(detail - 280))
                detail = l;
    }

    Request request;
    request.sampling = engine->defaultSampling();
    if (args.flag("greedy"))
        request.sampling.doSample = false;
    if (const auto seed = args.value("seed"))
        request.sampling.seed = static_cast<std::uint64_t>(args.intValue("seed", 0));
    request.sampling.maxNewTokens =
        static_cast<int>(args.intValue("max-new-tokens", request.sampling.maxNewTokens));
    for (const std::string& spec : args.values("image")) {
        UserPart part{UserPart::Kind::Image, {}, {spec, detail}};
        const auto at = spec.rfind('@');
        if (at != std::string::npos && at + 1 < spec.size() &&
            spec.find('/', at) == std::string::npos) {
            part.image.path = spec.substr(0, at);
            part.image.level = parseLevel(spec.substr(at + 1), "--image " + spec);
        }
        request.newUserTurn.push_back(part);
    }
    request.newUserTurn.push_back({UserPart::Kind::Text, args.positionals().front(), {}});

    CliSink sink(args.flag("json"));
    std::signal(SIGINT, onInterrupt);
    engine->createSession()->generate(request, sink, g_stop);
    std::signal(SIGINT, SIG_DFL);
    return sink.failed ? 2 : 0;
}

const facet::cli::Registration reg{"ask",
                                   "ask [--model DIR] [--device N] [--image PATH[@LEVEL]]... "
                                   "[--detail LEVEL] [--seed N] [--greedy] "
                                   "[--max-new-tokens N] [--json] QUESTION",
                                   &run};

} // namespace
