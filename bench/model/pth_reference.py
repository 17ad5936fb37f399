#!/usr/bin/python3
"""Python side of bench_model: times torch.load of a .pth and an embedding-row lookup on the
loaded table, and prints JSON with the timings and the SHA-256 of the gathered rows.

usage: pth_reference.py FILE LOAD_RUNS GATHER_RUNS ROW...
"""
import hashlib
import json
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from bench_timing import median_ms  # noqa: E402


def main():
    path, load_runs, gather_runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rows = torch.tensor([int(r) for r in sys.argv[4:]], dtype=torch.long)
    load_ms, state = median_ms(lambda: torch.load(path), load_runs)
    table = state["embed_tokens"]["weight"]
    gather_ms, gathered = median_ms(lambda: torch.nn.functional.embedding(rows, table),
                                    gather_runs)
    digest = hashlib.sha256(gathered.contiguous().view(torch.int16).numpy().tobytes()).hexdigest()
    print(json.dumps({"load_ms": load_ms, "gather_ms": gather_ms, "gather_sha256": digest,
                      "torch": torch.__version__}))


if __name__ == "__main__":
    main()
