"""Flat synthetic Scrabble boards and game videos, for tests and measurements of the recorder.

A board is drawn square-on (premium squares, grid lines, cream tiles with a letter and
its value) and laid into a camera picture through a homography, over a wooden table.
Frames of a game add what a real camera sees: a hand and arm reaching over the board
while tiles are laid, flickering light, a little camera shake, motion blur, and frames
that are dropped. :class:`TemplateSquareReader` reads squares of exactly this drawing
(by template matching), so the recorder can be tested end to end without a trained model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from boardsight.datasets.synth.scrabble_scene import premium_code
from boardsight.scrabble.layout import load_layout
from boardsight.scrabble.tileset import load_tileset
from boardsight.scrabble.tokens import BLANK, BOARD_SIZE, EMPTY

SQUARES = BOARD_SIZE
BORDER_SQUARES = 0.8
_FONT = cv2.FONT_HERSHEY_DUPLEX
_BOARD = (178, 200, 196)  # BGR: a greenish-grey board
_LINE = (235, 240, 238)
_TILE = (170, 215, 236)  # cream
_INK = (30, 30, 30)
_FRAME = (40, 60, 120)  # dark red-brown border
_PREMIUMS = {"TW": (70, 70, 200), "DW": (170, 170, 245), "TL": (200, 130, 60), "DL": (235, 205, 160)}
_DIACRITIC_BASE = {"Å": "A", "Ä": "A", "Ö": "O"}
EMPTY_ROWS = tuple(EMPTY * SQUARES for _ in range(SQUARES))


def premium_kind(row: int, col: int) -> str | None:
    """The premium of a square of the standard layout: ``TW``, ``DW``, ``TL``, ``DL`` or ``None``."""
    premium = load_layout("standard").premium(row, col)
    return premium_code(premium.word, premium.letter)


def draw_tile(px: int, letter: str, tiles: str = "english") -> np.ndarray:
    """One tile seen from above, ``px`` wide: its letter upright, its value (in the ``tiles``
    set) small at the bottom right. Å, Ä and Ö are drawn as A and O with a ring or dots."""
    tile = np.full((px, px, 3), _TILE, np.uint8)
    cv2.rectangle(tile, (0, 0), (px - 1, px - 1), (120, 160, 185), max(1, px // 20))
    if letter and letter != BLANK and letter.isupper():
        base = _DIACRITIC_BASE.get(letter, letter)
        accented = base != letter
        scale = px / 36 * (0.8 if accented else 1.0)
        thickness = max(1, round(px / 18))
        (width, height), _ = cv2.getTextSize(base, _FONT, scale, thickness)
        origin = ((px - width) // 2 - px // 12, (px + height) // 2 + (px // 10 if accented else 0))
        cv2.putText(tile, base, origin, _FONT, scale, _INK, thickness, cv2.LINE_AA)
        if accented:
            centre_x, top = origin[0] + width // 2, origin[1] - height - max(2, px // 12)
            if letter == "Å":
                cv2.circle(tile, (centre_x, top), max(2, px // 14), _INK, max(1, px // 30), cv2.LINE_AA)
            else:
                for dx in (-width // 4, width // 4):
                    cv2.circle(tile, (centre_x + dx, top), max(1, px // 18), _INK, -1, cv2.LINE_AA)
        value = str(load_tileset(tiles).value(letter))
        cv2.putText(
            tile,
            value,
            (px - px // 4 - (px // 10 if len(value) > 1 else 0), px - px // 9),
            cv2.FONT_HERSHEY_SIMPLEX,
            px / 110,
            _INK,
            1,
            cv2.LINE_AA,
        )
    return tile


def draw_board(rows: Sequence[str], px: int = 40, tiles: str = "english") -> np.ndarray:
    """The board square-on, border included: ``rows`` are 15 strings (``.`` empty, letters, ``?`` or
    lowercase for blanks). The grid spans ``[b, b + 15 px)`` with ``b = BORDER_SQUARES * px``."""
    border = round(BORDER_SQUARES * px)
    side = SQUARES * px + 2 * border
    board = np.full((side, side, 3), _FRAME, np.uint8)
    board[border : border + SQUARES * px, border : border + SQUARES * px] = _BOARD
    for row in range(SQUARES):
        for col in range(SQUARES):
            top, left = border + row * px, border + col * px
            kind = premium_kind(row, col)
            if kind:
                board[top : top + px, left : left + px] = _PREMIUMS[kind]
            token = rows[row][col]
            if token != EMPTY:
                inset = max(1, px // 16)
                tile = draw_tile(px - 2 * inset, token, tiles)
                board[top + inset : top + px - inset, left + inset : left + px - inset] = tile
    for index in range(SQUARES + 1):
        offset = border + index * px
        cv2.line(board, (border, offset), (border + SQUARES * px, offset), _LINE, max(1, px // 20))
        cv2.line(board, (offset, border), (offset, border + SQUARES * px), _LINE, max(1, px // 20))
    return board


def table_texture(width: int, height: int, seed: int = 0) -> np.ndarray:
    """A wooden table: streaks along x with some noise."""
    rng = np.random.default_rng(seed)
    streaks = cv2.resize(rng.normal(0, 1, (height // 8 + 1, 4)).astype(np.float32), (width, height))
    grain = rng.normal(0, 1, (height, width)).astype(np.float32)
    shade = 0.8 + 0.08 * streaks + 0.03 * grain
    base = np.array([60, 105, 150], np.float32)  # BGR wood
    return np.clip(shade[..., None] * base, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class BoardView:
    """Where the board lies in the picture: the grid's corners (TL, TR, BR, BL) in a ``size`` picture."""

    size: tuple[int, int]  # (width, height)
    corners: np.ndarray

    @classmethod
    def tilted(
        cls, width: int = 1280, height: int = 720, *, fill: float = 0.8, tilt: float = 0.08
    ) -> BoardView:
        """A board seen from a camera above the near edge: the far side a little narrower."""
        side = fill * height
        top = (height - side) / 2
        centre = width / 2
        near, far = side / 2, side / 2 * (1 - tilt)
        corners = np.array(
            [
                [centre - far, top],
                [centre + far, top],
                [centre + near, top + side],
                [centre - near, top + side],
            ],
            dtype=np.float32,
        )
        return cls((width, height), corners)

    def board_to_picture(self, px: int) -> np.ndarray:
        """The homography from :func:`draw_board` pixels (``px`` per square) to the picture."""
        border = BORDER_SQUARES * px
        grid = np.array(
            [
                [border, border],
                [border + SQUARES * px, border],
                [border + SQUARES * px, border + SQUARES * px],
                [border, border + SQUARES * px],
            ],
            dtype=np.float32,
        )
        return cv2.getPerspectiveTransform(grid, self.corners.astype(np.float32))


def render_view(
    rows: Sequence[str], view: BoardView, background: np.ndarray, px: int = 40, tiles: str = "english"
) -> np.ndarray:
    """The board with ``rows`` laid into ``background`` as ``view`` sees it."""
    board = draw_board(rows, px, tiles)
    width, height = view.size
    matrix = view.board_to_picture(px)
    warped = cv2.warpPerspective(board, matrix, (width, height), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full(board.shape[:2], 255, np.uint8), matrix, (width, height))
    picture = background.copy()
    picture[mask > 127] = warped[mask > 127]
    return picture


@dataclass(frozen=True)
class Hand:
    """A hand and forearm reaching in from the bottom edge to ``reach`` (x, y) in the picture."""

    reach: tuple[float, float]
    width: float

    def draw(self, picture: np.ndarray) -> None:
        height = picture.shape[0]
        x, y = self.reach
        skin = (120, 150, 200)
        elbow = (int(x + 0.3 * self.width), height + int(self.width))
        cv2.line(picture, (int(x), int(y)), elbow, (100, 125, 170), int(self.width * 0.8), cv2.LINE_AA)
        cv2.ellipse(
            picture,
            (int(x), int(y)),
            (int(self.width * 0.55), int(self.width * 0.7)),
            15,
            0,
            360,
            skin,
            -1,
            cv2.LINE_AA,
        )


@dataclass
class Effects:
    """Frame-by-frame disturbances: light flicker, camera shake, motion blur, sensor noise."""

    flicker: float = 0.0  # relative amplitude of the brightness swing
    shake_px: float = 0.0
    blur_px: int = 0
    noise: float = 0.0
    seed: int = 0
    _rng: np.random.Generator = field(init=False, repr=False)
    _noise_bank: list[np.ndarray] | None = field(init=False, repr=False, default=None)

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)

    def apply(self, picture: np.ndarray, index: int) -> np.ndarray:
        out = picture
        if self.shake_px:
            dx, dy = self._rng.normal(0, self.shake_px, 2)
            shift = np.array([[1, 0, dx], [0, 1, dy]], dtype=np.float32)
            out = cv2.warpAffine(out, shift, (out.shape[1], out.shape[0]), borderMode=cv2.BORDER_REFLECT)
        if self.blur_px > 1:
            kernel = np.zeros((self.blur_px, self.blur_px), np.float32)
            kernel[self.blur_px // 2, :] = 1.0 / self.blur_px
            out = cv2.filter2D(out, -1, kernel)
        if self.flicker:
            gain = 1.0 + self.flicker * np.sin(index * 0.9) * self._rng.uniform(0.5, 1.0)
            out = cv2.convertScaleAbs(out, alpha=gain)
        if self.noise:
            out = cv2.add(out, self._noise_for(out.shape, index), dtype=cv2.CV_8U)
        return out

    def _noise_for(self, shape: tuple[int, ...], index: int) -> np.ndarray:
        """Sensor noise from a small bank of noise pictures, picked at random (cheap per frame)."""
        if self._noise_bank is None or self._noise_bank[0].shape != shape:
            self._noise_bank = [
                np.clip(self._rng.normal(0, self.noise, shape), -127, 127).astype(np.int16) for _ in range(6)
            ]
        return self._noise_bank[int(self._rng.integers(len(self._noise_bank)))]


@dataclass(frozen=True)
class ScriptedMove:
    """One step of a scripted game: the board after it, and a command typed after it (or ``""``)."""

    rows: tuple[str, ...]
    command: str = ""
    pause: float = 1.0  # how long the board then stays still, in units of VideoPlan.still_frames


@dataclass
class VideoPlan:
    """How long each phase lasts, in frames, and which frames are dropped (every ``drop_every``-th)."""

    still_frames: int = 12
    reach_frames: int = 8
    place_frames: int = 6
    drop_every: int = 0
    blur_when_moving: bool = True


def square_centre(view: BoardView, row: int, col: int) -> tuple[float, float]:
    grid = cv2.getPerspectiveTransform(
        np.array([[0, 0], [SQUARES, 0], [SQUARES, SQUARES], [0, SQUARES]], dtype=np.float32),
        view.corners.astype(np.float32),
    )
    point = grid @ np.array([col + 0.5, row + 0.5, 1.0])
    return float(point[0] / point[2]), float(point[1] / point[2])


def changed_squares(before: Sequence[str], after: Sequence[str]) -> list[tuple[int, int]]:
    return [
        (row, col) for row in range(SQUARES) for col in range(SQUARES) if before[row][col] != after[row][col]
    ]


def hand_between(entry: tuple[float, float], goal: tuple[float, float], share: float) -> tuple[float, float]:
    """The point ``share`` of the way from ``entry`` to ``goal``."""
    return entry[0] + share * (goal[0] - entry[0]), entry[1] + share * (goal[1] - entry[1])


def game_frames(
    moves: Sequence[ScriptedMove],
    view: BoardView,
    *,
    plan: VideoPlan | None = None,
    effects: Effects | None = None,
    start: Sequence[str] = EMPTY_ROWS,
    px: int = 40,
    seed: int = 0,
    render: Callable[[tuple[str, ...]], np.ndarray] | None = None,
    tiles: str = "english",
) -> Iterator[tuple[np.ndarray | None, str]]:
    """The frames of a game, each with the command typed at that frame (``""`` for none).

    For each move a hand reaches in to where the tiles go, the tiles appear under it, the
    hand leaves, and the board stays still for a while; commands come during the still part.
    ``None`` stands for a dropped frame. ``render`` draws the board in a given state (by
    default the flat board of this module, laid into the picture as ``view`` sees it).
    """
    plan = plan or VideoPlan()
    effects = effects or Effects()
    rng = np.random.default_rng(seed)
    index = 0
    rows = tuple(start)
    cache: dict[tuple[str, ...], np.ndarray] = {}
    if render is None:
        background = table_texture(*view.size, seed=seed)

        def render(state: tuple[str, ...]) -> np.ndarray:
            return render_view(state, view, background, px, tiles)

    def board_picture(state: tuple[str, ...]) -> np.ndarray:
        if state not in cache:
            cache.clear()
            cache[state] = render(state)
        return cache[state]

    def emit(picture: np.ndarray, command: str = "", moving: bool = False) -> tuple[np.ndarray | None, str]:
        nonlocal index
        index += 1
        if plan.drop_every and index % plan.drop_every == 0 and not command:
            return None, ""
        out = effects.apply(picture, index)
        if moving and plan.blur_when_moving:
            out = cv2.blur(out, (5, 1))
        return out, command

    hand_width = view.size[1] * 0.09

    def hand_picture(state: tuple[str, ...], at: tuple[float, float]) -> np.ndarray:
        picture = board_picture(state).copy()
        Hand(at, hand_width).draw(picture)
        return picture

    for _ in range(plan.still_frames):
        yield emit(board_picture(rows))
    for move in moves:
        target_rows = tuple(move.rows)
        changed = changed_squares(rows, target_rows)
        if changed:
            row, col = changed[len(changed) // 2]
            goal = square_centre(view, row, col)
            entry = (goal[0] + rng.uniform(-40, 40), view.size[1] + hand_width)
            for step in range(1, plan.reach_frames + 1):
                at = hand_between(entry, goal, step / plan.reach_frames)
                yield emit(hand_picture(rows, at), moving=True)
            for _ in range(plan.place_frames):
                yield emit(hand_picture(target_rows, goal), moving=True)
            for step in range(plan.reach_frames, 0, -1):
                at = hand_between(entry, goal, step / plan.reach_frames)
                yield emit(hand_picture(target_rows, at), moving=True)
        rows = target_rows
        still = max(1, round(plan.still_frames * move.pause))
        for step in range(still):
            command = move.command if step == still - 1 else ""
            yield emit(board_picture(rows), command)


class TemplateSquareReader:
    """Reads squares of :func:`draw_board` boards from a rectified picture, by template matching.

    Empty squares are told from tiles by colour; a tile's letter is the best-matching
    template. The confidence is the matching score's margin, so a hand or a blur lowers it.
    """

    def __init__(self, px: int = 32, tiles: str = "english") -> None:
        self.px = px
        self.letters = list(load_tileset(tiles).letters)
        inset = max(1, px // 16)
        templates = []
        for letter in self.letters:
            tile = cv2.cvtColor(draw_tile(px - 2 * inset, letter, tiles), cv2.COLOR_BGR2GRAY).astype(
                np.float32
            )
            templates.append(tile[inset:-inset, inset:-inset])
        blank = cv2.cvtColor(draw_tile(px - 2 * inset, BLANK), cv2.COLOR_BGR2GRAY).astype(np.float32)
        self._templates = templates
        self._blank_level = float(blank.std())
        self._tile_hsv = cv2.cvtColor(np.array([[_TILE]], np.uint8), cv2.COLOR_BGR2HSV)[0, 0].astype(
            np.float32
        )

    def read_squares(self, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Tokens (15, 15) (``.``, ``A``-``Z``, ``?``) and confidences (15, 15) of a rectified board."""
        px = self.px
        size = SQUARES * px
        if board.shape[:2] != (size, size):
            board = cv2.resize(board, (size, size), interpolation=cv2.INTER_AREA)
        hsv = cv2.cvtColor(board, cv2.COLOR_BGR2HSV).astype(np.float32)
        gray = cv2.cvtColor(board, cv2.COLOR_BGR2GRAY).astype(np.float32)
        distance = np.abs(hsv - self._tile_hsv)
        distance[..., 0] = np.minimum(distance[..., 0], 180 - distance[..., 0]) * 3
        tile_like = (np.max(distance, axis=2) < 40).astype(np.float32)
        inset = max(1, px // 16) * 2
        cells = tile_like.reshape(SQUARES, px, SQUARES, px)[:, inset : px - inset, :, inset : px - inset]
        tile_share = cells.mean(axis=(1, 3))
        tokens = np.full((SQUARES, SQUARES), EMPTY, dtype="<U1")
        confidence = np.sqrt(np.clip(1 - tile_share / 0.35, 0, 1)).astype(np.float32)
        for row, col in np.argwhere(tile_share >= 0.35):
            share = float(tile_share[row, col])
            top, left = row * px, col * px
            patch = gray[top + inset : top + px - inset, left + inset : left + px - inset]
            if patch.std() < 0.25 * self._blank_level:
                tokens[row, col] = BLANK
                confidence[row, col] = float(np.clip((share - 0.35) / 0.4, 0, 1))
                continue
            # the letter may sit a pixel or two off (a shaking camera): search a little around it
            slack = inset // 2
            window = gray[top + slack : top + px - slack, left + slack : left + px - slack]
            scores = np.array(
                [
                    float(cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED).max())
                    for template in self._templates
                ]
            )
            order = np.argsort(scores)[::-1]
            tokens[row, col] = self.letters[order[0]]
            margin = float(scores[order[0]] - scores[order[1]])
            best = float(scores[order[0]])
            confidence[row, col] = float(np.clip((best - 0.4) / 0.3, 0, 1) * np.clip(margin / 0.02, 0, 1))
        return tokens, confidence
