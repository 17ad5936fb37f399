#pragma once
// Where a test finds the source tree, the build tree, its own data folder and the programs it
// starts. Nothing of the machine that built a test is compiled into it, so ccache gives another
// clone the same objects (cmake/FacetCompilerCache.cmake): facet_add_test
// (cmake/FacetTesting.cmake) puts each place into the test's environment, and a test started by
// hand, without ctest, finds them from its own executable and the build tree's
// facet-build-tree.json.
#include <filesystem>
#include <string>

namespace facet::test {

// The source folder (FACET_TEST_SOURCE_DIR).
[[nodiscard]] std::filesystem::path sourceDir();
// The top of the build folder (FACET_TEST_BINARY_DIR).
[[nodiscard]] std::filesystem::path binaryDir();
// The folder of the running test executable.
[[nodiscard]] std::filesystem::path executableDir();
// The built-in demo model as the build wrote it (`demo-model/` at the top of the build folder).
[[nodiscard]] std::filesystem::path demoModelDir();
// The test's own data folder, `data/` beside its executable (FACET_TEST_DATA_DIR).
[[nodiscard]] std::filesystem::path dataDir();
// Where a test writes its screenshots, `screenshots/` beside its executable.
[[nodiscard]] std::filesystem::path screenshotDir();
// The built facet-cli (FACET_TEST_CLI).
[[nodiscard]] std::filesystem::path cliPath();
// Debian's Python with Pillow, NumPy, Jinja2 and torch (FACET_TEST_PYTHON).
[[nodiscard]] std::filesystem::path pythonPath();
// The remote tests' stand-in vLLM server, tests/remote/fake_vllm.py.
[[nodiscard]] std::filesystem::path fakeVllmPath();

} // namespace facet::test
