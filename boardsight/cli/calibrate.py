"""``boardsight calibrate``: camera intrinsics, the board seen by a fixed camera, saved profiles."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import cv2
import numpy as np
import typer

from boardsight.calibration.board import (
    OK,
    calibrate_board,
    check_fit,
    draw_overlay,
    load_board_profile,
    reference_path,
    save_board_profile,
)
from boardsight.calibration.board_finder import default_finder, parse_corners
from boardsight.calibration.camera import CameraCalibration, calibrate_camera
from boardsight.calibration.camera_profile import CameraProfile, load_camera_profile, save_camera_profile
from boardsight.calibration.collect import collect_views
from boardsight.calibration.pattern import make_pattern
from boardsight.calibration.profiles import ProfileExistsError, check_name, list_profiles, profile_path
from boardsight.calibration.undistort import undistort
from boardsight.capture.frames import CameraSource
from boardsight.cli.errors import GuardedTyper
from boardsight.cli.options import CameraProfileOption, JsonOption
from boardsight.cli.output import emit_json, format_table
from boardsight.cli.preview import require_display, show_picture
from boardsight.errors import BadInputError
from boardsight.vision.image_io import load_image

app = GuardedTyper(help="Calibrate a camera (lens distortion) and a fixed camera's view of the board.")

NameOption = Annotated[str, typer.Option("--name", help="Name of the profile to save.")]
ForceOption = Annotated[bool, typer.Option("--force", help="Replace a profile of the same name.")]


def _image_views(paths: list[Path]):
    for path in paths:
        yield str(path), load_image(path)


def _calibration_report(
    profile: CameraProfile, calibration: CameraCalibration, saved: Path
) -> dict[str, Any]:
    fx, fy = calibration.focal_px
    cx, cy = calibration.principal_point
    worst = max(calibration.view_errors_px.items(), key=lambda item: item[1])
    return {
        "profile": profile.name,
        "path": str(saved),
        "image_size": list(calibration.image_size),
        "views_used": len(calibration.view_errors_px),
        "views_rejected": calibration.rejected,
        "focal_px": [round(fx, 3), round(fy, 3)],
        "principal_point_px": [round(cx, 3), round(cy, 3)],
        "distortion": [round(float(value), 6) for value in calibration.distortion],
        "rms_error_px": round(calibration.rms_error_px, 4),
        "worst_view": {"name": worst[0], "error_px": round(worst[1], 4)},
    }


@app.command("camera")
def camera(
    images: Annotated[
        list[Path] | None,
        typer.Argument(help="Photos of the chessboard from different angles.", show_default=False),
    ] = None,
    pattern_kind: Annotated[str, typer.Option("--pattern", help="Calibration target.")] = "chessboard",
    grid: Annotated[
        str, typer.Option("--grid", help="Inner corners across x down (10x7 squares: 9x6).")
    ] = "9x6",
    square_mm: Annotated[float, typer.Option("--square-mm", help="Side of one square in mm.")] = 25.0,
    camera_index: Annotated[
        int | None, typer.Option("--camera", help="Take the views live from camera N instead of photos.")
    ] = None,
    frames: Annotated[int, typer.Option("--frames", help="How many views to take with --camera.")] = 20,
    name: NameOption = "default",
    force: ForceOption = False,
    json_output: JsonOption = False,
) -> None:
    """Solve a camera's focal length, principal point and lens distortion from chessboard views."""
    check_name(name)
    pattern = make_pattern(pattern_kind, grid, square_mm)
    if profile_path("camera", name).exists() and not force:
        raise ProfileExistsError(f"camera profile {name!r} already exists; pass --force to replace it")
    if images and camera_index is not None:
        raise BadInputError("give photos or --camera N, not both")
    if camera_index is not None:
        if frames < 3:
            raise BadInputError(f"--frames must be at least 3, not {frames}")
        typer.echo(
            f"Move the {grid} chessboard in front of camera {camera_index}; taking {frames} views.", err=True
        )
        with CameraSource(camera_index, on_event=lambda message: typer.echo(message, err=True)) as source:
            collected = collect_views(
                source,
                pattern,
                frames,
                on_view=lambda count, _: typer.echo(f"view {count} of {frames}", err=True),
            )
        views: Any = collected.views
        details: dict[str, Any] = {"source": f"camera {camera_index}"}
    elif images:
        views = _image_views(images)
        details = {"source": f"{len(images)} photo(s)"}
    else:
        raise BadInputError("give photos of the chessboard, or --camera N to take them live")
    calibration = calibrate_camera(views, pattern)
    profile = CameraProfile.from_calibration(name, calibration, pattern=pattern.describe(), **details)
    saved = save_camera_profile(profile, force=force)
    report = _calibration_report(profile, calibration, saved)
    if json_output:
        emit_json(report)
        return
    used = report["views_used"]
    typer.echo(f"camera profile {name!r} saved to {saved}")
    typer.echo(
        f"views         {used} used"
        + (f", {len(calibration.rejected)} left out" if calibration.rejected else "")
    )
    for view, why in calibration.rejected.items():
        typer.echo(f"  left out {view}: {why}")
    typer.echo(f"image size    {calibration.image_size[0]}x{calibration.image_size[1]}")
    typer.echo(f"focal length  {report['focal_px'][0]:.1f} / {report['focal_px'][1]:.1f} px")
    typer.echo(
        f"centre        {report['principal_point_px'][0]:.1f}, {report['principal_point_px'][1]:.1f} px"
    )
    typer.echo("distortion    " + " ".join(f"{value:+.4f}" for value in report["distortion"]))
    typer.echo(
        f"reprojection  {report['rms_error_px']:.3f} px RMS "
        f"(worst view {report['worst_view']['name']}: {report['worst_view']['error_px']:.3f} px)"
    )


@app.command("list")
def list_command(json_output: JsonOption = False) -> None:
    """List the saved camera and board profiles."""
    entries = list_profiles()
    if json_output:
        emit_json(
            [
                {
                    "kind": entry.kind,
                    "name": entry.name,
                    "path": str(entry.path),
                    "created": entry.created,
                    "summary": entry.summary,
                    **({"problem": entry.problem} if entry.problem else {}),
                }
                for entry in entries
            ]
        )
        return
    if not entries:
        typer.echo("no profiles saved yet (boardsight calibrate camera / board make them)")
        return
    rows = [[entry.kind, entry.name, entry.created, entry.problem or entry.summary] for entry in entries]
    typer.echo(format_table(["kind", "name", "created", "summary"], rows))


def _grab_frame(camera_index: int, warm_up: int = 15):
    """One frame from a camera, after a few frames that let its exposure settle."""
    with CameraSource(camera_index, on_event=lambda message: typer.echo(message, err=True)) as source:
        frame = None
        for _ in range(warm_up):
            frame = source.read()
        if frame is None:
            raise BadInputError(f"camera {camera_index} delivered no frame")
        return frame.image


def _picture(camera_index: int | None, image: Path | None) -> tuple[np.ndarray, str]:
    if (camera_index is None) == (image is None):
        raise BadInputError("give exactly one of --camera N and --image PHOTO")
    if image is not None:
        return load_image(image), str(image)
    assert camera_index is not None
    return _grab_frame(camera_index), f"camera {camera_index}"


def _straighten(picture: np.ndarray, camera_profile: str | None) -> np.ndarray:
    return picture if camera_profile is None else undistort(picture, load_camera_profile(camera_profile))


@app.command("board")
def board(
    camera_index: Annotated[
        int | None, typer.Option("--camera", help="Take the picture from camera N.")
    ] = None,
    image: Annotated[Path | None, typer.Option("--image", help="A photo from the fixed camera.")] = None,
    name: NameOption = "board",
    camera_profile: CameraProfileOption = None,
    corners: Annotated[
        str | None,
        typer.Option("--corners", help="The grid's corners by hand: 'x,y x,y x,y x,y' (TL TR BR BL)."),
    ] = None,
    overlay: Annotated[
        Path | None, typer.Option("--overlay", help="Where to write the picture with the found grid.")
    ] = None,
    show: Annotated[bool, typer.Option("--show", help="Also show the found grid in a window.")] = False,
    force: ForceOption = False,
    json_output: JsonOption = False,
) -> None:
    """Find the board once for a fixed camera and save where it lies (its homography)."""
    check_name(name)
    if profile_path("board", name).exists() and not force:
        raise ProfileExistsError(f"board profile {name!r} already exists; pass --force to replace it")
    if show:
        require_display()
    overlay_path = overlay or reference_path(name).with_suffix(".overlay.png")
    if overlay is not None and overlay.exists() and not force:
        raise BadInputError(f"{overlay} already exists; pass --force to replace it")
    picture, source = _picture(camera_index, image)
    picture = _straighten(picture, camera_profile)
    if corners is not None:
        found, finder_name = parse_corners(corners), "given by hand"
    else:
        finder_name, finder = default_finder()
        found = finder(picture)
    profile, reference = calibrate_board(
        name, picture, found, camera_profile=camera_profile, source=source, found_by=finder_name
    )
    saved = save_board_profile(profile, reference, force=force)
    drawn = draw_overlay(picture, profile.corners, profile.squares, label=f"{name}: {finder_name}")
    overlay_path.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(overlay_path), drawn):
        raise BadInputError(f"cannot write the overlay picture {overlay_path} (unknown extension?)")
    if show:
        show_picture(f"boardsight: {name}", drawn)
    report = {
        "profile": name,
        "path": str(saved),
        "overlay": str(overlay_path),
        "found_by": finder_name,
        "image_size": list(profile.image_size),
        "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in profile.corners],
        "square_px": round(profile.square_px, 1),
        "camera_profile": camera_profile,
    }
    if json_output:
        emit_json(report)
        return
    typer.echo(f"board profile {name!r} saved to {saved}")
    typer.echo(f"found by      {finder_name}")
    typer.echo("corners       " + "  ".join(f"{x:.0f},{y:.0f}" for x, y in report["corners"]))
    typer.echo(f"square        ~{profile.square_px:.0f} px")
    typer.echo(f"overlay       {overlay_path} (check that the grid lines sit on the board's)")


@app.command("check")
def check(
    name: Annotated[str, typer.Argument(help="The board profile to check.")],
    camera_index: Annotated[
        int | None, typer.Option("--camera", help="Take a new picture from camera N.")
    ] = None,
    image: Annotated[Path | None, typer.Option("--image", help="A new photo from the fixed camera.")] = None,
    json_output: JsonOption = False,
) -> None:
    """Say whether the board is still where its profile says (exit 1 when the camera moved)."""
    profile, reference = load_board_profile(name)
    if reference is None:
        raise BadInputError(
            f"board profile {name!r} has no reference picture to check against; calibrate it again"
        )
    picture, _source = _picture(camera_index, image)
    picture = _straighten(picture, profile.camera_profile)
    profile.check_size((picture.shape[1], picture.shape[0]))
    result = check_fit(picture, profile, reference)
    if json_output:
        emit_json(
            {
                "profile": name,
                "status": result.status,
                "shift_px": round(result.shift_px, 2),
                "shift_squares": round(result.shift_squares, 3),
                "match": round(result.correlation, 3),
                "message": result.message,
            }
        )
    else:
        typer.echo(f"{name}: {result.message}")
    if result.status != OK:
        raise typer.Exit(1)
