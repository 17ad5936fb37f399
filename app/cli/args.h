#pragma once
// Minimal option parsing shared by the subcommands: `--flag`, `--key VALUE`, `--key=VALUE`
// and positionals, with errors that name the option.
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace facet::cli {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Args {
public:
    // `valued` lists options that take a value; `flags` those that do not; `repeatable` the
    // valued options that may appear several times. Anything else starting with "--" throws.
    Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
         const std::set<std::string>& flags, const std::set<std::string>& repeatable = {});

    bool flag(const std::string& name) const { return flags_.count(name) != 0; }
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
    long long intValue(const std::string& name, long long fallback) const;
    const std::vector<std::string>& positionals() const { return positionals_; }

private:
    std::set<std::string> flags_;
    std::multimap<std::string, std::string> values_;
    std::vector<std::string> positionals_;
};

} // namespace facet::cli
