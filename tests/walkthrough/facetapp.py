"""The real `facet` binary under test: started in the private session, its stderr kept, its
log file ($XDG_STATE_HOME/facet/facet.log) read for the conditions the steps wait on."""

import os
import re
import signal
import subprocess
import time

from timescale import scaled


class AppDied(Exception):
    pass


class FacetApp:
    def __init__(self, binary, env, work, extra_env=None, args=(), name="facet"):
        self.binary = binary
        self.env = dict(env, QT_QPA_PLATFORM="xcb",
                        # Qt exposes the accessibility tree on the AT-SPI bus only when asked.
                        QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1",
                        **(extra_env or {}))
        self.args = list(args)
        self.stderr_path = os.path.join(work, name + ".stderr")
        self.log_path = os.path.join(env["XDG_STATE_HOME"], "facet", "facet.log")
        self.proc = None

    def start(self):
        self.stderr = open(self.stderr_path, "w")
        # The working folder is where Qt's file dialogs open first: a private one.
        self.proc = subprocess.Popen([self.binary, *self.args], env=self.env, cwd=self.env["HOME"],
                                     stdout=subprocess.DEVNULL, stderr=self.stderr,
                                     start_new_session=True)
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
            raise AppDied("facet exited with %d during %s; stderr:\n%s"
                          % (shell_rc, what, self.stderr_text()[-4000:]))

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
