#pragma once
// Detail levels on the command line: `--detail 280`, `--image PATH@LEVEL`, `--levels 70,280`.
#include "generate/engine.h"
#include "image/preprocess.h"

#include <span>

#include <string>
#include <vector>

namespace facet::cli {

class CropFiles; // crop_files.h

// One level; throws UsageError naming `what` (the option as typed). With `serverDefault`
// (a server's commands) "default" is remote::kServerDefaultLevel: no mm_processor_kwargs sent.
int parseLevel(const std::string& text, const std::string& what, bool serverDefault = false);
// A comma-separated list for --levels; throws UsageError.
std::vector<int> parseLevels(const std::string& text, bool serverDefault = false);
// `--image PATH[@LEVEL]` as an image part; without @LEVEL at `defaultLevel`. A '@' followed by
// a path separator belongs to the path. `serverDefault`: PATH@default is accepted.
// With ":crop=X,Y,W,H" after it (crop_files.h) the part is that region of PATH, written by
// `crops` as an image of its own, at LEVEL or else at image::defaultCropLevel of the crop's size
// among `cropLevels` (the compiled ones); without `crops` a crop is refused.
generate::UserPart imageArg(const std::string& spec, int defaultLevel, bool serverDefault = false,
                            CropFiles* crops = nullptr,
                            std::span<const int> cropLevels = image::kDetailLevels);

// compare's `--image PATH[:crop=X,Y,W,H]`: the file to compare (the crop's PNG for a crop); no
// @LEVEL, since every column sets the level of every image.
std::filesystem::path compareImage(const std::string& spec, CropFiles& crops);

} // namespace facet::cli
