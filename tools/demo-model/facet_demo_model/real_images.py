"""Images from outside the task family, for the refusal (issue #55): real photographs,
wallpapers and artwork, icons, plots and documents that Debian packages ship, found through
`dpkg -L`. The demo model answers its refusal sentence (make_data.REFUSAL) on any of them,
whatever the question; before this, trained only on generated images, it babbled on 5 of 6
real photos ("I can can only only ...").

Training (train.py --real-images) draws from TRAIN_PACKAGES; the held-out bench
(bench/real_photos.py) uses HELD_OUT_PACKAGES only, which training never opens. Neither uses an
image of the project's own tests or benchmarks. scripts/packages.txt installs both sets.

Every drawn image goes through twin.preprocess at its level, as the app's images do (the same
resize to the level's size and patching); before that it is cut and flipped at random (from
the step's seed, so runs repeat), so a few dozen photos give many views. Documents are pages of
Debian's licence texts (base-files) drawn in DejaVu fonts: lower-case prose, unlike the task's
one upper-case word.
"""
import functools
import os
import random
import subprocess

from PIL import Image, ImageDraw, ImageFont

from . import make_data

# the packages' own names, each with what it gives and its weight in the draw: a package is
# drawn first, then one of its images, so the 335 figures of one do not drown the 30 photos of
# another; photographs, what a newcomer drops first, weigh most
TRAIN_PACKAGES = {
    "mate-backgrounds": 3,  # nature photographs (flowers, grass, drops), abstract wallpapers
    "desktop-base": 1,  # Debian's artwork: themes' wallpapers, logos, splash drawings
    "gnome-backgrounds": 1,  # GNOME's wallpapers: drawings and a few photographs
    "ukui-wallpapers": 1,  # UKUI's wallpapers: drawings and photographs
    "python-skimage-doc": 2,  # scikit-image's gallery: plots, figures, processed photographs
    "adwaita-icon-theme": 1,  # icons (its largest sizes)
}
HELD_OUT_PACKAGES = [
    "lomiri-wallpapers-16.04",  # photographs (landscapes, objects, a dog, a room)
    "lomiri-wallpapers-20.04",  # photographs (a tree and a bird, the sea, the sky)
]
DOCUMENTS = "/usr/share/common-licenses"  # base-files: always there
TEXT_FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"]
EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")
MIN_SIDE = 96  # smaller icons are mostly symbolic glyphs, and blur to nothing at any level
KEEP_SIDE = 1600  # a drawn image's longest side when cached (the task's images are <= 1600)


def package_images(package):
    """The raster images a Debian package installed, sorted (its own file list)."""
    out = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"real_images: the Debian package {package} is not installed "
                         "(scripts/packages.txt lists it)")
    files = sorted(p for p in out.stdout.split("\n") if p.lower().endswith(EXTENSIONS)
                   and os.path.isfile(p))
    if package == "adwaita-icon-theme":  # one size of each icon, its largest
        files = [p for p in files if "/256x256/" in p or "/512x512/" in p]
    return files


@functools.lru_cache(maxsize=None)
def train_files():
    """{package: its images' paths}, in a fixed order."""
    found = {package: package_images(package) for package in TRAIN_PACKAGES}
    empty = [package for package, files in found.items() if not files]
    if empty:
        raise SystemExit(f"real_images: no images in {', '.join(empty)}")
    return found


@functools.lru_cache(maxsize=512)
def _load(path):
    """The image as RGB (transparency over white, as the app flattens it), its longest side at
    most KEEP_SIDE; None if it is too small or cannot be read."""
    try:
        img = Image.open(path)
        img.draft("RGB", (KEEP_SIDE, KEEP_SIDE))  # JPEG: decode at a reduced scale
        if img.mode in ("RGBA", "LA", "P"):
            img = img.convert("RGBA")
            flat = Image.new("RGB", img.size, (255, 255, 255))
            flat.paste(img, mask=img.split()[-1])
            img = flat
        img = img.convert("RGB")
    except OSError:
        return None
    if min(img.size) < MIN_SIDE:
        return None
    if max(img.size) > KEEP_SIDE:
        img.thumbnail((KEEP_SIDE, KEEP_SIDE), Image.BICUBIC)
    return img


def _view(rng, img):
    """A random part of the image (half to all of each side), flipped half the time, its
    aspect within the task images' 1:3."""
    w, h = img.size
    cw, ch = int(w * rng.uniform(0.5, 1.0)), int(h * rng.uniform(0.5, 1.0))
    cw, ch = min(cw, 3 * ch), min(ch, 3 * cw)
    x, y = rng.randint(0, w - cw), rng.randint(0, h - ch)
    view = img.crop((x, y, x + cw, y + ch))
    if rng.random() < 0.5:
        view = view.transpose(Image.FLIP_LEFT_RIGHT)
    return view


@functools.lru_cache(maxsize=None)
def _document_lines():
    lines = []
    for name in sorted(os.listdir(DOCUMENTS)):
        path = os.path.join(DOCUMENTS, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                lines += [ln.rstrip() for ln in f if ln.strip()]
    return lines


def document(rng):
    """A page of prose: consecutive lines of a licence text in one font and size, dark on a
    light page."""
    lines = _document_lines()
    w, h = make_data._image_size(rng)
    page = tuple(rng.randint(235, 255) for _ in range(3))
    img = Image.new("RGB", (w, h), page)
    size = max(8, int(h * rng.uniform(0.015, 0.05)))
    font = ImageFont.truetype(rng.choice(TEXT_FONTS), size)
    ink = tuple(rng.randint(0, 80) for _ in range(3))
    draw = ImageDraw.Draw(img)
    first = rng.randrange(len(lines))
    y = rng.randint(0, size * 2)
    for i in range(first, first + h // size):
        draw.text((rng.randint(2, size), y), lines[i % len(lines)], font=font, fill=ink)
        y += int(size * 1.3)
        if y > h:
            break
    return img


def draw(rng):
    """One off-task image: a document a fifth of the time, else a view of a packaged image;
    with its source (the package, or "documents")."""
    if rng.random() < 0.2:
        return document(rng), "documents"
    files = train_files()
    packages = list(TRAIN_PACKAGES)
    while True:
        package = rng.choices(packages, weights=[TRAIN_PACKAGES[p] for p in packages])[0]
        img = _load(files[package][rng.randrange(len(files[package]))])
        if img is not None:
            return _view(rng, img), package


def question(rng):
    """Any question: the refusal is the answer on such an image, whatever is asked (a task
    question half the time: on a photo, "How many shapes are there?" is refused too)."""
    if rng.random() < 0.5:
        return make_data.OFFTASK_TRAIN[rng.randrange(len(make_data.OFFTASK_TRAIN))]
    groups = make_data.task_question_groups()
    group = groups[rng.randrange(len(groups))]
    return group[rng.randrange(len(group))]


def make_case(rng):
    """An off-task image and questions about it, all answered with the refusal: a case as
    make_data.make_case gives one (no shapes, no word: nothing for the auxiliary targets)."""
    img, source = draw(rng)
    return {"image": img, "shapes": [], "word": None, "question": question(rng),
            "answer": make_data.REFUSAL, "qtype": "real", "source": source}


def main(argv=None):
    """real_images.py OUT_DIR [COUNT [SEED]]: writes a few drawn images, to look at."""
    import sys
    argv = sys.argv[1:] if argv is None else argv
    out, count = argv[0], int(argv[1]) if len(argv) > 1 else 12
    rng = random.Random(int(argv[2]) if len(argv) > 2 else 0)
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        case = make_case(rng)
        path = os.path.join(out, f"{i:03d}-{case['source']}.png")
        case["image"].save(path)
        print(f"{path}\t{case['question']}")


if __name__ == "__main__":
    main()
