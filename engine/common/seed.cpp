#include "common/seed.h"

#include <charconv>

namespace facet {

std::optional<std::uint64_t> parseSeed(const std::string& text) {
    if (text.empty() || text.front() < '0' || text.front() > '9')
        return std::nullopt; // from_chars would take no '+', but be explicit about '-'
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !isValidSeed(value))
        return std::nullopt;
    return value;
}

std::string seedRangeText() {
    return "a seed must be a whole number from 0 to " + std::to_string(kMaxSeed);
}

} // namespace facet
