#pragma once
// Stops a reply that has fallen into a loop ("questions questions questions …", or one phrase
// over and over) independently of the model: a small or off-task model can repeat the same
// n-gram until max_new_tokens, which costs the user seconds and shows a wall of nonsense.
//
// The rule, on the generated token ids (reasoning included), deterministic and O(kMaxPeriod)
// per token: the reply is stopped as soon as its last S tokens are one n-gram of length p
// (1 ≤ p ≤ kMaxPeriod) repeated back to back — every id equal to the id p places before it —
// with S ≥ kMinSpan and S ≥ kMinRepeats · p.
//
// Why these thresholds:
// - kMinSpan = 32 tokens: a single token (p = 1) must repeat 32 times, a two-token n-gram 16
//   times, a four-token one 8 times. Legitimate replies about an image never contain that
//   (a word doubled for emphasis, "ha ha ha", a short table separator are far below it), and
//   numbered lists ("1. 2. 3.") are never periodic, since their numbers differ. A loop is
//   caught about 32 tokens in: under a second on the demo model, against the 512 tokens
//   (≈ 9 s) it would otherwise run.
// - kMinRepeats = 4: a longer n-gram (a sentence of 8 to 64 tokens) must be written four
//   times in a row, word for word; two or three identical sentences can be meant (a list of
//   identical items), four copies back to back are a loop.
// - kMaxPeriod = 64 tokens: longer loops (whole paragraphs) are rare and would need ≥ 256
//   tokens to show four times; the bound keeps the check to 64 comparisons a token.
// Sampled replies may loop with small variations; those are not caught (exact repeats only),
// so the guard never stops on a guess.
#include <array>
#include <cstdint>
#include <vector>

namespace facet::generate {

class RepetitionGuard {
public:
    static constexpr int kMinSpan = 32;
    static constexpr int kMinRepeats = 4;
    static constexpr int kMaxPeriod = 64;

    // Adds the next generated id; true once the reply ends in a loop by the rule above (and
    // stays true for every later id while the loop goes on).
    bool push(std::int32_t id);
    // The period of the loop found by the last push that returned true (0 before).
    [[nodiscard]] int period() const { return period_; }

private:
    std::vector<std::int32_t> ids_;
    // run_[p]: how many of the latest ids equal the id p places before them, back to back.
    std::array<int, kMaxPeriod + 1> run_{};
    int period_ = 0;
};

} // namespace facet::generate
