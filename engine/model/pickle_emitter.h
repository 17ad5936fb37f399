#pragma once
// Emits pickle protocol 2 opcodes, the subset torch.save uses for a state dict. The writer
// composes these calls; no memo is used (BINPUT is optional for the unpickler).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace facet::model {

class PickleEmitter {
public:
    PickleEmitter();
    void global(std::string_view module, std::string_view name);
    void string(std::string_view text); // BINUNICODE
    void integer(std::int64_t value);   // BININT1 / BININT2 / BININT / LONG1
    void boolean(bool value);
    void mark();
    void tupleFromMark();
    void tuple(const std::vector<std::int64_t>& values); // a tuple of ints, any length
    void emptyTuple();
    void emptyDict();
    void setItem();
    void setItems(); // pairs since the last mark
    void binPersId();
    void reduce();
    // Appends STOP and returns the finished pickle.
    [[nodiscard]] std::vector<std::byte> finish();

private:
    void op(std::uint8_t code);

    std::vector<std::byte> out_;
};

} // namespace facet::model
