"""The demo model's task family (issue #14): generated images of shapes or a printed word,
the exact question forms and their one-line answers. Training (train.py) and the accuracy
bench (tools/demo-model/bench/accuracy.py) both draw from here, with disjoint seed ranges.

Run alone it writes a few samples: make_data.py OUT_DIR [COUNT] [SEED].
"""
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import native_data

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))  # the repository
WORDS_FILE = os.path.join(ROOT, "resources", "demo-model", "words.txt")
FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"  # fonts-dejavu-core

SHAPES = ["circle", "square", "triangle", "star"]
COLORS = {
    "red": (215, 30, 30),
    "green": (30, 150, 45),
    "blue": (35, 70, 215),
    "yellow": (235, 200, 0),
    "orange": (250, 130, 0),
    "purple": (135, 45, 170),
    "black": (20, 20, 20),
    "gray": (128, 128, 128),
}
REFUSAL = "I can only answer questions about shapes, colors, counts and printed words."

QUESTION_TYPES = ["color", "shape", "count", "word", "describe", "offtask"]


def load_words():
    with open(WORDS_FILE, encoding="utf-8") as f:
        words = [w.strip() for w in f if w.strip()]
    if len(words) != 100 or any(not (3 <= len(w) <= 6 and w.isupper()) for w in words):
        raise SystemExit(f"{WORDS_FILE}: expected 100 upper-case words of 3-6 letters")
    return words


WORDS = load_words()

# Off-task questions: varied on purpose (general knowledge, chat, requests, image questions
# outside the task). The bench draws its own from OFFTASK_HELD_OUT, never trained on.
_OFFTASK_FIXED = [
    "Hello!", "Hi there.", "Who are you?", "What can you do?", "Tell me a joke.",
    "Write a poem about the sea.", "What is the capital of France?", "What time is it?",
    "Translate 'good morning' into German.", "What is 12 times 7?", "Summarize this article.",
    "Is this image a photograph?", "Who painted this?", "What is the weather like today?",
    "Can you help me with my homework?", "Explain quantum computing.", "What is your name?",
    "How old are you?", "What year was this image taken?", "Is the person in the image happy?",
    "Write Python code to sort a list.", "What is the meaning of life?", "Recommend a good book.",
    "How do I bake bread?", "What language is spoken in Brazil?", "Why is the sky blue?",
    "What emotion does this image convey?", "Where was this picture taken?",
    "Is there a dog in the image?", "What brand is shown here?", "How tall is Mount Everest?",
    "Please describe your training.", "What is 2 + 2?", "Give me three synonyms for big.",
    "What font is used here?", "How much does this cost?", "Can you draw a cat?",
    "What color is the sky?", "What shape is the Earth?", "How many days are in a week?",
    "What is the background color?", "How big is the circle in pixels?",
    "Which shape is the largest?", "Where is the square?", "What color is the hexagon?",
    "How many people are there?", "What is written on the sign?", "Is it day or night?",
    "Rate this image from 1 to 10.", "Thanks!", "Goodbye.", "Are you a robot?",
]
_OFFTASK_SUBJECTS = ["history", "music", "cooking", "football", "chemistry", "the moon",
                     "taxes", "dinosaurs", "the internet", "coffee", "Paris", "volcanoes"]
_OFFTASK_TEMPLATES = ["Tell me about {}.", "What do you know about {}?",
                      "Write a short story about {}.", "Explain {} to a child.",
                      "Give me a fact about {}."]
# Near the task's own forms on purpose: with general questions alone, held-out ones that start
# like a task question were answered as one ("Describe your favorite movie." got a description,
# a sum got a colour: off-task 91 % on the bench). These teach that the whole form matters.
_OFFTASK_NEAR = [
    "Describe a sunset.", "Describe yourself.", "Describe the ocean.", "Describe your day.",
    "Describe a perfect holiday.", "Describe the taste of lemons.", "Describe your best friend.",
    "Describe how a car works.", "Describe the city of Rome.", "Describe a thunderstorm.",
    "What is 9 plus 6?", "What is 15 minus 4?", "What is 8 times 8?", "What is 100 divided by 4?",
    "What is half of 50?", "Is 17 a prime number?", "What is the sum of 5 and 7?",
    "What is 3 cubed?", "Count from 1 to 10.", "What number comes after 6?",
    "What color is a banana?", "What color are your eyes?", "What shape is a pizza?",
    "What shape is a stop sign?", "How many legs does a spider have?",
    "How many colors are in a rainbow?", "How many sides does a triangle have?",
    "What word rhymes with blue?", "Spell the word apple.", "What word means happy?",
    "Is the circle bigger than the square?", "What is the area of the square?",
    "How many words are in this sentence?", "What colors do you like?",
]
OFFTASK_TRAIN = _OFFTASK_FIXED + _OFFTASK_NEAR + [t.format(s) for t in _OFFTASK_TEMPLATES
                                                  for s in _OFFTASK_SUBJECTS]
OFFTASK_HELD_OUT = [
    "What is the population of Japan?", "Write a haiku about autumn.",
    "Who won the last World Cup?",
    "How do airplanes fly?", "What is the best programming language?", "Tell me about gardening.",
    "Can you sing a song?", "What is the speed of light?", "Is this image real or generated?",
    "What is the mood of this picture?", "Explain photosynthesis.", "Write an email to my boss.",
    "What color is the pentagon?", "How many animals are in the picture?", "Good evening.",
    "What should I eat for dinner?", "Give me a fact about rivers.", "Who invented the telephone?",
    "What is the square root of 81?", "Describe your favorite movie.",
]


def article(word):
    return "An" if word[0] in "aeiou" else "A"


def _color(rng, name):
    base = COLORS[name]
    return tuple(int(min(255, max(0, c + rng.randint(-12, 12)))) for c in base)


def _background(rng, w, h):
    if rng.random() < 0.4:
        bg = (255, 255, 255)
    else:
        bg = tuple(rng.randint(228, 255) for _ in range(3))
    if rng.random() < 0.3:  # mild noise
        sigma = rng.uniform(2.0, 6.0)
        seed = rng.getrandbits(32)
        if native_data.available():  # the same bytes, drawn in C (native_data.py)
            return Image.fromarray(native_data.noisy_background(seed, sigma, bg, w, h))
        nrng = np.random.default_rng(seed)
        # in place, in the order (noise + background) + 0.5: the pixels of the plain
        # expression, without its four temporaries of the whole image (this was most of the
        # reading stage's image time)
        noisy = nrng.normal(0, sigma, (h, w, 3))
        noisy += np.array(bg, dtype=np.float64)
        noisy += 0.5
        np.clip(noisy, 0, 255, out=noisy)
        return Image.fromarray(noisy.astype(np.uint8))
    return Image.new("RGB", (w, h), bg)


def _image_size(rng):
    while True:
        w, h = rng.randint(256, 1600), rng.randint(256, 1600)
        if max(w, h) <= 3 * min(w, h):
            return w, h


def _star(cx, cy, r):
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def _draw_shape(draw, kind, box, fill):
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    if kind == "circle":
        draw.ellipse(box, fill=fill)
    elif kind == "square":
        draw.rectangle(box, fill=fill)
    elif kind == "triangle":
        draw.polygon([(cx, y0), (x1, y1), (x0, y1)], fill=fill)
    else:
        draw.polygon(_star(cx, cy, r), fill=fill)


def _overlaps(a, b, gap):
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0]
                or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def _place(rng, w, h, size, taken, gap):
    for _ in range(200):
        x0, y0 = rng.randint(0, w - size), rng.randint(0, h - size)
        box = (x0, y0, x0 + size, y0 + size)
        if not any(_overlaps(box, t, gap) for t in taken):
            return box
    return None


def _add_shapes(rng, img, count, taken, kinds=None, colors=None):
    """Draws up to `count` non-overlapping shapes; returns [(kind, color, box)]."""
    w, h = img.size
    draw = ImageDraw.Draw(img)
    shapes = []
    for i in range(count):
        size = int(rng.uniform(0.06, 0.30) * min(w, h))
        box = None
        for shrink in (1.0, 0.7, 0.5, 0.35):
            s = max(int(size * shrink), int(0.06 * min(w, h)))
            box = _place(rng, w, h, s, taken, gap=max(2, s // 10))
            if box:
                break
        if box is None:
            break
        kind = kinds[i] if kinds else rng.choice(SHAPES)
        color = colors[i] if colors else rng.choice(list(COLORS))
        _draw_shape(draw, kind, box, _color(rng, color))
        taken.append(box)
        shapes.append((kind, color, box))
    return shapes


def _font(size):
    return ImageFont.truetype(FONT_FILE, size)


def _add_word(rng, img, word):
    w, h = img.size
    cap = rng.uniform(0.012, 0.04) * h
    # DejaVu Sans Bold: cap height 0.729 em
    size = max(4, round(cap / 0.729))
    font = _font(size)
    left, top, right, bottom = font.getbbox(word)
    tw, th = right - left, bottom - top
    if tw + 2 > w or th + 2 > h:
        return None
    x = rng.randint(0, w - tw - 1) - left
    y = rng.randint(0, h - th - 1) - top
    ImageDraw.Draw(img).text((x, y), word, font=font, fill=(0, 0, 0))
    return (x + left, y + top, x + right, y + bottom)


WORD_LABEL = 7  # the printed word's box in a label mask; shapes are 1..6


def label_mask(scene):
    """Which object covers each pixel (mode "L"): 0 background, i + 1 for shape i, WORD_LABEL
    inside the printed word's box. Training uses it for per-soft-token auxiliary targets."""
    mask = Image.new("L", scene["image"].size, 0)
    draw = ImageDraw.Draw(mask)
    if scene.get("word_box"):
        draw.rectangle(scene["word_box"], fill=WORD_LABEL)
    for i, (kind, _, box) in enumerate(scene["shapes"]):
        _draw_shape(draw, kind, box, i + 1)
    return mask


def describe(shapes):
    ordered = sorted(shapes, key=lambda s: (s[2][0] + s[2][2]) / 2)
    items = [f"a {color} {kind}" for kind, color, _ in ordered]
    n = len(items)
    listed = items[0] if n == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return f"{n} shape{'s' if n > 1 else ''}: {listed}."


def shape_scene(rng, count=None):
    w, h = _image_size(rng)
    img = _background(rng, w, h)
    shapes = _add_shapes(rng, img, count or rng.randint(1, 6), [])
    return {"image": img, "shapes": shapes, "word": None}


def word_scene(rng, word=None):
    while True:
        w, h = _image_size(rng)
        img = _background(rng, w, h)
        word = word or rng.choice(WORDS)
        box = _add_word(rng, img, word)
        if box is None:
            continue
        shapes = []
        if rng.random() < 0.4:
            shapes = _add_shapes(rng, img, rng.randint(1, 3), [box])
        return {"image": img, "shapes": shapes, "word": word, "word_box": box}


def ask(rng, scene, qtype):
    """One question of `qtype` about `scene` and its answer, or None when the scene has no
    such question (e.g. no shape kind occurs exactly once)."""
    shapes = scene["shapes"]
    kinds = [k for k, _, _ in shapes]
    colors = [c for _, c, _ in shapes]
    if qtype == "word":
        if not scene["word"]:
            return None
        return "What word is written in the image?", f"{scene['word']}."
    if qtype == "offtask":
        return rng.choice(OFFTASK_TRAIN), REFUSAL
    if qtype == "describe":
        return "Describe the image.", (f"The word {scene['word']}." if scene["word"]
                                       else describe(shapes))
    if not shapes:
        return None
    if qtype == "count":
        if rng.random() < 0.5:
            return "How many shapes are there?", f"{len(shapes)}."
        kind = rng.choice(kinds)
        return f"How many {kind}s are there?", f"{kinds.count(kind)}."
    if qtype == "color":
        single = [k for k in SHAPES if kinds.count(k) == 1]
        if not single:
            return None
        kind = rng.choice(single)
        return f"What color is the {kind}?", f"{colors[kinds.index(kind)].capitalize()}."
    if qtype == "shape":
        single = [c for c in COLORS if colors.count(c) == 1]
        if not single:
            return None
        color = rng.choice(single)
        kind = kinds[colors.index(color)]
        return f"What shape is {color}?", f"{article(kind)} {kind}."
    raise ValueError(f"unknown question type {qtype}")


def make_case(rng, qtype):
    """A scene and one question of `qtype` about it: dict(image, question, answer, qtype)."""
    while True:
        if qtype == "word":
            s = word_scene(rng)
        elif qtype in ("offtask", "describe"):
            s = word_scene(rng) if rng.random() < 0.3 else shape_scene(rng)
        else:
            s = word_scene(rng) if rng.random() < 0.15 else shape_scene(rng)
        qa = ask(rng, s, qtype)
        if qa:
            return dict(s, question=qa[0], answer=qa[1], qtype=qtype)


def task_question_groups():
    """The task's questions, one list per template (its forms differ only in the shape, colour
    or kind asked about)."""
    return [[f"How many {k}s are there?" for k in SHAPES] + ["How many shapes are there?"],
            [f"What color is the {k}?" for k in SHAPES],
            [f"What shape is {c}?" for c in COLORS],
            ["What word is written in the image?"], ["Describe the image."]]


def all_questions():
    """Every question string the task can ask (for tokenizing once)."""
    return [q for group in task_question_groups() for q in group] + OFFTASK_TRAIN + OFFTASK_HELD_OUT


def main(argv=None):
    """make_data.py OUT_DIR [COUNT [SEED]]"""
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0]
    count = int(argv[1]) if len(argv) > 1 else 12
    seed = int(argv[2]) if len(argv) > 2 else 0
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    for i in range(count):
        case = make_case(rng, QUESTION_TYPES[i % len(QUESTION_TYPES)])
        path = os.path.join(out, f"{i:03d}-{case['qtype']}.png")
        case["image"].save(path)
        print(f"{path}\t{case['question']}\t{case['answer']}")


if __name__ == "__main__":
    main()
