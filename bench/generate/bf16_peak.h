#pragma once
// The physical floor of the patch projection on this machine: how many bf16 multiply-adds one
// core retires per second at most, measured with vdpbf16ps on registers alone (no memory), so
// that bench_vision_inputs can print each case's floor beside its time.

namespace facet::bench {

// GFLOP/s (2 per multiply-add) of one core in vdpbf16ps, or 0 without AVX-512 BF16.
[[nodiscard]] double bf16PeakGflopsPerCore();

} // namespace facet::bench
