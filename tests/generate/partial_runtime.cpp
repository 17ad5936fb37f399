// A shared library that looks like an RBLN runtime but lacks one required function
// (rbln_get_num_outputs): the smoke test must fail at its runtime step naming it. The functions
// are never called (loading stops at the missing one), so they do nothing.
#include <cstdint>

#define EXPORT extern "C" __attribute__((visibility("default")))

EXPORT void* rbln_create_model(const char*) {
    return nullptr;
}
EXPORT void rbln_destroy_model(void*) {}
EXPORT void* rbln_create_runtime(void*, const char*, std::int64_t, std::int64_t) {
    return nullptr;
}
EXPORT void rbln_destroy_runtime(void*) {}
EXPORT int rbln_set_input(void*, std::uint64_t, const void*) {
    return 1;
}
EXPORT int rbln_run(void*) {
    return 1;
}
EXPORT void* rbln_get_output(void*, std::uint64_t) {
    return nullptr;
}
EXPORT const void* rbln_get_output_layout(void*, std::uint64_t) {
    return nullptr;
}
EXPORT std::uint64_t rbln_get_layout_nbytes(const void*) {
    return 0;
}
EXPORT std::uint32_t rbln_get_num_inputs(void*) {
    return 0;
}
