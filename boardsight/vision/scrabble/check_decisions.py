"""The reading checks as decisions between hypotheses: change a square only when the evidence says so.

Each check weighs a constraint that usually holds against the chance that it does not:

- ``counts``: the tiles come from one standard set (one Z, two blanks ...). Prior
  :data:`PRIOR_ONE_SET`; against it, a board of two sets mixed or laid out to show
  letters off.
- ``words``: the board is a game of words in the lexicon. Prior :data:`PRIOR_GAME`,
  updated by how many words read are valid (a decorative board of names has few);
  even in a game a word may be missing from the lexicon (:data:`WORD_MISSING`).
- ``hidden-blanks``: like ``words``, but the mend is a blank tile: on a square read as empty
  at the end of an invalid word (a blank shows no letter and passes for the board), or on
  a square of the word read as a letter (a wooden blank's grain passes for a letter).
- ``lone``: every tile of a game touches another, all in one group; a lone tile, or a
  pair apart from the board's largest group, is a misread unless stray tiles
  (:data:`LONE_REAL`, higher on boards that are no game).

The evidence is the classifier's probability of each square's classes, mixed with a
little of a uniform spread (:data:`MIX`): on a tile set it never saw, a classifier's
99.9% is not earned, and a reading it was sure of must cost something finite to
overturn, but much. The posterior of each change follows from the prior odds and
the ratio of the squares' probabilities with and without the change; a square is
changed when that posterior is at least :data:`CLEAR`, and flagged with its
alternatives (kept as read) when the change is plausible but not clear. A board that
breaks a constraint by far pays for every square it would change, so a board of
three Z tiles read at 99% keeps them: the constraint is what fails there.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from boardsight.lexicon import Lexicon
from boardsight.scrabble.coords import square_name
from boardsight.scrabble.tileset import TileSet
from boardsight.vision.scrabble.position_checks import (
    BLANK,
    EMPTY,
    Correction,
    Run,
    Square,
    beside,
    excess_letters,
    is_tile,
    run_text,
    runs,
    runs_at,
)

CHECK_NAMES = ("counts", "words", "hidden-blanks", "lone")  # every check, in the order they run
CLEAR = 0.8  # a square is changed when the posterior of the change is at least this ...
FLAG_FROM = 0.05  # ... and flagged, kept as read, when it is at least this
MIX = 0.02  # share of a uniform spread mixed into the classifier's probabilities
PRIOR_ONE_SET = 0.8  # prior that a board's tiles come from one standard set
PRIOR_GAME = 0.8  # prior that a board is a game of lexicon words
VALID_IN_GAME = 0.9  # share of the words of a game that read as valid (misreads, missing words)
VALID_BY_CHANCE = 0.25  # share of the runs of a board of names that happen to be words
WORD_MISSING = 0.03  # chance that a word of a real game is missing from the lexicon ...
MISSING_WEIGHT = 10  # ... as if seen on this many words, before the board's own words count
LONE_REAL = 0.05  # chance that a lone tile in a game is a real, stray tile
LONE_REAL_NO_GAME = 0.5  # ... on a board that is no game
STRAY_MOST = 2  # tiles apart from the rest of the board weighed as a group by ``lone``, at most


@dataclass
class Flag:
    """A square a check doubts but kept as read: its alternatives and the evidence."""

    square: Square
    read: str
    alternatives: list[tuple[str, float]]
    why: str
    check: str

    def to_dict(self) -> dict[str, object]:
        return {
            "square": square_name(*self.square),
            "read": self.read,
            "alternatives": [{"token": token, "posterior": round(p, 4)} for token, p in self.alternatives],
            "why": self.why,
            "check": self.check,
        }


@dataclass
class CheckResult:
    """The grid after the checks, the squares they changed and those they flagged."""

    grid: list[list[str]]
    corrections: list[Correction] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what a check found about the whole board


def percent(p: float) -> str:
    """A probability for people: ``97%``, ``0.3%``, ``<0.1%``."""
    if p >= 0.995:
        return f"{p:.1%}" if p < 0.9995 else ">99.9%"
    if p >= 0.01:
        return f"{p:.0%}"
    return f"{p:.1%}" if p >= 0.001 else "<0.1%"


def sigmoid(log_odds: float) -> float:
    return 1.0 / (1.0 + math.exp(-log_odds)) if log_odds > -700 else 0.0


def logit(p: float) -> float:
    return math.log(p / (1.0 - p))


class Evidence:
    """The classifier's probabilities of a board, mixed with a uniform spread, by square and token."""

    def __init__(self, probabilities: np.ndarray, class_names: list[str], tileset: TileSet) -> None:
        self.tileset = tileset
        self.letters = [n for n in class_names if len(n) == 1 and n.isalpha() and tileset.is_letter(n)]
        self.tokens = [*self.letters, *(t for t in (EMPTY, BLANK) if t in class_names)]
        self.index = {token: class_names.index(token) for token in self.tokens}
        kept = probabilities[..., [self.index[t] for t in self.tokens]]
        kept = kept / np.maximum(kept.sum(axis=-1, keepdims=True), 1e-12)
        self.raw = {token: i for i, token in enumerate(self.tokens)}
        self.table = (1.0 - MIX) * kept + MIX / len(self.tokens)

    def __contains__(self, token: str) -> bool:
        return token in self.raw

    def p(self, square: Square, token: str) -> float:
        """How likely the square holds ``token`` (a designated blank counts as a blank)."""
        token = BLANK if token.islower() else token
        if token not in self.raw:
            return MIX / len(self.raw)
        return float(self.table[square[0], square[1], self.raw[token]])

    def ratio(self, square: Square, now: str, read: str) -> float:
        return self.p(square, now) / self.p(square, read)


def _change(grid: list[list[str]], square: Square, token: str) -> list[list[str]]:
    copy = [list(line) for line in grid]
    copy[square[0]][square[1]] = token
    return copy


def check_counts(grid: list[list[str]], evidence: Evidence, result: CheckResult) -> None:
    """More tiles of a letter (or blanks) than one set has: change the likeliest misread squares, if clear.

    Blanks and letters are decided apart: a board that shows 29 blanks where a set has
    2 says that most of them are empty squares, not that its letters fit one set.
    """
    _check_count_group(grid, evidence, result, blanks=True)
    _check_count_group(grid, evidence, result, blanks=False)


def _check_count_group(
    grid: list[list[str]], evidence: Evidence, result: CheckResult, *, blanks: bool
) -> None:
    """The count decision for the blanks (``blanks``) or for the letters.

    The board one set could make is found by taking, while some letter is in excess,
    the square of an excess letter whose next reading with room in the set costs least
    (a letter; for a blank also empty). The prior odds of one set are multiplied by the
    squares' probability ratios and by the letters' shares of the set (a Z is rarer
    than an E whichever hypothesis holds).
    """
    tileset = evidence.tileset

    def in_group(token: str) -> bool:
        return (token == BLANK) == blanks

    excess = {t: n for t, n in excess_letters(grid, tileset).items() if in_group(t)}
    if not excess:
        return
    trial = [list(line) for line in grid]
    tile_share = min(sum(is_tile(t) for line in grid for t in line) / (len(grid) * len(grid[0])), 0.99)
    tokens = evidence.tokens
    # gain of reading token j where token i was read: log q(j) - log q(i) + log prior(j) - log prior(i)
    scores = np.log(evidence.table) + np.array([_log_share(tileset, t, tile_share) for t in tokens])
    empty_option = np.array([t == EMPTY for t in tokens])
    letter_option = np.array([t in evidence.letters for t in tokens])
    log_ratio = 0.0
    changes: list[tuple[Square, str, str, float]] = []
    while True:
        over = {t: n for t, n in excess_letters(trial, tileset).items() if in_group(t)}
        if not over:
            break
        counts = Counter(t for line in trial for t in line if t.isupper() or t == BLANK)
        room = letter_option & np.array([counts[t] < tileset.count(t) for t in tokens])
        squares = [(r, c) for r, line in enumerate(trial) for c, t in enumerate(line) if t in over]
        rows, cols = np.array(squares).T
        read = np.array([evidence.raw[trial[r][c]] for r, c in squares])
        allowed = np.where((read == evidence.raw.get(BLANK, -1))[:, None], room | empty_option, room)
        gains = scores[rows, cols] - scores[rows, cols, read][:, None]
        gains = np.where(allowed, gains, -np.inf)
        best = np.unravel_index(int(np.argmax(gains)), gains.shape)
        gain = float(gains[best])
        if not math.isfinite(gain):
            log_ratio = -math.inf
            break
        square, option = squares[best[0]], tokens[best[1]]
        changes.append((square, trial[square[0]][square[1]], option, gain))
        trial[square[0]][square[1]] = option
        log_ratio += gain
    one_set = sigmoid(logit(PRIOR_ONE_SET) + log_ratio) if math.isfinite(log_ratio) else 0.0
    read_counts = ", ".join(
        f"{n + tileset.count(t)} {'blanks' if t == BLANK else t} read, one {tileset.name} set has "
        f"{tileset.count(t)}"
        for t, n in sorted(excess.items())
    )
    if one_set < FLAG_FROM:
        result.notes.append(
            f"counts: {read_counts}; the board fits one set at {percent(one_set)}: "
            f"{len(changes)} squares would have to change, so the tiles are kept as read"
        )
        return
    evidence_text = f"{read_counts}; one set: {percent(one_set)}"
    counts = Counter(t for line in grid for t in line if t.isupper() or t == BLANK)
    for token, extra in sorted(excess.items()):
        squares = [(r, c) for r, line in enumerate(grid) for c, t in enumerate(line) if t == token]
        rows, cols = np.array(squares).T
        read = evidence.raw[token]
        room = letter_option & np.array([counts[t] < tileset.count(t) for t in tokens])
        allowed = room | empty_option if token == BLANK else room
        gains = np.where(allowed, scores[rows, cols] - scores[rows, cols, read][:, None], -np.inf)
        options = gains.argmax(axis=1)
        best = gains[np.arange(len(squares)), options]
        # the chance that each square is one of the ``extra`` misread ones, given one set
        shares = _inclusion(np.exp(best - best.max()), extra) * one_set
        for square, option_index, posterior in zip(squares, options, shares, strict=True):
            option = tokens[option_index]
            before = (
                f"{token} {percent(evidence.p(square, token))} -> {option} "
                f"{percent(evidence.p(square, option))}"
            )
            has_room = option == EMPTY or counts[option] < tileset.count(option)
            if posterior >= CLEAR and has_room:
                grid[square[0]][square[1]] = option
                counts[option] += option != EMPTY
                why = f"{before}: changed; {evidence_text} (this square: {percent(posterior)})"
                result.corrections.append(Correction(square, token, option, why, "counts"))
            elif posterior >= FLAG_FROM:
                why = f"{before}: kept, flagged; {evidence_text} (this square: {percent(posterior)})"
                result.flags.append(Flag(square, token, [(option, float(posterior))], why, "counts"))


def _inclusion(weights: np.ndarray, k: int) -> np.ndarray:
    """Chance that each item is among ``k`` drawn with probability proportional to their weights' product.

    ``w_j * e_{k-1}(others) / e_k(all)``, with ``e`` the elementary symmetric polynomials.
    """
    if k >= len(weights):
        return np.ones(len(weights))

    def symmetric(values: np.ndarray) -> np.ndarray:
        coefficients = np.zeros(k + 1)
        coefficients[0] = 1.0
        for value in values:
            coefficients[1:] = coefficients[1:] + value * coefficients[:-1]
        return coefficients

    total = symmetric(weights)[k]
    return np.array(
        [w * symmetric(np.delete(weights, j))[k - 1] / total for j, w in enumerate(weights)]
    ).clip(0.0, 1.0)


def _log_share(tileset: TileSet, token: str, tile_share: float) -> float:
    """Log of how likely a square holds ``token`` before it is seen.

    A letter's chance is its share of the set times the share of squares with tiles
    (``tile_share``); an empty square's is the share without: a board of 90 tiles has
    two blanks and 135 empty squares, whatever set it was played with.
    """
    if token == EMPTY:
        return math.log(1.0 - tile_share)
    return math.log(tile_share * max(tileset.count(token), 1) / tileset.total_tiles)


def game_odds(grid: list[list[str]], lexicon: Lexicon, leave_out: int = 0) -> tuple[float, int, int]:
    """Posterior that the board is a game of lexicon words, from how many of its words are valid.

    Returns it with the counts of valid and judged words; ``leave_out`` invalid words
    (those being decided on) are not counted as evidence.
    """
    texts = [run_text(grid, run) for run in runs(grid)]
    judged = [text in lexicon for text in texts if BLANK not in text]
    valid = sum(judged)
    invalid = max(len(judged) - valid - leave_out, 0)
    log_odds = (
        logit(PRIOR_GAME)
        + valid * math.log(VALID_IN_GAME / VALID_BY_CHANCE)
        + invalid * math.log((1 - VALID_IN_GAME) / (1 - VALID_BY_CHANCE))
    )
    return sigmoid(log_odds), valid, valid + invalid


def _all_valid(grid: list[list[str]], square: Square, lexicon: Lexicon, letters: Iterable[str]) -> list[str]:
    """The letters that, put on ``square``, make every word through it valid (a blank in it: none checked)."""
    through = runs_at(grid, square)
    fits = []
    for letter in letters:
        texts = [run_text(grid, run, {square: letter}) for run in through]
        if through and all(BLANK not in text and text in lexicon for text in texts):
            fits.append(letter)
    return fits


def _ends(grid: list[list[str]], run: Run) -> list[Square]:
    """The empty squares just before and after a run, on the board."""
    squares = run.cells
    step = (squares[1][0] - squares[0][0], squares[1][1] - squares[0][1])
    ends = [
        (squares[0][0] - step[0], squares[0][1] - step[1]),
        (squares[-1][0] + step[0], squares[-1][1] + step[1]),
    ]
    size = len(grid)
    return [(r, c) for r, c in ends if 0 <= r < size and 0 <= c < size and grid[r][c] == EMPTY]


def check_words(
    grid: list[list[str]],
    evidence: Evidence,
    lexicon: Lexicon,
    result: CheckResult,
    *,
    letters: bool = True,
    blanks: bool = False,
    settled: frozenset[Square] = frozenset(),
) -> None:
    """Invalid words mended by one changed square, when the posterior of the mend is clear.

    The mends of a word are one of its letters changed (``letters``), or a blank put
    on an empty square at one of its ends or in place of one of its letters (``blanks``),
    such that every word through that square becomes valid. Against them stands the
    word as read, with the chance that the board is no game (judged from its other
    words) or the word missing from the lexicon (as often as the board's other words
    stay invalid). A blank is not put back on a square in ``settled`` (where the count
    check took one off). Each mend weighs its squares' probability ratio; the likeliest
    is made when its posterior is clear.
    """
    tileset = evidence.tileset
    game, valid, judged = game_odds(grid, lexicon, leave_out=1)
    # even in a game a word may stay invalid (missing from the lexicon, misread beyond one
    # square): as often as the board's other words do, smoothed towards WORD_MISSING
    missing = ((judged - valid) + WORD_MISSING * MISSING_WEIGHT) / (judged + MISSING_WEIGHT)
    as_read = (1 - game) + game * missing
    blanks_used = sum(t == BLANK or t.islower() for line in grid for t in line)
    done: set[Run] = set()
    changed = True
    while changed:
        changed = False
        for run in runs(grid):
            text = run_text(grid, run)
            if run in done or BLANK in text or text in lexicon:
                continue
            done.add(run)
            mends: list[tuple[float, Square, str, str]] = []
            counts = Counter(t for line in grid for t in line if t.isupper())
            if letters:
                for square in run.cells:
                    read = grid[square[0]][square[1]]
                    if not read.isupper():
                        continue
                    room = [x for x in evidence.letters if x != read and counts[x] < tileset.count(x)]
                    for letter in _all_valid(grid, square, lexicon, room):
                        mends.append((evidence.ratio(square, letter, read), square, read, letter))
            if blanks and BLANK in evidence and blanks_used < tileset.count(BLANK):
                # a blank on an empty square at an end, or a blank's face (wood grain) read as a letter
                read_letters = [square for square in run.cells if grid[square[0]][square[1]].isupper()]
                for square in [*_ends(grid, run), *read_letters]:
                    if square in settled:
                        continue  # the count check took a blank off here
                    read = grid[square[0]][square[1]]
                    filled = _change(grid, square, BLANK)
                    through = runs_at(filled, square)
                    if any(run_text(filled, r).count(BLANK) > 1 for r in through):
                        continue
                    if _blank_fits(filled, square, through, lexicon, evidence.letters):
                        mends.append((evidence.ratio(square, BLANK, read), square, read, BLANK))
            if not mends:
                continue
            total = sum(weight for weight, *_ in mends)
            weight, square, read, now = max(mends)
            posterior = (1 - as_read) * weight / ((1 - as_read) * total + as_read)
            before = f"{read} {percent(evidence.p(square, read))} -> {now} {percent(evidence.p(square, now))}"
            why = (
                f"{text} at {run.position} is no word and {before} makes every word here valid; "
                f"{valid} of {judged} other words read are valid (a game of words: {percent(game)})"
            )
            check = "hidden-blanks" if now == BLANK else "words"
            if posterior >= CLEAR:
                grid[square[0]][square[1]] = now
                blanks_used += now == BLANK
                result.corrections.append(Correction(square, read, now, f"{why}: changed", check))
                changed = True
                break
            if posterior >= FLAG_FROM:
                result.flags.append(Flag(square, read, [(now, posterior)], f"{why}: kept, flagged", check))


def _blank_fits(
    grid: list[list[str]], square: Square, through: list[Run], lexicon: Lexicon, letters: list[str]
) -> bool:
    return any(all(run_text(grid, run, {square: x}) in lexicon for run in through) for x in letters)


def check_lone(
    grid: list[list[str]], evidence: Evidence, lexicon: Lexicon | None, result: CheckResult
) -> None:
    """Small groups of tiles that touch no other tile taken off when empty is then the clear posterior.

    Every tile of a game joins one connected group through the centre: a tile touching
    no other, or a group of up to :data:`STRAY_MOST` tiles apart from the board's largest
    group, is in a game a misread (a premium label, a rack, a frame's shadow) unless stray
    tiles; on a board that is no game, as likely real as not. A group is weighed whole:
    the chance that all its squares are empty against that all hold the tiles read.
    """
    game = game_odds(grid, lexicon)[0] if lexicon is not None else PRIOR_GAME
    real = game * LONE_REAL + (1 - game) * LONE_REAL_NO_GAME
    if EMPTY not in evidence:
        return
    groups = tile_groups(grid)
    largest = max(groups, key=len, default=[])
    for group in groups:
        if len(group) > STRAY_MOST or (len(group) > 1 and group is largest):
            continue
        empty = math.prod(evidence.p(square, EMPTY) for square in group)
        tile = math.prod(evidence.p((r, c), grid[r][c]) for r, c in group)
        posterior = (1 - real) * empty / ((1 - real) * empty + real * tile)
        if len(group) == 1:
            reason = f"a tile touching no other is part of no word (a stray tile: {percent(real)})"
        else:
            reason = (
                f"one of {len(group)} tiles touching only each other, apart from the rest of the board "
                f"(stray tiles: {percent(real)})"
            )
        for r, c in group:
            token = grid[r][c]
            read, empty_here = percent(evidence.p((r, c), token)), percent(evidence.p((r, c), EMPTY))
            why = f"{token} {read} -> empty {empty_here}: {reason}"
            if posterior >= CLEAR:
                result.corrections.append(Correction((r, c), token, EMPTY, f"{why}; changed", "lone"))
            elif posterior >= FLAG_FROM:
                result.flags.append(
                    Flag((r, c), token, [(EMPTY, posterior)], f"{why}; kept, flagged", "lone")
                )
        if posterior >= CLEAR:
            for r, c in group:
                grid[r][c] = EMPTY


def tile_groups(grid: list[list[str]]) -> list[list[Square]]:
    """The board's tiles in groups joined side by side (row-major order within and between groups)."""
    seen: set[Square] = set()
    groups = []
    for r, line in enumerate(grid):
        for c, token in enumerate(line):
            if not is_tile(token) or (r, c) in seen:
                continue
            group, todo = [], [(r, c)]
            seen.add((r, c))
            while todo:
                square = todo.pop()
                group.append(square)
                for y, x in beside(grid, square):
                    if is_tile(grid[y][x]) and (y, x) not in seen:
                        seen.add((y, x))
                        todo.append((y, x))
            groups.append(sorted(group))
    return groups


def check_position(
    grid: list[list[str]],
    probabilities: np.ndarray,
    class_names: list[str],
    tileset: TileSet,
    lexicon: Lexicon | None,
    checks: Iterable[str] = CHECK_NAMES,
) -> CheckResult:
    """Run the named ``checks`` on a read grid; ``probabilities`` (15, 15, classes) in its orientation.

    Returns a copy of the grid with the clear changes made, each change and each flag.
    ``words``, ``hidden-blanks`` and ``lone`` need a lexicon and are skipped without one (``lone``
    then takes the board for a game with the prior odds).
    """
    chosen = set(checks)
    unknown = chosen - set(CHECK_NAMES)
    if unknown:
        raise ValueError(f"unknown checks: {', '.join(sorted(unknown))}")
    evidence = Evidence(probabilities, class_names, tileset)
    result = CheckResult([list(line) for line in grid])
    if "counts" in chosen:
        check_counts(result.grid, evidence, result)
    if lexicon is not None and chosen & {"words", "hidden-blanks"}:
        letters, blanks = "words" in chosen, "hidden-blanks" in chosen
        settled = frozenset(change.square for change in result.corrections)
        check_words(result.grid, evidence, lexicon, result, letters=letters, blanks=blanks, settled=settled)
    if "lone" in chosen:
        check_lone(result.grid, evidence, lexicon, result)
    return result
