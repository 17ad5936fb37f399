"""Trains the demo model on generated images (make_data.py) with the PyTorch twin (twin.py),
on the CPU, reproducibly (fixed seeds, fixed step count), and writes the compact weights
(export.py). Usage:

  train.py TOKENS.json OUT_DIR [--init-vision STAGE1.pt] [--steps N] [--threads 1]
           [--shared-image [--count-readout]] [--resume CHECKPOINT.pt [--polish]]
           [--init-model READING.pt [--vision-from READING.pt | --fresh-decoder] --start STEP
            --reading [--freeze-vision] [--whole-cache CACHE.pt ... --whole-fraction F]]
           [--init-weights WEIGHTS.rbln --start STEP] [--train-only PREFIX,...]
           [--level-weights W70,W140,W280,W560,W1120] [--count-weight W]
           [--real-fraction F [--real-whole F]] [--keep-close WEIGHTS.rbln [--keep-weight W]]

retrain.sh runs it seven times: 3,500 steps; 500 more at the schedule's tail; 400 more with
--polish (the question mix tilted to what is still short of its goal, POLISH_QWEIGHTS, and
off-task questions that start like a task question, near_task_question); then twice in the
reading part (below); then --polish --count-readout: the count read from the attention's
output without the noise of its values (attention_targets.py says how), with a mix tilted
further to counts (COUNT_READOUT_QWEIGHTS); last, the same mix with most batches at 280 (the
count's goal level) and only the last layer and the final norm trained (--train-only), from
the weights as exported (--init-weights): the digit is read from the count heads' output by
that layer's MLP, and the shares it reads differ between levels (RESULTS.md has the gain).
Issue #55's real stages add images from outside the task (--real-fraction, real_images.py), and
the later ones a teacher (--keep-close: keep_close_loss) that holds the answers to task images.
--init-model --reading goes on from the reading stage (reading_stage.py): its whole model with
fresh auxiliary heads (trained alone for --heads-first steps) and a schedule of its own from
--start, more 1120 batches, and word answers told to look at the word's tokens. With
--freeze-vision, --whole-cache takes its whole 1120 batches from whole_cache.py's files (soft
tokens computed once), so whole images stop costing the vision side's ~2 s each. --vision-from
swaps in another reading stage's vision side under the --init-model decoder (a decoder trained
on one frozen side goes on under a side that reads more); --fresh-decoder keeps only the
--init-model's vision side and starts the rest afresh, as stage 2 does (the recipe without
stage 2 that RESULTS.md measured; retrain.sh does not use it).

What makes the base model's stages fit in ~72 minutes on 2 cores (the reading part takes
~2.2 hours more: tools/demo-model/bench/RESULTS.md):
- Two stages: pretrain_vision.py first teaches the vision side the shapes alone (--init-vision
  loads it; its learning rate here is --vision-lr-scale of the rest, so the decoder's early,
  noisy gradients do not undo it).
- Dense auxiliary targets (aux_targets.py): every soft token is labelled with what it shows,
  so the vision side learns from hundreds of labels per image, not from a 3-token answer.
- Attention targets (attention_targets.py): for colour, shape and count questions, where the
  answer must look is supervised too, so the lookup is not left to be found by the answer loss.
- Reading is trained mostly on windows of soft tokens around the word (crop_to_word).
- --shared-image: the decoder runs each image's prefix and soft tokens once for all the
  questions about it (shared_decoder.py), not once per question: the same losses in about half
  the decoder's time (tools/demo-model/bench/RESULTS.md). Its float sums come in another order,
  so it does not reproduce the committed weights; retrain.sh leaves it off until the next
  retrain.
- glibc's malloc kept from returning freed memory to the kernel (retrain.sh says how and why).
- Padding patches are skipped; only the vocabulary rows the task uses are trained (the rest
  stay generated).
- OpenBLAS (libopenblas0-pthread) behind torch: Debian's reference BLAS is 35x slower.
  Set OPENBLAS_NUM_THREADS=1 (retrain.sh does): one core trains, two data workers draw the
  images (data_workers.py), and with --freeze-vision also run the vision side's forward
  (with_feats); two trainer threads give other bits and were slower here.
FACET_DEMO_VISION_ATTENTION=0 trains with the vision encoder's attention output held at zero
(cheaper; the simulator then adds exactly zero). The base model's stages have it live; the
committed model's reading side is local (reading_stage.py --local), and a local side runs
without the attention at all, frozen or trained, so it stays local (twin.Twin.vision_attends).
"""
import argparse
import json
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn.functional as F

from . import attention_targets
from . import aux_targets
from . import data_workers
from . import make_data
from . import real_images
from . import shared_decoder
from . import twin

EMBED_SEED = 0x5EED_DE40  # seed of the generated (untrained) table rows
EMBED_SCALE = 0.05
LEVELS = [70, 140, 280, 560, 1120]
LEVEL_WEIGHTS = [0.08, 0.25, 0.30, 0.12, 0.25]
EXTRA_QUESTIONS = 2  # more questions about the same image: its vision work is shared
BATCH = {70: 12, 140: 8, 280: 6, 560: 8, 1120: 8}
FULL_BATCH = {560: 3, 1120: 2}
# question mix; reading gets more weight where the print is visible
QTYPES = ["color", "shape", "count", "word", "describe", "offtask"]
QWEIGHTS = {70: [3, 3, 3, 1, 1, 1], 140: [3, 3, 3, 2, 1, 1], 280: [3, 3, 3, 2, 1, 1],
            560: [2, 2, 2, 5, 2, 1], 1120: [1, 1, 1, 8, 2, 1]}
NEGATIVES = 4096  # generated rows kept in the softmax so trained logits learn to beat them
AUX_LAYER = 1  # the decoder layer whose image span the context heads read (aux_targets.py)
LATE_LAYER = 2  # ... and the late heads
AUX_WEIGHT = 0.3
POINTER_WEIGHT = 1.0  # the attention targets (attention_targets.py)
VISION_ATTENTION = os.environ.get("FACET_DEMO_VISION_ATTENTION", "1") == "1"
FULL_FRACTION = 0.12  # batches at 560/1120 on whole images (any question); the rest: word crops
# --polish: a last, short run at the schedule's tail on the questions still short of their goals
# (count, shape of a colour, off-task), at the levels the bench asks them at; no reading crops.
POLISH_LEVEL_WEIGHTS = [0.2, 0.3, 0.5, 0.0, 0.0]
POLISH_QWEIGHTS = [3, 4, 6, 1, 1, 4]
# --polish --count-readout: counts weigh most; the levels keep the reading batches (without
# them, 1,500 such steps took the printed word at 1120 from 82 % to 73.5 %)
COUNT_READOUT_QWEIGHTS = [2, 2, 8, 1, 1, 2]
COUNT_READOUT_LEVEL_WEIGHTS = [0.15, 0.2, 0.35, 0.05, 0.25]
POLISH_NEAR_TASK = 0.3  # share of --polish off-task questions made by near_task_question
RANDOM_OFFTASK = 0.3  # share of off-task questions made of random untrained rows
NEAR_TASK_OF_THE_REST = POLISH_NEAR_TASK / (1 - RANDOM_OFFTASK)
# --reading: after reading_stage.py, the decoder learns to answer with the word its soft tokens
# now carry; more batches at 1120, and the answer to a word question is told where to look.
READING_LEVEL_WEIGHTS = [0.08, 0.17, 0.25, 0.10, 0.40]
# ... and more whole images there: trained on word windows alone, it read 50 % of 1120 windows
# and 0 % of whole 1120 images (~1,000 soft tokens). A whole 1120 image through the reading
# stage's vision side takes ~2 s forward (chunked, as --freeze-vision runs it), ~3.5 s with
# backward: use with --freeze-vision, or better --whole-cache.
READING_FULL_FRACTION = 0.3
# --whole-cache: whole 1120 images whose soft tokens whole_cache.py computed once (the vision
# side frozen); a batch of them costs the decoder only, so it holds more images
CACHED_BATCH = 4


class Tokens:
    def __init__(self, path):
        d = json.load(open(path))
        self.prefix, self.suffix = d["prefix"], d["suffix"]
        self.questions, self.answers, self.segments = d["questions"], d["answers"], d["segments"]
        used = set(self.used())
        self.unseen = [i for i in range(300, 255000) if i not in used]
        self.task_forms = self._task_forms()

    def _task_forms(self):
        """Each task question with the index (in its body, after "<image|>\n\n") of its first
        word that varies within its template (the shape, colour or kind asked about), or of its
        last word where nothing varies."""
        forms = []
        for group in make_data.task_question_groups():
            bodies = [self.questions[q][2:-1] for q in group]
            subject = next((i for i in range(len(bodies[0]))
                            if len({tuple(b[i:i + 1]) for b in bodies}) > 1), len(bodies[0]) - 1)
            forms += [(q, subject) for q in group]
        return forms

    def answer(self, text):
        if text in self.answers:
            return self.answers[text]
        from . import tokens as tk  # composition rule shared with tokens.py
        return tk.compose(self.segments, text)

    def used(self):
        ids = set(self.prefix) | set(self.suffix) | {twin.END_OF_TURN}
        for q, v in self.questions.items():
            if q not in make_data.OFFTASK_HELD_OUT:  # never trained: they stay generated rows
                ids |= set(v)
        for v in list(self.answers.values()) + list(self.segments.values()):
            ids |= set(v)
        ids -= {twin.IMAGE}
        return sorted(ids)


def crop_to_word(pixels, positions, pw, ph, box, size, rng):
    """A window of soft tokens around the printed word, as if cut from the full image's
    soft-token grid: patches keep their absolute positions (position embeddings), pooling
    slots become window-local. Reading is trained mostly this way: a 1120 image has ~1,100
    soft tokens, the window ~100."""
    sx, sy = pw * twin.PATCH / size[0], ph * twin.PATCH / size[1]
    gw, gh = pw // 3, ph // 3
    x0, x1 = int(box[0] * sx) // 48, min(gw - 1, int(box[2] * sx) // 48)
    y0, y1 = int(box[1] * sy) // 48, min(gh - 1, int(box[3] * sy) // 48)
    cw = min(gw, max(x1 - x0 + 1 + rng.randint(2, 8), rng.randint(8, 14)))
    ch = min(gh, max(y1 - y0 + 1 + rng.randint(1, 5), rng.randint(4, 9)))
    wx0 = rng.randint(max(0, x1 - cw + 1), min(x0, gw - cw))
    wy0 = rng.randint(max(0, y1 - ch + 1), min(y0, gh - ch))
    gx, gy = positions[:, 0] // 3, positions[:, 1] // 3
    keep = (gx >= wx0) & (gx < wx0 + cw) & (gy >= wy0) & (gy < wy0 + ch)
    pool = positions[keep] - np.array([3 * wx0, 3 * wy0])
    return pixels[keep], positions[keep], pool, cw, cw * ch, (wx0, wy0, cw, ch)


def near_task_question(rng, tok):
    """A task question whose subject and the rest are replaced by untrained vocabulary rows
    ("How many" + unknown words + "?"): refused. The off-task misses on the bench start like a
    task question ("How many animals are in the picture?", "What is the square root of 81?");
    this teaches that the whole form matters, with rows that stand for any unseen word."""
    question, subject = rng.choice(tok.task_forms)
    body, end = tok.questions[question][2:-1], tok.questions[question][-1:]
    keep = rng.randint(1, subject)
    unseen = [rng.choice(tok.unseen) for _ in range(rng.randint(1, 4))]
    return tok.questions[question][:2] + body[:keep] + unseen + (end if rng.random() < 0.7 else [])


def make_sample(rng, level, tok, crop, polish, reading=False, qtype=None, count_readout=False,
                count_weight=None, real=False):
    """One image, its questions (the first of `qtype` if given) and its per-token targets.
    count_weight: the count questions' weight in the mix instead of the mix's own.
    real: an image from outside the task family (real_images.py), every question about it
    answered with the refusal."""
    if real:
        return real_sample(rng, level, tok)
    qweights = ((COUNT_READOUT_QWEIGHTS if count_readout else POLISH_QWEIGHTS) if polish
                else QWEIGHTS[level])
    if count_weight is not None:
        qweights = [count_weight if t == "count" else w for t, w in zip(QTYPES, qweights)]
    if qtype is None:
        qtype = "word" if crop else rng.choices(QTYPES, weights=qweights)[0]
    case = make_data.make_case(rng, qtype)
    pixels, positions, pw, ph = twin.preprocess(case["image"], level)
    pool, per_row, n = positions, pw // 3, twin.soft_tokens(pw, ph)
    targets = aux_targets.token_targets(case, pw, ph)
    if crop:
        pixels, positions, pool, per_row, n, window = crop_to_word(
            pixels, positions, pw, ph, case["word_box"], case["image"].size, rng)
        targets = aux_targets.crop(targets, pw // 3, window)
    qas = [(case["question"], case["answer"], qtype)]
    if not crop:
        for other in rng.sample([t for t in QTYPES if t != qtype], EXTRA_QUESTIONS):
            qa = make_data.ask(rng, case, other)
            if qa:
                qas.append((qa[0], qa[1], other))
    seqs = []
    for question, answer, kind in qas:
        q = tok.questions[question]
        if kind == "offtask" and rng.random() < RANDOM_OFFTASK:
            # unseen words: random untrained vocabulary rows between <image|>\n\n and <turn|>
            q = q[:2] + [rng.randrange(300, 255000) for _ in range(rng.randint(2, 12))]
        elif kind == "offtask" and polish and rng.random() < NEAR_TASK_OF_THE_REST:
            q = near_task_question(rng, tok)
        seqs.append(dict(ids=tok.prefix + [twin.IMAGE] * n + q + tok.suffix,
                         answer=tok.answer(answer) + [twin.END_OF_TURN], qtype=kind,
                         pointer=attention_targets.pointer(question, kind, reading)))
    return dict(pixels=pixels, positions=positions, pool=pool, per_row=per_row, seqs=seqs,
                img_start=len(tok.prefix), n=n, targets=targets)


def real_sample(rng, level, tok):
    """make_sample's sample for an image of real_images.py: 1 + EXTRA_QUESTIONS questions
    (task forms, trained off-task ones, or untrained rows as make_sample's off-task questions
    have them), each answered with the refusal, with no place to look (no pointer)."""
    case = real_images.make_case(rng)
    pixels, positions, pw, ph = twin.preprocess(case["image"], level)
    n = twin.soft_tokens(pw, ph)
    questions = [case["question"]] + [real_images.question(rng) for _ in range(EXTRA_QUESTIONS)]
    seqs = []
    for question in questions:
        q = tok.questions[question]
        if rng.random() < RANDOM_OFFTASK:
            q = q[:2] + [rng.randrange(300, 255000) for _ in range(rng.randint(2, 12))]
        seqs.append(dict(ids=tok.prefix + [twin.IMAGE] * n + q + tok.suffix,
                         answer=tok.answer(case["answer"]) + [twin.END_OF_TURN], qtype="real",
                         pointer=None))
    return dict(pixels=pixels, positions=positions, pool=positions, per_row=pw // 3, seqs=seqs,
                img_start=len(tok.prefix), n=n, targets=aux_targets.token_targets(case, pw, ph))


class Batches(torch.utils.data.IterableDataset):
    """The training stream, made by worker processes (data_workers.py) while the trainer
    trains; a pure function of the seed, so runs repeat exactly."""

    def __init__(self, tok, steps, start, polish=False, reading=False, cached=0,
                 whole_fraction=None, count_readout=False, level_weights=None, count_weight=None,
                 frozen_vision=None, real_fraction=0.0, real_whole=0.0):
        self.tok, self.steps, self.start = tok, steps, start
        self.real_fraction, self.real_whole = real_fraction, real_whole
        self.frozen_vision = frozen_vision
        self.count_weight = count_weight
        self.level_weights = level_weights
        self.polish, self.reading, self.count_readout = polish, reading, count_readout
        self.cached, self.whole_fraction = cached, whole_fraction

    def __iter__(self):
        for step in data_workers.worker_steps(self.start, self.steps):
            rng = random.Random(14_000_000 + step)  # training seeds; the bench uses >= 10**9
            weights = self.level_weights or (
                COUNT_READOUT_LEVEL_WEIGHTS if self.count_readout else
                POLISH_LEVEL_WEIGHTS if self.polish else
                READING_LEVEL_WEIGHTS if self.reading else LEVEL_WEIGHTS)
            level = rng.choices(LEVELS, weights=weights)[0]
            full = READING_FULL_FRACTION if self.reading else FULL_FRACTION
            if self.whole_fraction is not None:
                full = self.whole_fraction
            crop = level >= 560 and rng.random() >= full
            if self.real_whole > 0 and level >= 560 and rng.random() < self.real_whole:
                # --real-whole: a batch of whole real images at a high level (there,
                # --whole-fraction 0 makes every other batch a word window, so --real-fraction
                # alone never shows the decoder a real image's ~250-1,100 soft tokens; issue
                # #55's held-out photos failed mostly at 1120: bench/RESULTS.md)
                batch = [real_sample(rng, level, self.tok) for _ in range(FULL_BATCH[level])]
                if self.frozen_vision is not None:
                    batch = with_feats(self.frozen_vision, batch)
                yield level, batch
                continue
            if self.cached and level == 1120 and not crop:  # whole_cache.py's images
                yield level, ("cached", rng.sample(range(self.cached),
                                                     min(CACHED_BATCH, self.cached)))
                continue
            size = FULL_BATCH[level] if level >= 560 and not crop else BATCH[level]
            # real images only where asked: without, the stream draws exactly as before
            batch = [make_sample(rng, level, self.tok, crop, self.polish, self.reading,
                                 count_readout=self.count_readout, count_weight=self.count_weight,
                                 real=(self.real_fraction > 0 and not crop
                                       and rng.random() < self.real_fraction))
                     for _ in range(size)]
            if self.frozen_vision is not None:
                batch = with_feats(self.frozen_vision, batch)
            yield level, batch


class Generated:
    """Rows of the generated table, computed on demand and cached."""

    def __init__(self, hidden):
        self.hidden, self.cache = hidden, {}

    def __call__(self, ids):
        flat = ids.reshape(-1).tolist()
        missing = [i for i in set(flat) if i not in self.cache]
        if missing:
            rows = twin.generated_rows(EMBED_SEED_T, EMBED_SCALE, missing, self.hidden)
            for i, r in zip(missing, rows):
                self.cache[i] = r
        return torch.stack([self.cache[i] for i in flat]).view(*ids.shape, self.hidden)


EMBED_SEED_T = twin.tensor_seed(EMBED_SEED, "embed_tokens")


def forward_batch(model, heads, batch, gen, negatives, tok, shared_image=False,
                  vision_grad=True, count_readout=False, keep=None):
    """The loss of one batch of images and their questions, whether each answer came out
    right (teacher-forced, greedy), the questions, and the auxiliary and attention losses.
    shared_image: run each image's part of the decoder once for all its questions
    (shared_decoder.py: same function, less work); otherwise once per question.
    vision_grad=False: the vision side runs without a backward pass (--freeze-vision).
    count_readout: the last stage's count heads and value loss (shared_image only).
    keep: (teacher, weight) of --keep-close: the loss adds weight x the KL divergence of this
    model's answer distributions from the teacher's, on every question but the real images'.
    A batch from --whole-cache, or drawn with the vision side frozen (with_feats), carries its
    soft tokens ("feats") instead of pixels."""
    if "feats" in batch[0]:
        feats = torch.cat([s["feats"] for s in batch])
    else:
        feats = image_feats(model, batch, vision_grad)
    targets = {k: torch.from_numpy(np.concatenate([s["targets"][k] for s in batch]))
               for k in aux_targets.FIELDS}
    starts = np.cumsum([0] + [s["n"] for s in batch])
    questions = [dict(q, image=i, img_start=s["img_start"], n=s["n"],
                      tokens=slice(starts[i], starts[i + 1]))
                 for i, s in enumerate(batch) for q in s["seqs"]]
    if shared_image:
        hs, aux, pointer = decode_shared(model, heads, questions, feats, targets, gen, tok,
                                         count_readout)
    else:
        assert not count_readout, "--count-readout needs --shared-image"
        hs, aux, pointer = decode_rows(model, heads, questions, feats, targets, gen, tok)
    token_targets = targets  # the soft tokens' labels (aux_targets.py), for keep_close_loss
    targets = [tgt for s in questions for tgt in s["answer"]]
    table = torch.cat([model.embed, negatives])
    logits = model.softcap(hs @ table.T)
    local = model.lookup[torch.tensor(targets)]
    loss = F.cross_entropy(logits, local) + AUX_WEIGHT * aux + POINTER_WEIGHT * pointer
    if keep is not None:
        loss = loss + keep[1] * keep_close_loss(keep[0], heads, questions, feats, token_targets,
                                                gen, tok, count_readout, negatives, logits)
    # per-sample exact match (greedy over the trained rows and the negatives)
    correct = (logits.argmax(-1) == local)
    per_sample, i = [], 0
    for s in questions:
        per_sample.append(bool(correct[i:i + len(s["answer"])].all()))
        i += len(s["answer"])
    return loss, per_sample, questions, aux, pointer


def keep_close_loss(teacher, heads, questions, feats, targets, gen, tok, count_readout,
                    negatives, logits):
    """--keep-close: KL(teacher || model) of the answer tokens' distributions, teacher-forced,
    over the questions about task images (a real image's rows are left out: there the teacher's
    answer is what the stage is changing). Issue #55's real stage moved the photos' answers to
    the refusal only by training more than the last layer, and that cost the count's readout
    and the order of a description (bench/RESULTS.md); the teacher (the weights that met the
    task goals) holds the task answers where they were. The teacher's vision side must be the
    model's (--freeze-vision: the soft tokens come from the batch)."""
    keep_rows = torch.tensor([s["qtype"] != "real" for s in questions for _ in s["answer"]])
    if not keep_rows.any():
        return logits.new_zeros(())
    with torch.no_grad():
        hs, _, _ = decode_shared(teacher, heads, questions, feats, targets, gen, tok,
                                 count_readout)
        table = torch.cat([teacher.embed, negatives])
        want = F.log_softmax(teacher.softcap(hs @ table.T)[keep_rows], -1)
    have = F.log_softmax(logits[keep_rows], -1)
    return F.kl_div(have, want, log_target=True, reduction="batchmean")


def image_feats(model, batch, vision_grad):
    """The batch's images through the vision side: their projected soft tokens, in order."""
    pixels = torch.from_numpy(np.concatenate([s["pixels"] for s in batch]))
    positions = torch.from_numpy(np.concatenate([s["positions"] for s in batch]))
    offsets, slots_per_row, total = [], [], 0
    for s in batch:
        offsets.append(torch.full((len(s["pixels"]),), total, dtype=torch.long))
        slots_per_row.append(torch.full((len(s["pixels"]),), s["per_row"], dtype=torch.long))
        total += s["n"]
    pad = torch.zeros(len(pixels), dtype=torch.bool)
    with torch.set_grad_enabled(vision_grad and torch.is_grad_enabled()):
        emb, _ = model.vision_inputs(pixels, positions, exact=False)
        # one image at a time: patches attend within their own image. A local side (every
        # o_proj zero: twin.Twin.vision_attends) runs without the attention, trained or not,
        # so it stays local: through rms(0) a zero o_proj's gradient is ~1/sqrt(eps) times
        # the rest, and the clipped step would spend itself there (RESULTS.md, run W1)
        if VISION_ATTENTION and model.vision_attends():
            sizes = [len(s["pixels"]) for s in batch]
            chunk = None if vision_grad else twin.QUERY_CHUNK  # frozen: need not repeat sums
            x = torch.cat([model.vision_encoder(e, p, m, attention=True, chunk=chunk)
                           for e, p, m in
                           zip(emb.split(sizes), positions.split(sizes), pad.split(sizes))])
        else:
            x = model.vision_encoder(emb, positions, pad, attention=False)
        pool_pos = torch.from_numpy(np.concatenate([s["pool"] for s in batch]))
        pooled = model.pool(x, pool_pos, pad, torch.cat(slots_per_row), torch.cat(offsets), total)
        return model.project(pooled, exact=False)


def with_feats(model, batch):
    """The batch with each image's soft tokens under the frozen vision side in place of its
    pixels: made in a worker process (the model as it was when the workers started), this
    spares the trainer the vision forward and the pixels' transfer (~27 MB a step on average):
    decoder steps 0.46 -> 0.40 s (RESULTS.md, twenty-sixth session). The same call on the same
    batch as the trainer would make, so the same soft tokens bit for bit (whole_cache.py's
    entries are made per image, another order of sums, and stay as they are)."""
    feats = image_feats(model, batch, vision_grad=False).split([s["n"] for s in batch])
    bulky = ("pixels", "positions", "pool")
    return [dict({k: v for k, v in s.items() if k not in bulky}, feats=f.clone())
            for s, f in zip(batch, feats)]


def embed_text(model, ids, gen):
    """The embedded rows of token ids (Gemma scales the table by sqrt(hidden), in bf16)."""
    scale = float(twin.bf16(torch.tensor(math.sqrt(model.t["hidden"]))))
    return model.table_rows(ids, gen) * scale


def image_rows(questions):
    """Indices into the batch's soft tokens: each question's image, once per question (the
    weight the auxiliary targets have always had)."""
    return torch.cat([torch.arange(s["tokens"].start, s["tokens"].stop) for s in questions])


def aux_loss(heads, feats, after_aux, after_late, targets, rows_img):
    """heads.loss with the decoder's image-span states given once per question (rows_img)."""
    context_targets = {k: v[rows_img] for k, v in targets.items()}
    return heads.loss(feats, after_aux, after_late, targets, context_targets)


def answer_positions(questions, begin):
    """Per question, the decoder row position that predicts its first answer token, with its
    decoded tokens starting at absolute position begin[b]."""
    return [len(s["ids"]) - 1 - begin[b] for b, s in enumerate(questions)]


def pointer_rows(questions, at):
    """attention_targets.loss's rows: the questions whose answer has a place to look, each at
    the row that predicts the answer token naming what it finds."""
    return [(b, at[b] + attention_targets.answer_token(s["qtype"]), s["img_start"],
             s["pointer"], s["tokens"])
            for b, s in enumerate(questions) if s["pointer"]]


def answer_states(h, questions, at):
    """The final hidden states that predict each answer token [answer tokens, H]."""
    return torch.stack([h[b, at[b] + k] for b, s in enumerate(questions)
                        for k in range(len(s["answer"]))])


def decode_rows(model, heads, questions, feats, targets, gen, tok):
    """The decoder once per question, on its whole sequence: the answer rows' final hidden
    states [answer tokens, H], the auxiliary loss and the attention-target loss."""
    # one decoder row per question; image features repeated for every question of an image
    rows_img = image_rows(questions)
    image_feats, feats = feats, feats[rows_img]
    seqs = [s["ids"] + s["answer"][:-1] for s in questions]
    T = max(len(q) for q in seqs)
    ids = torch.zeros(len(questions), T, dtype=torch.long)
    valid = torch.zeros(len(questions), T, dtype=torch.bool)
    span = torch.full((len(questions), T), -1, dtype=torch.long)
    for b, q in enumerate(seqs):
        ids[b, :len(q)] = torch.tensor(q)
        valid[b, :len(q)] = True
        s = questions[b]
        span[b, s["img_start"]:s["img_start"] + s["n"]] = 0
    is_img = span >= 0
    text_ids = torch.where(is_img | ~valid, torch.full_like(ids, tok.prefix[0]), ids)
    x = embed_text(model, text_ids, gen)
    x = x.masked_scatter(is_img[..., None], feats)
    taps = {AUX_LAYER: None, LATE_LAYER: None}
    attention = {attention_targets.LAYER: None, attention_targets.FIRST_LAYER: None}
    h = model.decoder(x, span, valid, taps=taps, attention_of=attention)
    aux = aux_loss(heads, image_feats, taps[AUX_LAYER][is_img], taps[LATE_LAYER][is_img],
                   targets, rows_img)
    at = answer_positions(questions, [0] * len(questions))
    pointer = attention_targets.loss(attention[attention_targets.LAYER],
                                     pointer_rows(questions, at), targets)
    first_rows, seen = [], set()
    for b, s in enumerate(questions):  # the image span's attention is the same for every question
        if s["tokens"].start not in seen:
            seen.add(s["tokens"].start)
            first_rows.append((b, s["img_start"], s["tokens"]))
    pointer = pointer + attention_targets.first_loss(attention[attention_targets.FIRST_LAYER],
                                                     first_rows, targets)
    return answer_states(h, questions, at), aux, pointer


def decode_shared(model, heads, questions, feats, targets, gen, tok, count_readout=False):
    """As decode_rows, with each image's prefix and soft tokens run once (shared_decoder.py)."""
    images = {}
    for s in questions:
        images.setdefault(s["image"], s)
    images = [images[i] for i in sorted(images)]
    prefix = images[0]["ids"][:images[0]["img_start"]]
    C = len(prefix) + max(s["n"] for s in images)
    ctx = torch.zeros(len(images), C, model.t["hidden"])
    ctx_valid = torch.zeros(len(images), C, dtype=torch.bool)
    ctx_span = torch.full((len(images), C), -1, dtype=torch.long)
    prefix_rows = embed_text(model, torch.tensor(prefix), gen)
    for i, s in enumerate(images):
        ctx[i, :len(prefix)] = prefix_rows
        ctx[i, len(prefix):len(prefix) + s["n"]] = feats[s["tokens"]]
        ctx_valid[i, :len(prefix) + s["n"]] = True
        ctx_span[i, len(prefix):len(prefix) + s["n"]] = 0
    own = [s["ids"][s["img_start"] + s["n"]:] + s["answer"][:-1] for s in questions]
    L = max(len(q) for q in own)
    ids = torch.full((len(questions), L), tok.prefix[0], dtype=torch.long)
    q_valid = torch.zeros(len(questions), L, dtype=torch.bool)
    for b, q in enumerate(own):
        ids[b, :len(q)] = torch.tensor(q)
        q_valid[b, :len(q)] = True
    owner = torch.tensor([s["image"] for s in questions])
    taps = {AUX_LAYER: None, LATE_LAYER: None}
    attention = {attention_targets.LAYER: None, attention_targets.FIRST_LAYER: None}
    values = {attention_targets.LAYER: None} if count_readout else None
    h = shared_decoder.decode(model, ctx, ctx_span, ctx_valid, embed_text(model, ids, gen),
                              q_valid, owner, taps=taps, attention_of=attention,
                              values_of=values)
    is_img = ctx_span >= 0
    rows_img = image_rows(questions)
    aux = aux_loss(heads, feats, taps[AUX_LAYER][is_img][rows_img],
                   taps[LATE_LAYER][is_img][rows_img], targets, rows_img)
    # a question's own tokens start where its image's context ends
    at = answer_positions(questions, [s["img_start"] + s["n"] for s in questions])
    pointer = attention_targets.loss(attention[attention_targets.LAYER][1],
                                     pointer_rows(questions, at), targets, count_readout)
    first_rows = [(i, s["img_start"], s["tokens"]) for i, s in enumerate(images)]
    pointer = pointer + attention_targets.first_loss(
        attention[attention_targets.FIRST_LAYER][0], first_rows, targets)
    if count_readout:
        pointer = pointer + attention_targets.value_loss(values[attention_targets.LAYER],
                                                         first_rows, targets)
    return answer_states(h, questions, at), aux, pointer


def load_vision(model, path):
    """Puts the vision side of checkpoint `path` (same configuration) into `model`."""
    other = torch.load(path)
    assert other["vision"] == model.v, f"{path}: a vision side of another shape"
    assert other["used"].tolist() == model.used.tolist(), f"{path}: another vocabulary"
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.startswith(twin.VISION_PARAMS):
                p.copy_(other["model"][name])


def load_whole_cache(paths, model, frozen):
    """The entries of whole_cache.py's files, checked to come from this model's vision side."""
    entries = []
    for path in paths:
        assert frozen, "--whole-cache needs --freeze-vision: cached soft tokens cannot move"
        cache = torch.load(path)
        ours = model.state_dict()
        for name, value in cache["vision_state"].items():
            assert torch.equal(ours[name], value), f"{path}: another vision side ({name})"
        entries += cache["entries"]
    return entries


def parse_args(argv=None):
    """train.py's command line (the module docstring has the usage)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("tokens")
    ap.add_argument("out")
    ap.add_argument("--steps", type=int, default=3500)
    ap.add_argument("--threads", type=int, default=1)  # + the data workers = 2 cores
    ap.add_argument("--lr", type=float, default=4e-3)
    ap.add_argument("--resume")
    ap.add_argument("--polish", action="store_true", help="the question mix of POLISH_QWEIGHTS")
    ap.add_argument("--count-readout", action="store_true",
                    help="with --shared-image: the count heads and value loss of the last "
                         "stages (attention_targets.py); with --polish, its mix too")
    ap.add_argument("--init-vision", help="stage 1's output (pretrain_vision.py)")
    ap.add_argument("--init-model", help="a whole model to go on from (reading_stage.py's "
                    "output), with fresh auxiliary heads and optimizer, at step --start")
    ap.add_argument("--start", type=int, default=0, help="with --init-model: its first step")
    ap.add_argument("--vision-from", help="with --init-model: the vision side of this checkpoint "
                    "(reading_stage.py's or train.py's) instead of its own")
    ap.add_argument("--fresh-decoder", action="store_true",
                    help="with --init-model: only its vision side; the decoder and the vocabulary "
                         "rows made afresh, as stage 2 starts them")
    ap.add_argument("--heads-first", type=int, default=50,
                    help="with --init-model: steps that train only the fresh auxiliary heads")
    ap.add_argument("--reading", action="store_true",
                    help="READING_LEVEL_WEIGHTS, and word answers told where to look")
    ap.add_argument("--freeze-vision", action="store_true",
                    help="the vision side as it is, run without a backward pass (a two-layer "
                         "side's backward is ~4x its forward), its forward in the data workers")
    ap.add_argument("--whole-cache", nargs="+", default=[],
                    help="with --freeze-vision: whole 1120 batches from these whole_cache.py "
                         "files (made with this model's vision side)")
    ap.add_argument("--whole-fraction", type=float,
                    help="share of the 560/1120 batches on whole images (default: "
                         "READING_FULL_FRACTION with --reading, else FULL_FRACTION)")
    ap.add_argument("--shared-image", action="store_true",
                    help="run each image's part of the decoder once for all its questions "
                         "(shared_decoder.py): the same losses in less time, but not the "
                         "same float sums, so not the committed weights")
    ap.add_argument("--init-weights", help="a whole model as export.py stored it (its bf16 "
                    "values), with fresh auxiliary heads and optimizer, at step --start")
    ap.add_argument("--train-only", type=lambda s: s.split(","), metavar="PREFIX,...",
                    help="train only the parameters whose names start with one of these "
                         "(twin.Twin's names, e.g. text_layers.3.); the rest stay as loaded")
    ap.add_argument("--level-weights", type=lambda s: [float(x) for x in s.split(",")],
                    help="the five levels' weights (70,140,280,560,1120), instead of the mix's")
    ap.add_argument("--count-weight", type=float,
                    help="the count questions' weight in the question mix, instead of the mix's")
    ap.add_argument("--real-fraction", type=float, default=0.0,
                    help="share of the whole-image samples drawn from real_images.py (photos, "
                         "artwork, icons, documents), every question answered with the refusal")
    ap.add_argument("--real-whole", type=float, default=0.0,
                    help="share of the 560/1120 batches made of whole real images "
                         "(real_images.py), every question answered with the refusal")
    ap.add_argument("--keep-close", metavar="WEIGHTS.rbln",
                    help="with --freeze-vision --shared-image: a teacher (export.py's file with "
                         "this model's vision side) whose answers to task images the loss "
                         "keeps (keep_close_loss)")
    ap.add_argument("--keep-weight", type=float, default=1.0,
                    help="with --keep-close: the KL term's weight")
    ap.add_argument("--vision-lr-scale", type=float, default=0.3,
                    help="learning rate of a pretrained vision side, relative to --lr")
    args = ap.parse_args(argv)
    if args.count_readout and not args.shared_image:
        ap.error("--count-readout goes with --shared-image")
    if args.fresh_decoder and not args.init_model:
        ap.error("--fresh-decoder goes with --init-model")
    if args.keep_close and not (args.freeze_vision and args.shared_image):
        ap.error("--keep-close goes with --freeze-vision and --shared-image")
    return args


# main's phases, in the order main runs them. Each stage's weights repeat bit for bit only while
# the draws from torch's global generator come in the same order: the Twin's tensors, then the
# auxiliary heads', then the data loader's base seed (as its iteration starts).

def starting_point(args):
    """What the run goes on from: --init-model's checkpoint, --init-weights' stored model (as a
    checkpoint's "model", "used" and "vision"), or None for a fresh start."""
    init = torch.load(args.init_model) if args.init_model else None
    if args.init_weights:
        assert not init, "--init-weights or --init-model, not both"
        from . import export  # here, not at the top: export.py imports this file
        stored = export.read(args.init_weights)
        init = {"model": stored.state_dict(), "used": stored.used, "vision": stored.v}
    return init


def new_model(init, tok):
    """A Twin with init's vision configuration (or stage 2's), drawn from torch's generator."""
    model = twin.Twin(vision=init["vision"] if init else twin.VISION, used_tokens=tok.used())
    for layer in model.vision_layers:
        if not VISION_ATTENTION:  # attention output held at zero (see the docstring)
            layer.o_proj.data.zero_()
            layer.o_proj.requires_grad_(False)
    return model


def negative_rows(model):
    """NEGATIVES generated rows of untrained tokens, kept in the softmax (a fixed numpy draw)."""
    neg_rng = np.random.default_rng(5)
    used = set(model.used.tolist())
    neg_ids = [i for i in neg_rng.choice(262144, NEGATIVES + 1000, replace=False).tolist()
               if i not in used][:NEGATIVES]
    return twin.generated_rows(EMBED_SEED_T, EMBED_SCALE, neg_ids, model.t["hidden"])


def load_start(model, init, args):
    """Puts the starting weights into `model` (--init-model or --init-weights, --vision-from,
    --init-vision); gives the vision side's learning-rate scale."""
    vision_scale = 1.0
    if init:
        assert init["used"].tolist() == model.used.tolist(), "another vocabulary"
        state = init["model"]
        if args.fresh_decoder:  # the rest stays as torch.manual_seed(14) made it
            state = {k: v for k, v in state.items() if k.startswith(twin.VISION_PARAMS)}
        model.load_state_dict(state, strict=not args.fresh_decoder)
        if args.vision_from:
            load_vision(model, args.vision_from)
        vision_scale = args.vision_lr_scale
    if args.init_vision:  # stage 1 taught the vision side the shapes: move it gently
        missing = model.load_state_dict(torch.load(args.init_vision)["vision"], strict=False)
        assert not missing.unexpected_keys, missing.unexpected_keys
        vision_scale = args.vision_lr_scale
    return vision_scale


def freeze(model, args):
    """--freeze-vision and --train-only: the parameters left out stop taking gradients."""
    if args.freeze_vision:
        for name, p in model.named_parameters():
            if name.startswith(twin.VISION_PARAMS):
                p.requires_grad_(False)
    if args.train_only:
        for name, p in model.named_parameters():
            if not name.startswith(tuple(args.train_only)):
                p.requires_grad_(False)


def new_optimizer(model, heads, lr, vision_scale):
    """AdamW over the trained parameters in two groups (the rest, the vision side at
    vision_scale); with every trained parameter and the model's own (the trunk)."""
    params = [p for p in model.parameters() if p.requires_grad] + list(heads.parameters())
    vision_ids = {id(p) for name, p in model.named_parameters()
                  if name.startswith(twin.VISION_PARAMS)}
    groups = [{"params": [p for p in params if id(p) not in vision_ids], "scale": 1.0},
              {"params": [p for p in params if id(p) in vision_ids], "scale": vision_scale}]
    trunk = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(groups, lr=lr, weight_decay=0.0, betas=(0.9, 0.98))
    return opt, groups, params, trunk


def resume(path, model, heads, opt, groups, lr, vision_scale):
    """--resume: the checkpoint's model, heads and optimizer state; gives the optimizer (a new
    one where the vision group is new) and the step to go on from."""
    state = torch.load(path)
    model.load_state_dict(state["model"])
    heads.load_state_dict(state["heads"])
    if not state["opt"]["param_groups"][1]["params"] and groups[1]["params"]:
        # a stage with a frozen vision side, resumed with it trained: its optimizer state
        # has no vision group, so the vision side starts with fresh moments
        vision_group = groups[1]
        opt = torch.optim.AdamW([groups[0], dict(vision_group, params=[])], lr=lr,
                                weight_decay=0.0, betas=(0.9, 0.98))
        opt.load_state_dict(state["opt"])
        # (load_state_dict takes every group's settings from the file: this one is new)
        opt.param_groups[1].update(params=vision_group["params"], scale=vision_scale)
    else:
        opt.load_state_dict(state["opt"])
    return opt, state["step"]


def schedule(first, steps, warm=100):
    """The learning rate's factor at step s: a linear warm-up over `warm` steps from `first`,
    then a cosine down to a tenth at `steps`."""
    def factor(s):
        return min(1.0, (s - first + 1) / warm) * (0.1 + 0.9 * 0.5 * (1 + math.cos(
            math.pi * min(1.0, (s - first) / (steps - first)))))
    return factor


def keep_close_teacher(args):
    """--keep-close's teacher as (model, weight), or None. Read with torch's generator put back
    afterwards, so the run's other draws (heads, loader seed) stay as without it."""
    if not args.keep_close:
        return None
    from . import export  # here, not at the top: export.py imports this file
    with torch.random.fork_rng():
        teacher = export.read(args.keep_close)
    for p in teacher.parameters():
        p.requires_grad_(False)
    return teacher, args.keep_weight


def run_steps(args, model, heads, opt, params, trunk, tok, gen, negatives, cache, start_step,
              first, init):
    """The training loop from start_step to --steps: the log every 50 steps (train.log), the
    checkpoint every 250 and at the end."""
    sched = schedule(first, args.steps)

    def heads_only(s):
        return init is not None and s - first < args.heads_first
    log = open(os.path.join(args.out, "train.log"), "a")
    t0 = time.time()
    stats = {}
    keep = keep_close_teacher(args)
    if keep:
        assert keep[0].used.tolist() == model.used.tolist(), "the teacher has another vocabulary"
    loader = data_workers.loader(Batches(tok, args.steps, start_step, args.polish, args.reading,
                                         len(cache), args.whole_fraction, args.count_readout,
                                         args.level_weights, args.count_weight,
                                         model if args.freeze_vision else None,
                                         args.real_fraction, args.real_whole))
    for step, (level, batch) in enumerate(loader, start=start_step):
        cached = isinstance(batch, tuple)  # ("cached", indices into the whole-image cache)
        if cached:
            batch = [cache[i] for i in batch[1]]
        for g in opt.param_groups:
            g["lr"] = args.lr * g["scale"] * sched(step)
        loss, ok, seqs, aux, pointer = forward_batch(model, heads, batch, gen, negatives, tok,
                                                     args.shared_image, not args.freeze_vision,
                                                     args.count_readout, keep)
        opt.zero_grad()
        loss.backward()
        if heads_only(step):  # AdamW leaves a parameter without a gradient as it is
            for p in trunk:
                p.grad = None
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        for s, good in zip(seqs, ok):
            key = (s["qtype"] + ("-whole" if cached else ""), level)
            a, n = stats.get(key, (0, 0))
            stats[key] = (a + good, n + 1)
        if step % 50 == 0 or step == args.steps - 1:
            acc = " ".join(f"{q}@{lv}={a / n:.2f}" for (q, lv), (a, n) in sorted(stats.items())
                           if n >= 4 or step == args.steps - 1)
            line = (f"step {step} level {level} loss {loss.item():.4f} aux {aux.item():.3f} "
                    f"pointer {pointer.item():.3f} elapsed {time.time() - t0:.0f}s {acc}")
            print(line, flush=True)
            log.write(line + "\n")
            log.flush()
            stats = {}
        if (step + 1) % 250 == 0 or step == args.steps - 1:
            torch.save({"model": model.state_dict(), "heads": heads.state_dict(),
                        "opt": opt.state_dict(), "step": step + 1,
                        "used": model.used, "vision": model.v, "loss": loss.item(),
                        "seconds": time.time() - t0}, os.path.join(args.out, "checkpoint.pt"))
    log.close()
    print(f"done: {args.steps} steps in {time.time() - t0:.0f}s, final loss {loss.item():.4f}")


def main(argv=None):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(14)
    os.makedirs(args.out, exist_ok=True)

    tok = Tokens(args.tokens)
    init = starting_point(args)
    model = new_model(init, tok)
    gen = Generated(model.t["hidden"])
    negatives = negative_rows(model)
    heads = aux_targets.Heads(model.t["hidden"])
    vision_scale = load_start(model, init, args)
    freeze(model, args)
    cache = load_whole_cache(args.whole_cache, model, args.freeze_vision)
    opt, groups, params, trunk = new_optimizer(model, heads, args.lr, vision_scale)
    start_step = args.start if init else 0
    if args.resume:
        opt, start_step = resume(args.resume, model, heads, opt, groups, args.lr, vision_scale)
    first = start_step if init else 0  # --init-model: a schedule of its own from --start
    run_steps(args, model, heads, opt, params, trunk, tok, gen, negatives, cache, start_step,
              first, init)


if __name__ == "__main__":
    main()
