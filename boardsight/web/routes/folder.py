"""``/api/folder``: the photos of the folder given with ``--folder``, read and labelled in place.

Photos are named by file name and looked up in the folder's own listing, so no URL reaches
a file outside it; sidecars are written beside the photos and never over one unasked.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from boardsight.errors import NotFoundError
from boardsight.web.folder import PhotoFolder
from boardsight.web.routes.reading import (
    CornersField,
    FixesField,
    GameField,
    SizeField,
    TilesField,
    labelled_sidecar,
    read_and_keep,
)
from boardsight.web.schemas import SaveSidecarRequest

router = APIRouter(prefix="/api/folder", tags=["folder"])


def served_folder(request: Request) -> PhotoFolder:
    folder = request.app.state.folder
    if folder is None:
        raise NotFoundError("no folder is served (start boardsight serve with --folder DIR)")
    return folder


@router.get("", summary="The photos of the served folder")
def photos(request: Request) -> dict[str, Any]:
    """The folder's name and its photos in order, each saying whether it has a sidecar yet."""
    folder = served_folder(request)
    return {
        "folder": folder.root.name,
        "photos": [{"name": name, "labelled": folder.has_sidecar(name)} for name in folder.photos()],
    }


@router.get("/photos/{name}", summary="One photo of the folder", response_class=FileResponse)
def photo(request: Request, name: str) -> FileResponse:
    return FileResponse(served_folder(request).photo(name))


@router.post("/photos/{name}/read", summary="Read a photo of the folder")
def read_photo(
    request: Request,
    name: str,
    game: GameField = "auto",
    size: SizeField = "auto",
    tiles: TilesField = "auto",
    corners: CornersField = None,
    fixes: FixesField = None,
) -> dict[str, Any]:
    """As ``POST /api/read``, for the photo ``name`` of the folder."""
    path = served_folder(request).photo(name)
    data = path.read_bytes()
    return read_and_keep(
        request, data, source=name, game=game, size=size, tiles=tiles, corners=corners, fixes=fixes
    )


@router.put("/photos/{name}/sidecar", summary="Save the checked reading beside the photo")
def save_sidecar(request: Request, name: str, body: SaveSidecarRequest) -> dict[str, Any]:
    """Write the photo's labelled sidecar (``NAME.json``); 409 when one exists and ``replace`` is false."""
    folder = served_folder(request)
    sidecar = labelled_sidecar(request.app.state.readings.get(body.reading_id), body.fixes)
    path = folder.write_sidecar(name, sidecar, replace=body.replace)
    return {"saved": path.name}
