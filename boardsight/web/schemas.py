"""The JSON bodies the API takes, as pydantic models (FastAPI documents them at ``/docs``)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from boardsight.lexicon import DEFAULT_LEXICON

MAX_FIXES = 400
MAX_LIST_CHARS = 200_000


class FixesRequest(BaseModel):
    """Every fix of a reading, in the order made: ``B3=QU`` (Boggle), ``H8=Q``, ``H8=e``, ``H8=.``."""

    fixes: list[str] = Field(default_factory=list, max_length=MAX_FIXES)


class SaveSidecarRequest(FixesRequest):
    """Save a reading (with its fixes) as the labelled sidecar beside its photo."""

    reading_id: str
    replace: bool = Field(False, description="Replace the photo's sidecar when there is one.")


class BoggleBoardRequest(BaseModel):
    """A Boggle board as rows of faces (``QU``, ``TH`` ... , ``#`` for a blocked face)."""

    grid: list[list[str]] = Field(min_length=1, max_length=26)
    rules: str = "ntu"
    lexicon: str = DEFAULT_LEXICON


class PlayerListText(BaseModel):
    """One player's words as typed, pasted or loaded from a text file: one word a line."""

    name: str = Field(min_length=1, max_length=80)
    text: str = Field(max_length=MAX_LIST_CHARS)


class ChallengeMark(BaseModel):
    """A challenge of ``word`` on ``player``'s list."""

    player: str
    word: str


class BoggleCheckRequest(BoggleBoardRequest):
    """The players' lists to judge on the board, with the challenges made."""

    lists: list[PlayerListText] = Field(min_length=1, max_length=16)
    challenges: list[ChallengeMark] = Field(default_factory=list, max_length=2000)
    challenge_all: bool = False
    missed: int = Field(0, ge=0, le=200)


class BoggleRoundRequest(BoggleCheckRequest):
    """A judged two-player game to write as a row of a results file."""

    round: int = Field(ge=1)
    game: int = Field(ge=1)
    file: str | None = Field(None, description="A .csv file of the served folder to append the row to.")


class ScrabbleMovesRequest(BaseModel):
    """A position (as ``cgp``, or as ``grid``: 15 rows, ``.`` empty, lower case a blank) and a rack."""

    rack: str = Field(min_length=1, max_length=7)
    cgp: str | None = Field(None, max_length=2000)
    grid: list[str] | None = Field(None, max_length=30)
    rules: str = "naspa"
    lexicon: str | None = None
    top: int = Field(20, ge=0, le=500)
