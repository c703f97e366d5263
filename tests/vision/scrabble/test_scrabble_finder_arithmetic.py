"""The board finder's vectorised arithmetic gives what the plain definitions give."""

import numpy as np

from boardsight.vision.scrabble.board_finder import STANDARD_LAYOUT
from boardsight.vision.scrabble.lattice import angle_to_point, fourier_sums, sines_to_points
from boardsight.vision.scrabble.premium import medians, pattern_score, pattern_scores, premium_kinds


def test_fourier_sums_are_the_sums_over_the_bin_centres() -> None:
    rng = np.random.default_rng(1)
    counts = rng.uniform(0, 1, 1024) * (rng.uniform(0, 1, 1024) < 0.3)
    start, width = -0.7, 1.3 / 1024
    periods = np.geomspace(0.03, 0.2, 50)
    centres = start + (np.arange(1024) + 0.5) * width
    direct = (counts[None, :] * np.exp(2j * np.pi * centres[None, :] / periods[:, None])).sum(axis=1)
    np.testing.assert_allclose(fourier_sums(counts, start, width, periods), direct, rtol=0, atol=1e-9)


def testsines_to_points_are_the_angles_to_each_point() -> None:
    rng = np.random.default_rng(2)
    ends = rng.uniform(-1, 1, (40, 4))
    points = np.c_[rng.normal(0, 3, (6, 2)), rng.choice([0.0, 1.0], 6)]
    points /= np.linalg.norm(points, axis=1, keepdims=True)
    expected = np.array([angle_to_point(ends, point) for point in points])
    np.testing.assert_allclose(sines_to_points(ends, points), expected, rtol=1e-9, atol=1e-12)


def test_pattern_scores_score_each_block_as_pattern_score_does() -> None:
    rng = np.random.default_rng(3)
    kinds = premium_kinds(STANDARD_LAYOUT)
    blocks = rng.uniform(0, 255, (7, 225, 3)).astype(np.float32)
    blocks[0] = 128  # one colour: no pattern
    expected = [pattern_score(block.reshape(15, 15, 3), kinds) for block in blocks]
    assert pattern_scores(blocks, kinds).tolist() == expected


def test_medians_are_numpys_medians_to_the_bit() -> None:
    rng = np.random.default_rng(4)
    for count in (35, 36):
        colours = rng.integers(0, 256, (4, 5, 3, count), dtype=np.uint8)
        assert np.array_equal(medians(colours), np.median(colours.astype(np.float32), axis=-1))
        values = rng.normal(0, 50, (6, 3, count)).astype(np.float32)
        assert medians(values).dtype == np.float32
        assert np.array_equal(medians(values), np.median(values, axis=-1))
