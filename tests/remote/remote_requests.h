#pragma once
// What the remote engine tests ask the test server (fake_vllm.py) with: a connect to one of its
// scenarios, the photo question, one generate() recorded. Shared by test_remote_engine.cpp
// (connecting and requests), test_remote_replies.cpp (replies and failures) and
// test_remote_hostile.cpp (servers that attack the client).
#include "fake_server.h"

#include "generate/engine.h"
#include "remote/remote_engine.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace remotetest {

inline const std::atomic<bool> kNoStop{false};

facet::remote::ConnectOptions options(const std::string& url);

std::unique_ptr<facet::remote::RemoteEngine>
connectTo(const std::string& scenario,
          std::chrono::milliseconds firstByte = std::chrono::seconds(20),
          std::optional<std::string> key = std::nullopt);

// The photo (640×480 JPEG) at `level` with "What is in the picture?", seed 1234, 64 tokens.
facet::generate::Request photoQuestion(int level = 280);

// One generate() on a fresh connection to `scenario`, its events recorded.
Recorder ask(const std::string& scenario,
             const facet::generate::Request& request = photoQuestion());

bool contains(const std::string& text, const std::string& part);

} // namespace remotetest
