#include "model/json_fields.h"

#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"

namespace facet::model {

JsonFields::JsonFields(std::filesystem::path file, const nlohmann::json& object, std::string prefix,
                       Problems& problems)
    : file_(std::move(file)), object_(object), prefix_(std::move(prefix)), problems_(&problems) {}

bool JsonFields::has(std::string_view key) const {
    const auto it = object_.find(key);
    return it != object_.end() && !it->is_null();
}

std::string JsonFields::path(std::string_view key) const {
    return prefix_.empty() ? std::string(key) : prefix_ + "." + std::string(key);
}

void JsonFields::problem(std::string_view key, const std::string& message) const {
    problems_->push_back(file_.string() + ": " + path(key) + ": " + message);
}

void JsonFields::requireField(std::string_view key) const {
    if (!has(key))
        problem(key, "required field is missing");
}

void JsonFields::typeError(std::string_view key, std::string_view expected) const {
    problem(key, "expected " + std::string(expected) + ", got " + jsonExcerpt(object_.at(key)));
}

std::optional<std::int64_t> JsonFields::integer(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_number_integer()) {
        typeError(key, "an integer");
        return std::nullopt;
    }
    return v.get<std::int64_t>();
}

std::optional<std::int64_t> JsonFields::positiveInteger(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_number_integer() || v.get<std::int64_t>() <= 0) {
        typeError(key, "a positive integer");
        return std::nullopt;
    }
    return v.get<std::int64_t>();
}

std::optional<std::int64_t> JsonFields::nonNegativeInteger(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_number_integer() || v.get<std::int64_t>() < 0) {
        typeError(key, "a non-negative integer");
        return std::nullopt;
    }
    return v.get<std::int64_t>();
}

std::optional<double> JsonFields::number(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_number()) {
        typeError(key, "a number");
        return std::nullopt;
    }
    return v.get<double>();
}

std::optional<bool> JsonFields::boolean(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_boolean()) {
        typeError(key, "true or false");
        return std::nullopt;
    }
    return v.get<bool>();
}

std::optional<std::string> JsonFields::string(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_string()) {
        typeError(key, "a string");
        return std::nullopt;
    }
    return v.get<std::string>();
}

std::optional<std::vector<std::int64_t>>
JsonFields::positiveIntegerOrList(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    const auto positive = [](const nlohmann::json& x) {
        return x.is_number_integer() && x.get<std::int64_t>() > 0;
    };
    if (positive(v))
        return std::vector<std::int64_t>{v.get<std::int64_t>()};
    if (v.is_array() && !v.empty() && std::all_of(v.begin(), v.end(), positive))
        return v.get<std::vector<std::int64_t>>();
    typeError(key, "a positive integer or a non-empty list of them");
    return std::nullopt;
}

std::optional<std::vector<std::int64_t>> JsonFields::integerList(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_array() || !std::all_of(v.begin(), v.end(), [](const nlohmann::json& x) {
            return x.is_number_integer();
        })) {
        typeError(key, "a list of integers");
        return std::nullopt;
    }
    return v.get<std::vector<std::int64_t>>();
}

std::optional<std::vector<std::string>> JsonFields::stringList(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_array() ||
        !std::all_of(v.begin(), v.end(), [](const nlohmann::json& x) { return x.is_string(); })) {
        typeError(key, "a list of strings");
        return std::nullopt;
    }
    return v.get<std::vector<std::string>>();
}

std::optional<JsonFields> JsonFields::child(std::string_view key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = object_.at(key);
    if (!v.is_object()) {
        typeError(key, "an object");
        return std::nullopt;
    }
    return JsonFields(file_, v, path(key), *problems_);
}

nlohmann::json readJsonObjectFile(const std::filesystem::path& file) {
    const nlohmann::json j =
        parseJson(readTextFile(file, kMaxJsonConfigBytes, "a JSON config"), file);
    if (!j.is_object())
        throw fileError(file, "expected a JSON object at the top level");
    return j;
}

} // namespace facet::model
