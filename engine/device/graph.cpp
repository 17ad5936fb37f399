#include "device/graph.h"

#include "common/error.h"

#include <cstring>
#include <utility>

namespace facet::device {

CompiledModel::CompiledModel(std::shared_ptr<RuntimeLibrary> runtime,
                             const std::filesystem::path& rblnFile)
    : runtime_(std::move(runtime)), file_(rblnFile) {
    if (!runtime_)
        throw deviceError(rblnFile.string() + ": no RBLN runtime loaded", rblnFile);
    handle_ = runtime_->api().rbln_create_model(rblnFile.c_str());
    if (!handle_)
        throw deviceError(rblnFile.string() + ": the runtime could not load this compiled model: " +
                              runtime_->lastError(),
                          rblnFile);
}

CompiledModel::~CompiledModel() {
    if (handle_)
        runtime_->api().rbln_destroy_model(handle_);
}

Graph::Graph(std::shared_ptr<CompiledModel> model, std::string name, int deviceId,
             int inputInfoIndex, GraphSignature expected)
    : model_(std::move(model)), name_(std::move(name)), inputs_(std::move(expected.inputs)),
      outputs_(std::move(expected.outputs)) {
    const auto& api = model_->runtime()->api();
    runtime_ = api.rbln_create_runtime(model_->handle(), nullptr, deviceId, inputInfoIndex);
    if (!runtime_)
        fail("could not create a runtime on device " + std::to_string(deviceId) +
             " for input_info index " + std::to_string(inputInfoIndex) + ": " +
             model_->runtime()->lastError());
    try {
        const auto numInputs = api.rbln_get_num_inputs(runtime_);
        if (numInputs != inputs_.size())
            fail("the runtime reports " + std::to_string(numInputs) +
                 " inputs, rbln_config.json lists " + std::to_string(inputs_.size()));
        // rbln_config.json states each input's shape and dtype; where the runtime can say
        // how many bytes it takes, a disagreement is an error before any buffer is handed over.
        if (api.rbln_get_input_layout != nullptr)
            for (uint32_t i = 0; i < numInputs; ++i) {
                const auto* layout = api.rbln_get_input_layout(runtime_, i);
                if (!layout)
                    fail("no layout for input " + std::to_string(i) + ": " +
                         model_->runtime()->lastError());
                const auto bytes = api.rbln_get_layout_nbytes(layout);
                if (bytes != inputs_[i].bytes)
                    fail("the runtime says input " + std::to_string(i) + " takes " +
                         std::to_string(bytes) + " bytes, rbln_config.json says " +
                         inputs_[i].describe() + " = " + std::to_string(inputs_[i].bytes) +
                         " bytes");
            }
        const auto numOutputs = api.rbln_get_num_outputs(runtime_);
        if (!outputs_.empty() && numOutputs != outputs_.size())
            fail("the runtime reports " + std::to_string(numOutputs) + " outputs, expected " +
                 std::to_string(outputs_.size()));
        for (uint32_t i = 0; i < numOutputs; ++i) {
            const auto* layout = api.rbln_get_output_layout(runtime_, i);
            if (!layout)
                fail("no layout for output " + std::to_string(i) + ": " +
                     model_->runtime()->lastError());
            const auto bytes = api.rbln_get_layout_nbytes(layout);
            if (outputs_.size() < numOutputs)
                outputs_.push_back(TensorInfo{"output_" + std::to_string(i),
                                              DType::UInt8,
                                              {static_cast<int64_t>(bytes)},
                                              static_cast<size_t>(bytes)});
            else if (outputs_[i].bytes != bytes)
                fail("output " + std::to_string(i) + " is " + std::to_string(bytes) +
                     " bytes, expected " + outputs_[i].describe() + " = " +
                     std::to_string(outputs_[i].bytes) + " bytes");
        }
    } catch (...) {
        api.rbln_destroy_runtime(runtime_);
        throw;
    }
    inputBuffers_.resize(inputs_.size());
    inputSet_.assign(inputs_.size(), false);
    for (size_t i = 0; i < inputs_.size(); ++i)
        inputBuffers_[i].resize(inputs_[i].bytes);
}

Graph::~Graph() {
    if (runtime_)
        model_->runtime()->api().rbln_destroy_runtime(runtime_);
}

std::uint32_t Graph::reportedInputCount() const {
    return model_->runtime()->api().rbln_get_num_inputs(runtime_);
}

std::vector<std::uint64_t> Graph::reportedOutputBytes() const {
    const auto& api = model_->runtime()->api();
    std::vector<std::uint64_t> bytes;
    const auto count = api.rbln_get_num_outputs(runtime_);
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto* layout = api.rbln_get_output_layout(runtime_, i);
        bytes.push_back(layout ? api.rbln_get_layout_nbytes(layout) : 0);
    }
    return bytes;
}

void Graph::fail(const std::string& what) const {
    throw deviceError("graph '" + name_ + "' (" + model_->file().string() + "): " + what,
                      model_->file());
}

void Graph::setInput(size_t index, const void* data, size_t bytes) {
    if (index >= inputs_.size())
        fail("input index " + std::to_string(index) + " out of range: the graph has " +
             std::to_string(inputs_.size()) + " inputs");
    const auto& info = inputs_[index];
    if (bytes != info.bytes)
        fail("input " + std::to_string(index) + " " + info.describe() + " needs " +
             std::to_string(info.bytes) + " bytes, got " + std::to_string(bytes));
    if (bytes)
        std::memcpy(inputBuffers_[index].data(), data, bytes);
    const auto rc =
        model_->runtime()->api().rbln_set_input(runtime_, index, inputBuffers_[index].data());
    if (rc != abi::RBLNRetCode_SUCCESS)
        fail("setting input " + std::to_string(index) + " '" + info.name +
             "' failed: " + model_->runtime()->lastError());
    inputSet_[index] = true;
}

void Graph::run() {
    for (size_t i = 0; i < inputs_.size(); ++i)
        if (!inputSet_[i])
            fail("input " + std::to_string(i) + " '" + inputs_[i].name + "' was never set");
    ran_ = false;
    const auto rc = model_->runtime()->api().rbln_run(runtime_);
    if (rc == abi::RBLNRetCode_FACET_SIM_CANCELLED && model_->runtime()->canCancelRuns())
        throw RunCancelled("graph '" + name_ + "': run cancelled");
    if (rc != abi::RBLNRetCode_SUCCESS)
        fail("run failed: " + model_->runtime()->lastError());
    ran_ = true;
}

void Graph::readOutput(size_t index, void* dst, size_t bytes) const {
    if (index >= outputs_.size())
        fail("output index " + std::to_string(index) + " out of range: the graph has " +
             std::to_string(outputs_.size()) + " outputs");
    if (!ran_)
        fail("output " + std::to_string(index) + " read before a successful run");
    if (bytes != outputs_[index].bytes)
        fail("output " + std::to_string(index) + " " + outputs_[index].describe() + " is " +
             std::to_string(outputs_[index].bytes) + " bytes, the buffer has " +
             std::to_string(bytes));
    const void* src = model_->runtime()->api().rbln_get_output(runtime_, index);
    if (!src)
        fail("reading output " + std::to_string(index) +
             " failed: " + model_->runtime()->lastError());
    std::memcpy(dst, src, bytes);
}

std::vector<std::byte> Graph::output(size_t index) const {
    if (index >= outputs_.size())
        fail("output index " + std::to_string(index) + " out of range");
    std::vector<std::byte> bytes(outputs_[index].bytes);
    readOutput(index, bytes.data(), bytes.size());
    return bytes;
}

} // namespace facet::device
