#pragma once
// Fault injection for tests: make the Nth run of a named graph fail with a given message.
// Sources: the environment variable FACET_SIM_FAULT="graph:N:message[;graph:N:message...]"
// (read once, N counted from the process start) and injectFault() (N counted from the call).
// `graph` is the simulator graph name: vision_tower, projector, prefill, image_prefill_384,
// decoder_batch_1, ...; the per-level graphs also answer to "vision_tower[560]" and
// "projector[560]" (runs of that level only).
#include <cstdint>
#include <optional>
#include <string>

namespace facet::sim {

inline constexpr const char* kFaultEnvVar = "FACET_SIM_FAULT";

inline constexpr const char* kVisionDelayEnvVar = "FACET_SIM_VISION_DELAY";

// FACET_SIM_VISION_DELAY="LEVEL:MS": each vision tower run of that max_soft_tokens level waits
// MS milliseconds (cancellable) before it computes, so a test can press Stop inside the image
// encoding whatever the machine's speed (the walkthrough: 1120 encodes in ~1 s on 2 cores).
// 0 for other levels and when the variable is unset or malformed.
[[nodiscard]] int64_t visionDelayMs(int64_t maxSoftTokens);

// Adds a fault; nthRun <= 0 clears every fault of `graph` instead.
void injectFault(const std::string& graph, int64_t nthRun, const std::string& message);
// Counts one run of `graph`; returns the message when this run must fail (the fault is then
// spent).
[[nodiscard]] std::optional<std::string> takeFault(const std::string& graph);

} // namespace facet::sim
