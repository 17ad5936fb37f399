#!/usr/bin/python3
"""facet-cli's region zoom (issue #58), `--image PATH[@LEVEL]:crop=X,Y,W,H`, against the Python
path:

- pixels: on a server (tests/remote/fake_vllm.py) the crop travels as a PNG data URL; decoded
  by Pillow it must equal Pillow's crop of the EXIF-oriented image (gemma4_reference.load_image),
  and the whole image's bytes travel unchanged beside it;
- tokens: on the demo model, a message with the whole image and its crop must cost what the
  Python path computes: each image's soft tokens by gemma4_reference's size rule (the crop at
  the lowest level that does not scale it down, unless a level is given), and the prompt tokens
  of the Jinja2-rendered chat template with every <|image|> expanded as the Hugging Face
  processor does (boi + image_token * n + eoi, docs/gemma4-inputs.md), tokenized by
  `facet-cli tokenize` (checked against the reference tokenizer in tests/text);
- the rendered prompt: `facet-cli render-prompt --expand` of a conversation naming the same
  crop equals that Python expansion byte for byte;
- a rectangle outside the oriented image or of no size is refused naming the file.

usage: check_crop_cli.py --cli FACET_CLI --model DEMO_DIR --fake-vllm FAKE_VLLM_PY
                         --data CROP_GOLDEN_DIR --template CHAT_TEMPLATE --work DIR
"""
import argparse
import base64
import io
import json
import os
import subprocess
import sys
import urllib.request

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "text"))
import gemma4_reference as ref  # noqa: E402
from make_crop_goldens import default_level  # noqa: E402
from render_goldens import make_environment, render  # noqa: E402

QUESTION = "What does the small print say?"


def check(ok, what):
    if not ok:
        sys.exit("FAIL: " + what)


def run(args, expect=0):
    result = subprocess.run(args, capture_output=True, text=True, timeout=240)
    if result.returncode != expect:
        sys.exit(f"FAIL: {' '.join(args)} exited {result.returncode}, expected {expect}:\n"
                 f"{result.stdout}\n{result.stderr}")
    return result


def python_prompt(template, counts):
    """Jinja2's rendering of one user message (the images first, then the question), with each
    <|image|> expanded in image order as Gemma4Processor does."""
    content = [{"type": "image"} for _ in counts] + [{"type": "text", "text": QUESTION}]
    text = render(template, {"messages": [{"role": "user", "content": content}],
                             "add_generation_prompt": True})
    pieces = text.split("<|image|>")
    check(len(pieces) == len(counts) + 1, f"the template wrote {len(pieces) - 1} images")
    out = pieces[0]
    for n, rest in zip(counts, pieces[1:]):
        out += "<|image>" + "<|image|>" * n + "<image|>" + rest
    return out


def server_pixels(a):
    server = subprocess.Popen([sys.executable, a.fake_vllm, "--exit-with-stdin"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline().split()[1])
        url = f"http://127.0.0.1:{port}/s/crop/v1"
        photo = os.path.join(a.data, "photo.png")
        rotated = os.path.join(a.data, "exif6.jpg")
        boxes = [(photo, (100, 50, 64, 48)), (rotated, (10, 250, 150, 60))]
        args = [a.cli, "ask", "--server", url, "--greedy", "--image", photo + "@280"]
        for p, b in boxes:
            args += ["--image", f"{p}@280:crop={','.join(map(str, b))}"]
        run(args + [QUESTION])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_last/crop") as r:
            body = json.load(r)["body"]
        urls = [p["image_url"]["url"] for m in body["messages"] if isinstance(m["content"], list)
                for p in m["content"] if p["type"] == "image_url"]
        check(len(urls) == 3, f"{len(urls)} images sent, expected the whole one and two crops")
        raw = [base64.b64decode(u.split(",", 1)[1]) for u in urls]
        with open(photo, "rb") as f:
            check(raw[0] == f.read(), "the whole image was not sent as its file's bytes")
        for (path, (x, y, w, h)), data in zip(boxes, raw[1:]):
            sent = Image.open(io.BytesIO(data))
            check(sent.format == "PNG", f"crop of {path} sent as {sent.format}, not PNG")
            expected = ref.load_image(path).crop((x, y, x + w, y + h))
            check(sent.size == (w, h), f"crop of {path} is {sent.size}, expected {(w, h)}")
            check(sent.convert("RGB").tobytes() == expected.tobytes(),
                  f"crop {x},{y},{w},{h} of {path} differs from Pillow's crop of the oriented "
                  "image")
        check(body["mm_processor_kwargs"] == {"max_soft_tokens": 280}, str(body))

        # A refused rectangle names the file; no request is sent.
        for spec, words in [(f"{rotated}:crop=250,10,20,20", "200x320"),
                            (f"{photo}@70:crop=5,5,0,9", "no area")]:
            r = run([a.cli, "ask", "--server", url, "--image", spec, QUESTION], expect=2)
            check(rotated in r.stderr or photo in r.stderr, f"no file named: {r.stderr}")
            check(words in r.stderr, f"'{words}' not in: {r.stderr}")
        r = run([a.cli, "ask", "--server", url, "--image", photo + ":crop=1,2,x,4", QUESTION],
                expect=2)
        check("X,Y,W,H" in r.stderr, r.stderr)
    finally:
        server.stdin.close()
        server.wait(timeout=10)


def local_tokens(a):
    with open(a.template, encoding="utf-8") as f:
        template = make_environment().from_string(f.read())
    photo = os.path.join(a.data, "photo.png")
    rotated = os.path.join(a.data, "exif6.jpg")
    # (path, rect, level given or None) — the first is the whole image at 280.
    cases = [
        # 432 x 336 is exactly 70's resized size: the lowest level that keeps it whole is 70
        # (one pixel more and it is 140), so this case pins the "not scaled down" bound.
        [(photo, None, 280), (photo, (100, 50, 432, 336), None)],
        [(photo, None, 70), (photo, (100, 50, 433, 336), None)],
        [(rotated, None, 280), (rotated, (10, 250, 150, 60), None), (rotated, (0, 0, 200, 320),
                                                                      560)],
    ]
    for case in cases:
        specs, counts, levels = [], [], []
        for path, rect, level in case:
            image = ref.load_image(path)
            if rect:
                x, y, w, h = rect
                image = image.crop((x, y, x + w, y + h))
            lvl = level or default_level(*image.size)
            levels.append(lvl)
            counts.append(int(ref.preprocess(image, lvl)["soft_tokens"]))
            spec = path + (f"@{level}" if level else "")
            specs.append(spec + (":crop=" + ",".join(map(str, rect)) if rect else ""))
        args = [a.cli, "ask", "--model", a.model, "--greedy", "--max-new-tokens", "1", "--json"]
        for s in specs:
            args += ["--image", s]
        out = run(args + [QUESTION]).stdout
        stats = [json.loads(line)["stats"] for line in out.splitlines()
                 if json.loads(line).get("type") == "stats"]
        check(len(stats) == 1, out)
        s = stats[0]
        got = [(i["level"], i["soft_tokens"]) for i in s["images"]]
        check(got == list(zip(levels, counts)),
              f"{specs}: engine (level, soft tokens) {got}, Python {list(zip(levels, counts))}")
        check(s["image_tokens"] == sum(counts), f"image tokens {s['image_tokens']} != {counts}")
        prompt = python_prompt(template, counts)
        ids = json.loads(run([a.cli, "tokenize", "--json", prompt]).stdout)
        check(s["prompt_tokens"] == len(ids),
              f"{specs}: engine prompt {s['prompt_tokens']} tokens, Python path {len(ids)}")

        # render-prompt of the same message (crops as "crop" items) prints that prompt.
        content = []
        for path, rect, level in case:
            item = {"type": "image", "path": path}
            if rect:
                item["crop"] = list(rect)
            if level:
                item["detail"] = level
            content.append(item)
        content.append({"type": "text", "text": QUESTION})
        conv = os.path.join(a.work, "crop-conversation.json")
        with open(conv, "w", encoding="utf-8") as f:
            json.dump({"messages": [{"role": "user", "content": content}]}, f)
        printed = run([a.cli, "render-prompt", "--expand", conv]).stdout
        check(printed == prompt, f"render-prompt --expand differs from the Python path:\n"
                                 f"{printed[:400]!r}\n{prompt[:400]!r}")


def main():
    p = argparse.ArgumentParser()
    for name in ("cli", "model", "fake-vllm", "data", "template", "work"):
        p.add_argument("--" + name, required=True)
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    server_pixels(a)
    local_tokens(a)
    print("ok")


if __name__ == "__main__":
    main()
