"""Which cell tokens and grid sizes each game allows in the labelled-photo format.

The format is defined once for the whole project (``DATASET.md`` of the shared data):
Boggle cells hold a cube face (``A``-``Z``, ``QU``, the two-letter faces of 6x6 sets,
``#`` for a blocked face); Scrabble cells hold a tile letter of any tile set
(``A``-``Z``, ``Å``, ``Ä``, ``Ö`` ...), ``.`` for an empty square, ``?`` for a blank
whose letter is not known, and a lowercase letter for a blank designated as that letter.
"""

from __future__ import annotations

import string

from boardsight.scrabble.tokens import BLANK, BOARD_SIZE, EMPTY

GAMES = ("boggle", "scrabble")

BOGGLE_SIZES = (4, 5, 6)
SCRABBLE_SIZES = (BOARD_SIZE,)

BOGGLE_LETTERS = frozenset(string.ascii_uppercase)
BOGGLE_FACES = frozenset({"QU", "IN", "TH", "ER", "HE", "AN"})
BLOCKED = "#"


def allowed_sizes(game: str) -> tuple[int, ...]:
    """The grid sizes (rows and cols) allowed for ``game``."""
    return BOGGLE_SIZES if game == "boggle" else SCRABBLE_SIZES


def is_tile_letter(token: str) -> bool:
    """True for one upper-case letter of any alphabet (``A``, ``Å``, ``Ñ``): a Scrabble tile."""
    return len(token) == 1 and token.isalpha() and token.isupper()


def is_designated_blank(token: str) -> bool:
    """True for a lower-case letter: a Scrabble blank played as that letter."""
    return len(token) == 1 and token.isalpha() and token.islower() and is_tile_letter(token.upper())


def is_valid_token(game: str, token: object) -> bool:
    """Whether ``token`` may stand in a cell of a ``game`` grid."""
    if not isinstance(token, str):
        return False
    if game == "boggle":
        return token in BOGGLE_LETTERS or token in BOGGLE_FACES or token == BLOCKED
    if game == "scrabble":
        return token in (EMPTY, BLANK) or is_tile_letter(token) or is_designated_blank(token)
    return False


def describe_tokens(game: str) -> str:
    """A short phrase naming the tokens ``game`` allows, for error messages."""
    if game == "boggle":
        return "A-Z, QU, IN, TH, ER, HE, AN or #"
    return "an upper-case letter, '.', '?' or a lower-case letter (designated blank)"
