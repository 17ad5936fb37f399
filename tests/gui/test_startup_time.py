"""The app's start-up time line (app/gui/startuptime.*): `facet` started offscreen on the demo
model (FACET_QUIT_AFTER_LOAD=1 quits once it loaded) writes "first frame N ms after the process
started" to its log, once, with N no more than the wall time this script measured from before the
process was spawned to its exit (an independent clock), and above zero. Prints N for each run.

usage: test_startup_time.py FACET [RUNS]"""

import os
import re
import subprocess
import sys
import tempfile
import time


def start_once(facet, work):
    """Starts `facet` once in private folders under `work` until it quits after the load;
    returns its log, the wall time in ms and its stderr (test_startup_warnings.py reads it)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "FACET_"))}
    env.update(QT_QPA_PLATFORM="offscreen", FACET_QUIT_AFTER_LOAD="1", LANGUAGE="en",
               XDG_CONFIG_HOME=os.path.join(work, "config"),
               XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_STATE_HOME=os.path.join(work, "state"),
               XDG_CACHE_HOME=os.path.join(work, "cache"),
               XDG_RUNTIME_DIR="",
               # the single-instance socket falls back to $TMPDIR/facet-<uid>: a folder of this
               # start's own, or a start of another test running beside it takes this one's
               # images and this one exits 0 without a log
               TMPDIR=os.path.join(work, "tmp"))
    os.makedirs(env["TMPDIR"], mode=0o700, exist_ok=True)
    before = time.monotonic()
    done = subprocess.run([facet], env=env, capture_output=True, text=True, timeout=120)
    wall_ms = (time.monotonic() - before) * 1000
    assert done.returncode == 0, "facet exited %d: %s" % (done.returncode, done.stderr[-2000:])
    with open(os.path.join(work, "state", "facet", "facet.log"), encoding="utf-8") as f:
        log = f.read()
    return log, wall_ms, done.stderr


def main():
    facet = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for run in range(runs):
        with tempfile.TemporaryDirectory() as work:
            log, wall_ms, _ = start_once(facet, work)
            lines = re.findall(r"first frame (\d+) ms after the process started", log)
            assert len(lines) == 1, "the log has %d start-up lines:\n%s" % (len(lines), log)
            first_frame = int(lines[0])
            assert 0 < first_frame <= wall_ms + 10, \
                "first frame %d ms, but the process lived %.0f ms" % (first_frame, wall_ms)
            print("run %d: first frame %d ms after the process started (process lived %.0f ms)"
                  % (run + 1, first_frame, wall_ms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
