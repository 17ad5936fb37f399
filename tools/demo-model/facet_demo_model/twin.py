"""PyTorch twin of the simulator's tiny Gemma 4-shaped model (engine/sim) and of the host
steps the engine runs around it (engine/image preprocessing, engine/generate vision inputs,
text embedding, scatter of image features). Every formula follows the C++ it names:

  vision inputs   engine/generate/vision_inputs.cpp  (bf16 patch projection + 2-D positions,
                                                     2-D RoPE tables, padding mask)
  vision encoder  engine/sim/vision_model.cpp        (sandwich-norm layers, q/k norms with
                                                     scale, v norm without, RoPE per axis half,
                                                     scaling 1.0, GELU-tanh gated MLP, pooling)
  projector       engine/sim/vision_model.cpp        (RMSNorm without scale, Linear)
  language model  engine/sim/text_model.cpp + reference.cpp (GQA, RoPE per layer kind,
                                                     sliding window, bidirectional image span,
                                                     tied output projection, soft-cap)

`exact=True` adds the bf16 roundings the engine and the simulator apply between stages, so
the twin's logits can be compared with the simulator's (tools/demo-model/tests).
"""
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

PATCH = 16
POOL = 3
BOI, IMAGE, EOI = 255999, 258880, 258882
# parameter names of the vision side (patch embedder, position table, layers, projector)
VISION_PARAMS = ("input_proj", "position_embedding_table", "projection", "vision_layers.")
END_OF_TURN = 106

TEXT = dict(hidden=64, layers=4, heads=4, kv_heads=2, head_dim=16, intermediate=256,
            vocab=262144, sliding_window=512, sliding=[True, False, True, False],
            rope_theta_sliding=10000.0, rope_theta_global=1000000.0, rms_eps=1e-6,
            final_logit_softcap=30.0)
VISION = dict(hidden=64, layers=1, heads=1, head_dim=16, intermediate=128, patch_size=16,
              pooling_kernel=3, position_embedding_size=10240, rope_theta=100.0, rms_eps=1e-6)


def bf16(x):
    return x.to(torch.bfloat16).to(torch.float32)


# ---- preprocessing (engine/image/size_rule.cpp, preprocess.cpp; Pillow is their reference)

def target_size(height, width, level):
    max_patches = level * POOL * POOL
    factor = math.sqrt((max_patches * PATCH * PATCH) / (height * width))
    side = POOL * PATCH
    th = math.floor(factor * height / side) * side
    tw = math.floor(factor * width / side) * side
    if th == 0 and tw == 0:
        raise ValueError("image too thin")
    max_side = (max_patches // 9) * side
    if th == 0:
        th, tw = side, min(math.floor(width / height) * side, max_side)
    elif tw == 0:
        tw, th = side, min(math.floor(height / width) * side, max_side)
    return th, tw


# a byte's pixel value, float32(byte * (1 / 255)) computed in float64 as the engine's
# rescale does, looked up: the same values as converting the whole image, in one pass
UNIT_PIXEL = (np.arange(256, dtype=np.float64) * (1 / 255)).astype(np.float32)


def preprocess(img, level):
    """Valid patches only: pixel values float32 [P, 768] in [0, 1], positions int64 [P, 2]
    (x, y), the patch grid (pw, ph)."""
    img = img.convert("RGB")
    th, tw = target_size(img.height, img.width, level)
    if (tw, th) != img.size:
        img = img.resize((tw, th), Image.BICUBIC)
    ph, pw = th // PATCH, tw // PATCH
    # the bytes put in patch order first, then looked up: one pass over floats, not two
    grid = np.asarray(img).reshape(ph, PATCH, pw, PATCH, 3).transpose(0, 2, 1, 3, 4)
    patches = UNIT_PIXEL[grid.reshape(ph * pw, -1)]
    ys, xs = np.meshgrid(np.arange(ph), np.arange(pw), indexing="ij")
    positions = np.stack([xs.reshape(-1), ys.reshape(-1)], axis=1).astype(np.int64)
    return patches, positions, pw, ph


def soft_tokens(pw, ph):
    return (pw // POOL) * (ph // POOL)


# ---- the model

def rms(x, weight=None, eps=1e-6):
    y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return y * weight if weight is not None else y


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh")


def rope_half(x, cos, sin):
    """NeoX rotate-half over the last dim with full-width cos/sin tables."""
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    rotated = torch.cat([-x2, x1], dim=-1)
    return x * cos + rotated * sin


def rope_halves(z, half, cos, sin):
    """The vision side's 2-D rope: rope_half on each half of the head dim [P, heads, hd], the
    first with the first half of the tables, the second with the second."""
    return torch.cat([rope_half(z[..., :half], cos[:, None, :half], sin[:, None, :half]),
                      rope_half(z[..., half:], cos[:, None, half:], sin[:, None, half:])], -1)


def text_rope_tables(positions, dim, theta):
    # text_model.cpp applyRope: angle = pos * theta^(-2i/dim) in double, cos/sin to float
    i = torch.arange(dim // 2, dtype=torch.float64)
    inv = torch.pow(torch.tensor(theta, dtype=torch.float64), -2.0 * i / dim)
    ang = positions.to(torch.float64)[..., None] * inv
    cos, sin = torch.cos(ang).float(), torch.sin(ang).float()
    return torch.cat([cos, cos], -1), torch.cat([sin, sin], -1)


def vision_rope_tables(positions, head_dim, theta):
    # vision_inputs.cpp buildVisionRope: float32 inverse frequencies, bf16 tables
    half, quarter = head_dim // 2, head_dim // 4
    j = torch.arange(quarter, dtype=torch.float32)
    inv = 1.0 / torch.pow(torch.tensor(theta, dtype=torch.float32), (2 * j) / half)
    parts_c, parts_s = [], []
    for axis in range(2):
        ang = positions[:, axis].to(torch.float32)[:, None] * inv
        c, s = bf16(torch.cos(ang)), bf16(torch.sin(ang))
        parts_c += [c, c]
        parts_s += [s, s]
    return torch.cat(parts_c, -1), torch.cat(parts_s, -1)


QUERY_CHUNK = 256  # queries at a time in attention_in_chunks: a whole 1120 image's chunk of
# scores is 2 heads x 256 x ~9,700 floats, 20 MB, under glibc's 32 MB mmap threshold (1,024:
# 79 MB; the forward with autograd took 12-22 s instead of 1.8 s on a loaded machine)


def attention_in_chunks(q, k, val, bias, chunk):
    """softmax(q·kᵀ + bias)·val for q, k, val [P, heads, d], `chunk` queries at a time: the
    [heads, P, P] score tensor of a whole 1120 image (~750 MB) is never made at once, and each
    chunk's stays under glibc's largest mmap threshold (32 MB), so its memory is reused rather
    than faulted in afresh (which is where the whole-matrix einsum spends most of its time)."""
    qh, kt, vh = q.transpose(0, 1), k.permute(1, 2, 0), val.transpose(0, 1)
    out = [torch.bmm(torch.bmm(qh[:, i:i + chunk], kt).add_(bias).softmax(-1), vh)
           for i in range(0, q.shape[0], chunk)]
    return torch.cat(out, 1).transpose(0, 1)


class Layer(nn.Module):
    """One sandwich-norm layer; the same tensor set for text and vision (sim_weights.cpp)."""

    def __init__(self, hidden, q_dim, kv_dim, head_dim, intermediate):
        super().__init__()
        def lin(o, i):
            return nn.Parameter(torch.randn(o, i) / math.sqrt(i))

        def one(n):
            return nn.Parameter(torch.ones(n))
        self.input_norm, self.q_norm, self.k_norm = one(hidden), one(head_dim), one(head_dim)
        self.q_proj, self.k_proj = lin(q_dim, hidden), lin(kv_dim, hidden)
        self.v_proj = lin(kv_dim, hidden)
        self.o_proj = lin(hidden, q_dim)
        self.post_attention_norm, self.pre_feedforward_norm = one(hidden), one(hidden)
        self.gate_proj, self.up_proj = lin(intermediate, hidden), lin(intermediate, hidden)
        self.down_proj = lin(hidden, intermediate)
        self.post_feedforward_norm = one(hidden)

    def mlp(self, x, eps):
        h = rms(x, self.pre_feedforward_norm, eps)
        m = (gelu_tanh(h @ self.gate_proj.T) * (h @ self.up_proj.T)) @ self.down_proj.T
        return x + rms(m, self.post_feedforward_norm, eps)


class Twin(nn.Module):
    def __init__(self, text=TEXT, vision=VISION, used_tokens=None):
        super().__init__()
        self.t, self.v = dict(text), dict(vision)
        t, v = self.t, self.v
        self.text_layers = nn.ModuleList(
            Layer(t["hidden"], t["heads"] * t["head_dim"], t["kv_heads"] * t["head_dim"],
                  t["head_dim"], t["intermediate"]) for _ in range(t["layers"]))
        self.final_norm = nn.Parameter(torch.ones(t["hidden"]))
        vq = v["heads"] * v["head_dim"]
        self.vision_layers = nn.ModuleList(
            Layer(v["hidden"], vq, vq, v["head_dim"], v["intermediate"])
            for _ in range(v["layers"]))
        self.projection = nn.Parameter(
            torch.randn(t["hidden"], v["hidden"]) / math.sqrt(v["hidden"]))
        self.input_proj = nn.Parameter(
            torch.randn(v["hidden"], 3 * PATCH * PATCH) / math.sqrt(768))
        self.position_embedding_table = nn.Parameter(
            0.02 * torch.randn(2, v["position_embedding_size"], v["hidden"]))
        # trained rows of the tied embedding / output table; token id -> row of `embed`
        self.used = torch.tensor(sorted(used_tokens or []), dtype=torch.long)
        self.embed = nn.Parameter(0.5 * torch.randn(len(self.used), t["hidden"]) / math.sqrt(3))
        lookup = torch.full((t["vocab"],), -1, dtype=torch.long)
        lookup[self.used] = torch.arange(len(self.used))
        self.register_buffer("lookup", lookup, persistent=False)

    # -- vision

    def vision_attends(self):
        """Whether the vision layers' attention adds anything: with every o_proj zero (a local
        side, reading_stage.py --local) each patch's output depends only on its own pixels and
        position, and vision_encoder(attention=False) computes the same thing far faster."""
        return any(bool(layer.o_proj.any()) for layer in self.vision_layers)

    def vision_inputs(self, pixels, positions, exact):
        """pixels [P, 768] float in [0,1]; positions [P, 2], -1 for padding."""
        pad = (positions == -1).all(-1)
        x = 2.0 * (pixels - 0.5)
        w = self.input_proj
        if exact:
            x, w = bf16(x), bf16(w)
        proj = x @ w.T
        cx, cy = positions[:, 0].clamp(min=0), positions[:, 1].clamp(min=0)
        pe = self.position_embedding_table[0][cx] + self.position_embedding_table[1][cy]
        if exact:
            proj, pe = bf16(proj), bf16(pe)
        pe = torch.where(pad[:, None], torch.zeros_like(pe), pe)
        emb = proj + pe
        return bf16(emb) if exact else emb, pad

    def vision_encoder(self, emb, positions, pad, attention, chunk=None):
        """Runs the layers; attention=False skips it (only valid when every o_proj is zero:
        then a layer's attention adds rms(0)·w = 0 and each patch is independent).
        chunk: queries at a time (attention_in_chunks): the same function, summed in another
        order, and much faster (one thread, two layers of two heads: 2,900 patches forward and
        backward 0.32 s against 1.8 s; a whole 1120 image's ~9,700 forward 7x faster), so used
        wherever no training run has to repeat the committed weights bit for bit."""
        v = self.v
        eps, hd = v["rms_eps"], v["head_dim"]
        x = emb
        if attention:
            cos, sin = vision_rope_tables(positions, hd, v["rope_theta"])
            bias = torch.where(pad, torch.tensor(-3.3895313892515355e38), torch.tensor(0.0))
        for layer in self.vision_layers:
            if attention:
                h = rms(x, layer.input_norm, eps)
                P = x.shape[0]
                q = (h @ layer.q_proj.T).view(P, v["heads"], hd)
                k = (h @ layer.k_proj.T).view(P, v["heads"], hd)
                val = (h @ layer.v_proj.T).view(P, v["heads"], hd)
                q, k = rms(q, layer.q_norm, eps), rms(k, layer.k_norm, eps)
                val = rms(val, None, eps)
                q, k = rope_halves(q, hd // 2, cos, sin), rope_halves(k, hd // 2, cos, sin)
                if chunk:
                    att = attention_in_chunks(q, k, val, bias, chunk).reshape(P, -1)
                else:
                    scores = torch.einsum("phd,khd->hpk", q, k) + bias
                    att = torch.einsum("hpk,khd->phd", scores.softmax(-1), val).reshape(P, -1)
                x = x + rms(att @ layer.o_proj.T, layer.post_attention_norm, eps)
            x = layer.mlp(x, eps)
        return x

    def pool(self, x, positions, pad, slots_per_row, slot_offset, total_slots):
        k = self.v["pooling_kernel"]
        slot = (positions[:, 0].clamp(min=0) // k
                + slots_per_row * (positions[:, 1].clamp(min=0) // k))
        slot = slot + slot_offset
        x = torch.where(pad[:, None], torch.zeros_like(x), x)
        sums = torch.zeros(total_slots, x.shape[1], dtype=x.dtype).index_add_(0, slot, x)
        return sums * (math.sqrt(self.v["hidden"]) / (k * k))

    def project(self, pooled, exact):
        y = rms(pooled, None, self.v["rms_eps"]) @ self.projection.T
        return bf16(y) if exact else y

    # -- language model

    def table_rows(self, ids, generated):
        """Embedding rows for token ids: trained rows from `embed`, others from `generated`
        (a callable id tensor -> rows, the SplitMix64 table)."""
        local = self.lookup[ids]
        rows = self.embed[local.clamp(min=0)]
        missing = local < 0
        if missing.any():
            rows = rows.masked_scatter(missing[..., None], generated(ids[missing]))
        return rows

    def decoder(self, x, span, valid, exact=False, taps=None, attention_of=None):
        """x [B, T, H] embedded inputs; span [B, T] image-span id (-1 text); valid [B, T].
        `taps`, a dict {layer index: None}, receives the hidden states after those layers
        (training's auxiliary targets read them); `attention_of`, likewise, those layers'
        attention probabilities [B, heads, T, T] (training supervises where answers look)."""
        t = self.t
        T = x.shape[1]
        pos = torch.arange(T)
        i, j = pos[:, None], pos[None, :]
        same = (span[:, :, None] == span[:, None, :]) & (span[:, :, None] >= 0)
        base = ((j <= i)[None] | same) & valid[:, None, :]
        near = (i - j).abs() < t["sliding_window"]
        masks = {False: base, True: base & near[None]}
        tables = {}
        for th in (t["rope_theta_sliding"], t["rope_theta_global"]):
            tables[th] = text_rope_tables(pos, t["head_dim"], th)
        for li, layer in enumerate(self.text_layers):
            sliding = t["sliding"][li]
            cos, sin = tables[t["rope_theta_sliding"] if sliding else t["rope_theta_global"]]
            q, k, v = self.qkv(layer, x, cos[:, None], sin[:, None], exact)
            probs = self.attend(q, k, masks[sliding])
            if attention_of is not None and li in attention_of:
                attention_of[li] = probs
            x = self.attention_output(layer, x, probs, v)
            if taps is not None and li in taps:
                taps[li] = x
        return rms(x, self.final_norm, t["rms_eps"])

    def qkv(self, layer, x, cos, sin, exact=False):
        """A text layer's queries [B, T, heads, hd], keys and values [B, T, heads, hd] (the
        key/value heads repeated for their query heads); cos/sin broadcast over the heads."""
        t = self.t
        B, T, _ = x.shape
        eps, hd, nh, nkv = t["rms_eps"], t["head_dim"], t["heads"], t["kv_heads"]
        h = rms(x, layer.input_norm, eps)
        q = (h @ layer.q_proj.T).view(B, T, nh, hd)
        k = (h @ layer.k_proj.T).view(B, T, nkv, hd)
        v = (h @ layer.v_proj.T).view(B, T, nkv, hd)
        q = rope_half(rms(q, layer.q_norm, eps), cos, sin)
        k = rope_half(rms(k, layer.k_norm, eps), cos, sin)
        v = rms(v, None, eps)
        if exact:
            k, v = bf16(k), bf16(v)
        rep = nh // nkv
        return q, k.repeat_interleave(rep, dim=2), v.repeat_interleave(rep, dim=2)

    @staticmethod
    def attend(q, k, mask):
        """Attention probabilities [B, heads, Tq, Tk]; mask [B, Tq, Tk], True where allowed."""
        scores = torch.einsum("bihd,bjhd->bhij", q, k)
        return scores.masked_fill(~mask[:, None], float("-inf")).softmax(-1)

    def attention_output(self, layer, x, probs, v):
        """The layer's output: x plus its attention (probs over the values v), then its MLP."""
        B, T, _ = x.shape
        att = torch.einsum("bhij,bjhd->bihd", probs, v).reshape(B, T, -1)
        x = x + rms(att @ layer.o_proj.T, layer.post_attention_norm, self.t["rms_eps"])
        return layer.mlp(x, self.t["rms_eps"])

    def softcap(self, logits):
        cap = self.t["final_logit_softcap"]
        return torch.tanh(logits / cap) * cap if cap > 0 else logits


# ---- the generated part of the table (engine/sim/weight_generator.h)

MASK64 = (1 << 64) - 1


def fnv1a(name):
    h = 0xCBF29CE484222325
    for ch in name.encode():
        h = ((h ^ ch) * 0x100000001B3) & MASK64
    return h


def mix_at(seed, index):
    """SplitMix64 finaliser of seed + (index+1)·golden, vectorised over uint64 `index`."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + ((index.astype(np.uint64) + np.uint64(1))
                               * np.uint64(0x9E3779B97F4A7C15))
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def tensor_seed(model_seed, name):
    return int(mix_at(model_seed, np.array([fnv1a(name)], dtype=np.uint64))[0])


def generated_rows(seed, scale, ids, hidden):
    """bf16 values (as float32) of rows `ids` of the generated [vocab, hidden] table."""
    ids = np.asarray(ids, dtype=np.uint64)
    index = ids[:, None] * np.uint64(hidden) + np.arange(hidden, dtype=np.uint64)[None, :]
    bits = (mix_at(seed, index) >> np.uint64(40)).astype(np.float32)
    u = bits * np.float32(2.0 / 16777216.0) - np.float32(1.0)
    return bf16(torch.from_numpy(np.float32(scale) * u))


# ---- a model folder's weights, for comparing the twin with the simulator

def read_rbln_header(path):
    """The file's bytes, its JSON header and where its tensor data starts (FORMAT.md)."""
    import json
    with open(path, "rb") as f:
        data = f.read()
    magic_end = data.index(b"\n")
    length_end = data.index(b"\n", magic_end + 1)
    length = int(data[magic_end + 1:length_end])
    header = json.loads(data[length_end + 1:length_end + 1 + length])
    return data, header, (length_end + 1 + length + 63) // 64 * 64


def read_rbln(path):
    """{tensor name: float32 tensor} and the config of a simulator .rbln file (FORMAT.md);
    generated tensors are skipped (the table is read from torch_artifacts.pth instead)."""
    data, header, blob = read_rbln_header(path)
    out = {}
    for t in header["tensors"]:
        if "generator" in t:
            continue
        raw = np.frombuffer(data, dtype=np.int16, count=t["bytes"] // 2, offset=blob + t["offset"])
        out[t["name"]] = torch.from_numpy(raw.copy()).view(torch.bfloat16).float().view(*t["shape"])
    return out, header["config"]


def from_folder(folder):
    import os
    lm, lm_cfg = read_rbln(os.path.join(folder, "language_model", "decoder_batch_1.rbln"))
    vt, vt_cfg = read_rbln(os.path.join(folder, "vision_tower", "compiled_model.rbln"))
    pj, _ = read_rbln(os.path.join(folder, "compiled_model.rbln"))
    table = torch.load(os.path.join(folder, "language_model", "torch_artifacts.pth"))
    table = table["embed_tokens"]["weight"].float()
    embedder = torch.load(os.path.join(folder, "vision_tower", "torch_artifacts.pth"))
    embedder = embedder["patch_embedder"]
    model = Twin(lm_cfg["text"], vt_cfg["vision"], used_tokens=list(range(table.shape[0])))
    with torch.no_grad():
        for layers, src in ((model.text_layers, lm), (model.vision_layers, vt)):
            for i, layer in enumerate(layers):
                for name, p in layer.named_parameters():
                    p.copy_(src[f"layers.{i}.{name}"])
        model.final_norm.copy_(lm["final_norm"])
        model.projection.copy_(pj["projection"])
        model.input_proj.copy_(embedder["input_proj.weight"].float())
        model.position_embedding_table.copy_(embedder["position_embedding_table"].float())
        model.embed.copy_(table)
    return model


@torch.no_grad()
def exact_logits(model, pixels, positions, pw, level, ids):
    """Logits (bf16 values) after the last of `ids`, with the engine's bf16 roundings; image
    features go where ids == IMAGE (one image)."""
    padded = level * POOL * POOL
    px = torch.zeros(padded, pixels.shape[1])
    px[:len(pixels)] = torch.from_numpy(pixels)
    pos = torch.full((padded, 2), -1, dtype=torch.long)
    pos[:len(positions)] = torch.from_numpy(positions)
    emb, pad = model.vision_inputs(px, pos, exact=True)
    x = model.vision_encoder(emb, pos, pad, attention=True)
    pooled = bf16(model.pool(x, pos, pad, pw // POOL, 0, level))
    feats = model.project(pooled, exact=True)
    ids = torch.tensor(ids)
    is_img = ids == IMAGE
    n = int(is_img.sum())
    scale = float(bf16(torch.tensor(math.sqrt(model.t["hidden"]))))
    rows = bf16(model.embed[torch.where(is_img, torch.zeros_like(ids), ids)] * scale)
    rows[is_img] = feats[:n]
    span = torch.where(is_img, 0, -1)[None]
    h = model.decoder(rows[None], span, torch.ones_like(span, dtype=torch.bool), exact=True)
    return bf16(model.softcap(h[0, -1] @ model.embed.T))
