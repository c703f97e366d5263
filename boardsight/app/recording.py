"""Recording a Scrabble game from a frame source (a camera, a video file) into a GCG file.

The front end opens the source and the session and says what happens;
:func:`rules_and_lexicon` picks what the game is judged by, :func:`find_board` looks for
the board in the first frames when no board profile is given, :func:`square_reader`
picks the square reader and :func:`record_frames` runs the recorder's frame loop
(:func:`boardsight.recorder.loop.play_frames`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from boardsight.calibration.board import BoardProfile
from boardsight.calibration.board_finder import BoardFinder
from boardsight.calibration.camera_profile import CameraProfile
from boardsight.calibration.undistort import undistort
from boardsight.capture.frames import Frame, FrameSource
from boardsight.datasets.synth.game_video import TemplateSquareReader
from boardsight.errors import BadInputError, BoardsightError
from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.recorder import readers
from boardsight.recorder.commands import Command
from boardsight.recorder.loop import play_frames
from boardsight.recorder.pipeline import Recorder, SquareReader
from boardsight.recorder.session import Message
from boardsight.scrabble.rules import RuleSet, load_rules
from boardsight.scrabble.tileset import load_tileset
from boardsight.vision.reading import BoardNotFoundError

FIND_BOARD_FRAMES = 60
DEFAULT_RULES = {"english": "naspa", "swedish": "swedish"}  # the rules a tile set is usually played by
DEMO_READER = "synthetic"
SQUARE_READERS = (*readers.SQUARE_READERS, DEMO_READER)
"""The readers ``boardsight record`` offers: the production ones, and ``synthetic``, which
reads only the flat boards boardsight draws for its tests and demo videos."""


def rules_and_lexicon(
    rules_name: str | None, tiles: str | None, lexicon_name: str | None, *, warn: Callable[[str], None]
) -> tuple[RuleSet, Lexicon | None]:
    """The rules to record under (by name, else the tile set's usual ones) and the lexicon.

    Without ``lexicon_name`` the tile set's own lexicon is tried; when it is missing,
    ``warn`` is told and the game is recorded without one (blanks are asked for).
    """
    if tiles is not None and tiles not in DEFAULT_RULES:
        raise BadInputError(f"unknown tile set {tiles!r}: choose english or swedish")
    rules = load_rules(rules_name or DEFAULT_RULES[tiles or "english"])
    if tiles is not None and rules.tileset != tiles:
        raise BadInputError(f"the {rules.name} rules play with {rules.tileset} tiles, not {tiles}")
    lexicon_choice = lexicon_name or load_tileset(rules.tileset).lexicon
    lexicon = None
    if lexicon_choice:
        try:
            lexicon = load_lexicon(lexicon_choice)
        except BoardsightError as error:
            if lexicon_name:
                raise
            warn(f"no lexicon ({error}); blanks will be asked for")
    return rules, lexicon


def square_reader(name: str, tiles: str = "english") -> SquareReader:
    """The square reader called ``name`` (see :data:`SQUARE_READERS`) for the tile set ``tiles``."""
    if name == DEMO_READER:
        return TemplateSquareReader(tiles=tiles)
    if name not in readers.SQUARE_READERS:
        raise BadInputError(f"unknown square reader {name!r}: choose one of {', '.join(SQUARE_READERS)}")
    return readers.square_reader(name, tiles)


def find_board(
    source: FrameSource, camera_profile: CameraProfile | None, finder_name: str, finder: BoardFinder
) -> tuple[BoardProfile, list[Frame]]:
    """Read frames until the board is found; the frames read are handed back to be recorded too."""
    frames: list[Frame] = []
    for frame in source:
        frames.append(frame)
        image = frame.image if camera_profile is None else undistort(frame.image, camera_profile)
        try:
            corners = finder(image)
        except BoardNotFoundError:
            if len(frames) >= FIND_BOARD_FRAMES:
                break
            continue
        height, width = image.shape[:2]
        profile = BoardProfile("found", (width, height), corners, details={"found_by": finder_name})
        return profile, frames
    raise BoardNotFoundError(
        f"no board found in the first {len(frames)} frames of {source.description}; "
        "point the camera at the board, or calibrate it: boardsight calibrate board"
    )


def record_frames(
    recorder: Recorder,
    frames: Iterable[Frame],
    commands: Callable[[float | None], Iterable[Command]],
    say: Callable[[Message], None],
    *,
    after_frame: Callable[[Frame], None] | None = None,
) -> int:
    """Record ``frames`` until they run out, the game is over or a quit is typed; the frames fed.

    ``commands(time_s)`` gives the typed commands due by then; ``say`` gets every message.
    """
    ticks = ((frame.time_s, frame) for frame in frames)
    return play_frames(recorder, ticks, commands, say, after_frame=after_frame, stop_when_over=True)
