#include "text/tokenizer_cache.h"

#include "common/error.h"
#include "common/regular_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace facet::text {

namespace {

constexpr char kMagic[8] = {'F', 'C', 'T', 'T', 'O', 'K', '0', '1'};

template <typename T> void writePod(std::ostream& out, const T& v) {
    out.write(reinterpret_cast<const char*>(&v), sizeof v);
}

template <typename T> void writeVector(std::ostream& out, const std::vector<T>& v) {
    writePod(out, static_cast<uint64_t>(v.size()));
    out.write(reinterpret_cast<const char*>(v.data()),
              static_cast<std::streamsize>(v.size() * sizeof(T)));
}

void writeString(std::ostream& out, const std::string& s) {
    writePod(out, static_cast<uint64_t>(s.size()));
    out.write(s.data(), static_cast<std::streamsize>(s.size()));
}

class Reader {
public:
    explicit Reader(std::istream& in, uint64_t fileSize) : in_(in), left_(fileSize) {}
    template <typename T> bool pod(T& v) { return raw(&v, sizeof v); }
    template <typename T> bool vector(std::vector<T>& v) {
        uint64_t n = 0;
        if (!pod(n) || n > left_ / sizeof(T))
            return false;
        v.resize(n);
        return raw(v.data(), n * sizeof(T));
    }
    bool string(std::string& s) {
        uint64_t n = 0;
        if (!pod(n) || n > left_)
            return false;
        s.resize(n);
        return raw(s.data(), n);
    }

private:
    bool raw(void* p, uint64_t n) {
        if (n > left_)
            return false;
        in_.read(static_cast<char*>(p), static_cast<std::streamsize>(n));
        left_ -= n;
        return static_cast<bool>(in_);
    }
    std::istream& in_;
    uint64_t left_;
};

} // namespace

uint64_t contentHash(std::string_view bytes) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ bytes.size();
    size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        uint64_t w = 0;
        std::memcpy(&w, bytes.data() + i, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    for (; i < bytes.size(); ++i)
        h = (h ^ static_cast<unsigned char>(bytes[i])) * 0x100000001B3ull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

std::filesystem::path defaultCacheDir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "facet";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "facet";
    return {};
}

std::filesystem::path cacheFileFor(const std::filesystem::path& dir, uint64_t size, uint64_t hash) {
    char name[64];
    std::snprintf(name, sizeof name, "tokenizer-%016llx-%llu.bin",
                  static_cast<unsigned long long>(hash), static_cast<unsigned long long>(size));
    return dir / name;
}

std::optional<TokenizerData> readTokenizerCache(const std::filesystem::path& file, uint64_t size,
                                                uint64_t hash) {
    // Through RegularFile so a FIFO or device planted in the cache folder cannot block or
    // flood the load; any problem just means "no cache".
    std::string bytes;
    try {
        bytes = readTextFile(file, kMaxTokenizerCacheBytes, "a tokenizer cache");
    } catch (const Error&) {
        return std::nullopt;
    }
    const uint64_t fileSize = bytes.size();
    std::istringstream in(std::move(bytes));
    Reader r(in, fileSize);
    char magic[8];
    uint64_t storedSize = 0;
    uint64_t storedHash = 0;
    if (!r.pod(magic) || std::memcmp(magic, kMagic, 8) != 0 || !r.pod(storedSize) ||
        !r.pod(storedHash) || storedSize != size || storedHash != hash)
        return std::nullopt;
    TokenizerData data;
    std::vector<int32_t> ids;
    std::vector<uint32_t> offsets;
    std::string blob;
    if (!r.string(data.configJson) || !r.vector(ids) || !r.vector(offsets) || !r.string(blob) ||
        !r.vector(data.merges))
        return std::nullopt;
    if (offsets.size() != ids.size() + 1 || offsets.front() != 0 || offsets.back() != blob.size())
        return std::nullopt;
    data.vocab.reserve(ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
        if (offsets[i + 1] < offsets[i] || ids[i] < 0)
            return std::nullopt;
        data.vocab.add(std::string_view(blob).substr(offsets[i], offsets[i + 1] - offsets[i]),
                       ids[i]);
    }
    return data;
}

bool writeTokenizerCache(const std::filesystem::path& file, uint64_t size, uint64_t hash,
                         const std::string& configJson, const Vocabulary& vocab,
                         const std::vector<Merge>& merges) {
    std::error_code ec;
    const std::filesystem::path dir = file.parent_path();
    if (!std::filesystem::is_directory(dir, ec)) {
        std::filesystem::create_directories(dir.parent_path(), ec);
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) // private: only its owner reads
            return false;
    }
    std::ostringstream out(std::ios::binary);
    out.write(kMagic, sizeof kMagic);
    writePod(out, size);
    writePod(out, hash);
    writeString(out, configJson);
    writeVector(out, vocab.ids());
    writeVector(out, vocab.offsets());
    writeString(out, vocab.blob());
    writeVector(out, merges);
    const std::string bytes = std::move(out).str();
    // mkstemp creates a new file (O_EXCL, mode 0600) under a name no one can predict, so
    // another user cannot plant a link at it; the rename makes the cache appear whole.
    std::string tmp = (dir / "tokenizer-XXXXXX.tmp").string();
    const int fd = ::mkstemps(tmp.data(), 4);
    if (fd < 0)
        return false;
    size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        written += static_cast<size_t>(n);
    }
    const bool ok = ::close(fd) == 0 && written == bytes.size();
    if (ok) {
        std::filesystem::rename(tmp, file, ec);
        if (!ec)
            return true;
    }
    std::filesystem::remove(tmp, ec);
    return false;
}

} // namespace facet::text
