"""How much longer than usual every wait of the walkthrough may take: FACET_WALK_TIME_SCALE
(default 1). For runs of an instrumented build (the asan preset's app starts and draws 2-4x
slower) or on a loaded machine; the ctest run leaves it at 1."""
import os

try:
    SCALE = max(1.0, float(os.environ.get("FACET_WALK_TIME_SCALE") or 1))
except ValueError:
    SCALE = 1.0


def scaled(seconds):
    return seconds * SCALE
