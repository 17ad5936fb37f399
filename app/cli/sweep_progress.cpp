#include "sweep_progress.h"

#include "event_json.h"
#include "terminal_text.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace facet::cli {
namespace {

std::string duration(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char buffer[32];
    if (s >= 3600)
        std::snprintf(buffer, sizeof buffer, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else if (s >= 60)
        std::snprintf(buffer, sizeof buffer, "%ldm%02lds", s / 60, s % 60);
    else
        std::snprintf(buffer, sizeof buffer, "%lds", s);
    return buffer;
}

} // namespace

SweepProgress::SweepProgress(std::size_t total, std::size_t alreadyDone, bool json)
    : total_(total), done_(alreadyDone), json_(json), terminal_(::isatty(STDERR_FILENO) == 1) {}

void SweepProgress::event(const nlohmann::json& j) {
    if (json_)
        printJsonLine(j);
}

void SweepProgress::skipped(const sweep::SkippedImage& image) {
    const std::lock_guard lock(mutex_);
    if (drawn_)
        std::cerr << "\r\x1b[K";
    std::cerr << "facet-cli sweep: left out " << terminalSafe(image.reason) << "\n";
    drawn_ = false;
    event({{"type", "skipped"}, {"image", image.path}, {"reason", image.reason}});
}

void SweepProgress::run(const sweep::RunRecord& record, const nlohmann::json& agreement) {
    const std::lock_guard lock(mutex_);
    ++done_;
    ++doneHere_;
    if (json_) {
        nlohmann::json j = sweep::runToJson(record);
        j["done"] = done_;
        j["total"] = total_;
        j.update(agreement);
        printJsonLine(j);
    }
    draw(record);
}

void SweepProgress::draw(const sweep::RunRecord& record) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    // The time left from this process's own pace (resumed runs took no time here).
    const double left = doneHere_ ? elapsed / static_cast<double>(doneHere_) *
                                        static_cast<double>(total_ - std::min(done_, total_))
                                  : 0;
    const std::string where = record.key.image + " @" + std::to_string(record.key.level);
    if (!terminal_) {
        std::cerr << "sweep: " << done_ << "/" << total_ << " " << terminalSafe(where)
                  << (record.error ? " failed: " + terminalSafe(*record.error) : "") << ", left ~"
                  << duration(left) << "\n";
        return;
    }
    constexpr int kWidth = 28;
    const int filled = total_ ? static_cast<int>(kWidth * done_ / total_) : kWidth;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kWidth, '.');
    std::string name = terminalSafe(where);
    if (name.size() > 40) { // keep the line on one terminal row; cut on a character boundary
        std::size_t cut = name.size() - 38;
        while (cut < name.size() && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
            ++cut;
        name = "…" + name.substr(cut);
    }
    std::cerr << "\r\x1b[K[" << bar << "] " << done_ << "/" << total_ << "  ETA " << duration(left)
              << "  " << name << std::flush;
    drawn_ = true;
    if (record.error) {
        std::cerr << "\r\x1b[Kfailed: " << terminalSafe(*record.error) << "\n";
        drawn_ = false;
    }
}

void SweepProgress::finish() {
    const std::lock_guard lock(mutex_);
    if (drawn_)
        std::cerr << "\n";
    drawn_ = false;
}

} // namespace facet::cli
