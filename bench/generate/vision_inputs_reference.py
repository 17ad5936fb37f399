"""The host half of one image's vision-tower call the way optimum-rbln runs it in Python
(RBLNGemma4VisionModel.forward with transformers' Gemma4VisionPatchEmbedder and rotary
embedding, torch on the CPU; order of operations in rbln-host-algorithms §1.4): the bf16 patch
projection, the 2-D position embedding, the padding mask and the 2-D RoPE tables. Prints one
JSON object: the median milliseconds per image.

Usage: vision_inputs_reference.py VISION_HIDDEN PATCHES HEAD_DIM RUNS
"""
import json
import statistics
import sys
import time

import torch

VH, P, HD, RUNS = (int(a) for a in sys.argv[1:5])
POSITIONS = 10240
torch.manual_seed(0)
pv = torch.rand(P, 768)
width = 64
pos = torch.stack([torch.arange(P) % width, torch.arange(P) // width], -1)
pos[-P // 10:] = -1  # the last tenth is padding, as a smaller image leaves it
weight = (torch.randn(VH, 768) / 28).to(torch.bfloat16)
table = (torch.randn(2, POSITIONS, VH) * 0.02).to(torch.bfloat16)


def host_inputs():
    padding = (pos == -1).all(dim=-1)
    x = (2.0 * (pv - 0.5)).to(torch.bfloat16)
    h = torch.nn.functional.linear(x, weight)
    clamped = pos.clamp(min=0)
    pe = (table[0][clamped[:, 0]].float() + table[1][clamped[:, 1]].float()).to(torch.bfloat16)
    pe = torch.where(padding[:, None], torch.zeros_like(pe), pe)
    embeds = (h.float() + pe.float()).to(torch.bfloat16)
    half = HD // 2
    inv = 1.0 / (100.0 ** (torch.arange(0, half, 2, dtype=torch.float32) / half))
    parts = []
    for axis in range(2):
        f = inv[None, :] * pos[:, axis].float()[:, None]
        parts.append(torch.cat([f, f], -1))
    emb = torch.cat(parts, -1)
    mask = torch.where(padding, torch.finfo(torch.bfloat16).min, 0.0).to(torch.bfloat16)
    return embeds, emb.cos().to(torch.bfloat16), emb.sin().to(torch.bfloat16), mask


host_inputs()  # warm-up
times = []
for _ in range(RUNS):
    start = time.perf_counter()
    host_inputs()
    times.append((time.perf_counter() - start) * 1000)
print(json.dumps({"ms": statistics.median(times), "threads": torch.get_num_threads()}))
