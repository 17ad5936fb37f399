// The streaming response parser. Its contract: the result is the same however the text is
// cut into pieces. The first byte picks the piece length; the rest is the reply. A difference
// between the piecewise and the one-piece parse is a finding.
#include "text/response_parser.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    const std::size_t step = data[0] % 16 + 1;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    facet::text::ResponseParser whole;
    (void)whole.feed(text);
    (void)whole.finish();
    facet::text::ResponseParser pieces;
    std::string content;
    std::string reasoning;
    for (std::size_t at = 0; at < text.size(); at += step) {
        const auto d = pieces.feed(text.substr(at, step));
        content += d.content;
        reasoning += d.reasoning;
    }
    const auto d = pieces.finish();
    content += d.content;
    reasoning += d.reasoning;
    if (content != whole.content() || reasoning != whole.reasoning() ||
        pieces.content() != whole.content() || pieces.stopMarker() != whole.stopMarker())
        __builtin_trap();
    return 0;
}
