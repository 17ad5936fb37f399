// bench_model: the safe .pth reader against torch. Opens a torch_artifacts.pth with a
// 65536 x 1024 bf16 embedding table (128 MiB) and gathers 256 rows, in C++ (mmap, restricted
// unpickler) and in Python (torch.load + F.embedding), and prints a table. The gathered rows
// are compared by SHA-256 so both sides provably did the same work.
//
// usage: bench_model_run PYTHON PTH_REFERENCE_PY DATA_DIR [--smoke]
// --smoke: a 4096-row table (8 MiB), one open and three gathers per side (the bench-smoke ctest).
#include "bench_support.h"
#include "common/sha256.h"
#include "model/pth_file.h"
#include "model/pth_writer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

using namespace facet::model;
using facet::bench::medianMs;

namespace {

constexpr std::int64_t kCols = 1024;
constexpr size_t kLookups = 256;

std::string runPython(const facet::bench::Args& args, const std::filesystem::path& file,
                      int openRuns, int gatherRuns, const std::vector<std::int64_t>& rows) {
    std::string command = "'" + args[0] + "' '" + args[1] + "' '" + file.string() + "' " +
                          std::to_string(openRuns) + " " + std::to_string(gatherRuns);
    for (std::int64_t r : rows)
        command += " " + std::to_string(r);
    return facet::bench::commandOutput(command);
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(argc, argv, "bench_model_run PYTHON PTH_REFERENCE_PY DATA_DIR",
                                  3);
    const std::int64_t tableRows = args.smoke ? 4096 : 65536;
    const int openRuns = args.smoke ? 1 : 5, gatherRuns = args.smoke ? 3 : 50;
    std::filesystem::create_directories(args[2]);
    const std::filesystem::path file = std::filesystem::path(args[2]) / "bench_embed.pth";
    std::mt19937 random(7);
    {
        std::vector<std::byte> bytes(static_cast<size_t>(tableRows * kCols) * 2);
        for (auto& b : bytes)
            b = static_cast<std::byte>(random() & 0x3F); // small finite bf16 values
        writeTorchArtifacts(
            file, "torch_artifacts",
            {{"embed_tokens", {{"weight", DType::BFloat16, {tableRows, kCols}, bytes}}}});
    }
    std::vector<std::int64_t> rows(kLookups);
    for (auto& r : rows)
        r = static_cast<std::int64_t>(random() % tableRows);

    const double openMs = medianMs(openRuns, [&] { (void)PthFile::open(file); });
    const PthFile pth = PthFile::open(file);
    std::vector<std::uint16_t> out(kLookups * kCols);
    const double gatherMs =
        medianMs(gatherRuns, [&] { gatherRowsBf16(pth.at("embed_tokens.weight"), rows, out); });
    facet::Sha256 hash;
    hash.update(out.data(), out.size() * 2);
    const std::string cppDigest = hash.hexDigest();

    nlohmann::json py;
    try {
        py = nlohmann::json::parse(runPython(args, file, openRuns, gatherRuns, rows));
    } catch (const std::exception& e) {
        std::cerr << "bench_model: " << e.what() << "\n";
        return 1;
    }
    std::printf("bench_model: %lld x %lld bf16 table (%.0f MiB), %zu row lookups, torch %s\n",
                static_cast<long long>(tableRows), static_cast<long long>(kCols),
                static_cast<double>(tableRows * kCols * 2) / (1 << 20), kLookups,
                py["torch"].get<std::string>().c_str());
    std::printf("%-34s %12s %12s %8s\n", "operation (median)", "C++ ms", "Python ms", "speedup");
    const auto row = [](const char* name, double cpp, double python) {
        std::printf("%-34s %12.3f %12.3f %7.1fx\n", name, cpp, python, python / cpp);
    };
    row("open .pth (mmap vs torch.load)", openMs, py["load_ms"].get<double>());
    row("gather 256 rows (bf16)", gatherMs, py["gather_ms"].get<double>());
    const bool same = py["gather_sha256"].get<std::string>() == cppDigest;
    std::printf("gathered rows identical (sha256): %s\n", same ? "yes" : "NO");
    std::filesystem::remove(file);
    return same ? 0 : 1;
}
