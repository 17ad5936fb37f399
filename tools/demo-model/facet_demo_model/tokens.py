"""Token ids of everything the demo task says, from the engine's own tokenizer and chat
template (`facet-cli render-prompt --ids` and `facet-cli tokenize --json`), so training sees
exactly the sequences the engine builds. Writes a JSON cache:

  tokens.py FACET_CLI MODEL_DIR OUT.json

MODEL_DIR: any simulator folder (for its chat_template.jinja).
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from . import make_data
from .twin import BOI, EOI, IMAGE

SEGMENT = re.compile(r" ?[A-Za-z]+| ?[0-9]|[^A-Za-z0-9 ]")


def tokenize(cli, texts):
    """The ids of each of `texts`, in order (one facet-cli run: the tokenizer loads once)."""
    out = subprocess.run([cli, "tokenize", "--json", *texts], check=True, capture_output=True,
                         text=True).stdout
    lines = out.splitlines()
    assert len(lines) == len(texts), (len(lines), len(texts))
    return [json.loads(line) for line in lines]


def render(cli, template, image, questions):
    """The prompt ids of one user turn of `image` and each question, in order (one run)."""
    tmp = tempfile.mkdtemp()
    files = []
    for i, question in enumerate(questions):
        conv = {"messages": [{"role": "user", "content": [
            {"type": "image", "path": image, "detail": 70}, {"type": "text", "text": question}]}]}
        files.append(os.path.join(tmp, f"{i}.json"))
        with open(files[-1], "w") as f:
            json.dump(conv, f)
    try:
        out = subprocess.run([cli, "render-prompt", "--template", template, "--ids", *files],
                             check=True, capture_output=True, text=True).stdout
    finally:
        shutil.rmtree(tmp)
    lines = out.splitlines()
    assert len(lines) == len(questions), (len(lines), len(questions))
    return [[int(x) for x in line.split()] for line in lines]


def compose(segments, text):
    return [t for s in SEGMENT.findall(text) for t in segments[s]]


def main(argv=None):
    """tokens.py FACET_CLI MODEL_DIR OUT.json"""
    cli, model_dir, out_path = (sys.argv[1:] if argv is None else argv)[:3]
    template = os.path.join(model_dir, "chat_template.jinja")
    tmp = tempfile.mkdtemp()
    image = os.path.join(tmp, "probe.png")
    make_data.shape_scene(random.Random(0))["image"].save(image)

    questions = {}
    prefix = suffix = None
    all_questions = make_data.all_questions()
    for q, ids in zip(all_questions, render(cli, template, image, all_questions)):
        first, last = ids.index(BOI), len(ids) - 1 - ids[::-1].index(EOI)
        assert all(t == IMAGE for t in ids[first + 1:last])
        head, tail = ids[:first + 1], ids[last:]
        end = tail.index(106)  # <turn|> closes the user turn
        p, s = head, tail[end:]
        if prefix is None:
            prefix, suffix = p, s
        if (p, s) != (prefix, suffix):
            raise SystemExit(f"the prompt frame changes with the question: {q!r}")
        questions[q] = tail[:end]  # <image|> ... question text

    # answers: fixed ones tokenized whole; descriptions composed from segments, checked
    fixed = {make_data.REFUSAL}
    fixed |= {f"{c.capitalize()}." for c in make_data.COLORS}
    fixed |= {f"{make_data.article(k)} {k}." for k in make_data.SHAPES}
    fixed |= {f"{n}." for n in range(0, 10)}
    fixed |= {f"{w}." for w in make_data.WORDS} | {f"The word {w}." for w in make_data.WORDS}
    pieces = ({"shape", "shapes", ":", ",", ".", "and", "a"} | set(make_data.SHAPES)
              | set(make_data.COLORS))
    segment_texts = sorted(s for p in pieces | {str(n) for n in range(10)}
                           for s in ([p] if not p[0].isalpha() else [p, " " + p]))
    rng = random.Random(1)
    # composition must equal the tokenizer's own answer
    described = [make_data.describe(make_data.shape_scene(rng)["shapes"]) for _ in range(40)]
    texts = sorted(fixed) + segment_texts + described
    ids = dict(zip(texts, tokenize(cli, texts)))
    answers = {a: ids[a] for a in sorted(fixed)}
    segments = {s: ids[s] for s in segment_texts}
    for text in described:
        if compose(segments, text) != ids[text]:
            raise SystemExit(f"segment composition differs from the tokenizer for {text!r}")
    json.dump({"prefix": prefix, "suffix": suffix, "questions": questions, "answers": answers,
               "segments": segments}, open(out_path, "w"), indent=0)
    print(f"{out_path}: {len(questions)} questions, {len(answers)} answers, prefix {prefix}, "
          f"suffix {suffix}")


if __name__ == "__main__":
    main()
