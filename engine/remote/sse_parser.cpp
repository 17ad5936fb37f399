#include "remote/sse_parser.h"

#include "common/error.h"

namespace facet::remote {

void SseParser::append(std::string_view piece) {
    if (piece.size() > kMaxSseLineBytes - line_.size())
        throw Error(ErrorKind::Server, "an event-stream line longer than " +
                                           std::to_string(kMaxSseLineBytes) + " bytes");
    line_.append(piece);
}

void SseParser::feed(std::string_view bytes) {
    std::size_t start = 0;
    if (afterCr_ && !bytes.empty() && bytes.front() == '\n')
        start = 1; // the LF of a CRLF whose CR ended the previous piece
    afterCr_ = false;
    for (std::size_t i = start; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (c != '\r' && c != '\n')
            continue;
        append(bytes.substr(start, i - start));
        line(line_);
        line_.clear();
        if (c == '\r') {
            if (i + 1 == bytes.size())
                afterCr_ = true;
            else if (bytes[i + 1] == '\n')
                ++i;
        }
        start = i + 1;
    }
    if (start < bytes.size())
        append(bytes.substr(start));
}

bool SseParser::finish() {
    const bool partial = !line_.empty() || haveData_ || !pending_.event.empty();
    line_.clear();
    pending_ = {};
    haveData_ = false;
    afterCr_ = false;
    return partial;
}

void SseParser::line(std::string_view text) {
    if (firstLine_) {
        firstLine_ = false;
        if (text.substr(0, 3) == "\xEF\xBB\xBF")
            text.remove_prefix(3);
    }
    if (text.empty()) {
        dispatch();
        return;
    }
    if (text.front() == ':') {
        ++comments_;
        return;
    }
    std::string_view field = text;
    std::string_view value;
    if (const auto colon = text.find(':'); colon != std::string_view::npos) {
        field = text.substr(0, colon);
        value = text.substr(colon + 1);
        if (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
    }
    if (field == "data") {
        if (value.size() + 1 > kMaxSseEventBytes - pending_.data.size())
            throw Error(ErrorKind::Server, "an event-stream event with more than " +
                                               std::to_string(kMaxSseEventBytes) +
                                               " bytes of data");
        if (haveData_)
            pending_.data.push_back('\n');
        pending_.data.append(value);
        haveData_ = true;
    } else if (field == "event") {
        pending_.event = value;
    } else if (field == "id") {
        pending_.id = value;
    } // "retry" and unknown fields are ignored, as the format says
}

void SseParser::dispatch() {
    if (haveData_) {
        ++events_;
        handler_(pending_);
    }
    pending_.data.clear();
    pending_.event.clear();
    haveData_ = false;
}

} // namespace facet::remote
