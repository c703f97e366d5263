"""Fuzzing the image decoder: real encodings mutated, cut short, or random bytes."""

import cv2
import numpy as np
from fuzzing import FUZZ, inputs, reads_cleanly
from hypothesis import given

from boardsight.vision.image_io import decode_image_scaled


def _encoded(extension: str) -> bytes:
    rng = np.random.default_rng(5)
    image = rng.integers(0, 255, (48, 64, 3), dtype=np.uint8)
    ok, encoded = cv2.imencode(extension, image)
    assert ok
    return encoded.tobytes()


SEEDS = (_encoded(".jpg"), _encoded(".png"), _encoded(".webp"), _encoded(".bmp"))


@FUZZ
@given(inputs(*SEEDS))
def test_the_image_decoder_raises_only_one_line_errors(data: bytes) -> None:
    decoded = reads_cleanly(lambda raw: decode_image_scaled(raw, source="fuzzed", max_side=32), data)
    if decoded is not None:
        image, factor = decoded
        assert image.ndim == 3 and image.shape[2] == 3 and factor >= 1
