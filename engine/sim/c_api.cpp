// libfacet_rblnsim.so: the RBLN C runtime API (engine/device/rbln_api.h) implemented by the
// simulator. Only these functions have default visibility; everything else is hidden. Every
// function catches all exceptions: failures return NULL / a failure code and leave their text
// for rbln_get_last_error_msg (thread-local, like the samples assume: read it right away).
#include "device/rbln_api.h"
#include "sim/cancel.h"
#include "sim/fault_injection.h"
#include "sim/sim_runtime.h"

#include "common/error.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#define FACET_EXPORT extern "C" __attribute__((visibility("default")))

namespace abi = facet::device::abi;

struct facet::device::abi::RBLNModel {
    std::shared_ptr<const facet::sim::LoadedModel> model;
};

// Only what public sample code reads (ndim, shape as int) plus the byte count.
struct facet::device::abi::RBLNTensorLayout {
    int ndim = 0;
    int shape[8] = {};
    uint64_t nbytes = 0;
};

struct facet::device::abi::RBLNRuntime {
    std::unique_ptr<facet::sim::GraphInstance> graph;
    std::vector<const void*> inputs;
    std::vector<std::vector<std::byte>> outputs;
    std::vector<RBLNTensorLayout> layouts;
    std::vector<RBLNTensorLayout> inputLayouts;
    bool async = false;
    int32_t nextRequest = 1;
    std::map<int32_t, bool> requests; // request id -> succeeded
};

namespace {

thread_local std::string lastError;

template <class F> auto guarded(F&& body, decltype(body()) failure) -> decltype(body()) {
    try {
        lastError.clear();
        return body();
    } catch (const std::exception& e) {
        lastError = e.what();
    } catch (...) {
        lastError = "unknown simulator failure";
    }
    return failure;
}

abi::RBLNRuntime* createRuntime(abi::RBLNModel* model, const char* name, int64_t device,
                                int64_t index, bool async) {
    return guarded(
        [&]() -> abi::RBLNRuntime* {
            if (!model)
                throw facet::Error("rbln_create_runtime: model is NULL");
            if (name && std::string(name) != "default")
                throw facet::Error("rbln_create_runtime: unknown module name '" +
                                   std::string(name) + "' (the simulator has only \"default\")");
            auto rt = std::make_unique<abi::RBLNRuntime>();
            rt->graph = std::make_unique<facet::sim::GraphInstance>(
                model->model, static_cast<int>(device), static_cast<int>(index));
            rt->async = async;
            rt->inputs.assign(rt->graph->spec().inputs.size(), nullptr);
            for (const auto& in : rt->graph->spec().inputs) {
                abi::RBLNTensorLayout layout;
                layout.ndim = static_cast<int>(in.shape.size());
                for (size_t d = 0; d < in.shape.size() && d < 8; ++d)
                    layout.shape[d] = static_cast<int>(in.shape[d]);
                layout.nbytes = in.bytes;
                rt->inputLayouts.push_back(layout);
            }
            for (const auto& out : rt->graph->spec().outputs) {
                abi::RBLNTensorLayout layout;
                layout.ndim = static_cast<int>(out.shape.size());
                for (size_t d = 0; d < out.shape.size() && d < 8; ++d)
                    layout.shape[d] = static_cast<int>(out.shape[d]);
                layout.nbytes = out.bytes;
                rt->layouts.push_back(layout);
            }
            return rt.release();
        },
        nullptr);
}

void runGraph(abi::RBLNRuntime* rt) {
    const auto& spec = rt->graph->spec();
    for (size_t i = 0; i < rt->inputs.size(); ++i)
        if (!rt->inputs[i])
            throw facet::Error("graph '" + rt->graph->name() + "': input " + std::to_string(i) +
                               " (" + spec.inputs[i].name + ") was not set");
    // Both names count this run: "vision_tower" (every level) and "vision_tower[560]".
    auto fault = facet::sim::takeFault(rt->graph->name());
    const std::string levelName = rt->graph->levelName();
    if (levelName != rt->graph->name())
        if (auto levelFault = facet::sim::takeFault(levelName); levelFault && !fault)
            fault = levelFault;
    if (fault)
        throw facet::Error(*fault);
    try {
        rt->graph->run(rt->inputs, rt->outputs);
    } catch (const facet::sim::RunCancelled&) {
        throw; // told apart by rbln_run, not wrapped
    } catch (const std::exception& e) {
        throw facet::Error("graph '" + rt->graph->name() + "': " + e.what());
    }
}

} // namespace

FACET_EXPORT abi::RBLNModel* rbln_create_model(const char* path) {
    return guarded(
        [&]() -> abi::RBLNModel* {
            if (!path)
                throw facet::Error("rbln_create_model: path is NULL");
            return new abi::RBLNModel{facet::sim::LoadedModel::load(path)};
        },
        nullptr);
}

FACET_EXPORT void rbln_destroy_model(abi::RBLNModel* handle) {
    delete handle;
}

FACET_EXPORT abi::RBLNRuntime* rbln_create_runtime(abi::RBLNModel* model, const char* name,
                                                   int64_t device_id, int64_t input_info_index) {
    return createRuntime(model, name, device_id, input_info_index, false);
}

FACET_EXPORT abi::RBLNRuntime* rbln_create_async_runtime(abi::RBLNModel* model, const char* name,
                                                         int64_t device_id,
                                                         int64_t input_info_index) {
    return createRuntime(model, name, device_id, input_info_index, true);
}

FACET_EXPORT void rbln_destroy_runtime(abi::RBLNRuntime* rt) {
    delete rt;
}

FACET_EXPORT abi::RBLNRetCode rbln_set_input(abi::RBLNRuntime* rt, uint64_t index,
                                             const void* data) {
    return guarded(
        [&] {
            if (!rt || !data)
                throw facet::Error("rbln_set_input: NULL runtime or data");
            if (index >= rt->inputs.size())
                throw facet::Error("graph '" + rt->graph->name() + "': input index " +
                                   std::to_string(index) + " out of range (the graph has " +
                                   std::to_string(rt->inputs.size()) + " inputs)");
            rt->inputs[index] = data; // like the real runtime: keep it valid until rbln_run
            return abi::RBLNRetCode_SUCCESS;
        },
        abi::RBLNRetCode_INVALID);
}

// A run stopped by the thread's cancel flag returns RBLNRetCode_FACET_SIM_CANCELLED, not FAILURE,
// so the engine reports Cancelled rather than an error.
FACET_EXPORT abi::RBLNRetCode rbln_run(abi::RBLNRuntime* rt) {
    lastError.clear();
    try {
        if (!rt)
            throw facet::Error("rbln_run: runtime is NULL");
        runGraph(rt);
        return abi::RBLNRetCode_SUCCESS;
    } catch (const facet::sim::RunCancelled&) {
        lastError = "graph '" + rt->graph->name() + "': run cancelled";
        return abi::RBLNRetCode_FACET_SIM_CANCELLED;
    } catch (const std::exception& e) {
        lastError = e.what();
    } catch (...) {
        lastError = "unknown simulator failure";
    }
    return abi::RBLNRetCode_FAILURE;
}

FACET_EXPORT void* rbln_get_output(abi::RBLNRuntime* rt, uint64_t index) {
    return guarded(
        [&]() -> void* {
            if (!rt || index >= rt->layouts.size())
                throw facet::Error("rbln_get_output: no output " + std::to_string(index));
            if (rt->outputs.empty())
                throw facet::Error("rbln_get_output: the graph has not run");
            return rt->outputs[index].data();
        },
        nullptr);
}

FACET_EXPORT const abi::RBLNTensorLayout* rbln_get_output_layout(abi::RBLNRuntime* rt,
                                                                 uint64_t index) {
    return guarded(
        [&]() -> const abi::RBLNTensorLayout* {
            if (!rt || index >= rt->layouts.size())
                throw facet::Error("rbln_get_output_layout: no output " + std::to_string(index));
            return &rt->layouts[index];
        },
        nullptr);
}

FACET_EXPORT const abi::RBLNTensorLayout* rbln_get_input_layout(abi::RBLNRuntime* rt,
                                                                uint64_t index) {
    return guarded(
        [&]() -> const abi::RBLNTensorLayout* {
            if (!rt || index >= rt->inputLayouts.size())
                throw facet::Error("rbln_get_input_layout: no input " + std::to_string(index));
            return &rt->inputLayouts[index];
        },
        nullptr);
}

FACET_EXPORT uint64_t rbln_get_layout_nbytes(const abi::RBLNTensorLayout* layout) {
    return layout ? layout->nbytes : 0;
}

FACET_EXPORT uint32_t rbln_get_num_inputs(abi::RBLNRuntime* rt) {
    return rt ? static_cast<uint32_t>(rt->inputs.size()) : 0;
}

FACET_EXPORT uint32_t rbln_get_num_outputs(abi::RBLNRuntime* rt) {
    return rt ? static_cast<uint32_t>(rt->layouts.size()) : 0;
}

// Runs at once (the simulator has no queue); outputs go to the caller's buffers.
FACET_EXPORT int32_t rbln_async_run(abi::RBLNRuntime* rt, const void* input_ptr_array,
                                    void* output_ptr_array) {
    return guarded(
        [&]() -> int32_t {
            if (!rt || !input_ptr_array || !output_ptr_array)
                throw facet::Error("rbln_async_run: NULL argument");
            const auto* inputs = static_cast<const void* const*>(input_ptr_array);
            for (size_t i = 0; i < rt->inputs.size(); ++i)
                rt->inputs[i] = inputs[i];
            const int32_t id = rt->nextRequest++;
            runGraph(rt);
            auto* outputs = static_cast<void* const*>(output_ptr_array);
            for (size_t i = 0; i < rt->outputs.size(); ++i)
                std::memcpy(outputs[i], rt->outputs[i].data(), rt->outputs[i].size());
            rt->requests[id] = true;
            return id;
        },
        -1);
}

FACET_EXPORT int32_t rbln_async_wait(abi::RBLNRuntime* rt, int64_t request_id, int64_t) {
    return guarded(
        [&]() -> int32_t {
            if (!rt || !rt->requests.count(static_cast<int32_t>(request_id)))
                throw facet::Error("rbln_async_wait: unknown request " +
                                   std::to_string(request_id));
            rt->requests.erase(static_cast<int32_t>(request_id));
            return 0;
        },
        -1);
}

FACET_EXPORT const char* rbln_get_last_error_msg(void) {
    return lastError.c_str();
}

// Not part of the RBLN API: identifies the simulator and injects faults for tests.
FACET_EXPORT const char* facet_sim_version(void) {
    return "1.0";
}

FACET_EXPORT void facet_sim_inject_fault(const char* graph, int64_t nth_run, const char* message) {
    if (graph)
        facet::sim::injectFault(graph, nth_run, message ? message : "injected fault");
}

// Points the calling thread's graph runs at `flag` (null: none); see sim/cancel.h.
FACET_EXPORT void facet_sim_set_cancel_flag(const std::atomic<bool>* flag) {
    facet::sim::setCancelFlag(flag);
}

// Our definitions must have exactly the declared types.
#define FACET_CHECK_TYPE(fn)                                                                       \
    static_assert(std::is_same_v<decltype(&fn), abi::PFN_##fn>, #fn " differs from rbln_api.h");
FACET_RBLN_REQUIRED_FUNCTIONS(FACET_CHECK_TYPE)
FACET_RBLN_OPTIONAL_FUNCTIONS(FACET_CHECK_TYPE)
static_assert(std::is_same_v<decltype(&facet_sim_version), PFN_facet_sim_version>);
static_assert(std::is_same_v<decltype(&facet_sim_inject_fault), PFN_facet_sim_inject_fault>);
static_assert(std::is_same_v<decltype(&facet_sim_set_cancel_flag), PFN_facet_sim_set_cancel_flag>);
#undef FACET_CHECK_TYPE
