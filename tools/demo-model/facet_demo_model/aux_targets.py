"""Per-soft-token auxiliary targets for training (never exported: the heads that read them are
dropped after training). Answers give a few tokens of signal per image; these give one label
per soft token (what colour and kind of object it shows, whether a shape's centre falls in it,
how many shapes the image holds, which word is printed there), so the vision encoder and the
decoder's image span learn to see in minutes instead of hours.

Labels follow the soft-token order the engine uses: row-major over the pooled grid of the
resized image (engine/generate/vision_inputs.cpp), one soft token = 3x3 patches = 48x48 px.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

from . import make_data
from . import twin

SIDE = twin.PATCH * twin.POOL  # pixels of the resized image per soft token, per axis
MIN_COVER = 0.12  # an object must cover this share of a token to name it
KINDS = make_data.SHAPES  # kind labels 1..4; 5 = printed word; 0 = nothing
INSIDE = len(KINDS) + 2  # feature-level kind of a token wholly inside a shape: no edge to see
FULL_COVER = 0.95
COLORS = list(make_data.COLORS)  # colour labels 1..8; 0 = nothing
WORD_KIND = len(KINDS) + 1
FIELDS = ("kind", "edge_kind", "color", "center", "first", "owner", "count", "word")


def token_targets(scene, pw, ph):
    """{field: int64 [gh * gw]} for the scene resized to pw x ph patches."""
    gw, gh = pw // twin.POOL, ph // twin.POOL
    w, h = scene["image"].size
    mask = np.asarray(make_data.label_mask(scene).resize((gw * SIDE, gh * SIDE), Image.NEAREST))
    blocks = mask.reshape(gh, SIDE, gw, SIDE)
    cover = np.stack([(blocks == label).sum((1, 3)) for label in range(8)], -1).reshape(-1, 8)
    top = cover[:, 1:].argmax(-1) + 1
    present = cover[np.arange(len(top)), top] >= MIN_COVER * SIDE * SIDE
    shapes = scene["shapes"]
    kind_of = np.zeros(8, dtype=np.int64)
    color_of = np.zeros(8, dtype=np.int64)
    for i, (kind, color, _) in enumerate(shapes):
        kind_of[i + 1] = KINDS.index(kind) + 1
        color_of[i + 1] = COLORS.index(color) + 1
    kind_of[make_data.WORD_LABEL] = WORD_KIND
    color_of[make_data.WORD_LABEL] = COLORS.index("black") + 1
    n = gw * gh
    kind = np.where(present, kind_of[top], 0)
    inside = (cover[np.arange(len(top)), top] >= FULL_COVER * SIDE * SIDE) & (kind <= len(KINDS))
    out = {"kind": kind, "edge_kind": np.where(inside, INSIDE, kind),
           "color": np.where(present, color_of[top], 0),
           "center": np.zeros(n, dtype=np.int64), "first": np.zeros(n, dtype=np.int64),
           "owner": np.where(present & (top <= len(shapes)), top, 0),
           "count": np.full(n, len(shapes), dtype=np.int64),
           "word": np.zeros(n, dtype=np.int64)}
    for i, (_, _, box) in enumerate(shapes):
        gx = min(gw - 1, int((box[0] + box[2]) / 2 * gw / w))
        gy = min(gh - 1, int((box[1] + box[3]) / 2 * gh / h))
        out["center"][gy * gw + gx] = 1
        owned = np.nonzero(present & (top == i + 1))[0]
        if len(owned):
            out["first"][owned[0]] = 1
    if scene.get("word"):
        out["word"] = np.where(top == make_data.WORD_LABEL,
                               make_data.WORDS.index(scene["word"]) + 1, 0)
        out["word"] = np.where(present, out["word"], 0)
    return out


def crop(targets, gw, window):
    """The targets of a window (x0, y0, cols, rows) of the soft-token grid, row-major."""
    x0, y0, cols, rows = window
    out = {k: v.reshape(-1, gw)[y0:y0 + rows, x0:x0 + cols].reshape(-1) for k, v in targets.items()}
    # a shape's first token may lie outside the window: unscored
    out["first"], out["owner"] = np.full_like(out["first"], -1), np.zeros_like(out["owner"])
    return out


class Heads(nn.Module):
    """Linear read-outs: `feature` ones on the projected soft tokens (what one token shows),
    `context` ones on the decoder's image span after a middle layer (what the object a token
    belongs to is, how many shapes there are, which word), `late` ones one layer further
    (whether a token is the first of its shape in reading order, which needs the kind that
    `context` names on the tokens before it)."""

    def __init__(self, hidden):
        super().__init__()
        self.feature = nn.ModuleDict({"edge_kind": nn.Linear(hidden, INSIDE + 1),
                                      "color": nn.Linear(hidden, len(COLORS) + 1)})
        self.context = nn.ModuleDict({"kind": nn.Linear(hidden, WORD_KIND + 1),
                                      "color": nn.Linear(hidden, len(COLORS) + 1),
                                      "center": nn.Linear(hidden, 2),
                                      "count": nn.Linear(hidden, 7),
                                      "word": nn.Linear(hidden, len(make_data.WORDS) + 1)})
        self.late = nn.ModuleDict({"first": nn.Linear(hidden, 2)})

    def loss(self, feats, context, late, feature_targets, context_targets):
        total = 0.0
        for name, head in self.feature.items():
            total = total + _loss(name, head(feats), feature_targets)
        for name, head in self.context.items():
            total = total + _loss(name, head(context), context_targets)
        for name, head in self.late.items():
            total = total + _loss(name, head(late), context_targets)
        return total


# Most soft tokens show background: scored on all tokens, a kind head learns "nothing here"
# and stays at chance on the objects (measured: 9 % right on shape tokens after 1,000 steps).
# What a token shows is scored on object tokens only; centres are rare, so they weigh more.
OBJECT_ONLY = {"kind", "edge_kind", "color", "word"}
CENTER_WEIGHT = torch.tensor([1.0, 20.0])


def _loss(name, logits, targets):
    target = targets[name]
    if name in OBJECT_ONLY:
        selector = targets["word"] if name == "word" else targets["color"]
        keep = selector > 0
        if not keep.any():
            return logits.sum() * 0.0
        return F.cross_entropy(logits[keep], target[keep])
    if name in ("center", "first"):  # -1: unscored (cross_entropy of nothing is NaN)
        if not (target >= 0).any():
            return logits.sum() * 0.0
        return F.cross_entropy(logits, target, weight=CENTER_WEIGHT, ignore_index=-1)
    return F.cross_entropy(logits, target)
