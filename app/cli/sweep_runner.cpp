#include "sweep_runner.h"

#include "generate/compare.h"
#include "remote/remote_engine.h"
#include "sweep/summary.h"

#include <nlohmann/json.hpp>

#include <exception>
#include <set>
#include <thread>

namespace facet::cli {

using namespace facet::generate;

RunRecorder::RunRecorder(sweep::RunLog& log, SweepProgress& progress, int reference)
    : log_(log), progress_(progress), reference_(reference) {
    for (const sweep::RunRecord& r : log.runs())
        latest_[r.key] = r;
}

void RunRecorder::record(const sweep::RunRecord& run) {
    nlohmann::json agreement = nlohmann::json::object();
    {
        const std::lock_guard lock(mutex_);
        log_.append(run); // first: what is reported is on disk
        latest_[run.key] = run;
        // The agreement with the reference when it is known: for a lower level whose reference
        // ran before (a resumed sweep, a server's order), or for the reference itself, the
        // levels of its pair that ran before it.
        const auto refIt = latest_.find({run.key.image, run.key.question, reference_});
        const sweep::RunRecord* ref = refIt == latest_.end() ? nullptr : &refIt->second;
        agreement["reference_level"] = reference_;
        if (run.key.level != reference_) {
            if (const auto a = sweep::agreementWith(run, ref)) {
                agreement["agrees"] = a->same;
                agreement["differing_words"] = a->differingWords;
            }
        } else if (run.done()) {
            nlohmann::json others = nlohmann::json::array();
            for (auto it = latest_.lower_bound({run.key.image, run.key.question, 0});
                 it != latest_.end() && it->first.image == run.key.image &&
                 it->first.question == run.key.question;
                 ++it)
                if (const auto a = sweep::agreementWith(it->second, ref);
                    a && it->first.level != reference_)
                    others.push_back({{"level", it->first.level},
                                      {"agrees", a->same},
                                      {"differing_words", a->differingWords}});
            agreement["agreements"] = others;
        }
    }
    progress_.run(run, agreement);
}

void RunRecorder::skip(const sweep::SkippedImage& image) {
    {
        const std::lock_guard lock(mutex_);
        skipped_.push_back(image);
    }
    progress_.skipped(image);
}

std::vector<sweep::SkippedImage> RunRecorder::skippedDuringRuns() const {
    const std::lock_guard lock(mutex_);
    return skipped_;
}

sweep::RunRecord recordFrom(const SweepJob& job, int level, const Stats& s,
                            const std::string& reply, const ErrorInfo* error) {
    sweep::RunRecord r;
    r.key = {job.image, job.question, level};
    r.answer = reply;
    r.finishReason = toString(s.finishReason);
    if (!s.images.empty()) {
        r.softTokens = s.images.back().softTokens;
        r.bucket = s.images.back().bucket;
    }
    r.promptTokens = s.promptTokens;
    r.generatedTokens = s.generatedTokens;
    r.reusedTokens = s.reusedTokens;
    r.ttftMs = s.ttftMs;
    r.tokensPerS = s.decodeTokensPerS;
    r.totalMs = s.totalMs;
    if (error)
        r.error = error->message;
    return r;
}

namespace {

// One job's events, from a comparison (a column per level) or a single generate.
class JobSink : public CompareSink, public EventSink {
public:
    JobSink(const SweepJob& job, RunRecorder& recorder) : job_(job), recorder_(recorder) {}
    bool cancelled = false;

    void onColumnStarted(int, int, std::optional<std::uint64_t>) override {}
    void onPhase(int, const PhaseEvent&) override {}
    void onText(int, std::string_view, std::string_view) override {}
    void onFinished(int column, const Stats& s, const std::string& reply) override {
        ended(column, s, reply, nullptr);
    }
    void onError(int column, const ErrorInfo& e, const Stats& s) override {
        ended(column, s, {}, &e);
    }
    void onPhase(const PhaseEvent&) override {}
    void onText(std::string_view, std::string_view) override {}
    void onFinished(const Stats& s, const std::string& reply) override {
        ended(0, s, reply, nullptr);
    }
    void onError(const ErrorInfo& e, const Stats& s) override { ended(0, s, {}, &e); }

private:
    void ended(int column, const Stats& s, const std::string& reply, const ErrorInfo* e) {
        // Stopped: not a result. The next sweep runs it again.
        if (s.finishReason == FinishReason::Cancelled || (e && e->kind == ErrorKind::Cancelled)) {
            cancelled = true;
            return;
        }
        recorder_.record(recordFrom(job_, job_.levels[std::size_t(column)], s, reply, e));
    }
    const SweepJob& job_;
    RunRecorder& recorder_;
};

Request requestFor(const SweepJob& job, int level, const SamplingSettings& sampling) {
    Request r;
    r.sampling = sampling;
    r.newUserTurn.push_back({UserPart::Kind::Image, {}, {job.image, level}});
    r.newUserTurn.push_back({UserPart::Kind::Text, job.question, {}});
    return r;
}

} // namespace

void runLocalSweep(Engine& engine, const SamplingSettings& sampling,
                   const std::vector<SweepJob>& jobs, RunRecorder& recorder,
                   const std::atomic<bool>& stop) {
    const auto session = engine.createSession();
    std::set<std::string> unreadable;
    for (const SweepJob& job : jobs) {
        if (stop)
            return;
        if (unreadable.count(job.image))
            continue;
        JobSink sink(job, recorder);
        if (job.levels.size() == 1) {
            session->generate(requestFor(job, job.levels.front(), sampling), sink, stop);
        } else {
            CompareRequest request;
            request.request = requestFor(job, job.levels.front(), sampling);
            request.levels = job.levels;
            try {
                session->compare(request, sink, stop);
            } catch (const facet::Error& e) {
                // compare() refuses an image it cannot decode before any device work: the
                // header looked fine when the sweep began, the pixels are not.
                unreadable.insert(job.image);
                recorder.skip({job.image, e.what()});
                continue;
            }
        }
        if (sink.cancelled)
            return;
    }
}

void runRemoteSweep(remote::RemoteEngine& engine, const SamplingSettings& sampling,
                    const std::vector<SweepJob>& jobs, int parallel, RunRecorder& recorder,
                    std::atomic<bool>& stop) {
    // Every level of every job is a request of its own: the server keeps no state between
    // requests, so nothing is shared between a pair's levels that a comparison could reuse.
    struct Single {
        SweepJob job; // with the one level
    };
    std::vector<Single> singles;
    for (const SweepJob& job : jobs)
        for (int level : job.levels)
            singles.push_back({{job.image, job.question, {level}}});
    std::atomic<std::size_t> next{0};
    std::mutex failureMutex;
    std::exception_ptr failure; // runs.jsonl could not be written: stop every thread
    const auto worker = [&] {
        try {
            const auto session = engine.createSession();
            for (std::size_t i = next++; i < singles.size() && !stop; i = next++) {
                const SweepJob& job = singles[i].job;
                JobSink sink(job, recorder);
                session->generate(requestFor(job, job.levels.front(), sampling), sink, stop);
            }
        } catch (...) {
            const std::lock_guard lock(failureMutex);
            if (!failure)
                failure = std::current_exception();
            stop = true;
        }
    };
    std::vector<std::thread> threads;
    const std::size_t count = std::min<std::size_t>(std::size_t(std::max(1, parallel)),
                                                    std::max<std::size_t>(1, singles.size()));
    for (std::size_t t = 1; t < count; ++t)
        threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace facet::cli
