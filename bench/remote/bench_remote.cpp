// bench_remote: the remote engine's own cost per streamed token — SSE parsing, chunk JSON,
// the response parser and the event delivered to a sink — first in process on a recorded-shape
// vLLM body (no network: the client's overhead alone), then end to end against the tests'
// fake vLLM server on loopback (Python writes the whole reply at once), with the client
// thread's CPU time beside the wall time.
//
// usage: bench_remote_run PYTHON FAKE_VLLM_PY DATA_DIR [--smoke]
// --smoke: 500 tokens, two in-process runs and one loopback request (the bench-smoke ctest).
#include "bench_support.h"

#include "generate/engine.h"
#include "remote/chat_stream.h"
#include "remote/remote_engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;
using namespace facet;

// Tokens per reply: 20,000, or 500 for the smoke test (set once in main).
int replyTokens = 20'000;

// One vLLM 0.x chunk as the server sends it (ids and fields as in its
// ChatCompletionStreamResponse).
std::string vllmChunk(const std::string& content) {
    return "data: {\"id\":\"chatcmpl-5f0c3e9a7d2b4c61a8e1f0b2c3d4e5f6\",\"object\":\"chat."
           "completion.chunk\",\"created\":1764560000,\"model\":\"google/gemma-4-31B-it\","
           "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" +
           content + "\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n";
}

std::string recordedBody() {
    std::string body;
    for (int i = 0; i < replyTokens; ++i)
        body += vllmChunk(i % 7 == 0 ? " wörd" : " tok");
    body += "data: {\"id\":\"chatcmpl-x\",\"object\":\"chat.completion.chunk\",\"choices\":[{"
            "\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n";
    body += "data: {\"id\":\"chatcmpl-x\",\"choices\":[],\"usage\":{\"prompt_tokens\":300,"
            "\"completion_tokens\":" +
            std::to_string(replyTokens) + "}}\n\ndata: [DONE]\n\n";
    return body;
}

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Counts events the way a GUI worker's sink receives them (virtual calls, text appended).
struct CountingSink : generate::EventSink {
    std::size_t bytes = 0;
    long texts = 0;
    void onPhase(const generate::PhaseEvent&) override {}
    void onText(std::string_view c, std::string_view r) override {
        bytes += c.size() + r.size();
        ++texts;
    }
    void onFinished(const generate::Stats&, const std::string&) override {}
    void onError(const facet::ErrorInfo& e, const generate::Stats&) override {
        throw std::runtime_error(e.message);
    }
};

struct Timing {
    double wallMs = 0, cpuMs = 0;
};

// Median wall and thread CPU time of `timed` runs (after one warm-up). The CPU time is what the
// client costs; the wall time also counts waiting for a core on a loaded machine.
Timing inProcess(const std::string& body, std::size_t piece, int timed) {
    std::vector<Timing> runs;
    for (int run = 0; run <= timed; ++run) {
        const double cpu0 = threadCpuMs();
        const auto start = Clock::now();
        CountingSink sink;
        remote::ChatStream stream(
            [&](std::string_view c, std::string_view r) { sink.onText(c, r); });
        for (std::size_t at = 0; at < body.size(); at += piece)
            stream.feed(std::string_view(body).substr(at, piece));
        stream.finish();
        if (sink.texts < replyTokens / 2)
            throw std::runtime_error("the stream lost text");
        if (run > 0)
            runs.push_back({std::chrono::duration<double, std::milli>(Clock::now() - start).count(),
                            threadCpuMs() - cpu0});
    }
    std::sort(runs.begin(), runs.end(),
              [](const Timing& a, const Timing& b) { return a.cpuMs < b.cpuMs; });
    return runs[runs.size() / 2];
}

// The fake server on a free port; killed by the destructor.
struct FakeServer {
    pid_t pid = 0;
    int port = 0;
    FakeServer(std::string python, std::string script) {
        int fds[2];
        if (pipe(fds) != 0)
            throw std::runtime_error("pipe");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
        posix_spawn_file_actions_addclose(&actions, fds[0]);
        char* argv[] = {python.data(), script.data(), nullptr};
        if (posix_spawn(&pid, python.c_str(), &actions, nullptr, argv, environ) != 0)
            throw std::runtime_error("cannot start " + script);
        posix_spawn_file_actions_destroy(&actions);
        close(fds[1]);
        std::string line;
        char c = 0;
        while (read(fds[0], &c, 1) == 1 && c != '\n')
            line += c;
        close(fds[0]);
        if (line.rfind("PORT ", 0) != 0)
            throw std::runtime_error("fake_vllm.py said: " + line);
        port = std::stoi(line.substr(5));
    }
    ~FakeServer() {
        kill(pid, SIGTERM);
        waitpid(pid, nullptr, 0);
    }
};

struct LoopbackRow {
    double wallMs = 0, streamMs = 0, cpuMs = 0;
};

LoopbackRow loopback(const FakeServer& server, const std::filesystem::path& image, int tokens,
                     int requests) {
    const std::atomic<bool> noStop{false};
    remote::ConnectOptions options;
    options.url = "http://127.0.0.1:" + std::to_string(server.port) + "/s/bench/v1";
    const auto engine = remote::RemoteEngine::connect(options, noStop);
    generate::Request request;
    request.sampling.maxNewTokens = tokens;
    request.sampling.seed = 1;
    request.newUserTurn = {{generate::UserPart::Kind::Image, {}, {image, 70}},
                           {generate::UserPart::Kind::Text, "Count.", {}}};
    std::vector<LoopbackRow> rows;
    for (int run = 0; run < requests; ++run) {
        CountingSink sink;
        struct Timed : generate::EventSink {
            CountingSink& inner;
            generate::Stats stats;
            explicit Timed(CountingSink& s) : inner(s) {}
            void onPhase(const generate::PhaseEvent& e) override { inner.onPhase(e); }
            void onText(std::string_view c, std::string_view r) override { inner.onText(c, r); }
            void onFinished(const generate::Stats& s, const std::string& f) override {
                stats = s;
                inner.onFinished(s, f);
            }
            void onError(const facet::ErrorInfo& e, const generate::Stats& s) override {
                inner.onError(e, s);
            }
        } timed(sink);
        const double cpu0 = threadCpuMs();
        const auto start = Clock::now();
        engine->createSession()->generate(request, timed, noStop);
        LoopbackRow row;
        row.wallMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        row.cpuMs = threadCpuMs() - cpu0;
        row.streamMs = timed.stats.totalMs - timed.stats.ttftMs;
        rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end(),
              [](const LoopbackRow& a, const LoopbackRow& b) { return a.wallMs < b.wallMs; });
    return rows[rows.size() / 2];
}

// The whole table; throws when the fake server or a request fails.
int run(const facet::bench::Args& args) {
    if (args.smoke)
        replyTokens = 500;
    const int inProcessRuns = args.smoke ? 1 : 5, loopbackRuns = args.smoke ? 1 : 3;
    const std::string body = recordedBody();
    std::printf("remote engine: client cost per streamed token (%d tokens, %.1f MB of SSE)\n\n",
                replyTokens, static_cast<double>(body.size()) / 1e6);
    std::printf("%-46s %10s %12s %14s\n", "path", "total ms", "us/token", "CPU us/token");
    for (const std::size_t piece :
         {body.size() / replyTokens, std::size_t(1448), std::size_t(16384)}) {
        const Timing t = inProcess(body, piece, inProcessRuns);
        char name[64];
        std::snprintf(name, sizeof name, "in process, %zu-byte reads", piece);
        std::printf("%-46s %10.1f %12.3f %14.3f\n", name, t.wallMs, t.wallMs * 1000 / replyTokens,
                    t.cpuMs * 1000 / replyTokens);
    }
    std::filesystem::create_directories(args[2]);
    const std::filesystem::path image = std::filesystem::path(args[2]) / "bench.bmp";
    {
        // A 64x48 BMP: the image only rides along in the request.
        std::ofstream out(image, std::ios::binary);
        const int w = 64, h = 48, stride = w * 3;
        const std::uint32_t size = 54 + stride * h;
        unsigned char header[54] = {'B', 'M'};
        auto put = [&](int at, std::uint32_t v) {
            for (int i = 0; i < 4; ++i)
                header[at + i] = static_cast<unsigned char>(v >> (8 * i));
        };
        put(2, size);
        put(10, 54);
        put(14, 40);
        put(18, w);
        put(22, h);
        header[26] = 1;
        header[28] = 24;
        out.write(reinterpret_cast<const char*>(header), 54);
        const std::vector<char> pixels(static_cast<std::size_t>(stride * h), 100);
        out.write(pixels.data(), static_cast<std::streamsize>(pixels.size()));
    }
    const FakeServer server(args[0], args[1]);
    // The fake server's context is 8,192 tokens, the prompt included (tests/remote/fake_vllm.py),
    // and a server refuses a max_tokens that leaves no room for the prompt: fewer tokens here.
    const int loopbackTokens = std::min(replyTokens, 7500);
    const LoopbackRow row = loopback(server, image, loopbackTokens, loopbackRuns);
    const std::string whole = "loopback HTTP, " + std::to_string(loopbackTokens) +
                              " tokens (median of " + std::to_string(loopbackRuns) + ")";
    std::printf("%-46s %10.1f %12.3f %14.3f\n", whole.c_str(), row.wallMs,
                row.wallMs * 1000 / loopbackTokens, row.cpuMs * 1000 / loopbackTokens);
    std::printf("%-46s %10.1f %12.3f %14s\n", "loopback HTTP, first to last token", row.streamMs,
                row.streamMs * 1000 / loopbackTokens, "-");
    std::printf("\nCPU us/token: the calling thread's CPU time (curl, SSE and JSON parsing, the "
                "response parser, events): the client's cost, unaffected by waiting for Python or "
                "for a core on a loaded machine.\n");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(argc, argv, "bench_remote_run PYTHON FAKE_VLLM_PY DATA_DIR", 3);
    try {
        return run(args);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_remote: %s\n", e.what());
        return 2;
    }
}
