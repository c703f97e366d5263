"""``/api/scrabble``: the best moves of a rack on a board, and a GCG record replayed move by move."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, UploadFile

from boardsight.errors import BadInputError
from boardsight.web import library
from boardsight.web.schemas import ScrabbleMovesRequest

router = APIRouter(prefix="/api/scrabble", tags=["scrabble"])
MAX_GCG_BYTES = 1 << 20


@router.post("/moves", summary="The best moves of a rack")
def moves(body: ScrabbleMovesRequest) -> dict[str, Any]:
    """Legal placements of ``rack`` on the board, best first, each with the squares its tiles go on."""
    return library.scrabble_moves(
        body.rack, cgp=body.cgp, grid=body.grid, rules=body.rules, lexicon=body.lexicon, top=body.top
    )


@router.post("/replay", summary="Replay a GCG record")
async def replay(
    gcg: Annotated[UploadFile, File(description="The game record (.gcg).")],
    rules: Annotated[str, Form(description="naspa, wespa, swedish or casual.")] = "naspa",
    lexicon: Annotated[str | None, Form(description="List words not in this lexicon too.")] = None,
) -> dict[str, Any]:
    """Every event with its recorded and computed score and the board after it, and the disagreements."""
    data = await gcg.read(MAX_GCG_BYTES + 1)
    if len(data) > MAX_GCG_BYTES:
        raise BadInputError("the game record is larger than 1 MB")
    return library.replay_gcg(data, source=gcg.filename or "the record", rules=rules, lexicon=lexicon)
