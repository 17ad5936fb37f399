#pragma once
// What a compiled folder asks the host to feed, checked against what Facet feeds, at load:
// every graph input's dtype (from rbln_config.json's input_info), the model and KV-cache dtypes,
// quantization and the device count. Facet feeds exactly what optimum-rbln's host code feeds a
// bfloat16 Gemma 4 (rbln-host-algorithms.md §8); anything else (a float16 compile, fp8 KV
// caches, quantized activations, several devices) is refused with a message naming the graph,
// the input and the dtype, instead of loading and answering garbage (a float16 input has the
// byte size of a bfloat16 one).
#include "model/rbln_config.h"

#include <string>
#include <vector>

namespace facet::model {

// Which optimum-rbln layout the folder has, judged from what changed between the lines:
// the projector's image_features dtype (float32 up to 0.11, the model dtype from 0.12) and the
// KV-cache metadata key (kvcache_metas, then cache_metas).
struct FolderLayout {
    std::string name;                // "optimum-rbln 0.12" | "optimum-rbln 0.11" | "unknown"
    std::string projectorInputDtype; // image_features as compiled ("float32" | "bfloat16")
    std::string cacheMetasKey;       // as written, or empty
    std::string optimumRblnVersion;  // as written, or empty
};

[[nodiscard]] FolderLayout detectLayout(const RblnConfig& rbln);

// "FILE: graph G, input I is D: ..." for every input Facet would feed differently, every
// model / KV-cache dtype other than bfloat16, quantized activations or KV caches, and any
// graph compiled for more than one device.
[[nodiscard]] std::vector<std::string> graphDtypeProblems(const std::string& file,
                                                          const RblnConfig& rbln);

// The dtype Facet feeds an input of this name, or "" for a name it does not know (the graph
// set refuses those by name). image_features takes float32 or bfloat16: "float32|bfloat16".
[[nodiscard]] std::string fedDtype(const std::string& inputName);

} // namespace facet::model
