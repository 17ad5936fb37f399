"""Reference Gemma 4 image path, written the way transformers' Gemma4ImageProcessorPil runs it.

load_image: PIL.Image.open -> ImageOps.exif_transpose -> convert("RGB")
preprocess: get_aspect_ratio_preserving_size -> Image.resize(BICUBIC) (skipped when the size is
unchanged) -> astype(float64) * (1/255) -> astype(float32) -> patchify (C, ph, 16, pw, 16) ->
transpose(1, 3, 2, 4, 0) -> positions from meshgrid(indexing="xy") -> pad to max_patches.

Used by the golden generator (tests/image) and by the benchmark (bench/image); keep it free of
anything but Pillow and NumPy (Debian's /usr/bin/python3).
"""
import math

import numpy as np
from PIL import Image, ImageOps

SUPPORTED_SOFT_TOKENS = (70, 140, 280, 560, 1120)
PATCH_SIZE = 16
POOLING_KERNEL_SIZE = 3
RESCALE_FACTOR = 1 / 255


def load_image(path):
    image = Image.open(path)
    image = ImageOps.exif_transpose(image)
    return image.convert("RGB")


def get_aspect_ratio_preserving_size(height, width, patch_size, max_patches, pooling_kernel_size):
    """Same expressions, same order as transformers' image_processing_pil_gemma4.py."""
    total_px = height * width
    target_px = max_patches * (patch_size**2)
    factor = math.sqrt(target_px / total_px)
    ideal_height = factor * height
    ideal_width = factor * width
    side_mult = pooling_kernel_size * patch_size

    target_height = int(math.floor(ideal_height / side_mult)) * side_mult
    target_width = int(math.floor(ideal_width / side_mult)) * side_mult

    if target_height == 0 and target_width == 0:
        raise ValueError("Attempting to resize to a 0 x 0 image.")

    max_side_length = (max_patches // pooling_kernel_size**2) * side_mult
    if target_height == 0:
        target_height = side_mult
        target_width = min(int(math.floor(width / height)) * side_mult, max_side_length)
    elif target_width == 0:
        target_width = side_mult
        target_height = min(int(math.floor(height / width)) * side_mult, max_side_length)

    if target_height * target_width > target_px:
        raise ValueError(f"Resizing [{height}x{width}] to [{target_height}x{target_width}] exceeds")

    return target_height, target_width


def convert_image_to_patches(image, patch_size):
    num_channels, image_height, image_width = image.shape
    ph = image_height // patch_size
    pw = image_width // patch_size
    patched = image.reshape(num_channels, ph, patch_size, pw, patch_size)
    patched = patched.transpose(1, 3, 2, 4, 0)
    return patched.reshape(ph * pw, -1)


def preprocess(rgb_image, max_soft_tokens):
    """Returns dict(resized=HWC uint8, pixel_values, positions, patches, soft_tokens, max_patches)."""
    if max_soft_tokens not in SUPPORTED_SOFT_TOKENS:
        raise ValueError(f"max_soft_tokens must be one of {SUPPORTED_SOFT_TOKENS}")
    max_patches = max_soft_tokens * POOLING_KERNEL_SIZE**2
    width, height = rgb_image.size
    target_height, target_width = get_aspect_ratio_preserving_size(
        height, width, PATCH_SIZE, max_patches, POOLING_KERNEL_SIZE
    )
    if (target_height, target_width) == (height, width):
        resized = rgb_image
    else:
        resized = rgb_image.resize((target_width, target_height), Image.Resampling.BICUBIC)
    hwc = np.asarray(resized, dtype=np.uint8)
    chw = hwc.transpose(2, 0, 1)
    rescaled = (chw.astype(np.float64) * RESCALE_FACTOR).astype(np.float32)

    patches = convert_image_to_patches(rescaled, PATCH_SIZE)
    ph = target_height // PATCH_SIZE
    pw = target_width // PATCH_SIZE
    grid_x, grid_y = np.meshgrid(np.arange(pw), np.arange(ph), indexing="xy")
    positions = np.stack([grid_x, grid_y], axis=-1).reshape(patches.shape[0], 2).astype(np.int64)

    count = patches.shape[0]
    pad = max_patches - count
    if pad > 0:
        patches = np.pad(patches, [(0, pad), (0, 0)], mode="constant", constant_values=0)
        positions = np.pad(positions, [(0, pad), (0, 0)], mode="constant", constant_values=-1)
    return {
        "resized": hwc,
        "pixel_values": np.ascontiguousarray(patches, dtype=np.float32),
        "positions": np.ascontiguousarray(positions, dtype=np.int64),
        "patches": count,
        "soft_tokens": count // POOLING_KERNEL_SIZE**2,
        "max_patches": max_patches,
    }
