"""``/api/read`` and ``/api/readings``: read a photo, fix a reading, get its labelled sidecar."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile

from boardsight.errors import BadInputError
from boardsight.web import library
from boardsight.web.schemas import FixesRequest
from boardsight.web.uploads import check_photo_upload

router = APIRouter(prefix="/api", tags=["reading"])
HAND_LABEL = "boardsight serve (checked and corrected by hand)"
GAMES = ("auto", "boggle", "scrabble")


def parse_corners(text: str | None) -> list[list[float]] | None:
    """Four ``[x, y]`` corners (TL, TR, BR, BL, photo pixels) from a form field of JSON."""
    if text is None or not text.strip():
        return None
    try:
        corners = json.loads(text)
    except json.JSONDecodeError:
        raise BadInputError("corners must be JSON: [[x, y], [x, y], [x, y], [x, y]]") from None
    if (
        not isinstance(corners, list)
        or len(corners) != 4
        or not all(
            isinstance(point, list)
            and len(point) == 2
            and all(isinstance(v, (int, float)) and -1e6 < v < 1e6 for v in point)
            for point in corners
        )
    ):
        raise BadInputError(
            "corners must be four [x, y] points: top-left, top-right, bottom-right, bottom-left"
        )
    return [[float(x), float(y)] for x, y in corners]


def parse_fixes(text: str | None) -> list[str]:
    """Fixes from a form field: a JSON list of strings, or fixes separated by commas or spaces."""
    if text is None or not text.strip():
        return []
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            fixes = json.loads(stripped)
        except json.JSONDecodeError:
            raise BadInputError('fixes must be a JSON list such as ["B3=QU"]') from None
        if not isinstance(fixes, list) or not all(isinstance(item, str) for item in fixes):
            raise BadInputError('fixes must be a JSON list such as ["B3=QU"]')
        return fixes
    return [item for item in stripped.replace(",", " ").split() if item]


def answer(reading_id: str, reading: library.PhotoReading, fixes: list[str]) -> dict:
    """The fields of ``read --json``, with the id to fix the reading by and the fixes applied."""
    return {"reading_id": reading_id, "applied_fixes": fixes, **library.reading_json(reading)}


def read_and_keep(
    request: Request,
    data: bytes,
    *,
    source: str,
    game: str,
    size: str,
    tiles: str,
    corners: str | None,
    fixes: str | None,
) -> dict[str, Any]:
    """Check the upload, read it, keep the reading (before fixes) and answer it with the fixes applied."""
    if game not in GAMES:
        raise BadInputError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    check_photo_upload(data, source, max_bytes=request.app.state.max_upload_bytes)
    cut_at = parse_corners(corners)
    reading = library.read(data, source=source, game=game, size=size, tiles=tiles, corners=cut_at)
    reading_id = request.app.state.readings.add(reading)
    wanted = parse_fixes(fixes)
    fixed = library.apply_fixes(reading, wanted) if wanted else reading
    return answer(reading_id, fixed, wanted)


GameField = Annotated[str, Form(description="auto, boggle or scrabble.")]
SizeField = Annotated[str, Form(description="Boggle tray size: auto, 4, 5 or 6.")]
TilesField = Annotated[str, Form(description="Scrabble tile set: auto, english or swedish.")]
CornersField = Annotated[
    str | None,
    Form(description="JSON [[x, y] x 4]: cut the grid here (TL, TR, BR, BL), not where found."),
]
FixesField = Annotated[str | None, Form(description='JSON list of fixes, e.g. ["B3=QU"], or "B3=QU C1=E".')]


@router.post("/read", summary="Read the board in an uploaded photo")
async def read_upload(
    request: Request,
    photo: Annotated[UploadFile, File(description="The photo (JPEG, PNG or WebP).")],
    game: GameField = "auto",
    size: SizeField = "auto",
    tiles: TilesField = "auto",
    corners: CornersField = None,
    fixes: FixesField = None,
) -> dict[str, Any]:
    """The reading in the fields of ``boardsight read --json``, plus ``reading_id`` for fixes."""
    data = await photo.read()
    source = photo.filename or "the upload"
    return read_and_keep(
        request, data, source=source, game=game, size=size, tiles=tiles, corners=corners, fixes=fixes
    )


@router.post("/readings/{reading_id}/fixes", summary="Apply fixes to a reading")
def fix_reading(request: Request, reading_id: str, body: FixesRequest) -> dict[str, Any]:
    """The reading as first read with every fix in ``fixes`` applied (an empty list undoes them all)."""
    reading = request.app.state.readings.get(reading_id)
    fixed = library.apply_fixes(reading, body.fixes) if body.fixes else reading
    return answer(reading_id, fixed, body.fixes)


def labelled_sidecar(reading: library.PhotoReading, fixes: list[str]) -> dict[str, Any]:
    """The sidecar of a reading a person has checked: the labelled-photo format, marked as hand-checked."""
    sidecar = library.reading_json(library.apply_fixes(reading, fixes) if fixes else reading)
    sidecar["label_origin"] = HAND_LABEL
    return sidecar


@router.post("/readings/{reading_id}/sidecar", summary="The labelled sidecar of a checked reading")
def sidecar_of(request: Request, reading_id: str, body: FixesRequest) -> dict[str, Any]:
    """What ``Save`` writes beside a photo, for downloading when the photo was uploaded."""
    return labelled_sidecar(request.app.state.readings.get(reading_id), body.fixes)
