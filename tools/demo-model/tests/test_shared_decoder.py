"""The training decoder that runs each image's part once for all its questions
(facet_demo_model/shared_decoder.py) equals the twin's decoder run on each whole sequence:
final hidden states of the question tokens, hidden states of the context, attention
probabilities of both. Random weights, images of different lengths, questions of different
lengths, a sliding window shorter than the sequences (so the window's edge is crossed)."""
import sys

import torch

from facet_demo_model import shared_decoder
from facet_demo_model import twin


TOLERANCE = 1e-4  # float32 summed in another order; a wrong mask or position is ~1e-1


def main():
    torch.manual_seed(3)
    text = dict(twin.TEXT, sliding_window=24)
    model = twin.Twin(text=text, used_tokens=list(range(10)))
    H, prefix = text["hidden"], 5
    images = [17, 30]  # soft tokens per image
    questions = [(0, 9), (0, 4), (1, 12)]  # (image, question length)
    C = prefix + max(images)
    L = max(n for _, n in questions)
    ctx = torch.randn(len(images), C, H)
    ctx_valid = torch.zeros(len(images), C, dtype=torch.bool)
    ctx_span = torch.full((len(images), C), -1)
    for i, n in enumerate(images):
        ctx_valid[i, :prefix + n] = True
        ctx_span[i, prefix:prefix + n] = 0
    qx = torch.randn(len(questions), L, H)
    q_valid = torch.zeros(len(questions), L, dtype=torch.bool)
    for b, (_, n) in enumerate(questions):
        q_valid[b, :n] = True
    owner = torch.tensor([i for i, _ in questions])
    taps, att = {1: None, 2: None}, {2: None, 3: None}
    with torch.no_grad():
        got = shared_decoder.decode(model, ctx, ctx_span, ctx_valid, qx, q_valid, owner, taps, att)
    worst = 0.0
    for b, (i, n) in enumerate(questions):
        c = prefix + images[i]
        x = torch.cat([ctx[i, :c], qx[b, :n]])[None]
        span = torch.cat([ctx_span[i, :c], torch.full((n,), -1)])[None]
        ref_taps, ref_att = {1: None, 2: None}, {2: None, 3: None}
        with torch.no_grad():
            ref = model.decoder(x, span, torch.ones_like(span, dtype=torch.bool),
                                taps=ref_taps, attention_of=ref_att)
        diffs = [(got[b, :n] - ref[0, c:]).abs().max()]
        for li in (1, 2):
            diffs.append((taps[li][i, :c] - ref_taps[li][0, :c]).abs().max())
        for li in (2, 3):
            ctx_probs, q_probs = att[li]
            full = ref_att[li][0]
            if ctx_probs is not None:
                diffs.append((ctx_probs[i, :, :c, :c] - full[:, :c, :c]).abs().max())
            # a question's keys: its image's context (padded to C), then its own tokens
            diffs.append((q_probs[b, :, :n, :c] - full[:, c:, :c]).abs().max())
            diffs.append((q_probs[b, :, :n, C:C + n] - full[:, c:, c:]).abs().max())
            if c < C:  # the padding gets nothing
                diffs.append(q_probs[b, :, :n, c:C].abs().max())
        worst = max(worst, max(float(d) for d in diffs))
    print(f"max |difference| {worst:.2e} (tolerance {TOLERANCE})")
    if worst > TOLERANCE:
        sys.exit("shared_decoder.decode differs from Twin.decoder")


if __name__ == "__main__":
    main()
