#include "text/response_parser.h"

#include <algorithm>
#include <array>

namespace facet::text {

namespace {

enum class Action { OpenReasoning, CloseReasoning, Stop, Drop };

struct Marker {
    std::string_view text;
    Action action;
};

// "<|channel>" alone also opens reasoning (a channel the template does not name); the longer
// "<|channel>thought\n" wins when it matches, so the channel name is never shown.
constexpr std::array<Marker, 8> kMarkers{{
    {"<|channel>thought\n", Action::OpenReasoning},
    {"<|channel>", Action::OpenReasoning},
    {"<channel|>", Action::CloseReasoning},
    {"<turn|>", Action::Stop},
    {"<eos>", Action::Stop},
    {"<|tool_response>", Action::Stop},
    {"<bos>", Action::Drop},
    {"<pad>", Action::Drop},
}};

} // namespace

void ResponseParser::emit(std::string_view text, ResponseDelta& delta) {
    if (text.empty())
        return;
    if (inReasoning_) {
        reasoning_.append(text);
        delta.reasoning.append(text);
    } else {
        content_.append(text);
        delta.content.append(text);
    }
}

ResponseDelta ResponseParser::process(bool finishing) {
    ResponseDelta delta;
    const std::string_view buffer = pending_;
    size_t pos = 0;
    while (pos < buffer.size() && !stopped()) {
        if (buffer[pos] != '<') {
            const size_t next = std::min(buffer.find('<', pos), buffer.size());
            emit(buffer.substr(pos, next - pos), delta);
            pos = next;
            continue;
        }
        const std::string_view rest = buffer.substr(pos);
        const Marker* best = nullptr;
        bool couldGrow = false; // rest is a proper prefix of some marker
        for (const Marker& m : kMarkers) {
            if (rest.starts_with(m.text)) {
                if (!best || m.text.size() > best->text.size())
                    best = &m;
            } else if (m.text.starts_with(rest)) {
                couldGrow = true;
            }
        }
        if (couldGrow && !finishing)
            break; // wait for more text before deciding
        if (!best) {
            if (couldGrow) {
                pos = buffer.size(); // finishing on a partial marker: drop it
            } else {
                emit(rest.substr(0, 1), delta); // a '<' that starts no marker
                ++pos;
            }
            continue;
        }
        switch (best->action) {
        case Action::OpenReasoning:
            inReasoning_ = true;
            break;
        case Action::CloseReasoning:
            inReasoning_ = false;
            break;
        case Action::Stop:
            stopMarker_ = std::string(best->text);
            break;
        case Action::Drop:
            break;
        }
        pos += best->text.size();
    }
    pending_.erase(0, stopped() ? pending_.size() : pos);
    return delta;
}

ResponseDelta ResponseParser::feed(std::string_view text) {
    if (stopped() || finished_)
        return {};
    pending_.append(text);
    return process(false);
}

ResponseDelta ResponseParser::finish() {
    if (finished_)
        return {};
    finished_ = true;
    return process(true);
}

} // namespace facet::text
