#pragma once
// The smoke test's steps and outcomes in the user's language. The engine (Qt-free, shared with
// facet-cli) names each step in English; the app shows its own translated title for the ids it
// knows (engine/generate/smoke_test.cpp) and the engine's text for any other.
#include <QString>

namespace facet::app {

[[nodiscard]] QString smokeStepTitle(const QString& id, const QString& engineTitle);
// "pass", "fail", "skipped", "running" → the word shown; other keys unchanged.
[[nodiscard]] QString smokeStepStatus(const QString& status);

} // namespace facet::app
