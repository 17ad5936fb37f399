#include "sim/sim_check.h"

#include "common/error.h"
#include "common/regular_file.h"
#include "sim/sim_runtime.h"

namespace facet::sim {

std::optional<std::string> simGraphProblem(const std::filesystem::path& file) {
    try {
        const RegularFile in(file, std::uint64_t{1} << 40, "a graph file");
        std::string head(15, '\0');
        head.resize(in.readSome(0, head.data(), head.size()));
        if (head != "facet simulator")
            return std::nullopt;
        LoadedModel::check(file);
        return std::nullopt;
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
}

} // namespace facet::sim
