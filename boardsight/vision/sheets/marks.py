"""Marks on a written word: struck through (cancelled) or circled (challenged).

Both are found in the ink around the word, cut out upright from the photo with a margin
(:mod:`boardsight.vision.sheets.ink` tells the word's pen from a second one). Ruled lines,
which run through the whole crop, are taken out first.

- *struck through*: after an opening with a line longer than any letter's own bar (level
  or at a slight slope), a bar remains across most of the word's width, through the middle
  of the letters' own band (the rows their ink fills), not running across the whole crop (a
  strike may run on to one side's edge: a hasty stroke overshoots the word).
  A bar in a second colour is a strike as it is; a bar in the word's pen must also run
  across all the letters, be as thick as a pen stroke (not a blur of letters), and cross
  paper between letters (columns with no other ink) or run on past the letters at an end,
  as bold letters whose bars touch, or a thread of blur joining them, do not; and it must
  still be there in the ink's dark cores (a blurred bold hand's letters run together in the
  faint ink round their strokes, a strike's stroke has a core as dark as theirs). It may run
  lower than the middle, near the letters' foot, when it crosses paper between them in a good
  share of its length (:data:`LOW_STRIKE`). Such a bar that stops with the letters, not
  running on past them, is a strike in doubt: a person is asked whether the word is cancelled;
- *circled*: ink in a second colour surrounds the word (it lies in nearly every direction
  from the word's centre, outside the letters' core: an open loop counts; but not when most
  of that ink touches the letters, for then it is a second shade of their own pen, as the
  fill and the outline of hollow letters part in two; nor ink along the crop's border that
  is a ruled line cut short by the paper's edge, or the table beyond it, nor the foot of a
  ring round the word above or the top of one round the word below), or ink of any
  colour, slightly thickened to close a loop drawn in one stroke, encloses the word: most
  of the paper between the letters belongs to enclosed regions as wide as a good part of
  the word (a letter's own counter, or a pocket between close letters, is narrower); or,
  for a ring so tight that it touches the letters and parts its inside into pockets, one
  enclosed region is that wide and nearly all of the paper between the letters is enclosed.
  A word's ring is looked for in its ink as it is, too: round bold letters close together,
  thickening fills the paper between them and a ring drawn close to them (:data:`THICKEN`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from boardsight.vision.sheets.ink import Ink, find_ink

MARGIN = 0.9
"""Margin of the crop above and below a word (and at least on its sides), as a share of its height."""
SIDE_MARGIN = 0.35
"""Margin of the crop on each side, as a share of the word's width (a strike runs on past the word)."""
STRIKE_SPAN = 0.6
STRIKE_SLOPES = (-6.0, -3.0, 0.0, 3.0, 6.0)
"""Slopes (degrees) at which a strike is looked for: it is drawn by hand, rarely quite level."""
STEEP_SLOPES = (-12.0, -9.0, 9.0, 12.0)
"""Steeper slopes at which a strike is looked for as well: a short word's strike, drawn over its
ends, is often this steep. In a second pen that is enough, as at the level slopes (no letter is in
its ink); in the word's pen it is held to more:..."""
STEEP_BAR = 0.18
"""...its bar at most this share of the letters' band thick (a pen stroke; the bars a line at these
slopes opens in bold letters run together are thicker)..."""
STEEP_GAPS = 0.35
"""...and crossing paper between the letters (no other ink above or below it) in this share of
its columns. On the cached word crops of six rendered sets (4,651 words), the 6 strikes drawn at 8
to 15 degrees in the word's pen or one close to it (seeds 19 and 23) have 0.44 to 0.86 of their
columns on paper, in the ink and in its dark cores; the bars found in words not struck, 0.25 at
most (a bold sheet of seed 17, a blurred one of seed 13). Seeds 29, 31 and 37, rendered after the
rule was set, have no strike that steep, and no mark there changed."""
SECOND_PEN_BAR = 1.1
"""A bar in a second colour is opened with a line this many times the letters' band long, not the
word box's height: no letter is in that ink, and the box (the detector's margin, a ring or the
strike itself in it) can be twice as tall as the letters, longer than a short word's strike.
Finds TIS (seed 17) and TIN (seed 11, the tuning set) struck; no other mark changed on seven
rendered sets, and 0.7 or 1.5 find the same; on seed 37, rendered after, it finds YIP. In place of
the longer bar it lost a strike (seed 13's SASHAYS, cut in two by the detector), so it is asked
besides it."""
OWN_PEN_COVER = 0.85
"""A bar in the word's pen must run across this share of the letters (a strike crosses them all)."""
OWN_PEN_MIDDLE = (0.25, 0.75)
"""A bar in the word's pen runs through this part of the letters' band (shares of it from the top)..."""
LOW_STRIKE = (0.2, 0.85)
LOW_STRIKE_GAPS = 0.3
"""...or through this wider part, crossing paper between the letters in at least this share of its
columns: a hasty strike is often drawn low, near the letters' foot, where bold letters' own feet
make bars that cross little paper. On ten rendered sets (seeds 7 to 179, 1,417 marks) this finds
4 strikes more (Femkeklaver's POKER and NORAN, Rufscript's AYES and SCUP, drawn at 0.77 to 0.88)
and puts 2 words not struck in doubt (asked of a person), with no false strike; without the
paper it finds 6 and makes 5 false ones. On four sets rendered after (seeds 191 to 199), 2 more
found, 2 more asked, none false."""
OVERHANG = 0.3
"""...or run on past the letters by this share of the word's height at one end at least."""
MIN_BAR = 2.0
"""Thickness (pixels, the median over its columns) of a bar in the word's pen to count as a pen stroke..."""
MAX_BAR = 0.25
"""...and at most this share of the word box's height (thicker is letters blurred into one another)."""
CORE = 0.35
"""The dark cores of the ink: pixels at least this share of the letters' strong ink's distance from
the paper (its 95th percentile). 0.35 takes 6 false strikes off the three report and tuning sets
of rendered sheets and loses none found; 0.4 and more lose strikes drawn thinner than the letters."""
SURE_OVERHANG = 0.12
"""A strike in the word's own pen is sure when it runs on past the letters by this share of the
word box's height; one that stops short is asked of a person (:attr:`Marks.strike_in_doubt`),
for the bars of bold or blurred letters run together stop with the letters. Set on eight rendered
sets (seeds 7, 11, 13, 53, 59, 61, 67 and 73): 22 of the 30 own-pen strikes found on words not
struck stop short of it, and 16 of the 223 on words struck (0.14 takes 3 more false ones and 11
more real ones). On nine sets rendered apart (seeds 71 to 109), 35 of 67 and 16 of 278. Asking
never changes a reading: a word whose strike is in doubt is neither claimed nor cancelled until
a person says which."""
OWN_PEN_SHARE = 0.3
"""A sheet with at least this share of its words struck in their own pen (and :data:`MIN_OWN_PEN`
words) has every such strike asked of a person: a player cancels a few words, while a bold hand
blurred into bars does it to half a sheet. On nineteen rendered sets (570 sheets) three sheets
reach it, all Rufscript (seed 107's sheet 20: 22 of 40 words, 12 of its strikes taken as sure
falsely and 2 rightly; seed 89's sheet 24: 16 of 35, 7 falsely; seed 13's sheet 16: 8 of 26, 2
falsely); the next is at 0.29 (10 of 35, one sure strike, a real one)."""
MIN_OWN_PEN = 3
ENCLOSED_SHARE = 0.6
WIDE_ENCLOSURE = 0.4
"""An enclosed region counts towards a circle when at least this share of the word's width."""
POCKETS_SHARE = 0.7
"""...or, with one such region, this share of the paper in the letters' band enclosed in regions
of any size: a ring drawn tight enough to touch the letters (on the rendered sheets' 3,487 words
not circled, at most 0.48 with a wide region; three rings in the word's pen touching their
letters 0.79 to 1.0, on one sheet of seed 19)."""
TOTAL_WIDE_ENCLOSURE = 0.2
TOTAL_ENCLOSED_SHARE = 0.25
"""A total's ring is often drawn in the total's own pen, close round a few figures, and the
detector's box takes it in: the paper it encloses lies in pockets between the figures and the
ring, narrower than a word's circle leaves. On the rendered sheets' totals, a quarter of the
paper in regions a fifth of the width or wider: no total that is not circled has any (41 of
them), and 4 of the 8 circled totals missed before have 0.32 to 0.59 (chosen on the tuning
set, where 2 of its 6 misses are found; on seed 7 both of its 2; none made false)."""
THICKEN = 5
"""Ink is thickened by this many pixels (an ellipse) to close a loop drawn in one stroke. A ring
drawn close round bold letters in their own pen then fills the paper between them and it, so a
word's ring is also looked for in the ink as it is (:func:`word_marks`): on fourteen rendered
sets (seeds 7 to 199, 1,107 circled words) that finds 3 rings more (seeds 97 and 199) and no
false one."""
RING_WIDEST = 1.2
"""...where an enclosed region counts only when at most this many times the word's width: unthickened,
the page between two lines of a photo whose paper the ink finder took for ink (real handwriting,
white on black) is enclosed, and 1.56 times as wide as the word; the rings' insides, 0.77 to 0.84."""
RING_SECTORS = 36
RING_COVER = 0.75
"""A second-colour ring lies in at least this share of the directions round the word's centre."""
SHADE_SHARE = 0.5
"""Second-colour ink more than this share of which touches the letters' own is a shade of the
letters' pen, not a ring (on the rendered sheets: hollow letters' fills 0.70 to 0.77 and letter
edges round a strike in a pen of nearly their colour 0.57; rings 0.49 at most, most under 0.15)."""
RULED = 0.9
"""A straight line across this share of the crop's width is a ruled line of the paper."""
EDGE_RULE = 0.15
EDGE_SOLID = 0.5
"""Second-colour ink along the crop's border that is no ring: a band across :data:`RULED` of its
width and at most :data:`EDGE_RULE` of its height (a rule cut short by the paper's edge), or down
:data:`RULED` of its height filling half its box (the table). Made from the 4 false circles of one
ruled sheet of seed 19 whose rules ran into the table; no mark changed on the other sets."""

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Marks:
    cancelled: bool
    circled: bool
    strike_in_doubt: bool = False
    """Struck in the word's own pen by a bar that does not run on past the letters
    (:data:`SURE_OVERHANG`), or on a sheet with many such strikes (:data:`OWN_PEN_SHARE`): bold
    letters run together can make such a bar."""
    own_pen: bool = False
    """The strike is in the word's own pen (not in a second colour)."""


def word_crop(image_bgr: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, Box]:
    """The word's quad with a margin, warped upright, and the word's own box in that crop."""
    quad = np.asarray(quad, np.float64)
    along = quad[1] - quad[0]
    across = quad[3] - quad[0]
    width = float(np.linalg.norm(along))
    height = float(np.linalg.norm(across))
    unit_x = along / max(width, 1e-6)
    unit_y = across / max(height, 1e-6)
    margin = MARGIN * height
    side = max(margin, SIDE_MARGIN * width)
    out_w = round(width + 2 * side)
    out_h = round(height + 2 * margin)
    origin = quad[0] - side * unit_x - margin * unit_y
    source = np.array(
        [origin, origin + out_w * unit_x, origin + out_w * unit_x + out_h * unit_y, origin + out_h * unit_y],
        np.float32,
    )
    target = np.array([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, target)
    crop = cv2.warpPerspective(image_bgr, matrix, (out_w, out_h), borderMode=cv2.BORDER_REPLICATE)
    inner = (int(side), int(margin), int(side + width), int(margin + height))
    return crop, inner


def line_kernel(length: int, degrees: float) -> np.ndarray:
    """A one-pixel line of ``length`` at ``degrees`` from the horizontal, as a structuring element."""
    rise = round(math.tan(math.radians(degrees)) * (length - 1))
    kernel = np.zeros((abs(rise) + 1, length), np.uint8)
    start = (0, abs(rise)) if rise > 0 else (0, 0)
    end = (length - 1, 0) if rise > 0 else (length - 1, abs(rise))
    cv2.line(kernel, start, end, 1, 1)
    return kernel


def ruled_lines(mask: np.ndarray) -> np.ndarray:
    """The straight lines of the mask that cross (nearly) the whole crop: the paper's rules
    (slightly thickened, to take their anti-aliased edges too)."""
    length = max(3, round(RULED * mask.shape[1]))
    lines = np.zeros_like(mask)
    for degrees in (-2.0, 0.0, 2.0):
        # Beyond the crop is no ink: by default erosion would take it for ink there.
        kernel = line_kernel(length, degrees)
        lines |= cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return cv2.dilate(lines, np.ones((3, 3), np.uint8)) if lines.any() else lines


def without_ruled_lines(ink: Ink) -> Ink:
    """The ink less the paper's rules."""
    lines = ruled_lines(ink.mask)
    if not lines.any():
        return ink
    keep = cv2.bitwise_not(lines)
    return Ink(cv2.bitwise_and(ink.mask, keep), cv2.bitwise_and(ink.second, keep), ink.strength)


def dark_cores(ink: Ink, inner: Box) -> Ink | None:
    """The ink at least :data:`CORE` as far from the paper as the letters' strong ink (None when
    the paper's colour or the letters are not known)."""
    x0, y0, x1, y1 = inner
    if ink.strength is None:
        return None
    letters = ink.strength[y0:y1, x0:x1][ink.own[y0:y1, x0:x1]]
    if len(letters) < 10:
        return None
    dark = (ink.strength >= CORE * float(np.percentile(letters, 95))) & (ink.mask > 0)
    mask = dark.astype(np.uint8) * 255
    return Ink(mask, cv2.bitwise_and(ink.second, mask), ink.strength)


def letters_band(ink: Ink, inner: Box) -> tuple[float, float]:
    """Top and bottom rows of the letters' own ink (the word's pen, inside its box)."""
    x0, y0, x1, y1 = inner
    rows = np.nonzero(ink.own[y0:y1, x0:x1])[0]
    if len(rows) < 10:
        return float(y0), float(y1)
    return y0 + float(np.percentile(rows, 5)), y0 + float(np.percentile(rows, 95)) + 1


def _letters_extent(ink: Ink, inner: Box, top: float, bottom: float) -> tuple[float, float]:
    """Left and right columns of the word's own ink in its band of rows."""
    x0, _y0, x1, _y1 = inner
    rows = slice(int(top), max(int(top) + 1, int(bottom)))
    columns = np.nonzero(ink.own[rows, x0:x1])[1]
    if len(columns) < 10:
        return float(x0), float(x1)
    return x0 + float(np.percentile(columns, 2)), x0 + float(np.percentile(columns, 98)) + 1


def is_struck(ink: Ink, inner: Box) -> bool:
    """Whether a long stroke runs through the middle of the word (see the module docstring)."""
    return strike_overhang(ink, inner) is not None


def strike_overhang(ink: Ink, inner: Box) -> float | None:
    """How far the word's strike runs on past its letters, as a share of the word box's height
    (infinite for a strike in a second pen, which no letter can make); None when not struck."""
    where = _strike_band(ink, inner)
    if any(_struck_in(ink.second, False, ink, inner, bar) is not None for bar in _second_pen_bars(where)):
        return math.inf
    overhang = _own_pen_strike(ink, inner, where)
    if overhang is None and is_ringed(ink.second, inner):
        overhang = _own_pen_strike(_without_second_pen(ink), inner, where)
    return overhang


def _own_pen_strike(
    ink: Ink, inner: Box, where: tuple[tuple[float, float], tuple[float, float], int]
) -> float | None:
    """How far a strike through the word in any of ``ink`` runs on past its letters, held to the
    letters' tests, and found again in their dark cores; None when there is none."""
    overhang = _struck_in(ink.mask, True, ink, inner, where)
    if overhang is None:
        return None
    cores = dark_cores(ink, inner)
    if cores is not None and _struck_in(cores.mask, True, cores, inner, _strike_band(cores, inner)) is None:
        return None
    return overhang


def _without_second_pen(ink: Ink) -> Ink:
    """The word's own pen alone. A ring round the word in the second pen is no ink of its letters,
    and left in, it fills the paper above and below a strike in the word's pen, which then crosses
    no paper between the letters: so a ringed word found unstruck is looked at again without it."""
    own = ink.own.astype(np.uint8) * 255
    return Ink(own, np.zeros_like(ink.second), ink.strength)


def _strike_band(ink: Ink, inner: Box) -> tuple[tuple[float, float], tuple[float, float], int]:
    """Where a strike through the word must run: the letters' band of rows, their extent across,
    and the least length of its bar."""
    x0, y0, x1, y1 = inner
    band = letters_band(ink, inner)
    return band, _letters_extent(ink, inner, *band), max(3, round(max(1.1 * (y1 - y0), 0.3 * (x1 - x0))))


def _second_pen_bars(
    where: tuple[tuple[float, float], tuple[float, float], int],
) -> list[tuple[tuple[float, float], tuple[float, float], int]]:
    """Where a strike in the second pen may run: as in the word's pen, and with a bar as short
    as :data:`SECOND_PEN_BAR` of the letters' band when that is shorter. The longer bar is asked
    too: the shorter line can join a strike to its run past the crop's edge (a word cut in two
    by the detector, struck across both), which then counts as no strike."""
    band, extent, length = where
    short = max(3, min(length, round(SECOND_PEN_BAR * (band[1] - band[0]))))
    return [where] if short == length else [where, (band, extent, short)]


def _struck_in(
    source: np.ndarray,
    own_pen: bool,
    ink: Ink,
    inner: Box,
    where: tuple[tuple[float, float], tuple[float, float], int],
) -> float | None:
    """How far the bars of ``source`` (the second pen's ink, or with ``own_pen`` all of it) that
    strike the word at one of :data:`STRIKE_SLOPES` or :data:`STEEP_SLOPES` run on past its letters
    at most (a share of the word box's height); None when none strikes it."""
    if not source.any():
        return None
    band, extent, length = where
    found = []
    for degrees in STRIKE_SLOPES + STEEP_SLOPES:
        kernel = line_kernel(length, degrees)
        overhang = _has_strike(source, own_pen, kernel, ink, inner, band, extent, degrees in STEEP_SLOPES)
        if overhang is not None:
            found.append(overhang)
    return max(found, default=None)


def _has_strike(
    source: np.ndarray,
    own_pen: bool,
    kernel: np.ndarray,
    ink: Ink,
    inner: Box,
    band: tuple[float, float],
    extent: tuple[float, float],
    steep: bool = False,
) -> float | None:
    """How far the bars ``kernel`` opens in ``source`` that strike the word (see :func:`is_struck`;
    ``steep``: the kernel is at one of :data:`STEEP_SLOPES`) run on past the letters at most, as
    a share of the word box's height; None when none strikes it."""
    x0, y0, x1, y1 = inner
    top, bottom = band
    first, last = extent
    letters = max(1.0, bottom - top)
    bars = cv2.morphologyEx(source, cv2.MORPH_OPEN, kernel)
    if not cv2.countNonZero(bars):
        return None
    count, labels, stats, _ = cv2.connectedComponentsWithStats(bars)
    mask, own = ink.mask, ink.own
    height = max(1, y1 - y0)
    overhangs = []
    for label in range(1, count):
        left, bar_top, w, h, _area = stats[label]
        if left <= 1 and left + w >= source.shape[1] - 1:
            continue  # a ruled line: it runs across the whole crop
        middle = (bar_top + h / 2 - top) / letters
        if not own_pen:
            spans = min(left + w, x1) - max(left, x0)
            if spans >= STRIKE_SPAN * (x1 - x0) and 0.2 <= middle <= 0.8:
                overhangs.append(math.inf)  # no letter is in a second pen's ink
            continue
        covers = (min(left + w, last) - max(left, first)) / max(1.0, last - first)
        if covers < OWN_PEN_COVER or not LOW_STRIKE[0] <= middle <= LOW_STRIKE[1]:
            continue
        bar = labels == label
        # Off the letters' middle a bar must cross more paper (:data:`LOW_STRIKE_GAPS`).
        least_paper = 0.0 if OWN_PEN_MIDDLE[0] <= middle <= OWN_PEN_MIDDLE[1] else LOW_STRIKE_GAPS
        # The bar's own thickness: bits of letters it passes through thicken a few columns.
        thickness = float(np.median(bar[:, left : left + w].sum(axis=0)))
        if steep:
            least_paper = max(least_paper, STEEP_GAPS)
            if MIN_BAR <= thickness <= STEEP_BAR * letters and _paper_share(mask, bar, inner) >= least_paper:
                overhangs.append(_overhang(own, bar, inner) / height)
            continue
        if not MIN_BAR <= thickness <= MAX_BAR * (y1 - y0):
            continue
        if least_paper and _paper_share(mask, bar, inner) < least_paper:
            continue
        overhang = _overhang(own, bar, inner)
        if _bridges_gaps(mask, bar, inner) or _runs_past_letters(overhang, inner, thickness):
            overhangs.append(overhang / height)
    return max(overhangs, default=None)


def _off_bar(mask: np.ndarray, bar: np.ndarray, inner: Box) -> np.ndarray:
    """The rows of the word's box in ``mask`` with the bar's own rows (and a margin) blanked:
    the ink above and below the bar."""
    _x0, y0, _x1, y1 = inner
    rows = np.flatnonzero(bar.any(axis=1))
    margin = max(2, (y1 - y0) // 10)
    off_bar = mask[y0:y1].copy()
    off_bar[max(0, rows[0] - margin - y0) : max(0, rows[-1] + margin + 1 - y0)] = 0
    return off_bar


def _overhang(own: np.ndarray, bar: np.ndarray, inner: Box) -> float:
    """How many columns the bar runs on past the letters (where the word's pen has ink above or
    below it) at its longer end; 0 when there are no letters to run past."""
    letters = np.flatnonzero(_off_bar(own, bar, inner).any(axis=0))
    columns = np.flatnonzero(bar.any(axis=0))
    if len(letters) == 0 or len(columns) == 0:
        return 0.0
    return float(max(letters[0] - columns[0], columns[-1] - letters[-1]))


def _runs_past_letters(overhang: float, inner: Box, thickness: float) -> bool:
    """Whether a bar running ``overhang`` columns past the letters (:func:`_overhang`) runs on
    past them, as a strike drawn across a word does and a letter's own stroke cannot."""
    _x0, y0, _x1, y1 = inner
    return overhang > 0 and overhang >= max(OVERHANG * (y1 - y0), 2 * thickness)


def _gap_columns(mask: np.ndarray, bar: np.ndarray, inner: Box) -> tuple[int, int]:
    """The bar's columns inside the word's box that cross paper (no ink off the bar), and all of them."""
    x0, _y0, x1, _y1 = inner
    off_bar = _off_bar(mask, bar, inner)
    columns = np.flatnonzero(bar[:, x0:x1].any(axis=0)) + x0
    return int((~off_bar[:, columns].any(axis=0)).sum()), len(columns)


def _bridges_gaps(mask: np.ndarray, bar: np.ndarray, inner: Box) -> bool:
    """Whether the bar crosses the paper between letters: columns of the word with no ink off
    the bar. Close letters whose bars join (E, N, I of a bold print) leave no such column."""
    return _gap_columns(mask, bar, inner)[0] >= 2


def _paper_share(mask: np.ndarray, bar: np.ndarray, inner: Box) -> float:
    """The share of the bar's columns in the word's box that cross paper."""
    gaps, columns = _gap_columns(mask, bar, inner)
    return gaps / columns if columns else 0.0


def is_ringed(second: np.ndarray, inner: Box) -> bool:
    """Whether second-colour ink lies round the word's centre in nearly every direction."""
    x0, y0, x1, y1 = inner
    ys, xs = np.nonzero(second)
    if len(xs) == 0:
        return False
    u = (xs - (x0 + x1) / 2) / max(1.0, (x1 - x0) / 2)
    v = (ys - (y0 + y1) / 2) / max(1.0, (y1 - y0) / 2)
    outside = np.hypot(u, v) >= 0.6
    if not outside.any():
        return False
    angles = np.arctan2(v[outside], u[outside])
    sectors = np.unique(((angles + math.pi) / (2 * math.pi) * RING_SECTORS).astype(int) % RING_SECTORS)
    return len(sectors) >= RING_COVER * RING_SECTORS


def is_circled(
    ink: Ink, inner: Box, wide_share: float = WIDE_ENCLOSURE, share: float = ENCLOSED_SHARE
) -> bool:
    """Whether a ring in the second colour, not a shade of the letters' own pen, the page's edge
    nor the rings of the words above and below, or a loop of any ink surrounds the word (see the
    module docstring; ``wide_share`` and ``share`` as :func:`is_enclosed` takes them)."""
    on_page = Ink(ink.mask, _off_the_page_edge(ink.second), ink.strength)
    ringed = is_ringed(_without_neighbours_rings(on_page.second, inner), inner)
    return (ringed and not _shade_of_letters(on_page)) or is_enclosed(ink.mask, inner, wide_share, share)


def _without_neighbours_rings(second: np.ndarray, inner: Box) -> np.ndarray:
    """The second colour's ink less the arcs of rings round the words above and below: a piece
    wholly above the word's middle row that sags in its middle (a ring's foot, not the top of a
    ring round this word), or wholly below it that rises there. Close lines put both in the crop's
    margin, where with a strike through the word they pass for a ring round it (on fourteen
    rendered sets, seeds 7 to 199: false circles 9 -> 5, no circle lost)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats((second > 0).astype(np.uint8))
    middle_row = (inner[1] + inner[3]) / 2
    arcs = np.zeros(count, bool)
    for label in range(1, count):
        x, y, w, h, _area = stats[label]
        if y <= middle_row <= y + h:
            continue
        rows, columns = np.nonzero(labels[y : y + h, x : x + w] == label)
        centre = (columns >= w / 3) & (columns < 2 * w / 3)
        if centre.all() or not centre.any():
            continue
        sag = float(rows[centre].mean() - rows[~centre].mean())  # > 0: lower in the middle than at the ends
        arcs[label] = sag > 0 if y + h < middle_row else sag < 0
    if not arcs.any():
        return second
    return np.where(arcs[labels], 0, second).astype(second.dtype)


def _off_the_page_edge(second: np.ndarray) -> np.ndarray:
    """The second colour's ink less what runs along the crop's border: a ruled line cut short by
    the paper's edge (too short to be taken out as a rule), or the table beyond that edge. Above,
    below and beside the word they would pass for a ring."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats((second > 0).astype(np.uint8))
    height, width = second.shape
    edge = np.zeros(count, bool)
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if x > 0 and y > 0 and x + w < width and y + h < height:
            continue
        rule = w >= RULED * width and h <= EDGE_RULE * height
        table = h >= RULED * height and area >= EDGE_SOLID * w * h
        edge[label] = rule or table
    if not edge[1:].any():
        return second
    return np.where(edge[labels], 0, second).astype(second.dtype)


def _shade_of_letters(ink: Ink) -> bool:
    """Whether most of the second colour's ink touches the letters' own (:data:`SHADE_SHARE`)."""
    second = ink.second > 0
    touching = cv2.dilate(ink.own.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    return float((second & touching).sum()) > SHADE_SHARE * max(1, int(second.sum()))


def is_enclosed(
    mask: np.ndarray,
    inner: Box,
    wide_share: float = WIDE_ENCLOSURE,
    share: float = ENCLOSED_SHARE,
    thicken: int = THICKEN,
    widest: float = math.inf,
) -> bool:
    """Whether the ink, thickened by ``thicken`` pixels to close a loop, encloses the paper between
    the letters in regions wide enough to be a circle's inside (see the module docstring): at least
    ``share`` of it in regions at least ``wide_share`` of the word's width (and at most ``widest``
    of it: a ring's inside is no wider than the word it rings)."""
    x0, y0, x1, y1 = inner
    height = max(1, y1 - y0)
    closed = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (thicken, thicken)))
    free = (closed == 0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(free, connectivity=4)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    enclosed = np.ones(count, bool)
    enclosed[0] = False
    enclosed[edge] = False
    widths = stats[:, cv2.CC_STAT_WIDTH]
    wide = enclosed & (widths >= wide_share * (x1 - x0)) & (widths <= widest * (x1 - x0))
    band = labels[y0 + height // 4 : y1 - height // 4, x0:x1]
    paper = free[y0 + height // 4 : y1 - height // 4, x0:x1] > 0
    paper_count = float(paper.sum())
    if paper_count < 10:
        return False
    if float((wide[band] & paper).sum()) / paper_count >= share:
        return True
    # A ring that touches the letters parts its inside into pockets, narrow between the letters:
    # one wide enclosed region (above or below them) and most of the letters' band enclosed.
    return bool(wide.any()) and float((enclosed[band] & paper).sum()) / paper_count >= POCKETS_SHARE


def _word_ink(image_bgr: np.ndarray, quad: np.ndarray) -> tuple[Ink, Box] | None:
    """The ink round the writing at ``quad``, less the paper's rules, and the writing's box in
    its crop (None when the crop is empty)."""
    crop, inner = word_crop(image_bgr, quad)
    if crop.size == 0:
        return None
    return without_ruled_lines(find_ink(crop, inner)), inner


def is_total_circled(image_bgr: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the written total at ``quad`` is circled: as a word is, its enclosure counted
    as for a ring that hugs it (:data:`TOTAL_WIDE_ENCLOSURE`, :data:`TOTAL_ENCLOSED_SHARE`;
    looser than a word's, so whatever circles a word circles a total)."""
    found = _word_ink(image_bgr, quad)
    return found is not None and is_circled(*found, TOTAL_WIDE_ENCLOSURE, TOTAL_ENCLOSED_SHARE)


def find_marks(image_bgr: np.ndarray, quad: np.ndarray) -> Marks:
    """The marks on the word at ``quad`` (4, 2: TL, TR, BR, BL) in ``image_bgr``."""
    found = _word_ink(image_bgr, quad)
    return Marks(False, False) if found is None else word_marks(*found)


def word_marks(ink: Ink, inner: Box) -> Marks:
    """The marks on the word whose box in the crop of ``ink`` is ``inner``."""
    overhang = strike_overhang(ink, inner)
    return Marks(
        cancelled=overhang is not None,
        circled=is_circled(ink, inner) or is_enclosed(ink.mask, inner, thicken=1, widest=RING_WIDEST),
        strike_in_doubt=overhang is not None and overhang < SURE_OVERHANG,
        own_pen=overhang is not None and overhang != math.inf,
    )


def doubt_a_sheet_of_own_pen_strikes(marks: list[Marks]) -> list[Marks]:
    """The marks of a sheet's words, every strike in the words' own pen put in doubt when at
    least :data:`OWN_PEN_SHARE` of the words (and :data:`MIN_OWN_PEN` of them) are so struck."""
    struck = sum(mark.cancelled and mark.own_pen for mark in marks)
    if struck < MIN_OWN_PEN or struck < OWN_PEN_SHARE * len(marks):
        return marks
    return [
        replace(mark, strike_in_doubt=True) if mark.cancelled and mark.own_pen else mark for mark in marks
    ]
