"""The look check: is there a tile on a square? The board's own look says, beside the classifier.

A blank tile shows no letter; an empty square shows none either. The classifier tells
them apart by what it learned of other boards, and on a board it never saw it can
take a blank for the board or the board for a blank. The board itself says better:
its confidently read letter tiles show what a tile's face looks like here, and its
confidently empty squares what each kind of empty square (plain, double and triple
letter and word; the centre counts as a double word square) looks like here. Each is
fitted (mean and covariance, trimmed of its least typical members, with a Student t's
heavier tails) in the squares' colours away from the ink (:mod:`.square_looks`), after
the light's slope across the board is fitted out (:func:`lighting`), and each square
gets the log likelihood ratio of tile against the empty square of its kind.

That evidence is weighed as a decision, like the other checks
(:mod:`.check_decisions`):

- the look model holds for the board with prior :data:`PRIOR_LOOK`, and only on a
  board whose confident squares it tells apart (:data:`AGREE_MIN` of its tiles and of
  its empty squares, weighed alike, on the side the classifier read them, on each kind
  of square and on the board); against it, a board whose tiles and squares look alike;
- a square that looks like neither a tile nor an empty square of its kind (a rack on
  the board, a hand, glare: farther than :data:`TYPICAL` from the class it would
  favour) gives no evidence;
- the ratio counts as much as the board bears it out: fitted on one half of the
  confident squares (a checkerboard of the squares), it is judged on the other half,
  and the slope of a logistic fit says how much it counts (at most :data:`TEMPER`: the
  classifier saw the same pixels); it is capped (:data:`CAP`), so a reading the
  classifier was sure of is overturned only by a look that is clearly the other
  class's, never by a weak one;
- too few confident tiles (:data:`MIN_TILES`) or empty squares of a kind
  (:data:`MIN_EMPTIES`) and the check abstains, on the board or on that kind.

A square is changed when the posterior of the change is at least
:data:`~.check_decisions.CLEAR` (an empty square becomes a blank unless the classifier
found a letter clearly likelier, :data:`BLANK_ODDS`; a tile becomes empty), flagged
with the evidence when it is at least :data:`FLAG_LOOK_FROM` (higher than the other
checks': the look weighs every square).
The probabilities the later checks weigh take the look's posterior of a tile on each square.

Measured alone (``benchmarks/eval_checks.py``, squares fixed / broken against the
labels; ``benchmarks/results/README.md``), each source read by the shipped recipe trained
without it: DeclanFinerty 4 / 0, and with the other checks 98.6% -> 99.8% of squares;
kwwangkw 38 / 8, with the other checks 99.4% -> 99.8%; synthetic boards in held-out
fonts 8 / 0. Every square it "broke" is a blank tile that the label calls an empty
square. :data:`PRIOR_LOOK` and :data:`TEMPER` were chosen on kwwangkw (by the model
trained without it) and synthetic boards in held-out fonts alone; the rest on the
photos of both sources with the previous model.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from boardsight.scrabble.layout import Layout, load_layout
from boardsight.scrabble.tokens import BLANK, EMPTY, TURNED
from boardsight.vision.scrabble.check_decisions import (
    CLEAR,
    MIX,
    Flag,
    percent,
)
from boardsight.vision.scrabble.position_checks import Correction
from boardsight.vision.scrabble.premium import premium_kinds

ArrayOrFloat = TypeVar("ArrayOrFloat", float, np.ndarray)

LOOK = "look"  # the check's name
PRIOR_LOOK = 0.95  # prior that a board's tiles and empty squares look as its confident squares do
AGREE_MIN = 0.9  # share of the confident squares the look must put on the classifier's side
MIN_BALANCE = 3  # tiles (or empty squares) of a kind judged for their share to count apart
SURE_TILE = 0.9  # a letter read with at least this chance of a tile teaches what a tile looks like
SURE_EMPTY = 0.6  # a square read empty with at least this chance teaches what an empty square looks like
MIN_TILES = 8  # fewer confident tiles and the board's tiles are not known well enough
MIN_EMPTIES = 6  # fewer confident empty squares of a kind and that kind is not known well enough
TRIM = 0.15  # share of the least typical members left out of each fit
COLOUR_FLOOR = 1.0  # variance (Lab units squared) added to each fit: no board's squares are one colour
TAILS = 8.0  # degrees of freedom of each class's look: heavier tails than a Gaussian's
TYPICAL = 16.3  # squared Mahalanobis distance beyond which a square looks like no member of a class
TEMPER = 0.5  # the look's log likelihood ratio counts for at most this much ...
CAP = 7.0  # ... and at most this much either way (1100 : 1)
RATIO_CLIP = 30.0  # ratios beyond this are as sure as this when fitting how much they count
SLOPE_PENALTY = 1.0  # weak penalty on that slope (squared), so perfect separation stays finite
BLANK_ODDS = 5.0  # a tile found on a square read as empty: a blank, unless a letter is this much likelier
FLAG_LOOK_FROM = 0.2  # a change kept is flagged from this posterior: the look weighs every square


def kind_names(layout: Layout, kinds: np.ndarray) -> dict[int, str]:
    """Each premium kind's name: that of the first square of the kind (the centre is a double word)."""
    names: dict[int, str] = {}
    for (row, col), kind in np.ndenumerate(kinds):
        names.setdefault(int(kind), layout.legend[layout.grid[row][col]].name)
    return names


STANDARD = load_layout("standard")
STANDARD_KINDS = premium_kinds(STANDARD.grid)  # each kind of square is fitted apart
STANDARD_KIND_NAMES = kind_names(STANDARD, STANDARD_KINDS)


@dataclass(frozen=True)
class ClassLook:
    """A class's look on one board: mean and covariance of its members' features, and how
    likely a square's features are under it."""

    mean: np.ndarray
    covariance: np.ndarray
    precision: np.ndarray  # the covariance's inverse

    @classmethod
    def fit(cls, samples: np.ndarray) -> ClassLook:
        """Fitted to ``samples`` (n, features), twice leaving out the :data:`TRIM` least typical."""
        keep = np.ones(len(samples), dtype=bool)
        for _ in range(2):
            fitted = cls._of(samples[keep])
            distances = fitted.distance(samples)
            keep = distances <= np.quantile(distances, 1.0 - TRIM)
        return cls._of(samples[keep])

    @classmethod
    def _of(cls, samples: np.ndarray) -> ClassLook:
        spread = np.cov(samples.T) if len(samples) > 1 else np.zeros((samples.shape[1],) * 2)
        covariance = np.atleast_2d(spread) + COLOUR_FLOOR * np.eye(samples.shape[1])
        return cls(samples.mean(axis=0), covariance, np.linalg.inv(covariance))

    def distance(self, features: np.ndarray) -> np.ndarray:
        """Squared Mahalanobis distance of each row of ``features`` from the mean."""
        offset = features - self.mean
        return ((offset @ self.precision) * offset).sum(axis=1)

    def log_density(self, features: np.ndarray) -> np.ndarray:
        """Log density (up to a constant shared by every fit) of a Student t of :data:`TAILS` degrees
        of freedom: a square between the classes is not a thousand times likelier one than the other."""
        dimensions = self.covariance.shape[0]
        spread = np.log1p(self.distance(features) / TAILS) * (TAILS + dimensions)
        return -0.5 * (spread + math.log(np.linalg.det(self.covariance)))


@dataclass
class LookEvidence:
    """Per square (15, 15): the tempered, capped log likelihood ratio tile : empty (0 where the look
    says nothing), and what the board's fit found."""

    log_ratio: np.ndarray
    notes: list[str] = field(default_factory=list)
    speaks: bool = False  # False when the check abstained on the whole board


def look_evidence(
    features: np.ndarray,
    kinds: np.ndarray,
    p_empty: np.ndarray,
    tile_read: np.ndarray,
    names_of_kinds: Mapping[int, str] | None = None,
) -> LookEvidence:
    """The look's evidence of a tile on each square of one board.

    ``features`` (15, 15, k) are the squares' looks; ``kinds`` (15, 15) their premium
    kinds; ``p_empty`` the classifier's chance that each square is empty; ``tile_read``
    where it read a letter (blanks are left out of what a tile looks like: they are
    the squares in doubt). ``names_of_kinds`` name the kinds in notes.
    """
    shape = kinds.shape
    flat = features.reshape(-1, features.shape[-1]).astype(np.float64)
    kinds, p_empty, tile_read = kinds.ravel(), p_empty.ravel(), tile_read.ravel()
    evidence = LookEvidence(np.zeros(shape))
    sure_tiles = tile_read & (1.0 - p_empty >= SURE_TILE)
    sure_empty = ~tile_read & (p_empty >= SURE_EMPTY)
    if sure_tiles.sum() < 2 * MIN_TILES:
        evidence.notes.append(
            f"look: {int(sure_tiles.sum())} tiles read for sure, {2 * MIN_TILES} needed to know a tile's "
            "look; no square changed"
        )
        return evidence
    flat = flat - lighting(flat, kinds, sure_tiles, sure_empty, shape)
    raw, typical, known = _raw_ratios(flat, kinds, sure_tiles, sure_empty)
    # each half of the confident squares judged by a fit to the other half: how far the look can be trusted
    half = (np.arange(len(flat)) // shape[1] + np.arange(len(flat)) % shape[1]) % 2 == 0
    held_out = np.zeros(len(flat))
    judged = np.zeros(len(flat), dtype=bool)
    for part in (half, ~half):
        ratios, _, fitted = _raw_ratios(flat, kinds, sure_tiles & ~part, sure_empty & ~part)
        held_out[part] = ratios[part]
        judged |= part & fitted & (sure_tiles | sure_empty)
    if judged.sum() < 2 * MIN_TILES or not (judged & sure_tiles).any():
        evidence.notes.append("look: too few confident squares to judge the look by; no square changed")
        return evidence
    right = (held_out > 0) == sure_tiles
    for kind in np.unique(kinds[judged]):
        members = judged & (kinds == kind)
        share = balanced_share(right[members], sure_tiles[members])
        if members.sum() >= MIN_EMPTIES and share < AGREE_MIN:
            known &= kinds != kind  # tiles look like this kind of empty square: no evidence on it
            judged &= kinds != kind
            evidence.notes.append(
                f"look: tiles look like the empty {(names_of_kinds or {}).get(int(kind), f'kind {kind}')} "
                f"squares (the look puts {share:.0%} of them on their side, {AGREE_MIN:.0%} needed); "
                "none of those changed"
            )
    if not judged.any():
        return evidence
    agree = balanced_share(right[judged], sure_tiles[judged])
    slope = calibrated_slope(held_out[judged], sure_tiles[judged])
    if agree < AGREE_MIN or slope <= 0.0:
        evidence.notes.append(
            f"look: tiles and empty squares look alike on this board (the look puts {agree:.0%} of the "
            f"confident squares on their side, {AGREE_MIN:.0%} needed); no square changed"
        )
        return evidence
    ratio = np.where(known & typical, np.clip(slope * raw, -CAP, CAP), 0.0)
    evidence.log_ratio = ratio.reshape(shape)
    evidence.speaks = True
    evidence.notes.append(
        f"look: fitted on {int(sure_tiles.sum())} tiles and {int((sure_empty & known).sum())} empty "
        f"squares; fitted on either half, it puts {agree:.0%} of the other on their side "
        f"(its log likelihood ratio counts {slope:.2f})"
    )
    return evidence


def balanced_share(right: np.ndarray, is_tile: np.ndarray) -> float:
    """Share of squares judged right, the tiles and the empty squares weighed alike (either
    alone when the other has fewer than :data:`MIN_BALANCE`): a look that takes every square
    for empty is not 95% right on a board of 95% empty squares."""
    shares = [float(right[side].mean()) for side in (is_tile, ~is_tile) if side.sum() >= MIN_BALANCE]
    return float(np.mean(shares)) if shares else float(right.mean())


def _raw_ratios(
    features: np.ndarray, kinds: np.ndarray, tiles: np.ndarray, empty: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Log likelihood ratio tile : empty of each square, from fits to ``tiles`` and ``empty`` (masks).

    Also returns where the square is typical of the class its ratio favours, and where
    its kind had enough empty squares to fit (elsewhere the ratio is 0).
    """
    raw = np.zeros(len(features))
    known = np.zeros(len(features), dtype=bool)
    typical = np.zeros(len(features), dtype=bool)
    if tiles.sum() < MIN_TILES:
        return raw, typical, known
    tile = ClassLook.fit(features[tiles])
    tile_density, tile_distance = tile.log_density(features), tile.distance(features)
    for kind in np.unique(kinds):
        members = kinds == kind
        if (members & empty).sum() < MIN_EMPTIES:
            continue
        fit = ClassLook.fit(features[members & empty])
        raw[members] = tile_density[members] - fit.log_density(features[members])
        distance = np.where(raw[members] > 0, tile_distance[members], fit.distance(features[members]))
        typical[members] = distance <= TYPICAL
        known |= members
    return raw, typical, known


def calibrated_slope(ratios: np.ndarray, is_tile: np.ndarray) -> float:
    """How much a log likelihood ratio counts on this board: the slope of a logistic fit of the
    classes to ``ratios``, at most :data:`TEMPER` (a ratio the board bears out counts that much).

    Ratios are clipped to :data:`RATIO_CLIP` first; the slope is shrunk towards 0 by a
    weak penalty, so a board whose halves separate perfectly still gets a finite one.
    """
    x = np.clip(ratios, -RATIO_CLIP, RATIO_CLIP)
    y = is_tile.astype(np.float64)
    slope, offset = 0.0, 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(slope * x + offset)))
        weight = np.maximum(p * (1 - p), 1e-9)
        gradient = np.array([np.dot(x, p - y) + SLOPE_PENALTY * slope, np.sum(p - y)])
        hessian = np.array(
            [[np.dot(weight * x, x) + SLOPE_PENALTY, np.dot(weight, x)], [np.dot(weight, x), weight.sum()]]
        )
        step = np.linalg.solve(hessian, gradient)
        slope, offset = slope - step[0], offset - step[1]
        if np.abs(step).max() < 1e-6:
            break
    return float(min(slope, TEMPER))


def lighting(
    features: np.ndarray, kinds: np.ndarray, tiles: np.ndarray, empty: np.ndarray, shape: tuple[int, ...]
) -> np.ndarray:
    """How the light shifts each square's look (n, k), a smooth function of its place on the board.

    Fitted by least squares to the confident squares: each class (tiles, and the empty
    squares of each kind) has its own colour, and a quadratic surface in row and column,
    the same for all, adds to it (shade across the board, a lamp to one side). Twice
    refitted leaving out the :data:`TRIM` worst fitted squares (a cast shadow, a misread).
    """
    rows, cols = np.divmod(np.arange(len(features)), shape[1])
    y, x = 2 * rows / max(shape[0] - 1, 1) - 1, 2 * cols / max(shape[1] - 1, 1) - 1
    surface = np.stack([y, x, y * y, x * x, x * y], axis=1)
    labels = np.where(tiles, -1, kinds)
    taught = tiles | empty
    classes = np.unique(labels[taught])
    design = np.hstack([(labels[:, None] == classes[None, :]).astype(np.float64), surface])
    keep = taught.copy()
    for _ in range(3):
        if keep.sum() <= design.shape[1]:
            return np.zeros_like(features)
        solution = np.linalg.lstsq(design[keep], features[keep], rcond=None)[0]
        residual = np.abs(features - design @ solution).sum(axis=1)
        keep = taught & (residual <= np.quantile(residual[taught], 1.0 - TRIM))
    return surface @ solution[len(classes) :]


@dataclass
class LookResult:
    """The grid after the look check, the probabilities the later checks weigh, changes, flags, notes."""

    grid: list[list[str]]
    probabilities: np.ndarray
    corrections: list[Correction] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def tile_posterior(p_tile: ArrayOrFloat, log_ratio: ArrayOrFloat) -> ArrayOrFloat:
    """Chance of a tile given the classifier's ``p_tile`` (in (0, 1)) and the look's ``log_ratio``.

    The look model holds with :data:`PRIOR_LOOK`; when it does not, the classifier alone speaks.
    """
    with_look = 1.0 / (1.0 + np.exp(-(np.log(p_tile / (1.0 - p_tile)) + log_ratio)))
    return PRIOR_LOOK * with_look + (1.0 - PRIOR_LOOK) * p_tile


def check_look(
    grid: list[list[str]],
    probabilities: np.ndarray,
    class_names: list[str],
    features: np.ndarray,
    kinds: np.ndarray = STANDARD_KINDS,
    names_of_kinds: Mapping[int, str] | None = STANDARD_KIND_NAMES,
) -> LookResult:
    """Tiles told from empty squares by the board's look; see the module's docstring.

    ``probabilities`` (15, 15, classes) in the grid's orientation; ``features`` (15, 15, k)
    the squares' looks (:func:`~.square_looks.square_looks`); ``kinds`` (15, 15) premium
    kinds (:func:`~.premium.premium_kinds`; the standard layout's by default), named in
    notes by ``names_of_kinds``.
    """
    empty_index = class_names.index(EMPTY)
    tile_classes = np.array([name not in (EMPTY, TURNED) for name in class_names])
    letters = tile_classes & np.array([name != BLANK for name in class_names])
    total = np.maximum(probabilities.sum(axis=-1), 1e-12)
    p_empty = probabilities[..., empty_index] / total
    p_empty = (1.0 - MIX) * p_empty + MIX / 2  # a classifier's certainty is not earned on every board
    read = np.array(grid)
    letter_names = [name for name, is_letter in zip(class_names, letters, strict=True) if is_letter]
    letter_read = np.isin(read, letter_names)
    evidence = look_evidence(features, kinds, p_empty, letter_read, names_of_kinds)
    result = LookResult([list(line) for line in grid], probabilities.copy(), notes=evidence.notes)
    if not evidence.speaks:
        return result
    ratios = evidence.log_ratio
    spoken = ratios != 0.0
    p_tile = 1.0 - p_empty
    posterior = np.where(spoken, tile_posterior(p_tile, ratios), p_tile)
    reweighed = result.probabilities[spoken]
    tiles = reweighed[:, tile_classes].sum(axis=1, keepdims=True)
    rest = reweighed[:, ~tile_classes].sum(axis=1, keepdims=True)
    wanted = posterior[spoken][:, None]
    reweighed[:, tile_classes] *= np.where(tiles > 0, wanted / np.maximum(tiles, 1e-300), 1.0)
    reweighed[:, ~tile_classes] *= np.where(rest > 0, (1.0 - wanted) / np.maximum(rest, 1e-300), 1.0)
    result.probabilities[spoken] = reweighed
    change = np.where(read == EMPTY, posterior, 1.0 - posterior)
    for row, col in zip(*np.nonzero(spoken & (change >= FLAG_LOOK_FROM)), strict=True):
        token, odds, chance = grid[row][col], math.exp(ratios[row, col]), float(change[row, col])
        tile = float(p_tile[row, col])
        if token == EMPTY:
            now = likeliest_tile(probabilities[row, col], class_names, tile_classes)
            before = f"empty {percent(1 - tile)} -> tile {percent(tile)} ({now} likeliest)"
        else:
            now = EMPTY
            before = f"{token} (tile {percent(tile)}) -> empty {percent(1 - tile)}"
        why = f"{before}; the look says tile : empty {odds:.3g} : 1 (this square: {percent(chance)})"
        square = (int(row), int(col))
        if chance >= CLEAR:
            result.grid[row][col] = now
            result.corrections.append(Correction(square, token, now, f"{why}: changed", LOOK))
        else:
            result.flags.append(Flag(square, token, [(now, chance)], f"{why}: kept, flagged", LOOK))
    return result


def likeliest_tile(row: np.ndarray, class_names: list[str], tile_classes: np.ndarray) -> str:
    """The tile a square read as empty most likely holds: a blank unless a letter is clearly likelier.

    The classifier would have seen a letter's ink: a tile it took for the board most
    likely shows none, so a blank is weighed :data:`BLANK_ODDS` times a letter.
    """
    weights = np.where(tile_classes, row, -1.0)
    if BLANK in class_names:
        weights[class_names.index(BLANK)] *= BLANK_ODDS
    return class_names[int(weights.argmax())]
