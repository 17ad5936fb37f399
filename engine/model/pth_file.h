#pragma once
// Safe reader for torch_artifacts.pth and other torch.save'd state dicts.
//
// The file is memory-mapped; the zip container (stored entries, zip64, any top folder name)
// is indexed in place and data.pkl is read by a restricted unpickler that executes nothing
// (see restricted_unpickler.h). Nested dicts are flattened with '.', so optimum-rbln's
// {"patch_embedder": {"input_proj.weight": t}} yields "patch_embedder.input_proj.weight".
// Every error names the file and the problem.
#include "model/tensor_view.h"

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace facet::model {

class PthFile {
public:
    // Opens and validates the whole file; throws facet::Error on any problem.
    [[nodiscard]] static PthFile open(const std::filesystem::path& path);

    [[nodiscard]] const std::filesystem::path& path() const { return file_->path(); }
    // The zip's top folder (torch uses the file's stem when saving; any name is accepted).
    [[nodiscard]] const std::string& archiveName() const { return archiveName_; }
    // Contents of the `version` record (e.g. "3"), empty if the archive has none.
    [[nodiscard]] const std::string& formatVersion() const { return formatVersion_; }
    // Tensors in the order the pickle lists them.
    [[nodiscard]] const std::vector<TensorView>& tensors() const { return tensors_; }
    [[nodiscard]] const TensorView* find(const std::string& name) const;
    // Like find, but throws "PATH: no tensor NAME" when missing.
    [[nodiscard]] const TensorView& at(const std::string& name) const;

private:
    PthFile() = default;

    std::shared_ptr<const MappedFile> file_;
    std::string archiveName_;
    std::string formatVersion_;
    std::vector<TensorView> tensors_;
};

// Embedding lookup: copies rows `rows` of the 2-D tensor `table` ([rows, cols]; bfloat16,
// float16 or float32; any strides) into `out` (rows.size() * cols values, row after row).
// A row index outside the table throws naming the tensor and the index.
void gatherRows(const TensorView& table, std::span<const std::int64_t> rows, std::span<float> out);
// Same, producing bfloat16 bits (exact copy from a bfloat16 table; round-to-nearest-even
// from float16/float32).
void gatherRowsBf16(const TensorView& table, std::span<const std::int64_t> rows,
                    std::span<std::uint16_t> out);

} // namespace facet::model
