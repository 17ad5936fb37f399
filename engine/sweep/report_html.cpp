// report.html (report.h): one page, no script, no outside resource; every user or model
// string through htmlEscape.
#include "sweep/report.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>

namespace facet::sweep {
namespace {

// printf-checked at every call (the attribute), so the formats stay literals.
__attribute__((format(printf, 1, 2))) std::string fmt(const char* format, ...) {
    char buffer[64];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    return buffer;
}

std::string pct(double fraction) {
    return fmt("%.1f%%", fraction * 100);
}
std::string ms(double v) {
    return fmt("%.0f ms", v);
}

const char* const kStyle = R"(<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;max-width:1100px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid #d0d0d5;padding:4px 8px;text-align:right;vertical-align:top}
th{background:#f2f2f5}td.text,th.text{text-align:left}
tr.reference td{font-weight:600}tr.recommended td{background:#e5f5e8}
.rec{padding:10px 14px;border-left:4px solid #2e7d32;background:#f1f8f2}
.rec.none{border-color:#b26a00;background:#fff6e5}
.pair{display:flex;gap:14px;align-items:flex-start;border-top:1px solid #e2e2e7;padding:10px 0}
.thumb{width:100px;flex:none;text-align:center}.thumb img{border:1px solid #ccc}
.answers{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px;flex:1}
.answer{background:#f7f7f9;padding:6px 8px;white-space:pre-wrap;word-break:break-word}
.answer.ref{background:#eef3fb}.meta{color:#555;font-size:12px}
code{word-break:break-all}
</style>)";

// Agreement (a line with dots, left axis, 0-100 %) and median TTFT (bars, right axis) per level.
std::string plotSvg(const SweepSummary& s) {
    const int width = 620, height = 280, left = 56, right = 64, top = 20, bottom = 44;
    const int plotW = width - left - right, plotH = height - top - bottom;
    double maxTtft = 1;
    for (const LevelSummary& l : s.levels)
        maxTtft = std::max(maxTtft, l.medianTtftMs);
    const std::size_t n = std::max<std::size_t>(1, s.levels.size());
    const double slot = static_cast<double>(plotW) / static_cast<double>(n);
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                      "\" height=\"" + std::to_string(height) +
                      "\" role=\"img\" aria-label=\"Agreement and median first-token time per "
                      "level\" font-family=\"sans-serif\" font-size=\"11\">";
    svg += "<rect x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(top) + "\" width=\"" +
           std::to_string(plotW) + "\" height=\"" + std::to_string(plotH) +
           "\" fill=\"#fafafa\" stroke=\"#ccc\"/>";
    for (int tick = 0; tick <= 4; ++tick) {
        const double y = top + plotH - plotH * tick / 4.0;
        svg += "<line x1=\"" + std::to_string(left) + "\" x2=\"" + std::to_string(left + plotW) +
               "\" y1=\"" + fmt("%.1f", y) + "\" y2=\"" + fmt("%.1f", y) +
               "\" stroke=\"#e4e4e4\"/>";
        svg += "<text x=\"" + std::to_string(left - 6) + "\" y=\"" + fmt("%.1f", y + 4) +
               "\" text-anchor=\"end\" fill=\"#2e7d32\">" + std::to_string(tick * 25) + "%</text>";
        svg += "<text x=\"" + std::to_string(left + plotW + 6) + "\" y=\"" + fmt("%.1f", y + 4) +
               "\" fill=\"#3a5fa8\">" + fmt("%.0f", maxTtft * tick / 4) + "</text>";
    }
    const double thresholdY = top + plotH - plotH * s.threshold;
    svg += "<line x1=\"" + std::to_string(left) + "\" x2=\"" + std::to_string(left + plotW) +
           "\" y1=\"" + fmt("%.1f", thresholdY) + "\" y2=\"" + fmt("%.1f", thresholdY) +
           "\" stroke=\"#2e7d32\" stroke-dasharray=\"4 3\"/>";
    std::string line;
    for (std::size_t i = 0; i < s.levels.size(); ++i) {
        const LevelSummary& l = s.levels[i];
        const double cx = left + slot * (static_cast<double>(i) + 0.5);
        const double barH = plotH * l.medianTtftMs / maxTtft;
        svg += "<rect x=\"" + fmt("%.1f", cx - slot * 0.2) + "\" y=\"" +
               fmt("%.1f", top + plotH - barH) + "\" width=\"" + fmt("%.1f", slot * 0.4) +
               "\" height=\"" + fmt("%.1f", barH) + "\" fill=\"#9db4e0\"><title>" +
               std::to_string(l.level) + ": median first token " + ms(l.medianTtftMs) +
               "</title></rect>";
        svg += "<text x=\"" + fmt("%.1f", cx) + "\" y=\"" + std::to_string(top + plotH + 16) +
               "\" text-anchor=\"middle\">" + std::to_string(l.level) +
               (l.level == s.reference ? " (ref)" : "") + "</text>";
        const double y = top + plotH - plotH * l.agreement;
        line += (line.empty() ? "" : " ") + fmt("%.1f", cx) + "," + fmt("%.1f", y);
        svg += "<circle cx=\"" + fmt("%.1f", cx) + "\" cy=\"" + fmt("%.1f", y) +
               "\" r=\"4\" fill=\"#2e7d32\"><title>" + std::to_string(l.level) + ": agreement " +
               pct(l.agreement) + "</title></circle>";
        svg += "<text x=\"" + fmt("%.1f", cx + 7) + "\" y=\"" + fmt("%.1f", y - 6) +
               "\" fill=\"#2e7d32\">" + pct(l.agreement) + "</text>";
    }
    svg +=
        "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"2\"/>";
    svg += "<text x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(height - 8) +
           "\" fill=\"#2e7d32\">&#9679; agreement with the reference (dashed: threshold)</text>";
    svg += "<text x=\"" + std::to_string(left + plotW) + "\" y=\"" + std::to_string(height - 8) +
           "\" text-anchor=\"end\" fill=\"#3a5fa8\">&#9646; median first token, ms</text>";
    return svg + "</svg>";
}

} // namespace

std::string reportHtml(const SweepResults& r, const ThumbnailFn& thumbnail) {
    const SweepSummary& s = r.summary;
    std::size_t done = 0;
    for (const RunRecord& run : r.runs)
        done += run.done() ? 1 : 0;
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                    "<meta name=\"viewport\" content=\"width=device-width\">"
                    "<title>Facet level sweep</title>";
    h += kStyle;
    h += "</head><body>\n<h1>Which detail level do these images need?</h1>\n";
    h += "<p class=\"meta\">" + htmlEscape(describe(r.settings)) + "<br>" +
         std::to_string(r.images) + " images &times; " + std::to_string(r.questions.size()) +
         " question(s) &times; " + std::to_string(r.levels.size()) +
         " levels: " + std::to_string(done) + " of " + std::to_string(r.plannedRuns) +
         " runs finished" +
         (done < r.plannedRuns ? " (incomplete: run the same command again to go on)" : "") +
         ". Reference level " + std::to_string(r.reference) +
         "; answers agree when equal after normalising case, spacing and final "
         "punctuation.</p>\n";
    h += "<p class=\"rec" + std::string(s.recommendation.level ? "" : " none") + "\"><b>" +
         (s.recommendation.level ? "Recommendation: " : "No recommendation: ") + "</b>" +
         htmlEscape(s.recommendation.text) + "</p>\n";

    h += "<h2>Per level</h2>\n<table><tr><th>level</th><th>runs</th><th>agreement</th>"
         "<th>differing words</th><th>median TTFT</th><th>p95 TTFT</th><th>image tokens</th>"
         "<th>time a run</th><th>total time</th><th>errors</th></tr>\n";
    for (const LevelSummary& l : s.levels) {
        const bool ref = l.level == s.reference;
        const bool rec = s.recommendation.level && *s.recommendation.level == l.level;
        h += std::string("<tr") +
             (ref   ? " class=\"reference\""
              : rec ? " class=\"recommended\""
                    : "") +
             "><td>" + std::to_string(l.level) + (ref ? " (reference)" : "") +
             (rec ? " (recommended)" : "") + "</td><td>" + std::to_string(l.runs) + "</td><td>" +
             (l.compared ? pct(l.agreement) + " (" + std::to_string(l.agreeing) + "/" +
                               std::to_string(l.compared) + ")"
                         : std::string("&ndash;")) +
             "</td><td>" + (l.compared ? pct(l.meanDifferingWords) : std::string("&ndash;")) +
             "</td><td>" + ms(l.medianTtftMs) + "</td><td>" + ms(l.p95TtftMs) + "</td><td>" +
             fmt("%.0f", l.meanImageTokens) + "</td><td>" + ms(l.meanTotalMs) + "</td><td>" +
             fmt("%.1f s", l.totalMs / 1000) + "</td><td>" + std::to_string(l.errors) +
             "</td></tr>\n";
    }
    h += "</table>\n" + plotSvg(s) + "\n";

    // Disagreements: each image-question pair where a finished level says something else than
    // the reference, the reference's answer first.
    std::map<std::pair<std::string, std::string>, std::vector<const RunRecord*>> byPair;
    for (const RunRecord& run : r.runs)
        byPair[{run.key.image, run.key.question}].push_back(&run);
    std::size_t shown = 0;
    std::size_t pairs = 0;
    std::string list;
    for (const auto& [pair, runs] : byPair) {
        const auto refIt = std::find_if(runs.begin(), runs.end(), [&](const RunRecord* x) {
            return x->key.level == r.reference && x->done();
        });
        if (refIt == runs.end())
            continue;
        std::vector<const RunRecord*> differing;
        for (const RunRecord* x : runs) {
            const auto a = agreementWith(*x, *refIt);
            if (a && !a->same)
                differing.push_back(x);
        }
        if (differing.empty())
            continue;
        ++pairs;
        if (shown == kMaxShownDisagreements)
            continue;
        ++shown;
        const std::string uri = thumbnail ? thumbnail(pair.first) : std::string();
        // A fixed-width cell, so the answers line up whatever the picture's shape.
        list += "<div class=\"pair\"><div class=\"thumb\">";
        if (uri.rfind("data:image/", 0) == 0)
            list += "<img src=\"" + htmlEscape(uri) + "\" alt=\"\">";
        list += "</div>";
        list += "<div style=\"flex:1\"><div class=\"meta\"><code>" + htmlEscape(pair.first) +
                "</code></div><div><b>" + htmlEscape(pair.second) +
                "</b></div><div class=\"answers\"><div class=\"answer ref\"><div class=\"meta\">" +
                std::to_string(r.reference) + " (reference)</div>" + htmlEscape((*refIt)->answer) +
                "</div>";
        for (const RunRecord* x : differing)
            list += "<div class=\"answer\"><div class=\"meta\">" + std::to_string(x->key.level) +
                    " &middot; " +
                    fmt("%.0f%% of words differ",
                        compareAnswers((*refIt)->answer, x->answer).differingWords * 100) +
                    "</div>" + htmlEscape(x->answer) + "</div>";
        list += "</div></div></div>\n";
    }
    h += "<h2>Disagreements (" + std::to_string(pairs) + ")</h2>\n";
    if (pairs == 0)
        h += "<p>Every level gives the reference's answer.</p>\n";
    h += list;
    if (pairs > shown)
        h += "<p>" + std::to_string(pairs - shown) + " more not shown: see runs.csv.</p>\n";

    std::string failed;
    for (const RunRecord& run : r.runs)
        if (!run.done())
            failed += "<tr><td class=\"text\"><code>" + htmlEscape(run.key.image) +
                      "</code></td><td>" + std::to_string(run.key.level) +
                      "</td><td class=\"text\">" + htmlEscape(*run.error) + "</td></tr>\n";
    if (!failed.empty())
        h += "<h2>Failed runs (tried again by the next run of the sweep)</h2>\n<table><tr><th "
             "class=\"text\">image</th><th>level</th><th class=\"text\">error</th></tr>\n" +
             failed + "</table>\n";
    if (!r.skipped.empty()) {
        h += "<h2>Images left out (" + std::to_string(r.skipped.size()) +
             ")</h2>\n<table><tr><th class=\"text\">file</th><th class=\"text\">reason</th></tr>\n";
        for (const SkippedImage& sk : r.skipped)
            h += "<tr><td class=\"text\"><code>" + htmlEscape(sk.path) +
                 "</code></td><td class=\"text\">" + htmlEscape(sk.reason) + "</td></tr>\n";
        h += "</table>\n";
    }
    return h + "</body></html>\n";
}

} // namespace facet::sweep
