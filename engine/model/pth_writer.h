#pragma once
// Writes .pth files that `torch.load` reads: the zip layout of torch.save's default
// ("new zipfile") serialization with a protocol-2 pickle of rebuild calls and one data/<key>
// record per tensor. Used by the simulator to produce a compiled-model folder in the real
// layout, and by tests as an independent source of files for the reader.
#include "model/dtype.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace facet::model {

// One tensor to store, contiguous (row-major), little-endian element bytes.
struct TensorData {
    std::string name;
    DType dtype = DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<std::byte> bytes; // exactly numel * dtypeSize(dtype) bytes
};

// A named state dict inside a torch_artifacts.pth: optimum-rbln saves
// `{"embed_tokens": module.state_dict(), ...}`, so names are "group" -> {"weight": tensor}.
struct StateDictGroup {
    std::string name;
    std::vector<TensorData> tensors;
};

// torch.save(OrderedDict(name -> tensor), path). `archiveName` is the zip's top folder
// (torch uses the file's stem). Throws facet::Error naming `path` and the problem
// (byte count not matching the shape, write failure, ...).
void writeStateDict(const std::filesystem::path& path, const std::string& archiveName,
                    const std::vector<TensorData>& tensors);

// torch.save({group: OrderedDict(name -> tensor), ...}, path): the torch_artifacts.pth shape.
void writeTorchArtifacts(const std::filesystem::path& path, const std::string& archiveName,
                         const std::vector<StateDictGroup>& groups);

// Helpers to fill TensorData::bytes from host values.
[[nodiscard]] std::vector<std::byte> toBytes(const std::vector<float>& values, DType dtype);
[[nodiscard]] std::vector<std::byte> toBytes(const std::vector<std::int64_t>& values);

} // namespace facet::model
