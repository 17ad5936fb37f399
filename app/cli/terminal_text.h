#pragma once
// Text from a model or a server, made safe to print on a terminal. A reply or an error body can
// carry escape sequences — OSC 52 writes the clipboard, others retitle the window, clear the
// screen or hide text — so every control character other than newline and tab is dropped: C0
// (ESC, BEL, CR, ...), DEL and C1 (U+0080..U+009F, whose CSI some terminals obey). Invalid
// UTF-8 becomes U+FFFD. The sequences' printable remainder stays visible, inert.
#include <string>
#include <string_view>

namespace facet::cli {

// For text that arrives in pieces cut anywhere (a streamed reply): a character split across
// pieces is judged whole.
class TerminalText {
public:
    [[nodiscard]] std::string filter(std::string_view piece);
    // What is held at the end (an incomplete character): U+FFFD, or nothing.
    [[nodiscard]] std::string finish();

private:
    std::string held_;
};

// The whole text at once.
[[nodiscard]] std::string terminalSafe(std::string_view text);

// A JSON line as nlohmann dumps it (control characters below U+0020 already escaped) with DEL
// and C1 escaped as \u007f and \u0080..\u009f: the same JSON value, no raw control byte. They
// can only stand inside strings, so the replacement keeps the line valid JSON.
[[nodiscard]] std::string escapeJsonControls(std::string_view json);

} // namespace facet::cli
