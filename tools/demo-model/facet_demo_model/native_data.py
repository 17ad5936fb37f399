"""The data workers' helpers in C (native/): make_data._background's noisy backgrounds, the
same bytes as numpy's draws and arithmetic in one pass instead of numpy's ~23 ns a value and
four passes over doubles, and pixel bytes looked up as the trainer's floats
(data_workers.py). tools/demo-model/tests/test_data_workers.py checks both against numpy. Used when
the environment names the built library (retrain.sh does: FACET_DEMO_DATA_LIB); without it
the same values come from numpy itself, so the bench and the tests run without a build."""
import ctypes
import os

import numpy as np

ENV = "FACET_DEMO_DATA_LIB"
_lib = None


def _load():
    global _lib
    if _lib is None:
        path = os.environ[ENV]
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            raise SystemExit(f"{ENV}={path}: cannot load the data library ({e}); build the "
                             "facet_demo_data target, or unset it to compute with numpy") from e
        words = [ctypes.c_uint64] * 4
        lib.facet_noisy_background.restype = None
        lib.facet_noisy_background.argtypes = words + [
            ctypes.c_double, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t, ctypes.c_size_t,
            ctypes.c_void_p]
        lib.facet_standard_normals.restype = None
        lib.facet_standard_normals.argtypes = words + [ctypes.c_size_t, ctypes.c_void_p]
        lib.facet_unit_pixels.restype = None
        lib.facet_unit_pixels.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t,
                                          ctypes.c_void_p]
        _lib = lib
    return _lib


def available():
    return bool(os.environ.get(ENV))


def _state_words(seed):
    """numpy's PCG64 state and increment for default_rng(seed), as four 64-bit halves."""
    state = np.random.default_rng(seed).bit_generator.state["state"]
    low = (1 << 64) - 1
    return state["state"] >> 64, state["state"] & low, state["inc"] >> 64, state["inc"] & low


def noisy_background(seed, sigma, background, width, height):
    """uint8 [height, width, 3]: default_rng(seed).normal(0, sigma, (height, width, 3)) + the
    background colour + 0.5, clipped to [0, 255] and truncated, as make_data computes it."""
    out = np.empty((height, width, 3), dtype=np.uint8)
    _load().facet_noisy_background(*_state_words(seed), sigma,
                                   (ctypes.c_double * 3)(*background), height, width,
                                   out.ctypes.data)
    return out


def standard_normals(seed, count):
    """float64 [count]: default_rng(seed).standard_normal(count), drawn by the library (for
    the test: every value exact, not only after rounding to bytes)."""
    out = np.empty(count, dtype=np.float64)
    _load().facet_standard_normals(*_state_words(seed), count, out.ctypes.data)
    return out


def look_up(table, codes):
    """table[codes] for a float32 [256] table and uint8 codes, as float32 of codes' shape."""
    if not available():
        return np.take(table, codes)
    table = np.ascontiguousarray(table, dtype=np.float32)
    codes = np.ascontiguousarray(codes)
    out = np.empty(codes.shape, dtype=np.float32)
    _load().facet_unit_pixels(table.ctypes.data, codes.ctypes.data, codes.size, out.ctypes.data)
    return out
