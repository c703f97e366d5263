"""Real handwriting: word and letter accuracy of each engine, raw and constrained by the lexicon.

Usage: python benchmarks/bench_handwriting.py [FOLDER] [--lexicon enable] [--reader ppocr --reader own
       --reader ppocr+own --reader tesseract]

FOLDER (default ../shared/data/real/handwriting) holds images and ``labels.tsv`` (file, then
the text, lines separated by " / "). These are not score sheets: words, lines and pages of
prose by real hands. Each image is read as lines of words (no total, no marks); words are
compared as upper-case letters only (punctuation and digits dropped), in reading order, by
sequence alignment; letter accuracy is one less the edit distance over the letters of the
whole text, divided by their count. "Constrained" reads under the lexicon alone (no board):
the letter tables of PP-OCR, of boardsight's own recogniser (``own``) or of both together
(``ppocr+own``) are decoded by :func:`boardsight.vision.sheets.reader.decide_word`;
Tesseract's words take the one lexicon word an edit away when there is exactly one.
"Constrained+hand" is constrained, each word under the hand learnt from the image's other
words (:mod:`boardsight.sheets.hand_model`; an image is one writer's, as a sheet is).
"+looks" is that, then the sheet reader's second looks at the words left open (past their
ends, from varied crops) and its doubled-letter doubt, as a sheet is read
(:func:`boardsight.vision.sheets.reader.second_looks`).
"""

from __future__ import annotations

import argparse
import difflib
from pathlib import Path

import cv2
import numpy as np

from boardsight.cli.output import format_table
from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon
from boardsight.sheets.decode import edits1
from boardsight.sheets.scoring import edit_distance
from boardsight.sheets.vocabulary import lexicon_vocabulary

DEFAULT_FOLDER = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "real" / "handwriting"


def words_of(text: str) -> list[str]:
    """Upper-case letter words of a transcription (line breaks, punctuation and digits dropped)."""
    found = []
    for token in text.replace(" / ", " ").split():
        letters = "".join(char for char in token.upper() if "A" <= char <= "Z")
        if letters:
            found.append(letters)
    return found


def load(path: Path) -> np.ndarray:
    image = cv2.imread(str(path))
    if image is None:
        raise SystemExit(f"cannot read {path}")
    if float(image.mean()) < 110:  # white ink on black (the IAM renders of one source)
        image = 255 - image
    return image


def in_reading_order(items: list[tuple[tuple[float, float, float, float], str]]) -> list[str]:
    """Words by line (boxes whose middles lie within half a line's height), then left to right."""
    if not items:
        return []
    heights = sorted(box[3] - box[1] for box, _ in items)
    tolerance = 0.5 * heights[len(heights) // 2]
    rows: list[list[tuple[tuple[float, float, float, float], str]]] = []
    for item in sorted(items, key=lambda entry: (entry[0][1] + entry[0][3]) / 2):
        middle = (item[0][1] + item[0][3]) / 2
        if rows and abs(middle - np.mean([(b[1] + b[3]) / 2 for b, _ in rows[-1]])) <= tolerance:
            rows[-1].append(item)
        else:
            rows.append([item])
    return [text for row in rows for _box, text in sorted(row, key=lambda entry: entry[0][0])]


def ppocr_words(
    image: np.ndarray,
    vocabulary,
    engine_name: str = "ppocr",
    adapt_hand: bool = False,
    looks: bool = False,
) -> list[str]:
    """The image's words read by ``engine_name``; with ``adapt_hand``, under the hand learnt from
    the image's other words (one writer an image, as on a score sheet); with ``looks``, the words
    left open then looked at again as on a sheet."""
    from boardsight.vision.sheets.ppocr import collapse_symbols
    from boardsight.vision.sheets.reader import _own_tables, _split, decide_words, engine_for, second_looks

    ocr, engine_name = engine_for(engine_name)
    scale = min(1.0, 1600 / max(image.shape[:2]))
    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    items = []
    pieces = [
        piece
        for line in ocr.recognise(image, ocr.detect(image))
        for piece in _split(line)
        if any(char.isalpha() for char in collapse_symbols(piece.symbols))
    ]
    tables = [piece.line.table.slice(piece.start, piece.stop) for piece in pieces]
    owns = _own_tables(image, pieces, engine_name)
    readings = decide_words(tables, owns, engine_name, vocabulary, adapt_hand=adapt_hand)
    if looks and vocabulary is not None:
        quads = [piece.quad for piece in pieces]
        readings = second_looks(ocr, image, quads, tables, readings, vocabulary, engine_name)
    for piece, reading in zip(pieces, readings, strict=True):
        if reading.text:
            quad = piece.quad
            items.append(((*quad.min(axis=0), *quad.max(axis=0)), reading.text))
    return in_reading_order(items)


def tesseract_words(image: np.ndarray, lexicon) -> list[str]:
    import pytesseract

    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    data = pytesseract.image_to_data(gray, config="--psm 6", output_type=pytesseract.Output.DICT)
    items = []
    for index, text in enumerate(data["text"]):
        letters = "".join(char for char in text.upper() if "A" <= char <= "Z")
        if not letters or float(data["conf"][index]) < 0:
            continue
        if lexicon is not None and letters not in lexicon:
            near = [word for word in edits1(letters) if word in lexicon.words]
            letters = near[0] if len(near) == 1 else letters
        x, y, w, h = (float(data[key][index]) for key in ("left", "top", "width", "height"))
        items.append(((x, y, x + w, y + h), letters))
    return in_reading_order(items)


def accuracy(expected: list[str], read: list[str]) -> tuple[int, int, int]:
    """(words right, letter edit distance, letters) of one image."""
    matcher = difflib.SequenceMatcher(a=expected, b=read, autojunk=False)
    right = sum(block.size for block in matcher.get_matching_blocks())
    return right, edit_distance("".join(expected), "".join(read)), len("".join(expected))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--lexicon", default=DEFAULT_LEXICON)
    parser.add_argument("--reader", action="append", dest="readers")
    args = parser.parse_args()
    labels = args.folder / "labels.tsv"
    if not labels.is_file():
        raise SystemExit(f"{labels}: no such file (give the folder of the real handwriting samples)")
    lexicon = load_lexicon(args.lexicon)
    vocabulary = lexicon_vocabulary(lexicon)
    readers = args.readers or ["ppocr", "ppocr-v4", "own", "ppocr+own", "tesseract"]
    columns = [
        (reader, mode)
        for reader in readers
        for mode in (
            "raw",
            "constrained",
            *(() if reader == "tesseract" else ("constrained+hand",)),
            *(("constrained+hand+looks",) if reader.startswith("ppocr") else ()),
        )
    ]
    totals = {column: [0, 0, 0, 0] for column in columns}
    rows = []
    for line in labels.read_text(encoding="utf-8").splitlines():
        name, _tab, text = line.partition("\t")
        expected = words_of(text)
        image = load(args.folder / name)
        row = [name[:48], str(len(expected))]
        for reader, mode in columns:
            if reader != "tesseract":
                constrained = mode != "raw"
                read = ppocr_words(
                    image,
                    vocabulary if constrained else None,
                    reader,
                    mode.startswith("constrained+hand"),
                    looks=mode.endswith("+looks"),
                )
            else:
                read = tesseract_words(image, lexicon if mode == "constrained" else None)
            right, errors, letters = accuracy(expected, read)
            total = totals[(reader, mode)]
            total[0] += right
            total[1] += len(expected)
            total[2] += errors
            total[3] += letters
            row.append(f"{right / len(expected):.0%} / {max(0.0, 1 - errors / letters):.0%}")
        rows.append(row)
    rows.append(
        [
            "all",
            str(totals[columns[0]][1]),
            *(f"{t[0] / t[1]:.1%} / {max(0.0, 1 - t[2] / t[3]):.1%}" for t in totals.values()),
        ]
    )
    header = ["image", "words", *(f"{reader} {mode}" for reader, mode in columns)]
    print("words right / letters right, per image and over all images")
    print(format_table(header, rows))


if __name__ == "__main__":
    main()
