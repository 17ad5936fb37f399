// facet-cli make-sim-model: writes a tiny compiled-model folder in the real optimum-rbln layout
// that the built-in NPU simulator (libfacet_rblnsim.so) runs.
#include "args.h"
#include "command.h"
#include "sim/sim_model_writer.h"

#include <iostream>
#include <sstream>

namespace {

std::vector<int64_t> parseList(const std::string& option, const std::string& text) {
    std::vector<int64_t> values;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        try {
            size_t used = 0;
            values.push_back(std::stoll(item, &used));
            if (used != item.size())
                throw std::invalid_argument(item);
        } catch (const std::exception&) {
            throw facet::cli::UsageError("--" + option + ": '" + item + "' is not an integer");
        }
    }
    if (values.empty())
        throw facet::cli::UsageError("--" + option + " needs a comma-separated list");
    return values;
}

int runMakeSimModel(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv,
                                {"seed", "levels", "image-buckets", "max-seq-len", "partition",
                                 "prefill-chunk", "tokenizer", "weights", "optimum-rbln"},
                                {});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected exactly one folder");
    facet::sim::SimModelOptions options;
    options.seed = static_cast<uint64_t>(args.intValue("seed", 1));
    if (auto v = args.value("levels"))
        options.levels = parseList("levels", *v);
    if (auto v = args.value("image-buckets"))
        options.imageBuckets = parseList("image-buckets", *v);
    options.maxSeqLen = args.intValue("max-seq-len", options.maxSeqLen);
    options.partition = args.intValue("partition", options.partition);
    options.prefillChunk = args.intValue("prefill-chunk", options.prefillChunk);
    if (auto v = args.value("tokenizer"))
        options.tokenizerDir = *v;
    if (auto v = args.value("weights")) // trained weights (the demo model's) instead of --seed
        options.weights = *v;
    if (auto v = args.value("optimum-rbln")) { // the folder layout: 0.12 (default) or 0.11
        if (*v != "0.11" && *v != "0.12")
            throw facet::cli::UsageError("--optimum-rbln: '" + *v + "' is not 0.11 or 0.12");
        options.optimumRbln = *v;
    }
    const std::filesystem::path dir = args.positionals().front();
    facet::sim::writeSimModel(dir, options);
    std::cout << "wrote simulator model (optimum-rbln " << options.optimumRbln << " layout) to "
              << dir.string() << "\n";
    return 0;
}

const facet::cli::Registration makeSimModelRegistration{
    "make-sim-model",
    "make-sim-model DIR [--seed N] [--levels 70,140,280,560,1120] [--image-buckets 384,640,1152] "
    "[--max-seq-len 8192] [--partition 1024] [--prefill-chunk 128] [--tokenizer DIR] "
    "[--weights FILE] [--optimum-rbln 0.11|0.12]",
    &runMakeSimModel};

} // namespace
