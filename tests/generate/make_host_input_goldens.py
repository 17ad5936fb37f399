"""Goldens for the host-side vision inputs and the scaled text embedding, computed with torch the
way transformers' Gemma4VisionPatchEmbedder / Gemma4VisionRotaryEmbedding /
Gemma4TextScaledWordEmbedding and optimum-rbln's RBLNGemma4VisionModel.forward do it.

Usage: make_host_input_goldens.py OUTDIR   (writes raw little-endian arrays + meta.json)
"""
import json
import os
import sys

import torch

torch.manual_seed(7)
out = sys.argv[1]
os.makedirs(out, exist_ok=True)

VH, PATCH, POS, HD, THETA = 40, 768, 24, 20, 100.0
GRID_W, GRID_H, P = 6, 3, 27  # 18 real patches, 9 padding rows

w_in = (torch.randn(VH, PATCH) * 0.05).to(torch.bfloat16)
table = (torch.randn(2, POS, VH) * 0.5).to(torch.bfloat16)
pixels = torch.zeros(P, PATCH, dtype=torch.float32)
pixels[: GRID_W * GRID_H] = torch.randint(0, 256, (GRID_W * GRID_H, PATCH)).float() * (1.0 / 255.0)
positions = torch.full((P, 2), -1, dtype=torch.int64)
ys, xs = torch.meshgrid(torch.arange(GRID_H), torch.arange(GRID_W), indexing="ij")
positions[: GRID_W * GRID_H, 0] = xs.reshape(-1)
positions[: GRID_W * GRID_H, 1] = ys.reshape(-1)

# --- patch embedder, transformers' order of operations, module in bf16 ---
padding = (positions == -1).all(dim=-1)
x = 2 * (pixels - 0.5)
hidden = torch.nn.functional.linear(x.to(torch.bfloat16), w_in)
clamped = positions.clamp(min=0)
one_hot = torch.nn.functional.one_hot(clamped, num_classes=POS).permute(1, 0, 2).to(table.dtype)
pe = (one_hot @ table).sum(dim=0)
pe = torch.where(padding.unsqueeze(-1), torch.zeros((), dtype=pe.dtype), pe)
embeds = hidden + pe

# --- the patch projection alone at a larger size, to count how often a kernel's last bit differs
# from torch's (oneDNN's bf16 GEMM on this machine) ---
LARGE_VH, LARGE_P = 384, 600
large_w = (torch.randn(LARGE_VH, PATCH) * 0.05).to(torch.bfloat16)
large_pixels = torch.randint(0, 256, (LARGE_P, PATCH)).float() * (1.0 / 255.0)
large_projection = torch.nn.functional.linear((2 * (large_pixels - 0.5)).to(torch.bfloat16), large_w)

# --- 2-D rotary (per axis: dim S = HD/2, inv_freq over arange(0, S, 2)) ---
S = HD // 2
inv = 1.0 / (THETA ** (torch.arange(0, S, 2, dtype=torch.int64).float() / S))
cos_parts, sin_parts = [], []
for axis in range(2):
    freqs = inv[:, None] @ positions[None, :, axis].float()  # [S/2, P]
    emb = torch.cat((freqs.t(), freqs.t()), dim=-1)
    cos_parts.append(emb.cos())
    sin_parts.append(emb.sin())
cos = torch.cat(cos_parts, dim=-1).to(torch.bfloat16)
sin = torch.cat(sin_parts, dim=-1).to(torch.bfloat16)

valid = (~padding).to(torch.bfloat16)
attn_mask = ((1 - valid) * torch.finfo(torch.bfloat16).min).to(torch.bfloat16)

# --- scaled word embedding ---
V, H = 50, 5376
word = (torch.randn(V, H) * 0.03).to(torch.bfloat16)
scale = torch.tensor(H**0.5, dtype=torch.float32).to(torch.bfloat16)
ids = torch.tensor([3, 0, 49, 17, 17, 8])
scaled = word[ids] * scale.to(word.dtype)


def dump(name, t):
    t = t.contiguous()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    with open(os.path.join(out, name), "wb") as f:
        f.write(t.numpy().tobytes())


for name, t in [("w_in.bin", w_in), ("table.bin", table), ("pixels.bin", pixels),
                ("positions.bin", positions), ("embeds.bin", embeds), ("cos.bin", cos),
                ("sin.bin", sin), ("attn_mask.bin", attn_mask), ("padding.bin", padding.to(torch.uint8)),
                ("word.bin", word), ("ids.bin", ids.to(torch.int32)), ("scaled.bin", scaled),
                ("large_w.bin", large_w), ("large_pixels.bin", large_pixels),
                ("large_projection.bin", large_projection)]:
    dump(name, t)
with open(os.path.join(out, "meta.json"), "w") as f:
    json.dump({"VH": VH, "PATCH": PATCH, "POS": POS, "HD": HD, "THETA": THETA, "P": P, "V": V, "H": H,
               "LARGE_VH": LARGE_VH, "LARGE_P": LARGE_P,
               "scale_bits": int(scale.view(torch.int16).item()) & 0xFFFF}, f)
