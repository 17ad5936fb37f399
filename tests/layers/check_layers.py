#!/usr/bin/env python3
"""Fails when a file includes (or imports) a layer above its own.

Layers, bottom up: engine/ (C++20, no Qt) -> app/core/ (Qt Core/Gui, no QML) -> qml/ (the
Facet.Ui module) -> app/gui/ and app/cli/ (the executables; facet-cli uses the engine only).
Each project header a file includes is resolved to the layer that holds it; Qt headers count as
the Qt layer they belong to. Usage: check_layers.py SOURCE_DIR
"""
import pathlib
import re
import sys

RANK = {"engine": 0, "core": 1, "qml": 2, "exe": 3}
# What each layer may use from Qt: nothing in the engine or the CLI, no QML/Quick in the core.
QT_FORBIDDEN = {
    "engine": re.compile(r"^Q|^Qt"),
    "cli": re.compile(r"^Q|^Qt"),
    "core": re.compile(r"^(QtQml|QtQuick|QtQuickControls2|QQml|QQuick|QJS)"),
}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def layer_of(rel):
    parts = rel.parts
    if parts[0] == "engine":
        return "engine"
    if parts[:2] == ("app", "core"):
        return "core"
    if parts[:2] == ("app", "cli"):
        return "cli"
    if parts[:2] == ("app", "gui"):
        return "gui"
    if parts[0] == "qml":
        return "qml"
    return None


def rank(layer):
    return RANK["exe"] if layer in ("gui", "cli") else RANK[layer]


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    # Every project header, by the include spellings that reach it.
    headers = {}
    for base, prefix in (("engine", ""), ("app", ""), ("qml", "")):
        for h in (root / base).rglob("*.h"):
            headers.setdefault(str(h.relative_to(root / base)), h.relative_to(root))
    problems = []
    for src in sorted(list(root.glob("engine/**/*")) + list(root.glob("app/**/*")) +
                      list(root.glob("qml/**/*"))):
        if src.suffix not in (".h", ".cpp", ".qml"):
            continue
        rel = src.relative_to(root)
        own = layer_of(rel)
        if own is None:
            continue
        text = src.read_text(encoding="utf-8", errors="replace")
        for bracket, name in INCLUDE.findall(text):
            first = name.split("/")[0]
            if own in QT_FORBIDDEN and QT_FORBIDDEN[own].match(first) and bracket == "<":
                problems.append(f"{rel}: includes <{name}>, which the {own} layer must not use")
                continue
            target = headers.get(name)
            if target is None and bracket == '"':
                local = (src.parent / name)
                target = local.relative_to(root) if local.exists() else None
            if target is None:
                continue
            their = layer_of(target)
            if their is None or their == own:
                continue
            if own == "cli" and their != "engine":
                problems.append(f"{rel}: includes \"{name}\" ({their}); facet-cli uses only the engine")
            elif rank(their) > rank(own) or (their in ("gui", "cli") and own != their):
                problems.append(f"{rel}: includes \"{name}\" from the {their} layer, above {own}")
    for p in problems:
        print(p)
    print(f"check_layers: {len(problems)} upward include(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
