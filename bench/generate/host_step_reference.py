"""Host work of one decode step the way transformers + optimum-rbln do it in Python (torch), timed
per component: the sampling warpers (temperature, top-k, top-p) and multinomial over the
vocabulary, the scaled embedding lookup, and the decode-input bookkeeping (positions, attention
mask, block table). Prints one JSON object of microseconds per step (median over steps).

Usage: host_step_reference.py VOCAB HIDDEN TABLE_ROWS MAX_SEQ_LEN BLOCK STEPS
"""
import json
import statistics
import sys
import time

import torch

V, H, ROWS, MSL, BLOCK, STEPS = (int(a) for a in sys.argv[1:7])
TEMPERATURE, TOP_K, TOP_P = 0.8, 64, 0.95
torch.manual_seed(0)

logits_pool = [(torch.randn(1, 1, V) * 3).to(torch.bfloat16) for _ in range(8)]
weight = (torch.randn(ROWS, H) * 0.02).to(torch.bfloat16)
embed_scale = torch.tensor(H**0.5).to(torch.bfloat16)
dec_attn_mask = torch.zeros(1, MSL, dtype=torch.bfloat16)
block_table = torch.full((1, MSL // BLOCK), -1, dtype=torch.int16)
free_blocks = list(range(MSL // BLOCK))
generate_idx = torch.tensor([[300]], dtype=torch.int32)
padded_cache_lengths = torch.zeros(1, 1, dtype=torch.int32)


def sample(logits):
    # GenerationMixin._sample with TemperatureLogitsWarper, TopKLogitsWarper, TopPLogitsWarper
    scores = logits[:, -1, :].to(copy=True, dtype=torch.float32)
    scores = scores / TEMPERATURE
    top_k = min(TOP_K, scores.size(-1))
    indices_to_remove = scores < torch.topk(scores, top_k)[0][..., -1, None]
    scores = scores.masked_fill(indices_to_remove, -float("inf"))
    sorted_logits, sorted_indices = torch.sort(scores, descending=False)
    cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    sorted_indices_to_remove = cumulative_probs <= (1 - TOP_P)
    sorted_indices_to_remove[..., -1:] = 0
    indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
    scores = scores.masked_fill(indices_to_remove, -float("inf"))
    probs = torch.nn.functional.softmax(scores, dim=-1)
    return torch.multinomial(probs, num_samples=1).squeeze(1)


def embed(tokens):
    # Gemma4TextScaledWordEmbedding.forward on the host
    ids = tokens[:, None] % ROWS
    return torch.nn.functional.embedding(ids, weight) * embed_scale.to(weight.dtype)


def decode_inputs():
    # prepare_inputs_for_generation + RBLNPageTableManager + decode_forward's mask update
    global generate_idx
    position_ids = generate_idx
    cache_position = generate_idx + padded_cache_lengths
    generate_idx = generate_idx + 1
    pos = int(cache_position[0, 0])
    j = pos // BLOCK
    if block_table[0, j] == -1:
        block_table[0, j] = free_blocks.pop(0)
    tables = block_table.clone()
    tables[tables == -1] = free_blocks[0] if free_blocks else 0
    dec_attn_mask[0, cache_position[0].long()] = 1
    return position_ids, cache_position, tables, dec_attn_mask


times = {"sampling": [], "embedding": [], "decode_inputs": []}
for step in range(STEPS):
    t0 = time.perf_counter()
    token = sample(logits_pool[step % len(logits_pool)])
    t1 = time.perf_counter()
    embed(token)
    t2 = time.perf_counter()
    decode_inputs()
    t3 = time.perf_counter()
    times["sampling"].append(t1 - t0)
    times["embedding"].append(t2 - t1)
    times["decode_inputs"].append(t3 - t2)

result = {k: statistics.median(v) * 1e6 for k, v in times.items()}
result["total"] = statistics.median([a + b + c for a, b, c in zip(*times.values())]) * 1e6
result["threads"] = torch.get_num_threads()
result["torch"] = torch.__version__
print(json.dumps(result))
