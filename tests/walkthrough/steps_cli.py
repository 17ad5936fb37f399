"""Step 6: the command line. --help and --version print and exit 0 without a window (even
without a display), --check-qml-modules lists the modules, and a missing QML module makes the
app refuse to start naming its Debian package (exit 1, not a crash)."""

import os
import subprocess


def _run(w, args, display=True, extra_env=None):
    env = dict(w.env, QT_QPA_PLATFORM="xcb", **(extra_env or {}))
    # A runtime folder of its own: the walkthrough's window is still open, and a second start
    # in the same one would hand over to it (single instance) instead of starting.
    env["XDG_RUNTIME_DIR"] = os.path.join(w.work, "run-cli")
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
    if not display:
        env.pop("DISPLAY")
        env.pop("QT_QPA_PLATFORM")
    r = subprocess.run([w.binary, *args], env=env, cwd=env["HOME"], capture_output=True,
                       text=True, timeout=30)
    # As the shell says it: a signal N is 128+N (SIGABRT 134, SIGSEGV 139).
    return (128 - r.returncode if r.returncode < 0 else r.returncode), r.stdout, r.stderr


def _expect(problems, what, rc, want_rc, out, needles):
    shown = "%s: exit %d; stdout/stderr: %r" % (what, rc, out[-600:])
    if rc != want_rc:
        problems.append(shown + " (expected exit %d)" % want_rc)
        return
    missing = [n for n in needles if n not in out]
    if missing:
        problems.append(shown + " (missing %s)" % missing)


def step_command_line(w):
    problems = []
    for display in (True, False):
        where = "" if display else " without a display"
        rc, out, err = _run(w, ["--help"], display)
        _expect(problems, "facet --help" + where, rc, 0, out + err, ["--version", "--theme"])
        rc, out, err = _run(w, ["--version"], display)
        _expect(problems, "facet --version" + where, rc, 0, out + err, ["facet "])
    rc, out, err = _run(w, ["--check-qml-modules"])
    _expect(problems, "facet --check-qml-modules", rc, 0, out + err,
            ["QtQuick.Dialogs", "Qt.labs.folderlistmodel"])
    w.say("facet --check-qml-modules:\n" + out.strip())
    package = "qml6-module-qt-labs-doesnotexist"
    rc, out, err = _run(w, [], extra_env={"FACET_EXTRA_QML_MODULE":
                                          "Qt.labs.doesnotexist=" + package})
    _expect(problems, "facet with a missing QML module", rc, 1, out + err, [package])
    assert not problems, "\n".join(problems)
