#pragma once
// A 2-D bf16 weight of torch_artifacts.pth as a row-major pointer: the memory-mapped bytes
// when the tensor is stored contiguous in bf16 (the optimum-rbln export), otherwise a converted
// copy. Row access never copies.
#include "model/pth_file.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace facet::generate {

class Bf16Table {
public:
    Bf16Table() = default;
    // Throws facet::Error "FILE: tensor NAME ..." for a missing tensor or unexpected shape.
    Bf16Table(const model::PthFile& file, const std::string& name,
              std::vector<std::int64_t> expectedShape);

    [[nodiscard]] const std::uint16_t* data() const { return data_; }
    [[nodiscard]] std::int64_t rows() const { return shape_.empty() ? 0 : shape_.front(); }
    [[nodiscard]] std::span<const std::uint16_t> row(std::int64_t r) const {
        return {data_ + r * rowSize_, static_cast<std::size_t>(rowSize_)};
    }

private:
    std::vector<std::int64_t> shape_;
    std::int64_t rowSize_ = 0;
    const std::uint16_t* data_ = nullptr;
    std::vector<std::uint16_t> converted_; // only when the stored tensor is not contiguous bf16
};

} // namespace facet::generate
