#pragma once
// A scripted engine for tests of the controllers and views: canned load result, phases, reply
// pieces at a chosen rate, errors on cue, and a record of every request it was given. Test-only
// (the facet_test_scripted library): the app never builds it, so it cannot fall back to it. Honours
// `stop` between steps like the real engine, so Stop, switching and quitting can be tested in
// milliseconds. The script may be changed between requests from any thread.
#include "core/worker/enginebackend.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace facet::app {

struct EngineScript {
    generate::ModelInfo info = defaultInfo();
    generate::SamplingSettings defaults;
    std::string loadError; // non-empty: loading fails with this message
    int loadDelayMs = 0;
    std::vector<std::string> reasoning; // streamed before the reply pieces
    std::vector<std::string> pieces = {"Hello", " from", " the", " scripted", " engine."};
    int pieceIntervalMs = 0;
    int visionMsPerImage = 0;
    int errorAfterPieces = -1; // >= 0: onError after that many pieces
    std::string errorMessage = "scripted device error";
    generate::FinishReason finishReason = generate::FinishReason::StopToken;
    // Comparisons: each column plays the script above with these pieces for its level (the
    // plain `pieces` for a level not listed), and the column at `compareErrorLevel` fails after
    // `errorAfterPieces` pieces (0: none fails).
    std::map<int, std::vector<std::string>> levelPieces;
    int compareErrorLevel = 0;
    std::string smokeFailStep;  // a step id ("vision"…) that fails in the smoke test
    std::string smokeThrowStep; // a step id at which the smoke test throws (a crash before #56)
    int smokeStepMs = 0;        // time each smoke-test step takes
    // What the backend reports it can do; read when the EngineClient is made (set it before).
    EngineCapabilities capabilities = [] {
        EngineCapabilities can;
        can.compare = true;
        can.visionCache = true;
        can.smokeTest = true;
        return can;
    }();

    static generate::ModelInfo defaultInfo();
};

// Shared between the test (which edits the script and reads the requests) and the backend.
class ScriptedEngine {
public:
    void setScript(EngineScript script);
    [[nodiscard]] EngineScript script() const;
    void record(const std::string& sessionKey, const generate::Request& request);
    void recordCompare(const generate::CompareRequest& request);
    [[nodiscard]] std::vector<generate::Request> requests() const;
    [[nodiscard]] std::vector<generate::CompareRequest> compareRequests() const;
    [[nodiscard]] std::vector<std::string> sessionKeys() const;
    // The scripted vision cache: the key (content hash @ level) of every image encoded, by
    // preencode or by a request.
    [[nodiscard]] static std::string cacheKey(const generate::ImageInput& image);
    [[nodiscard]] bool encoded(const std::string& key) const;
    void markEncoded(const std::string& key);
    [[nodiscard]] int preencodeCalls() const;
    [[nodiscard]] int preencodesCancelled() const;
    void recordPreencode(bool cancelled);
    // Times the backend was unloaded (a server connect unloads the local model: a test sees
    // from the GUI thread, without running its event loop, that the worker finished one).
    [[nodiscard]] int unloads() const;
    void recordUnload();
    [[nodiscard]] std::size_t visionCacheLimit() const;
    void setVisionCacheLimit(std::size_t bytes);

private:
    mutable std::mutex mutex_;
    EngineScript script_;
    std::vector<generate::Request> requests_;
    std::vector<generate::CompareRequest> compareRequests_;
    std::vector<std::string> sessionKeys_;
    std::set<std::string> encoded_;
    int preencodeCalls_ = 0;
    int preencodesCancelled_ = 0;
    int unloads_ = 0;
    std::size_t visionCacheLimit_ = 0;
};

[[nodiscard]] std::unique_ptr<EngineBackend>
makeScriptedBackend(std::shared_ptr<ScriptedEngine> engine);

} // namespace facet::app
