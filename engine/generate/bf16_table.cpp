#include "generate/bf16_table.h"

#include "common/error.h"
#include "generate/bf16.h"

#include <cstring>

namespace facet::generate {
namespace {

using model::shapeText;

} // namespace

Bf16Table::Bf16Table(const model::PthFile& file, const std::string& name,
                     std::vector<std::int64_t> expectedShape) {
    const model::TensorView& t = file.at(name);
    if (t.shape() != expectedShape) {
        throw fileError(file.path(), "tensor " + name + " has shape " + shapeText(t.shape()) +
                                         ", the config implies " + shapeText(expectedShape));
    }
    shape_ = t.shape();
    rowSize_ = 1;
    for (std::size_t i = 1; i < shape_.size(); ++i)
        rowSize_ *= shape_[i];
    const auto bytes = t.isContiguous() && t.dtype() == model::DType::BFloat16
                           ? t.contiguousBytes()
                           : std::span<const std::byte>{};
    if (!bytes.empty() &&
        reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(std::uint16_t) == 0) {
        data_ = reinterpret_cast<const std::uint16_t*>(bytes.data());
        return;
    }
    if (t.dtype() == model::DType::BFloat16) {
        const std::vector<std::byte> copy = t.toContiguousBytes();
        converted_.resize(copy.size() / 2);
        std::memcpy(converted_.data(), copy.data(), copy.size());
    } else {
        const std::vector<float> values = t.toFloats();
        converted_.resize(values.size());
        for (std::size_t i = 0; i < values.size(); ++i)
            converted_[i] = floatToBf16(values[i]);
    }
    data_ = converted_.data();
}

} // namespace facet::generate
