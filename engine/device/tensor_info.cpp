#include "device/tensor_info.h"

#include "common/error.h"
#include "common/json_text.h"

#include <nlohmann/json.hpp>

#include <array>
#include <utility>

namespace facet::device {
namespace {

struct DTypeRow {
    DType type;
    std::string_view name;
    size_t size;
};

constexpr std::array<DTypeRow, 9> kDTypes{{
    {DType::Float32, "float32", 4},
    {DType::BFloat16, "bfloat16", 2},
    {DType::Float16, "float16", 2},
    {DType::Int64, "int64", 8},
    {DType::Int32, "int32", 4},
    {DType::Int16, "int16", 2},
    {DType::Int8, "int8", 1},
    {DType::UInt8, "uint8", 1},
    {DType::Bool, "bool", 1},
}};

const DTypeRow& row(DType type) {
    for (const auto& r : kDTypes)
        if (r.type == type)
            return r;
    throw Error("unknown dtype value " + std::to_string(static_cast<int>(type)));
}

} // namespace

size_t dtypeSize(DType type) {
    return row(type).size;
}

std::string_view dtypeName(DType type) {
    return row(type).name;
}

DType parseDType(std::string_view name) {
    for (const auto& r : kDTypes)
        if (r.name == name)
            return r.type;
    throw Error("unsupported dtype '" + std::string(name) + "'");
}

TensorInfo TensorInfo::make(std::string name, DType dtype, std::vector<int64_t> shape) {
    TensorInfo info{std::move(name), dtype, std::move(shape), 0};
    // Checked: a shape read from a file (input_info, a simulator header) must not overflow
    // into a small allocation that a run then writes past.
    int64_t n = 1;
    for (auto d : info.shape)
        if (d < 0 || __builtin_mul_overflow(n, d, &n) || n > kMaxTensorBytes)
            throw Error("tensor '" + info.name + "': " + info.describe() + " holds more than " +
                        std::to_string(kMaxTensorBytes) + " bytes");
    const auto bytes = static_cast<uint64_t>(n) * dtypeSize(dtype);
    if (bytes > static_cast<uint64_t>(kMaxTensorBytes))
        throw Error("tensor '" + info.name + "': " + info.describe() + " holds more than " +
                    std::to_string(kMaxTensorBytes) + " bytes");
    info.bytes = static_cast<size_t>(bytes);
    return info;
}

int64_t TensorInfo::elementCount() const {
    int64_t n = 1;
    for (auto d : shape)
        n *= d; // make() checked the product
    return n;
}

std::string TensorInfo::describe() const {
    std::string s = name + " [";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? "," : "") + std::to_string(shape[i]);
    return s + "] " + std::string(dtypeName(dtype));
}

bool isStaticCacheInput(std::string_view name) {
    return name.starts_with("past_key_values");
}

std::vector<TensorInfo> parseInputInfo(const nlohmann::json& inputInfoSet) {
    if (!inputInfoSet.is_array())
        throw Error("input_info set is not a list");
    std::vector<TensorInfo> tensors;
    for (const auto& entry : inputInfoSet) {
        if (!entry.is_array() || entry.size() != 3 || !entry[0].is_string() ||
            !entry[1].is_array() || !entry[2].is_string())
            throw Error("input_info entry " + jsonExcerpt(entry) + " is not [name, shape, dtype]");
        const auto name = entry[0].get<std::string>();
        if (isStaticCacheInput(name))
            continue;
        std::vector<int64_t> shape;
        for (const auto& d : entry[1]) {
            if (!d.is_number_integer() || d.get<int64_t>() < 0)
                throw Error("input_info entry '" + name + "' has a bad dimension " +
                            jsonExcerpt(d));
            shape.push_back(d.get<int64_t>());
        }
        tensors.push_back(TensorInfo::make(name, parseDType(entry[2].get<std::string>()), shape));
    }
    return tensors;
}

nlohmann::json toInputInfo(const std::vector<TensorInfo>& tensors) {
    auto set = nlohmann::json::array();
    for (const auto& t : tensors)
        set.push_back({t.name, t.shape, std::string(dtypeName(t.dtype))});
    return set;
}

} // namespace facet::device
