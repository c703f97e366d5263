"""Light and sensor effects applied to a rendered photo: what makes it look taken, not drawn.

Lighting gradients, soft shadows, glare spots, colour casts and exposure act on the scene;
defocus, motion blur, noise and JPEG compression act like a phone camera. Smooth fields
are computed at low resolution and scaled up, so a 12 MP photo costs little more than a
small one; strengths scale with the image size so both look alike.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from boardsight.datasets.synth import textures as tx

FIELD_SIDE = 256
"""Longer side, in pixels, at which smooth fields (light, shadows, glare) are computed."""


def soft_blur(mask: np.ndarray, sigma: float) -> np.ndarray:
    """Gaussian blur with a large ``sigma``, done at reduced size when that is cheaper."""
    if sigma <= 4:
        return cv2.GaussianBlur(mask, (0, 0), max(sigma, 0.3))
    factor = sigma / 2.0
    height, width = mask.shape[:2]
    small_size = (max(2, int(width / factor)), max(2, int(height / factor)))
    small = cv2.resize(mask, small_size, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 2.0)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)


def _field_shape(height: int, width: int) -> tuple[int, int, float]:
    scale = FIELD_SIDE / max(height, width)
    return max(2, round(height * scale)), max(2, round(width * scale)), scale


def light_field(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A smooth brightness multiplier: a linear ramp, a soft spot, a vignette, faint mottling."""
    fh, fw, _ = _field_shape(height, width)
    yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
    xx = xx / fw - 0.5
    yy = yy / fh - 0.5
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(angle) + yy * math.sin(angle)) * rng.uniform(0, 0.5)
    sx, sy = rng.uniform(-0.5, 0.5, 2)
    spot = np.exp(-((xx - sx) ** 2 + (yy - sy) ** 2) / (2 * rng.uniform(0.15, 0.5) ** 2))
    field = 1.0 + ramp + rng.uniform(-0.1, 0.25) * spot
    field *= 1.0 - rng.uniform(0, 0.45) * (xx**2 + yy**2) * 2
    field += 0.04 * tx.value_noise(rng, fh, fw, cells=3)
    return field.astype(np.float32)


def shadow_field(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A large soft shadow (a person or a phone) across part of the frame, as a multiplier."""
    fh, fw, _ = _field_shape(height, width)
    mask = np.zeros((fh, fw), np.float32)
    centre = rng.uniform([0, 0], [fw, fh])
    axes = (int(rng.uniform(0.2, 0.7) * fw), int(rng.uniform(0.2, 0.7) * fh))
    cv2.ellipse(mask, (int(centre[0]), int(centre[1])), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), max(fw, fh) * rng.uniform(0.03, 0.1))
    return 1 - rng.uniform(0.15, 0.45) * mask


def glare_field(
    rng: np.random.Generator, height: int, width: int, region: np.ndarray, count: int
) -> np.ndarray:
    """``count`` soft bright spots (a lamp's reflection) near the quad ``region`` (4, 2), additive."""
    fh, fw, scale = _field_shape(height, width)
    field = np.zeros((fh, fw), np.float32)
    size = float(np.linalg.norm(region[2] - region[0])) * scale
    for _ in range(count):
        weights = rng.dirichlet(np.ones(4))
        cx, cy = (weights @ region) * scale
        radius_x = size * rng.uniform(0.02, 0.12)
        radius_y = radius_x * rng.uniform(0.3, 1.0)
        spot = np.zeros((fh, fw), np.float32)
        axes = (max(1, int(radius_x)), max(1, int(radius_y)))
        cv2.ellipse(spot, (int(cx), int(cy)), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        spot = cv2.GaussianBlur(spot, (0, 0), max(0.8, radius_x * 0.6))
        field += rng.uniform(40, 150) * spot
    return field


def colour_gains(rng: np.random.Generator) -> np.ndarray:
    """White balance off by a little (BGR gains): warm, cool, green or magenta."""
    return np.array(
        [1 + rng.uniform(-0.14, 0.1), 1 + rng.uniform(-0.06, 0.06), 1 + rng.uniform(-0.1, 0.16)],
        np.float32,
    )


def tone_curve(rng: np.random.Generator) -> np.ndarray:
    """A 256-entry lookup table: exposure gain, gamma and contrast."""
    gain = rng.uniform(0.8, 1.2)
    gamma = rng.uniform(0.8, 1.25)
    contrast = rng.uniform(0.85, 1.15)
    x = np.arange(256, dtype=np.float32) / 255.0
    y = np.clip(x * gain, 0, 1) ** gamma
    y = (y - 0.5) * contrast + 0.5
    return np.clip(y * 255.0 + 0.5, 0, 255).astype(np.uint8)


def defocus(rng: np.random.Generator, image: np.ndarray, scale: float) -> np.ndarray:
    """Gaussian defocus, sometimes with motion blur; ``scale`` is image width / 1600."""
    sigma = (rng.uniform(0.3, 1.0) if rng.random() < 0.7 else rng.uniform(0.8, 2.2)) * scale
    out = cv2.GaussianBlur(image, (0, 0), float(sigma))
    if rng.random() < 0.15:
        length = max(3, int(rng.uniform(2, 8) * scale)) | 1
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        kernel /= max(kernel.sum(), 1e-6)
        out = cv2.filter2D(out, -1, kernel)
    return out


def seed_opencv(rng: np.random.Generator) -> None:
    """Seed OpenCV's own generator (used for fast noise) from ``rng``."""
    cv2.setRNGSeed(int(rng.integers(0, 2**31 - 1)))


def sensor_noise(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Luminance noise and a little colour noise, added with saturation (uint8 in and out)."""
    height, width = image.shape[:2]
    sigma = float(rng.uniform(1.0, 6.0))
    seed_opencv(rng)
    luma = np.empty((height, width), np.int16)
    cv2.randn(luma, 0.0, sigma)
    noise = cv2.merge([luma, luma, luma])
    if rng.random() < 0.5:
        chroma = np.empty((height // 2 + 1, width // 2 + 1, 3), np.int16)
        cv2.randn(chroma, (0.0, 0.0, 0.0), (sigma * 0.6,) * 3)
        noise = cv2.add(noise, cv2.resize(chroma, (width, height), interpolation=cv2.INTER_NEAREST))
    return cv2.add(image, noise, dtype=cv2.CV_8U)


def finish(rng: np.random.Generator, image: np.ndarray, region: np.ndarray) -> bytes:
    """Light, colour, optics and sensor applied to a rendered float image; JPEG bytes out.

    ``region`` (4, 2) is where the board lies, for glare that falls on it.
    """
    height, width = image.shape[:2]
    field = light_field(rng, height, width)
    if rng.random() < 0.2:
        field = field * shadow_field(rng, height, width)
    field3 = field[:, :, None] * colour_gains(rng)
    image *= cv2.resize(field3, (width, height), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.35:
        glare = glare_field(rng, height, width, region, int(rng.integers(1, 3)))
        image += cv2.resize(glare, (width, height), interpolation=cv2.INTER_LINEAR)[:, :, None]
    pixels = cv2.convertScaleAbs(image)  # saturates to 0..255; the image is never negative here
    pixels = cv2.LUT(pixels, tone_curve(rng))
    pixels = defocus(rng, pixels, width / 1600)
    pixels = sensor_noise(rng, pixels)
    quality = int(rng.integers(55, 96))
    ok, data = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:  # pragma: no cover - OpenCV always encodes a valid uint8 image
        raise RuntimeError("JPEG encoding failed")
    return data.tobytes()
