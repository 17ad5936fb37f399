#pragma once
// The engine's one exception type: every failure the user can see is a facet::Error whose
// message names the file (or graph) and the reason, so callers can show it verbatim.
#include <filesystem>
#include <stdexcept>
#include <string>

namespace facet {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// "PATH: reason" — the shape of every file-related error message.
[[nodiscard]] Error fileError(const std::filesystem::path& file, const std::string& reason);

} // namespace facet
