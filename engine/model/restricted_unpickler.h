#pragma once
// A pickle reader for torch.save'd state dicts that never executes anything. It understands
// the protocol-2 opcodes torch.save emits (plus the protocol-4 framing/memo opcodes) and calls
// nothing: REDUCE is interpreted only for collections.OrderedDict() and
// torch._utils._rebuild_tensor_v2(...); GLOBAL accepts only those two names and the torch
// storage classes. Any other global or opcode is refused with an error that names it.
#include "model/pickle_value.h"

#include <cstddef>
#include <filesystem>
#include <span>

namespace facet::model::pickle {

// Parses `bytes` (the archive's data.pkl). `file` is used in error messages.
// Storages with the same key are returned as the same StorageRef object.
[[nodiscard]] Document unpickleStateDict(const std::filesystem::path& file,
                                         std::span<const std::byte> bytes);

} // namespace facet::model::pickle
