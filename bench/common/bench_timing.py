"""What the Python references of the benchmarks share: the median wall time of repeated calls."""
import statistics
import time


def median_ms(fn, runs, warm_up=0):
    """Median milliseconds of `runs` calls of fn after `warm_up` untimed ones, and the last
    result."""
    result = None
    for _ in range(warm_up):
        result = fn()
    times = []
    for _ in range(max(1, runs)):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times), result
