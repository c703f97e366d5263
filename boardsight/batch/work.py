"""What a worker does with one photo: read it, solve it when asked, and return its result line.

These are plain module-level functions of picklable arguments, so a local process
pool and a Dask cluster run the very same code. A photo that cannot be read comes back
as an error line; only a failure of boardsight itself raises.
"""

from __future__ import annotations

import signal
import time
from dataclasses import dataclass
from typing import Any

import cv2

from boardsight import app
from boardsight.batch.allocator import keep_image_buffers_on_heap
from boardsight.batch.lines import BAD_INPUT, INTERNAL, error_line, first_line, photo_line
from boardsight.batch.reading import read_board
from boardsight.errors import BadInputError, BoardsightError
from boardsight.threads import set_default_threads
from boardsight.vision.boggle.onnx_reader import cube_classifier
from boardsight.vision.reading import available_readers
from boardsight.vision.scrabble.onnx_reader import square_classifier

GAMES = ("auto", "boggle", "scrabble")
_prepared = False


@dataclass(frozen=True)
class BatchOptions:
    """How every photo of a batch is read: the game (or ``auto``) and whether to solve the board."""

    game: str = "auto"
    solve: bool = False


@dataclass(frozen=True)
class PhotoItem:
    """One photo to read: its name as given, and where a worker finds it.

    ``path`` is absolute, for workers that share the file system; ``data`` holds the
    file's bytes for workers that do not; ``error`` says why the driver could not
    read them.
    """

    photo: str
    path: str
    data: bytes | None = None
    error: str | None = None


def prepare_process(*, ignore_interrupts: bool = False, load_models: bool = True) -> None:
    """Make this process a good worker: OpenCV and each reading on one thread, both ONNX sessions loaded once.

    The ONNX sessions already run on one thread each, so N workers use N cores. A local
    pool's workers leave Ctrl-C to the driver (``ignore_interrupts``), which stops them.
    Workers that read no photos (rendering, say) need no models (``load_models``). Image
    buffers stay on the heap however the worker was started (see :mod:`.allocator`).
    """
    global _prepared
    if ignore_interrupts:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    cv2.setNumThreads(1)
    set_default_threads(1)
    keep_image_buffers_on_heap()
    if _prepared or not load_models:
        return
    available_readers()
    cube_classifier()
    square_classifier()
    _prepared = True


def read_item(item: PhotoItem, options: BatchOptions) -> dict[str, Any]:
    """The result line of one photo: its reading (and solution), or the one-line error."""
    prepare_process()
    if item.error is not None:
        return error_line(item.photo, item.error, BAD_INPUT)
    try:
        photo = read_board(
            item.data if item.data is not None else item.path, game=options.game, source=item.photo
        )
        solution = solve_reading(photo) if options.solve else None
    except BadInputError as error:
        return error_line(item.photo, first_line(error), BAD_INPUT)
    except BoardsightError as error:  # boardsight itself failed (a model file, say): try again later
        return error_line(item.photo, first_line(error), INTERNAL)
    return photo_line(item.photo, photo.to_json(), solution)


def solve_reading(photo: app.PhotoReading) -> dict[str, Any]:
    """The board's words: every word of a Boggle tray with its points and the total, or how
    many of a Scrabble board's words are valid and which are not."""
    start = time.perf_counter()
    if photo.game == "boggle" and photo.board is not None:
        solution = app.solve_boggle(photo.board)
        result: dict[str, Any] = {
            "rules": solution.rules.name,
            "lexicon": solution.lexicon_name,
            "count": len(solution),
            "total_points": solution.total_points,
            "words": [[found.word, found.points] for found in solution.words],
        }
    else:
        words = photo.reading.extras.get("words", [])
        result = {
            "count": len(words),
            "valid": sum(1 for word in words if word["valid"] is True),
            "invalid": [word["word"] for word in words if word["valid"] is False],
            "unchecked": [word["word"] for word in words if word["valid"] is None],
        }
    photo.reading.timings["solve"] = time.perf_counter() - start
    return result
