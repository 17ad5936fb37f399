#pragma once
// The engine's one exception type: every failure the user can see is a facet::Error whose
// message names the file (or graph) and the reason, so callers can show it verbatim. Beside the
// message it carries what a caller decides by (ErrorInfo: the kind, and the HTTP status, the
// server's `param` or the file where there is one), so no caller has to read the words.
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace facet {

// What went wrong, as far as the code that threw knows it. `Other` is what a plain
// facet::Error(message) has: most throws need no kind, as their callers only show them.
enum class ErrorKind {
    Other,
    BadInput,    // the request or the user's arguments are invalid (levels, limits, URL)
    File,        // a file cannot be read or is malformed (ErrorInfo::path names it)
    ModelFolder, // the compiled-model folder is not what optimum-rbln writes
    Device,      // the RBLN runtime or the NPU (or the simulator) failed
    Server,      // a vLLM server failed or refused (httpStatus, param, serverMessage)
    Cancelled,   // the caller's stop flag ended it
    Internal,    // not a facet::Error (std::bad_alloc, a library's exception): a bug or no memory
};

// A failure as plain data: copyable, default-constructible, no exception, so it travels through
// event sinks and across threads (the app registers it as a Qt metatype).
struct ErrorInfo {
    ErrorKind kind = ErrorKind::Other;
    std::string message; // the whole text, for the user
    // File / ModelFolder: the file or folder the message names; empty where none.
    std::filesystem::path path;
    // Server: the HTTP status of the answer (0 when there was none: unreachable, timed out);
    // for a reply the server failed after it had begun (failedMidReply), the `code` of the error
    // object it sent inside the stream (vLLM: 500 when its EngineCore died), else 0.
    int httpStatus = 0;
    // Server: the request field the error is about, as the server's error body names it (null
    // or absent: empty). vLLM >= 0.31 names "mm_processor_kwargs" when it refuses per-request
    // detail levels (remote::isMmKwargsGate, which also accepts a 400 naming the flag).
    std::string param;
    // Server: the server's own words from the error body (the message adds the URL and status).
    std::string serverMessage;
    // Server: the server began the reply (HTTP 200, text may have arrived) and then ended it as
    // failed: an error object inside the stream, or finish_reason "abort" / "error". The text
    // delivered before stays with the caller, to be kept and marked as cut short by the server.
    bool failedMidReply = false;
};

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message);
    explicit Error(const char* message);
    Error(ErrorKind kind, const std::string& message);
    // info.message is the text; an empty one is refused as a bug (std::invalid_argument).
    explicit Error(ErrorInfo info);

    [[nodiscard]] ErrorKind kind() const noexcept { return info_->kind; }
    [[nodiscard]] const ErrorInfo& info() const noexcept { return *info_; }

private:
    // Shared and immutable: copying an exception must not throw.
    std::shared_ptr<const ErrorInfo> info_;
};

// "PATH: reason" — the shape of every file-related error message; kind File, path set.
[[nodiscard]] Error fileError(const std::filesystem::path& file, const std::string& reason);

// What a caught exception says as data: a facet::Error's info, anything else as Internal with
// its what().
[[nodiscard]] ErrorInfo errorInfo(const std::exception& e);
// An ErrorInfo with only a kind and a message (no path, status or param).
[[nodiscard]] ErrorInfo errorInfo(ErrorKind kind, std::string message);

// "bad-input", "file", "model-folder", "device", "server", "cancelled", "internal", "other":
// stable names for machine-readable output (facet-cli --json).
[[nodiscard]] const char* toString(ErrorKind kind);

} // namespace facet
