"""The image picker's multi-select (issue #55 item 8): Attach… → the folder's path typed into
the picker's path field (Ctrl+L) → a click and a Ctrl+click with the real mouse on two images
whose names have 'é', '한글', '#' and '%' → "Attach 2 images": two chips, in the order the
picker showed them; the text file in that folder is never offered."""

import os

from images import make


def step_attach_several(w):
    folder = os.path.join(w.work, "pick #1 folder")
    os.makedirs(folder, exist_ok=True)
    first = make(os.path.join(folder, "a é photo.png"), (200, 150), (30, 160, 90))
    make(os.path.join(folder, "b 한글 사진.png"), (200, 150), (160, 30, 90))
    third = make(os.path.join(folder, "c 100% #3.png"), (200, 150), (90, 30, 160))
    with open(os.path.join(folder, "notes.txt"), "w") as f:
        f.write("not an image\n")

    w.x.click_control(w.a11y.find("Attach images", role="push button"))
    w.a11y.find("Attach images", role="dialog")
    w.app.check_alive("opening the image picker")
    w.x.key("ctrl+l")
    w.x.type(folder)
    w.a11y.wait_text(folder)
    w.x.key("Return")
    a = w.a11y.find(os.path.basename(first), timeout=10)
    c = w.a11y.find(os.path.basename(third))
    names = [ctl.name for ctl in w.a11y.controls()]
    assert "notes.txt" not in names, "the picker offers a text file"
    w.x.click_control(a)
    w.x.xdotool("keydown", "ctrl")
    try:
        w.x.click_control(c)
    finally:
        w.x.xdotool("keyup", "ctrl")
    attach = w.a11y.find("Attach 2 images", role="push button")
    w.shot("picker-two-selected")
    w.x.click_control(attach)
    w.a11y.wait_gone("Attach 2 images")
    chip_a = w.a11y.find("Image " + os.path.basename(first), timeout=15)
    chip_c = w.a11y.find("Image " + os.path.basename(third))
    w.app.check_alive("attaching two images")
    assert chip_a.x < chip_c.x, "the chips are not in the order shown: %r %r" % (chip_a, chip_c)
    assert not any(ctl.name == "Image b 한글 사진.png" for ctl in w.a11y.controls()), \
        "an image that was not selected was attached"
    w.shot("picker-two-attached")
