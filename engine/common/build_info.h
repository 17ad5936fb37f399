#pragma once
// What `--version` prints about the build itself (the generated cmake/build_info.cpp.in; linked
// only into facet and facet-cli through the facet_build_info library).

namespace facet::build {

[[nodiscard]] const char* version();     // the project version, "0.1.0"
[[nodiscard]] const char* gitRevision(); // `git describe --always --dirty`, or "unknown"
[[nodiscard]] const char* qtVersion();   // the Qt the app was built with; "" without the app

} // namespace facet::build
