#!/usr/bin/env python3
"""Fails on a literal spacing, font size, radius, border width or colour in a QML file outside
qml/Common/: those come from Theme.qml's tokens (docs/design.md), so that one change there
changes every view, and the sizes follow the application font.

    check_qml_tokens.py QML_DIR        report every literal, exit 1 if there is one
    check_qml_tokens.py --planted DIR  the check itself: every line of DIR's QML files marked
                                       `// planted` must be reported, and no other line

Allowed: 0 (no space at all), `"transparent"` (no colour), and anything in qml/Common/.
"""
import pathlib
import re
import sys

SIZE_PROPERTIES = (
    r"spacing|rowSpacing|columnSpacing|margins|(?:left|right|top|bottom)Margin|"
    r"(?:anchors|Layout)\.\w*[mM]argins?|padding|(?:left|right|top|bottom|horizontal|vertical)"
    r"Padding|radius|border\.width|font\.pixelSize|font\.pointSize|pixelSize|pointSize"
)
# `spacing: 6`, `font.pixelSize: 12.5`, `radius: -2` (a literal, not an expression of tokens).
SIZE_LITERAL = re.compile(r"\b(?:" + SIZE_PROPERTIES + r")\s*:\s*-?(\d+(?:\.\d+)?)\s*(?=[;}]|$|//)")
# "#rgb", "#rrggbb", "#aarrggbb" anywhere, Qt.rgba/hsla/hsva/rgb calls, and on a colour
# property's line a named colour as the value or a branch of `?:` (`"fail" ?` is a comparison).
HEX_COLOUR = re.compile(r"[\"']#[0-9a-fA-F]{3,8}[\"']")
COLOUR_CALL = re.compile(r"\bQt\.(?:rgba|hsla|hsva|rgb)\s*\(")
COLOUR_PROPERTY = re.compile(r"\b(?:color|\w+Color)\s*:")
NAMED_COLOUR = re.compile(r"[:?]\s*[\"']([a-zA-Z]+)[\"']\s*(?=[:;}]|$)")


def findings(path: pathlib.Path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0] if not line.lstrip().startswith("//") else ""
        if not code.strip():
            continue
        size = SIZE_LITERAL.search(line)
        if size and float(size.group(1)) != 0:
            yield number, "literal size: " + size.group(0).strip()
        if HEX_COLOUR.search(code) or COLOUR_CALL.search(code):
            yield number, "literal colour: " + code.strip()
        if COLOUR_PROPERTY.search(code) and any(
            name != "transparent" for name in NAMED_COLOUR.findall(code.strip())
        ):
            yield number, "literal colour: " + code.strip()


def qml_files(root: pathlib.Path, skip_common: bool):
    for path in sorted(root.rglob("*.qml")):
        if skip_common and path.relative_to(root).parts[0] == "Common":
            continue
        yield path


def check(root: pathlib.Path) -> int:
    bad = 0
    for path in qml_files(root, skip_common=True):
        for number, what in findings(path):
            print(f"{path}:{number}: {what} (use a Theme token, qml/Common/Theme.qml)")
            bad += 1
    if bad:
        print(f"{bad} literal(s) outside qml/Common/")
    return 1 if bad else 0


def check_planted(root: pathlib.Path) -> int:
    ok = True
    files = list(qml_files(root, skip_common=False))
    if not files:
        print(f"{root}: no planted QML files")
        return 1
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        planted = {n for n, line in enumerate(lines, 1) if line.rstrip().endswith("// planted")}
        reported = {n for n, _ in findings(path)}
        for n in sorted(planted - reported):
            print(f"{path}:{n}: planted literal not reported: {lines[n - 1].strip()}")
            ok = False
        for n in sorted(reported - planted):
            print(f"{path}:{n}: reported but allowed: {lines[n - 1].strip()}")
            ok = False
    print("planted literals all reported" if ok else "the check misses planted literals")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--planted":
        sys.exit(check_planted(pathlib.Path(sys.argv[2])))
    if len(sys.argv) == 2:
        sys.exit(check(pathlib.Path(sys.argv[1])))
    sys.exit(__doc__)
