#!/usr/bin/python3
"""Writes the .pth files the C++ reader is tested against, with torch.save itself, plus
expected.json: for every file, each tensor's name, dtype, shape and the SHA-256 of its
elements as contiguous little-endian bytes (computed here by torch/numpy), and for files that
must be refused, a fragment the error has to contain.

usage: make_pth_fixtures.py OUTPUT_DIR
"""
import collections
import hashlib
import json
import os
import struct
import sys
import zipfile

import hostile_pth

import torch


def tensor_sha256(t):
    t = t.contiguous()
    if t.dtype == torch.bfloat16:  # numpy has no bfloat16: hash the same bits as int16
        t = t.view(torch.int16)
    return hashlib.sha256(t.numpy().tobytes()).hexdigest()


def describe(state, prefix=""):
    """Flattens nested dicts the way the C++ reader names them."""
    out = []
    for key, value in state.items():
        name = prefix + key
        if isinstance(value, dict):
            out += describe(value, name + ".")
        elif isinstance(value, torch.Tensor):
            out.append({"name": name, "dtype": str(value.dtype).replace("torch.", ""),
                        "shape": list(value.shape), "sha256": tensor_sha256(value)})
    return out


def mixed_state_dict():
    g = torch.Generator().manual_seed(1234)
    base = torch.randn(6, 8, generator=g)
    shared = torch.arange(24, dtype=torch.float32)
    sd = collections.OrderedDict()
    sd["bf16"] = torch.randn(5, 7, generator=g).to(torch.bfloat16)
    sd["f32"] = base
    sd["f16"] = torch.randn(3, 4, 2, generator=g).half()
    sd["i64"] = torch.tensor([-(2 ** 40), -1, 0, 1, 2 ** 62], dtype=torch.int64)
    sd["scalar"] = torch.tensor(3.25)
    sd["empty"] = torch.zeros(0, 4)
    sd["transposed"] = base.t()                      # non-contiguous, strides (1, 8)
    sd["slice_offset"] = base[2:5, 1:6]              # storage offset 17, strides (8, 1)
    sd["every_other"] = base[:, ::2]                 # inner stride 2
    sd["shared_a"] = shared.view(4, 6)               # two views of one storage
    sd["shared_b"] = shared[6:18].view(3, 4)
    sd["patch_embedder.input_proj.weight"] = torch.randn(4, 12, generator=g).to(torch.bfloat16)
    return sd


def artifacts():
    """What optimum-rbln's save_torch_artifacts writes: {name: module.state_dict()}."""
    torch.manual_seed(7)
    embed = torch.nn.Embedding(16, 6).to(torch.bfloat16)
    proj = torch.nn.Linear(12, 4, bias=False)
    return {"embed_tokens": embed.state_dict(), "patch_embedder": {"input_proj": proj.state_dict()}}


class Evil:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


def rewrite(src, dst, rename=None, compression=zipfile.ZIP_STORED):
    """Copies an archive entry by entry (Python's zipfile does not align data)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", compression) as zout:
        for info in zin.infolist():
            name = rename(info.filename) if rename else info.filename
            zout.writestr(name, zin.read(info.filename))


def write_zip64(src, dst):
    """Copies `src` into a zip whose central directory uses zip64 extra fields for every size
    and offset and whose end record points to a zip64 end record, as large torch files do."""
    with zipfile.ZipFile(src) as zin:
        entries = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    out = bytearray()
    central = bytearray()
    for name, data in entries:
        raw = name.encode()
        crc = zipfile.crc32(data)
        offset = len(out)
        local_extra = struct.pack("<HHQQ", 1, 16, len(data), len(data))
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, 0, 0, crc, 0xFFFFFFFF,
                           0xFFFFFFFF, len(raw), len(local_extra)) + raw + local_extra + data
        extra = struct.pack("<HHQQQ", 1, 24, len(data), len(data), offset)
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 0, 0, 0, crc,
                               0xFFFFFFFF, 0xFFFFFFFF, len(raw), len(extra), 0, 0, 0, 0,
                               0xFFFFFFFF) + raw + extra
    cd_offset = len(out)
    out += central
    zip64_end = len(out)
    out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, len(entries), len(entries),
                       len(central), cd_offset)
    out += struct.pack("<IIQI", 0x07064B50, 0, zip64_end, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    with open(dst, "wb") as f:
        f.write(out)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    p = lambda name: os.path.join(out, name)
    expected = {"files": {}, "refused": {}, "gather": {}}

    mixed = mixed_state_dict()
    torch.save(mixed, p("mixed.pth"))
    expected["files"]["mixed.pth"] = {"archive": "mixed", "tensors": describe(mixed)}

    art = artifacts()
    torch.save(art, p("torch_artifacts.pth"))
    expected["files"]["torch_artifacts.pth"] = {"archive": "torch_artifacts",
                                                "tensors": describe(art)}
    rows = [3, 0, 15, 3]
    table = art["embed_tokens"]["weight"]
    expected["gather"] = {"file": "torch_artifacts.pth", "tensor": "embed_tokens.weight",
                          "rows": rows, "values": table[rows].float().flatten().tolist()}

    rewrite(p("mixed.pth"), p("renamed.pth"),
            rename=lambda n: "some other-name_1/" + n.split("/", 1)[1])
    expected["files"]["renamed.pth"] = {"archive": "some other-name_1",
                                        "tensors": describe(mixed)}

    write_zip64(p("mixed.pth"), p("zip64.pth"))
    assert zipfile.ZipFile(p("zip64.pth")).testzip() is None
    reloaded = torch.load(p("zip64.pth"))
    assert all(torch.equal(reloaded[k], v) for k, v in mixed.items())
    expected["files"]["zip64.pth"] = {"archive": "mixed", "tensors": describe(mixed)}

    torch.save({"weight": torch.ones(2), "payload": Evil()}, p("malicious.pth"))
    expected["refused"]["malicious.pth"] = "refused global 'posix.system'"
    torch.save({"weight": torch.ones(2), "fn": torch.nn.functional.relu}, p("function.pth"))
    expected["refused"]["function.pth"] = "refused global 'torch.nn.functional.relu'"
    inner = {"w": torch.ones(1)}
    torch.save({"a": inner, "b": inner}, p("shared_dict.pth"))
    expected["refused"]["shared_dict.pth"] = "the dict at 'b' appears more than once"
    cyclic = {"w": torch.ones(1)}
    cyclic["self"] = cyclic
    torch.save(cyclic, p("cyclic.pth"))
    expected["refused"]["cyclic.pth"] = "the dict at 'self' appears more than once"
    torch.save({"expanded": torch.ones(3, 1).expand(3, 1000)}, p("expanded.pth"))
    expected["refused"]["expanded.pth"] = "view has 3000 elements but its storage holds 3"
    rewrite(p("mixed.pth"), p("deflated.pth"), compression=zipfile.ZIP_DEFLATED)
    expected["refused"]["deflated.pth"] = "is compressed (method 8)"
    with open(p("mixed.pth"), "rb") as f:
        data = f.read()
    with open(p("truncated.pth"), "wb") as f:
        f.write(data[: len(data) // 2])
    expected["refused"]["truncated.pth"] = "no end-of-central-directory record"
    with open(p("not_a_zip.pth"), "wb") as f:
        f.write(b"hello, this is plain text and not an archive at all\n")
    expected["refused"]["not_a_zip.pth"] = "no end-of-central-directory record"
    torch.save(mixed, p("legacy.pth"), _use_new_zipfile_serialization=False)
    expected["refused"]["legacy.pth"] = "legacy (pre-1.6, non-zip) torch.save format"

    expected["refused"].update(hostile_pth.write_all(out))  # issue 17's crafted files

    with open(p("expected.json"), "w") as f:
        json.dump(expected, f, indent=1)


if __name__ == "__main__":
    main()
