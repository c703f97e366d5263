"""Random changes of a training batch that keep its labels true, done on whole batches in torch.

Geometry (a small rotation, scale and shift, which stands for an imperfect grid
fit), quarter turns (only where the label does not depend on them, as on Boggle cubes),
lighting (gain, offset, gamma), blur and noise. Everything works on float pixels in
0..255 so that the model's own normalisation comes last, as at run time.

Three optional changes stand for fonts the renderer does not have (all off by default):
``aspect`` stretches one axis (condensed or wide faces), ``shear`` slants the crop
(oblique faces, a grid fitted a little askew), and ``stroke`` thickens or thins the dark
strokes by a random share of a 3 x 3 grey-level erosion or dilation (heavy or light
weights).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AugmentConfig:
    quarter_turns: bool = False
    rotate_degrees: float = 7.0
    scale: float = 0.08
    shift: float = 0.06
    gain: float = 0.35
    offset: float = 30.0
    gamma: float = 0.3
    blur_probability: float = 0.3
    noise: float = 6.0
    aspect: float = 0.0  # largest relative stretch of one axis against the other
    shear: float = 0.0  # largest shear (tangent of the slant)
    stroke_probability: float = 0.0  # share of crops whose strokes are made heavier or lighter


def augment_batch(pixels: Any, config: AugmentConfig, generator: Any) -> Any:
    """Augment float pixels (N, C, H, W) in 0..255; returns a new tensor of the same shape."""
    import torch
    import torch.nn.functional as F

    count = pixels.shape[0]

    def uniform(low: float, high: float) -> Any:
        return torch.rand(count, generator=generator) * (high - low) + low

    angle = torch.deg2rad(uniform(-config.rotate_degrees, config.rotate_degrees))
    if config.quarter_turns:
        angle = angle + torch.randint(0, 4, (count,), generator=generator) * (torch.pi / 2)
    scale = uniform(1 - config.scale, 1 + config.scale)
    cos, sin = torch.cos(angle) / scale, torch.sin(angle) / scale
    theta = torch.stack(
        [
            torch.stack([cos, -sin, uniform(-config.shift, config.shift) * 2], dim=1),
            torch.stack([sin, cos, uniform(-config.shift, config.shift) * 2], dim=1),
        ],
        dim=1,
    )
    if config.aspect > 0 or config.shear > 0:
        # sample the input through a stretch and slant before the turn: (x, y) -> (sx x + k y, y)
        stretch = torch.exp(uniform(-config.aspect, config.aspect))
        slant = uniform(-config.shear, config.shear)
        warp = torch.zeros(count, 2, 2)
        warp[:, 0, 0], warp[:, 0, 1], warp[:, 1, 1] = stretch, slant, 1.0
        theta = torch.cat([warp @ theta[:, :, :2], theta[:, :, 2:]], dim=2)
    grid = F.affine_grid(theta, list(pixels.shape), align_corners=False)
    out = F.grid_sample(pixels, grid, mode="bilinear", padding_mode="border", align_corners=False)

    if config.stroke_probability > 0:
        heavier = -F.max_pool2d(-F.pad(out, (1, 1, 1, 1), mode="replicate"), 3, stride=1)
        lighter = F.max_pool2d(F.pad(out, (1, 1, 1, 1), mode="replicate"), 3, stride=1)
        pick_heavier = (torch.rand(count, generator=generator) < 0.5).view(-1, 1, 1, 1)
        changed = torch.where(pick_heavier, heavier, lighter)
        share = uniform(0.3, 1.0) * (torch.rand(count, generator=generator) < config.stroke_probability)
        share = share.view(-1, 1, 1, 1)
        out = out + share * (changed - out)

    if config.blur_probability > 0:
        kernel = torch.tensor([0.25, 0.5, 0.25])
        kernel = (kernel[:, None] * kernel[None, :]).expand(out.shape[1], 1, 3, 3)
        blurred = F.conv2d(F.pad(out, (1, 1, 1, 1), mode="replicate"), kernel, groups=out.shape[1])
        chosen = (torch.rand(count, generator=generator) < config.blur_probability).view(-1, 1, 1, 1)
        out = torch.where(chosen, blurred, out)

    gamma = torch.exp(uniform(-config.gamma, config.gamma)).view(-1, 1, 1, 1)
    out = 255.0 * (out.clamp(0, 255) / 255.0) ** gamma
    gain = uniform(1 - config.gain, 1 + config.gain).view(-1, 1, 1, 1)
    offset = uniform(-config.offset, config.offset).view(-1, 1, 1, 1)
    out = out * gain + offset
    if config.noise > 0:
        out = out + torch.randn(out.shape, generator=generator) * config.noise * torch.rand(
            count, 1, 1, 1, generator=generator
        )
    return out.clamp(0, 255)


def normalise_tensor(pixels: Any, method: str) -> Any:
    """Torch twin of :func:`boardsight.models.preprocess.normalise` (must stay identical)."""
    if method == "unit":
        return pixels / 255.0
    if method == "per_image":
        mean = pixels.mean(dim=(1, 2, 3), keepdim=True)
        spread = pixels.std(dim=(1, 2, 3), keepdim=True, unbiased=False)
        return (pixels - mean) / spread.clamp_min(8.0)
    raise ValueError(f"unknown normalisation {method!r}")
