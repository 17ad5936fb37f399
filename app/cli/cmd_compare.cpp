// facet-cli compare: one question about images answered once per detail level (every image of
// the turn at that level), one column after another from the same seed; prints each level's
// answer and a table of the columns' statistics, or with --json the events of `ask --json`,
// each with a "level" field, and one stats event per level (with "seed" when sampling).
// With --server URL each level is one request to a vLLM server (remote_cli.cpp).
#include "args.h"
#include "command.h"
#include "compare_sink.h"
#include "crop_files.h"
#include "generate/builtin_paths.h"
#include "generate/compare.h"
#include "generate/engine.h"
#include "interrupt.h"
#include "level_args.h"
#include "model/model_folder.h"
#include "remote_cli.h"
#include "sampling_args.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace {

using namespace facet::generate;

using facet::cli::CliCompareSink;
using facet::cli::Column;
using facet::cli::printTable;

using facet::cli::parseLevels;

int runCompare(const std::vector<std::string>& argv) {
    if (facet::cli::namesServer(argv))
        return facet::cli::runRemoteCompare(argv);
    const facet::cli::Args args(argv,
                                {"model", "device", "image", "levels", "seed", "max-new-tokens"},
                                {"greedy", "json", "no-repetition-guard"}, {"image"});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected exactly one QUESTION");
    if (args.values("image").empty())
        throw facet::cli::UsageError("at least one --image is needed to compare detail levels");
    const std::filesystem::path modelDir =
        args.value("model").value_or(builtinDemoModelDir().string());

    // The levels are checked against the folder before anything touches the device.
    const auto folder = facet::model::ModelFolder::open(modelDir);
    if (!folder.usable()) {
        for (const auto& p : folder.problems())
            std::cerr << "facet-cli compare: " << p << "\n";
        return 2;
    }
    std::vector<int> compiled;
    for (std::int64_t l : folder.detailLevels())
        compiled.push_back(static_cast<int>(l));
    std::sort(compiled.begin(), compiled.end());
    const std::vector<int> levels =
        args.value("levels") ? parseLevels(*args.value("levels")) : compiled;
    if (const auto problem = compareLevelsProblem(levels, compiled)) {
        std::cerr << "facet-cli compare: " << *problem << "\n";
        return 2;
    }

    LoadOptions options;
    options.modelDir = modelDir;
    options.deviceId = static_cast<int>(args.intValue("device", 0));
    const std::atomic<bool> neverStop{false};
    const auto engine = Engine::load(options, {}, neverStop);

    CompareRequest request;
    request.levels = levels;
    Request& r = request.request;
    r.sampling = engine->defaultSampling();
    facet::cli::applySamplingArgs(args, r.sampling);
    facet::cli::CropFiles crops; // region crops' PNGs, removed when the command ends
    for (const std::string& spec : args.values("image"))
        r.newUserTurn.push_back(
            {UserPart::Kind::Image, {}, {facet::cli::compareImage(spec, crops), levels.front()}});
    r.newUserTurn.push_back({UserPart::Kind::Text, args.positionals().front(), {}});

    const bool json = args.flag("json");
    CliCompareSink sink(json, levels.size());
    {
        facet::cli::InterruptStops interrupt;
        engine->createSession()->compare(request, sink, interrupt.flag());
    }
    if (!json)
        printTable(sink.columns, args.values("image").size());
    facet::cli::printCheapestAgreeing(sink.columns, json);
    for (const Column& c : sink.columns)
        if (c.error)
            return 2;
    return 0;
}

const facet::cli::Registration compareRegistration{
    "compare",
    "compare [--model DIR | --server URL [--served-model NAME]] [--device N] --image "
    "PATH[:crop=X,Y,W,H] "
    "[--image ...]... [--levels 70,280,1120] "
    "[--seed N | --greedy] [--max-new-tokens N] [--no-repetition-guard] [--json] QUESTION",
    &runCompare};

} // namespace
