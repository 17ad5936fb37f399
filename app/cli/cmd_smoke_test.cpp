// facet-cli smoke-test: one command after installing an NPU, its driver and runtime, and a
// compiled model, that says whether it all works and how fast. Prints each step as it runs
// (pass/fail, time, the exact error), then the timings; --report writes the JSON report.
// Exit 0 when every step passes, 1 when one fails, 2 for bad arguments or an unreadable folder.
#include "args.h"
#include "command.h"
#include "generate/builtin_paths.h"
#include "generate/smoke_test.h"
#include "interrupt.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>

namespace {

using namespace facet::generate;

int runSmokeTestCommand(const std::vector<std::string>& argv) {
    std::optional<facet::cli::Args> parsed;
    try {
        parsed.emplace(argv, std::set<std::string>{"model", "device", "runtime", "report"},
                       std::set<std::string>{});
        if (!parsed->positionals().empty())
            throw facet::cli::UsageError("unexpected argument '" + parsed->positionals()[0] + "'");
    } catch (const facet::cli::UsageError& e) { // this command's contract: 2 for bad arguments
        std::cerr << "facet-cli smoke-test: " << e.what()
                  << "\nusage: smoke-test [--model DIR] [--device N] [--runtime LIB] "
                     "[--report FILE.json]\n";
        return 2;
    }
    const facet::cli::Args& args = *parsed;
    SmokeOptions options;
    options.modelDir = args.value("model").value_or(builtinDemoModelDir().string());
    try {
        options.deviceId = static_cast<int>(args.intValue("device", 0));
    } catch (const std::exception& e) {
        std::cerr << "facet-cli smoke-test: " << e.what() << "\n";
        return 2;
    }
    if (const auto lib = args.value("runtime"))
        options.runtimeLibrary = *lib;

    SmokeProgress progress;
    progress.stepStarted = [](int index, int count, const SmokeStep& s) {
        std::cout << "[" << index + 1 << "/" << count << "] " << s.title << " ... " << std::flush;
    };
    progress.stepFinished = [](int, int, const SmokeStep& s) {
        char ms[32];
        std::snprintf(ms, sizeof ms, "%.0f ms", s.ms);
        std::cout << (s.status == SmokeStep::Status::Pass ? "PASS" : "FAIL") << " (" << ms
                  << ")\n      " << s.message << "\n";
        for (const std::string& d : s.details)
            std::cout << "      " << d << "\n";
        std::cout << std::flush;
    };
    const SmokeReport report = [&] {
        facet::cli::InterruptStops interrupt;
        return runSmokeTest(options, progress, interrupt.flag());
    }();

    for (const SmokeStep& s : report.steps)
        if (s.status == SmokeStep::Status::Skipped)
            std::cout << "[skip] " << s.title << ": " << s.message << "\n";
    std::cout << "machine: " << report.machine.cpu << "; " << report.machine.os << "\n"
              << "runtime: " << report.machine.runtimeFile << " (version "
              << report.machine.runtimeVersion << "), device " << report.machine.deviceId << "\n";
    if (const SmokeStep* failed = report.firstFailure())
        std::cout << "RESULT: FAIL at step '" << failed->id << "': " << failed->message << "\n";
    else if (report.passed())
        std::cout << "RESULT: PASS (all " << report.steps.size() << " steps)\n";
    else
        std::cout << "RESULT: INCOMPLETE (stopped)\n";

    if (const auto file = args.value("report")) {
        std::ofstream out(*file);
        out << smokeReportToJson(report).dump(2) << "\n";
        if (!out) {
            std::cerr << "facet-cli smoke-test: " << *file << ": cannot write the report\n";
            return 2;
        }
    }
    if (report.folderUnreadable)
        return 2;
    return report.passed() ? 0 : 1;
}

const facet::cli::Registration smokeTestCommandRegistration{
    "smoke-test", "smoke-test [--model DIR] [--device N] [--runtime LIB] [--report FILE.json]",
    &runSmokeTestCommand};

} // namespace
