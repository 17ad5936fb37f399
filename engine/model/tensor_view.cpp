#include "model/tensor_view.h"

#include "common/bf16.h"
#include "common/error.h"
#include "common/sha256.h"
#include "model/float16.h"

#include <cstring>

namespace facet::model {

TensorView::TensorView(std::shared_ptr<const MappedFile> file, std::string name, DType dtype,
                       std::vector<std::int64_t> shape, std::vector<std::int64_t> strides,
                       std::int64_t storageOffset, std::string storageKey,
                       std::span<const std::byte> storage)
    : file_(std::move(file)), name_(std::move(name)), dtype_(dtype), shape_(std::move(shape)),
      strides_(std::move(strides)), storageOffset_(storageOffset),
      storageKey_(std::move(storageKey)), storage_(storage) {}

std::int64_t TensorView::numel() const {
    std::int64_t n = 1;
    for (std::int64_t d : shape_)
        n *= d; // bounds were checked against the storage size when the view was made
    return n;
}

bool TensorView::isContiguous() const {
    std::int64_t expected = 1;
    for (size_t i = shape_.size(); i > 0; --i) {
        if (shape_[i - 1] != 1 && strides_[i - 1] != expected)
            return numel() == 0;
        expected *= shape_[i - 1];
    }
    return true;
}

std::span<const std::byte> TensorView::contiguousBytes() const {
    if (!isContiguous())
        throw fileError(filePath(), "tensor " + name_ + " is not contiguous");
    const size_t size = dtypeSize(dtype_);
    return storage_.subspan(static_cast<size_t>(storageOffset_) * size,
                            static_cast<size_t>(numel()) * size);
}

void TensorView::forEachContiguousRun(
    const std::function<void(std::span<const std::byte>)>& run) const {
    if (numel() == 0)
        return;
    if (isContiguous())
        return run(contiguousBytes());
    // Walk the outer dimensions with an odometer; the innermost dimension is one run when its
    // stride is 1, otherwise one element at a time.
    const size_t size = dtypeSize(dtype_);
    const size_t rank = shape_.size();
    const bool innerDense = strides_[rank - 1] == 1;
    std::vector<std::int64_t> index(rank, 0);
    for (;;) {
        std::int64_t offset = storageOffset_;
        for (size_t d = 0; d + 1 < rank; ++d)
            offset += index[d] * strides_[d];
        const std::int64_t inner = shape_[rank - 1];
        if (innerDense) {
            run(storage_.subspan(static_cast<size_t>(offset) * size,
                                 static_cast<size_t>(inner) * size));
        } else {
            for (std::int64_t j = 0; j < inner; ++j)
                run(storage_.subspan(static_cast<size_t>(offset + j * strides_[rank - 1]) * size,
                                     size));
        }
        size_t d = rank - 1;
        for (;;) {
            if (d == 0)
                return;
            --d;
            if (++index[d] < shape_[d])
                break;
            index[d] = 0;
        }
    }
}

std::vector<std::byte> TensorView::toContiguousBytes() const {
    std::vector<std::byte> out;
    out.reserve(static_cast<size_t>(numel()) * dtypeSize(dtype_));
    forEachContiguousRun([&](std::span<const std::byte> bytes) {
        out.insert(out.end(), bytes.begin(), bytes.end());
    });
    return out;
}

std::vector<float> TensorView::toFloats() const {
    if (dtype_ != DType::BFloat16 && dtype_ != DType::Float16 && dtype_ != DType::Float32 &&
        dtype_ != DType::Float64)
        throw fileError(filePath(), "tensor " + name_ + " has dtype " +
                                        std::string(dtypeName(dtype_)) +
                                        ", expected a floating-point type");
    std::vector<float> out;
    out.reserve(static_cast<size_t>(numel()));
    const size_t size = dtypeSize(dtype_);
    forEachContiguousRun([&](std::span<const std::byte> bytes) {
        for (size_t i = 0; i < bytes.size(); i += size) {
            const std::byte* p = bytes.data() + i;
            switch (dtype_) {
            case DType::BFloat16:
            case DType::Float16: {
                std::uint16_t bits = 0;
                std::memcpy(&bits, p, 2);
                out.push_back(dtype_ == DType::BFloat16 ? bf16ToFloat(bits) : halfToFloat(bits));
                break;
            }
            case DType::Float32: {
                float v = 0;
                std::memcpy(&v, p, 4);
                out.push_back(v);
                break;
            }
            case DType::Float64: {
                double v = 0;
                std::memcpy(&v, p, 8);
                out.push_back(static_cast<float>(v));
                break;
            }
            default:
                break; // excluded above
            }
        }
    });
    return out;
}

std::string TensorView::sha256() const {
    Sha256 hash;
    forEachContiguousRun([&](std::span<const std::byte> bytes) { hash.update(bytes); });
    return hash.hexDigest();
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
    std::string text = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + "]";
}

} // namespace facet::model
