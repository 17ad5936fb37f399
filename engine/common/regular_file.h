#pragma once
// The one way the engine opens a file named by a user or a model folder. A FIFO, a device
// (/dev/zero), a socket or a directory given where a file belongs would block forever or be
// read until memory runs out, so only regular files are opened (after following links, like
// any open), without blocking, and their size is checked against a limit for their kind
// before a byte is read. Every error is "PATH: reason".
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace facet {

// Size limits per kind of file, far above any real file of that kind.
inline constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kMaxJsonConfigBytes = 16 * kMiB;     // config.json and friends
inline constexpr std::uint64_t kMaxTokenizerJsonBytes = 256 * kMiB; // Gemma 4's is 32 MB
inline constexpr std::uint64_t kMaxChatTemplateBytes = 4 * kMiB;    // Gemma 4's is 20 KB
inline constexpr std::uint64_t kMaxConversationBytes = 256 * kMiB;
inline constexpr std::uint64_t kMaxTokenizerCacheBytes = 1024 * kMiB;
inline constexpr std::uint64_t kMaxImageFileBytes = 1024 * kMiB; // a max-size BMP is ~716 MB

class RegularFile {
public:
    // Opens `path` read-only. `kind` names what the file is for in errors ("a tokenizer.json").
    // Throws facet::Error "PATH: not a regular file (a FIFO)", "PATH: is 5000000000 bytes;
    // a tokenizer.json may be at most 268435456", "PATH: cannot open: <errno text>".
    RegularFile(const std::filesystem::path& path, std::uint64_t maxBytes, std::string_view kind);
    ~RegularFile();
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    [[nodiscard]] std::uint64_t size() const { return size_; }
    [[nodiscard]] int descriptor() const { return fd_; }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    // Reads exactly `count` bytes at `offset`; throws if the file ends early (it shrank).
    void readAt(std::uint64_t offset, void* out, std::size_t count) const;
    // Reads up to `count` bytes at `offset`; returns how many (0 at the end).
    [[nodiscard]] std::size_t readSome(std::uint64_t offset, void* out, std::size_t count) const;

private:
    std::filesystem::path path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
};

// The whole file as text or bytes (size checked first; a file that grows meanwhile is read
// only up to the size it had when opened).
[[nodiscard]] std::string readTextFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                                       std::string_view kind);
[[nodiscard]] std::vector<std::uint8_t>
readBinaryFile(const std::filesystem::path& path, std::uint64_t maxBytes, std::string_view kind);

} // namespace facet
