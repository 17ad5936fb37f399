"""Real input events (xdotool, through the X server like a user's) and screenshots."""

import os
import subprocess

from timescale import scaled


class XInput:
    def __init__(self, env, shots_dir):
        self.env = env
        self.shots_dir = shots_dir
        os.makedirs(shots_dir, exist_ok=True)
        self.count = 0

    def xdotool(self, *args):
        r = subprocess.run(["xdotool", *map(str, args)], env=self.env, capture_output=True,
                           text=True, timeout=20)
        if r.returncode != 0:
            raise RuntimeError("xdotool %s: %s" % (" ".join(map(str, args)), r.stderr.strip()))
        return r.stdout.strip()

    def pointer(self):
        """Where the pointer is: (x, y)."""
        out = dict(kv.split(":") for kv in self.xdotool("getmouselocation").split())
        return int(out["x"]), int(out["y"])

    def move(self, x, y):
        """Moves the pointer to (x, y) and returns once it is there. xdotool's --sync waits until
        the pointer has left where it was (cmd_mousemove.c calls xdo_wait_for_mouse_move_from,
        xdo.c: up to MAX_TRIES polls 30 ms apart), so a move to where the pointer already is
        waited 15 s for nothing: a second click on the same control, or two steps of a short
        drag that round to the same pixel."""
        x, y = int(x), int(y)
        if self.pointer() != (x, y):
            self.xdotool("mousemove", "--sync", x, y)

    def click(self, x, y, button=1):
        # The pointer is there before the button goes down.
        self.move(x, y)
        self.xdotool("click", button)

    def click_control(self, control):
        self.click(*control.centre)

    def key(self, *keys):
        self.xdotool("key", "--clearmodifiers", *keys)

    def type(self, text):
        self.xdotool("type", "--clearmodifiers", "--delay", 15, text)

    def window_of(self, pid, timeout=30, check=lambda: None):
        """The visible window of the process (waits until it is mapped; `check` raises when
        the process is gone, so a refusal to start fails at once)."""
        import time
        deadline = time.monotonic() + scaled(timeout)
        while True:
            r = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                               env=self.env, capture_output=True, text=True)
            ids = r.stdout.split()
            if ids:
                return ids[0]
            check()
            if time.monotonic() > deadline:
                raise RuntimeError("no window of process %d after %ds" % (pid, timeout))
            time.sleep(0.1)

    def activate(self, window):
        self.xdotool("windowactivate", "--sync", window)

    def screenshot(self, step):
        """The whole screen into screenshots/NN-step.png; returns the image."""
        from PIL import ImageGrab
        self.count += 1
        image = ImageGrab.grab(xdisplay=self.env["DISPLAY"])
        path = os.path.join(self.shots_dir, "%02d-%s.png" % (self.count, step))
        image.save(path)
        return path
