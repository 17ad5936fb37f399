#pragma once
// Every bad field of a config file, one message each ("FILE: a.b.field: expected ..."): the
// parsers append to it so one pass reports all of them. Its own header so that the config
// structs' headers need no JSON parser (nlohmann/json.hpp costs each file that includes it
// seconds of compile time: issue #52).
#include <string>
#include <vector>

namespace facet::model {

using Problems = std::vector<std::string>;

} // namespace facet::model
