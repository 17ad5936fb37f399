#include "text/tokenizer_config.h"

#include "common/error.h"
#include "text/utf8.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <cstdint>

namespace facet::text {

namespace {

using nlohmann::json;

// The member `key` of `node` by reference, or an empty array/null when absent. value(key,
// default) would copy the member: for nested Sequence components that copied every subtree once
// per level (quadratic in the depth).
const json& member(const json& node, const char* key, const json& absent) {
    const auto it = node.find(key);
    return it == node.end() ? absent : *it;
}

const json kEmptyArray = json::array();
const json kNull;
const json kZero = 0u;

class ConfigReader {
public:
    explicit ConfigReader(const std::filesystem::path& file) : file_(file) {}

    [[noreturn]] void fail(const std::string& reason) const { throw fileError(file_, reason); }

    std::string typeOf(const json& node, const std::string& what) const {
        if (!node.is_object() || !node.contains("type") || !node["type"].is_string())
            fail(what + " has no \"type\"");
        return node["type"].get<std::string>();
    }

    std::string stringField(const json& node, const char* key, const std::string& what) const {
        if (!node.contains(key) || !node[key].is_string())
            fail(what + ": missing string field \"" + key + "\"");
        return node[key].get<std::string>();
    }

    bool boolField(const json& node, const char* key, bool fallback) const {
        if (!node.contains(key) || node[key].is_null())
            return fallback;
        if (!node[key].is_boolean())
            fail(std::string("field \"") + key + "\" must be true or false");
        return node[key].get<bool>();
    }

    Pattern pattern(const json& node, const std::string& what) const {
        if (!node.contains("pattern") || !node["pattern"].is_object())
            fail(what + ": missing \"pattern\"");
        const json& p = node["pattern"];
        if (p.contains("String") && p["String"].is_string())
            return {false, p["String"].get<std::string>()};
        if (p.contains("Regex") && p["Regex"].is_string())
            return {true, p["Regex"].get<std::string>()};
        fail(what + ": pattern must be {\"String\": ...} or {\"Regex\": ...}");
    }

    void normalizer(const json& node, std::vector<NormalizerStep>& out) const {
        if (node.is_null())
            return;
        const std::string type = typeOf(node, "normalizer");
        NormalizerStep step;
        if (type == "Sequence") {
            for (const json& child : member(node, "normalizers", kEmptyArray))
                normalizer(child, out);
            return;
        }
        if (type == "Replace") {
            step.kind = NormalizerStep::Kind::Replace;
            step.pattern = pattern(node, "normalizer Replace");
            step.content = stringField(node, "content", "normalizer Replace");
        } else if (type == "Prepend") {
            step.kind = NormalizerStep::Kind::Prepend;
            step.content = stringField(node, "prepend", "normalizer Prepend");
        } else if (type == "NFC") {
            step.kind = NormalizerStep::Kind::Nfc;
        } else if (type == "NFD") {
            step.kind = NormalizerStep::Kind::Nfd;
        } else if (type == "NFKC") {
            step.kind = NormalizerStep::Kind::Nfkc;
        } else if (type == "NFKD") {
            step.kind = NormalizerStep::Kind::Nfkd;
        } else {
            fail("unsupported normalizer '" + type +
                 "' (supported: Replace, Prepend, NFC, NFD, NFKC, NFKD, Sequence)");
        }
        out.push_back(std::move(step));
    }

    SplitBehavior behavior(const json& node) const {
        const std::string b = stringField(node, "behavior", "pre-tokenizer Split");
        if (b == "Removed")
            return SplitBehavior::Removed;
        if (b == "Isolated")
            return SplitBehavior::Isolated;
        if (b == "MergedWithPrevious")
            return SplitBehavior::MergedWithPrevious;
        if (b == "MergedWithNext")
            return SplitBehavior::MergedWithNext;
        if (b == "Contiguous")
            return SplitBehavior::Contiguous;
        fail("pre-tokenizer Split: unknown behavior '" + b + "'");
    }

    void preTokenizer(const json& node, std::vector<PreTokenizerStep>& out) const {
        if (node.is_null())
            return;
        const std::string type = typeOf(node, "pre-tokenizer");
        PreTokenizerStep step;
        if (type == "Sequence") {
            for (const json& child : member(node, "pretokenizers", kEmptyArray))
                preTokenizer(child, out);
            return;
        }
        if (type == "Split") {
            step.kind = PreTokenizerStep::Kind::Split;
            step.pattern = pattern(node, "pre-tokenizer Split");
            if (!step.pattern.isRegex && step.pattern.text.empty())
                fail("pre-tokenizer Split: empty pattern");
            step.behavior = behavior(node);
            step.invert = boolField(node, "invert", false);
        } else if (type == "Metaspace") {
            step.kind = PreTokenizerStep::Kind::Metaspace;
            step.replacement = stringField(node, "replacement", "pre-tokenizer Metaspace");
            size_t pos = 0;
            (void)utf8::next(step.replacement, pos);
            if (step.replacement.empty() || pos != step.replacement.size())
                fail("pre-tokenizer Metaspace: replacement must be one character");
            step.split = boolField(node, "split", true);
            if (node.contains("prepend_scheme") && node["prepend_scheme"].is_string()) {
                const std::string s = node["prepend_scheme"].get<std::string>();
                if (s == "always")
                    step.prependScheme = PrependScheme::Always;
                else if (s == "first")
                    step.prependScheme = PrependScheme::First;
                else if (s == "never")
                    step.prependScheme = PrependScheme::Never;
                else
                    fail("pre-tokenizer Metaspace: unknown prepend_scheme '" + s + "'");
            } else {
                step.prependScheme = boolField(node, "add_prefix_space", true)
                                         ? PrependScheme::Always
                                         : PrependScheme::Never;
            }
        } else {
            fail("unsupported pre-tokenizer '" + type +
                 "' (supported: Split, Metaspace, Sequence)");
        }
        out.push_back(std::move(step));
    }

    void decoder(const json& node, std::vector<DecoderStep>& out) const {
        if (node.is_null())
            return;
        const std::string type = typeOf(node, "decoder");
        DecoderStep step;
        if (type == "Sequence") {
            for (const json& child : member(node, "decoders", kEmptyArray))
                decoder(child, out);
            return;
        }
        if (type == "Replace") {
            step.kind = DecoderStep::Kind::Replace;
            step.pattern = pattern(node, "decoder Replace");
            step.content = stringField(node, "content", "decoder Replace");
        } else if (type == "ByteFallback") {
            step.kind = DecoderStep::Kind::ByteFallback;
        } else if (type == "Fuse") {
            step.kind = DecoderStep::Kind::Fuse;
        } else if (type == "Strip") {
            step.kind = DecoderStep::Kind::Strip;
            const std::string c = stringField(node, "content", "decoder Strip");
            size_t pos = 0;
            step.stripChar = c.empty() ? U' ' : utf8::next(c, pos);
            if (c.empty() || pos != c.size())
                fail("decoder Strip: content must be one character");
            if (!member(node, "start", kZero).is_number_unsigned() ||
                !member(node, "stop", kZero).is_number_unsigned())
                fail("decoder Strip: start and stop must be non-negative integers");
            step.stripStart = node.value("start", size_t{0});
            step.stripStop = node.value("stop", size_t{0});
        } else {
            fail("unsupported decoder '" + type +
                 "' (supported: Replace, ByteFallback, Fuse, Strip, Sequence)");
        }
        out.push_back(std::move(step));
    }

    AddedToken addedToken(const json& node) const {
        if (!node.is_object() || !node.contains("id") || !node["id"].is_number_integer())
            fail("added_tokens: every entry needs an integer \"id\"");
        // Read as 64 bits and range-checked: get<int32_t> would turn 2^40 into 0.
        const json& id = node["id"];
        if (id.is_number_unsigned()
                ? id.get<std::uint64_t>() > INT32_MAX
                : (id.get<std::int64_t>() < 0 || id.get<std::int64_t>() > INT32_MAX))
            fail("added token id " + id.dump() + " is outside [0, 2147483647]");
        AddedToken t;
        t.id = id.get<int32_t>();
        t.content = stringField(node, "content", "added token " + std::to_string(t.id));
        if (t.content.empty())
            fail("added token " + std::to_string(t.id) + " has empty content");
        t.special = boolField(node, "special", false);
        t.normalized = boolField(node, "normalized", !t.special);
        t.lstrip = boolField(node, "lstrip", false);
        t.rstrip = boolField(node, "rstrip", false);
        t.singleWord = boolField(node, "single_word", false);
        return t;
    }

    BpeSettings bpe(const json& model) const {
        if (!model.is_object())
            fail("missing \"model\"");
        const std::string type = model.value("type", std::string("BPE"));
        if (type != "BPE")
            fail("unsupported model '" + type + "' (supported: BPE)");
        if (model.contains("dropout") && !model["dropout"].is_null() &&
            model["dropout"].get<double>() != 0.0)
            fail("model BPE: dropout is not supported (it makes encoding random)");
        BpeSettings s;
        if (model.contains("unk_token") && model["unk_token"].is_string())
            s.unkToken = model["unk_token"].get<std::string>();
        s.byteFallback = boolField(model, "byte_fallback", false);
        s.fuseUnk = boolField(model, "fuse_unk", false);
        s.ignoreMerges = boolField(model, "ignore_merges", false);
        if (model.contains("continuing_subword_prefix") &&
            model["continuing_subword_prefix"].is_string())
            s.continuingSubwordPrefix = model["continuing_subword_prefix"].get<std::string>();
        if (model.contains("end_of_word_suffix") && model["end_of_word_suffix"].is_string())
            s.endOfWordSuffix = model["end_of_word_suffix"].get<std::string>();
        return s;
    }

private:
    std::filesystem::path file_;
};

} // namespace

TokenizerConfig parseTokenizerConfig(const nlohmann::json& root,
                                     const std::filesystem::path& file) {
    ConfigReader reader(file);
    if (!root.is_object())
        reader.fail("not a tokenizer.json object");
    TokenizerConfig config;
    reader.normalizer(member(root, "normalizer", kNull), config.normalizers);
    reader.preTokenizer(member(root, "pre_tokenizer", kNull), config.preTokenizers);
    reader.decoder(member(root, "decoder", kNull), config.decoders);
    for (const json& t : member(root, "added_tokens", kEmptyArray))
        config.addedTokens.push_back(reader.addedToken(t));
    const auto model = root.find("model"); // by reference: the model holds the whole vocabulary
    if (model == root.end())
        reader.fail("missing \"model\"");
    config.bpe = reader.bpe(*model);
    return config;
}

} // namespace facet::text
