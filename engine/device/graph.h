#pragma once
// A compiled model (.rbln file) and one runnable graph of it, over the loaded RBLN runtime.
// Input shapes and dtypes are not queryable through the C API (rbln-c-api.md §5), so the
// caller states them (from rbln_config.json's input_info); the graph checks the input count,
// every input's byte size where the runtime exports rbln_get_input_layout (the simulator does),
// every output's byte size against what the runtime reports, and every buffer the caller hands
// in against the stated sizes.
#include "device/runtime_library.h"
#include "device/tensor_info.h"

#include "common/error.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace facet::device {

// A run the runtime stopped because the caller's stop flag was set (CancelScope); not a
// failure: the graph's outputs are undefined and the caller reports Cancelled.
class RunCancelled : public Error {
public:
    explicit RunCancelled(const std::string& message) : Error(ErrorKind::Cancelled, message) {}
};

class CompiledModel {
public:
    // rbln_create_model(rblnFile); throws facet::Error "FILE: <runtime's message>".
    CompiledModel(std::shared_ptr<RuntimeLibrary> runtime, const std::filesystem::path& rblnFile);
    ~CompiledModel();
    CompiledModel(const CompiledModel&) = delete;
    CompiledModel& operator=(const CompiledModel&) = delete;

    const std::filesystem::path& file() const { return file_; }
    const std::shared_ptr<RuntimeLibrary>& runtime() const { return runtime_; }
    abi::RBLNModel* handle() const { return handle_; }

private:
    std::shared_ptr<RuntimeLibrary> runtime_;
    std::filesystem::path file_;
    abi::RBLNModel* handle_ = nullptr;
};

// What the caller expects a graph to take and return. Empty `outputs` accepts whatever the
// runtime reports (each output is then described as raw bytes).
struct GraphSignature {
    std::vector<TensorInfo> inputs;
    std::vector<TensorInfo> outputs;
};

// One synchronous runtime: rbln_create_runtime(model, NULL, deviceId, inputInfoIndex).
// Not thread-safe: use one Graph from one thread at a time.
class Graph {
public:
    // `name` labels every error ("graph 'prefill' (language_model/prefill.rbln): ...").
    Graph(std::shared_ptr<CompiledModel> model, std::string name, int deviceId, int inputInfoIndex,
          GraphSignature expected);
    ~Graph();
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;

    const std::string& name() const { return name_; }
    const std::vector<TensorInfo>& inputs() const { return inputs_; }
    const std::vector<TensorInfo>& outputs() const { return outputs_; }

    // Copies `bytes` bytes (which must equal inputs()[index].bytes) into the graph's own
    // buffer, so the caller's memory need not outlive the call.
    void setInput(size_t index, const void* data, size_t bytes);
    // Runs with the inputs set so far; every input must have been set at least once. Throws
    // RunCancelled when a CancelScope's flag stopped the run.
    void run();
    // Copies output `index` (exactly outputs()[index].bytes) into `dst`.
    void readOutput(size_t index, void* dst, size_t bytes) const;
    // Output `index` as bytes.
    [[nodiscard]] std::vector<std::byte> output(size_t index) const;

    // What the runtime reports now, asked again (the smoke test prints it next to what the
    // configs imply): rbln_get_num_inputs, and each output's rbln_get_layout_nbytes.
    [[nodiscard]] std::uint32_t reportedInputCount() const;
    [[nodiscard]] std::vector<std::uint64_t> reportedOutputBytes() const;

private:
    [[noreturn]] void fail(const std::string& what) const;

    std::shared_ptr<CompiledModel> model_;
    std::string name_;
    std::vector<TensorInfo> inputs_;
    std::vector<TensorInfo> outputs_;
    std::vector<std::vector<std::byte>> inputBuffers_;
    std::vector<bool> inputSet_;
    abi::RBLNRuntime* runtime_ = nullptr;
    bool ran_ = false;
};

} // namespace facet::device
