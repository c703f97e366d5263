"""Evaluate sheet readers on labelled word-list sheets: raw and constrained, engine by engine.

Engines: ``ppocr`` (the PP-OCR recogniser with CTC decoding over candidate words), ``own``
(boardsight's own word recogniser in its place), ``ppocr+own`` (both, every candidate scored
under the two together) and ``tesseract`` (Tesseract's words; its constrained reading takes
the one valid word an edit away when there is exactly one, the usual spelling fix after the
fact). Each is
scored raw (no vocabulary) and constrained (the label's board, or the lexicon alone).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from boardsight.boggle.parse import parse_board
from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Scored, Vocabulary, WordReading, edits1
from boardsight.sheets.label import SheetLabel
from boardsight.sheets.model import SheetReading, SheetWord, reading_order
from boardsight.sheets.scoring import SheetScore, score_sheet
from boardsight.sheets.vocabulary import vocabulary_for

ENGINES = ("ppocr", "own", "ppocr+own", "ppocr-v4", "tesseract")
MODES = ("raw", "constrained")
HAND_OFF = "constrained, hand off"
HAND_ON = "constrained, hand on"
"""Constrained with the sheet's hand learnt first or not (:mod:`boardsight.sheets.hand_model`);
plain ``constrained`` is the reader's default. Tesseract has no letter tables: no hand."""
UNNAMED_HAND = "(not named)"
"""The hand of a sheet whose label names no face and no source."""


@dataclass
class SheetEvaluation:
    """Scores per (engine, mode), the seconds each reading took, and sheets that failed."""

    scores: dict[tuple[str, str], SheetScore] = field(default_factory=dict)
    seconds: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    sheets: int = 0
    changes: dict[str, int] = field(
        default_factory=lambda: {"to_valid": 0, "to_other_valid": 0, "flagged": 0}
    )
    by_hand: dict[str, SheetScore] = field(default_factory=dict)
    """The default engine's default reading scored per hand (:attr:`SheetLabel.hand`): a figure
    over all sheets can hide one hand read far worse than the rest."""
    hand_sheets: dict[str, int] = field(default_factory=dict)


def tesseract_sheet(image_path: Path, vocabulary: Vocabulary | None) -> SheetReading:
    """Tesseract's words of a sheet, fixed up to the single valid word one edit away when constrained."""
    import cv2
    import pytesseract

    from boardsight.vision.sheets.reader import load_photo

    image, scale = load_photo(image_path, str(image_path))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    data = pytesseract.image_to_data(gray, config="--psm 11", output_type=pytesseract.Output.DICT)
    words = []
    for index, text in enumerate(data["text"]):
        letters = "".join(char for char in text.upper() if char.isalpha())
        if len(letters) < 2 or float(data["conf"][index]) < 0:
            continue
        x, y, w, h = (int(data[key][index]) for key in ("left", "top", "width", "height"))
        box = (round(x / scale), round(y / scale), round((x + w) / scale), round((y + h) / scale))
        confidence = float(data["conf"][index]) / 100
        reading = WordReading(letters, letters, AS_WRITTEN, confidence)
        if vocabulary is not None and not vocabulary.is_valid(letters):
            near = sorted(word for word in edits1(letters) if vocabulary.is_valid(word))
            if len(near) == 1:
                reading = WordReading(near[0], letters, CORRECTED, confidence, (Scored(near[0], 0.0),))
            else:
                reading = WordReading(
                    letters, letters, CHECK, confidence, tuple(Scored(w, 0.0) for w in near[:4])
                )
        words.append(SheetWord(reading, box, status=reading.status))
    order = reading_order([word.box for word in words])
    return SheetReading(str(image_path), tuple(words[i] for i in order))


def evaluate_sheets(
    examples: Iterable[tuple[Path, SheetLabel]],
    engines: Iterable[str],
    lexicon: Lexicon,
    *,
    progress: Callable[[], None] | None = None,
    modes: Iterable[str] = MODES,
) -> SheetEvaluation:
    """Read every sheet with every engine in every mode (raw, constrained, and the constrained
    hand off or on) and score each reading."""
    from boardsight.vision.sheets.reader import ADAPT_HAND, DEFAULT_WORD_ENGINE, read_sheet

    modes = list(modes)
    hand = {"constrained": ADAPT_HAND, HAND_OFF: False, HAND_ON: True, "raw": False}
    if any(mode not in hand for mode in modes):
        raise BadInputError(f"unknown sheet reading mode; choose from {', '.join(hand)}")
    default_mode = next((mode for mode in modes if mode != "raw" and hand[mode] == ADAPT_HAND), "constrained")

    engines = list(engines)
    unknown = [name for name in engines if name not in ENGINES]
    if unknown:
        raise BadInputError(f"unknown sheet reader {unknown[0]!r}; choose from {', '.join(ENGINES)}")
    result = SheetEvaluation()
    for image_path, label in examples:
        result.sheets += 1
        vocabulary, _ = vocabulary_for(parse_board(label.board) if label.board else None, lexicon)
        counts = vocabulary.is_valid  # what makes a word count: on the board, or in the lexicon
        for engine in engines:
            for mode in modes:
                if engine == "tesseract" and mode in (HAND_OFF, HAND_ON):
                    continue
                vocab = vocabulary if mode != "raw" else None
                began = time.perf_counter()
                try:
                    if engine != "tesseract":
                        reading = read_sheet(
                            image_path,
                            vocab,
                            source=str(image_path),
                            word_engine=engine,
                            adapt_hand=hand[mode],
                        )
                    else:
                        reading = tesseract_sheet(image_path, vocab)
                except BadInputError as error:
                    result.failures.append(f"{engine}/{mode}: {error}")
                    reading = SheetReading(str(image_path), ())
                result.seconds.setdefault((engine, mode), []).append(time.perf_counter() - began)
                score = score_sheet(label, reading, counts)
                result.scores.setdefault((engine, mode), SheetScore()).add(score)
                if engine == DEFAULT_WORD_ENGINE and mode == default_mode:
                    hand_name = label.hand or UNNAMED_HAND
                    result.by_hand.setdefault(hand_name, SheetScore()).add(score)
                    result.hand_sheets[hand_name] = result.hand_sheets.get(hand_name, 0) + 1
                    changes = reading.changes(counts).to_json()
                    for key, value in changes.items():
                        result.changes[key] += value
        if progress is not None:
            progress()
    return result


def metric_table(evaluation: SheetEvaluation) -> tuple[list[str], list[list[str]]]:
    """Header and rows: one column per (engine, mode)."""
    keys = sorted(evaluation.scores)
    header = ["metric", *(f"{engine} {mode}" for engine, mode in keys)]

    def row(name: str, value: Callable[[SheetScore], str]) -> list[str]:
        return [name, *(value(evaluation.scores[key]) for key in keys)]

    def marks(mark: str) -> Callable[[SheetScore], str]:
        return lambda s: (
            f"{s.marks[mark][0]}/{s.marks[mark][0] + s.marks[mark][1]} found, {s.marks[mark][2]} false"
        )

    def in_doubt(s: SheetScore) -> str:
        struck, not_struck = s.strikes_in_doubt
        return f"{struck + not_struck} ({not_struck} not struck)"

    rows = [
        row("words right", lambda s: f"{s.word_accuracy:.2%} ({s.right}/{s.words})"),
        row("letters right", lambda s: f"{s.letter_accuracy:.2%}"),
        row("words not found", lambda s: f"{s.missed_words} ({s.missed_named} in writing named as not read)"),
        row("extra readings", lambda s: str(s.extra_words)),
        row("flagged for a person", lambda s: str(s.flagged)),
        row("flagged, right word first", lambda s: str(s.offered_first)),
        row("right or one click away", lambda s: f"{(s.right + s.offered_first) / max(1, s.words):.2%}"),
        row("misread, not asked", lambda s: str(s.misread_taken)),
        row("false valid verdicts", lambda s: str(s.false_valid)),
        row("false penalties", lambda s: str(s.false_penalty)),
        row("cancelled marks", marks("cancelled")),
        row("strikes asked of a person", in_doubt),
        row("circled marks", marks("circled")),
        row("marks found", lambda s: f"{s.mark_recall():.2%}"),
        row("totals read right", lambda s: f"{s.totals[0]}/{s.totals[1]}"),
        row(
            "circled totals",
            lambda s: (
                f"{s.total_circles[0]}/{s.total_circles[0] + s.total_circles[1]} found, "
                f"{s.total_circles[2]} false"
            ),
        ),
        [
            "seconds a sheet (mean)",
            *(f"{sum(evaluation.seconds[k]) / max(1, len(evaluation.seconds[k])):.2f}" for k in keys),
        ],
    ]
    return header, rows


def hand_table(evaluation: SheetEvaluation) -> tuple[list[str], list[list[str]]]:
    """Header and rows: the default reading's figures for each hand, worst read first."""
    header = [
        "hand",
        "sheets",
        "words right",
        "flagged",
        "right word first",
        "misread, not asked",
        "not found",
        "false valid",
        "false penalties",
        "marks found",
        "false marks",
        "strikes asked",
    ]
    rows = []
    for hand, score in sorted(evaluation.by_hand.items(), key=lambda item: (item[1].word_accuracy, item[0])):
        false_marks = sum(counts[2] for counts in score.marks.values())
        rows.append(
            [
                hand,
                str(evaluation.hand_sheets[hand]),
                f"{score.word_accuracy:.2%} ({score.right}/{score.words})",
                str(score.flagged),
                str(score.offered_first),
                str(score.misread_taken),
                str(score.missed_words),
                str(score.false_valid),
                str(score.false_penalty),
                f"{score.mark_recall():.2%}",
                str(false_marks),
                str(sum(score.strikes_in_doubt)),
            ]
        )
    return header, rows
