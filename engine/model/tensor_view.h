#pragma once
// A tensor inside a memory-mapped .pth: dtype, shape, strides and storage offset exactly as
// torch recorded them, pointing into the mapping (never copied unless asked). Views of one
// storage share its bytes. The mapping stays alive as long as any view does.
#include "model/dtype.h"
#include "model/mapped_file.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace facet::model {

class TensorView {
public:
    TensorView(std::shared_ptr<const MappedFile> file, std::string name, DType dtype,
               std::vector<std::int64_t> shape, std::vector<std::int64_t> strides,
               std::int64_t storageOffset, std::string storageKey,
               std::span<const std::byte> storage);

    [[nodiscard]] const std::string& name() const { return name_; }
    [[nodiscard]] DType dtype() const { return dtype_; }
    [[nodiscard]] const std::vector<std::int64_t>& shape() const { return shape_; }
    [[nodiscard]] const std::vector<std::int64_t>& strides() const { return strides_; } // elements
    [[nodiscard]] std::int64_t storageOffset() const { return storageOffset_; }         // elements
    [[nodiscard]] const std::string& storageKey() const { return storageKey_; }
    // All bytes of the storage this tensor views (other tensors may view the same bytes).
    [[nodiscard]] std::span<const std::byte> storageBytes() const { return storage_; }
    [[nodiscard]] std::int64_t numel() const;
    // True when the elements are laid out row-major without gaps (torch's is_contiguous()).
    [[nodiscard]] bool isContiguous() const;
    // The element bytes when contiguous: a span into the mapping. Throws otherwise.
    [[nodiscard]] std::span<const std::byte> contiguousBytes() const;
    // Calls `run` with the element bytes in row-major order, in as few contiguous pieces as
    // the strides allow; works for any view.
    void forEachContiguousRun(const std::function<void(std::span<const std::byte>)>& run) const;
    // Row-major little-endian element bytes (a copy); what torch's t.contiguous() holds.
    [[nodiscard]] std::vector<std::byte> toContiguousBytes() const;
    // Elements converted to float in row-major order (floating dtypes only).
    [[nodiscard]] std::vector<float> toFloats() const;
    // SHA-256 of toContiguousBytes(), computed without copying the tensor.
    [[nodiscard]] std::string sha256() const;
    // The file it came from, for error messages.
    [[nodiscard]] const std::filesystem::path& filePath() const { return file_->path(); }

private:
    std::shared_ptr<const MappedFile> file_;
    std::string name_;
    DType dtype_;
    std::vector<std::int64_t> shape_;
    std::vector<std::int64_t> strides_;
    std::int64_t storageOffset_;
    std::string storageKey_;
    std::span<const std::byte> storage_;
};

// "[2, 3]": how error messages and the CLI print a tensor shape.
[[nodiscard]] std::string shapeText(const std::vector<std::int64_t>& shape);

} // namespace facet::model
