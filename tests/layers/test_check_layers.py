#!/usr/bin/env python3
"""check_layers.py catches what it is there for: run on a planted tree (tests/layers/planted)
whose files include upward, it must fail and name each planted include, and nothing else (the
view including the engine is allowed). Usage: test_check_layers.py"""
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
EXPECTED = {
    'app/cli/main.cpp: includes "core/worker/engineclient.h" (core); facet-cli uses only the engine',
    'app/core/worker/engineclient.h: includes "Chat/chatsession.h" from the qml layer, above core',
    'app/core/worker/engineclient.h: includes <QQuickItem>, which the core layer must not use',
    'engine/generate/engine.h: includes "core/worker/engineclient.h" from the core layer, above engine',
    'engine/generate/engine.h: includes <QString>, which the engine layer must not use',
}

r = subprocess.run([sys.executable, str(HERE / "check_layers.py"), str(HERE / "planted")],
                   capture_output=True, text=True)
found = {line for line in r.stdout.splitlines() if not line.startswith("check_layers:")}
problems = []
if r.returncode != 1:
    problems.append(f"check_layers.py exited {r.returncode} on the planted tree, not 1")
for line in sorted(EXPECTED - found):
    problems.append(f"not caught: {line}")
for line in sorted(found - EXPECTED):
    problems.append(f"reported without cause: {line}")
for p in problems:
    print(p)
print(f"test_check_layers: {len(EXPECTED)} planted upward includes, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
