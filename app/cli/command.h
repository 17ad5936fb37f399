#pragma once
// Subcommand registry of facet-cli. Each cmd_<name>.cpp defines one command and registers it
// with a file-scope `const facet::cli::Registration`, so main.cpp never lists them.
#include <functional>
#include <string>
#include <vector>

namespace facet::cli {

// Arguments after the subcommand name. Returns the process exit code:
// 0 success, 1 usage error, 2 the input was refused (message already on stderr).
using CommandFn = std::function<int(const std::vector<std::string>& args)>;

struct Command {
    std::string name;
    std::string usage; // one line, shown by `facet-cli help`
    CommandFn run;
};

std::vector<Command>& commandRegistry();

struct Registration {
    Registration(std::string name, std::string usage, CommandFn run);
};

} // namespace facet::cli
