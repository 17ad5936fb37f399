#pragma once
// Typed access to one JSON object of a config file. Every type error is recorded as a problem
// "FILE: a.b.field: expected ..., got VALUE" (and the field then reads as absent), so one pass
// over a file reports all its bad fields instead of only the first.
#include "model/problems.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::model {

class JsonFields {
public:
    // `prefix` is the dotted path of `object` inside the file ("" for the top level).
    JsonFields(std::filesystem::path file, const nlohmann::json& object, std::string prefix,
               Problems& problems);

    [[nodiscard]] bool has(std::string_view key) const; // present and not null
    [[nodiscard]] std::string path(std::string_view key) const;
    [[nodiscard]] const nlohmann::json& object() const { return object_; }

    std::optional<std::int64_t> integer(std::string_view key) const;
    std::optional<std::int64_t> positiveInteger(std::string_view key) const;
    std::optional<std::int64_t> nonNegativeInteger(std::string_view key) const;
    std::optional<double> number(std::string_view key) const;
    std::optional<bool> boolean(std::string_view key) const;
    std::optional<std::string> string(std::string_view key) const;
    // A positive integer or a list of them; a single integer becomes a one-element list.
    std::optional<std::vector<std::int64_t>> positiveIntegerOrList(std::string_view key) const;
    std::optional<std::vector<std::int64_t>> integerList(std::string_view key) const;
    std::optional<std::vector<std::string>> stringList(std::string_view key) const;
    // A nested object; records a problem and returns nullopt if present but not an object.
    std::optional<JsonFields> child(std::string_view key) const;
    // Records "FILE: PATH(key): message".
    void problem(std::string_view key, const std::string& message) const;
    // Records a problem for a required field that is absent.
    void requireField(std::string_view key) const;

private:
    void typeError(std::string_view key, std::string_view expected) const;

    std::filesystem::path file_;
    const nlohmann::json& object_;
    std::string prefix_;
    Problems* problems_;
};

// Parses a JSON file whose top level must be an object. Throws facet::Error naming the file
// when it is missing, unreadable or not valid JSON (with the parser's position).
[[nodiscard]] nlohmann::json readJsonObjectFile(const std::filesystem::path& file);

} // namespace facet::model
