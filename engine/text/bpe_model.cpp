#include "text/bpe_model.h"

#include "common/error.h"
#include "text/utf8.h"

#include <cstdio>
#include <queue>

namespace facet::text {

BpeModel::BpeModel(Vocabulary vocab, std::vector<Merge> merges, const BpeSettings& settings,
                   const std::filesystem::path& file)
    : vocab_(std::move(vocab)), merges_(std::move(merges)), settings_(settings) {
    mergeTable_.build(merges_);
    if (settings_.unkToken) {
        unkId_ = vocab_.find(*settings_.unkToken);
        if (unkId_ < 0)
            throw fileError(file, "model BPE: unk_token '" + *settings_.unkToken +
                                      "' is not in the vocabulary");
    }
    byteIds_.assign(256, -1);
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        byteIds_[static_cast<size_t>(b)] = vocab_.find(name);
    }
}

bool BpeModel::isByteToken(int32_t id) const {
    if (!vocab_.hasId(id))
        return false;
    const std::string_view t = vocab_.text(id);
    return t.size() == 6 && t.substr(0, 3) == "<0x" && t[5] == '>';
}

// Mirrors tokenizers' BPE::merge_word: each character is looked up (with the subword prefix
// after the first and the word suffix on the last); misses become byte tokens when every
// byte has one, else the unknown token (consecutive unknowns fused when fuse_unk).
void BpeModel::initialSymbols(std::string_view word, std::vector<Symbol>& symbols) const {
    int32_t pendingUnk = -1; // an unknown token waiting to be emitted (fused or not)
    auto push = [&symbols](int32_t id) {
        const auto index = static_cast<int32_t>(symbols.size());
        symbols.push_back({id, index - 1, index + 1, true});
    };
    std::string piece;
    for (size_t pos = 0; pos < word.size();) {
        const size_t begin = pos;
        (void)utf8::next(word, pos);
        piece.assign(word.substr(begin, pos - begin));
        if (begin != 0 && !settings_.continuingSubwordPrefix.empty())
            piece.insert(0, settings_.continuingSubwordPrefix);
        if (pos == word.size())
            piece += settings_.endOfWordSuffix;
        if (const int32_t id = vocab_.find(piece); id >= 0) {
            if (pendingUnk >= 0) {
                push(pendingUnk);
                pendingUnk = -1;
            }
            push(id);
            continue;
        }
        if (settings_.byteFallback) {
            bool allBytes = true;
            for (char c : piece)
                allBytes = allBytes && byteIds_[static_cast<unsigned char>(c)] >= 0;
            if (allBytes) {
                // tokenizers does not flush a pending unknown here; keep its order.
                for (char c : piece)
                    push(byteIds_[static_cast<unsigned char>(c)]);
                continue;
            }
        }
        if (unkId_ >= 0) {
            if (pendingUnk >= 0 && !settings_.fuseUnk)
                push(pendingUnk);
            pendingUnk = unkId_;
        }
    }
    if (pendingUnk >= 0)
        push(pendingUnk);
    if (!symbols.empty())
        symbols.back().next = -1;
}

void BpeModel::applyMerges(std::vector<Symbol>& symbols) const {
    struct Candidate {
        uint32_t rank;
        int32_t pos;
        int32_t result;
        bool operator>(const Candidate& o) const {
            return rank != o.rank ? rank > o.rank : pos > o.pos;
        }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
    const auto count = static_cast<int32_t>(symbols.size());
    for (int32_t i = 0; i + 1 < count; ++i)
        if (const Merge* m = mergeTable_.find(symbols[static_cast<size_t>(i)].id,
                                              symbols[static_cast<size_t>(i) + 1].id))
            queue.push({m->rank, i, m->result});
    while (!queue.empty()) {
        const Candidate top = queue.top();
        queue.pop();
        Symbol& left = symbols[static_cast<size_t>(top.pos)];
        if (!left.alive || left.next < 0)
            continue;
        Symbol& right = symbols[static_cast<size_t>(left.next)];
        // Skip stale entries: the pair at this position changed since it was queued.
        const Merge* current = mergeTable_.find(left.id, right.id);
        if (!current || current->result != top.result)
            continue;
        left.id = top.result;
        right.alive = false;
        left.next = right.next;
        if (right.next >= 0)
            symbols[static_cast<size_t>(right.next)].prev = top.pos;
        if (left.prev >= 0)
            if (const Merge* m =
                    mergeTable_.find(symbols[static_cast<size_t>(left.prev)].id, left.id))
                queue.push({m->rank, left.prev, m->result});
        if (left.next >= 0)
            if (const Merge* m =
                    mergeTable_.find(left.id, symbols[static_cast<size_t>(left.next)].id))
                queue.push({m->rank, top.pos, m->result});
    }
}

void BpeModel::encodeWord(std::string_view word, std::vector<int32_t>& out) const {
    if (word.empty())
        return;
    if (settings_.ignoreMerges)
        if (const int32_t id = vocab_.find(word); id >= 0) {
            out.push_back(id);
            return;
        }
    thread_local std::vector<Symbol> symbols;
    symbols.clear();
    initialSymbols(word, symbols);
    applyMerges(symbols);
    for (const Symbol& s : symbols)
        if (s.alive)
            out.push_back(s.id);
}

} // namespace facet::text
