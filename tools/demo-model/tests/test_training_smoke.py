"""The demo model's retraining pipeline still runs end to end, a few steps per stage: the
tokens from the engine's own tokenizer and template (tokens.py), where in those tokens the
attention targets sit (attention_targets.answer_token), stage 1 (pretrain_vision.py),
stage 2 starting from stage 1 (train.py --init-vision), a --polish step on top of it (and its
near-task off-task questions), --shared-image's losses against the default decoder's, the
export (export.py), and a model folder made from the export that the engine answers with; and
the reading stages (reading_stage.py, then train.py --init-model --reading --freeze-vision,
and after more vision steps on new images, --vision-from and whole images cached by
whole_cache.py, then --resume of that, then --polish --count-readout, then the readout stage
from that one's export with --init-weights --train-only; and --fresh-decoder) on top of that
export, whose two-layer vision side the engine runs too.
retrain.sh runs the same steps at full length; this keeps them from rotting between retrains.
The stages run in this one interpreter (their main functions), facet-cli as a process.

  PYTHONPATH=tools/demo-model test_training_smoke.py --cli FACET_CLI --work DIR"""
import argparse
import copy
import json
import os
import random
import shutil
import subprocess

import torch

from facet_demo_model import attention_targets
from facet_demo_model import export
from facet_demo_model import make_data
from facet_demo_model import pretrain_vision
from facet_demo_model import reading_stage
from facet_demo_model import real_images
from facet_demo_model import tokens as facet_tokens
from facet_demo_model import train
from facet_demo_model import twin
from facet_demo_model import whole_cache


def run(*cmd):
    """facet-cli (the engine, in C++) as a process of its own."""
    subprocess.run([str(c) for c in cmd], check=True)


def stage(module, *args):
    """One of retrain.sh's stages in this interpreter, with the arguments retrain.sh gives it:
    torch is imported once for all of them (~20 stages), not once a process. Each stage sets
    its own seed and thread count first, as a process of its own starts them."""
    module.main([str(a) for a in args])


def check_near_task_questions(tokens):
    """The polish's near-task off-task questions never reach a task question's subject: none
    starts like a task question through its subject (that would teach refusing a real one)."""
    tok = train.Tokens(tokens)
    rng = random.Random(5)
    starts = {tuple(tok.questions[q][:2 + subject + 1]) for q, subject in tok.task_forms}
    header = {tuple(tok.questions[q][:2]) for q, _ in tok.task_forms}
    unseen = set(tok.unseen)
    for _ in range(500):
        q = train.near_task_question(rng, tok)
        assert tuple(q[:2]) in header, q
        assert not any(tuple(q[:len(s)]) == s for s in starts), q
        assert any(i in unseen for i in q), q
    print("near-task questions: 500 drawn, none reaches a task question's subject")


def check_real_samples(tokens):
    """An image of real_images.py (a photo, artwork, an icon, a plot, a page) goes through the
    level's preprocessing, and every question about it, task forms included, is answered with
    the refusal, with no place to look."""
    tok = train.Tokens(tokens)
    refusal = tok.answer(make_data.REFUSAL) + [twin.END_OF_TURN]
    sources = set()
    for seed in range(12):
        rng = random.Random(55_000 + seed)
        sample = train.make_sample(rng, 70, tok, False, True, real=True)
        assert sample["n"] > 0 and len(sample["pixels"]) == len(sample["positions"])
        assert len(sample["seqs"]) == 1 + train.EXTRA_QUESTIONS
        for seq in sample["seqs"]:
            assert seq["answer"] == refusal and seq["pointer"] is None, seq
            assert seq["ids"].count(twin.IMAGE) == sample["n"]
        sources.add(real_images.make_case(random.Random(seed))["source"])
    assert len(sources) >= 3, sources
    print(f"real images: 12 samples, all refused; sources {sorted(sources)}")


def check_pointer_positions(tokens):
    """The attention targets are set where the answer names what they look up: for each
    question with a pointer, the answer token at attention_targets.answer_token tells every
    answer of that question apart ("A circle." and "A star." differ in their second token, not
    in "A"). Checked on the tokens' own answers, from generated cases."""
    tok = train.Tokens(tokens)
    for qtype in ("color", "shape", "count"):
        by_token = {}
        for i in range(120):  # every answer of the three kinds comes up by ~60 draws
            case = make_data.make_case(random.Random(9_000_000_000 + i), qtype)
            assert attention_targets.pointer(case["question"], qtype), case["question"]
            ids = tok.answer(case["answer"])
            by_token.setdefault(ids[attention_targets.answer_token(qtype)], set()).add(
                case["answer"])
        clashes = [answers for answers in by_token.values() if len(answers) > 1]
        assert not clashes, f"{qtype}: answers that share the pointed-at token: {clashes}"
        assert len(by_token) > 2, (qtype, by_token)
    print("attention targets: each at the answer token that names what they look up")


def check_count_weight(tokens):
    """train.py --count-weight sets the count questions' share of each image's first question:
    0 never draws one, a weight far above the rest's always does (the extra questions about
    the same image keep their own draw)."""
    tok = train.Tokens(tokens)
    for weight, want in ((0.0, False), (1e9, True)):
        rng = random.Random(17)
        firsts = [train.make_sample(rng, 70, tok, False, False, count_weight=weight)["seqs"][0]
                  for _ in range(30)]
        assert all((s["qtype"] == "count") == want for s in firsts), (weight, firsts)
    print("--count-weight: 0 draws no count question first, 1e9 only count questions")


def random_model(tokens, seed):
    """The tokens, a twin drawn from torch's generator at `seed`, fresh auxiliary heads, the
    generated rows and a few negatives: what forward_batch needs."""
    torch.manual_seed(seed)
    tok = train.Tokens(tokens)
    model = twin.Twin(used_tokens=tok.used())
    heads = train.aux_targets.Heads(model.t["hidden"])
    gen = train.Generated(model.t["hidden"])
    negatives = twin.generated_rows(train.EMBED_SEED_T, train.EMBED_SCALE, range(300, 400),
                                    model.t["hidden"])
    return tok, model, heads, gen, negatives


def check_shared_image(tokens):
    """train.py --shared-image (each image's part of the decoder once for all its questions)
    gives the same losses and the same right answers as one decoder row per question, on real
    batches of every kind: shapes with three questions each, and word crops."""
    tok, model, heads, gen, negatives = random_model(tokens, 1)
    levels = set()
    for level, batch in train.Batches(tok, 9, 0):  # levels 280, 140, 70, 560 and 1120 (crops)
        with torch.no_grad():
            rows = train.forward_batch(model, heads, batch, gen, negatives, tok, False)
            shared = train.forward_batch(model, heads, batch, gen, negatives, tok, True)
        for a, b in ((rows[0], shared[0]), (rows[3], shared[3]), (rows[4], shared[4])):
            assert abs(float(a) - float(b)) <= 1e-4 * max(1.0, abs(float(a))), (level, a, b)
        assert rows[1] == shared[1], level
        levels.add(level)
    print(f"--shared-image: the same losses at levels {sorted(levels)}")


def check_real_whole(tokens):
    """train.py --real-whole: at 560/1120 that share of the batches are whole real images, all
    refused (without it, --whole-fraction 0 makes every batch there a word window); at 0 the
    stream is as before."""
    tok = train.Tokens(tokens)
    levels = [0, 0, 0, 0.5, 0.5]
    whole = next(iter(train.Batches(tok, 1, 0, True, level_weights=levels, whole_fraction=0,
                                    real_fraction=0.5, real_whole=1.0)))
    plain = next(iter(train.Batches(tok, 1, 0, True, level_weights=levels, whole_fraction=0,
                                    real_fraction=0.5)))
    level, batch = whole
    assert len(batch) == train.FULL_BATCH[level], (level, len(batch))
    assert all(q["qtype"] == "real" for s in batch for q in s["seqs"]), "not all refused"
    assert all(s["n"] > 64 for s in batch), [s["n"] for s in batch]  # a whole image, no window
    assert all(q["qtype"] == "word" for s in plain[1] for q in s["seqs"]), "windows expected"
    print(f"--real-whole: whole real images at {level}, {[s['n'] for s in batch]} soft tokens")


def check_keep_close(tokens):
    """train.py --keep-close adds KL(teacher || model) over the answers to task images and
    nothing for real images (whose answers the stage changes): a teacher equal to the model
    adds nothing; a teacher whose last layer differs adds a positive term on task images and
    still nothing on a batch of real images alone."""
    tok, model, heads, gen, negatives = random_model(tokens, 2)
    same = copy.deepcopy(model)
    other = copy.deepcopy(model)
    with torch.no_grad():
        other.text_layers[3].q_proj.add_(0.5 * torch.randn_like(other.text_layers[3].q_proj))
    rng = random.Random(56)
    task = train.with_feats(model, [train.make_sample(rng, 70, tok, False, True)
                                    for _ in range(3)])
    real = train.with_feats(model, [train.make_sample(rng, 70, tok, False, True, real=True)
                                    for _ in range(2)])

    def loss(batch, keep):
        with torch.no_grad():
            return float(train.forward_batch(model, heads, batch, gen, negatives, tok, True,
                                             False, keep=keep)[0])
    for name, batch in (("task", task), ("real", real)):
        alone = loss(batch, None)
        assert abs(loss(batch, (same, 5.0)) - alone) <= 1e-6 * max(1.0, alone), name
        added = loss(batch, (other, 5.0)) - alone
        assert (added > 1e-4) if name == "task" else (abs(added) <= 1e-6), (name, added)
    print("--keep-close: nothing from an equal teacher or real images, more from another one")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    work = args.work
    os.makedirs(work, exist_ok=True)
    frame, tokens = os.path.join(work, "frame-model"), os.path.join(work, "tokens.json")
    run(args.cli, "make-sim-model", frame, "--seed", "1")
    stage(facet_tokens, args.cli, frame, tokens)
    check_pointer_positions(tokens)
    check_shared_image(tokens)
    check_count_weight(tokens)
    check_keep_close(tokens)
    check_real_whole(tokens)
    stage1 = os.path.join(work, "vision.pt")
    stage(pretrain_vision, stage1, "--steps", "2")
    vision = torch.load(stage1)["vision"]
    assert {"input_proj", "position_embedding_table", "projection"} <= set(vision), vision.keys()
    assert not any(k.startswith("text") or k == "embed" for k in vision), vision.keys()
    # ... and stage 1 gone on from there with the per-token colour loss at 140 and 280: it
    # starts from stage 1's side (its patch embedder moved a step, not redrawn)
    touched = os.path.join(work, "vision-touch.pt")
    stage(pretrain_vision, touched, "--init", stage1,
          "--first-step", "2", "--steps", "3", "--levels", "140,280", "--colour-weight", "0.5",
          "--lr", "1e-3")
    moved = torch.load(touched)["vision"]
    assert moved.keys() == vision.keys()
    assert not torch.equal(moved["input_proj"], vision["input_proj"])
    assert (moved["input_proj"] - vision["input_proj"]).abs().max() < 0.01

    run_dir = os.path.join(work, "run")
    if os.path.exists(os.path.join(run_dir, "checkpoint.pt")):
        os.remove(os.path.join(run_dir, "checkpoint.pt"))
    stage(train, tokens, run_dir, "--steps", "2", "--init-vision", stage1)
    model = torch.load(os.path.join(run_dir, "checkpoint.pt"))["model"]
    # Stage 2 started from stage 1: after two warm-up steps its patch embedder is still stage
    # 1's (a fresh start would be an unrelated random matrix: correlation ~0).
    a, b = vision["input_proj"].flatten(), model["input_proj"].flatten()
    corr = float(torch.corrcoef(torch.stack([a, b]))[0, 1])
    print(f"stage 2 patch embedder vs stage 1: correlation {corr:.4f}")
    assert corr > 0.99, corr

    # ... and a polish step on top of it (retrain.sh's last run; its own question mix)
    stage(train, tokens, run_dir, "--steps", "4",
          "--init-vision", stage1, "--resume", os.path.join(run_dir, "checkpoint.pt"), "--polish")
    assert torch.load(os.path.join(run_dir, "checkpoint.pt"))["step"] == 4
    check_near_task_questions(tokens)

    weights = os.path.join(work, "weights.rbln")
    stage(export, os.path.join(run_dir, "checkpoint.pt"), weights)
    folder = os.path.join(work, "model")
    run(args.cli, "make-sim-model", folder, "--weights", weights)
    image = os.path.join(work, "shapes.png")
    make_data.shape_scene(random.Random(3))["image"].save(image)
    ask(args.cli, folder, f"{image}@70", "How many shapes are there?")

    # export.read (the reading stage's input) gives back what export.write stored, byte for byte
    again = os.path.join(work, "again.rbln")
    export.write(export.read(weights), again)
    with open(weights, "rb") as a, open(again, "rb") as b:
        assert a.read() == b.read(), "export.read does not invert export.write"

    # the reading stage: a new vision side, then the decoder on top of it
    reading = os.path.join(work, "reading.pt")
    stage(reading_stage, weights, reading, "--steps", "2",
          "--held-out", "2", "--context", "10", "40", "--whole-held-out", "1")
    grown = torch.load(reading)
    assert grown["vision"]["layers"] == 2 and grown["vision"]["heads"] == 2, grown["vision"]
    old = torch.load(os.path.join(run_dir, "checkpoint.pt"))["model"]
    for name, value in grown["model"].items():  # the decoder is the export's, as stored
        if name.startswith("text_layers."):
            assert torch.equal(value, value.to(torch.bfloat16).float()), name
            assert (value - old[name]).abs().max() <= 0.01 * old[name].abs().max() + 1e-6, name
    # steps 4404-4405: a window batch at 560 and a 140 batch (step 4401 would be a whole 1120
    # batch: ~1 minute)
    reading_run = os.path.join(work, "reading-run")
    if os.path.exists(os.path.join(reading_run, "checkpoint.pt")):
        os.remove(os.path.join(reading_run, "checkpoint.pt"))
    stage(train, tokens, reading_run, "--init-model", reading,
          "--start", "4404", "--steps", "4406", "--reading", "--shared-image", "--freeze-vision",
          "--heads-first", "1")
    after = torch.load(os.path.join(reading_run, "checkpoint.pt"))
    assert after["step"] == 4406
    moved = [n for n, v in grown["model"].items() if not torch.equal(v, after["model"][n])]
    assert moved and not any(n.startswith(twin.VISION_PARAMS) for n in moved), moved
    # as retrain.sh goes on: the vision side a step further on new images (--first-step) ...
    reading2 = os.path.join(work, "reading2.pt")
    stage(reading_stage, weights, reading2, "--init", reading,
          "--first-step", "2", "--steps", "1", "--held-out", "1", "--context", "10", "40")
    # ... whole 1120 images' soft tokens under it, computed once (whole_cache.py), then the
    # decoder of reading_run under that side (--vision-from) a step on them: step 4401 is a 1120
    # batch, whole with --whole-fraction 1. The cache holds the side it was made with, and
    # train.py refuses a cache from any other side than its model's: without --vision-from
    # this fails
    cache = os.path.join(work, "whole-cache.pt")
    stage(whole_cache, tokens, reading2, cache, "--count", "1")
    cached_run = os.path.join(work, "cached-run")
    shutil.rmtree(cached_run, ignore_errors=True)
    stage(train, tokens, cached_run, "--init-model",
          os.path.join(reading_run, "checkpoint.pt"), "--vision-from", reading2,
          "--start", "4401", "--steps", "4402", "--reading", "--shared-image", "--freeze-vision",
          "--heads-first", "0", "--whole-cache", cache, "--whole-fraction", "1")
    with open(os.path.join(cached_run, "train.log")) as f:
        assert "-whole@1120" in f.read(), "the 1120 step did not take the cached images"
    # --fresh-decoder: the decoder and vocabulary rows made afresh as stage 2 starts them, only
    # the vision side loaded (RESULTS.md's recipe without stage 2); its one step trains the heads
    # alone (--heads-first 1), so the model is what it started as: reading2's side, and the rest
    # equal to a Twin drawn after torch.manual_seed(14); with the last stages' count heads and
    # value loss from its first step (--count-readout without --polish)
    fresh_run = os.path.join(work, "fresh-run")
    shutil.rmtree(fresh_run, ignore_errors=True)
    stage(train, tokens, fresh_run, "--init-model", reading2,
          "--fresh-decoder", "--start", "4401", "--steps", "4402", "--reading", "--shared-image",
          "--freeze-vision", "--heads-first", "1", "--whole-cache", cache, "--whole-fraction", "1",
          "--count-readout", "--count-weight", "4")
    side = torch.load(reading2)
    torch.manual_seed(14)
    drawn = twin.Twin(vision=side["vision"], used_tokens=train.Tokens(tokens).used()).state_dict()
    started = torch.load(os.path.join(fresh_run, "checkpoint.pt"))["model"]
    for name, value in started.items():
        want = side["model"][name] if name.startswith(twin.VISION_PARAMS) else drawn[name]
        assert torch.equal(value, want), f"--fresh-decoder: {name} is not as it should start"
    assert not torch.equal(started["embed"], side["model"]["embed"]), "the decoder was loaded"

    def resume_decoder(at, steps, *extra):
        """Goes on from cached_run's checkpoint at step `at`, kept under its own name."""
        saved = os.path.join(cached_run, f"checkpoint-{at}.pt")
        shutil.copy(os.path.join(cached_run, "checkpoint.pt"), saved)
        stage(train, tokens, cached_run, "--init-model",
              os.path.join(reading_run, "checkpoint.pt"), "--vision-from", reading2,
              "--resume", saved, "--steps", str(steps), "--reading", "--shared-image",
              "--freeze-vision", "--heads-first", "0", "--whole-cache", cache,
              "--whole-fraction", "1", *extra)

    # ... and a step more from its checkpoint, the schedule started again (retrain.sh's
    # decoder run after the first: --init-model with --resume)
    resume_decoder(4402, 4403)
    with open(os.path.join(cached_run, "train.log")) as f:
        assert "step 4402 " in f.read(), "the resumed run did not go on from step 4402"
    # ... and the last stage from there: --polish --count-readout (its count heads, value loss)
    resume_decoder(4403, 4405, "--polish", "--count-readout")
    with open(os.path.join(cached_run, "train.log")) as f:
        assert "step 4404 " in f.read(), "the --count-readout run did not go on to step 4404"
    # ... a frozen-vision stage resumed with its vision side trained (RESULTS.md's counting
    # stage with the vision side learning): the vision side moves, the rest goes on. The side
    # is made local (every o_proj zero, as reading_stage.py --local makes it) and must stay so
    unfrozen = os.path.join(work, "unfrozen-run")
    shutil.rmtree(unfrozen, ignore_errors=True)
    frozen_at = os.path.join(cached_run, "checkpoint-4405.pt")
    state = torch.load(os.path.join(cached_run, "checkpoint.pt"))
    for name, value in state["model"].items():
        if name.startswith("vision_layers.") and name.endswith(".o_proj"):
            value.zero_()
    torch.save(state, frozen_at)
    stage(train, tokens, unfrozen, "--init-model",
          os.path.join(reading_run, "checkpoint.pt"), "--vision-from", reading2,
          "--resume", frozen_at, "--steps", "4406", "--reading", "--shared-image",
          "--heads-first", "0", "--whole-fraction", "0", "--level-weights", "0,0,1,0,0",
          "--polish", "--count-readout", "--vision-lr-scale", "0.5")
    before = torch.load(frozen_at)["model"]
    resumed = torch.load(os.path.join(unfrozen, "checkpoint.pt"))
    # the new vision group takes this run's scale, not the file's (its settings came from it)
    assert resumed["opt"]["param_groups"][1]["scale"] == 0.5, resumed["opt"]["param_groups"][1]
    after = resumed["model"]
    assert not torch.equal(before["input_proj"], after["input_proj"]), "the vision side stayed"
    assert not any(after[n].any() for n in after if n.endswith(".o_proj") and "vision" in n), \
        "the local vision side learnt attention between patches"
    assert not torch.equal(before["text_layers.0.q_proj"], after["text_layers.0.q_proj"])
    # ... and the readout stage: from that export (--init-weights), at 280 alone, only the
    # last layer and the final norm trained; every other tensor stays as stored
    readout_in = os.path.join(work, "readout-in.rbln")
    stage(export, os.path.join(cached_run, "checkpoint.pt"), readout_in)
    readout_run = os.path.join(work, "readout-run")
    shutil.rmtree(readout_run, ignore_errors=True)
    stage(train, tokens, readout_run, "--init-weights", readout_in,
          "--start", "4405", "--steps", "4407", "--polish", "--count-readout", "--shared-image",
          "--freeze-vision", "--whole-fraction", "0", "--level-weights", "0,0,1,0,0",
          "--heads-first", "0", "--train-only", "text_layers.3.,final_norm",
          "--real-fraction", "0.5")
    stored = export.read(readout_in).state_dict()
    trained = torch.load(os.path.join(readout_run, "checkpoint.pt"))["model"]
    moved = [n for n, v in stored.items() if not torch.equal(v, trained[n])]
    assert moved and all(n.startswith(("text_layers.3.", "final_norm")) for n in moved), moved
    with open(os.path.join(readout_run, "train.log")) as f:
        log = f.read().splitlines()
    assert all(" level 280 " in line for line in log), "--level-weights left 280"
    # the real-images stage's images (real_images.py, Debian's packages) came in too
    assert " real@280=" in log[-1], "--real-fraction drew no real image"
    check_real_samples(tokens)
    stage(export, os.path.join(reading_run, "checkpoint.pt"), weights)
    folder = os.path.join(work, "reading-model")
    run(args.cli, "make-sim-model", folder, "--weights", weights)
    word = os.path.join(work, "word.png")
    make_data.word_scene(random.Random(4))["image"].save(word)
    ask(args.cli, folder, f"{word}@1120", "What word is written in the image?")


def ask(cli, folder, image, question):
    out = subprocess.run([cli, "ask", "--model", folder, "--greedy", "--json",
                          "--max-new-tokens", "8", "--image", image, question],
                         check=True, capture_output=True, text=True).stdout
    events = [json.loads(line) for line in out.splitlines()]
    stats = [e["stats"] for e in events if e.get("type") == "stats"]
    assert stats and stats[0]["generated_tokens"] >= 1, out
    print(f"{os.path.basename(folder)} answers:", "".join(e.get("content", "") for e in events
                                                          if e.get("type") == "text"))


if __name__ == "__main__":
    main()
