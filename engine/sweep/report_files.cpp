// summary.json, runs.csv and the atomic write (report.h).
#include "common/error.h"
#include "sweep/report.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <unistd.h>

namespace facet::sweep {

std::string htmlEscape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string csvField(std::string_view text) {
    std::string out = "\"";
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        out += '\'';
    for (const char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

namespace {

std::string number(double v, int digits) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

} // namespace

nlohmann::json summaryJson(const SweepResults& r) {
    nlohmann::json j = summaryToJson(r.summary);
    j["settings"] = settingsToJson(r.settings);
    j["settings"].erase("type");
    j["levels_swept"] = r.levels;
    j["images"] = r.images;
    j["questions"] = r.questions;
    j["planned_runs"] = r.plannedRuns;
    std::size_t done = 0;
    for (const RunRecord& run : r.runs)
        done += run.done() ? 1 : 0;
    j["finished_runs"] = done;
    j["complete"] = done == r.plannedRuns;
    nlohmann::json skipped = nlohmann::json::array();
    for (const SkippedImage& s : r.skipped)
        skipped.push_back({{"image", s.path}, {"reason", s.reason}});
    j["skipped_images"] = skipped;
    return j;
}

std::string runsCsv(const SweepResults& r) {
    std::map<std::pair<std::string, std::string>, const RunRecord*> refs;
    for (const RunRecord& run : r.runs)
        if (run.key.level == r.reference)
            refs[{run.key.image, run.key.question}] = &run;
    std::string out = "image,question,level,answer,finish_reason,soft_tokens,bucket,prompt_tokens,"
                      "generated_tokens,ttft_ms,tokens_per_s,total_ms,reference_level,"
                      "agrees_with_reference,differing_words,error\r\n";
    for (const RunRecord& run : r.runs) {
        const auto ref = refs.find({run.key.image, run.key.question});
        const auto a = agreementWith(run, ref == refs.end() ? nullptr : ref->second);
        out += csvField(run.key.image) + "," + csvField(run.key.question) + "," +
               std::to_string(run.key.level) + "," + csvField(run.answer) + "," +
               csvField(run.finishReason) + "," + std::to_string(run.softTokens) + "," +
               std::to_string(run.bucket) + "," + std::to_string(run.promptTokens) + "," +
               std::to_string(run.generatedTokens) + "," + number(run.ttftMs, 1) + "," +
               number(run.tokensPerS, 1) + "," + number(run.totalMs, 1) + "," +
               std::to_string(r.reference) + "," + (a ? (a->same ? "yes" : "no") : "") + "," +
               (a ? number(a->differingWords, 3) : "") + "," + csvField(run.error.value_or("")) +
               "\r\n";
    }
    return out;
}

void writeFileAtomically(const std::filesystem::path& file, std::string_view content) {
    std::filesystem::path temp = file;
    temp += ".tmp-" + std::to_string(::getpid());
    const int fd =
        ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        throw fileError(temp, std::string("cannot create: ") + std::strerror(errno));
    std::size_t done = 0;
    int failure = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            failure = n < 0 ? errno : EIO;
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    if (!failure && ::fsync(fd) != 0)
        failure = errno;
    if (::close(fd) != 0 && !failure)
        failure = errno;
    if (!failure && std::rename(temp.c_str(), file.c_str()) != 0)
        failure = errno;
    if (failure) {
        ::unlink(temp.c_str());
        throw fileError(file, std::string("cannot write: ") + std::strerror(failure));
    }
}

} // namespace facet::sweep
