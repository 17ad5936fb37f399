#pragma once
// The ZIP format's fixed numbers (APPNOTE.TXT 4.3) shared by the reader of torch_artifacts.pth
// (zip_archive.cpp) and the writer of the simulator's and the tests' .pth files (zip_writer.cpp).
#include <cstddef>
#include <cstdint>

namespace facet::model::zip {

inline constexpr std::uint32_t kLocalHeaderSignature = 0x04034b50;
inline constexpr std::uint32_t kCentralHeaderSignature = 0x02014b50;
inline constexpr std::uint32_t kEndOfCentralDirectorySignature = 0x06054b50;
inline constexpr std::size_t kLocalHeaderSize = 30; // without the name and the extra field
inline constexpr std::size_t kCentralHeaderSize = 46;
inline constexpr std::size_t kEndOfCentralDirectorySize = 22;

} // namespace facet::model::zip
