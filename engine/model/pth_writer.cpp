#include "model/pth_writer.h"

#include "common/bf16.h"
#include "common/error.h"
#include "model/byte_io.h"
#include "model/float16.h"
#include "model/pickle_emitter.h"
#include "model/zip_writer.h"

#include <cstring>
#include <string_view>

namespace facet::model {
namespace {

// The format version record PyTorch 1.13 .. 2.x write for this layout.
constexpr std::string_view kFormatVersion = "3\n";

std::span<const std::byte> asBytes(std::string_view text) {
    return {reinterpret_cast<const std::byte*>(text.data()), text.size()};
}

std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i > 1; --i)
        strides[i - 2] = strides[i - 1] * shape[i - 1];
    return strides;
}

std::int64_t checkedNumel(const std::filesystem::path& path, const TensorData& t) {
    std::int64_t numel = 1;
    for (std::int64_t d : t.shape) {
        if (d < 0 || (d > 0 && numel > INT64_MAX / d))
            throw fileError(path, "tensor " + t.name + ": invalid shape");
        numel *= d;
    }
    if (static_cast<std::uint64_t>(numel) * dtypeSize(t.dtype) != t.bytes.size())
        throw fileError(path, "tensor " + t.name + ": " + std::to_string(t.bytes.size()) +
                                  " bytes do not match its shape and dtype " +
                                  std::string(dtypeName(t.dtype)));
    return numel;
}

// Pickles `_rebuild_tensor_v2((storage pid), 0, shape, strides, False, OrderedDict())`.
void emitTensor(PickleEmitter& p, const TensorData& t, std::int64_t numel, size_t key) {
    p.global("torch._utils", "_rebuild_tensor_v2");
    p.mark();
    p.mark();
    p.string("storage");
    p.global("torch", storageClassName(t.dtype));
    p.string(std::to_string(key));
    p.string("cpu");
    p.integer(numel);
    p.tupleFromMark();
    p.binPersId();
    p.integer(0);
    p.tuple(t.shape);
    p.tuple(contiguousStrides(t.shape));
    p.boolean(false);
    p.global("collections", "OrderedDict");
    p.emptyTuple();
    p.reduce();
    p.tupleFromMark();
    p.reduce();
}

void emitOrderedDict(PickleEmitter& p, const std::filesystem::path& path,
                     const std::vector<TensorData>& tensors, size_t& nextKey) {
    p.global("collections", "OrderedDict");
    p.emptyTuple();
    p.reduce();
    if (tensors.empty())
        return;
    p.mark();
    for (const TensorData& t : tensors) {
        p.string(t.name);
        emitTensor(p, t, checkedNumel(path, t), nextKey++);
    }
    p.setItems();
}

void writeArchive(const std::filesystem::path& path, const std::string& archiveName,
                  const std::vector<std::byte>& pickle,
                  const std::vector<const TensorData*>& storages) {
    if (archiveName.empty() || archiveName.find('/') != std::string::npos)
        throw fileError(path, "invalid archive folder name '" + archiveName + "'");
    StoredZipWriter zip(path);
    zip.addEntry(archiveName + "/data.pkl", pickle);
    zip.addEntry(archiveName + "/byteorder", asBytes("little"));
    for (size_t key = 0; key < storages.size(); ++key)
        zip.addEntry(archiveName + "/data/" + std::to_string(key), storages[key]->bytes);
    zip.addEntry(archiveName + "/version", asBytes(kFormatVersion));
    zip.finish();
}

} // namespace

void writeStateDict(const std::filesystem::path& path, const std::string& archiveName,
                    const std::vector<TensorData>& tensors) {
    PickleEmitter p;
    size_t nextKey = 0;
    emitOrderedDict(p, path, tensors, nextKey);
    std::vector<const TensorData*> storages;
    for (const TensorData& t : tensors)
        storages.push_back(&t);
    writeArchive(path, archiveName, p.finish(), storages);
}

void writeTorchArtifacts(const std::filesystem::path& path, const std::string& archiveName,
                         const std::vector<StateDictGroup>& groups) {
    PickleEmitter p;
    p.emptyDict();
    size_t nextKey = 0;
    std::vector<const TensorData*> storages;
    if (!groups.empty()) {
        p.mark();
        for (const StateDictGroup& g : groups) {
            p.string(g.name);
            emitOrderedDict(p, path, g.tensors, nextKey);
            for (const TensorData& t : g.tensors)
                storages.push_back(&t);
        }
        p.setItems();
    }
    writeArchive(path, archiveName, p.finish(), storages);
}

std::vector<std::byte> toBytes(const std::vector<float>& values, DType dtype) {
    std::vector<std::byte> out;
    out.reserve(values.size() * dtypeSize(dtype));
    for (float v : values) {
        switch (dtype) {
        case DType::Float32: {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            appendLE<std::uint32_t>(out, bits);
            break;
        }
        case DType::BFloat16:
            appendLE<std::uint16_t>(out, facet::floatToBf16(v));
            break;
        case DType::Float16:
            appendLE<std::uint16_t>(out, floatToHalf(v));
            break;
        default:
            throw Error("toBytes: float values cannot be stored as " +
                        std::string(dtypeName(dtype)));
        }
    }
    return out;
}

std::vector<std::byte> toBytes(const std::vector<std::int64_t>& values) {
    std::vector<std::byte> out;
    out.reserve(values.size() * 8);
    for (std::int64_t v : values)
        appendLE<std::uint64_t>(out, static_cast<std::uint64_t>(v));
    return out;
}

} // namespace facet::model
