"""The real `facet` binary under test: started in the private session, its stderr kept, its
log file ($XDG_STATE_HOME/facet/facet.log) read for the conditions the steps wait on."""

import glob
import os
import re
import resource
import shutil
import signal
import subprocess
import time

from timescale import scaled

# FACET_WALK_CORES=DIR: the app may dump core, and a crash's core file is kept in DIR, for a
# backtrace of a rare crash seen only in loops (issue #56 item 10): gdb APP DIR/core-...
CORES_DIR = os.environ.get("FACET_WALK_CORES", "")


def _allow_core_dump():
    resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


class AppDied(Exception):
    pass


def _asan_runtime(binary):
    """The path of the AddressSanitizer runtime the binary links (the asan preset), or None."""
    try:
        out = subprocess.run(["ldd", binary], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    asan = [line.split("=>")[1].split()[0] for line in out.splitlines()
            if "libasan.so" in line and "=>" in line]
    return asan[0] if asan else None


def _asan_env(binary, env):
    """For an AddressSanitizer build (the asan preset) the app's environment gets two things.

    Mesa's software GL driver preloaded, so that it stays mapped until the leak check at exit.
    libGLX_mesa unloads swrast_dri.so when the window's GL context goes, and LeakSanitizer then
    reported the driver's two blocks (112 bytes, allocated from "<unknown module>") whose only
    pointers were in its unmapped globals: with the driver kept loaded nothing leaks (issue #56
    item 10). libasan must come first.

    The slow unwinder (fast_unwind_on_malloc=0), as the `ui` window tests have it
    (FACET_SANITIZER_WINDOW_TEST_ENV, cmake/FacetTesting.cmake). Debian's Qt has no frame
    pointers, so the fast one records a stack only down to the first Qt frame, and the
    suppressions in tests/lsan.supp (which name Qt functions further down) cannot match. Qt 6.4's
    software scene graph (the app's renderer under Xvfb, app/gui/scenegraphbackend.*) never
    deletes the textures it keeps per texture factory (tests/lsan.supp: textureForFactory), and
    with two-frame stacks the walk failed at quit on them (11,316,652 bytes in 498 blocks)."""
    asan = _asan_runtime(binary)
    if not asan:
        return {}
    extra = {"ASAN_OPTIONS": ":".join(o for o in (env.get("ASAN_OPTIONS", ""),
                                                 "fast_unwind_on_malloc=0") if o)}
    driver = sorted(glob.glob("/usr/lib/*/dri/swrast_dri.so"))
    if driver:
        extra["LD_PRELOAD"] = asan + " " + driver[0]
    return extra


class FacetApp:
    def __init__(self, binary, env, work, extra_env=None, args=(), name="facet"):
        self.binary = binary
        self.env = dict(env, QT_QPA_PLATFORM="xcb",
                        # Qt exposes the accessibility tree on the AT-SPI bus only when asked.
                        QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1",
                        **_asan_env(binary, env), **(extra_env or {}))
        self.args = list(args)
        self.stderr_path = os.path.join(work, name + ".stderr")
        self.log_path = os.path.join(env["XDG_STATE_HOME"], "facet", "facet.log")
        self.proc = None

    def start(self):
        self.stderr = open(self.stderr_path, "w")
        # The working folder is where Qt's file dialogs open first: a private one.
        self.proc = subprocess.Popen([self.binary, *self.args], env=self.env, cwd=self.env["HOME"],
                                     stdout=subprocess.DEVNULL, stderr=self.stderr,
                                     start_new_session=True,
                                     preexec_fn=_allow_core_dump if CORES_DIR else None)
        return self.proc.pid

    @property
    def pid(self):
        return self.proc.pid

    def stderr_text(self):
        self.stderr.flush()
        with open(self.stderr_path, errors="replace") as f:
            return f.read()

    def check_alive(self, what):
        """Raises AppDied (exit status, 139 is SIGSEGV as the shell says it, and stderr)."""
        rc = self.proc.poll()
        if rc is not None:
            shell_rc = 128 - rc if rc < 0 else rc
            raise AppDied("facet exited with %d during %s%s; stderr:\n%s"
                          % (shell_rc, what, self._keep_core(), self.stderr_text()[-4000:]))

    def _keep_core(self):
        """With FACET_WALK_CORES set, moves the app's core file (written in its working folder
        when the kernel's core_pattern is relative, as Debian's default "core") there."""
        if not CORES_DIR:
            return ""
        os.makedirs(CORES_DIR, exist_ok=True)
        kept = []
        for path in glob.glob(os.path.join(self.env["HOME"], "core*")):
            target = os.path.join(CORES_DIR, "%s-%d-%s" % (os.path.basename(path), self.proc.pid,
                                                          time.strftime("%H%M%S")))
            shutil.move(path, target)
            kept.append(target)
        return " (core: %s)" % ", ".join(kept) if kept else " (no core file written)"

    def log(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def wait_log(self, pattern, timeout, what, after=0):
        """Waits until the log (from byte `after` on) matches `pattern`; returns the match.
        Checks the app is alive while waiting, so a crash fails at once."""
        rx = re.compile(pattern)
        deadline = time.monotonic() + scaled(timeout)
        while True:
            m = rx.search(self.log()[after:])
            if m:
                return m
            self.check_alive(what)
            if time.monotonic() > deadline:
                raise TimeoutError("%s: the log has no line matching %r after %ds"
                                   % (what, pattern, timeout))
            time.sleep(0.05)

    def log_size(self):
        return len(self.log())

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.stderr.close()
