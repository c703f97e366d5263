"""A word still in doubt, read again from crops cut and drawn a little differently.

Many of the recogniser's misreadings belong to one crop, not to the writing: an E read as O,
an N as U, a G as C, that the same word reads right when cut a little closer or taller, scaled a
little narrower or wider, turned a degree, blurred or with its ink evened out. So a word still
flagged *check* once the look past its ends is done is read again from each crop of
:data:`VARIANTS`, each reading decided alone by the usual rules
(:func:`boardsight.sheets.decode.read_word_by`), and the word is settled as the valid word W
only when all of these hold (:func:`agreed_word`, :func:`clear_of_rivals`):

- at least :data:`AGREEING` readings settle it as W (:func:`~boardsight.sheets.decode.settles`),
  and none settles it as any other word; the plain crop read by a second recogniser
  (:data:`SECOND_OPINION`: PP-OCRv4's beside PP-OCRv6's) counts as one reading more, and so do
  the plain and the longer crop of the photo with the marks' pen faded into the paper
  (:func:`~boardsight.vision.sheets.under_marks.faded_photo`, when the sheet has a second pen:
  a ring or strike across a letter no longer hides it), so one
  varied crop and the other recogniser agreeing settle a word, as two varied crops do;
- W does not differ from the word as first read only by an I for an L, nor put in an L that
  as an I would make no valid word (:func:`~boardsight.sheets.decode.i_or_l_in_doubt`: the
  recogniser picks between the same strokes);
- W keeps more than half of the word as first read (:func:`keeps_most_of`): a change of one
  letter in two leaves a single letter of agreement, and among so few letters a misreading is
  often a valid word (a writer's "Mr", read MR at first, was settled as MA by 3 crops of 16
  while 10 read MR);
- neither the first reading nor any crop reads the word with more letters of which W is a
  part: a reading that saw a letter more (a doubled letter, or one at an end) is not outvoted
  by crops that lost it (TORN, read TOR by five crops and TORM by one, stays flagged; so does
  TIITER, read TITER by nine and TIATER by one; a crop cut too close drops a letter);
- all the crops together (their probabilities' geometric mean, as two recognisers are
  combined) find no other valid word about as likely as W, within the usual ambiguity: two
  crops settling SEE do not outvote twelve that find SEE and SEC about equally likely;
- the second recogniser's likeliest reading of the plain crop is not the word as first read,
  a non-word, more than the support likelier than W (:func:`second_reads_as_first`): two
  recognisers that saw the same letters in the same crop are not outvoted by a few crops cut
  otherwise (a player's TERE, read TERE by both, was settled as TORE by 2 crops of 18).

A player's misspelling, written clearly, reads as written from every crop, so no crop settles
it and it stays as it was (on the tuning sheets no written non-word was settled by two crops).
A word already settled, or taken as written, is never read again: this can only settle words a
person would otherwise be asked about. (It replaces a look from two closer crops alone, which
settled TIITER as TITER.)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import (
    CHECK,
    DEFAULT_AMBIGUITY,
    DEFAULT_SUPPORT,
    Evidence,
    Vocabulary,
    WordReading,
    i_or_l_in_doubt,
    joint_log_probs,
    leading_nonword,
    read_word_by,
    settles,
)
from boardsight.sheets.scoring import edit_distance
from boardsight.sheets.second_look import look_again
from boardsight.vision.sheets.edge_look import WIDEN, widened
from boardsight.vision.sheets.ppocr import PPOCR, engine, rectify
from boardsight.vision.sheets.under_marks import faded_photo

SECOND_OPINION = {"v6": "v4"}
"""For the recogniser reading the crops, the one that also reads the word's plain crop: an
older model whose misreadings are its own (on the tuning sheets, 7 words more settled right
and none wrong from that one crop; from all 16 crops it made 2 false valid verdicts)."""
AGREEING = 2
"""Readings that must settle a word alike (3 settled a fifth fewer words on the tuning sheets, with
no fewer settled wrong once the rules above hold)."""
TURN_DEGREES = 2.0
STROKE_KERNEL = np.ones((2, 2), np.uint8)


def closer(quad: np.ndarray, share: float) -> np.ndarray:
    """The quad (TL, TR, BR, BL) with ``share`` of its height taken off at the top and the bottom
    (added, for a negative share), along its slant."""
    quad = quad.astype(np.float64)
    left, right = quad[3] - quad[0], quad[2] - quad[1]
    return np.array(
        [quad[0] + left * share, quad[1] + right * share, quad[2] - right * share, quad[3] - left * share],
        dtype=np.float32,
    )


Recut = Callable[[np.ndarray], np.ndarray]
"""A word's quad cut differently."""
Redrawn = Callable[[np.ndarray], np.ndarray]
"""A word's plain crop drawn differently."""


def _scaled(factor: float) -> Redrawn:
    """The crop scaled ``factor`` times wider, its height kept."""
    return lambda plain: cv2.resize(plain, None, fx=factor, fy=1.0, interpolation=cv2.INTER_CUBIC)


def _turned(degrees: float) -> Redrawn:
    """The crop turned ``degrees`` about its centre."""

    def crop(plain: np.ndarray) -> np.ndarray:
        height, width = plain.shape[:2]
        matrix = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
        return cv2.warpAffine(
            plain, matrix, (width, height), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
        )

    return crop


def _grey(plain: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(plain, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _evened(plain: np.ndarray) -> np.ndarray:
    """The grey crop stretched to the full range: pale ink made dark."""
    grey = cv2.cvtColor(plain, cv2.COLOR_BGR2GRAY)
    return cv2.cvtColor(cv2.normalize(grey, None, 0, 255, cv2.NORM_MINMAX), cv2.COLOR_GRAY2BGR)


def _blurred(plain: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(plain, (3, 3), 0)


def _bolder(plain: np.ndarray) -> np.ndarray:
    """Dark strokes thickened by a pixel."""
    return cv2.erode(plain, STROKE_KERNEL)


RECUT: dict[str, Recut] = {
    "cut closer by 5%": lambda quad: closer(quad, 0.05),
    "cut closer by 10%": lambda quad: closer(quad, 0.1),
    "cut closer by 15%": lambda quad: closer(quad, 0.15),
    "cut taller by 10%": lambda quad: closer(quad, -0.1),
    "longer by 15%": lambda quad: widened(quad, 0.15),
    "longer by 30%": lambda quad: widened(quad, 0.3),
}
"""Crops cut from the photo along a changed quad."""
REDRAWN: dict[str, Redrawn] = {
    "scaled to 80% width": _scaled(0.8),
    "scaled to 125% width": _scaled(1.25),
    "scaled to 150% width": _scaled(1.5),
    "blurred": _blurred,
    "turned left": _turned(TURN_DEGREES),
    "turned right": _turned(-TURN_DEGREES),
    "grey": _grey,
    "evened out": _evened,
    "strokes bolder": _bolder,
}
"""Crops made from the word's plain crop."""
VARIANTS: tuple[str, ...] = (*RECUT, *REDRAWN)
"""The crops a word in doubt is read again from, in the order they are read."""


def varied_crops(image: np.ndarray, quad: np.ndarray, plain: np.ndarray | None = None) -> list[np.ndarray]:
    """The word's crop made each way of :data:`VARIANTS`, in that order (``plain``: its plain crop,
    when it is already cut)."""
    plain = rectify(image, quad) if plain is None else plain
    return [rectify(image, recut(quad)) for recut in RECUT.values()] + [
        redraw(plain) for redraw in REDRAWN.values()
    ]


def is_part_of(word: str, longer: str) -> bool:
    """Whether ``word`` is ``longer`` with some of its letters left out."""
    letters = iter(longer)
    return len(longer) > len(word) and all(letter in letters for letter in word)


def keeps_most_of(first: str, word: str) -> bool:
    """Whether ``word`` differs from ``first`` in fewer than half of its letters (edit distance)."""
    return 2 * edit_distance(first, word) < max(len(first), len(word))


def agreed_word(reading: WordReading, decisions: Sequence[WordReading], vocabulary: Vocabulary) -> str | None:
    """The valid word the crops' ``decisions`` agree on under the rules of the module docstring, or None."""
    settled = Counter(d.text for d in decisions if settles(d, vocabulary))
    if len(settled) != 1:
        return None
    word, count = settled.most_common(1)[0]
    if (
        count < AGREEING
        or i_or_l_in_doubt(reading.raw, word, vocabulary)
        or not keeps_most_of(reading.raw, word)
    ):
        return None
    if any(is_part_of(word, text) for text in (reading.raw, *(d.text for d in decisions))):
        return None
    return word


def clear_of_rivals(
    word: str, tables: Sequence[LetterTable], decisions: Sequence[WordReading], vocabulary: Vocabulary
) -> bool:
    """Whether every crop's table together finds ``word`` more than the ambiguity likelier than
    each other valid word the ``decisions`` name."""
    rivals = sorted(
        {c.word for d in decisions for c in d.candidates if c.word != word and vocabulary.is_valid(c.word)}
    )
    if not rivals:
        return True
    evidence = [Evidence(table) for table in tables]
    own, *others = joint_log_probs(evidence, [word, *rivals])
    return all(own - other >= DEFAULT_AMBIGUITY for other in others)


def second_reads_as_first(
    reading: WordReading, word: str, second: LetterTable | None, vocabulary: Vocabulary
) -> bool:
    """Whether the ``second`` recogniser's likeliest reading of the plain crop is the word as
    first read, no valid word, more than the support likelier than ``word``."""
    if second is None or not reading.raw:
        return False
    return leading_nonword(second, word, vocabulary, DEFAULT_SUPPORT) == reading.raw


def settled_by_variants(
    reading: WordReading,
    tables: Sequence[LetterTable],
    vocabulary: Vocabulary,
    second: LetterTable | None = None,
) -> WordReading:
    """``reading`` settled as the word its variant crops' ``tables`` agree on, else as it was;
    ``second`` is the second recogniser's table of the plain crop when it is among them."""
    decisions = [read_word_by([Evidence(table)], vocabulary) for table in tables]
    word = agreed_word(reading, decisions, vocabulary)
    if word is None or not clear_of_rivals(word, tables, [reading, *decisions], vocabulary):
        return reading
    agreeing = [d for d in decisions if settles(d, vocabulary) and d.text == word]
    if second_reads_as_first(reading, word, second, vocabulary):
        held = (
            f"{word} from {len(agreeing)} of {len(decisions)} crops read again, but both "
            f"recognisers read {reading.raw} in its plain crop"
        )
        return dataclasses.replace(reading, notes=(*reading.notes, held))
    note = (
        f"read {reading.raw} at first; read again {len(decisions)} ways (crops cut and drawn a "
        "little differently, another recogniser, the marks' pen faded out where there is one): "
        f"{word} from {len(agreeing)} of them, "
        "no other word from any"
    )
    return dataclasses.replace(agreeing[0], notes=(note,))


def varied_tables(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    second: PPOCR | None = None,
    faded: np.ndarray | None = None,
) -> list[list[LetterTable]]:
    """Each quad's letter tables read from its :func:`varied_crops` (all in one call to the
    recogniser), then, with a ``second`` recogniser, its plain crop's table by that one, then,
    with a ``faded`` photo (the second pen faded out), its plain and longer crops' tables there."""
    plains = [rectify(image, quad) for quad in quads]
    crops = [
        crop for quad, plain in zip(quads, plains, strict=True) for crop in varied_crops(image, quad, plain)
    ]
    lines = ocr.recognise_crops(crops, [quad for quad in quads for _ in VARIANTS])
    tables = [line.table for line in lines]
    varied = [tables[n * len(VARIANTS) : (n + 1) * len(VARIANTS)] for n in range(len(quads))]
    if second is not None:
        other = [line.table for line in second.recognise_crops(plains, quads)]
        varied = [[*own, table] for own, table in zip(varied, other, strict=True)]
    if faded is None:
        return varied
    cut = [cut for quad in quads for cut in (quad, widened(quad, WIDEN))]
    lines = ocr.recognise_crops([rectify(faded, quad) for quad in cut], cut)
    return [[*own, lines[2 * n].table, lines[2 * n + 1].table] for n, own in enumerate(varied)]


def second_opinion(ocr: PPOCR) -> PPOCR | None:
    """The recogniser that also reads a word's plain crop for ``ocr`` (:data:`SECOND_OPINION`), if any."""
    name = SECOND_OPINION.get(ocr.name)
    return engine(name) if name is not None else None


def look_varied(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    readings: list[WordReading],
    vocabulary: Vocabulary,
    second: PPOCR | None = None,
) -> list[WordReading]:
    """``readings`` with each word flagged *check* that its varied crops (and the ``second``
    recogniser's reading of its plain crop, and its crops of the photo with the marks' pen
    faded out) agree on, settled so."""
    return look_again(
        readings,
        lambda _index, reading: reading.status == CHECK,
        lambda picked: varied_tables(
            ocr, image, [quads[i] for i in picked], second, faded_photo(image, quads)
        ),
        lambda reading, tables: settled_by_variants(
            reading, tables, vocabulary, tables[len(VARIANTS)] if second is not None else None
        ),
    )
