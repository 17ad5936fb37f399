#include "model/dtype.h"

#include <array>

namespace facet::model {
namespace {

struct DTypeInfo {
    DType type;
    size_t size;
    std::string_view name;
    std::string_view storageClass;
};

constexpr std::array<DTypeInfo, 10> kTypes = {{
    {DType::BFloat16, 2, "bfloat16", "BFloat16Storage"},
    {DType::Float16, 2, "float16", "HalfStorage"},
    {DType::Float32, 4, "float32", "FloatStorage"},
    {DType::Float64, 8, "float64", "DoubleStorage"},
    {DType::Int64, 8, "int64", "LongStorage"},
    {DType::Int32, 4, "int32", "IntStorage"},
    {DType::Int16, 2, "int16", "ShortStorage"},
    {DType::Int8, 1, "int8", "CharStorage"},
    {DType::UInt8, 1, "uint8", "ByteStorage"},
    {DType::Bool, 1, "bool", "BoolStorage"},
}};

const DTypeInfo& info(DType type) {
    for (const auto& entry : kTypes)
        if (entry.type == type)
            return entry;
    return kTypes[0]; // unreachable: every enumerator is in the table
}

} // namespace

size_t dtypeSize(DType type) {
    return info(type).size;
}
std::string_view dtypeName(DType type) {
    return info(type).name;
}
std::string_view storageClassName(DType type) {
    return info(type).storageClass;
}

std::optional<DType> dtypeFromStorageClass(std::string_view className) {
    for (const auto& entry : kTypes)
        if (entry.storageClass == className)
            return entry.type;
    return std::nullopt;
}

} // namespace facet::model
