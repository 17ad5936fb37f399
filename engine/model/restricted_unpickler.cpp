#include "model/restricted_unpickler.h"

#include "common/error.h"
#include "model/byte_io.h"
#include "model/pickle_opcodes.h"

#include <bit>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace facet::model::pickle {
namespace {

constexpr std::string_view kOrderedDict = "collections.OrderedDict";
constexpr std::string_view kRebuildTensor = "torch._utils._rebuild_tensor_v2";

std::string opcodeName(std::uint8_t code) {
    char text[32];
    if (code >= 0x20 && code < 0x7f)
        std::snprintf(text, sizeof text, "'%c' (0x%02x)", code, code);
    else
        std::snprintf(text, sizeof text, "0x%02x", code);
    return text;
}

class Unpickler {
public:
    Unpickler(const std::filesystem::path& file, std::span<const std::byte> bytes)
        : file_(file), bytes_(bytes) {}

    Document run();

private:
    [[noreturn]] void fail(const std::string& reason) const {
        throw fileError(file_, "data.pkl at byte " + std::to_string(opStart_) + ": " + reason);
    }
    const std::byte* take(size_t count);
    std::uint8_t takeByte() { return std::to_integer<std::uint8_t>(*take(1)); }
    std::string takeLine();
    void push(ValuePtr v) { stack_.push_back(v); }
    ValuePtr pop();
    ValuePtr top();
    std::vector<ValuePtr> popToMark();
    void memoPut(std::uint32_t index);
    void memoGet(std::uint32_t index);
    void pushGlobal(std::string module, std::string name);
    void reduce();
    void build();
    void persistentLoad();
    DType storageType(ValuePtr v);
    void setItems(Dict& dict, const std::vector<ValuePtr>& items);
    Dict& dictAt(ValuePtr v, const char* op);
    TensorRecord rebuildTensor(const Tuple& args);
    std::int64_t intOf(ValuePtr v, const char* what);
    std::vector<std::int64_t> intTuple(ValuePtr v, const char* what);
    bool step(std::uint8_t code);

    const std::filesystem::path& file_;
    std::span<const std::byte> bytes_;
    size_t pos_ = 0;
    size_t opStart_ = 0;
    Document doc_;
    std::vector<ValuePtr> stack_;
    std::vector<size_t> marks_;
    std::unordered_map<std::uint32_t, ValuePtr> memo_;
    std::map<std::string, std::shared_ptr<const StorageRef>> storages_;
};

const std::byte* Unpickler::take(size_t count) {
    if (bytes_.size() - pos_ < count)
        fail("pickle ends in the middle of an opcode");
    const std::byte* p = bytes_.data() + pos_;
    pos_ += count;
    return p;
}

std::string Unpickler::takeLine() {
    std::string line;
    for (;;) {
        const char c = static_cast<char>(takeByte());
        if (c == '\n')
            return line;
        if (line.size() > 256)
            fail("GLOBAL name too long");
        line += c;
    }
}

ValuePtr Unpickler::pop() {
    if (stack_.empty() || (!marks_.empty() && marks_.back() == stack_.size()))
        fail("stack underflow");
    ValuePtr v = stack_.back();
    stack_.pop_back();
    return v;
}

ValuePtr Unpickler::top() {
    if (stack_.empty())
        fail("stack underflow");
    return stack_.back();
}

std::vector<ValuePtr> Unpickler::popToMark() {
    if (marks_.empty())
        fail("no MARK on the stack");
    const size_t mark = marks_.back();
    marks_.pop_back();
    std::vector<ValuePtr> items(stack_.begin() + static_cast<std::ptrdiff_t>(mark), stack_.end());
    stack_.resize(mark);
    return items;
}

void Unpickler::memoPut(std::uint32_t index) {
    memo_[index] = top();
}

void Unpickler::memoGet(std::uint32_t index) {
    auto it = memo_.find(index);
    if (it == memo_.end())
        fail("memo entry " + std::to_string(index) + " was never stored");
    push(it->second);
}

void Unpickler::pushGlobal(std::string module, std::string name) {
    const std::string full = module + "." + name;
    const bool storageClass = module == "torch" && dtypeFromStorageClass(name).has_value();
    if (full != kOrderedDict && full != kRebuildTensor && !storageClass)
        fail("refused global '" + full +
             "': only collections.OrderedDict, torch._utils._rebuild_tensor_v2 and torch "
             "storage classes are allowed");
    push(doc_.make(Global{std::move(module), std::move(name)}));
}

std::int64_t Unpickler::intOf(ValuePtr v, const char* what) {
    if (const auto* i = std::get_if<std::int64_t>(&v->data))
        return *i;
    fail(std::string(what) + " is not an integer");
}

std::vector<std::int64_t> Unpickler::intTuple(ValuePtr v, const char* what) {
    const auto* t = std::get_if<Tuple>(&v->data);
    if (t == nullptr)
        fail(std::string(what) + " is not a tuple");
    std::vector<std::int64_t> out;
    for (ValuePtr item : t->items)
        out.push_back(intOf(item, what));
    return out;
}

DType Unpickler::storageType(ValuePtr v) {
    const auto* type = std::get_if<Global>(&v->data);
    if (type == nullptr || type->module != "torch")
        fail("persistent id does not name a torch storage class");
    for (DType candidate :
         {DType::BFloat16, DType::Float16, DType::Float32, DType::Float64, DType::Int64,
          DType::Int32, DType::Int16, DType::Int8, DType::UInt8, DType::Bool})
        if (storageClassName(candidate) == type->name)
            return candidate;
    fail("persistent id names an unknown storage class torch." + type->name);
}

void Unpickler::persistentLoad() {
    const ValuePtr pid = pop();
    const auto* t = std::get_if<Tuple>(&pid->data);
    const auto* tag =
        t && !t->items.empty() ? std::get_if<std::string>(&t->items[0]->data) : nullptr;
    if (tag == nullptr || *tag != "storage" || t->items.size() != 5)
        fail("persistent id is not a ('storage', type, key, location, numel) tuple");
    const DType dtype = storageType(t->items[1]);
    const auto* key = std::get_if<std::string>(&t->items[2]->data);
    const auto* location = std::get_if<std::string>(&t->items[3]->data);
    if (!key || !location)
        fail("persistent id has no storage key or location");
    const std::int64_t numel = intOf(t->items[4], "storage size");
    if (numel < 0)
        fail("storage " + *key + " has a negative size");
    auto& storage = storages_[*key];
    if (!storage)
        storage = std::make_shared<StorageRef>(StorageRef{dtype, *key, *location, numel});
    else if (storage->dtype != dtype || storage->numel != numel)
        fail("storage " + *key + " is referenced with two different types or sizes");
    push(doc_.make(storage));
}

TensorRecord Unpickler::rebuildTensor(const Tuple& args) {
    // (storage, storage_offset, size, stride, requires_grad, backward_hooks[, metadata])
    if (args.items.size() != 6 && args.items.size() != 7)
        fail("_rebuild_tensor_v2 expects 6 or 7 arguments, got " +
             std::to_string(args.items.size()));
    const auto* storage = std::get_if<std::shared_ptr<const StorageRef>>(&args.items[0]->data);
    if (storage == nullptr)
        fail("_rebuild_tensor_v2: first argument is not a storage");
    TensorRecord t{*storage, intOf(args.items[1], "storage offset"),
                   intTuple(args.items[2], "tensor size"), intTuple(args.items[3], "stride")};
    if (t.shape.size() != t.strides.size())
        fail("_rebuild_tensor_v2: size and stride have different lengths");
    if (!std::holds_alternative<bool>(args.items[4]->data))
        fail("_rebuild_tensor_v2: requires_grad is not a bool");
    const auto* hooks = std::get_if<Dict>(&args.items[5]->data);
    if (hooks == nullptr || !hooks->items.empty())
        fail("_rebuild_tensor_v2: backward hooks must be an empty OrderedDict");
    if (args.items.size() == 7 && !std::holds_alternative<Dict>(args.items[6]->data))
        fail("_rebuild_tensor_v2: metadata is not a dict");
    return t;
}

void Unpickler::reduce() {
    const ValuePtr args = pop();
    const ValuePtr callable = pop();
    const auto* g = std::get_if<Global>(&callable->data);
    const auto* tuple = std::get_if<Tuple>(&args->data);
    if (g == nullptr || tuple == nullptr)
        fail("REDUCE of something that is not an allowed global with a tuple of arguments");
    const std::string full = g->module + "." + g->name;
    if (full == kOrderedDict) {
        if (!tuple->items.empty())
            fail("collections.OrderedDict called with arguments");
        return push(doc_.make(Dict{{}, true}));
    }
    if (full == kRebuildTensor)
        return push(doc_.make(rebuildTensor(*tuple)));
    fail("refused call of '" + full + "'");
}

Dict& Unpickler::dictAt(ValuePtr v, const char* op) {
    auto* d = std::get_if<Dict>(&v->data);
    if (d == nullptr)
        fail(std::string(op) + " on something that is not a dict");
    return *d;
}

void Unpickler::build() {
    // OrderedDict's __reduce__ carries the instance __dict__ (a state dict's `_metadata`) as
    // BUILD state. Only a dict state on a dict target is accepted; it is kept nowhere.
    const ValuePtr state = pop();
    dictAt(top(), "BUILD");
    if (!std::holds_alternative<Dict>(state->data))
        fail("BUILD with a state that is not a dict");
}

void Unpickler::setItems(Dict& dict, const std::vector<ValuePtr>& items) {
    if (items.size() % 2 != 0)
        fail("SETITEMS with an odd number of items");
    for (size_t i = 0; i < items.size(); i += 2)
        dict.items.emplace_back(items[i], items[i + 1]);
}

bool Unpickler::step(std::uint8_t code) {
    using namespace opcode;
    switch (code) {
    case PROTO:
        if (takeByte() > 4)
            fail("pickle protocol above 4");
        break;
    case FRAME:
        take(8);
        break;
    case STOP:
        return false;
    case MARK:
        marks_.push_back(stack_.size());
        break;
    case BININT:
        push(doc_.make(std::int64_t{static_cast<std::int32_t>(readLE<std::uint32_t>(take(4)))}));
        break;
    case BININT1:
        push(doc_.make(std::int64_t{takeByte()}));
        break;
    case BININT2:
        push(doc_.make(std::int64_t{readLE<std::uint16_t>(take(2))}));
        break;
    case LONG1: {
        const std::uint8_t n = takeByte();
        if (n > 8)
            fail("integer wider than 64 bits");
        const std::byte* p = take(n);
        std::uint64_t v = 0;
        for (std::uint8_t i = 0; i < n; ++i)
            v |= std::to_integer<std::uint64_t>(p[i]) << (8 * i);
        if (n > 0 && n < 8 && (std::to_integer<std::uint8_t>(p[n - 1]) & 0x80))
            v |= ~std::uint64_t{0} << (8 * n); // sign-extend
        push(doc_.make(static_cast<std::int64_t>(v)));
        break;
    }
    case NONE:
        push(doc_.make(None{}));
        break;
    case NEWTRUE:
    case NEWFALSE:
        push(doc_.make(code == NEWTRUE));
        break;
    case BINFLOAT: { // big-endian IEEE double
        const std::byte* p = take(8);
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i)
            bits = (bits << 8) | std::to_integer<std::uint64_t>(p[i]);
        push(doc_.make(std::bit_cast<double>(bits)));
        break;
    }
    case BINUNICODE:
    case SHORT_BINUNICODE: {
        const size_t n = code == BINUNICODE ? readLE<std::uint32_t>(take(4)) : takeByte();
        push(doc_.make(std::string(reinterpret_cast<const char*>(take(n)), n)));
        break;
    }
    case EMPTY_TUPLE:
        push(doc_.make(Tuple{}));
        break;
    case TUPLE:
        push(doc_.make(Tuple{popToMark()}));
        break;
    case TUPLE1:
    case TUPLE2:
    case TUPLE3: {
        std::vector<ValuePtr> items(static_cast<size_t>(code - TUPLE1 + 1));
        for (size_t i = items.size(); i > 0; --i)
            items[i - 1] = pop();
        push(doc_.make(Tuple{std::move(items)}));
        break;
    }
    case EMPTY_LIST:
        push(doc_.make(List{}));
        break;
    case APPEND:
    case APPENDS: {
        std::vector<ValuePtr> items = code == APPEND ? std::vector<ValuePtr>{pop()} : popToMark();
        auto* list = std::get_if<List>(&top()->data);
        if (list == nullptr)
            fail("APPEND on something that is not a list");
        list->items.insert(list->items.end(), items.begin(), items.end());
        break;
    }
    case EMPTY_DICT:
        push(doc_.make(Dict{}));
        break;
    case SETITEM: {
        const ValuePtr value = pop();
        const ValuePtr key = pop();
        setItems(dictAt(top(), "SETITEM"), {key, value});
        break;
    }
    case SETITEMS: {
        const std::vector<ValuePtr> items = popToMark();
        setItems(dictAt(top(), "SETITEMS"), items);
        break;
    }
    case BINPUT:
        memoPut(takeByte());
        break;
    case LONG_BINPUT:
        memoPut(readLE<std::uint32_t>(take(4)));
        break;
    case MEMOIZE:
        memoPut(static_cast<std::uint32_t>(memo_.size()));
        break;
    case BINGET:
        memoGet(takeByte());
        break;
    case LONG_BINGET:
        memoGet(readLE<std::uint32_t>(take(4)));
        break;
    case GLOBAL: {
        std::string module = takeLine();
        std::string name = takeLine();
        pushGlobal(std::move(module), std::move(name));
        break;
    }
    case BINPERSID:
        persistentLoad();
        break;
    case REDUCE:
        reduce();
        break;
    case BUILD:
        build();
        break;
    default:
        fail("refused opcode " + opcodeName(code) + ": not used by torch.save of a state dict");
    }
    return true;
}

Document Unpickler::run() {
    for (;;) {
        opStart_ = pos_;
        if (!step(takeByte()))
            break;
    }
    if (stack_.size() != 1 || !marks_.empty())
        fail("pickle does not end with exactly one value");
    doc_.root = stack_.back();
    return std::move(doc_);
}

} // namespace

Document unpickleStateDict(const std::filesystem::path& file, std::span<const std::byte> bytes) {
    return Unpickler(file, bytes).run();
}

} // namespace facet::model::pickle
