"""Writes a training checkpoint as the compact trained-weights file that
`facet-cli make-sim-model --weights` turns into a model folder (engine/sim/FORMAT.md, kind
"weights"): every tensor in bf16 under text./vision./projector./embedder., and the tied
262,144-row embedding / output table as a generator (seed, scale) plus the trained rows.

  export.py CHECKPOINT.pt OUT.rbln
"""
import json
import os
import sys

import numpy as np
import torch

from . import train
from . import twin

LAYER_TENSORS = ["input_norm", "q_proj", "k_proj", "v_proj", "q_norm", "k_norm", "o_proj",
                 "post_attention_norm", "pre_feedforward_norm", "gate_proj", "up_proj",
                 "down_proj", "post_feedforward_norm"]


def bf16_bytes(t):
    return t.detach().to(torch.bfloat16).contiguous().view(torch.int16).numpy().tobytes()


def tensors(model):
    out = []
    for prefix, layers in (("text", model.text_layers), ("vision", model.vision_layers)):
        for i, layer in enumerate(layers):
            for name in LAYER_TENSORS:
                out.append((f"{prefix}.layers.{i}.{name}", getattr(layer, name)))
    out.append(("text.final_norm", model.final_norm))
    out.append(("projector.projection", model.projection))
    out.append(("embedder.input_proj.weight", model.input_proj))
    out.append(("embedder.position_embedding_table", model.position_embedding_table))
    return out


def write(model, path):
    entries, blobs, offset = [], [], 0
    for name, t in tensors(model):
        data = bf16_bytes(t)
        entries.append({"name": name, "shape": list(t.shape), "dtype": "bfloat16",
                        "offset": offset, "bytes": len(data)})
        blobs.append(data)
        offset += len(data)
    rows = bf16_bytes(model.embed)
    entries.append({"name": "text.lm_head", "shape": [model.t["vocab"], model.t["hidden"]],
                    "dtype": "bfloat16",
                    "generator": {"kind": "splitmix64-uniform", "seed": train.EMBED_SEED_T,
                                  "scale": train.EMBED_SCALE},
                    "rows": {"ids": model.used.tolist(), "offset": offset, "bytes": len(rows)}})
    blobs.append(rows)
    header = {"format": "facet simulator rbln", "version": 1, "name": "demo_weights",
              "kind": "weights", "graphs": [],
              "config": {"text": model.t, "vision": model.v}, "tensors": entries}
    text = json.dumps(header, separators=(",", ":"))
    prefix = f"facet simulator rbln 1\n{len(text.encode())}\n{text}".encode()
    prefix += b"\0" * (-len(prefix) % 64)
    with open(path, "wb") as f:
        f.write(prefix)
        for b in blobs:
            f.write(b)


def load(checkpoint):
    state = torch.load(checkpoint)
    model = twin.Twin(vision=state.get("vision", twin.VISION), used_tokens=state["used"].tolist())
    model.load_state_dict(state["model"])
    return model, state


def read(path):
    """The Twin that write() stored in `path` (its weights as stored: bf16 values in float32)."""
    stored, config = twin.read_rbln(path)
    data, header, blob = twin.read_rbln_header(path)
    rows = next(t for t in header["tensors"] if t["name"] == "text.lm_head")["rows"]
    raw = np.frombuffer(data, dtype=np.int16, count=rows["bytes"] // 2,
                        offset=blob + rows["offset"])
    table = torch.from_numpy(raw.copy()).view(torch.bfloat16).float().view(len(rows["ids"]), -1)
    model = twin.Twin(config["text"], config["vision"], used_tokens=rows["ids"])
    names = dict(tensors(model))
    with torch.no_grad():
        for name, value in stored.items():
            names[name].copy_(value.view_as(names[name]))
        model.embed.copy_(table)
    return model


def main(argv=None):
    """export.py CHECKPOINT.pt OUT.rbln"""
    checkpoint, out = (sys.argv[1:] if argv is None else argv)[:2]
    model, state = load(checkpoint)
    write(model, out)
    print(f"{out}: {os.path.getsize(out)} bytes, step {state['step']}, "
          f"last loss {state['loss']:.4f}, {state['seconds']:.0f}s of training")


if __name__ == "__main__":
    main()
