// Embedding-row gather for PthFile tensors (declared in pth_file.h).
#include "common/bf16.h"
#include "common/error.h"
#include "model/float16.h"
#include "model/pth_file.h"

#include <cstring>

namespace facet::model {
namespace {

// Validates the table and the output size; returns the column count.
size_t checkTable(const TensorView& table, std::span<const std::int64_t> rows, size_t outSize) {
    if (table.shape().size() != 2)
        throw fileError(table.filePath(), "tensor " + table.name() + " is not 2-D");
    if (table.dtype() != DType::BFloat16 && table.dtype() != DType::Float16 &&
        table.dtype() != DType::Float32)
        throw fileError(table.filePath(), "tensor " + table.name() + " has dtype " +
                                              std::string(dtypeName(table.dtype())) +
                                              "; rows can be gathered from bf16/f16/f32 only");
    const auto cols = static_cast<size_t>(table.shape()[1]);
    if (outSize != rows.size() * cols)
        throw fileError(table.filePath(), "tensor " + table.name() + ": output holds " +
                                              std::to_string(outSize) + " values, expected " +
                                              std::to_string(rows.size() * cols));
    for (std::int64_t r : rows)
        if (r < 0 || r >= table.shape()[0])
            throw fileError(table.filePath(), "tensor " + table.name() + ": row " +
                                                  std::to_string(r) + " is outside [0, " +
                                                  std::to_string(table.shape()[0]) + ")");
    return cols;
}

template <typename Convert>
void gather(const TensorView& table, std::span<const std::int64_t> rows, size_t cols,
            Convert convert) {
    const size_t size = dtypeSize(table.dtype());
    const auto bytes = table.storageBytes();
    const std::int64_t rowStride = table.strides()[0];
    const std::int64_t colStride = table.strides()[1];
    for (size_t i = 0; i < rows.size(); ++i) {
        const std::int64_t rowStart = table.storageOffset() + rows[i] * rowStride;
        for (size_t c = 0; c < cols; ++c) {
            const auto element =
                static_cast<size_t>(rowStart + static_cast<std::int64_t>(c) * colStride);
            convert(i * cols + c, bytes.data() + element * size);
        }
    }
}

} // namespace

void gatherRows(const TensorView& table, std::span<const std::int64_t> rows, std::span<float> out) {
    const size_t cols = checkTable(table, rows, out.size());
    switch (table.dtype()) {
    case DType::Float32:
        return gather(table, rows, cols,
                      [&](size_t o, const std::byte* p) { std::memcpy(&out[o], p, 4); });
    case DType::BFloat16:
    case DType::Float16: {
        const bool bf16 = table.dtype() == DType::BFloat16;
        return gather(table, rows, cols, [&](size_t o, const std::byte* p) {
            std::uint16_t bits = 0;
            std::memcpy(&bits, p, 2);
            out[o] = bf16 ? bf16ToFloat(bits) : halfToFloat(bits);
        });
    }
    default:
        return; // refused by checkTable
    }
}

void gatherRowsBf16(const TensorView& table, std::span<const std::int64_t> rows,
                    std::span<std::uint16_t> out) {
    const size_t cols = checkTable(table, rows, out.size());
    if (table.dtype() == DType::BFloat16 && table.strides()[1] == 1) {
        // Fast path: each row is one contiguous run of bf16 bits.
        const auto bytes = table.storageBytes();
        for (size_t i = 0; i < rows.size(); ++i) {
            const auto start =
                static_cast<size_t>(table.storageOffset() + rows[i] * table.strides()[0]);
            std::memcpy(&out[i * cols], bytes.data() + start * 2, cols * 2);
        }
        return;
    }
    gather(table, rows, cols, [&](size_t o, const std::byte* p) {
        std::uint16_t bits = 0;
        float value = 0;
        switch (table.dtype()) {
        case DType::BFloat16:
            std::memcpy(&out[o], p, 2);
            return;
        case DType::Float16:
            std::memcpy(&bits, p, 2);
            value = halfToFloat(bits);
            break;
        default:
            std::memcpy(&value, p, 4);
        }
        out[o] = floatToBf16(value);
    });
}

} // namespace facet::model
