#pragma once
// Pickle opcode bytes (CPython Lib/pickle.py) used by the reader and the emitter.
#include <cstdint>

namespace facet::model::opcode {

inline constexpr std::uint8_t MARK = '(';
inline constexpr std::uint8_t STOP = '.';
inline constexpr std::uint8_t BININT = 'J';
inline constexpr std::uint8_t BININT1 = 'K';
inline constexpr std::uint8_t BININT2 = 'M';
inline constexpr std::uint8_t NONE = 'N';
inline constexpr std::uint8_t BINPERSID = 'Q';
inline constexpr std::uint8_t REDUCE = 'R';
inline constexpr std::uint8_t BINUNICODE = 'X';
inline constexpr std::uint8_t APPEND = 'a';
inline constexpr std::uint8_t BUILD = 'b';
inline constexpr std::uint8_t GLOBAL = 'c';
inline constexpr std::uint8_t APPENDS = 'e';
inline constexpr std::uint8_t BINGET = 'h';
inline constexpr std::uint8_t LONG_BINGET = 'j';
inline constexpr std::uint8_t EMPTY_LIST = ']';
inline constexpr std::uint8_t BINPUT = 'q';
inline constexpr std::uint8_t LONG_BINPUT = 'r';
inline constexpr std::uint8_t SETITEM = 's';
inline constexpr std::uint8_t TUPLE = 't';
inline constexpr std::uint8_t SETITEMS = 'u';
inline constexpr std::uint8_t EMPTY_DICT = '}';
inline constexpr std::uint8_t EMPTY_TUPLE = ')';
inline constexpr std::uint8_t BINFLOAT = 'G';
// Protocol 2
inline constexpr std::uint8_t PROTO = 0x80;
inline constexpr std::uint8_t TUPLE1 = 0x85;
inline constexpr std::uint8_t TUPLE2 = 0x86;
inline constexpr std::uint8_t TUPLE3 = 0x87;
inline constexpr std::uint8_t NEWTRUE = 0x88;
inline constexpr std::uint8_t NEWFALSE = 0x89;
inline constexpr std::uint8_t LONG1 = 0x8a;
// Protocol 4: pure framing/memo opcodes, accepted so a torch.save(pickle_protocol=4) file loads
inline constexpr std::uint8_t SHORT_BINUNICODE = 0x8c;
inline constexpr std::uint8_t MEMOIZE = 0x94;
inline constexpr std::uint8_t FRAME = 0x95;

} // namespace facet::model::opcode
