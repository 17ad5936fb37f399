"""No QML warning at start: `facet` started offscreen on the demo model (FACET_QUIT_AFTER_LOAD=1
quits once it loaded, the window drawn; test_startup_time.py's start) prints no binding loop and
no warning of a QML file of its own, on stderr or in its log. Qt's QML warnings do not stop the
app, so nothing else would notice them: "SwitchModelDialog: Binding loop detected for property
"implicitHeight"" was printed twice at every start before anyone saw it (issue #57).

usage: test_startup_warnings.py FACET"""

import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_startup_time import start_once  # noqa: E402

# Any binding loop (Qt's own controls' files included), and any warning that names one of the
# app's QML files (qrc:/Facet/Ui/...qml:LINE[:COLUMN]: ...).
WARNINGS = re.compile(r"^.*(Binding loop detected|qrc:/Facet/\S+\.qml:\d+(:\d+)?: ).*$",
                      re.MULTILINE)


def main():
    facet = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        log, _, stderr = start_once(facet, work)
    found = [(where, m.group(0).strip()) for where, text in (("stderr", stderr), ("log", log))
             for m in WARNINGS.finditer(text)]
    for where, line in found:
        print("QML warning at start (%s): %s" % (where, line))
    assert not found, "%d QML warning line(s) at start" % len(found)
    print("no QML warning at start (%d lines of stderr, %d of log)"
          % (len(stderr.splitlines()), len(log.splitlines())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
