"""The training streams' worker processes. Every stream here is a pure function of the step
(each step's images come from a seed of its own), so its steps can be drawn by several worker
processes, each taking every n-th step from its id: the DataLoader takes the items from the
workers in turn, which gives back the stream in its order, the same batches as one process
would draw. Stage 1 waited for its one worker (the trainer at ~70 % of a core); train.py's
stages are bound by the trainer itself, where the second worker only fills idle time
(bench/demo-model/RESULTS.md, twenty-fifth session)."""
import torch

WORKERS = 2


def worker_steps(first, end):
    """The steps of range(first, end) that this worker process draws (all of them outside a
    worker)."""
    info = torch.utils.data.get_worker_info()
    if info is None:
        return range(first, end)
    return range(first + info.id, end, info.num_workers)


def as_is(item):
    return item


def loader(stream):
    """The stream's items in order, drawn by WORKERS processes ahead of the trainer."""
    return torch.utils.data.DataLoader(stream, batch_size=None, num_workers=WORKERS,
                                       prefetch_factor=4, collate_fn=as_is)
