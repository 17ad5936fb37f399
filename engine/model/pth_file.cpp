#include "model/pth_file.h"

#include "common/error.h"
#include "model/restricted_unpickler.h"
#include "model/zip_archive.h"

#include <bit>
#include <set>

namespace facet::model {
namespace {

static_assert(std::endian::native == std::endian::little,
              "tensor bytes are used in place; a big-endian host would need byte swapping");

// Nested dicts deeper than this are refused (a state dict nests two levels at most).
constexpr int kMaxNesting = 32;

std::string recordText(const ZipArchive& zip, const std::string& name) {
    const ZipEntry* entry = zip.find(name);
    if (entry == nullptr)
        return {};
    const auto bytes = zip.data(*entry);
    std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    return text;
}

// The folder every record lives in. torch takes it from the first entry of the central
// directory (any name is valid) and looks every record up inside it; so does this reader, so
// that a data.pkl placed in some other folder is never the one read.
std::string findArchiveName(const std::filesystem::path& path, const ZipArchive& zip) {
    if (zip.entries().empty())
        throw fileError(path, "the archive holds no entries");
    const std::string& first = zip.entries().front().name;
    const auto slash = first.find('/');
    if (slash == std::string::npos || slash == 0)
        throw fileError(path, "first entry '" + first +
                                  "' is not in a folder: not a file "
                                  "written by torch.save");
    const std::string name = first.substr(0, slash);
    if (zip.find(name + "/data.pkl") == nullptr)
        throw fileError(path, "no " + name + "/data.pkl record: not a file written by torch.save");
    return name;
}

// Checked: every size is non-negative, the element count and the furthest element reached
// (offset + sum((shape-1)*stride)) fit in 64 bits and lie inside the storage.
void checkExtent(const std::filesystem::path& path, const std::string& name,
                 const pickle::TensorRecord& t) {
    const auto bad = [&](const std::string& why) {
        return fileError(path, "tensor " + name + ": " + why);
    };
    if (t.storageOffset < 0)
        throw bad("negative storage offset");
    std::int64_t numel = 1;
    for (size_t d = 0; d < t.shape.size(); ++d) {
        if (t.shape[d] < 0 || t.strides[d] < 0)
            throw bad("negative size or stride");
        if (__builtin_mul_overflow(numel, t.shape[d], &numel))
            throw bad("element count overflows");
    }
    if (numel == 0) {
        if (t.storageOffset > t.storage->numel)
            throw bad("storage offset " + std::to_string(t.storageOffset) + " lies past storage " +
                      t.storage->key);
        return; // empty tensor: touches no element
    }
    std::int64_t last = t.storageOffset;
    for (size_t d = 0; d < t.shape.size(); ++d) {
        std::int64_t reach = 0;
        if (__builtin_mul_overflow(t.shape[d] - 1, t.strides[d], &reach) ||
            __builtin_add_overflow(last, reach, &last))
            throw bad("size overflows");
    }
    // Views that repeat elements (stride 0, overlapping strides) could stand for far more data
    // than the file holds; state dicts never contain them.
    if (numel > t.storage->numel)
        throw bad("view has " + std::to_string(numel) + " elements but its storage holds " +
                  std::to_string(t.storage->numel));
    if (last >= t.storage->numel)
        throw bad("view reaches element " + std::to_string(last) + " of storage " + t.storage->key +
                  " which holds " + std::to_string(t.storage->numel));
}

class Flattener {
public:
    Flattener(std::shared_ptr<const MappedFile> file, const ZipArchive& zip,
              std::string archiveName)
        : file_(std::move(file)), zip_(zip), archiveName_(std::move(archiveName)) {}

    void walk(const pickle::Dict& dict, const std::string& prefix, int depth,
              std::vector<TensorView>& out) {
        if (depth > kMaxNesting)
            throw fileError(file_->path(),
                            "dicts nested deeper than " + std::to_string(kMaxNesting) + " levels");
        // A state dict is a tree; a dict reached twice (shared or cyclic) could make the walk
        // exponential, so it is refused.
        if (!seen_.insert(&dict).second)
            throw fileError(file_->path(), "the dict at '" + prefix + "' appears more than once");
        for (const auto& [key, value] : dict.items) {
            const auto* name = std::get_if<std::string>(&key->data);
            if (name == nullptr)
                throw fileError(file_->path(), "a dict key under '" + prefix + "' is not a string");
            const std::string full = prefix.empty() ? *name : prefix + "." + *name;
            // Python keeps the last value of a repeated key, and {"a.b": x} and
            // {"a": {"b": y}} flatten to one name: either way Facet would pick another tensor
            // than torch does.
            if (!names_.insert(full).second)
                throw fileError(file_->path(), "the name '" + full + "' occurs twice");
            if (const auto* nested = std::get_if<pickle::Dict>(&value->data))
                walk(*nested, full, depth + 1, out);
            else if (const auto* tensor = std::get_if<pickle::TensorRecord>(&value->data))
                out.push_back(makeView(full, *tensor));
            // Other values (ints, strings, None) carry no tensor data and are skipped.
        }
    }

private:
    TensorView makeView(const std::string& name, const pickle::TensorRecord& t) {
        checkExtent(file_->path(), name, t);
        const std::string record = archiveName_ + "/data/" + t.storage->key;
        const ZipEntry* entry = zip_.find(record);
        if (entry == nullptr)
            throw fileError(file_->path(),
                            "tensor " + name + ": storage record " + record + " is missing");
        std::uint64_t needed = 0;
        if (__builtin_mul_overflow(static_cast<std::uint64_t>(t.storage->numel),
                                   dtypeSize(t.storage->dtype), &needed))
            throw fileError(file_->path(), "tensor " + name + ": storage " + t.storage->key +
                                               " claims " + std::to_string(t.storage->numel) +
                                               " elements, more bytes than 64 bits can count");
        if (entry->size < needed)
            throw fileError(file_->path(), "tensor " + name + ": storage record " + record +
                                               " holds " + std::to_string(entry->size) +
                                               " bytes, the pickle says " + std::to_string(needed));
        return TensorView(file_, name, t.storage->dtype, t.shape, t.strides, t.storageOffset,
                          t.storage->key, zip_.data(*entry).first(needed));
    }

    std::shared_ptr<const MappedFile> file_;
    const ZipArchive& zip_;
    std::string archiveName_;
    std::set<const pickle::Dict*> seen_;
    std::set<std::string> names_;
};

} // namespace

PthFile PthFile::open(const std::filesystem::path& path) {
    PthFile pth;
    pth.file_ = std::make_shared<const MappedFile>(path);
    const auto bytes = pth.file_->bytes();
    if (std::to_integer<int>(bytes[0]) == 0x80)
        throw fileError(path, "legacy (pre-1.6, non-zip) torch.save format is not supported");
    const ZipArchive zip(path, bytes);
    pth.archiveName_ = findArchiveName(path, zip);

    const std::string byteOrder = recordText(zip, pth.archiveName_ + "/byteorder");
    if (!byteOrder.empty() && byteOrder != "little")
        throw fileError(path, "byteorder record says '" + byteOrder +
                                  "'; only little-endian archives are supported");
    // The order torch reads them in.
    pth.formatVersion_ = recordText(zip, pth.archiveName_ + "/.data/version");
    if (pth.formatVersion_.empty())
        pth.formatVersion_ = recordText(zip, pth.archiveName_ + "/version");
    if (pth.formatVersion_.empty())
        throw fileError(path, "no version record in archive " + pth.archiveName_);

    const ZipEntry& pickleEntry = *zip.find(pth.archiveName_ + "/data.pkl");
    const pickle::Document doc = pickle::unpickleStateDict(path, zip.data(pickleEntry));
    const auto* root = std::get_if<pickle::Dict>(&doc.root->data);
    if (root == nullptr)
        throw fileError(path, "data.pkl does not hold a dict (a state dict was expected)");
    Flattener(pth.file_, zip, pth.archiveName_).walk(*root, "", 0, pth.tensors_);
    return pth;
}

const TensorView* PthFile::find(const std::string& name) const {
    for (const TensorView& t : tensors_)
        if (t.name() == name)
            return &t;
    return nullptr;
}

const TensorView& PthFile::at(const std::string& name) const {
    if (const TensorView* t = find(name))
        return *t;
    throw fileError(path(), "no tensor " + name);
}

} // namespace facet::model
