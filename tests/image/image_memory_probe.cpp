// Decodes one image and preprocesses it at the given detail levels, then prints the process's
// memory high-water marks as JSON, so that test_image_memory.py can run every crafted file in a
// fresh process (peak RSS cannot be reset within one).
//
// usage: image_memory_probe FILE LEVEL|all
#include "common/error.h"
#include "image/image.h"
#include "image/preprocess.h"

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

// A "Vm…: N kB" line of /proc/self/status, in bytes.
long long statusBytes(const std::string& key) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(key + ":", 0) == 0)
            return std::stoll(line.substr(key.size() + 1)) * 1024;
    return -1;
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            out += c;
    }
    return out + "\"";
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: image_memory_probe FILE LEVEL|all\n");
        return 2;
    }
    std::vector<int> levels;
    if (std::string(argv[2]) == "all")
        levels.assign(facet::image::kDetailLevels.begin(), facet::image::kDetailLevels.end());
    else
        levels.push_back(std::stoi(argv[2]));
    const long long rssBefore = statusBytes("VmRSS"), vmBefore = statusBytes("VmSize");
    std::string error;
    int width = 0, height = 0;
    try {
        const facet::image::RgbImage decoded = facet::image::decodeImage(argv[1]);
        width = decoded.width, height = decoded.height;
        const auto results = facet::image::preprocessLevels(decoded, levels);
        if (results.size() != levels.size())
            error = "wrong number of results";
    } catch (const facet::Error& e) {
        error = e.what();
    }
    std::printf("{\"accepted\": %s, \"error\": %s, \"width\": %d, \"height\": %d, "
                "\"rss_before\": %lld, \"vm_before\": %lld, \"rss_peak\": %lld, "
                "\"vm_peak\": %lld}\n",
                error.empty() ? "true" : "false", jsonString(error).c_str(), width, height,
                rssBefore, vmBefore, statusBytes("VmHWM"), statusBytes("VmPeak"));
    return 0;
}
