#pragma once
// Incremental parser of a Server-Sent Events stream (the WHATWG event-stream format vLLM's
// streaming responses use): fed the body in pieces cut anywhere — inside a line, inside
// "data:", inside a UTF-8 character, between the CR and LF of a CRLF — it hands out each
// complete event once its terminating blank line arrives. Bytes are kept as they came (no
// decoding), so a multi-byte character split across pieces is whole again in the event.
// What it holds is bounded: a line longer than kMaxSseLineBytes or an event whose data grows
// past kMaxSseEventBytes is refused (facet::Error, kind Server) as soon as the limit is passed,
// not once the terminator comes — a server that never sends one must not fill the memory.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace facet::remote {

// A vLLM chunk is a few hundred bytes (one token's text and the JSON around it); these are
// thousands of times that.
inline constexpr std::size_t kMaxSseLineBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxSseEventBytes = std::size_t{1} << 20;

struct SseEvent {
    std::string event; // "event:" field; empty means the default "message"
    std::string data;  // "data:" lines joined with '\n'
    std::string id;
};

class SseParser {
public:
    using Handler = std::function<void(const SseEvent&)>;
    explicit SseParser(Handler handler) : handler_(std::move(handler)) {}

    // Parses `bytes`; calls the handler for every event completed by them. Throws facet::Error
    // (kind Server) past the line or event limit.
    void feed(std::string_view bytes);
    // End of the body: an event whose blank line never came is dropped, as the format says
    // (a cut stream must not look like a complete last chunk). Returns true when such a
    // half-received event or line was pending.
    bool finish();

    // Events handed out so far; comment lines seen (": ping" keep-alives).
    [[nodiscard]] long events() const { return events_; }
    [[nodiscard]] long comments() const { return comments_; }

private:
    void line(std::string_view text);
    void append(std::string_view piece);
    void dispatch();

    Handler handler_;
    std::string line_;      // the current line, without its terminator
    bool afterCr_ = false;  // the previous piece ended in CR: a following LF belongs to it
    bool firstLine_ = true; // a UTF-8 BOM may start the stream
    bool haveData_ = false; // at least one data field in the pending event
    SseEvent pending_;
    long events_ = 0;
    long comments_ = 0;
};

} // namespace facet::remote
