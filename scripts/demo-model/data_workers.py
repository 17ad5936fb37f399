"""The training streams' worker processes. Every stream here is a pure function of the step
(each step's images come from a seed of its own), so its steps can be drawn by several worker
processes, each taking every n-th step from its id: the DataLoader takes the items from the
workers in turn, which gives back the stream in its order, the same batches as one process
would draw. In stage 1, the reading stage and the decoder stage the trainer and the workers
keep both cores full (measured; with a frozen vision side the workers also run its forward:
train.with_feats), so what is left to gain there is arithmetic; the counting stage did not
gain from the workers' lower priority either (bench/demo-model/RESULTS.md, twenty-fifth and
twenty-sixth sessions)."""
import os

import torch

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


def loader(stream):
    """The stream's items in order, drawn by WORKERS processes ahead of the trainer."""
    return torch.utils.data.DataLoader(stream, batch_size=None, num_workers=WORKERS,
                                       prefetch_factor=4, collate_fn=as_is,
                                       worker_init_fn=_nicer)
