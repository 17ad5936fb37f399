#!/usr/bin/python3
"""Loads a .pth with torch.load and prints JSON describing it: archive folder, format version
and, per tensor (nested dicts flattened with '.'), name, dtype, shape, SHA-256 of the
contiguous little-endian bytes and the values as floats. Used to check what the C++ writer
produces against the real library.

usage: describe_pth.py FILE
"""
import json
import sys
import zipfile

import torch

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_pth_fixtures import describe  # noqa: E402


def main():
    path = sys.argv[1]
    state = torch.load(path, weights_only=True) if "weights_only" in \
        torch.load.__code__.co_varnames else torch.load(path)
    tensors = describe(state)
    flat = {}

    def walk(d, prefix=""):
        for k, v in d.items():
            if isinstance(v, dict):
                walk(v, prefix + k + ".")
            else:
                flat[prefix + k] = v
    walk(state)
    for t in tensors:
        t["values"] = flat[t["name"]].double().flatten().tolist()
        t["type"] = type(state).__name__
    names = zipfile.ZipFile(path).namelist()
    print(json.dumps({"tensors": tensors, "records": names, "top": type(state).__name__}))


if __name__ == "__main__":
    main()
