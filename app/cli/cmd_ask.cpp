// facet-cli ask: one question (with images, each at its own detail level) to a compiled model,
// streamed to stdout; --json prints one event per line: phase, text, stats, error. With
// --server URL the question goes to a vLLM server instead (remote_cli.cpp), printed the same.
#include "args.h"
#include "ask_sink.h"
#include "command.h"
#include "crop_files.h"
#include "generate/builtin_paths.h"
#include "generate/engine.h"
#include "interrupt.h"
#include "level_args.h"
#include "remote_cli.h"
#include "sampling_args.h"

#include <cstdlib>
#include <iostream>

namespace {

using namespace facet::generate;

using facet::cli::parseLevel;

int runAsk(const std::vector<std::string>& argv) {
    if (facet::cli::namesServer(argv))
        return facet::cli::runRemoteAsk(argv);
    const facet::cli::Args args(argv,
                                {"model", "device", "image", "detail", "seed", "max-new-tokens"},
                                {"greedy", "json", "no-repetition-guard"}, {"image"});
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
    facet::cli::applySamplingArgs(args, request.sampling);
    facet::cli::CropFiles crops; // region crops' PNGs, removed when the command ends
    for (const std::string& spec : args.values("image"))
        request.newUserTurn.push_back(facet::cli::imageArg(spec, detail, false, &crops, levels));
    request.newUserTurn.push_back({UserPart::Kind::Text, args.positionals().front(), {}});

    facet::cli::AskSink sink(args.flag("json"));
    facet::cli::InterruptStops interrupt;
    engine->createSession()->generate(request, sink, interrupt.flag());
    return sink.failed ? 2 : 0;
}

const facet::cli::Registration askRegistration{
    "ask",
    "ask [--model DIR | --server URL [--served-model NAME]] "
    "[--device N] [--image PATH[@LEVEL][:crop=X,Y,W,H]]... [--detail LEVEL] "
    "[--seed N | --greedy] [--max-new-tokens N] [--no-repetition-guard] [--json] QUESTION",
    &runAsk};

} // namespace
