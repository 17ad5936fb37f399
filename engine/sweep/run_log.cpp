#include "sweep/run_log.h"

#include "common/error.h"
#include "common/json_text.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace facet::sweep {
namespace {

// A sweep's own file: a run line is about a kilobyte, a big sweep a few thousand lines.
constexpr std::uint64_t kMaxLogBytes = std::uint64_t{512} << 20;

template <typename T> T field(const nlohmann::json& j, const char* name) {
    const auto it = j.find(name);
    if (it == j.end())
        throw Error(std::string("missing \"") + name + "\"");
    try {
        return it->template get<T>();
    } catch (const nlohmann::json::exception&) {
        throw Error(std::string("\"") + name + "\" has the wrong type");
    }
}

std::string errnoText(int e) {
    return std::strerror(e);
}

void writeAll(int fd, const std::string& data, const std::filesystem::path& file) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw fileError(file, "cannot append: " + errnoText(n < 0 ? errno : EIO));
        done += static_cast<std::size_t>(n);
    }
}

SweepSettings settingsFromJson(const nlohmann::json& j) {
    SweepSettings s;
    s.source = field<std::string>(j, "source");
    s.sampling = field<std::string>(j, "sampling");
    s.maxNewTokens = field<int>(j, "max_new_tokens");
    s.repetitionGuard = field<bool>(j, "repetition_guard");
    return s;
}

} // namespace

nlohmann::json runToJson(const RunRecord& r) {
    nlohmann::json j = {{"type", "run"},
                        {"image", r.key.image},
                        {"question", r.key.question},
                        {"level", r.key.level},
                        {"answer", r.answer},
                        {"finish_reason", r.finishReason},
                        {"soft_tokens", r.softTokens},
                        {"bucket", r.bucket},
                        {"prompt_tokens", r.promptTokens},
                        {"generated_tokens", r.generatedTokens},
                        {"reused_tokens", r.reusedTokens},
                        {"ttft_ms", r.ttftMs},
                        {"tokens_per_s", r.tokensPerS},
                        {"total_ms", r.totalMs}};
    if (r.error)
        j["error"] = *r.error;
    return j;
}

RunRecord runFromJson(const nlohmann::json& j) {
    if (!j.is_object())
        throw Error("not a JSON object");
    RunRecord r;
    r.key.image = field<std::string>(j, "image");
    r.key.question = field<std::string>(j, "question");
    r.key.level = field<int>(j, "level");
    r.answer = field<std::string>(j, "answer");
    r.finishReason = field<std::string>(j, "finish_reason");
    r.softTokens = field<int>(j, "soft_tokens");
    r.bucket = field<int>(j, "bucket");
    r.promptTokens = field<int>(j, "prompt_tokens");
    r.generatedTokens = field<int>(j, "generated_tokens");
    r.reusedTokens = field<int>(j, "reused_tokens");
    r.ttftMs = field<double>(j, "ttft_ms");
    r.tokensPerS = field<double>(j, "tokens_per_s");
    r.totalMs = field<double>(j, "total_ms");
    if (j.contains("error"))
        r.error = field<std::string>(j, "error");
    return r;
}

nlohmann::json settingsToJson(const SweepSettings& s) {
    return {{"type", "sweep"},
            {"version", 1},
            {"source", s.source},
            {"sampling", s.sampling},
            {"max_new_tokens", s.maxNewTokens},
            {"repetition_guard", s.repetitionGuard}};
}

std::string describe(const SweepSettings& s) {
    return s.source + ", " + s.sampling + ", max " + std::to_string(s.maxNewTokens) +
           " new tokens, repetition guard " + (s.repetitionGuard ? "on" : "off");
}

RunLog RunLog::open(const std::filesystem::path& file, const SweepSettings& settings) {
    RunLog log;
    log.file_ = file;
    log.fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (log.fd_ < 0)
        throw fileError(file, "cannot open: " + errnoText(errno));
    struct stat st {};
    if (::fstat(log.fd_, &st) != 0 || !S_ISREG(st.st_mode))
        throw fileError(file, "not a regular file");
    if (static_cast<std::uint64_t>(st.st_size) > kMaxLogBytes)
        throw fileError(file, "larger than " + std::to_string(kMaxLogBytes) + " bytes");
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t got = 0;
    while (got < text.size()) {
        const ssize_t n =
            ::pread(log.fd_, text.data() + got, text.size() - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw fileError(file, "cannot read: " + errnoText(n < 0 ? errno : EIO));
        got += static_cast<std::size_t>(n);
    }

    // Each line is written with its newline in one write(2): whatever follows the last newline
    // is the remains of a write that never finished.
    const std::size_t whole = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    log.dropped_ = text.size() - whole;
    if (log.dropped_ > 0 && ::ftruncate(log.fd_, static_cast<off_t>(whole)) != 0)
        throw fileError(file, "cannot cut off its torn last line: " + errnoText(errno));
    text.resize(whole);

    std::size_t lineNo = 0;
    std::size_t pos = 0;
    bool sawSettings = false;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        const std::string_view line(text.data() + pos, end - pos);
        pos = end + 1;
        ++lineNo;
        const std::string where = "line " + std::to_string(lineNo) + ": ";
        const auto j = facet::tryParseJson(line);
        if (!j || !j->is_object())
            throw fileError(file, where + "not a JSON object; the file is damaged (move it "
                                          "away to start the sweep afresh)");
        try {
            if (!sawSettings) {
                if (j->value("type", "") != "sweep")
                    throw Error("expected the sweep's settings first");
                const SweepSettings found = settingsFromJson(*j);
                if (!(found == settings))
                    throw fileError(file, "written by a sweep with other settings (" +
                                              describe(found) + "; now " + describe(settings) +
                                              "): use another --out folder");
                sawSettings = true;
            } else {
                log.runs_.push_back(runFromJson(*j));
            }
        } catch (const facet::Error& e) {
            if (e.kind() == ErrorKind::File)
                throw;
            throw fileError(file, where + e.what());
        }
    }
    if (!sawSettings)
        writeAll(log.fd_, settingsToJson(settings).dump() + "\n", file);
    if (::lseek(log.fd_, 0, SEEK_END) < 0)
        throw fileError(file, "cannot seek: " + errnoText(errno));
    return log;
}

RunLog::RunLog(RunLog&& other) noexcept
    : file_(std::move(other.file_)), fd_(other.fd_), runs_(std::move(other.runs_)),
      dropped_(other.dropped_) {
    other.fd_ = -1;
}

RunLog& RunLog::operator=(RunLog&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0)
            ::close(fd_);
        file_ = std::move(other.file_);
        fd_ = other.fd_;
        runs_ = std::move(other.runs_);
        dropped_ = other.dropped_;
        other.fd_ = -1;
    }
    return *this;
}

RunLog::~RunLog() {
    if (fd_ >= 0)
        ::close(fd_);
}

void RunLog::append(const RunRecord& run) {
    // replace: a model's invalid UTF-8 must not make the line unwritable; the key fields are
    // valid UTF-8 already (the sweep refuses other file names).
    writeAll(fd_,
             runToJson(run).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
             file_);
    runs_.push_back(run);
}

std::vector<RunRecord> latest(const std::vector<RunRecord>& runs) {
    std::map<RunKey, const RunRecord*> last;
    for (const RunRecord& r : runs)
        last[r.key] = &r;
    std::vector<RunRecord> out;
    out.reserve(last.size());
    for (const auto& [key, r] : last)
        out.push_back(*r);
    return out;
}

} // namespace facet::sweep
