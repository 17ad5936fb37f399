#include "model/pickle_emitter.h"

#include "model/byte_io.h"
#include "model/pickle_opcodes.h"

namespace facet::model {

PickleEmitter::PickleEmitter() {
    op(opcode::PROTO);
    out_.push_back(std::byte{2});
}

void PickleEmitter::op(std::uint8_t code) {
    out_.push_back(static_cast<std::byte>(code));
}

void PickleEmitter::global(std::string_view module, std::string_view name) {
    op(opcode::GLOBAL);
    for (char c : module)
        out_.push_back(static_cast<std::byte>(c));
    out_.push_back(std::byte{'\n'});
    for (char c : name)
        out_.push_back(static_cast<std::byte>(c));
    out_.push_back(std::byte{'\n'});
}

void PickleEmitter::string(std::string_view text) {
    op(opcode::BINUNICODE);
    appendLE<std::uint32_t>(out_, static_cast<std::uint32_t>(text.size()));
    for (char c : text)
        out_.push_back(static_cast<std::byte>(c));
}

void PickleEmitter::integer(std::int64_t value) {
    if (value >= 0 && value < 0x100) {
        op(opcode::BININT1);
        appendLE<std::uint8_t>(out_, static_cast<std::uint8_t>(value));
    } else if (value >= 0 && value < 0x10000) {
        op(opcode::BININT2);
        appendLE<std::uint16_t>(out_, static_cast<std::uint16_t>(value));
    } else if (value >= INT32_MIN && value <= INT32_MAX) {
        op(opcode::BININT);
        appendLE<std::uint32_t>(out_, static_cast<std::uint32_t>(value));
    } else {
        // LONG1: little-endian two's complement; 8 bytes always suffice for int64.
        op(opcode::LONG1);
        out_.push_back(std::byte{8});
        appendLE<std::uint64_t>(out_, static_cast<std::uint64_t>(value));
    }
}

void PickleEmitter::boolean(bool value) {
    op(value ? opcode::NEWTRUE : opcode::NEWFALSE);
}
void PickleEmitter::mark() {
    op(opcode::MARK);
}
void PickleEmitter::tupleFromMark() {
    op(opcode::TUPLE);
}
void PickleEmitter::emptyTuple() {
    op(opcode::EMPTY_TUPLE);
}
void PickleEmitter::emptyDict() {
    op(opcode::EMPTY_DICT);
}
void PickleEmitter::setItem() {
    op(opcode::SETITEM);
}
void PickleEmitter::setItems() {
    op(opcode::SETITEMS);
}
void PickleEmitter::binPersId() {
    op(opcode::BINPERSID);
}
void PickleEmitter::reduce() {
    op(opcode::REDUCE);
}

void PickleEmitter::tuple(const std::vector<std::int64_t>& values) {
    if (values.empty())
        return emptyTuple();
    if (values.size() > 3)
        mark();
    for (std::int64_t v : values)
        integer(v);
    switch (values.size()) {
    case 1:
        op(opcode::TUPLE1);
        break;
    case 2:
        op(opcode::TUPLE2);
        break;
    case 3:
        op(opcode::TUPLE3);
        break;
    default:
        tupleFromMark();
    }
}

std::vector<std::byte> PickleEmitter::finish() {
    op(opcode::STOP);
    return std::move(out_);
}

} // namespace facet::model
