// The smoke test's JSON report (facet-cli smoke-test --report, and the app's saved report).
#include "generate/smoke_test.h"

#include <nlohmann/json.hpp>

namespace facet::generate {

nlohmann::json smokeReportToJson(const SmokeReport& r) {
    nlohmann::json steps = nlohmann::json::array();
    for (const SmokeStep& s : r.steps)
        steps.push_back({{"id", s.id},
                         {"title", s.title},
                         {"status", toString(s.status)},
                         {"ms", s.ms},
                         {"message", s.message},
                         {"details", s.details}});
    nlohmann::json timings = nlohmann::json::array();
    for (const SmokeLevelTiming& t : r.timings)
        timings.push_back({{"level", t.level},
                           {"soft_tokens", t.softTokens},
                           {"bucket", t.bucket},
                           {"vision_ms", t.visionMs},
                           {"ttft_ms", t.ttftMs},
                           {"decode_tokens_per_s", t.decodeTokensPerS},
                           {"total_ms", t.totalMs},
                           {"generated_tokens", t.generatedTokens}});
    const SmokeReport::Machine& m = r.machine;
    return {{"passed", r.passed()},
            {"machine",
             {{"cpu", m.cpu},
              {"os", m.os},
              {"runtime_file", m.runtimeFile},
              {"runtime_version", m.runtimeVersion},
              {"simulated", m.simulated},
              {"device_id", m.deviceId},
              {"device_memory", m.deviceMemory}}},
            {"folder",
             {{"name", r.folder.name},
              {"directory", r.folder.directory},
              {"levels", r.folder.levels},
              {"buckets", r.folder.buckets},
              {"max_seq_len", r.folder.maxSeqLen},
              {"layout", r.folder.layout},
              {"projector_dtype", r.folder.projectorDtype}}},
            {"steps", steps},
            {"timings", timings}};
}

} // namespace facet::generate
