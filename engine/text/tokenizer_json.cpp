#include "text/tokenizer_json.h"

#include "common/error.h"
#include "common/json_text.h"

#include <climits>

#include <nlohmann/json.hpp>

namespace facet::text {

namespace {

using nlohmann::json;

// Builds a JSON tree of everything except model.vocab and model.merges, which it captures.
class TokenizerSax : public nlohmann::json_sax<json> {
public:
    json root;
    Vocabulary vocab;
    std::vector<std::pair<std::string, std::string>> merges;
    bool sawVocab = false;
    std::string error;

    bool null() override { return value(json()); }
    bool boolean(bool v) override { return value(json(v)); }
    bool number_integer(number_integer_t v) override {
        return capture_ == Capture::Vocab ? vocabId(v) : value(json(v));
    }
    bool number_unsigned(number_unsigned_t v) override {
        if (capture_ == Capture::Vocab)
            return vocabId(v > static_cast<number_unsigned_t>(INT64_MAX) ? -1
                                                                         : static_cast<int64_t>(v));
        return value(json(v));
    }
    bool number_float(number_float_t v, const string_t&) override { return value(json(v)); }
    bool string(string_t& v) override {
        if (capture_ == Capture::MergePair) {
            pair_.push_back(std::move(v));
            return true;
        }
        if (capture_ == Capture::Merges) {
            const size_t space = v.find(' ');
            if (space == std::string::npos || v.find(' ', space + 1) != std::string::npos)
                return fail("model BPE: merge " + std::to_string(merges.size()) +
                            " is neither \"a b\" nor [\"a\", \"b\"]: \"" + v + "\"");
            merges.emplace_back(v.substr(0, space), v.substr(space + 1));
            return true;
        }
        return value(json(std::move(v)));
    }
    bool binary(binary_t&) override { return fail("unexpected binary value"); }
    bool key(string_t& k) override {
        if (capture_ == Capture::Vocab)
            vocabKey_ = std::move(k);
        else
            key_ = std::move(k);
        return true;
    }
    bool start_object(std::size_t) override {
        if (++depth_ > kMaxJsonDepth)
            return fail(jsonTooDeepReason());
        if (capture_ != Capture::None)
            return fail(capture_ == Capture::Vocab
                            ? "model BPE: vocab entry '" + vocabKey_ + "' has no valid id"
                            : mergeShapeError());
        if (atModelKey("vocab")) {
            capture_ = Capture::Vocab;
            sawVocab = true;
            return true;
        }
        const bool isModel = stack_.size() == 1 && key_ == "model";
        open(json::object());
        if (isModel)
            model_ = stack_.back();
        return true;
    }
    bool end_object() override {
        --depth_;
        if (capture_ == Capture::Vocab) {
            capture_ = Capture::None;
            return true;
        }
        stack_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override {
        if (++depth_ > kMaxJsonDepth)
            return fail(jsonTooDeepReason());
        if (capture_ == Capture::Merges) {
            capture_ = Capture::MergePair;
            pair_.clear();
            return true;
        }
        if (capture_ != Capture::None)
            return fail(capture_ == Capture::Vocab
                            ? "model BPE: vocab entry '" + vocabKey_ + "' has no valid id"
                            : mergeShapeError());
        if (atModelKey("merges")) {
            capture_ = Capture::Merges;
            return true;
        }
        open(json::array());
        return true;
    }
    bool end_array() override {
        --depth_;
        if (capture_ == Capture::MergePair) {
            if (pair_.size() != 2)
                return fail(mergeShapeError());
            merges.emplace_back(std::move(pair_[0]), std::move(pair_[1]));
            capture_ = Capture::Merges;
            return true;
        }
        if (capture_ == Capture::Merges) {
            capture_ = Capture::None;
            return true;
        }
        stack_.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string&,
                     const nlohmann::detail::exception& e) override {
        return fail(std::string("invalid JSON: ") + e.what());
    }

private:
    enum class Capture { None, Vocab, Merges, MergePair };

    bool fail(std::string message) {
        if (error.empty())
            error = std::move(message);
        return false;
    }
    std::string mergeShapeError() const {
        return "model BPE: merge " + std::to_string(merges.size()) +
               " is neither \"a b\" nor [\"a\", \"b\"]";
    }
    bool atModelKey(const char* name) const {
        return model_ && stack_.size() == 2 && stack_.back() == model_ && key_ == name;
    }
    bool vocabId(int64_t id) {
        if (id < 0 || id > INT32_MAX)
            return fail("model BPE: vocab entry '" + vocabKey_ + "' has no valid id");
        vocab.add(vocabKey_, static_cast<int32_t>(id));
        return true;
    }
    // Places a value in the innermost open container (or as the root).
    json* insert(json v) {
        if (capture_ == Capture::Vocab) {
            fail("model BPE: vocab entry '" + vocabKey_ + "' has no valid id");
            return nullptr;
        }
        if (capture_ != Capture::None) {
            fail(mergeShapeError());
            return nullptr;
        }
        if (stack_.empty()) {
            root = std::move(v);
            return &root;
        }
        json& top = *stack_.back();
        if (top.is_object())
            return &(top[key_] = std::move(v));
        top.push_back(std::move(v));
        return &top.back();
    }
    bool value(json v) { return insert(std::move(v)) != nullptr; }
    void open(json container) {
        if (json* p = insert(std::move(container)))
            stack_.push_back(p);
    }

    std::vector<json*> stack_; // open containers, outermost first
    json* model_ = nullptr;
    std::string key_;
    std::string vocabKey_;
    std::vector<std::string> pair_;
    Capture capture_ = Capture::None;
    std::size_t depth_ = 0; // open objects and arrays, checked against kMaxJsonDepth
};

} // namespace

void checkTokenIds(const Vocabulary& vocab, const std::vector<AddedToken>& added,
                   const std::filesystem::path& file) {
    const std::uint64_t limit = vocab.size() + added.size();
    const auto refuse = [&](const std::string& what, std::int64_t id) {
        throw fileError(file, what + " has id " + std::to_string(id) + ", but " +
                                  std::to_string(vocab.size()) + " vocab entries and " +
                                  std::to_string(added.size()) + " added tokens need no id above " +
                                  std::to_string(limit - 1));
    };
    const auto& ids = vocab.ids();
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || static_cast<std::uint64_t>(ids[i]) >= limit)
            refuse("vocab entry '" + std::string(vocab.entryText(i)) + "'", ids[i]);
    for (const AddedToken& t : added)
        if (t.id < 0 || static_cast<std::uint64_t>(t.id) >= limit)
            refuse("added token '" + t.content + "'", t.id);
}

ParsedTokenizerJson parseTokenizerJson(std::string_view text, const std::filesystem::path& file) {
    TokenizerSax sax;
    if (!json::sax_parse(text, &sax) || !sax.error.empty())
        throw fileError(file, sax.error.empty() ? "invalid JSON" : sax.error);
    ParsedTokenizerJson out;
    try {
        out.config = parseTokenizerConfig(sax.root, file);
    } catch (const json::exception& e) {
        throw fileError(file, std::string("unexpected tokenizer.json content: ") + e.what());
    }
    if (!sax.sawVocab)
        throw fileError(file, "model BPE: \"vocab\" must be an object of token -> id");
    TokenizerData& data = out.data;
    data.vocab = std::move(sax.vocab);
    checkTokenIds(data.vocab, out.config.addedTokens, file);
    data.vocab.finish();
    data.merges.reserve(sax.merges.size());
    const size_t prefixLength = out.config.bpe.continuingSubwordPrefix.size();
    for (size_t rank = 0; rank < sax.merges.size(); ++rank) {
        // Plain references, not a structured binding: clang 14 (the fuzz build) cannot
        // capture bindings in the lambda below.
        const std::string& left = sax.merges[rank].first;
        const std::string& right = sax.merges[rank].second;
        auto idOf = [&](const std::string& token) {
            const int32_t id = data.vocab.find(token);
            if (id < 0)
                throw fileError(file, "model BPE: merge " + std::to_string(rank) + " ('" + left +
                                          " " + right + "'): '" + token +
                                          "' is not in the vocabulary");
            return id;
        };
        if (right.size() < prefixLength)
            throw fileError(file, "model BPE: merge " + std::to_string(rank) +
                                      " is shorter than continuing_subword_prefix");
        data.merges.push_back({idOf(left), idOf(right), static_cast<uint32_t>(rank),
                               idOf(left + right.substr(prefixLength))});
    }
    data.configJson = sax.root.dump();
    return out;
}

} // namespace facet::text
