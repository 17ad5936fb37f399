#pragma once
// What one Tokenizer::encode() may spend on the tokenizer's own rules, shared by every piece of
// the text. A crafted tokenizer.json can make its rules expensive — a chain of Replace a→aa
// doubles the text at each step, an 8 MB replacement multiplies it a millionfold, a regex can
// backtrack for ever — and a text split by added tokens into many pieces used to get a fresh
// allowance per piece (25 s for one text). Here the allowance is per text.
#include <cstddef>
#include <cstdint>

namespace facet::text {

// ICU counts regex work in steps of about 10,000 matcher operations (its time-limit unit, a
// few milliseconds each): 2,000 steps end a runaway within about a second, while a real
// tokenizer pattern needs a handful of operations per match (Gemma 4's needs no regex at all).
inline constexpr std::int64_t kRegexStepsPerText = 2000;
// Normalizers may make a text at most this many times longer (plus kNormalizerSlackBytes):
// Unicode's largest decomposition (U+FDFA under NFKD) is 11 times its UTF-8 bytes, a real
// Replace (" " → "▁") 3 times.
inline constexpr std::size_t kNormalizerGrowth = 32;
inline constexpr std::size_t kNormalizerSlackBytes = 4096;

class EncodeBudget {
public:
    // For a text of `textBytes` bytes.
    explicit EncodeBudget(std::size_t textBytes)
        : growthLeft_((kNormalizerGrowth - 1) * textBytes + kNormalizerSlackBytes) {}

    // One regex step; false once the text's steps are spent.
    [[nodiscard]] bool spendRegexStep() { return regexStepsLeft_-- > 0; }

    // The longest a piece of `pieceBytes` bytes may become in normalization, given what the
    // earlier pieces took; spendGrowth records what this one took.
    [[nodiscard]] std::size_t maxNormalizedBytes(std::size_t pieceBytes) const {
        return pieceBytes + growthLeft_;
    }
    void spendGrowth(std::size_t pieceBytes, std::size_t normalizedBytes) {
        if (normalizedBytes > pieceBytes)
            growthLeft_ -= normalizedBytes - pieceBytes; // never past 0: checked against max
    }

private:
    std::int64_t regexStepsLeft_ = kRegexStepsPerText;
    std::size_t growthLeft_;
};

} // namespace facet::text
