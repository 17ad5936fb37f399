#include "test_paths.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

namespace facet::test {
namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "test paths: %s\n", what.c_str());
    std::exit(2);
}

std::filesystem::path fromEnvironment(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? std::filesystem::path(value) : std::filesystem::path();
}

// (declared in test_paths.h, defined below)
// The nearest folder above the executable that holds the build tree's facet-build-tree.json.
std::filesystem::path buildTreeAboveExecutable() {
    for (auto dir = executableDir(); !dir.empty(); dir = dir.parent_path()) {
        if (std::filesystem::exists(dir / "facet-build-tree.json"))
            return dir;
        if (dir == dir.parent_path())
            break;
    }
    fail("no facet-build-tree.json above the test executable; run it from a build tree or "
         "through ctest");
}

// "source_dir" of facet-build-tree.json (written by packaging/CMakeLists.txt: one key a line,
// a plain path in quotes).
std::filesystem::path sourceDirOfBuildTree(const std::filesystem::path& buildDir) {
    std::ifstream in(buildDir / "facet-build-tree.json");
    std::ostringstream read; // (istreambuf_iterator trips GCC 12's -Wnull-dereference)
    read << in.rdbuf();
    const std::string text = read.str();
    const std::string key = "\"source_dir\": \"";
    const auto at = text.find(key);
    const auto end = at == std::string::npos ? at : text.find('"', at + key.size());
    if (end == std::string::npos)
        fail("no source_dir in " + (buildDir / "facet-build-tree.json").string());
    return text.substr(at + key.size(), end - at - key.size());
}

} // namespace

std::filesystem::path executableDir() {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        fail("cannot read /proc/self/exe: " + ec.message());
    return exe.parent_path();
}

std::filesystem::path demoModelDir() {
    return binaryDir() / "demo-model";
}

std::filesystem::path sourceDir() {
    if (auto dir = fromEnvironment("FACET_TEST_SOURCE_DIR"); !dir.empty())
        return dir;
    return sourceDirOfBuildTree(binaryDir());
}

std::filesystem::path binaryDir() {
    if (auto dir = fromEnvironment("FACET_TEST_BINARY_DIR"); !dir.empty())
        return dir;
    return buildTreeAboveExecutable();
}

std::filesystem::path dataDir() {
    if (auto dir = fromEnvironment("FACET_TEST_DATA_DIR"); !dir.empty())
        return dir;
    return executableDir() / "data";
}

std::filesystem::path screenshotDir() {
    return executableDir() / "screenshots";
}

std::filesystem::path cliPath() {
    if (auto cli = fromEnvironment("FACET_TEST_CLI"); !cli.empty())
        return cli;
    return binaryDir() / "app" / "cli" / "facet-cli";
}

std::filesystem::path pythonPath() {
    if (auto python = fromEnvironment("FACET_TEST_PYTHON"); !python.empty())
        return python;
    return "/usr/bin/python3";
}

std::filesystem::path fakeVllmPath() {
    return sourceDir() / "tests" / "remote" / "fake_vllm.py";
}

} // namespace facet::test
