// facet-cli inspect-pth FILE [--json]: lists the tensors of a torch.save'd state dict (such as
// torch_artifacts.pth) with dtype, shape and the SHA-256 of their elements as contiguous
// little-endian bytes — read by the engine's safe reader, which never executes the pickle.
#include "args.h"
#include "command.h"
#include "model/pth_file.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace {

using facet::model::shapeText;

int runInspectPth(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv, {}, {"json"});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected exactly one FILE");
    const auto pth = facet::model::PthFile::open(args.positionals()[0]);
    if (args.flag("json")) {
        nlohmann::json tensors = nlohmann::json::array();
        for (const auto& t : pth.tensors())
            tensors.push_back({{"name", t.name()},
                               {"dtype", std::string(facet::model::dtypeName(t.dtype()))},
                               {"shape", t.shape()},
                               {"sha256", t.sha256()}});
        const nlohmann::json out{{"file", pth.path().string()},
                                 {"archive", pth.archiveName()},
                                 {"format_version", pth.formatVersion()},
                                 {"tensors", tensors}};
        std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        return 0;
    }
    std::cout << pth.path().string() << " (archive '" << pth.archiveName() << "', format "
              << pth.formatVersion() << "): " << pth.tensors().size() << " tensors\n";
    for (const auto& t : pth.tensors())
        std::cout << "  " << t.name() << "  " << facet::model::dtypeName(t.dtype()) << "  "
                  << shapeText(t.shape()) << "  sha256 " << t.sha256() << "\n";
    return 0;
}

const facet::cli::Registration inspectPthRegistration{"inspect-pth", "inspect-pth FILE [--json]",
                                                      &runInspectPth};

} // namespace
