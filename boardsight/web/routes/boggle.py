"""``/api/boggle``: solve a board, judge the players' lists, write a round's result."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import PlainTextResponse

from boardsight.errors import BadInputError
from boardsight.lexicon import DEFAULT_LEXICON
from boardsight.web import library
from boardsight.web.routes.reading import parse_fixes
from boardsight.web.schemas import BoggleBoardRequest, BoggleCheckRequest, BoggleRoundRequest
from boardsight.web.uploads import check_photo_upload

router = APIRouter(prefix="/api/boggle", tags=["boggle"])


@router.post("/solve", summary="Every word on a board")
def solve(body: BoggleBoardRequest) -> dict[str, Any]:
    """The fields of ``boardsight solve --json``: each word with its points and one path."""
    return library.boggle_solve(body.grid, rules=body.rules, lexicon=body.lexicon)


def _check(body: BoggleCheckRequest) -> dict[str, Any]:
    return library.boggle_check(
        body.grid,
        [library.ListText(item.name, item.text) for item in body.lists],
        rules=body.rules,
        lexicon=body.lexicon,
        challenges=[(item.player, item.word) for item in body.challenges],
        challenge_all=body.challenge_all,
        missed=body.missed,
    )


@router.post("/check", summary="Judge the players' lists")
def check(body: BoggleCheckRequest) -> dict[str, Any]:
    """The fields of ``boardsight check --json``: a verdict and score per word, a raw score per player."""
    return _check(body)


@router.post("/results.csv", summary="A round's result as a results file", response_class=PlainTextResponse)
def results_csv(body: BoggleRoundRequest) -> PlainTextResponse:
    """The results file (header and this game's row) of a judged two-player game, for download."""
    text = library.round_csv(_check(body), body.round, body.game)
    return PlainTextResponse(text, media_type="text/csv")


@router.post("/results", summary="Append a round's result to a results file of the folder")
def append_results(request: Request, body: BoggleRoundRequest) -> dict[str, Any]:
    """Append this game's raw scores to ``file`` (a .csv of the served folder, created with its header)."""
    folder = request.app.state.folder
    if folder is None:
        raise BadInputError("no folder is served (start with --folder DIR): download the results CSV instead")
    if not body.file:
        raise BadInputError("name the results file (a .csv of the folder)")
    path = folder.results_path(body.file)
    library.append_round(path, _check(body), body.round, body.game)
    return {"file": path.name, "round": body.round, "game": body.game}


def parse_grid(text: str | None) -> list[list[str]] | None:
    """A board sent as a form field: JSON rows of faces, or nothing."""
    if text is None or not text.strip():
        return None
    try:
        grid = json.loads(text)
    except json.JSONDecodeError:
        raise BadInputError('grid must be JSON rows of faces, e.g. [["A", "B"], ["QU", "E"]]') from None
    if not isinstance(grid, list) or not all(
        isinstance(row, list) and all(isinstance(face, str) for face in row) for row in grid
    ):
        raise BadInputError('grid must be JSON rows of faces, e.g. [["A", "B"], ["QU", "E"]]')
    return grid


@router.post("/sheet", summary="A player's list from a photo of their score sheet")
async def sheet(
    request: Request,
    photo: Annotated[UploadFile, File(description="The photo of the sheet (JPEG, PNG or WebP).")],
    player: Annotated[str, Form(min_length=1, max_length=80, description="Whose sheet it is.")],
    grid: Annotated[
        str | None, Form(description="JSON rows of the board's faces: read under its words.")
    ] = None,
    lexicon: Annotated[str, Form(description="The lexicon the words are read under.")] = DEFAULT_LEXICON,
    accept: Annotated[
        str | None, Form(description='Settled words, JSON ["3=QUIET"] or "3=QUIET 5=TONE".')
    ] = None,
) -> dict[str, Any]:
    """The claimed words, the circled ones (challenges), the cancelled ones, those waiting for a person."""
    data = await photo.read()
    source = photo.filename or "the sheet"
    check_photo_upload(data, source, max_bytes=request.app.state.max_upload_bytes)
    return library.boggle_sheet(
        data,
        player.strip(),
        source=source,
        grid=parse_grid(grid),
        lexicon=lexicon,
        accept=parse_fixes(accept),
    )
