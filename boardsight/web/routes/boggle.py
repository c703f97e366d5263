"""``/api/boggle``: solve a board, judge the players' lists, write a round's result."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

from boardsight.errors import BadInputError
from boardsight.web import library
from boardsight.web.schemas import BoggleBoardRequest, BoggleCheckRequest, BoggleRoundRequest

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
