#!/usr/bin/python3
"""The walkthrough test (issue #12): the real `facet` under Xvfb and openbox, on the demo model
(simulated device), driven with real input events (xdotool) at the places AT-SPI says its
controls are; a screenshot per step into <out>/screenshots.

Usage: walkthrough.py --app PATH/facet --out FOLDER [--keep]

Each step passes or fails on its own; a crash fails its step (exit status and stderr shown) and
the app is started again for the steps after it, so one run reports every problem. Exit status:
0 when every step passed, 1 otherwise."""

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import images  # noqa: E402
import steps_chat  # noqa: E402
import steps_cli  # noqa: E402
import steps_dialogs  # noqa: E402
import steps_picker  # noqa: E402
import steps_quit  # noqa: E402
import steps_region  # noqa: E402
import steps_server  # noqa: E402
import steps_tryit  # noqa: E402
from facetapp import AppDied, FacetApp  # noqa: E402
from timescale import SCALE  # noqa: E402
from xinput import XInput  # noqa: E402
from xsession import XSession  # noqa: E402

# (name, function, needs the window)
STEPS = [
    ("attach", steps_dialogs.step_attach, True),
    ("region", steps_region.step_region, True),
    ("region chip", steps_region.step_region_chip, True),
    ("model folder", steps_dialogs.step_model_folder, True),
    ("model folder chosen", steps_dialogs.step_model_folder_choose, True),
    ("model folder leaf", steps_dialogs.step_model_folder_leaf, True),
    ("settings", steps_dialogs.step_settings, True),
    ("keyboard question", steps_chat.step_keyboard_question, True),
    ("export", steps_dialogs.step_export, True),
    ("switch while streaming", steps_chat.step_switch_while_streaming, True),
    ("stop during encoding", steps_chat.step_stop_during_encoding, True),
    ("server", steps_server.step_server, True),
    ("try it", steps_tryit.step_try_it, True),
    ("try it compare", steps_tryit.step_try_it_compare, True),
    ("attach several", steps_picker.step_attach_several, True),
    # Last with the window: it closes it (exit 0, no sanitizer report).
    ("quit", steps_quit.step_quit, True),
    ("command line", steps_cli.step_command_line, False),
]


class Walk:
    """What the steps share: the session, the running app, input, AT-SPI, test data."""
    short_reply_tokens = 40
    # Long enough for AT-SPI to see Stop and for a switch to land while it streams; on a slow
    # run (FACET_WALK_TIME_SCALE) one walk of the accessibility tree takes seconds, and in a
    # loop at load 10 a 400-token reply (10-12 s) ended before the walk saw its Stop button.
    switch_reply_tokens = int(400 * SCALE)
    stop_after_s = 1.0
    keyboard_question = "Describe the picture in a few words."
    switch_question = "Tell me a long story about the sea."
    stop_question = "What is in this big picture?"

    def __init__(self, binary, out, work):
        self.binary, self.out, self.work = binary, out, work
        self.export_dir = os.path.join(work, "export")
        self.metrics = {}
        self.started = time.monotonic()
        self.app = None
        self.launches = 0

    def say(self, text):
        print("[%5.1fs] %s" % (time.monotonic() - self.started, text), flush=True)

    def shot(self, step):
        path = self.x.screenshot(step)
        self.say("screenshot " + os.path.relpath(path, self.out))

    def launch(self):
        """Starts the app, waits for its window and the demo model (the log says so)."""
        from a11y import A11y
        self.launches += 1
        # 1120 encodes take ~1 s on 2 cores, less than the "stop during encoding" step needs
        # to see "Encoding image…" and press Esc inside it: the simulator waits 6 s first
        self.app = FacetApp(self.binary, self.env, self.work, name="facet-%d" % self.launches,
                            extra_env={"FACET_SIM_VISION_DELAY": "1120:6000"})
        after = self.app.log_size()
        self.app.start()
        window = self.x.window_of(self.app.pid, timeout=30,
                                  check=lambda: self.app.check_alive("start-up"))
        self.x.activate(window)
        m = self.app.wait_log(r"model loaded from (\S+)", 60, "loading the demo model",
                              after=after)
        app = self.app
        self.a11y = A11y(app.pid, check=lambda: app.check_alive("a step"))
        self.a11y.find("Message", timeout=20)
        self.model_dir = m.group(1)
        self.say("window up, model loaded from %s" % m.group(1))
        self.shot("loaded" if self.launches == 1 else "restarted")


def app_log_excerpt(app, start, lines=25):
    """The app's own log lines since `start` (Qt's repeated font warnings left out)."""
    own = [l for l in app.log()[start:].splitlines() if " facet." in l or "qml" in l.lower()]
    return "\n".join(own[-lines:]) or "(nothing)"


def run(args):
    out = os.path.abspath(args.out)
    shots = os.path.join(out, "screenshots")
    shutil.rmtree(shots, ignore_errors=True)
    work = tempfile.mkdtemp(prefix="facet-walk-")
    w = Walk(os.path.abspath(args.app), out, work)
    session = XSession(work)
    failures = []
    try:
        w.env = session.start()
        # pyatspi finds the bus through the environment when it is imported (in launch()).
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = w.env["DBUS_SESSION_BUS_ADDRESS"]
        os.environ["DISPLAY"] = w.env["DISPLAY"]
        w.say("Xvfb on %s, private home %s" % (w.env["DISPLAY"], work))
        w.x = XInput(w.env, shots)
        w.images = images.make_all(os.path.join(work, "images"))
        try:
            w.launch()
            have_window = True
        except Exception as e:
            failures.append(("start", str(e)))
            w.say("FAIL start: %s" % e)
            have_window = False  # the command-line checks still run
        only = set(args.steps.split(",")) if args.steps else None
        for name, step, needs_window in STEPS:
            if needs_window and not have_window:
                continue
            if only is not None and name not in only:
                continue
            t = time.monotonic()
            log_from = w.app.log_size() if w.app else 0
            w.say("--- %s" % name)
            try:
                if needs_window and w.app.proc.poll() is not None:
                    w.launch()
                step(w)
                w.say("ok   %s (%.1fs)" % (name, time.monotonic() - t))
            except Exception as e:
                detail = str(e) if isinstance(e, (AssertionError, AppDied, LookupError,
                                                  TimeoutError)) else traceback.format_exc()
                failures.append((name, detail))
                w.say("FAIL %s (%.1fs): %s" % (name, time.monotonic() - t, detail))
                if w.app:
                    w.say("the app's log during the step:\n" + app_log_excerpt(w.app, log_from))
                if needs_window:
                    try:
                        w.shot("failed-" + name.replace(" ", "-"))
                        w.say("controls on screen:\n" + w.a11y.dump())
                    except Exception:
                        pass
                    # Leave no dialog open for the next step.
                    if w.app.proc.poll() is None:
                        w.x.key("Escape")
                        w.x.key("Escape")
        return failures, w
    finally:
        if w.app is not None:
            w.app.stop()
        if getattr(w, "fake_server", None) is not None:
            w.fake_server.kill()
            w.fake_server.wait()
        session.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("kept", work)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--keep", action="store_true", help="keep the private home folder")
    parser.add_argument("--steps", help="only these steps, comma-separated (by hand, to look at "
                        "one fix without the whole walk)")
    args = parser.parse_args()
    for tool in ("Xvfb", "openbox", "xdotool", "dbus-daemon"):
        if shutil.which(tool) is None:
            print("%s is missing: install the packages in scripts/packages.txt" % tool)
            return 1
    for module in ("pyatspi", "PIL.ImageGrab"):
        try:
            __import__(module)
        except ImportError as e:
            print("%s: install the packages in scripts/packages.txt" % e)
            return 1
    started = time.monotonic()
    failures, w = run(args)
    print("\n=== walkthrough: %d step(s) failed, %.1f s wall" %
          (len(failures), time.monotonic() - started))
    if "stop_latency_s" in w.metrics:
        print("stop latency during image encoding: %.0f ms" % (w.metrics["stop_latency_s"] * 1000))
    print("screenshots in %s" % os.path.join(os.path.abspath(args.out), "screenshots"))
    for name, detail in failures:
        print("FAILED %s: %s" % (name, detail))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
