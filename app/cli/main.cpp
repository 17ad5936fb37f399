// facet-cli: the command-line face of the engine. Subcommands register themselves.
#include "args.h"
#include "command.h"
#include "common/build_info.h"
#include "common/error.h"
#include "generate/builtin_paths.h"
#include "terminal_text.h"

#include <algorithm>
#include <iostream>

namespace {

int printHelp(std::ostream& out) {
    auto commands = facet::cli::commandRegistry();
    std::sort(commands.begin(), commands.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    out << "usage: facet-cli COMMAND [ARGS]\n       facet-cli --version\n\ncommands:\n";
    for (const auto& c : commands)
        out << "  " << c.usage << "\n";
    return 0;
}

// Version, revision and what this install found (data, simulator, RBLN runtime). facet-cli
// uses no Qt; the Qt line says which Qt the app of the same build uses.
int printVersion() {
    std::cout << "facet-cli " << facet::build::version() << " (git " << facet::build::gitRevision()
              << ")\n";
    if (*facet::build::qtVersion())
        std::cout << "Qt: none in facet-cli (the app, facet, uses Qt " << facet::build::qtVersion()
                  << ")\n";
    std::cout << facet::generate::describeInstall();
    return 0;
}

const facet::cli::Command* findCommand(const std::string& name) {
    for (const auto& command : facet::cli::commandRegistry())
        if (command.name == name)
            return &command;
    return nullptr;
}

// `facet-cli COMMAND --help` (or -h first) and `facet-cli help COMMAND`: the command's usage on
// stdout, exit 0, nothing run. "--help" elsewhere is help too: no question or path is "--help".
bool asksForHelp(const std::vector<std::string>& args) {
    return (!args.empty() && args.front() == "-h") ||
           std::find(args.begin(), args.end(), "--help") != args.end();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2)
        return printHelp(std::cerr), 1;
    const std::string name = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    if (name == "help" || name == "--help" || name == "-h") {
        if (args.empty())
            return printHelp(std::cout);
        if (const auto* command = findCommand(args.front())) {
            std::cout << "usage: facet-cli " << command->usage << "\n";
            return 0;
        }
        std::cerr << "facet-cli: unknown command '" << facet::cli::terminalSafe(args.front())
                  << "'\n";
        printHelp(std::cerr);
        return 1;
    }
    if (name == "--version" || name == "version")
        return printVersion();
    for (const auto& command : facet::cli::commandRegistry()) {
        if (command.name != name)
            continue;
        if (asksForHelp(args)) {
            std::cout << "usage: facet-cli " << command.usage << "\n";
            return 0;
        }
        try {
            return command.run(args);
        } catch (const facet::cli::UsageError& e) {
            std::cerr << "facet-cli " << name << ": " << facet::cli::terminalSafe(e.what())
                      << "\nusage: " << command.usage << "\n";
            return 1;
        } catch (const std::exception& e) {
            std::cerr << "facet-cli " << name << ": " << facet::cli::terminalSafe(e.what()) << "\n";
            return 2;
        }
    }
    std::cerr << "facet-cli: unknown command '" << facet::cli::terminalSafe(name) << "'\n";
    printHelp(std::cerr);
    return 1;
}
