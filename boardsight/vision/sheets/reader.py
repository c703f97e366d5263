"""Read a photo of a score sheet: find the writing, read each word, find its marks and the total.

The PP-OCR detector finds the pieces of writing (at any angle the page lies at; and again with
the sheet's second pen faded out, for words hidden under their marks:
:mod:`boardsight.vision.sheets.under_marks`); the recogniser's letter tables are split into
words at spaces and each word is decided by
:func:`boardsight.sheets.decode.read_word` under the given vocabulary; words left in doubt are
then asked again under the sheet's hand, learnt from all its words at once
(:mod:`boardsight.sheets.hand_model`; ``adapt_hand=False`` turns it off), and words still open
are read again (past their ends, from varied crops: :func:`second_looks`). A line that ends in
a number is the written total (``TOTAL 37``, ``= 37``, ``37``): the bottom-most such line
wins, and a circle round it is the opponent's challenge of the sum (NTU 4.7). A photo taken
sideways or upside down is turned upright first
(:mod:`boardsight.vision.sheets.orientation`); boxes are given in the photo's own pixels.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from boardsight.errors import BadInputError
from boardsight.sheets.ctc import LetterTable
from boardsight.sheets.decode import (
    AS_WRITTEN,
    CHECK,
    CONFIDENT,
    Evidence,
    Vocabulary,
    WordReading,
    doubt_ringed_nonword,
    doubt_too_short,
    read_word_by,
    settles,
)
from boardsight.sheets.hand_model import HandModel, learn_hands
from boardsight.sheets.model import (
    NO_WORD_READ,
    Box,
    SheetReading,
    SheetWord,
    overlap_of_smaller,
    reading_order,
)
from boardsight.sheets.scoring import edit_distance
from boardsight.vision.image_io import decode_image_scaled, read_image_bytes
from boardsight.vision.sheets.edge_look import look_past_the_ends
from boardsight.vision.sheets.ink_ends import look_past_the_ink
from boardsight.vision.sheets.ink_look import doubt_ruled_letters
from boardsight.vision.sheets.lookalikes import latin_letter
from boardsight.vision.sheets.marks import doubt_a_sheet_of_own_pen_strikes, find_marks, is_total_circled
from boardsight.vision.sheets.orientation import (
    is_sideways,
    turn_image,
    turn_points,
    unturn_points,
    upright_turn,
)
from boardsight.vision.sheets.other_recogniser import doubt_against_second_opinion
from boardsight.vision.sheets.ppocr import (
    CROP_SIDE,
    PPOCR,
    LineOutput,
    collapse_symbols,
    engine,
    order_quad,
    rectify,
)
from boardsight.vision.sheets.stray_ink import detect_stray_ink
from boardsight.vision.sheets.under_marks import detect_under_marks
from boardsight.vision.sheets.varied_look import look_varied, second_opinion
from boardsight.vision.sheets.wider_look import doubt_doubled_letters

MAX_SIDE = 1600
"""The photo is read at this longer side at most (pixels)."""
MAX_WORDS = 300
"""More pieces of writing than this is not a score sheet (a page of text, a newspaper)."""
MIN_LETTERS = 2
COVERED = 0.5
"""Writing found that overlaps a read word by this share of the smaller is that word's."""
UNREAD_SIZE = 0.5
"""Unread writing narrower or shorter than this share of the read words' median height is a speck
or a sign, not a word."""
TOTAL_WORDS = ("TOTAL", "TOT", "SUM", "SCORE")
_NUMBER = re.compile(r"\d(?:[\d ]*\d)?")

WORD_ENGINES = ("ppocr", "own", "ppocr+own", "ppocr-v4")
"""Who reads the words: PP-OCR's recogniser (PP-OCRv6), boardsight's own (:mod:`.own_words`),
both (:func:`decide_word`), or PP-OCRv4's recogniser (the one read before PP-OCRv6, for
comparison). PP-OCR's detector finds the writing in every case."""
ORIENTATION_RECOGNISER = "v4"
"""The recogniser asked which way up a photo is (:mod:`.orientation`): PP-OCRv4 reads writing
turned over far less confidently than upright writing, PP-OCRv6 reads turned-over print
about as confidently (QUIET upside down reads OUIET)."""
_OLDER_RECOGNISER = {"ppocr-v4": "v4"}
"""Word engines that are PP-OCR with another recogniser than the default, and that recogniser."""
DEFAULT_WORD_ENGINE = "ppocr"
ADAPT_HAND = True
"""Whether a constrained reading learns the sheet's hand first (:mod:`boardsight.sheets.hand_model`)."""
OWN_WEIGHT = 0.3
"""The own recogniser's share of a word's log-score when both read it (chosen on sheets in the
training hands: 0.2 and 0.3 read as many words right there, 0.4 and 0.5 fewer)."""

Photo = str | Path | bytes | np.ndarray


class NoWritingError(BadInputError):
    """The photo holds no writing the reader can find."""


@dataclass(frozen=True)
class _Piece:
    """A word (or the total) cut from one detected line: its frames and its quad."""

    line: LineOutput
    start: int
    stop: int
    quad: np.ndarray

    @property
    def symbols(self) -> tuple[str, ...]:
        return self.line.symbols[self.start : self.stop]


def load_photo(photo: Photo, source: str) -> tuple[np.ndarray, float]:
    """The photo as a BGR array no larger than :data:`MAX_SIDE` on its longer side, and its scale
    (pixels of this array per pixel of the photo)."""
    factor = 1
    if isinstance(photo, np.ndarray):
        image = photo
    else:
        data = photo if isinstance(photo, bytes) else read_image_bytes(photo)
        image, factor = decode_image_scaled(data, source=source, max_side=MAX_SIDE)
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    scale = min(1.0, MAX_SIDE / max(image.shape[:2]))
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return image, scale / factor


def _split(line: LineOutput) -> list[_Piece]:
    """The line's words: runs of frames between spaces (or wide gaps in the ink), each with its
    share of the quad."""
    pieces = []
    frames = len(line.symbols)
    breaks = set(line.breaks)
    start = 0
    for index in range(frames + 1):
        if index == frames or line.symbols[index] == " " or index in breaks:
            if collapse_symbols(line.symbols[start:index]).strip():
                pieces.append(_Piece(line, start, index, _sub_quad(line, start, index)))
            start = index + 1
    return pieces


def _sub_quad(line: LineOutput, start: int, stop: int) -> np.ndarray:
    quad = line.quad.astype(np.float64)
    span = max(line.crop_frames, 1.0)
    low = max(0.0, (start - 0.5) / span)
    high = min(1.0, (stop + 0.5) / span)
    if low <= 0.02 and high >= 0.98:
        return line.quad
    top = quad[0] + (quad[1] - quad[0]) * np.array([[low], [high]])
    bottom = quad[3] + (quad[2] - quad[3]) * np.array([[high], [low]])
    return np.vstack([top, bottom]).astype(np.float32)


def _box(quad: np.ndarray, scale: float, turn: int = 0, photo_shape: tuple[int, ...] = ()) -> Box:
    """The quad's bounding box in the photo's own pixels (before scaling and turning)."""
    if turn:
        quad = unturn_points(quad, turn, photo_shape)
    low = quad.min(axis=0) / scale
    high = quad.max(axis=0) / scale
    return round(low[0]), round(low[1]), round(high[0]), round(high[1])


def _is_number(text: str) -> bool:
    """Whether a piece of writing is a number: digits at least as many as letters, or digits
    after a word for the total (``TOTAL37`` read without its space)."""
    digits = sum(char.isdigit() for char in text)
    letters = "".join(char for char in text.upper() if char.isalpha())
    if digits == 0 or not text[-1].isdigit():
        return False
    return digits >= len(letters) or any(edit_distance(letters, word) <= 1 for word in TOTAL_WORDS)


def _is_a_word(text: str) -> bool:
    """Whether a piece's greedy text holds a word: :data:`MIN_LETTERS` symbols drawn as letters
    (a zero may be a round O), one of them a letter of some script (digits alone are a number)."""
    drawn = sum(symbol.isalpha() or latin_letter(symbol) is not None for symbol in text)
    return drawn >= MIN_LETTERS and any(symbol.isalpha() for symbol in text)


def _unread(
    split: list[tuple[LineOutput, list[_Piece]]],
    total_line: LineOutput | None,
    read: list[_Piece],
    covered: list[Box],
    scale: float,
    turn: int,
    photo_shape: tuple[int, ...],
) -> tuple[Box, ...]:
    """Boxes (in the photo's pixels) of the lines of writing found that gave no word (read as
    signs, a lone letter or nothing), other than the total, as large as a word's letters are tall
    and covered by no word read (``read``, whose upright boxes are ``covered``)."""
    heights = [box[3] - box[1] for box in covered]
    least = UNREAD_SIZE * float(np.median(heights)) if heights else 0.0
    read_ids = {id(piece) for piece in read}
    unread = []
    for line, pieces in split:
        if line is total_line or any(id(piece) in read_ids for piece in pieces):
            continue
        box = _box(line.quad, 1.0)
        if min(box[2] - box[0], box[3] - box[1]) < least:
            continue
        if all(overlap_of_smaller(box, word) < COVERED for word in covered):
            unread.append(_box(line.quad, scale, turn, photo_shape))
    return tuple(unread)


def _total_line(split: list[tuple[LineOutput, list[_Piece]]]) -> LineOutput | None:
    """The bottom-most line that ends in a number (``TOTAL 37``, ``= 37``, ``37``), given each
    line with its words.

    A word with a letter misread as a digit (``SHSS4``) is not a number: it stays a word.
    """
    best: LineOutput | None = None
    for line, pieces in split:
        if not pieces or not _is_number(collapse_symbols(pieces[-1].symbols).strip()):
            continue
        if best is None or float(line.quad[:, 1].max()) > float(best.quad[:, 1].max()):
            best = line
    return best


def _engine_tables(ppocr: LetterTable, own: LetterTable | None, word_engine: str) -> list[LetterTable]:
    """The letter tables ``word_engine`` decides a word on, the one the sheet's hand is learnt on first."""
    if word_engine == "ppocr" or own is None:
        return [ppocr]
    if word_engine == "own":
        return [own]
    return [ppocr, own]


def word_evidence(
    ppocr: LetterTable,
    own: LetterTable | None,
    word_engine: str,
    own_weight: float = OWN_WEIGHT,
    hand: HandModel | None = None,
) -> list[Evidence]:
    """The letter tables ``word_engine`` decides a word on, with their weights; the first
    (the one the sheet's hand was learnt on, :func:`hand_tables`) re-read under ``hand``."""
    tables = _engine_tables(ppocr, own, word_engine)
    if hand is not None:
        tables[0] = hand.apply(tables[0])
    if len(tables) == 1:
        return [Evidence(tables[0])]
    return [Evidence(tables[0], 1 - own_weight), Evidence(tables[1], own_weight)]


def hand_tables(
    ppocr: list[LetterTable], own: list[LetterTable | None], word_engine: str
) -> list[LetterTable]:
    """The table of each word the sheet's hand is learnt on: the first ``word_engine`` decides on."""
    return [
        _engine_tables(table, own_table, word_engine)[0] for table, own_table in zip(ppocr, own, strict=True)
    ]


def decide_word(
    ppocr: LetterTable,
    own: LetterTable | None,
    word_engine: str,
    vocabulary: Vocabulary | None,
    own_weight: float = OWN_WEIGHT,
    hand: HandModel | None = None,
    plain: WordReading | None = None,
) -> WordReading:
    """One word decided by ``word_engine``; a word that reading leaves doubtful is decided again
    with its tables re-read under the sheet's ``hand``, when one is given (``plain``: the
    decision without it, when already made).

    ``ppocr+own`` takes PP-OCR's reading where PP-OCR alone is sure of it (taken as written;
    with no vocabulary, at least :data:`CONFIDENT` probable) and asks both recognisers
    together about the rest: as many words right on the training-hand sheets as asking
    both about every word, with a third fewer flagged for a person.

    The hand is asked only about words left in doubt (flagged *check*), and its answer is taken
    only when it settles them as a valid word (read so, or corrected by the correction rule):
    a word the recogniser's own reading settles is never changed by what the rest of the sheet
    taught, so a clearly written non-word stays the player's mistake it is; and a word the
    hand cannot settle, or would take as some other non-word, is flagged exactly as before
    (a person, not the hand, decides that a word is not one).
    """
    if plain is None:
        plain = _decide_word(ppocr, own, word_engine, vocabulary, own_weight, None)
    if hand is None or hand.is_identity or vocabulary is None or plain.status != CHECK:
        return plain
    # Read as a non-word, taking a valid word the hand makes likeliest is a correction: the
    # rule for corrections decides it.
    nonword_raw = not vocabulary.is_valid(plain.raw)
    reread = _decide_word(ppocr, own, word_engine, vocabulary, own_weight, hand, nonword_raw)
    return reread if settles(reread, vocabulary) else plain


def _decide_word(
    ppocr: LetterTable,
    own: LetterTable | None,
    word_engine: str,
    vocabulary: Vocabulary | None,
    own_weight: float,
    hand: HandModel | None,
    nonword_raw: bool = False,
) -> WordReading:
    evidence = word_evidence(ppocr, own, word_engine, own_weight, hand)
    if word_engine == "ppocr+own" and own is not None:  # PP-OCR's (hand-read) table alone first
        alone = read_word_by([Evidence(evidence[0].table)], vocabulary, nonword_raw=nonword_raw)
        if alone.status == AS_WRITTEN and (vocabulary is not None or alone.confidence >= CONFIDENT):
            return alone
    return read_word_by(evidence, vocabulary, nonword_raw=nonword_raw)


def decide_words(
    ppocr: list[LetterTable],
    own: list[LetterTable | None],
    word_engine: str,
    vocabulary: Vocabulary | None,
    *,
    adapt_hand: bool = ADAPT_HAND,
) -> list[WordReading]:
    """Every word of one hand decided by ``word_engine`` (:func:`decide_word`); with
    ``adapt_hand`` (and a vocabulary), a word left in doubt is asked again under the hand
    learnt from the other words."""
    readings = [
        decide_word(table, own_table, word_engine, vocabulary)
        for table, own_table in zip(ppocr, own, strict=True)
    ]
    if not adapt_hand or vocabulary is None or all(reading.status != CHECK for reading in readings):
        return readings
    hands = learn_hands(hand_tables(ppocr, own, word_engine), readings, vocabulary)
    return [
        decide_word(table, own_table, word_engine, vocabulary, hand=hand, plain=reading)
        for table, own_table, hand, reading in zip(ppocr, own, hands, readings, strict=True)
    ]


def second_looks(
    ocr: PPOCR,
    image: np.ndarray,
    quads: list[np.ndarray],
    tables: list[LetterTable],
    readings: list[WordReading],
    vocabulary: Vocabulary,
    word_engine: str = DEFAULT_WORD_ENGINE,
) -> list[WordReading]:
    """``readings`` (decided on PP-OCR's ``tables`` of the words at ``quads``) revised by the looks
    at words left open: past their ends, then from varied crops; then at every word whose ink runs
    on past its box, read from all of it (which may settle an open word, or flag a settled one);
    then valid words whose crop, read wider, may hide a doubled letter are flagged, and those
    whose ink alone reads as the non-word a ruled line may have completed into them. PP-OCR's
    looks may change a word's text, so the own engine, measured on its own readings, gets the
    doubled-letter and ink-alone looks alone (they only flag). Last, a word taken on its first
    table that a close non-word there is the second recogniser's reading of is flagged."""
    plain_tables: list[LetterTable | None] = [None] * len(readings)
    second = second_opinion(ocr)
    if word_engine != "own":
        decided = readings
        readings = look_past_the_ends(ocr, image, quads, readings, vocabulary)
        readings = look_varied(ocr, image, quads, readings, vocabulary, second)
        readings = look_past_the_ink(ocr, image, quads, readings, vocabulary)
        # A word read again by a look was not decided on its first table.
        plain_tables = [
            table if after is before else None
            for table, before, after in zip(tables, decided, readings, strict=True)
        ]
    readings = doubt_doubled_letters(ocr, image, quads, readings, vocabulary, plain_tables)
    readings = doubt_ruled_letters(ocr, image, quads, readings, vocabulary)
    return doubt_against_second_opinion(second, image, quads, readings, vocabulary, plain_tables)


def _own_tables(image: np.ndarray, pieces: list[_Piece], word_engine: str) -> list[LetterTable | None]:
    if word_engine == "ppocr" or not pieces:
        return [None] * len(pieces)
    from boardsight.vision.sheets.own_words import own_words

    return list(own_words().tables([rectify(image, piece.quad) for piece in pieces]))


def engine_for(word_engine: str) -> tuple[PPOCR, str]:
    """The PP-OCR sessions ``word_engine`` reads with, and the engine that then decides the words
    (``ppocr-v4`` decides as ``ppocr`` does, on its own recogniser's tables)."""
    recogniser = _OLDER_RECOGNISER.get(word_engine)
    if recogniser is None:
        return engine(), word_engine
    return engine(recogniser), "ppocr"


def _check_pieces(quads: list[np.ndarray], source: str) -> None:
    if len(quads) > MAX_WORDS:
        raise BadInputError(
            f"{source}: {len(quads)} pieces of writing found; a score sheet holds at most {MAX_WORDS} words"
        )


def read_sheet(
    photo: Photo,
    vocabulary: Vocabulary | None = None,
    *,
    source: str = "sheet",
    constrained_by: str = "",
    word_engine: str = DEFAULT_WORD_ENGINE,
    adapt_hand: bool = ADAPT_HAND,
) -> SheetReading:
    """Read every word of a sheet photo (a path, image bytes or a BGR array) with ``word_engine``;
    with ``adapt_hand`` (and a vocabulary), each word under the hand learnt from the sheet's
    other words (:mod:`boardsight.sheets.hand_model`)."""
    if word_engine not in WORD_ENGINES:
        raise BadInputError(
            f"unknown sheet word engine {word_engine!r}; choose from {', '.join(WORD_ENGINES)}"
        )
    began = time.perf_counter()
    image, scale = load_photo(photo, source)
    loaded = time.perf_counter()
    ocr, word_engine = engine_for(word_engine)
    quads = ocr.detect(image)
    if not quads:
        raise NoWritingError(f"no writing found in {source}")
    _check_pieces(quads, source)
    if min(image.shape[:2]) >= CROP_SIDE:  # a photo of a sheet, not the crop of a word
        quads = detect_under_marks(ocr.detect, image, quads)
        quads = detect_stray_ink(lambda stack: ocr.detect(stack, side=max(stack.shape[:2])), image, quads)
        _check_pieces(quads, source)
    detected = time.perf_counter()
    lines = None if is_sideways(quads) else ocr.recognise(image, quads)
    orienting = engine(ORIENTATION_RECOGNISER)
    turn = upright_turn(orienting, image, quads, lines if orienting is ocr else None)
    photo_shape = image.shape
    if turn:
        image = turn_image(image, turn)
        quads = [order_quad(turn_points(quad, turn, photo_shape)) for quad in quads]
    if turn or lines is None:
        lines = ocr.recognise(image, quads)
    recognised = time.perf_counter()
    split = [(line, _split(line)) for line in lines]
    pieces = [piece for _, line_pieces in split for piece in line_pieces]
    if len(pieces) > MAX_WORDS:
        raise BadInputError(
            f"{source}: {len(pieces)} words found; a score sheet holds at most {MAX_WORDS} words"
        )
    total_line = _total_line(split)
    total = total_circled = None
    if total_line is not None:
        total = int(_NUMBER.findall(total_line.text)[-1].replace(" ", ""))
        total_circled = is_total_circled(image, total_line.quad)
    kept = [
        piece
        for piece in pieces
        if piece.line is not total_line and _is_a_word(collapse_symbols(piece.symbols))
    ]
    ppocr_tables = [piece.line.table.slice(piece.start, piece.stop) for piece in kept]
    own_tables = _own_tables(image, kept, word_engine)
    readings = decide_words(ppocr_tables, own_tables, word_engine, vocabulary, adapt_hand=adapt_hand)
    if vocabulary is not None:
        word_quads = [piece.quad for piece in kept]
        readings = second_looks(ocr, image, word_quads, ppocr_tables, readings, vocabulary, word_engine)
    read = [
        (piece, reading)
        for piece, reading in zip(kept, readings, strict=True)
        if len(reading.text) >= MIN_LETTERS
    ]
    sheet_marks = doubt_a_sheet_of_own_pen_strikes([find_marks(image, piece.quad) for piece, _ in read])
    words, upright_boxes = [], []
    for (piece, reading), marks in zip(read, sheet_marks, strict=True):
        if vocabulary is not None:
            reading = doubt_too_short(reading, vocabulary)
            if marks.circled and (not marks.cancelled or marks.strike_in_doubt):
                reading = doubt_ringed_nonword(reading, vocabulary)
        box = _box(piece.quad, scale, turn, photo_shape)
        words.append(
            SheetWord(reading, box, marks.cancelled, marks.circled, reading.status, marks.strike_in_doubt)
        )
        upright_boxes.append(_box(piece.quad, 1.0))
    unread = _unread(split, total_line, [piece for piece, _ in read], upright_boxes, scale, turn, photo_shape)
    if not words and total is None:
        if unread:
            raise NoWritingError(f"{source}: {NO_WORD_READ}")
        raise NoWritingError(f"no writing found in {source}")
    order = reading_order(upright_boxes)  # the page's reading order, not the photo's
    decided = time.perf_counter()
    return SheetReading(
        source=source,
        words=tuple(words[i] for i in order),
        total=total,
        total_box=_box(total_line.quad, scale, turn, photo_shape) if total_line is not None else None,
        total_circled=bool(total_circled),
        unread=unread,
        constrained_by=constrained_by,
        turned=turn,
        timings={
            "load": loaded - began,
            "detect": detected - loaded,
            "recognise": recognised - detected,
            "decide": decided - recognised,
        },
    )
