"""Independent checks of Boggle paths for the tests: no code shared with the solver."""

from __future__ import annotations

from itertools import pairwise

from boardsight.boggle.board import Board


def touching(board: Board, a: int, b: int) -> bool:
    """True when cells ``a`` and ``b`` are different and touch (side or corner)."""
    row_a, col_a = divmod(a, board.cols)
    row_b, col_b = divmod(b, board.cols)
    return a != b and abs(row_a - row_b) <= 1 and abs(col_a - col_b) <= 1


def readings(face: str, qu_readings: tuple[str, ...]) -> tuple[str, ...]:
    return () if face == "#" else qu_readings if face == "QU" else (face,)


def spelled(board: Board, path: tuple[int, ...], word: str, qu_readings: tuple[str, ...]) -> bool:
    """True when ``path`` is a chain of distinct touching open cells whose faces can spell ``word``."""
    if not path or len(set(path)) != len(path):
        return False
    if not all(touching(board, a, b) for a, b in pairwise(path)):
        return False
    spellings = [""]
    for cell in path:
        spellings = [
            done + option for done in spellings for option in readings(board.cells[cell], qu_readings)
        ]
    return word in spellings


def every_spelling(board: Board, qu_readings: tuple[str, ...], max_cells: int) -> set[str]:
    """Every string that some path of at most ``max_cells`` cells spells (plain enumeration)."""
    found: set[str] = set()

    def walk(path: list[int], text: str) -> None:
        found.add(text)
        if len(path) == max_cells:
            return
        for cell in range(board.size):
            if cell not in path and touching(board, path[-1], cell):
                for option in readings(board.cells[cell], qu_readings):
                    walk([*path, cell], text + option)

    for start in range(board.size):
        for option in readings(board.cells[start], qu_readings):
            walk([start], option)
    return found
