#include "command.h"

namespace facet::cli {

std::vector<Command>& commandRegistry() {
    static std::vector<Command> commands; // function-local: safe during static initialisation
    return commands;
}

Registration::Registration(std::string name, std::string usage, CommandFn run) {
    commandRegistry().push_back({std::move(name), std::move(usage), std::move(run)});
}

} // namespace facet::cli
