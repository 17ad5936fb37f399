"""Crafted torch_artifacts.pth files for the reader's regression tests (issue 17, findings
1-3). Standard library only: each file is built byte by byte, so the test data states exactly
which field is hostile. write_all(out_dir) returns {file name: message fragment the reader's
error must contain}; make_pth_fixtures.py merges it into expected.json's "refused" map."""
import io
import os
import pickle
import struct
import zipfile


class _Storage:
    """Pickled as torch's persistent id ('storage', torch.<Class>, key, 'cpu', numel)."""

    def __init__(self, cls, key, numel):
        self.cls, self.key, self.numel = cls, key, numel


class _Global:
    """Pickles as a GLOBAL opcode naming module.name, without importing it."""

    def __init__(self, module, name):
        self.module, self.name = module, name


class _Tensor:
    def __init__(self, storage, shape, offset=0, stride=None):
        self.storage, self.shape, self.offset = storage, shape, offset
        self.stride = stride if stride is not None else _contiguous(shape)


def _contiguous(shape):
    out, step = [], 1
    for d in reversed(shape):
        out.insert(0, step)
        step *= d
    return tuple(out)


class _Pickler(pickle._Pickler):
    """The pure-Python pickler, taught to write torch's tensor and storage records."""

    def persistent_id(self, obj):
        if isinstance(obj, _Storage):
            return ("storage", obj.cls, obj.key, "cpu", obj.numel)
        return None

    def save(self, obj, save_persistent_id=True):
        if isinstance(obj, _Global):
            self.write(pickle.GLOBAL + f"{obj.module}\n{obj.name}\n".encode())
            return
        if isinstance(obj, _Tensor):
            rebuild = _Global("torch._utils", "_rebuild_tensor_v2")
            ordered = _Global("collections", "OrderedDict")
            # _rebuild_tensor_v2(storage, offset, shape, stride, False, OrderedDict())
            self.save(rebuild)
            self.write(pickle.MARK)
            self.save(obj.storage)
            self.save(obj.offset)
            self.save(tuple(obj.shape))
            self.save(obj.stride)
            self.save(False)
            self.save(ordered)
            self.save(())
            self.write(pickle.REDUCE)
            self.write(pickle.TUPLE)
            self.write(pickle.REDUCE)
            return
        super().save(obj, save_persistent_id)


def state_pickle(items):
    """data.pkl for a dict given as a list of (key, value) pairs (repeats allowed)."""
    buffer = io.BytesIO()
    p = _Pickler(buffer, protocol=2)
    p.write(pickle.PROTO + b"\x02")
    p.write(pickle.EMPTY_DICT)
    for key, value in items:
        p.save(key)
        p.save(value)
        p.write(pickle.SETITEM)
    p.write(pickle.STOP)
    return buffer.getvalue()


FLOAT = _Global("torch", "FloatStorage")


def archive(entries):
    """A stored zip of (name, bytes) entries, in order (duplicates allowed)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        for name, data in entries:
            z.writestr(zipfile.ZipInfo(name), data)
    return bytearray(buffer.getvalue())


def standard(pkl, data=None, folder="archive"):
    data = data if data is not None else {"0": struct.pack("<f", 1.0)}
    entries = [(f"{folder}/data.pkl", pkl), (f"{folder}/byteorder", b"little"),
               (f"{folder}/version", b"3\n")]
    entries += [(f"{folder}/data/{k}", v) for k, v in data.items()]
    return entries


def small_storage():
    return _Storage(FLOAT, "0", 1)


def write_all(out):
    refused = {}

    def save(name, data, message):
        with open(os.path.join(out, name), "wb") as f:
            f.write(bytes(data))
        refused[name] = message

    # Finding 1: numel 2^62+1 float32 = 4 bytes after the multiplication wraps; the view then
    # claims 2^62+1 elements of a 4-byte record.
    huge = _Storage(FLOAT, "0", 2**62 + 1)
    save("storage_size_wraps.pth",
         archive(standard(state_pickle([("w", _Tensor(huge, (2**62 + 1,)))]))),
         "more bytes than 64 bits can count")
    # An empty view whose storage offset lies past its storage: the view's byte span started
    # outside the record.
    save("empty_view_offset_past_storage.pth",
         archive(standard(state_pickle([("w", _Tensor(small_storage(), (0,), offset=1000))]))),
         "storage offset 1000 lies past storage 0")

    # Finding 2: 42 bytes — a zip64 locator right before an end record, pointing far past the
    # end of the file (the size check underflowed, so the record was read there).
    tiny = struct.pack("<IIQI", 0x07064B50, 0, 1 << 40, 1) + struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, 0, 0, 0, 0, 0)
    assert len(tiny) == 42
    save("zip64_locator_42_bytes.pth", tiny, "zip64 end record missing")

    # Finding 3: things torch.load reads differently. Two data.pkl entries: miniz finds either.
    clean = state_pickle([("w", _Tensor(_Storage(FLOAT, "0", 1), (1,)))])
    other = state_pickle([("w", _Tensor(_Storage(FLOAT, "0", 1), (1,))), ("x", 1)])
    entries = standard(clean)
    entries.append(("archive/data.pkl", other))
    save("duplicate_data_pkl.pth", archive(entries),
         "have the same name; torch.load could read either")
    # miniz compares names without regard to ASCII case.
    entries = standard(clean)
    entries.append(("archive/DATA.pkl", other))
    save("duplicate_name_case.pth", archive(entries), "'archive/data.pkl' and 'archive/DATA.pkl'")
    # torch takes the folder from the first entry; a data.pkl in another folder is not read.
    entries = [("first/version", b"3\n")] + standard(clean, folder="second")
    save("data_pkl_in_other_folder.pth", archive(entries), "no first/data.pkl record")
    # A repeated dict key: Python keeps the last value, a list reader the first.
    twice = state_pickle([("w", _Tensor(_Storage(FLOAT, "0", 1), (1,))),
                          ("w", _Tensor(_Storage(FLOAT, "1", 1), (1,)))])
    save("duplicate_key.pth",
         archive(standard(twice, {"0": struct.pack("<f", 1), "1": struct.pack("<f", 2)})),
         "the name 'w' occurs twice")
    # A second end record hidden in the comment: miniz takes the last signature in the file,
    # whatever its comment length says; the old reader skipped it and read the real archive.
    data = archive(standard(clean))
    fake_end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0, 0, 0, 0, 5)
    data[-2:] = struct.pack("<H", len(fake_end))  # the real end record's comment length
    data += fake_end
    save("end_record_in_comment.pth", data, "comment length does not match")
    return refused
