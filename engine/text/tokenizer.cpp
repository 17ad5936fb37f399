#include "text/tokenizer.h"

#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"
#include "text/added_tokens.h"
#include "text/bpe_model.h"
#include "text/normalizer.h"
#include "text/pre_tokenizer.h"
#include "text/token_decoder.h"
#include "text/tokenizer_cache.h"
#include "text/tokenizer_json.h"
#include "text/utf8.h"

#include <algorithm>
#include <chrono>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace facet::text {

using nlohmann::json;

struct Tokenizer::Impl {
    Impl(const TokenizerConfig& c, BpeModel m)
        : config(c), normalizer(c.normalizers), preTokenizer(c.preTokenizers), decoder(c.decoders),
          model(std::move(m)) {
        size = static_cast<size_t>(model.vocab().maxId() + 1);
        for (const AddedToken& t : config.addedTokens) {
            if (t.id < 0)
                throw Error("added token '" + t.content + "' has a negative id");
            added[t.id] = t;
            addedByContent[t.content] = t.id;
            size = std::max(size, static_cast<size_t>(t.id) + 1);
            if (t.normalized)
                normalizedMatcher.add(t, normalizer.apply(t.content));
            else
                rawMatcher.add(t, t.content);
        }
    }

    // `holdsLiteral`: the piece holds message text. Tokens matched after normalization cannot
    // be traced back to the message's bytes, so in such a piece no special one is matched
    // (Gemma 4's special tokens are all matched before normalization, normalized: false).
    void encodePlain(std::string_view text, bool startsText, bool holdsLiteral,
                     EncodeBudget& budget, std::vector<int32_t>& out) const {
        const std::string normalized = normalizer.apply(text, budget);
        const AddedTokenMatcher::Accept noSpecial = [](const AddedToken& t, size_t, size_t) {
            return !t.special;
        };
        for (const auto& seg :
             normalizedMatcher.split(normalized, holdsLiteral ? noSpecial : nullptr)) {
            if (seg.id >= 0) {
                out.push_back(seg.id);
                continue;
            }
            std::vector<PreToken> words{
                {normalized.substr(seg.begin, seg.end - seg.begin), startsText && seg.begin == 0}};
            preTokenizer.apply(words, &budget);
            for (const PreToken& w : words)
                model.encodeWord(w.text, out);
        }
    }

    TokenizerConfig config;
    Normalizer normalizer;
    PreTokenizer preTokenizer;
    TokenDecoder decoder;
    BpeModel model;
    AddedTokenMatcher rawMatcher;
    AddedTokenMatcher normalizedMatcher;
    std::unordered_map<int32_t, AddedToken> added;
    std::unordered_map<std::string, int32_t> addedByContent;
    size_t size = 0;
    TokenizerLoadInfo info;
    std::filesystem::path file; // names the tokenizer in errors raised while encoding
};

namespace {

// Whether [begin, end) shares a byte with one of the sorted, disjoint spans.
bool overlaps(std::span<const TextSpan> spans, size_t begin, size_t end) {
    const auto after = std::upper_bound(spans.begin(), spans.end(), begin,
                                        [](size_t at, const TextSpan& s) { return at < s.end; });
    return after != spans.end() && after->begin < end && after->begin < after->end;
}

std::string readFile(const std::filesystem::path& file) {
    return readTextFile(file, kMaxTokenizerJsonBytes, "a tokenizer.json");
}

std::shared_ptr<Tokenizer::Impl> build(const TokenizerConfig& config, TokenizerData data,
                                       const std::filesystem::path& file) {
    auto impl = std::make_shared<Tokenizer::Impl>(
        config, BpeModel(std::move(data.vocab), std::move(data.merges), config.bpe, file));
    impl->file = file;
    return impl;
}

} // namespace

Tokenizer::Tokenizer(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

Tokenizer Tokenizer::fromJson(std::string_view text, const std::filesystem::path& name) {
    ParsedTokenizerJson p = parseTokenizerJson(text, name);
    return Tokenizer(build(p.config, std::move(p.data), name));
}

Tokenizer Tokenizer::load(const std::filesystem::path& file, const TokenizerLoadOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const std::string text = readFile(file);
    const uint64_t hash = contentHash(text);
    const std::filesystem::path dir =
        options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
    const bool cacheUsable = options.useCache && !dir.empty();
    TokenizerLoadInfo info;
    if (cacheUsable)
        info.cacheFile = cacheFileFor(dir, text.size(), hash);
    std::shared_ptr<Impl> impl;
    if (cacheUsable)
        if (auto cached = readTokenizerCache(info.cacheFile, text.size(), hash)) {
            // A cache whose header matches but whose contents do not hold (a damaged or planted
            // file) is ignored and written again from tokenizer.json, never a reason to fail:
            // every later run would fail the same way.
            try {
                const json root = parseJson(cached->configJson, info.cacheFile);
                const TokenizerConfig config = parseTokenizerConfig(root, file);
                // The cache is only as trustworthy as its folder: check its ids like the file's.
                checkTokenIds(cached->vocab, config.addedTokens, info.cacheFile);
                cached->vocab.finish();
                for (const Merge& m : cached->merges)
                    if (!cached->vocab.hasId(m.left) || !cached->vocab.hasId(m.right) ||
                        !cached->vocab.hasId(m.result))
                        throw fileError(info.cacheFile,
                                        "a merge names an id not in the vocabulary");
                impl = build(config, std::move(*cached), file);
                info.fromCache = true;
            } catch (const std::exception&) {
                impl.reset();
                info.cacheDamaged = true;
            }
        }
    if (!impl) {
        ParsedTokenizerJson p = parseTokenizerJson(text, file);
        if (cacheUsable)
            info.cacheWritten = writeTokenizerCache(info.cacheFile, text.size(), hash,
                                                    p.data.configJson, p.data.vocab, p.data.merges);
        impl = build(p.config, std::move(p.data), file);
    }
    info.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    impl->info = info;
    return Tokenizer(impl);
}

std::vector<int32_t> Tokenizer::encode(std::string_view text) const {
    return encode(text, {});
}

std::vector<int32_t> Tokenizer::encode(std::string_view text,
                                       std::span<const TextSpan> literal) const {
    if (!utf8::isValid(text))
        throw Error("cannot tokenize: the text is not valid UTF-8");
    for (size_t i = 0; i < literal.size(); ++i)
        if (literal[i].begin > literal[i].end || literal[i].end > text.size() ||
            (i > 0 && literal[i].begin < literal[i - 1].end))
            throw Error("internal: the message spans of a text to encode are not sorted, "
                        "disjoint ranges of it");
    std::vector<int32_t> ids;
    ids.reserve(text.size() / 3 + 1);
    // One allowance for the whole text, however many pieces the added tokens cut it into.
    EncodeBudget budget(text.size());
    AddedTokenMatcher::Accept accept;
    if (!literal.empty())
        accept = [literal](const AddedToken& t, size_t begin, size_t end) {
            return !t.special || !overlaps(literal, begin, end);
        };
    try {
        for (const auto& seg : impl_->rawMatcher.split(text, accept)) {
            if (seg.id >= 0)
                ids.push_back(seg.id);
            else
                impl_->encodePlain(text.substr(seg.begin, seg.end - seg.begin), seg.begin == 0,
                                   overlaps(literal, seg.begin, seg.end), budget, ids);
        }
    } catch (const Error& e) {
        // A regex that ran out of time says which pattern; this says which tokenizer.
        throw fileError(impl_->file, e.what());
    }
    return ids;
}

std::string Tokenizer::decode(std::span<const int32_t> ids, bool skipSpecial) const {
    std::vector<std::string> tokens;
    tokens.reserve(ids.size());
    for (int32_t id : ids) {
        if (auto it = impl_->added.find(id); it != impl_->added.end()) {
            if (!(skipSpecial && it->second.special))
                tokens.push_back(it->second.content);
            continue;
        }
        tokens.push_back(idToToken(id));
    }
    return impl_->decoder.decode(std::move(tokens));
}

std::optional<int32_t> Tokenizer::tokenToId(std::string_view token) const {
    if (auto it = impl_->addedByContent.find(std::string(token)); it != impl_->addedByContent.end())
        return it->second;
    if (const int32_t id = impl_->model.vocab().find(token); id >= 0)
        return id;
    return std::nullopt;
}

std::string Tokenizer::idToToken(int32_t id) const {
    if (auto it = impl_->added.find(id); it != impl_->added.end())
        return it->second.content;
    if (!impl_->model.vocab().hasId(id))
        throw Error("token id " + std::to_string(id) + " is not in the vocabulary (size " +
                    std::to_string(impl_->size) + ")");
    return std::string(impl_->model.vocab().text(id));
}

bool Tokenizer::isSpecial(int32_t id) const {
    auto it = impl_->added.find(id);
    return it != impl_->added.end() && it->second.special;
}

bool Tokenizer::isByteToken(int32_t id) const {
    return impl_->decoder.hasByteFallback() && !impl_->added.count(id) &&
           impl_->model.isByteToken(id);
}

size_t Tokenizer::vocabSize() const {
    return impl_->size;
}

const TokenizerLoadInfo& Tokenizer::loadInfo() const {
    return impl_->info;
}

} // namespace facet::text
