#pragma once
// The one range of sampling seeds Facet accepts, for the local engine and a server alike:
// 0 … 2^63−1. vLLM's request field is `seed: int | None = Field(None, ge=_LONG_INFO.min,
// le=_LONG_INFO.max)` with _LONG_INFO = torch.iinfo(torch.long), a signed 64-bit integer
// (vllm-project/vllm, vllm/entrypoints/openai/engine/protocol.py, commit 040a2cc2); Facet keeps
// the non-negative half, so a seed typed into the app, the CLI or an export fits every engine.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace facet {

inline constexpr std::uint64_t kMaxSeed =
    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

[[nodiscard]] constexpr bool isValidSeed(std::uint64_t seed) noexcept {
    return seed <= kMaxSeed;
}

// A seed as typed: decimal digits only, 0 … kMaxSeed. Nothing for anything else (a sign,
// spaces, a value past the range).
[[nodiscard]] std::optional<std::uint64_t> parseSeed(const std::string& text);

// "a seed must be a whole number from 0 to 9223372036854775807": the words for a refusal.
[[nodiscard]] std::string seedRangeText();

} // namespace facet
