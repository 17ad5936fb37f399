#include "text/pre_tokenizer.h"

#include <algorithm>

namespace facet::text {

namespace {

using Range = std::pair<size_t, size_t>;
struct Flagged {
    Range range;
    bool isMatch;
};

// The whole text as alternating gaps and matches (what tokenizers' Pattern::find_matches
// returns). Empty matches are kept: they influence the merge behaviors.
std::vector<Flagged> coverWithMatches(size_t length, const std::vector<Range>& matches,
                                      bool invert) {
    std::vector<Flagged> out;
    if (length == 0)
        return {{{0, 0}, invert}};
    size_t prev = 0;
    for (const Range& m : matches) {
        if (m.first != prev)
            out.push_back({{prev, m.first}, invert});
        out.push_back({m, !invert});
        prev = m.second;
    }
    if (prev != length)
        out.push_back({{prev, length}, invert});
    return out;
}

} // namespace

std::vector<Range> splitByMatches(size_t textLength, const std::vector<Range>& matches,
                                  SplitBehavior behavior, bool invert) {
    const std::vector<Flagged> parts = coverWithMatches(textLength, matches, invert);
    std::vector<Flagged> kept; // isMatch here means "remove"
    bool previousMatch = false;
    switch (behavior) {
    case SplitBehavior::Isolated:
        for (const Flagged& p : parts)
            kept.push_back({p.range, false});
        break;
    case SplitBehavior::Removed:
        kept = parts;
        break;
    case SplitBehavior::Contiguous:
        for (const Flagged& p : parts) {
            if (p.isMatch == previousMatch && !kept.empty())
                kept.back().range.second = p.range.second;
            else
                kept.push_back({p.range, false});
            previousMatch = p.isMatch;
        }
        break;
    case SplitBehavior::MergedWithPrevious:
        for (const Flagged& p : parts) {
            if (p.isMatch && !previousMatch && !kept.empty())
                kept.back().range.second = p.range.second;
            else
                kept.push_back({p.range, false});
            previousMatch = p.isMatch;
        }
        break;
    case SplitBehavior::MergedWithNext:
        for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
            if (it->isMatch && !previousMatch && !kept.empty())
                kept.back().range.first = it->range.first;
            else
                kept.push_back({it->range, false});
            previousMatch = it->isMatch;
        }
        std::reverse(kept.begin(), kept.end());
        break;
    }
    std::vector<Range> out;
    for (const Flagged& k : kept)
        if (!k.isMatch && k.range.second > k.range.first)
            out.push_back(k.range);
    return out;
}

PreTokenizer::PreTokenizer(const std::vector<PreTokenizerStep>& steps) {
    for (const PreTokenizerStep& s : steps) {
        Step step{s, nullptr};
        if (s.kind == PreTokenizerStep::Kind::Split)
            step.matcher = std::make_shared<PatternReplacer>(s.pattern, std::string());
        else // Metaspace splits on its replacement character, keeping it with the next piece
            step.matcher =
                std::make_shared<PatternReplacer>(Pattern{false, s.replacement}, std::string());
        steps_.push_back(std::move(step));
    }
}

std::vector<PreToken> PreTokenizer::runStep(const Step& step, const PreToken& piece,
                                            EncodeBudget* budget) const {
    const PreTokenizerStep& c = step.config;
    std::string text = piece.text;
    SplitBehavior behavior = c.behavior;
    bool invert = c.invert;
    if (c.kind == PreTokenizerStep::Kind::Metaspace) {
        text = PatternReplacer(Pattern{false, " "}, c.replacement).apply(text);
        const bool startsWithReplacement = text.rfind(c.replacement, 0) == 0;
        if (!startsWithReplacement &&
            (c.prependScheme == PrependScheme::Always ||
             (c.prependScheme == PrependScheme::First && piece.startsText)))
            text = c.replacement + text;
        if (!c.split)
            return {{text, piece.startsText}};
        behavior = SplitBehavior::MergedWithNext;
        invert = false;
    }
    std::vector<PreToken> out;
    for (const auto& [begin, end] :
         splitByMatches(text.size(), step.matcher->matches(text, budget), behavior, invert))
        out.push_back({text.substr(begin, end - begin), piece.startsText && begin == 0});
    return out;
}

void PreTokenizer::apply(std::vector<PreToken>& pieces, EncodeBudget* budget) const {
    for (const Step& step : steps_) {
        std::vector<PreToken> next;
        next.reserve(pieces.size());
        for (const PreToken& piece : pieces)
            for (PreToken& p : runStep(step, piece, budget))
                next.push_back(std::move(p));
        pieces = std::move(next);
    }
    std::erase_if(pieces, [](const PreToken& p) { return p.text.empty(); });
}

} // namespace facet::text
