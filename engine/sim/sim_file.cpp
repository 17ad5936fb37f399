#include "sim/sim_file.h"

#include "common/bf16.h"
#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"
#include "sim/weight_generator.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>

namespace facet::sim {
namespace {

constexpr size_t kAlignment = 64;
constexpr size_t kMaxHeaderBytes = 64u << 20;

constexpr std::array<std::pair<GraphKind, const char*>, 6> kKinds{{
    {GraphKind::VisionTower, "vision_tower"},
    {GraphKind::Projector, "projector"},
    {GraphKind::Prefill, "prefill"},
    {GraphKind::ImagePrefill, "image_prefill"},
    {GraphKind::Decoder, "decoder"},
    {GraphKind::Weights, "weights"},
}};

nlohmann::json specToJson(const GraphSpec& spec) {
    return {{"inputs", device::toInputInfo(spec.inputs)},
            {"outputs", device::toInputInfo(spec.outputs)}};
}

} // namespace

const char* graphKindName(GraphKind kind) {
    for (const auto& [k, name] : kKinds)
        if (k == kind)
            return name;
    return "unknown";
}

GraphKind parseGraphKind(const std::string& name) {
    for (const auto& [k, n] : kKinds)
        if (name == n)
            return k;
    throw Error("unknown graph kind '" + name + "'");
}

int64_t StoredTensor::elementCount() const {
    int64_t n = 1;
    for (auto d : shape)
        n *= d;
    return n;
}

std::vector<uint16_t> StoredTensor::toBf16() const {
    if (!generated)
        return bf16;
    auto values =
        generateBf16(generated->seed, generated->scale, static_cast<uint64_t>(elementCount()));
    const auto cols = static_cast<size_t>(shape.back());
    for (size_t i = 0; i < generated->rowIds.size(); ++i)
        std::copy_n(&generated->rowValues[i * cols], cols,
                    &values[static_cast<size_t>(generated->rowIds[i]) * cols]);
    return values;
}

std::vector<float> StoredTensor::toFloat() const {
    const auto values = toBf16();
    std::vector<float> out(values.size());
    for (size_t i = 0; i < values.size(); ++i)
        out[i] = bf16ToFloat(values[i]);
    return out;
}

const StoredTensor& SimFile::tensor(const std::string& tensorName,
                                    const std::vector<int64_t>& shape) const {
    for (const auto& t : tensors) {
        if (t.name != tensorName)
            continue;
        if (t.shape != shape)
            throw Error("simulator weight '" + tensorName + "' has the wrong shape");
        return t;
    }
    throw Error("simulator weight '" + tensorName + "' is missing");
}

void writeSimFile(const std::filesystem::path& path, const SimFile& file) {
    nlohmann::json header;
    header["format"] = "facet simulator rbln";
    header["version"] = kFormatVersion;
    header["name"] = file.name;
    header["kind"] = graphKindName(file.kind);
    header["graphs"] = nlohmann::json::array();
    for (const auto& g : file.graphs)
        header["graphs"].push_back(specToJson(g));
    header["config"] = file.config;
    header["tensors"] = nlohmann::json::array();
    uint64_t offset = 0;
    for (const auto& t : file.tensors) {
        nlohmann::json entry = {{"name", t.name}, {"shape", t.shape}, {"dtype", "bfloat16"}};
        if (t.generated) {
            entry["generator"] = {{"kind", "splitmix64-uniform"},
                                  {"seed", t.generated->seed},
                                  {"scale", t.generated->scale}};
            if (!t.generated->rowIds.empty()) {
                const auto bytes = t.generated->rowValues.size() * 2;
                entry["rows"] = {
                    {"ids", t.generated->rowIds}, {"offset", offset}, {"bytes", bytes}};
                offset += bytes;
            }
        } else {
            if (static_cast<int64_t>(t.bf16.size()) != t.elementCount())
                throw fileError(path, "tensor '" + t.name + "' has the wrong element count");
            entry["offset"] = offset;
            entry["bytes"] = t.bf16.size() * 2;
            offset += t.bf16.size() * 2;
        }
        header["tensors"].push_back(entry);
    }
    const std::string json = header.dump();
    std::string prefix = std::string(kMagicLine) + "\n" + std::to_string(json.size()) + "\n" + json;
    prefix.resize((prefix.size() + kAlignment - 1) / kAlignment * kAlignment, '\0');

    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw fileError(path, "cannot create the file");
    out.write(prefix.data(), static_cast<std::streamsize>(prefix.size()));
    for (const auto& t : file.tensors) { // bf16 little-endian: the host byte order everywhere
        const auto& values = t.generated ? t.generated->rowValues : t.bf16;
        out.write(reinterpret_cast<const char*>(values.data()),
                  static_cast<std::streamsize>(values.size() * 2));
    }
    if (!out.flush())
        throw fileError(path, "write failed");
}

namespace {

std::vector<uint16_t> readBlob(std::ifstream& in, size_t blobStart, const nlohmann::json& entry,
                               uint64_t expectedBytes, const std::string& what) {
    const auto offset = entry.at("offset").get<uint64_t>();
    const auto bytes = entry.at("bytes").get<uint64_t>();
    if (bytes != expectedBytes)
        throw Error(what + " byte count does not match its shape");
    std::vector<uint16_t> values(bytes / 2);
    in.seekg(static_cast<std::streamoff>(blobStart + offset));
    if (!in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(bytes)))
        throw Error("weights of " + what + " are truncated");
    return values;
}

// The stored rows of a generated tensor: ascending unique ids inside the first dimension.
void readRows(std::ifstream& in, size_t blobStart, const nlohmann::json& rows,
              StoredTensor& tensor) {
    const std::string what = "tensor '" + tensor.name + "' rows";
    if (tensor.shape.size() != 2)
        throw Error(what + ": only a 2-D tensor can store rows");
    auto& g = *tensor.generated;
    g.rowIds = rows.at("ids").get<std::vector<int64_t>>();
    for (size_t i = 0; i < g.rowIds.size(); ++i)
        if (g.rowIds[i] < 0 || g.rowIds[i] >= tensor.shape[0] ||
            (i > 0 && g.rowIds[i] <= g.rowIds[i - 1]))
            throw Error(what + ": ids must be ascending, unique and below " +
                        std::to_string(tensor.shape[0]));
    g.rowValues = readBlob(in, blobStart, rows,
                           g.rowIds.size() * static_cast<uint64_t>(tensor.shape[1]) * 2, what);
}

} // namespace

SimFile readSimFile(const std::filesystem::path& path, bool weightsOnly) {
    // A FIFO or device named as a graph would block or never end: refuse anything but a
    // regular file before the stream opens it.
    (void)RegularFile(path, std::uint64_t{1} << 40, "a simulator model");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw fileError(path, "cannot open the file");
    std::string magic;
    std::getline(in, magic);
    if (!magic.starts_with("facet simulator"))
        throw fileError(path, "not a Facet simulator model (no \"facet simulator\" header); the "
                              "built-in simulator runs only folders written by `facet-cli "
                              "make-sim-model`; a real RBLN compiled model needs "
                              "librbln_runtime.so from rbln-sdk");
    if (magic != kMagicLine)
        throw fileError(path, "unsupported simulator format '" + magic + "' (expected '" +
                                  kMagicLine + "')");
    std::string lengthLine;
    std::getline(in, lengthLine);
    size_t jsonBytes = 0;
    try {
        jsonBytes = std::stoull(lengthLine);
    } catch (const std::exception&) {
        throw fileError(path, "corrupt simulator header (bad length line)");
    }
    if (jsonBytes == 0 || jsonBytes > kMaxHeaderBytes)
        throw fileError(path, "corrupt simulator header (length " + lengthLine + ")");
    std::string json(jsonBytes, '\0');
    if (!in.read(json.data(), static_cast<std::streamsize>(jsonBytes)))
        throw fileError(path, "truncated simulator header");
    const size_t headerEnd = magic.size() + 1 + lengthLine.size() + 1 + jsonBytes;
    const size_t blobStart = (headerEnd + kAlignment - 1) / kAlignment * kAlignment;

    SimFile file;
    try {
        const auto header = parseJson(json, path);
        file.name = header.at("name").get<std::string>();
        file.kind = parseGraphKind(header.at("kind").get<std::string>());
        for (const auto& g : header.at("graphs"))
            file.graphs.push_back(
                {device::parseInputInfo(g.at("inputs")), device::parseInputInfo(g.at("outputs"))});
        file.config = header.at("config");
        for (const auto& t : header.at("tensors")) {
            StoredTensor tensor;
            tensor.name = t.at("name").get<std::string>();
            tensor.shape = t.at("shape").get<std::vector<int64_t>>();
            if (tensor.elementCount() <= 0)
                throw Error("tensor '" + tensor.name + "' has an empty shape");
            if (t.contains("generator")) {
                tensor.generated = GeneratedWeights{t["generator"].at("seed").get<uint64_t>(),
                                                    t["generator"].at("scale").get<float>(),
                                                    {},
                                                    {}};
                if (t.contains("rows"))
                    readRows(in, blobStart, t["rows"], tensor);
            } else {
                tensor.bf16 =
                    readBlob(in, blobStart, t, static_cast<uint64_t>(tensor.elementCount()) * 2,
                             "tensor '" + tensor.name + "'");
            }
            file.tensors.push_back(std::move(tensor));
        }
    } catch (const nlohmann::json::exception& e) {
        throw fileError(path, std::string("corrupt simulator header: ") + e.what());
    } catch (const Error& e) {
        throw fileError(path, e.what());
    }
    if (weightsOnly != (file.kind == GraphKind::Weights))
        throw fileError(path, weightsOnly ? "not a simulator weights file (kind \"weights\")"
                                          : "a weights-only file, not a graph");
    if (file.graphs.empty() && !weightsOnly)
        throw fileError(path, "the simulator file describes no graph");
    return file;
}

} // namespace facet::sim
