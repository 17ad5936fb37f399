#pragma once
// Our declaration of the RBLN C runtime API subset (rbln/rbln.h + librbln_runtime.so), see
// docs rbln-c-api.md §14. The real header is not needed to build: the functions are bound at
// run time with dlsym, so this header declares only the types and the function-pointer types.
// rbln_api_check.cpp compares every type below with the real header when the SDK is found.
//
// The types live in a namespace so they never clash with the real header in one translation
// unit. Under C linkage the names of the functions are what matters, not the type tags.
//
// ABI rules (rbln-c-api.md §14): integer parameters whose exact width is not documented are
// declared 64-bit (the callee reads the low 32 bits on x86-64 SysV and AArch64), integer
// returns 32-bit unless documented, ignored returns void.
#include <atomic>
#include <cstdint>

namespace facet::device::abi {

extern "C" {
typedef struct RBLNModel RBLNModel;               // opaque [doc]
typedef struct RBLNRuntime RBLNRuntime;           // opaque [doc][code]
typedef struct RBLNTensorLayout RBLNTensorLayout; // treated as opaque: only nbytes is queried

// [vendored] rbln_retcode.h; callers test == RBLNRetCode_SUCCESS only.
typedef enum {
    RBLNRetCode_SUCCESS = 0,
    RBLNRetCode_FAILURE = 1,
    RBLNRetCode_INVALID = 2,
    // Not a vendor value: the simulator's rbln_run stopped by facet_sim_set_cancel_flag's flag.
    RBLNRetCode_FACET_SIM_CANCELLED = 0x46430001,
} RBLNRetCode;

// Function types, one per C function we use.
typedef RBLNModel* (*PFN_rbln_create_model)(const char* path);                      // [doc]
typedef void (*PFN_rbln_destroy_model)(RBLNModel* handle);                          // [doc]
typedef RBLNRuntime* (*PFN_rbln_create_runtime)(RBLNModel* model, const char* name, //
                                                int64_t device_id, int64_t input_info_index);
typedef RBLNRuntime* (*PFN_rbln_create_async_runtime)(RBLNModel* model, const char* name,
                                                      int64_t device_id,
                                                      int64_t input_info_index); // [code]
typedef void (*PFN_rbln_destroy_runtime)(RBLNRuntime* rt);                       // [code]
typedef RBLNRetCode (*PFN_rbln_set_input)(RBLNRuntime* rt, uint64_t index, const void* data);
typedef RBLNRetCode (*PFN_rbln_run)(RBLNRuntime* rt);                  // [code]
typedef void* (*PFN_rbln_get_output)(RBLNRuntime* rt, uint64_t index); // [code]
typedef const RBLNTensorLayout* (*PFN_rbln_get_output_layout)(RBLNRuntime* rt, uint64_t index);
typedef uint64_t (*PFN_rbln_get_layout_nbytes)(const RBLNTensorLayout* layout); // [doc]
typedef uint32_t (*PFN_rbln_get_num_inputs)(RBLNRuntime* rt);                   // [code]
// Not seen in public sources; bound when a runtime (the simulator) exports it, so input sizes
// can be checked against the runtime and not only taken from rbln_config.json.
typedef const RBLNTensorLayout* (*PFN_rbln_get_input_layout)(RBLNRuntime* rt, uint64_t index);
typedef uint32_t (*PFN_rbln_get_num_outputs)(RBLNRuntime* rt); // [code]
// inputs: array of const void* (one per input); outputs: array of void* (caller buffers).
typedef int32_t (*PFN_rbln_async_run)(RBLNRuntime* rt, const void* input_ptr_array,
                                      void* output_ptr_array); // [code] returns a request id
typedef int32_t (*PFN_rbln_async_wait)(RBLNRuntime* rt, int64_t request_id,
                                       int64_t timeout_ms); // [code] return value unknown
typedef const char* (*PFN_rbln_get_last_error_msg)(void);   // [code], SDK >= ~0.10.3
}

// X-macros over the subset: the loader binds every name, the simulator defines every name.
// Required: the runtime is refused without them.
#define FACET_RBLN_REQUIRED_FUNCTIONS(X)                                                           \
    X(rbln_create_model)                                                                           \
    X(rbln_destroy_model)                                                                          \
    X(rbln_create_runtime)                                                                         \
    X(rbln_destroy_runtime)                                                                        \
    X(rbln_set_input)                                                                              \
    X(rbln_run)                                                                                    \
    X(rbln_get_output)                                                                             \
    X(rbln_get_output_layout)                                                                      \
    X(rbln_get_layout_nbytes)                                                                      \
    X(rbln_get_num_inputs)                                                                         \
    X(rbln_get_num_outputs)

// Optional: older SDKs lack the error text; the async pair is not used by the engine yet.
#define FACET_RBLN_OPTIONAL_FUNCTIONS(X)                                                           \
    X(rbln_get_last_error_msg)                                                                     \
    X(rbln_get_input_layout)                                                                       \
    X(rbln_create_async_runtime)                                                                   \
    X(rbln_async_run)                                                                              \
    X(rbln_async_wait)

// Element types of the vendored runtime headers ([vendored], C++ `namespace rbln` in
// torch-rbln's rbln_runtime_api.h), listed for reference in that order. They are not part of
// rbln.h and never cross the ABI: dtypes come from rbln_config.json's input_info.
enum class VendorDType : int {
    Undefined,
    Bool,
    UInt8,
    Int8,
    Int16,
    Int32,
    Int64,
    Float16,
    Float32,
    Float64,
    Float8_e4m3,
    Float8_e5m2,
    BFloat16,
    CustomFloat16,
    Complex32,
    Complex64,
    Complex128,
};

} // namespace facet::device::abi

// Symbols the simulator exports in addition to the API; the loader uses the first to tell the
// simulator apart (for display only: the engine treats both the same).
extern "C" {
typedef const char* (*PFN_facet_sim_version)(void);
typedef void (*PFN_facet_sim_inject_fault)(const char* graph, int64_t nth_run, const char* message);
// Points the calling thread's later rbln_run calls at a stop flag (null: none). A run that sees
// it set stops early and returns RBLNRetCode_FACET_SIM_CANCELLED. Only the simulator has it: a real
// NPU's calls are short and the engine stops between them.
typedef void (*PFN_facet_sim_set_cancel_flag)(const std::atomic<bool>* flag);
}
