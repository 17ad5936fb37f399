"""The last window step: the window closed as a user closes it (Alt+F4, which openbox's default
rc.xml binds to its Close action: WM_DELETE_WINDOW, as the title bar's close button sends) must
end the app by itself with exit status 0 and nothing on stderr from a sanitizer. An instrumented
build makes that the app's leak and race check: LeakSanitizer (asan preset) reports the leaks it
finds at this exit and makes the status non-zero; ThreadSanitizer (tsan preset) exits 66 at the
end when it reported anything during the run. Issue #56 item 10."""

import time

from timescale import scaled

# What a sanitizer writes on stderr when it reports (compiler-rt's report headers).
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer",
                   "runtime error:")


def step_quit(w):
    app = w.app
    window = w.x.window_of(app.pid, timeout=10, check=lambda: app.check_alive("closing"))
    w.x.activate(window)
    w.x.key("alt+F4")
    # Leak checking at exit walks the whole heap: seconds under ASan, more on a loaded machine.
    deadline = time.monotonic() + scaled(60)
    while app.proc.poll() is None:
        if time.monotonic() > deadline:
            raise AssertionError("the app still runs 60 s after its window was closed")
        time.sleep(0.1)
    rc = app.proc.returncode
    shell_rc = 128 - rc if rc < 0 else rc
    err = app.stderr_text()
    w.metrics["exit_after_close"] = shell_rc
    marks = [m for m in SANITIZER_MARKS if m in err]
    assert rc == 0 and not marks, (
        "closing the window: exit %d%s; stderr:\n%s"
        % (shell_rc, (", sanitizer reports: %s" % marks) if marks else "", err[-6000:]))
    w.say("window closed: the app exited 0 with no sanitizer report")
