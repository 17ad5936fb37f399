"""The training streams' worker processes. Every stream here is a pure function of the step
(each step's images come from a seed of its own), so its steps can be drawn by several worker
processes, each taking every n-th step from its id: the DataLoader takes the items from the
workers in turn, which gives back the stream in its order, the same batches as one process
would draw. With a frozen vision side the workers also run its forward (train.with_feats);
their noisy backgrounds come from C (native_data.py) and their pixels travel as bytes
(PixelBytes). Since those two, every stage waits on the trainer more than on the workers
(both cores are no longer full: 1.5-1.7 cores busy in 150-300-step runs of stage 1, the
decoder and the counting stage; tools/demo-model/bench/RESULTS.md, twenty-seventh session)."""
import os

import numpy as np
import torch

from . import native_data
from . import twin

WORKERS = 2
# The workers' niceness above the trainer's. At equal priority the scheduler gave the trainer
# two thirds of a core whenever both workers ran: stage 1 went 0.215 s a step with two workers
# against 0.20 with one. Nicer workers leave the trainer its core and take the idle time.
WORKER_NICENESS = 10


def worker_steps(first, end):
    """The steps of range(first, end) that this worker process draws (all of them outside a
    worker)."""
    info = torch.utils.data.get_worker_info()
    if info is None:
        return range(first, end)
    return range(first + info.id, end, info.num_workers)


def as_is(item):
    return item


def _nicer(worker_id):
    os.nice(WORKER_NICENESS)


class PixelBytes:
    """A patch array of pixel values (twin.UNIT_PIXEL's) carried as its bytes, a quarter of
    its floats: the pipe from a worker to the trainer costs the trainer ~12 ns a byte
    (reading it in 64 KB pieces, joining them, unpickling), which in stage 1 and the counting
    stage, where the trainer is the slower side, was ~13 % of its time."""
    __slots__ = ("codes",)

    def __init__(self, codes):
        self.codes = codes


PATCH_VALUES = twin.PATCH * twin.PATCH * 3


def _each_leaf(value, change):
    """The item with change() applied to every value not in a dict, list or tuple."""
    if isinstance(value, dict):
        return {key: _each_leaf(v, change) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_each_leaf(v, change) for v in value)
    return change(value)


def _as_bytes(value):
    """A patch array that is exactly twin.UNIT_PIXEL's values as PixelBytes; any other value
    as it is, so the trainer gets the stream's values whatever they are."""
    if (isinstance(value, np.ndarray) and value.dtype == np.float32 and value.ndim == 2
            and value.shape[1] == PATCH_VALUES):
        codes = np.rint(value * np.float32(255)).astype(np.uint8)
        if np.array_equal(native_data.look_up(twin.UNIT_PIXEL, codes), value):
            return PixelBytes(codes)
    return value


def _as_floats(value):
    if isinstance(value, PixelBytes):
        return native_data.look_up(twin.UNIT_PIXEL, value.codes)
    return value


def _pack(item):
    return _each_leaf(item, _as_bytes)


def _unpack(item):
    return _each_leaf(item, _as_floats)


class _Packed(torch.utils.data.IterableDataset):
    def __init__(self, stream):
        self.stream = stream

    def __iter__(self):
        return (_pack(item) for item in self.stream)


def loader(stream):
    """The stream's items in order, drawn by WORKERS processes ahead of the trainer, their
    pixels sent as bytes (PixelBytes)."""
    drawn = torch.utils.data.DataLoader(_Packed(stream), batch_size=None, num_workers=WORKERS,
                                        prefetch_factor=4, collate_fn=as_is,
                                        worker_init_fn=_nicer)
    return (_unpack(item) for item in drawn)
