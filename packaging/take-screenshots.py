#!/usr/bin/python3
"""Retakes the AppStream metainfo's screenshots (packaging/screenshots/), or the README's
comparison screenshots (docs/screenshots/compare-*.png), from the built app.

Usage: packaging/take-screenshots.py [--app build/dev/app/gui/facet] [--out DIR]
                                     [--sample N | --compare | --tryit | --views | --korean |
                                      --server]

Builds nothing: build first (`cmake --build build/dev`), so the demo model is the current one.
For every screenshot the metainfo lists (a name with "-dark" is taken in the dark theme, the
others in the light one) it starts the built `facet` under Xvfb with openbox in a private home
(the walkthrough's session, app, input and AT-SPI helpers in tests/walkthrough), with the image
of a demo-model sample (resources/demo-model/samples/samples.json; by default the second:
shapes.png, "What shape is yellow?" at 280, the question the demo model answers best) attached
from the command line. With the keyboard only it picks the sample's detail level and asks its
question, waits for the reply to end, and saves the window at the width and height the metainfo
states. It prints each reply beside the sample's expected answer.

--compare takes compare-light.png and compare-dark.png (1280x800, into docs/screenshots)
instead: the banner's Try it menu, opened with the keyboard, picks the example that compares
two levels (the printed word at 1120 and 70), and its Compare levels… dialog runs; the window
is saved once both answers have ended, and the answer at the example's own level is checked.

--tryit takes tryit-light.png and tryit-dark.png (1280x800, into docs/screenshots): the
banner's Try it menu opened with the keyboard, every example of samples.json listed.

--views takes every view of the window (issue #57) in both themes at 1280x800 and 1920x1080,
into docs/screenshots as view-NAME-THEME-WIDTH.png: the empty chat with the example cards, the
model picker's menu, the model details, Settings (This conversation, New chats, and Servers
with one server remembered, written into the private settings before the start), About, the
image picker (Ctrl+O) with two pictures selected, a chat with a demo-model reply under
the sidebar's date header, and the sidebar collapsed (Ctrl+B). Real clicks and keys.

--korean takes korean-settings.png (1180x800, light, into docs/screenshots): the window in
Korean (LANGUAGE=ko, as tests/translations starts it) with Settings open on its first section,
the button found by its Korean name from translations/facet_ko.ts.

--server takes server-dialog.png and server-dialog-dark.png (1280x800, into docs/screenshots):
the model picker's "Connect to a server…" dialog with the URL of the remote tests' stand-in vLLM
server (tests/remote/fake_vllm.py on loopback) typed, once its models are listed; and
server-chat.png and server-chat-dark.png: connected to that server through the same dialog, a
picture attached and a question asked, the server's "code" scenario answering with a fenced
code block (the app's rendering of it: background, monospace, Copy code).

Exit status 0 when every checked reply is the expected answer, 3 when the pictures were saved
but a reply differs, 1 on failure. Look at the PNGs before committing them."""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(SOURCE, "tests", "walkthrough"))

from conversations import find_by_question  # noqa: E402
from facetapp import AppDied, FacetApp  # noqa: E402
from xinput import XInput  # noqa: E402
from xsession import XSession  # noqa: E402

SAMPLES = os.path.join(SOURCE, "resources", "demo-model", "samples")
URL_PREFIX = "https://raw.githubusercontent.com/facet/facet/main/packaging/screenshots/"
# The size of the README's screenshots (docs/screenshots/).
COMPARE_SIZE = (1280, 800)
TRY_IT = "Try it: example images and questions"
COLUMN_ENDED = r"request \d+ column \d+ ended: (\w+) .*|request \d+ column \d+ failed: .*"
ENDED = r"request \d+ ended: (\w+) .*|request \d+ failed: .*"
# The window and size of --korean (the metainfo's size, as the screenshot it retakes).
KOREAN = ("korean-settings.png", 1180, 800)
FAKE_VLLM = os.path.join(SOURCE, "tests", "remote", "fake_vllm.py")
# --server's chat: the picture and question of a demo-model sample, asked of the stand-in server.
SERVER_CHAT_SAMPLE = {"image": "shapes.png", "question": "What shape is yellow?"}


def translated(source, language):
    """`source` as the window in `language` names it: its finished translation in
    translations/facet_LANGUAGE.ts (the same in every context, or this fails), so controls are
    found by the names a user of that language hears."""
    if language == "en":
        return source
    ts = os.path.join(SOURCE, "translations", "facet_%s.ts" % language)
    found = {m.find("translation").text for m in ET.parse(ts).getroot().iter("message")
             if m.findtext("source") == source and not m.find("translation").get("type")}
    if len(found) != 1:
        raise RuntimeError("%s: %r has %d translations: %s" % (ts, source, len(found), found))
    return found.pop()


def wanted_screenshots():
    """(file name, width, height) of every screenshot the metainfo refers to."""
    (meta,) = glob.glob(os.path.join(SOURCE, "packaging", "*.metainfo.xml"))
    out = []
    for image in ET.parse(meta).getroot().findall("./screenshots/screenshot/image"):
        url = image.text.strip()
        if not url.startswith(URL_PREFIX):
            sys.exit("%s: %s is not under %s" % (meta, url, URL_PREFIX))
        out.append((url[len(URL_PREFIX):], int(image.get("width")), int(image.get("height"))))
    return out


def private_env(env, root):
    """The session's environment with fresh HOME and XDG folders: each screenshot starts from
    an empty conversation list and default settings."""
    env = dict(env)
    for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = os.path.join(root, var.lower())
        os.makedirs(env[var], mode=0o700)
    return env


def tab_to(x, a11y, wanted, what):
    """Presses Tab until the focused control's name satisfies `wanted`."""
    for _ in range(40):
        if wanted(a11y.focused() or ""):
            return
        x.key("Tab")
        time.sleep(0.05)
    raise RuntimeError("Tab never reached %s (focus on %r)" % (what, a11y.focused()))


def wait_checked(a11y, wanted, timeout=5):
    """Waits until the control whose name satisfies `wanted` is checked."""
    deadline = time.monotonic() + timeout
    while not any(wanted(c.name) and a11y.pyatspi.STATE_CHECKED in c.states
                  for c in a11y.controls()):
        if time.monotonic() > deadline:
            raise RuntimeError("the detail level is not checked after Space")
        time.sleep(0.1)


def window_grab(x, a11y, size):
    """The window's pixels once two grabs 0.2 s apart agree (the last frame is drawn). Where
    the window is comes from AT-SPI, as for every click of the walkthrough (xdotool's
    getwindowgeometry counts openbox's title bar in the wrong direction)."""
    from PIL import ImageChops, ImageGrab
    frames = [c for c in a11y.controls() if c.role == "frame"]
    if not frames or (frames[0].w, frames[0].h) != size:
        raise RuntimeError("the window is %s, the metainfo says %dx%d" % (frames, *size))
    box = (frames[0].x, frames[0].y, frames[0].x + size[0], frames[0].y + size[1])
    screen = tuple(map(int, x.xdotool("getdisplaygeometry").split()))
    if min(box) < 0 or box[2] > screen[0] or box[3] > screen[1]:
        raise RuntimeError("the window at %s is not all on the %dx%d screen" % (box, *screen))
    previous = None
    for _ in range(25):
        image = ImageGrab.grab(bbox=box, xdisplay=x.env["DISPLAY"])
        if previous is not None and ImageChops.difference(image, previous).getbbox() is None:
            return image
        previous = image
        time.sleep(0.2)
    return previous


def resize(x, window, size):
    """Gives the window the metainfo's size (the app opens at 1180x800) and waits for it (the
    size xdotool reports is right; only its position is not)."""
    x.xdotool("windowsize", window, *size)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        g = x.xdotool("getwindowgeometry", "--shell", window)
        if "WIDTH=%d\n" % size[0] in g + "\n" and "HEIGHT=%d\n" % size[1] in g + "\n":
            return
        time.sleep(0.1)
    raise RuntimeError("the window did not take the size %dx%d" % size)


def check_model_is_current(model_dir):
    """The build's demo model must be made from the committed weights, not an older set."""
    weights = os.path.join(SOURCE, "resources", "demo-model", "weights.rbln")
    config = os.path.join(model_dir, "rbln_config.json")
    if os.path.exists(config) and os.path.getmtime(config) < os.path.getmtime(weights):
        raise RuntimeError("%s is older than %s: build again first (cmake --build build/dev)"
                           % (model_dir, weights))


def start_app(session, x, args, name, size, theme, files=(), settings="", language="en"):
    """Starts the built facet in a private home (`files` attached from the command line;
    `settings`: the text of its settings file, facet.conf, before it starts; `language`: its
    LANGUAGE), its window at `size` and active, the demo model loaded and current; returns
    (app, env, a11y). The caller stops the app."""
    from a11y import A11y
    env = private_env(session.env, os.path.join(session.work, os.path.splitext(name)[0]))
    env["LANGUAGE"] = language
    if settings:
        os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "facet"))
        with open(os.path.join(env["XDG_CONFIG_HOME"], "facet", "facet.conf"), "w",
                  encoding="utf-8") as f:
            f.write(settings)
    app = FacetApp(args.app, env, session.work, args=["--theme", theme, *files],
                   name="facet-" + theme)
    app.start()
    try:
        window = x.window_of(app.pid, timeout=30, check=lambda: app.check_alive("start-up"))
        resize(x, window, size)
        x.activate(window)
        # The pointer off the window: no hover highlight or tooltip in the picture.
        x.move(session.size[0] - 1, session.size[1] - 1)
        model = app.wait_log(r"model loaded from (\S+)", 60, "loading the demo model")
        check_model_is_current(model.group(1))
        if files:
            app.wait_log(r"attached %d of %d image\(s\) from the command line"
                         % (len(files), len(files)), 30, "attaching")
        a11y = A11y(app.pid, check=lambda: app.check_alive("taking the screenshot"))
        a11y.find(translated("Message", language), timeout=20)
        return app, env, a11y
    except BaseException:
        app.stop()
        raise


def print_reply(path, theme, size, ended, text, expected):
    """Prints the reply beside the sample's answer; True when they are equal."""
    print("%s (%s, %dx%d): %s" % (path, theme, *size, ended))
    print("  reply:    %r" % text[:300])
    print("  expected: %r%s" % (expected, "" if text.strip() == expected else "  (DIFFERS)"))
    return text.strip() == expected


def take(session, x, args, sample, name, size, theme):
    image = os.path.join(SAMPLES, sample["image"])
    app, env, a11y = start_app(session, x, args, name, size, theme, files=[image])
    try:
        level = "(%d)" % sample["level"]
        # The level picker is one Tab stop (the selected level); Home and then Right pick the
        # others, the focus going with the selection (LevelPicker.qml).
        tab_to(x, a11y, lambda n: n.startswith("Message detail level"), "the detail level picker")
        x.key("Home")
        for _ in range(5):
            if (a11y.focused() or "").endswith(level):
                break
            x.key("Right")
            time.sleep(0.05)
        wait_checked(a11y, lambda n: n.startswith("Message detail level") and n.endswith(level))

        tab_to(x, a11y, lambda n: n == "Message", "the message box")
        after = app.log_size()
        x.type(sample["question"])
        a11y.wait_text(sample["question"])
        x.key("Return")
        ended = app.wait_log(ENDED, 300, "the reply", after=after)
        if ended.group(1) not in ("stop_token", "max_tokens"):
            raise RuntimeError("the reply did not end normally: " + ended.group(0))
        a11y.find("Send message", role="push button", timeout=10)
        path = os.path.join(args.out, name)
        window_grab(x, a11y, size).save(path)
        _, reply = find_by_question(env["XDG_DATA_HOME"], sample["question"])
        return print_reply(path, theme, size, ended.group(0), (reply or {}).get("text", ""),
                           sample["answer"])
    finally:
        app.stop()


def take_compare(session, x, args, sample, name, size, theme):
    """The Try it example that compares two levels, picked from the banner's menu with the
    keyboard: it opens Compare levels… with both ticked, and its Compare button runs them. The
    window is saved once both columns have ended. Only the answer at the example's own level
    is checked against the sample (the other level is the one it is expected to miss)."""
    app, env, a11y = start_app(session, x, args, name, size, theme)
    try:
        tab_to(x, a11y, lambda n: n == TRY_IT, "the Try it button")
        x.key("Return")
        entry = "Try “%s”" % sample["question"]
        a11y.find(entry, role="menu item", prefix=True, timeout=10)
        for _ in range(10):
            if (a11y.focused() or "").startswith(entry):
                break
            x.key("Down")
            time.sleep(0.05)
        else:
            raise RuntimeError("Down never reached %r in the menu (focus on %r)"
                               % (entry, a11y.focused()))
        x.key("Return")
        start = a11y.find("Compare the message at the chosen levels", role="push button")
        after = app.log_size()
        x.click_control(start)
        x.move(session.size[0] - 1, session.size[1] - 1)
        endings = []
        for level in sorted((sample["level"], sample["compare_with_level"])):
            ended = app.wait_log(COLUMN_ENDED, 300, "the answer at %d" % level, after=after)
            after += ended.end()
            if ended.group(1) not in ("stop_token", "max_tokens"):
                raise RuntimeError("the answer at %d did not end normally: %s"
                                   % (level, ended.group(0)))
            endings.append("%d: %s" % (level, ended.group(0)))
        a11y.find("Continue the conversation with the answer at level %d" % sample["level"],
                  timeout=20)
        path = os.path.join(args.out, name)
        window_grab(x, a11y, size).save(path)
        answers = {level: a11y.find("Answer at level %d" % level).description.strip()
                   for level in (sample["level"], sample["compare_with_level"])}
        print("  answers: %s" % ", ".join("%d: %r" % a for a in sorted(answers.items())))
        return print_reply(path, theme, size, "; ".join(endings), answers[sample["level"]],
                           sample["answer"])
    except (LookupError, RuntimeError, TimeoutError):
        failed = os.path.join(args.out, "failed-" + name)
        window_grab(x, a11y, size).save(failed)
        print("the window when it failed: %s" % failed)
        raise
    finally:
        app.stop()


def take_tryit(session, x, args, samples, name, size, theme):
    """The banner's Try it menu, opened with the keyboard: saved once every example of
    samples.json is listed in it. Checks that each is there; no question is asked."""
    app, env, a11y = start_app(session, x, args, name, size, theme)
    try:
        tab_to(x, a11y, lambda n: n == TRY_IT, "the Try it button")
        x.key("Return")
        for sample in samples:
            a11y.find("Try “%s”" % sample["question"], role="menu item", prefix=True,
                      timeout=10)
        path = os.path.join(args.out, name)
        window_grab(x, a11y, size).save(path)
        print("%s (%s, %dx%d): the Try it menu, %d examples"
              % (path, theme, *size, len(samples)))
        return True
    finally:
        app.stop()


VIEW_SIZES = [(1280, 800), (1920, 1080)]
# Settings -> Servers lists the servers connected to before; a fresh home has none. One server
# used before, as an older version remembered it (ServerConnection reads these keys; nothing is
# connected: the server was not in use when the app last ended).
VIEW_SETTINGS = """[server]
url=http://npu-server:8000/v1
model=google/gemma-4-31B-it
levels="70,280"
"""


def picture_folder(root):
    """A folder as a user's: a subfolder and pictures named in several languages."""
    from images import make
    folder = os.path.join(root, "Pictures", "holiday 2026")
    os.makedirs(os.path.join(folder, "edited"), exist_ok=True)
    colours = [(200, 60, 40), (40, 90, 200), (30, 160, 90), (220, 180, 40), (120, 60, 160),
               (20, 140, 160), (230, 120, 30), (90, 90, 90)]
    names = ["beach #2.png", "city 1.png", "dinner 100%.png", "été 4.png", "forest.png",
             "한글 사진.png", "sunset.png", "train 10.png"]
    for name, colour in zip(names, colours):
        make(os.path.join(folder, name), (320, 240), colour)
    return folder


def take_views(session, x, args, samples, name, size, theme):
    """Every view of the window at `size` in `theme` (one start of the app): each opened with
    the mouse or the keyboard, saved, closed with Esc."""
    app, env, a11y = start_app(session, x, args, name, size, theme, settings=VIEW_SETTINGS)
    tag = "%s-%d" % (theme, size[0])

    def save(view):
        x.move(session.size[0] - 1, session.size[1] - 1)
        time.sleep(0.3)
        path = os.path.join(args.out, "view-%s-%s.png" % (view, tag))
        window_grab(x, a11y, size).save(path)
        print(path)

    try:
        a11y.find("Try “%s”" % samples[0]["question"], prefix=True, role="push button")
        save("empty")
        x.click_control(a11y.find("Model status", role="push button"))
        a11y.find("Load the built-in demo model", role="menu item")
        save("model-menu")
        x.key("Escape")
        x.click_control(a11y.find("Model details", role="push button"))
        a11y.find("Model details", role="dialog")
        save("model-details")
        x.key("Escape")
        a11y.wait_gone("Copy the model details")
        x.click_control(a11y.find("Settings", role="push button"))
        a11y.find("Settings", role="dialog")
        save("settings")
        x.click_control(a11y.find("New chats", role="page tab"))
        a11y.find("System prompt for new chats")
        save("settings-new-chats")
        x.click_control(a11y.find("Servers", role="page tab"))
        a11y.find("Connect to another server", role="push button")
        save("settings-servers")
        x.key("Escape")
        a11y.wait_gone("Connect to another server")
        x.click_control(a11y.find("Help menu"))
        x.click_control(a11y.find("About Facet", role="menu item"))
        a11y.find("About Facet", role="dialog")
        save("about")
        x.key("Escape")
        a11y.wait_gone("Licences")
        # The image picker (Ctrl+O) in a folder of pictures, two of them selected with the mouse.
        folder = picture_folder(session.work)
        x.key("ctrl+o")
        a11y.find("Attach images", role="dialog")
        x.key("ctrl+l")
        x.type(folder)
        a11y.wait_text(folder)
        x.key("Return")
        x.click_control(a11y.find("beach #2.png"))
        x.xdotool("keydown", "ctrl")
        try:
            x.click_control(a11y.find("été 4.png"))
        finally:
            x.xdotool("keyup", "ctrl")
        a11y.find("Attach 2 images", role="push button")
        save("image-picker")
        x.key("Escape")
        a11y.wait_gone("Attach 2 images")
        # A chat: the second example (shapes.png, "What shape is yellow?") from its card.
        after = app.log_size()
        x.click_control(a11y.find("Try “%s”" % samples[1]["question"], prefix=True,
                                  role="push button"))
        a11y.wait_text(samples[1]["question"])
        x.key("Return")
        app.wait_log(ENDED, 300, "the reply", after=after)
        a11y.find("Send message", role="push button", timeout=10)
        save("chat")
        x.key("ctrl+b")
        a11y.wait_gone("Conversations")
        save("sidebar-collapsed")
        x.key("ctrl+b")
        return True
    finally:
        app.stop()


def take_korean(session, x, args, samples, name, size, theme):
    """The window in Korean with Settings open (its button clicked), on its first section: the
    section tabs, the rows and the buttons as a Korean user sees them."""
    app, env, a11y = start_app(session, x, args, name, size, theme, language="ko")
    try:
        settings = translated("Settings", "ko")
        x.click_control(a11y.find(settings, role="push button"))
        a11y.find(settings, role="dialog")
        a11y.find(translated("New chats", "ko"), role="page tab")
        x.move(session.size[0] - 1, session.size[1] - 1)
        time.sleep(0.3)
        path = os.path.join(args.out, name)
        window_grab(x, a11y, size).save(path)
        print("%s (%s, %dx%d): Settings in Korean" % (path, theme, *size))
        return True
    finally:
        app.stop()


def server_dialog(x, a11y, url):
    """Model picker → Connect to a server…, `url` typed; returns what the dialog says once it
    lists the server's models and Connect is enabled."""
    x.click_control(a11y.find("Model status", role="push button"))
    x.click_control(a11y.find("Connect to a server", role="menu item"))
    field = a11y.find("Server URL", role="text")
    for _ in range(3):
        # Under load a key event can be lost (steps_server.py): read back, typed again.
        x.click_control(field)
        x.key("ctrl+a")
        x.type(url)
        if a11y.text("Server URL") == url:
            break
    else:
        raise RuntimeError("the URL field shows %r" % a11y.text("Server URL"))
    deadline = time.monotonic() + 15
    while True:
        answer = a11y.find("Server answer").description
        button = a11y.find("Connect to the server", role="push button")
        if (re.search(r"\d+ models? served", answer)
                and a11y.pyatspi.STATE_ENABLED in button.states):
            break
        if time.monotonic() > deadline:
            raise RuntimeError("the server dialog says %r" % answer)
        time.sleep(0.1)
    return answer


def take_server(session, x, args, server, name, size, theme):
    """The stand-in server's URL typed into Connect to a server…: saved once the dialog lists
    its models and Connect is enabled. Nothing is connected."""
    if name.startswith("server-chat"):
        return take_server_chat(session, x, args, server, name, size, theme)
    app, env, a11y = start_app(session, x, args, name, size, theme)
    try:
        answer = server_dialog(x, a11y, server + "/s/plain/v1")
        x.move(session.size[0] - 1, session.size[1] - 1)
        time.sleep(0.3)
        path = os.path.join(args.out, name)
        window_grab(x, a11y, size).save(path)
        print("%s (%s, %dx%d): the server dialog, %s" % (path, theme, *size, answer))
        return True
    finally:
        app.stop()


def take_server_chat(session, x, args, server, name, size, theme):
    """A chat on the stand-in server: connected through its dialog as a user connects, a
    sample's picture attached, its question asked; the server's "code" scenario answers with a
    fenced code block, so the reply shows how the app renders one (its background, monospace
    type and Copy button). Saved once the reply has ended."""
    sample = SERVER_CHAT_SAMPLE
    image = os.path.join(SAMPLES, sample["image"])
    app, env, a11y = start_app(session, x, args, name, size, theme, files=[image])
    try:
        url = server + "/s/code/v1"
        server_dialog(x, a11y, url)
        after = app.log_size()
        x.click_control(a11y.find("Connect to the server", role="push button"))
        app.wait_log(r"model loaded from " + re.escape(url), 30, "connecting to " + url,
                     after=after)
        a11y.wait_gone("Connect to the server")
        x.click_control(a11y.find("Message", role="text"))
        after = app.log_size()
        x.type(sample["question"])
        a11y.wait_text(sample["question"])
        x.key("Return")
        ended = app.wait_log(ENDED, 60, "the reply", after=after)
        if ended.group(1) != "stop_token":
            raise RuntimeError("the reply did not end normally: " + ended.group(0))
        a11y.find("Copy code", role="push button", timeout=10)
        a11y.find("Send message", role="push button", timeout=10)
        x.move(session.size[0] - 1, session.size[1] - 1)
        time.sleep(0.3)
        path = os.path.join(args.out, name)
        window_grab(x, a11y, size).save(path)
        _, reply = find_by_question(env["XDG_DATA_HOME"], sample["question"])
        text = (reply or {}).get("text", "")
        print("%s (%s, %dx%d): %s" % (path, theme, *size, ended.group(0)))
        print("  reply: %r" % text[:300])
        return "```python" in text
    finally:
        app.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default=os.path.join(SOURCE, "build", "dev", "app", "gui",
                                                      "facet"))
    parser.add_argument("--out", help="default: packaging/screenshots, with --compare "
                        "docs/screenshots")
    parser.add_argument("--sample", type=int, default=1,
                        help="index into resources/demo-model/samples/samples.json")
    parser.add_argument("--compare", action="store_true",
                        help="take docs/screenshots/compare-light.png and compare-dark.png "
                        "instead: the Try it example that compares two levels")
    parser.add_argument("--tryit", action="store_true",
                        help="take docs/screenshots/tryit-light.png and tryit-dark.png instead: "
                        "the Try it menu open")
    parser.add_argument("--views", action="store_true",
                        help="take docs/screenshots/view-*.png instead: every view in both "
                        "themes at 1280x800 and 1920x1080")
    parser.add_argument("--korean", action="store_true",
                        help="take docs/screenshots/korean-settings.png instead: Settings in "
                        "Korean")
    parser.add_argument("--server", action="store_true",
                        help="take docs/screenshots/server-dialog*.png and server-chat*.png "
                        "instead: the server dialog, a chat on the server with a code block")
    args = parser.parse_args()
    args.out = args.out or os.path.join(
        SOURCE, "docs" if args.compare or args.tryit or args.views or args.korean or args.server
        else "packaging",
        "screenshots")
    args.app, args.out = os.path.abspath(args.app), os.path.abspath(args.out)
    if not os.access(args.app, os.X_OK):
        sys.exit("%s: no built facet (this script builds nothing: cmake --build build/dev)"
                 % args.app)
    for tool in ("Xvfb", "openbox", "xdotool", "dbus-daemon"):
        if shutil.which(tool) is None:
            sys.exit("%s is missing: install the packages in scripts/packages.txt" % tool)
    with open(os.path.join(SAMPLES, "samples.json"), encoding="utf-8") as f:
        samples = json.load(f)["samples"]
    if args.compare:
        (sample,) = [s for s in samples if "compare_with_level" in s] or [None]
        if sample is None:
            sys.exit("samples.json has no example with compare_with_level")
        shots = [(n, *COMPARE_SIZE) for n in ("compare-light.png", "compare-dark.png")]
    elif args.tryit:
        sample = samples
        shots = [(n, *COMPARE_SIZE) for n in ("tryit-light.png", "tryit-dark.png")]
    elif args.views:
        sample = samples
        shots = [("views-%s-%d" % (t, w), w, h) for w, h in VIEW_SIZES for t in ("light", "dark")]
    elif args.korean:
        sample = samples
        shots = [KOREAN]
    elif args.server:
        shots = [(n, *COMPARE_SIZE) for n in ("server-dialog.png", "server-dialog-dark.png",
                                              "server-chat.png", "server-chat-dark.png")]
    else:
        sample = samples[args.sample]
        shots = wanted_screenshots()
    os.makedirs(args.out, exist_ok=True)

    # Room for openbox's title bar and where it places the window.
    width = max(w for _, w, _ in shots) + 200
    height = max(h for _, _, h in shots) + 200
    work = tempfile.mkdtemp(prefix="facet-shots-")
    server = None
    if args.server:
        # The stand-in server on a free port; it ends when its stdin closes.
        server = subprocess.Popen([sys.executable, FAKE_VLLM, "--exit-with-stdin"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = server.stdout.readline().split()
        if port[:1] != ["PORT"]:
            sys.exit("fake_vllm.py said %r" % port)
        sample = "http://127.0.0.1:%s" % port[1]
    session = XSession(work, width, height)
    try:
        env = session.start()
        # pyatspi finds the session's bus through the environment when it is imported.
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = env["DBUS_SESSION_BUS_ADDRESS"]
        os.environ["DISPLAY"] = env["DISPLAY"]
        x = XInput(env, os.path.join(work, "unused"))
        right = True
        for name, w, h in shots:
            theme = "dark" if re.search(r"-dark\b", name) else "light"
            shoot = (take_compare if args.compare else take_tryit if args.tryit
                     else take_views if args.views else take_korean if args.korean
                     else take_server if args.server else take)
            right = shoot(session, x, args, sample, name, (w, h), theme) and right
    finally:
        session.stop()
        if server is not None:
            server.stdin.close()
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    return 0 if right else 3


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (AppDied, LookupError, RuntimeError, TimeoutError) as e:
        sys.exit("take-screenshots: %s" % e)
