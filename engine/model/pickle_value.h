#pragma once
// The values the restricted unpickler can build: plain data (None, bool, int, float, str,
// tuple, list, dict) plus the three torch objects a state dict needs — a storage reference
// (from a persistent id), a tensor (from _rebuild_tensor_v2) and an allowed global. Nothing
// here can run code: a "global" is only a name that passed the allow-list.
#include "model/dtype.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace facet::model::pickle {

// Values are owned by a Document's arena and refer to each other by plain pointers, so a
// crafted pickle that makes a list contain itself cannot leak memory or loop forever in a
// destructor.
struct Value;
using ValuePtr = Value*;

struct None {};
struct Tuple {
    std::vector<ValuePtr> items;
};
struct List {
    std::vector<ValuePtr> items;
};
struct Dict {
    std::vector<std::pair<ValuePtr, ValuePtr>> items; // insertion order, as Python keeps it
    bool ordered = false;                             // built by collections.OrderedDict()
};
struct Global {
    std::string module;
    std::string name;
};
// ('storage', torch.XStorage, key, location, numel) — the data lives in data/<key>.
struct StorageRef {
    DType dtype = DType::Float32;
    std::string key;
    std::string location;
    std::int64_t numel = 0;
};
struct TensorRecord {
    std::shared_ptr<const StorageRef> storage;
    std::int64_t storageOffset = 0; // in elements
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides; // in elements
};

struct Value {
    std::variant<None, bool, std::int64_t, double, std::string, Tuple, List, Dict, Global,
                 std::shared_ptr<const StorageRef>, TensorRecord>
        data;
};

// The result of unpickling: the root value and the arena that owns every value.
class Document {
public:
    template <typename T> ValuePtr make(T value) {
        arena_.push_back(std::make_unique<Value>(Value{std::move(value)}));
        return arena_.back().get();
    }
    ValuePtr root = nullptr;

private:
    std::vector<std::unique_ptr<Value>> arena_;
};

} // namespace facet::model::pickle
