#include "args.h"

#include <charconv>

namespace facet::cli {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
           const std::set<std::string>& flags, const std::set<std::string>& repeatable) {
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a.size() < 3 || a.rfind("--", 0) != 0) {
            positionals_.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (flags.count(name)) {
            if (inlineValue)
                throw UsageError("option --" + name + " takes no value");
            flags_.insert(name);
        } else if (valued.count(name)) {
            if (!inlineValue) {
                if (i + 1 >= argv.size())
                    throw UsageError("option --" + name + " needs a value");
                inlineValue = argv[++i];
            }
            if (values_.count(name) && !repeatable.count(name))
                throw UsageError("option --" + name + " given twice");
            values_.emplace(name, *inlineValue);
        } else {
            throw UsageError("unknown option --" + name);
        }
    }
}

std::optional<std::string> Args::value(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end())
        return std::nullopt;
    return it->second;
}

std::vector<std::string> Args::values(const std::string& name) const {
    std::vector<std::string> out;
    auto [lo, hi] = values_.equal_range(name);
    for (auto it = lo; it != hi; ++it)
        out.push_back(it->second);
    return out;
}

long long Args::intValue(const std::string& name, long long fallback) const {
    auto v = value(name);
    if (!v)
        return fallback;
    long long out = 0;
    auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || ptr != v->data() + v->size())
        throw UsageError("option --" + name + " expects an integer, got '" + *v + "'");
    return out;
}

} // namespace facet::cli
