#include "common/error.h"

namespace facet {

Error fileError(const std::filesystem::path& file, const std::string& reason) {
    return Error(file.string() + ": " + reason);
}

} // namespace facet
