#pragma once
// Turns a stored conversation into an engine request: the user message at `userRow` of the active
// branch becomes the new turn, everything before it on that branch the history (images by their
// stored copies and levels; a turn answered by a compared reply at that reply's level). Other
// branches are never sent. The thinking switch is the conversation's.
#include "core/conversations/conversation.h"
#include "generate/engine.h"

#include <functional>

namespace facet::app {

using ImagePathResolver = std::function<QString(const StoredImage&)>;

[[nodiscard]] generate::Request buildRequest(const Conversation& conversation, int userRow,
                                             const generate::SamplingSettings& sampling,
                                             const ImagePathResolver& imagePath);

[[nodiscard]] generate::SamplingSettings toEngine(const Sampling& sampling);
[[nodiscard]] Sampling fromEngine(const generate::SamplingSettings& sampling);
// The conversation's own sampling, else the loaded model's defaults (generation_config.json).
[[nodiscard]] Sampling effectiveSampling(const Conversation& conversation,
                                         const generate::SamplingSettings& modelDefaults);

} // namespace facet::app
