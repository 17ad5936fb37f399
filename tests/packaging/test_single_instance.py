#!/usr/bin/env python3
"""One Facet per user: a second start hands its images to the running window.

Starts `facet IMAGE` offscreen (the image is attached at start), waits for the demo model,
then runs `facet OTHER` from another working folder with a relative path: it must exit 0 at
once, and the first instance must attach the image (its log says so, with the count now
attached). A start with no image just exits 0. SIGTERM then ends the first one normally
(exit 0). Private HOME, XDG folders and runtime folder; nothing of the user's is touched.
Usage: test_single_instance.py --app FACET --images DIR
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def wait_for(predicate, timeout, what, proc):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        if proc.poll() is not None:
            raise AssertionError("the first Facet ended (exit %d) while waiting for %s"
                                 % (proc.returncode, what))
        time.sleep(0.2)
    raise AssertionError("timed out after %d s waiting for %s" % (timeout, what))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--images", required=True)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="facet-si-")
    first = None
    try:
        env = {"PATH": "/usr/bin:/bin", "HOME": work, "LANG": "C.UTF-8",
               "XDG_DATA_HOME": work + "/data", "XDG_CONFIG_HOME": work + "/config",
               "XDG_CACHE_HOME": work + "/cache", "XDG_STATE_HOME": work + "/state",
               "XDG_RUNTIME_DIR": work + "/run",
               "QT_QPA_PLATFORM": "offscreen", "QT_QPA_OFFSCREEN_NO_GLX": "1"}
        for key in ("ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS"):
            if key in os.environ:
                env[key] = os.environ[key]
        os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
        images = os.path.abspath(a.images)
        a.app = os.path.abspath(a.app)
        log_file = os.path.join(env["XDG_STATE_HOME"], "facet", "facet.log")

        def log():
            try:
                with open(log_file, encoding="utf-8") as f:
                    return f.read()
            except OSError:
                return ""

        first = subprocess.Popen([a.app, os.path.join(images, "house.jpg")], env=env, cwd=work,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        wait_for(lambda: "model loaded from" in log(), 120, "the demo model", first)
        assert re.search(r"attached 1 of 1 image\(s\) from the command line \(now 1 attached\)",
                         log()), "`facet IMAGE` did not attach the image:\n" + log()[-2000:]
        assert os.path.exists(os.path.join(env["XDG_RUNTIME_DIR"], "facet-instance")), \
            "no socket in $XDG_RUNTIME_DIR"

        t = time.monotonic()
        second = subprocess.run([a.app, "bars.png"], env=env, cwd=images, capture_output=True,
                                text=True, timeout=60)
        print("second start: exit %d in %.1f s; %s" % (second.returncode, time.monotonic() - t,
                                                       second.stderr.strip()[-500:]))
        assert second.returncode == 0, "the second start exited %d" % second.returncode
        wanted = "attached 1 of 1 image(s) from another start (now 2 attached): %s" % \
            os.path.join(images, "bars.png")
        wait_for(lambda: wanted in log(), 30, "the first Facet to attach bars.png", first)
        print("first instance:", wanted)

        third = subprocess.run([a.app], env=env, cwd=work, capture_output=True, text=True,
                               timeout=60)
        assert third.returncode == 0, "a start without images exited %d" % third.returncode
        assert len(re.findall(r"Facet \S+ started", log())) == 1, \
            "a second window started:\n" + log()[-2000:]

        first.send_signal(signal.SIGTERM)
        out, _ = first.communicate(timeout=60)
        print("first instance after SIGTERM: exit %d" % first.returncode)
        assert first.returncode == 0, "SIGTERM: exit %d\n%s" % (first.returncode, out[-2000:])
        print("ok")
        return 0
    finally:
        if first and first.poll() is None:
            first.kill()
            first.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
