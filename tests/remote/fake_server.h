#pragma once
// The tests' vLLM stand-in (fake_vllm.py) on a free loopback port: started once per test
// executable, killed at exit. Scenario URLs: base("split") = http://127.0.0.1:PORT/s/split/v1.
#include "generate/engine.h"

#include <QJsonObject>
#include <QString>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace remotetest {

// Starts the server on first use; qFatal when it does not come up.
int serverPort();
std::string base(const std::string& scenario = "plain");
// The last chat request the server received for a scenario: {"body": ..., "authorization": ...}.
QJsonObject lastRequest(const std::string& scenario);
// photo.jpg (640x480) and chart.png (224x224), written by Pillow once per test executable.
std::filesystem::path testImage(const std::string& name);

struct Recorder : facet::generate::EventSink {
    std::vector<facet::generate::PhaseEvent> phases;
    std::string content, reasoning;
    int textEvents = 0;
    std::optional<facet::generate::Stats> stats;
    std::string reply;
    std::optional<std::string> error;
    std::optional<facet::ErrorInfo> errorInfo; // the same failure, typed
    std::function<void()> onAnyText;

    void onPhase(const facet::generate::PhaseEvent& e) override { phases.push_back(e); }
    void onText(std::string_view c, std::string_view r) override {
        content += c;
        reasoning += r;
        ++textEvents;
        if (onAnyText)
            onAnyText();
    }
    void onFinished(const facet::generate::Stats& s, const std::string& r) override {
        stats = s;
        reply = r;
    }
    void onError(const facet::ErrorInfo& e, const facet::generate::Stats& s) override {
        error = e.message;
        errorInfo = e;
        stats = s;
    }
};

} // namespace remotetest
