"""The twin's decoder (twin.Twin.decoder) for training, with each image's part computed once
for all the questions asked about it.

Why: training asks up to three questions about every image (train.EXTRA_QUESTIONS), and the
decoder ran the whole sequence (<bos> ... image ... question ... answer) once per question.
But nothing before the question can see it (the mask is causal outside the image span), so
the prefix and the image span come out the same for every question of an image. Here they
run once per image (the "context"), and each question runs only its own tokens, attending to
its image's context keys and values. Same function, less work: at level 280 the image span is
~280 of the ~300 tokens of a row.

Equal to Twin.decoder up to float summation order (tools/demo-model/tests/test_shared_decoder.py).
"""
import torch

from . import twin

# The context's attention runs one image at a time: a whole 1120 image's scores are
# [heads, ~1,100, ~1,100], 19 MB, and reuse freed memory; four at once are 77 MB, past glibc's
# largest mmap threshold (32 MB), so each such tensor is fresh memory faulted in page by page
# (~0.3 s for one masked_fill of that size on these machines).


def decode(model, ctx, ctx_span, ctx_valid, questions, q_valid, owner, taps=None,
           attention_of=None, values_of=None):
    """ctx [I, C, H]: each image's embedded prefix and soft tokens (positions 0 .. C-1, padded
    at the end, ctx_valid [I, C]; ctx_span [I, C] as Twin.decoder's span). questions [Q, L, H]:
    each question's own embedded tokens, which follow its image's context directly (padded at
    the end, q_valid [Q, L]); owner [Q]: the index of its image.

    Returns the final hidden states of the questions [Q, L, H]. `taps` {layer: None} receives
    the context's hidden states after those layers [I, C, H]; `attention_of` {layer: None}
    receives (context probabilities [I, heads, C, C], question probabilities
    [Q, heads, L, C + L]): a question's key axis is its image's context, then its own tokens.
    `values_of` {layer: None} receives the context's values there [I, C, heads, hd].
    """
    t = model.t
    C, L = ctx.shape[1], questions.shape[1]
    start = ctx_valid.sum(1)[owner]  # where each question begins
    window = t["sliding_window"]

    # the context: as Twin.decoder (causal, bidirectional within the image span)
    cpos = torch.arange(C)
    ci, cj = cpos[:, None], cpos[None, :]
    same = (ctx_span[:, :, None] == ctx_span[:, None, :]) & (ctx_span[:, :, None] >= 0)
    ctx_base = ((cj <= ci)[None] | same) & ctx_valid[:, None, :]
    ctx_masks = {False: ctx_base, True: ctx_base & ((ci - cj).abs() < window)[None]}

    # the questions: every valid context token of their image, then causal among their own
    qpos = start[:, None] + torch.arange(L)[None]  # absolute positions [Q, L]
    to_ctx = ctx_valid[owner][:, None, :].expand(-1, L, -1)
    li_, lj_ = torch.arange(L)[:, None], torch.arange(L)[None, :]
    to_self = ((lj_ <= li_)[None] & q_valid[:, None, :])
    q_base = torch.cat([to_ctx, to_self], 2)
    kpos = torch.cat([cpos[None].expand(len(owner), -1), qpos], 1)  # key positions [Q, C + L]
    near = (qpos[:, :, None] - kpos[:, None, :]).abs() < window
    q_masks = {False: q_base, True: q_base & near}

    x, y = ctx, questions
    for li, layer in enumerate(model.text_layers):
        sliding = t["sliding"][li]
        theta = t["rope_theta_sliding"] if sliding else t["rope_theta_global"]
        ccos, csin = twin.text_rope_tables(cpos, t["head_dim"], theta)
        qcos, qsin = twin.text_rope_tables(qpos, t["head_dim"], theta)
        cq, ck, cv = model.qkv(layer, x, ccos[:, None], csin[:, None])
        if li in (values_of or {}):
            values_of[li] = cv
        qq, qk, qv = model.qkv(layer, y, qcos[:, :, None], qsin[:, :, None])
        k = torch.cat([ck[owner], qk], 1)
        v = torch.cat([cv[owner], qv], 1)
        q_probs = model.attend(qq, k, q_masks[sliding])
        # after the last layer only the questions go on, unless its context is asked for
        need_ctx = li < len(model.text_layers) - 1 or li in (attention_of or {}) or \
            li in (taps or {})
        y = model.attention_output(layer, y, q_probs, v)
        c_probs = None
        if need_ctx:  # one image at a time (see CONTEXT_BY_IMAGE)
            parts = [(model.attend(cq[i:i + 1], ck[i:i + 1], ctx_masks[sliding][i:i + 1]), i)
                     for i in range(len(x))]
            x = torch.cat([model.attention_output(layer, x[i:i + 1], p, cv[i:i + 1])
                           for p, i in parts])
            if li in (attention_of or {}):
                c_probs = torch.cat([p for p, _ in parts])
        if li in (attention_of or {}):
            attention_of[li] = (c_probs, q_probs)
        if li in (taps or {}):
            taps[li] = x
    return twin.rms(y, model.final_norm, t["rms_eps"])
