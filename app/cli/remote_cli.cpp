#include "remote_cli.h"

#include "args.h"
#include "ask_sink.h"
#include "compare_sink.h"
#include "crop_files.h"
#include "interrupt.h"
#include "level_args.h"
#include "remote/chat_request.h"
#include "remote/remote_engine.h"
#include "sampling_args.h"
#include "terminal_text.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>

namespace facet::cli {

namespace {

using namespace facet::generate;
using remote::ConnectOptions;
using remote::RemoteEngine;

const char* const kAskUsage =
    "ask --server URL [--served-model NAME] --image PATH[@LEVEL|@default][:crop=X,Y,W,H]... "
    "[--detail LEVEL|default] "
    "[--seed N | --greedy] [--max-new-tokens N] [--json] QUESTION";
const char* const kCompareUsage =
    "compare --server URL [--served-model NAME] --image PATH[:crop=X,Y,W,H]... "
    "[--levels default,70,280,1120] [--seed N | --greedy] [--max-new-tokens N] [--json] QUESTION";

// The exit codes of the server commands, which differ from the local ones (main.cpp): a
// usage error or a bad file is the caller's to fix (2), the server's failure is 1.
int withExitCodes(const char* command, const char* usage, const std::function<int()>& body) {
    try {
        return body();
    } catch (const UsageError& e) {
        std::cerr << "facet-cli " << command << ": " << terminalSafe(e.what())
                  << "\nusage: facet-cli " << usage << "\n";
        return 2;
    } catch (const remote::ServerError& e) {
        std::cerr << "facet-cli " << command << ": " << terminalSafe(e.what()) << "\n";
        return 1;
    } catch (const facet::Error& e) { // an unreadable image, a malformed URL, mixed levels
        std::cerr << "facet-cli " << command << ": " << terminalSafe(e.what()) << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "facet-cli " << command << ": " << terminalSafe(e.what()) << "\n";
        return 1;
    }
}

ConnectOptions connectOptions(const Args& args) {
    ConnectOptions options;
    options.url = *args.value("server");
    options.servedModel = args.value("served-model");
    return options;
}

// After a reply the server failed (HTTP 5xx, or an error or abort inside the stream): whether
// it is still up. vllm-rbln's engine can stop on a request it cannot run (an uncompiled
// detail level), and then every later request fails too.
void reportHealth(const ConnectOptions& options, const std::optional<ErrorInfo>& error) {
    if (!error || error->kind != ErrorKind::Server ||
        !(error->failedMidReply || error->httpStatus >= 500))
        return;
    const std::atomic<bool> noStop{false};
    const remote::HealthCheck health = remote::checkServerHealth(options, noStop);
    std::cerr << "facet-cli ask: " << terminalSafe(health.message) << "\n";
}

} // namespace

bool namesServer(const std::vector<std::string>& argv) {
    return std::any_of(argv.begin(), argv.end(), [](const std::string& a) {
        return a == "--server" || a.rfind("--server=", 0) == 0;
    });
}

int runRemoteAsk(const std::vector<std::string>& argv) {
    return withExitCodes("ask", kAskUsage, [&] {
        const Args args(argv,
                        {"server", "served-model", "image", "detail", "seed", "max-new-tokens"},
                        {"greedy", "json"}, {"image"});
        if (args.positionals().size() != 1)
            throw UsageError("expected exactly one QUESTION");
        Request request;
        applySamplingArgs(args, request.sampling);
        const int detail =
            args.value("detail") ? parseLevel(*args.value("detail"), "--detail", true) : 280;
        // A crop without its own level takes the message's: a server takes one level a request.
        CropFiles crops;
        const int cropLevels[] = {detail};
        for (const std::string& spec : args.values("image")) {
            request.newUserTurn.push_back(imageArg(spec, detail, true, &crops, cropLevels));
            remote::checkImageFile(request.newUserTurn.back().image.path);
        }
        request.newUserTurn.push_back({UserPart::Kind::Text, args.positionals().front(), {}});
        (void)remote::requestLevel(request); // mixed levels: refused before connecting

        // Ctrl+C stops connecting or the reply (the reply so far is kept and reported).
        InterruptStops interrupt;
        const auto engine = RemoteEngine::connect(connectOptions(args), interrupt.flag());
        const SamplingSettings defaults = engine->defaultSampling();
        request.sampling.temperature = defaults.temperature;
        request.sampling.topK = defaults.topK;
        request.sampling.topP = defaults.topP;
        AskSink sink(args.flag("json"));
        engine->createSession()->generate(request, sink, interrupt.flag());
        if (!args.flag("json") && !sink.failed)
            for (const UserPart& p : request.newUserTurn)
                if (p.kind == UserPart::Kind::Image &&
                    p.image.level == remote::kServerDefaultLevel) {
                    std::cerr << "[detail level: server default — no level was sent, the server "
                                 "chose the soft tokens; its usage counts them in the prompt]\n";
                    break;
                }
        reportHealth(connectOptions(args), sink.error);
        return sink.failed ? 1 : 0;
    });
}

int runRemoteCompare(const std::vector<std::string>& argv) {
    return withExitCodes("compare", kCompareUsage, [&] {
        const Args args(argv,
                        {"server", "served-model", "image", "levels", "seed", "max-new-tokens"},
                        {"greedy", "json"}, {"image"});
        if (args.positionals().size() != 1)
            throw UsageError("expected exactly one QUESTION");
        if (args.values("image").empty())
            throw UsageError("at least one --image is needed to compare detail levels");
        CompareRequest request;
        Request& r = request.request;
        applySamplingArgs(args, r.sampling);
        CropFiles crops;
        for (const std::string& spec : args.values("image")) {
            r.newUserTurn.push_back({UserPart::Kind::Image, {}, {compareImage(spec, crops), 280}});
            remote::checkImageFile(r.newUserTurn.back().image.path);
        }
        r.newUserTurn.push_back({UserPart::Kind::Text, args.positionals().front(), {}});

        InterruptStops interrupt;
        const auto engine = RemoteEngine::connect(connectOptions(args), interrupt.flag());
        request.levels = args.value("levels") ? parseLevels(*args.value("levels"), true)
                                              : engine->info().detailLevels;
        const bool json = args.flag("json");
        // Levels not 2..5 distinct offered ones: facet::Error from compare(), exit code 2.
        CliCompareSink sink(json, request.levels.size());
        engine->createSession()->compare(request, sink, interrupt.flag());
        if (!json)
            printTable(sink.columns, args.values("image").size());
        printCheapestAgreeing(sink.columns, json);
        for (const Column& c : sink.columns)
            if (c.error)
                return 1;
        return 0;
    });
}

} // namespace facet::cli
