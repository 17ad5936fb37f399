"""Runs facet_a11y_ctor_leak_probe (tst_a11yctorleak.cpp) as the walkthrough runs the app: xcb on a
private Xvfb with a session D-Bus and QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, so Qt's AT-SPI bridge
switches accessibility on. Under the asan preset LeakSanitizer checks the probe's exit with
tests/lsan.supp (issue #56 item 10). Exit 77 (skipped) without Xvfb or D-Bus."""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "walkthrough"))
from xsession import XSession  # noqa: E402

SKIP = 77


def main():
    probe = sys.argv[1]
    if not shutil.which("Xvfb") or not shutil.which("dbus-daemon") or not shutil.which("dbus-send"):
        print("SKIP: needs Xvfb and dbus-daemon (scripts/packages.txt)")
        return SKIP
    work = tempfile.mkdtemp(prefix="facet-a11y-leak-")
    session = XSession(work, 640, 480)
    try:
        env = dict(session.start(), QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
                   QTEST_DISABLE_STACK_DUMP="1")
        # Qt's bridge connects only once the accessibility bus is there (a screen reader, or
        # the walkthrough's AT-SPI client, has it started): D-Bus activates it on this call.
        subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus",
                        "/org/a11y/bus", "org.a11y.Bus.GetAddress"], env=env, timeout=60,
                       stdout=subprocess.DEVNULL, check=True)
        r = subprocess.run([probe], env=env, timeout=240)
        return r.returncode
    finally:
        session.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
