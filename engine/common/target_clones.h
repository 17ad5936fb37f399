#pragma once
// FACET_TARGET_CLONES("avx512f", "avx2", "default"): one copy of a function per instruction set,
// picked at load time by an ifunc resolver that the compiler generates (GCC's target_clones).
//
// Not under ThreadSanitizer (the tsan preset): GCC instruments that resolver like any function
// (__tsan_func_entry), and the dynamic linker runs it while relocating the program, before the
// TSan runtime is initialised, so every program linking such a function died with SIGSEGV
// before main (`facet-cli --version` included; google/sanitizers#342, and clang's fix for its
// own resolvers, llvm/llvm-project#167516, which GCC 12 lacks). There the plain ("default") body
// is compiled alone: the same code, so the same bits (the clones differ only in vector width).
#if defined(__SANITIZE_THREAD__)
#define FACET_TARGET_CLONES(...)
#else
#define FACET_TARGET_CLONES(...) __attribute__((target_clones(__VA_ARGS__)))
#endif
