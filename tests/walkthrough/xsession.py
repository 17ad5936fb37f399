"""A private X session for the walkthrough: Xvfb on a free display, openbox, a session D-Bus
(the AT-SPI accessibility bus is started from it on demand) and private HOME/XDG_* folders, so
that nothing of the user's (settings, conversations, log, display) is read or touched.

Every process is started in its own process group and ended by that group's id in stop(), never
by name: the D-Bus daemon starts at-spi-bus-launcher and the registry as its children."""

import os
import signal
import subprocess
import time

from timescale import scaled


class XSession:
    def __init__(self, work, width=1400, height=900):
        self.work = work
        self.size = (width, height)
        self.procs = []  # (name, Popen), stopped in reverse order
        self.env = None
        self.display = None

    def _spawn(self, name, argv, **kw):
        p = subprocess.Popen(argv, start_new_session=True, **kw)
        self.procs.append((name, p))
        return p

    def _private_env(self):
        env = {k: v for k, v in os.environ.items()
               # A desktop's settings would change which dialogs Qt uses (native or not) and how
               # it looks; the real user's bus and display must not be reached.
               if not k.startswith(("XDG_", "QT_", "DBUS_", "GTK_", "WAYLAND_", "KDE_"))
               and k not in ("DISPLAY", "HOME", "XAUTHORITY", "DESKTOP_SESSION", "SESSION_MANAGER")}
        dirs = {"HOME": "home", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config",
                "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "cache", "XDG_RUNTIME_DIR": "run"}
        for var, sub in dirs.items():
            path = os.path.join(self.work, sub)
            os.makedirs(path, mode=0o700, exist_ok=True)
            env[var] = path
        # The steps find controls by their English names: the interface in English whatever
        # the machine's LANG (tests/translations covers Korean).
        env["LANGUAGE"] = "en"
        return env

    def _start_xvfb(self, env):
        # -displayfd: the server picks a free display itself and writes its number when it
        # accepts connections, so there is no race with other X servers and no fixed wait.
        r, w = os.pipe()
        self._spawn("Xvfb", ["Xvfb", "-displayfd", str(w), "-screen", "0",
                             "%dx%dx24" % self.size, "-nolisten", "tcp", "-noreset"],
                    env=env, pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start (is the xvfb package installed?)")
        return ":" + number

    def _start_dbus(self, env):
        address = "unix:path=%s/bus" % env["XDG_RUNTIME_DIR"]
        p = self._spawn("dbus-daemon", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                        "--address=" + address, "--print-address=1"],
                        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        p.stdout.readline()  # printed once the bus listens
        return address

    def start(self):
        try:
            return self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self):
        env = self._private_env()
        self.display = self._start_xvfb(env)
        env["DISPLAY"] = self.display
        env["DBUS_SESSION_BUS_ADDRESS"] = self._start_dbus(env)
        # A window manager: without one, focus, activation and popups misbehave.
        # --startup runs once openbox manages the screen: the file says it is ready.
        ready = os.path.join(self.work, "openbox-ready")
        self._spawn("openbox", ["openbox", "--sm-disable", "--startup", "touch " + ready],
                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_for(lambda: os.path.exists(ready), 15, "openbox did not start")
        self.env = env
        return env

    def stop(self):
        for name, p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for name, p in reversed(self.procs):
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
            # Children of the group (the accessibility bus) may outlive their parent.
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.procs = []


def _wait_for(condition, timeout, message):
    deadline = time.monotonic() + scaled(timeout)
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(message + " within %ds" % timeout)
        time.sleep(0.05)
