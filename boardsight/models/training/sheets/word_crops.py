"""Word crops for the sheet word recogniser, cut from rendered sheets the way the reader cuts them.

Two sources, both in the renderer's *training* hands only (never the held-out ones the
benchmark reads):

- :func:`sheet_crops`: whole sheets rendered and photographed by
  :func:`boardsight.datasets.synth.sheets.render_sheet`, searched by the PP-OCR detector
  and rectified as the reader does it (slow: about a second a sheet, one hand per sheet);
- :func:`written_crops`: single words written by :func:`write_word` in a new hand each,
  on the renderer's papers and pens, with a detector-like margin, blur, noise and JPEG
  (fast: many more hands, no perspective or shadows).

Crops are stored at the recogniser's input height (:func:`word_pixels`) with their word in
capitals (the renderer writes some words capitalised or in small letters).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from boardsight.boggle.solver import solve
from boardsight.datasets.synth.fonts import FontFace
from boardsight.datasets.synth.handwriting import Hand, hand_fonts, write_word
from boardsight.datasets.synth.sheet_words import choose_words, roll_board
from boardsight.datasets.synth.sheets import MARK_PENS, PAPERS, PENS, SheetSpec, render_sheet
from boardsight.errors import BoardsightError
from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon
from boardsight.sheets.ctc import LETTERS
from boardsight.sheets.label import parse_sheet_label
from boardsight.vision.sheets.word_image import word_pixels

CROP_CODE = 5
"""Mixed into each sheet's seed, apart from the benchmark's sheets (renderer code 3)."""
WRITTEN_CODE = 6
WORDS_PER_BOARD = 30
LETTER_HEIGHT = (16.0, 52.0)
"""Letter heights in the photo as the reader scales it (pixels)."""
MATCH_IOU = 0.5
"""A detected box is a word's crop when its bounding box overlaps the word's label this much."""
PHOTO_WIDTH = (1200, 1600)


@dataclass
class WordCrops:
    """Recogniser-ready crops (each float32 (HEIGHT, w)) and their words."""

    images: list[np.ndarray]
    words: list[str]
    fonts: list[str]

    def __len__(self) -> int:
        return len(self.words)

    def extend(self, other: WordCrops) -> None:
        self.images += other.images
        self.words += other.words
        self.fonts += other.fonts

    def save(self, path: str | Path) -> None:
        """One ``.npz``: the crops side by side, their widths, words and fonts."""
        widths = np.array([image.shape[1] for image in self.images], np.int64)
        pixels = np.concatenate(self.images, axis=1) if self.images else np.zeros((0, 0), np.float32)
        np.savez_compressed(
            path,
            pixels=(np.clip(pixels, -0.5, 1.5) * 100).astype(np.int16),
            widths=widths,
            words=np.array(self.words),
            fonts=np.array(self.fonts),
        )

    @classmethod
    def load(cls, path: str | Path) -> WordCrops:
        data = np.load(path)
        pixels = data["pixels"].astype(np.float32) / 100
        edges = np.concatenate([[0], np.cumsum(data["widths"])])
        images = [pixels[:, edges[i] : edges[i + 1]] for i in range(len(data["widths"]))]
        return cls(images, [str(w) for w in data["words"]], [str(f) for f in data["fonts"]])


def training_faces() -> tuple[FontFace, ...]:
    """The renderer's training hands; the held-out ones can never be drawn from here."""
    faces = hand_fonts("train")
    held_out = [face.name for face in faces if face.split != "train"]
    if held_out:
        raise BoardsightError(f"held-out fonts among the training hands: {', '.join(held_out)}")
    return faces


def _iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    inter = max(0.0, x1 - x0) * max(0.0, y1 - y0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def sheet_crops(seed: int, index: int, faces: tuple[FontFace, ...] | None = None) -> WordCrops:
    """The matched word crops of rendered sheet ``index`` of ``seed`` (training hands)."""
    from boardsight.vision.sheets.ppocr import engine, rectify
    from boardsight.vision.sheets.reader import load_photo

    faces = faces if faces is not None else training_faces()
    rng = np.random.default_rng([seed, CROP_CODE, index])
    jpeg, payload = render_sheet(rng, SheetSpec(fonts=faces), int(rng.integers(*PHOTO_WIDTH)))
    label = parse_sheet_label(payload)
    image, scale = load_photo(jpeg, "rendered sheet")
    quads = engine().detect(image)
    boxes = [(*quad.min(axis=0), *quad.max(axis=0)) for quad in quads]
    crops = WordCrops([], [], [])
    for word in label.words:
        if word.box is None or not word.text:
            continue
        target = tuple(float(v) * scale for v in word.box)
        overlaps = [_iou(target, box) for box in boxes]
        if not overlaps or max(overlaps) < MATCH_IOU:
            continue
        crop = rectify(image, quads[int(np.argmax(overlaps))])
        crops.images.append(word_pixels(crop))
        crops.words.append("".join(c for c in word.text.upper() if c in LETTERS))
        crops.fonts.append(payload["synth"]["font"])
    return crops


def render_crops(
    sheets: int, seed: int, *, start: int = 0, on_sheet: Callable[[int], None] | None = None
) -> WordCrops:
    """The word crops of ``sheets`` rendered sheets (training hands)."""
    faces = training_faces()
    crops = WordCrops([], [], [])
    for index in range(start, start + sheets):
        crops.extend(sheet_crops(seed, index, faces))
        if on_sheet is not None:
            on_sheet(index)
    return crops


def cached_crops(cache: Path, sheets: int, seed: int, *, start: int = 0) -> WordCrops:
    """:func:`render_crops`, kept in ``cache`` (one file per seed, start and count)."""
    path = cache / f"crops_seed{seed}_start{start}_n{sheets}.npz"
    if path.is_file():
        return WordCrops.load(path)
    crops = render_crops(sheets, seed, start=start)
    cache.mkdir(parents=True, exist_ok=True)
    crops.save(path)
    return crops


def _written_crop(rng: np.random.Generator, text: str, face: FontFace) -> np.ndarray:
    hand = Hand.sample(rng, face, float(rng.uniform(*LETTER_HEIGHT)))
    coverage, _baseline = write_word(rng, text, hand)
    rows = np.flatnonzero(coverage.max(axis=1) > 0.3)
    cols = np.flatnonzero(coverage.max(axis=0) > 0.3)
    if len(rows) == 0 or len(cols) == 0:
        rows, cols = np.arange(coverage.shape[0]), np.arange(coverage.shape[1])
    ink_h = rows[-1] - rows[0] + 1
    top, bottom = (round(ink_h * v) for v in rng.uniform(0.08, 0.35, 2))
    left, right = (round(ink_h * v) for v in rng.uniform(0.05, 0.35, 2))
    coverage = np.pad(coverage, ((top, bottom), (left, right)))[
        rows[0] : rows[-1] + 1 + top + bottom, cols[0] : cols[-1] + 1 + left + right
    ]
    paper = np.array(PAPERS[int(rng.integers(len(PAPERS)))][::-1], np.float32) * rng.uniform(0.6, 1.0)
    pens = PENS + MARK_PENS if rng.random() < 0.15 else PENS
    pen = np.array(pens[int(rng.integers(len(pens)))][::-1], np.float32)
    alpha = np.clip(coverage, 0, 1)[:, :, None] * 0.95
    image = paper * (1 - alpha) + pen * alpha
    image *= np.linspace(rng.uniform(0.8, 1.0), rng.uniform(0.8, 1.0), image.shape[1])[None, :, None]
    sigma = rng.uniform(0.2, 1.0) * ink_h / 30
    image = cv2.GaussianBlur(image, (0, 0), sigma)
    factor = rng.uniform(0.6, 1.0)
    image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    image = image + rng.normal(0, rng.uniform(1, 6), image.shape)
    image = np.clip(image, 0, 255).astype(np.uint8)
    _, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 92))])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR)


def written_crops(count: int, seed: int, faces: tuple[FontFace, ...] | None = None) -> WordCrops:
    """``count`` single-word crops in the training hands, the words a sheet's writer would write."""
    faces = faces if faces is not None else training_faces()
    rng = np.random.default_rng([seed, WRITTEN_CODE])
    lexicon = load_lexicon(DEFAULT_LEXICON)
    crops = WordCrops([], [], [])
    while len(crops) < count:
        solution = solve(roll_board(rng, 5), lexicon)
        for entry in choose_words(rng, solution, lexicon, min(WORDS_PER_BOARD, count - len(crops))):
            roll = rng.random()
            text = entry.text if roll < 0.8 else entry.text.capitalize() if roll < 0.9 else entry.text.lower()
            face = faces[int(rng.integers(len(faces)))]
            crops.images.append(word_pixels(_written_crop(rng, text, face)))
            crops.words.append(entry.text.upper())
            crops.fonts.append(face.name)
    return crops
