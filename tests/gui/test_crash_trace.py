"""The app's crash trace (app/gui/crashtrace.cpp), through crash_trace_probe: a SIGSEGV, an abort()
and a SIGFPE each end the process by the same signal as without the trace (so the exit status and
core files are unchanged), with "facet crashed: SIGNAL" and the call stack on stderr and appended
to the log file after what it held. Without the trace there is no such text (the check can fail).

usage: test_crash_trace.py PROBE"""

import os
import signal
import subprocess
import sys
import tempfile


def run(probe, how, log, *extra):
    return subprocess.run([probe, how, log, *extra], capture_output=True, text=True, timeout=60)


def check(probe, how, sig, name):
    with tempfile.TemporaryDirectory() as work:
        log = os.path.join(work, "facet.log")
        with open(log, "w") as f:
            f.write("2026-12-06T00:00:00.000Z info facet.app: Facet started\n")
        done = run(probe, how, log)
        assert done.returncode == -sig, "%s: ended with %d, not by %s" % (how, done.returncode, name)
        header = "facet crashed: " + name
        assert header in done.stderr, "%s: stderr has no %r:\n%s" % (how, header, done.stderr)
        stack = done.stderr.split(header, 1)[1].splitlines()[1:]
        frames = [l for l in stack if l.startswith("/") or "(" in l]
        assert len(frames) >= 3, "%s: the stack has %d frames:\n%s" % (how, len(frames), done.stderr)
        assert any("crash_trace_probe" in l for l in frames), \
            "%s: no frame of the probe itself:\n%s" % (how, done.stderr)
        assert "(end of the call stack)" in done.stderr, done.stderr
        with open(log) as f:
            text = f.read()
        assert text.startswith("2026-12-06T00:00:00.000Z info facet.app: Facet started\n"), \
            "the log lost what it held:\n" + text
        assert header in text and "(end of the call stack)" in text, \
            "%s: the log has no trace:\n%s" % (how, text)
        # Without the trace: the same death, and nothing of ours said.
        bare = run(probe, how, log, "--without-trace")
        assert bare.returncode == -sig, "%s without the trace: %d" % (how, bare.returncode)
        assert "facet crashed" not in bare.stderr, bare.stderr
        print("ok %s: %s, %d frames, in stderr and the log" % (how, name, len(frames)))


def main():
    probe = sys.argv[1]
    check(probe, "segv", signal.SIGSEGV, "SIGSEGV")
    check(probe, "abort", signal.SIGABRT, "SIGABRT")
    check(probe, "fpe", signal.SIGFPE, "SIGFPE")
    return 0


if __name__ == "__main__":
    sys.exit(main())
