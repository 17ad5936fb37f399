#pragma once
// float32 cos/sin computed as NumPy computes np.cos/np.sin on a float32 array, bit for bit.
//
// Why: optimum-rbln builds the Gemma 4 vision RoPE tables with numpy (`np_cos`/`np_sin` in
// RBLN-SW/optimum-rbln src/optimum/rbln/modeling_rope_utils.py, used by
// RBLNGemma4VisionModel.__post_init__ from the 0.12 line on), and NumPy does not call libm for
// float32 cos/sin: on an x86-64 CPU with AVX2+FMA3 (or AVX512F) it runs its own vectorised
// Cody-Waite reduction and minimax polynomials (numpy/numpy
// numpy/core/src/umath/loops_trigonometric.dispatch.c.src, NumPy 1.24.2 as Debian 12 ships it).
// Those results differ from glibc's cosf/sinf in about 16% of the vision RoPE angles, which
// can flip a bf16 rounding. The scalar code below performs the same float32 operations in the
// same order, with fused multiply-adds where NumPy uses npyv_muladd_f32 (FMA3), so each lane
// gives NumPy's bits (tests/generate: numpy_trig golden over the whole level-1120 range).
//
// Arguments beyond NumPy's Cody-Waite range (|x| > 71476.0625 for cos, > 117435.992 for sin)
// go to libm as NumPy does; vision RoPE angles stay below 10,080.
namespace facet::generate {

[[nodiscard]] float numpyCosF32(float x);
[[nodiscard]] float numpySinF32(float x);

} // namespace facet::generate
