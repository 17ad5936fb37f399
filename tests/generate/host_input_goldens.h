#pragma once
// The goldens make_host_input_goldens.py writes (raw little-endian arrays and meta.json in the
// test data folder's host_inputs/), read by test_host_inputs and test_patch_projection.
#include "test_paths.h"

#include <QtGlobal>

#include <fstream>
#include <string>
#include <vector>

namespace facet::test {

inline const std::string kHostInputsDir = (dataDir() / "host_inputs").string() + "/";

template <typename T> std::vector<T> loadHostInputGolden(const std::string& name) {
    std::ifstream in(kHostInputsDir + name, std::ios::binary | std::ios::ate);
    if (!in)
        qFatal("missing golden %s", (kHostInputsDir + name).c_str());
    const auto bytes = std::size_t(in.tellg());
    std::vector<T> out(bytes / sizeof(T));
    in.seekg(0);
    in.read(reinterpret_cast<char*>(out.data()), std::streamsize(bytes));
    return out;
}

} // namespace facet::test
