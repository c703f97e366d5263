"""``boardsight calibrate``: camera intrinsics, the board seen by a fixed camera, saved profiles."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from boardsight.calibration.camera import CameraCalibration, calibrate_camera
from boardsight.calibration.camera_profile import CameraProfile, save_camera_profile
from boardsight.calibration.collect import collect_views
from boardsight.calibration.pattern import make_pattern
from boardsight.calibration.profiles import ProfileExistsError, check_name, list_profiles, profile_path
from boardsight.capture.frames import CameraSource
from boardsight.cli.errors import GuardedTyper
from boardsight.cli.options import JsonOption
from boardsight.cli.output import emit_json, format_table
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
