"""Goldens for the Gemma 4 vision RoPE tables as optimum-rbln >= 0.12 builds them.

RBLNGemma4VisionModel.__post_init__ (RBLN-SW/optimum-rbln, modeling_gemma4.py, the 0.12 line)
tabulates positions 0..max_patches-1 and -1: freqs = position.float() * inv_freq (float32),
emb = cat(freqs, freqs), then np.cos / np.sin of that float32 array (modeling_rope_utils.py
np_cos / np_sin), and gathers one row per patch and axis before the cast to the model dtype.
inv_freq is transformers' Gemma4VisionRotaryEmbedding default:
1 / theta ** (arange(0, S, 2).float() / S), S = head_dim / 2, computed here with torch as
transformers does. The cos/sin come from numpy (Debian's python3-numpy), the reference.

Every position a level-1120 image can have lies in [-1, 10080): a patch coordinate is below
the patch count, which is at most max_soft_tokens * 9 = 10080 whatever the aspect ratio.

Usage: make_vision_rope_goldens.py OUTDIR   (raw little-endian float32 arrays + meta.json)
"""
import json
import os
import sys

import numpy as np
import torch

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
MAX_PATCHES = 1120 * 9
positions = torch.cat([torch.arange(MAX_PATCHES), torch.tensor([-1])])

from numpy.core._multiarray_umath import __cpu_features__  # noqa: E402

# numpy runs its own float32 sin/cos kernel only with FMA3+AVX2 or AVX512F; otherwise libm.
simd = bool((__cpu_features__.get("FMA3") and __cpu_features__.get("AVX2"))
            or __cpu_features__.get("AVX512F"))
meta = {"numpy": np.__version__, "numpy_simd_trig": simd, "positions": MAX_PATCHES + 1,
        "tables": []}
for head_dim, theta in [(72, 100.0), (64, 100.0)]:  # 26B/31B and E2B/E4B vision heads
    S = head_dim // 2
    inv = 1.0 / (theta ** (torch.arange(0, S, 2, dtype=torch.int64).float() / S))
    freqs = positions[:, None].float() * inv[None, :].float()
    emb = torch.cat((freqs, freqs), dim=-1)
    cos = np.cos(emb.numpy())
    sin = np.sin(emb.numpy())
    assert cos.dtype == np.float32 and sin.dtype == np.float32
    name = f"hd{head_dim}"
    inv.numpy().astype("<f4").tofile(os.path.join(out, name + "_inv.bin"))
    emb.numpy().astype("<f4").tofile(os.path.join(out, name + "_angle.bin"))
    cos.astype("<f4").tofile(os.path.join(out, name + "_cos.bin"))
    sin.astype("<f4").tofile(os.path.join(out, name + "_sin.bin"))
    meta["tables"].append({"name": name, "head_dim": head_dim, "theta": theta})
with open(os.path.join(out, "meta.json"), "w") as f:
    json.dump(meta, f)
