"""The PP-OCR text detector and recognisers shipped inside the RapidOCR wheels.

The models run on onnxruntime from the files in those wheels; nothing is downloaded. The
detector (PP-OCRv4's DB, from ``rapidocr-onnxruntime``) gives a quadrilateral per piece of
writing. The recogniser is PP-OCRv6 small (from the ``rapidocr`` wheel, whose files alone are
used: it is installed without its dependencies, see ``requirements-models.txt``), or PP-OCRv4
(``rapidocr-onnxruntime``'s) for comparison (:data:`RECOGNISERS`). It is run here directly,
not through a wrapper, because the decoding needs its per-timestep probabilities, which the
wrappers reduce to a greedy string.

The recogniser's alphabet (6,600 to 18,700 symbols) is folded onto :mod:`boardsight.sheets.ctc`'s
letter table: a letter's probability is that of every symbol drawn as it (its capital, its
small letter, accented, Greek or Cyrillic forms: :mod:`~boardsight.vision.sheets.lookalikes`);
every other symbol but the space counts as *other*. The space is kept apart, to split a line into words.
"""

from __future__ import annotations

import importlib.util
import math
import string
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from boardsight.errors import BadInputError
from boardsight.sheets.ctc import COLUMNS, OTHER, LetterTable, collapse
from boardsight.vision.sheets.lookalikes import latin_letter

REC_HEIGHT = 48
MIN_REC_WIDTH = 96
BATCH = 8
WIDTH_CLASS = 32
"""Crops are padded to a multiple of this many pixels past their own width, and batched only with
crops padded alike: the padding moves the recogniser's probabilities a little, so a crop padded to
its batch's widest crop read differently in different company (and, with more padding, worse)."""
DETECT_SIDE = 1216
"""Longer side at which the detector sees the photo (multiple of 32)."""
DIGITS = frozenset(string.digits)
CROP_SIDE = 400
"""An image whose shorter side is under this is taken for a crop of a word or a line..."""
PAD_MIN, PAD_MAX = 12, 24
"""Pixels of paper added round the image before detection (a quarter of its shorter side, within these)."""
BOX_SCORE = 0.35
"""Least mean text probability of a detected box (PP-OCR's own default is 0.5). A word under a
strike or a circle scores lower: on 20 training-font sheets 0.35 finds 3 more words, 2 of
them cancelled, and no more boxes that are not words."""
FRAME_WIDTH = 8
"""Pixels of the recogniser's input per output timestep."""
WORD_GAP = 0.4
"""A gap in the ink at least this share of the crop's height parts two words."""


RECOGNISERS = {
    "v6": ("rapidocr", "models/PP-OCRv6_rec_small.onnx", "pip install --no-deps -r requirements-models.txt"),
    "v4": ("rapidocr_onnxruntime", "models/ch_PP-OCRv4_rec_infer.onnx", "pip install rapidocr-onnxruntime"),
}
"""Recogniser name: (package whose wheel holds it, its file there, how to install it)."""
DETECTOR = ("rapidocr_onnxruntime", "models/ch_PP-OCRv4_det_infer.onnx", "pip install rapidocr-onnxruntime")
"""The detector (PP-OCRv4's DB), found as the recognisers are."""
DEFAULT_RECOGNISER = "v6"
"""PP-OCRv6 small: on rendered sheets in held-out hands it reads 3 to 4 words in a hundred more
right than PP-OCRv4, with a third of the flags, and real handwriting far better
(``docs/score-sheets.md``)."""


class EngineMissingError(BadInputError):
    """The OCR engine's package is not installed."""


@dataclass(frozen=True)
class LineOutput:
    """What the recogniser saw in one detected piece of writing."""

    quad: np.ndarray
    """(4, 2) corners in photo pixels: top-left, top-right, bottom-right, bottom-left."""
    table: LetterTable
    symbols: tuple[str, ...]
    """The most likely symbol of each timestep over the whole alphabet ("" for blank)."""
    crop_frames: float
    """How many timesteps the crop's width spans (the rest of the batch's width is padding)."""
    breaks: tuple[int, ...] = ()
    """Timesteps in the middle of a wide gap in the ink: word breaks the recogniser may not
    mark with a space (handwritten words on one line often get none)."""

    @property
    def text(self) -> str:
        """Greedy reading over the recogniser's whole alphabet (digits and punctuation kept)."""
        return collapse_symbols(self.symbols).strip()


def _model_file(recogniser: str) -> Path:
    """The recogniser's model file in its package."""
    if recogniser not in RECOGNISERS:
        raise BadInputError(f"unknown sheet recogniser {recogniser!r}; choose from {', '.join(RECOGNISERS)}")
    return _wheel_file(RECOGNISERS[recogniser], f"recogniser {recogniser}")


def _wheel_file(where: tuple[str, str, str], what: str) -> Path:
    """The file ``where`` names (package, its file there, how to install it), found without
    importing the package; :class:`EngineMissingError` naming ``what`` when it is not there."""
    package, relative, install = where
    spec = importlib.util.find_spec(package)
    path = Path(spec.origin).parent / relative if spec is not None and spec.origin else None
    if path is None or not path.is_file():
        raise EngineMissingError(f"the PP-OCR {what} is not installed ({install})")
    return path


def _session(path: Path):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.log_severity_level = 3
    # Threads that wait for work sleep instead of spinning: on shared cores spinning burns
    # the time other work (and the rest of this reading) needs.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])


@dataclass
class _Alphabet:
    symbols: list[str]
    letter_columns: list[np.ndarray]
    other_columns: np.ndarray
    space_column: int


def _alphabet(session) -> _Alphabet:
    characters = session.get_modelmeta().custom_metadata_map["character"].splitlines()
    symbols = ["", *characters, " "]
    columns: dict[str, list[int]] = {letter: [] for letter in string.ascii_uppercase}
    other_columns = []
    space = len(symbols) - 1
    for index, symbol in enumerate(symbols[1:space], start=1):
        letter = latin_letter(symbol)
        (columns[letter] if letter is not None else other_columns).append(index)
    letters = [np.array(columns[letter], dtype=np.intp) for letter in string.ascii_uppercase]
    other = np.array(other_columns, dtype=np.intp)
    return _Alphabet(symbols, letters, other, space)


class PPOCR:
    """Detector + recogniser sessions (load once; :func:`engine` caches one per process)."""

    def __init__(self, recogniser: str = DEFAULT_RECOGNISER) -> None:
        self.name = recogniser
        self.detector = _session(_wheel_file(DETECTOR, "detector"))
        self.recogniser = _session(_model_file(recogniser))
        self.alphabet = _alphabet(self.recogniser)

    def detect(self, image_bgr: np.ndarray, side: int = DETECT_SIDE) -> list[np.ndarray]:
        """Quadrilaterals (4, 2) of the pieces of writing, in the image's pixels, the image seen
        at ``side`` pixels on its longer side."""
        from rapidocr_onnxruntime.ch_ppocr_det.utils import DBPostProcess

        # A margin of paper round a crop: a tight crop of a word or a line has writing up to
        # its edges, which the detector misses.
        short = min(image_bgr.shape[:2])
        pad = min(PAD_MAX, max(PAD_MIN, round(0.25 * short))) if short < CROP_SIDE else 0
        border = np.concatenate([image_bgr[0], image_bgr[-1], image_bgr[:, 0], image_bgr[:, -1]])
        paper = [int(v) for v in np.median(border, axis=0)]
        image_bgr = cv2.copyMakeBorder(image_bgr, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=paper)
        height, width = image_bgr.shape[:2]
        scale = side / max(height, width)
        new_h = max(32, round(height * scale / 32) * 32)
        new_w = max(32, round(width * scale / 32) * 32)
        resized = cv2.resize(image_bgr, (new_w, new_h), interpolation=cv2.INTER_AREA)
        blob = (resized.astype(np.float32) / 255.0 - 0.5) / 0.5
        blob = blob.transpose(2, 0, 1)[None]
        output = self.detector.run(None, {self.detector.get_inputs()[0].name: blob})[0]
        post = DBPostProcess(thresh=0.3, box_thresh=BOX_SCORE, unclip_ratio=1.6, use_dilation=True)
        boxes, _scores = post(output, (height, width))
        quads = []
        for box in boxes:
            quad = order_quad(np.asarray(box, dtype=np.float32) - pad)
            if np.linalg.norm(quad[1] - quad[0]) > 3 and np.linalg.norm(quad[3] - quad[0]) > 3:
                quads.append(quad)
        return quads

    def recognise(self, image_bgr: np.ndarray, quads: list[np.ndarray]) -> list[LineOutput]:
        """Run the recogniser on each quad's rectified crop."""
        return self.recognise_crops([rectify(image_bgr, quad) for quad in quads], quads)

    def recognise_crops(self, crops: list[np.ndarray], quads: list[np.ndarray]) -> list[LineOutput]:
        """Run the recogniser on upright crops, each reported with its quad."""
        outputs: list[LineOutput | None] = [None] * len(crops)
        widths = [padded_width(crop) for crop in crops]
        for chunk in batches(widths):
            width = widths[chunk[0]]
            batch = np.zeros((len(chunk), 3, REC_HEIGHT, width), np.float32)
            shares, gaps = [], []
            for row, index in enumerate(chunk):
                crop = crops[index]
                crop_w = own_width(crop)
                resized = cv2.resize(crop, (crop_w, REC_HEIGHT)).astype(np.float32)
                batch[row, :, :, :crop_w] = (resized.transpose(2, 0, 1) / 255.0 - 0.5) / 0.5
                shares.append(crop_w / width)
                gaps.append(ink_gaps(resized))
            probs = self.recogniser.run(None, {self.recogniser.get_inputs()[0].name: batch})[0]
            for row, index in enumerate(chunk):
                outputs[index] = self._line(quads[index], probs[row], shares[row], gaps[row])
        return [output for output in outputs if output is not None]

    def _line(self, quad: np.ndarray, probs: np.ndarray, share: float, gaps: list[int]) -> LineOutput:
        probs_frames = probs.shape[0]
        frames = max(1, min(probs_frames, math.ceil(probs_frames * share) + 1))
        probs = probs[:frames].astype(np.float64)
        table = np.zeros((frames, COLUMNS))
        table[:, 0] = probs[:, 0]
        for offset, columns in enumerate(self.alphabet.letter_columns, start=1):
            table[:, offset] = probs[:, columns].sum(axis=1)
        table[:, OTHER] = probs[:, self.alphabet.other_columns].sum(axis=1)
        # A space inside a word is "other"; the line splitter looks at ``symbols``.
        table[:, OTHER] += probs[:, self.alphabet.space_column]
        symbols = tuple(self.alphabet.symbols[i] for i in probs.argmax(axis=1).tolist())
        breaks = tuple(sorted({column // FRAME_WIDTH for column in gaps if column // FRAME_WIDTH < frames}))
        return LineOutput(quad, LetterTable.from_probs(table), symbols, probs_frames * share, breaks)


def own_width(crop: np.ndarray) -> int:
    """The crop's width once scaled to :data:`REC_HEIGHT`."""
    return max(1, math.ceil(REC_HEIGHT * crop.shape[1] / max(1, crop.shape[0])))


def padded_width(crop: np.ndarray) -> int:
    """The width a crop is padded to for the recogniser: :func:`own_width` rounded up to a
    multiple of :data:`WIDTH_CLASS` (at least :data:`MIN_REC_WIDTH`)."""
    return max(MIN_REC_WIDTH, math.ceil(own_width(crop) / WIDTH_CLASS) * WIDTH_CLASS)


def batches(widths: list[int], size: int = BATCH) -> list[list[int]]:
    """Indices of crops in batches of at most ``size``, each of crops padded to one width, narrowest first."""
    grouped: list[list[int]] = []
    for index in sorted(range(len(widths)), key=lambda i: (widths[i], i)):
        if grouped and widths[grouped[-1][0]] == widths[index] and len(grouped[-1]) < size:
            grouped[-1].append(index)
        else:
            grouped.append([index])
    return grouped


def ink_gaps(crop: np.ndarray) -> list[int]:
    """Middle columns of the wide ink-free gaps between pieces of ink of a recogniser-sized crop."""
    gray = crop.mean(axis=2).astype(np.uint8) if crop.ndim == 3 else crop.astype(np.uint8)
    _, ink = cv2.threshold(gray, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    height = ink.shape[0]
    band = ink[height // 10 : height - height // 10]
    inked = np.flatnonzero(band.sum(axis=0) > 0)
    if len(inked) < 2:
        return []
    widest = WORD_GAP * height
    steps = np.diff(inked)
    return [int(inked[i] + steps[i] // 2) for i in np.flatnonzero(steps > widest)]


def collapse_symbols(symbols: tuple[str, ...]) -> str:
    """CTC collapse of per-frame symbols: repeats merged, blanks ("") dropped."""
    return "".join(collapse(symbols, blank=""))


@cache
def engine(recogniser: str = DEFAULT_RECOGNISER) -> PPOCR:
    """The process's PP-OCR sessions (one set per recogniser)."""
    return PPOCR(recogniser)


def order_quad(points: np.ndarray) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left (reading direction left to right)."""
    by_x = points[np.argsort(points[:, 0], kind="stable")]
    left = by_x[:2][np.argsort(by_x[:2, 1], kind="stable")]
    right = by_x[2:][np.argsort(by_x[2:, 1], kind="stable")]
    return np.array([left[0], right[0], right[1], left[1]], dtype=np.float32)


def rectify(image_bgr: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The quad's content warped to an upright rectangle."""
    width = max(4, round(max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[3]))))
    height = max(4, round(max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1]))))
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    crop = cv2.warpPerspective(
        image_bgr, matrix, (width, height), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
    )
    if height > width * 1.5:
        crop = cv2.rotate(crop, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return crop


def redrawn_tables(
    ocr: PPOCR, image_bgr: np.ndarray, quads: list[np.ndarray], redraw: Callable[[np.ndarray], np.ndarray]
) -> list[LetterTable]:
    """The recogniser's letter table of each quad's crop, drawn anew by ``redraw`` (all in one call)."""
    crops = [redraw(rectify(image_bgr, quad)) for quad in quads]
    return [line.table for line in ocr.recognise_crops(crops, quads)]
