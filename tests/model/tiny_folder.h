#pragma once
// Test helper: a tiny but complete compiled-model folder in the optimum-rbln layout. Tests
// edit the JSON members (or remove files) before or after write() to produce the case they
// need. Graph files are empty placeholders: ModelFolder only checks that they exist.
#include <nlohmann/json.hpp>

#include <filesystem>

struct TinyFolder {
    nlohmann::json rbln;
    nlohmann::json config;
    nlohmann::json generation;

    // Levels [280, 140, 70] written descending like optimum-rbln, buckets [384, 256, 128]
    // derived by the default rule, flash attention with partition 1024 on ATOM.
    TinyFolder();
    // Writes everything; graph files are created from the three _compile_cfgs lists.
    void write(const std::filesystem::path& dir) const;
};
