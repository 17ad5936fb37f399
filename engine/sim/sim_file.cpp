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
        n *= d; // readSimFile checked the product (and writers build small shapes)
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

// Where the weights of a file lie and whether to read them (a check reads none).
struct Blobs {
    const RegularFile& file;
    uint64_t start = 0; // first byte after the aligned header
    bool read = true;
};

// The stored bytes of a tensor, after checking that the file holds them: the header's offset
// and byte count decide nothing about memory until the file is known to be that long.
std::vector<uint16_t> readBlob(const Blobs& blobs, const nlohmann::json& entry,
                               uint64_t expectedBytes, const std::string& what) {
    const auto offset = entry.at("offset").get<uint64_t>();
    const auto bytes = entry.at("bytes").get<uint64_t>();
    if (bytes != expectedBytes)
        throw Error(what + " byte count does not match its shape");
    const uint64_t available = blobs.file.size() - std::min(blobs.file.size(), blobs.start);
    if (offset > available || bytes > available - offset)
        throw Error("weights of " + what + " are truncated (" + std::to_string(bytes) +
                    " bytes at offset " + std::to_string(offset) + ", the file holds " +
                    std::to_string(available) + " after its header)");
    if (!blobs.read)
        return {};
    std::vector<uint16_t> values(bytes / 2);
    blobs.file.readAt(blobs.start + offset, values.data(), static_cast<size_t>(bytes));
    return values;
}

// The stored rows of a generated tensor: ascending unique ids inside the first dimension.
void readRows(const Blobs& blobs, const nlohmann::json& rows, StoredTensor& tensor) {
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
    // rowIds.size() <= shape[0], so the product is bounded by the tensor's checked size.
    g.rowValues =
        readBlob(blobs, rows, g.rowIds.size() * static_cast<uint64_t>(tensor.shape[1]) * 2, what);
}

// The shape's element count, each dimension positive and the product checked.
int64_t checkedElements(const StoredTensor& tensor) {
    if (tensor.shape.empty())
        throw Error("tensor '" + tensor.name + "' has an empty shape");
    int64_t n = 1;
    for (int64_t d : tensor.shape)
        if (d <= 0 || __builtin_mul_overflow(n, d, &n) || n > kMaxSimTensorElements)
            throw Error("tensor '" + tensor.name + "' has a shape of more than " +
                        std::to_string(kMaxSimTensorElements) +
                        " elements or a dimension that is not positive");
    return n;
}

} // namespace

SimFile readSimFile(const std::filesystem::path& path, bool weightsOnly, bool readWeights) {
    // A FIFO or device named as a graph would block or never end: only a regular file, read
    // with pread at offsets checked against its size.
    const RegularFile in(path, std::uint64_t{1} << 40, "a simulator model");
    std::string head(static_cast<size_t>(std::min<uint64_t>(in.size(), 128)), '\0');
    in.readAt(0, head.data(), head.size());
    const auto firstEnd = head.find('\n');
    const std::string magic = head.substr(0, firstEnd);
    if (!magic.starts_with("facet simulator"))
        throw fileError(path, "not a Facet simulator model (no \"facet simulator\" header); the "
                              "built-in simulator runs only folders written by `facet-cli "
                              "make-sim-model`; a real RBLN compiled model needs "
                              "librbln_runtime.so from rbln-sdk");
    if (magic != kMagicLine)
        throw fileError(path, "unsupported simulator format '" + magic + "' (expected '" +
                                  kMagicLine + "')");
    const auto secondEnd = head.find('\n', firstEnd + 1);
    if (secondEnd == std::string::npos)
        throw fileError(path, "corrupt simulator header (no length line)");
    const std::string lengthLine = head.substr(firstEnd + 1, secondEnd - firstEnd - 1);
    size_t jsonBytes = 0;
    try {
        jsonBytes = std::stoull(lengthLine);
    } catch (const std::exception&) {
        throw fileError(path, "corrupt simulator header (bad length line)");
    }
    const size_t jsonStart = secondEnd + 1;
    if (jsonBytes == 0 || jsonBytes > kMaxHeaderBytes)
        throw fileError(path, "corrupt simulator header (length " + lengthLine + ")");
    if (jsonBytes > in.size() - jsonStart)
        throw fileError(path, "truncated simulator header");
    std::string json(jsonBytes, '\0');
    in.readAt(jsonStart, json.data(), jsonBytes);
    const size_t headerEnd = jsonStart + jsonBytes;
    const Blobs blobs{in, (headerEnd + kAlignment - 1) / kAlignment * kAlignment, readWeights};

    SimFile file;
    try {
        const auto header = parseJson(json, path);
        file.name = header.at("name").get<std::string>();
        file.kind = parseGraphKind(header.at("kind").get<std::string>());
        for (const auto& g : header.at("graphs"))
            file.graphs.push_back(
                {device::parseInputInfo(g.at("inputs")), device::parseInputInfo(g.at("outputs"))});
        file.config = header.at("config");
        int64_t total = 0;
        for (const auto& t : header.at("tensors")) {
            StoredTensor tensor;
            tensor.name = t.at("name").get<std::string>();
            tensor.shape = t.at("shape").get<std::vector<int64_t>>();
            const int64_t elements = checkedElements(tensor);
            if (__builtin_add_overflow(total, elements, &total) || total > kMaxSimFileElements)
                throw Error("its tensors hold more than " + std::to_string(kMaxSimFileElements) +
                            " elements: more than the simulator's tiny models ever have");
            if (t.contains("generator")) {
                tensor.generated = GeneratedWeights{t["generator"].at("seed").get<uint64_t>(),
                                                    t["generator"].at("scale").get<float>(),
                                                    {},
                                                    {}};
                if (t.contains("rows"))
                    readRows(blobs, t["rows"], tensor);
            } else {
                tensor.bf16 = readBlob(blobs, t, static_cast<uint64_t>(elements) * 2,
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
