#pragma once
// The files a sweep leaves in its --out folder beside runs.jsonl: summary.json (the per-level
// table and the recommendation), runs.csv (one row per run with its agreement) and report.html
// (one self-contained page: summary table, an inline SVG plot of agreement and first-token time
// per level, the disagreements with thumbnails and both answers side by side). Every string a
// user or a model wrote is escaped for where it lands (HTML text and attributes, CSV fields).
#include "sweep/image_scan.h"
#include "sweep/run_log.h"
#include "sweep/summary.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::sweep {

struct SweepResults {
    SweepSettings settings;
    std::vector<int> levels; // swept, ascending
    int reference = 0;
    double threshold = 0.95;
    std::size_t images = 0; // readable images swept
    std::vector<std::string> questions;
    std::vector<RunRecord> runs; // one per key (latest()), only keys of this sweep's plan
    std::vector<SkippedImage> skipped;
    std::size_t plannedRuns = 0; // images x questions x levels
    SweepSummary summary;
};

// & < > " ' as entities: safe in element text and in quoted attributes.
[[nodiscard]] std::string htmlEscape(std::string_view text);
// RFC 4180: always quoted, quotes doubled. A field a spreadsheet would run as a formula
// (starting with = + - @, tab or CR) gets a leading apostrophe, as OWASP advises for CSV
// that people open in spreadsheets: a model's answer is outside text.
[[nodiscard]] std::string csvField(std::string_view text);

[[nodiscard]] nlohmann::json summaryJson(const SweepResults& results);
[[nodiscard]] std::string runsCsv(const SweepResults& results);

// A data: URI of a small thumbnail of the image, or "" when there is none (thumbnail.h's
// thumbnailDataUri with its errors caught, in the CLI).
using ThumbnailFn = std::function<std::string(const std::string& image)>;
// At most kMaxShownDisagreements image-question pairs are shown (the rest counted), so a
// sweep of thousands of images still gives a page a browser opens.
inline constexpr std::size_t kMaxShownDisagreements = 300;
[[nodiscard]] std::string reportHtml(const SweepResults& results, const ThumbnailFn& thumbnail);

// Writes `content` beside `file` and renames it into place, so a reader never sees half a file
// and a failure leaves the previous one. Throws facet::Error "FILE: reason".
void writeFileAtomically(const std::filesystem::path& file, std::string_view content);

} // namespace facet::sweep
