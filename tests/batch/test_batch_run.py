"""The batch driver on a local process pool and on a Dask LocalCluster, with the same photos."""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from batch_photos import RENDERED, make_labelled_set, make_photos, press_ctrl_c

from boardsight.batch.executors import TASKS_PER_WORKER, DaskPool, LocalPool, WorkerPool, runner
from boardsight.batch.lines import INTERNAL, encode_line, error_line
from boardsight.batch.run import BatchSummary, plan_batch, run_batch
from boardsight.batch.work import BatchOptions
from boardsight.datasets import iter_examples
from boardsight.datasets.evaluation import evaluate
from boardsight.datasets.metrics import cell_matches
from boardsight.datasets.synth import generate
from boardsight.vision.reading import photo_readers


class InProcessPool(WorkerPool):
    """The tasks run on a thread of the test process; the pool counts the photos it was given."""

    def __init__(self) -> None:
        self.workers = 1
        self.where = "this process"
        self.photos: list[str] = []
        self._pool = cf.ThreadPoolExecutor(max_workers=1)

    def submit(self, function: Callable[..., Any], /, *args: Any) -> cf.Future:
        self.photos.append(args[0].photo)
        return self._pool.submit(function, *args)

    def sees_file(self, path: Path) -> bool:
        return True

    def close(self, *, cancel: bool = False) -> None:
        self._pool.shutdown(wait=True, cancel_futures=cancel)


def read_lines(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def comparable(lines: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Lines by photo, without the timings (which differ from run to run)."""
    return {line["photo"]: {k: v for k, v in line.items() if k != "timings_ms"} for line in lines}


def run(pool: WorkerPool, photos: list[str], out: Path, **options: Any) -> BatchSummary:
    transfer = options.pop("transfer", "auto")
    return run_batch(plan_batch(photos, out), pool, BatchOptions(**options), transfer=transfer)


@pytest.fixture(scope="module")
def truth(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[str]] | None]:
    return make_photos(tmp_path_factory.mktemp("photos"))


@pytest.fixture(scope="module")
def local_lines(truth, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    out = tmp_path_factory.mktemp("local") / "results.jsonl"
    with LocalPool(2) as pool:
        summary = run(pool, list(truth), out, solve=True)
    assert (summary.read, summary.failed, summary.skipped) == (len(truth) - 1, 1, 0)
    return read_lines(out)


@pytest.fixture(scope="module")
def dask_address():
    distributed = pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


def test_local_pool_writes_one_line_per_photo(truth, local_lines) -> None:
    assert sorted(line["photo"] for line in local_lines) == sorted(truth)
    for line in local_lines:
        grid = truth[line["photo"]]
        if grid is None:
            assert line["error_kind"] == "bad_input"
            assert "truncated or damaged JPEG" in line["error"]
        else:
            read = [cell for row in line["grid"] for cell in row]
            labelled = [cell for row in grid for cell in row]
            assert len(read) == len(labelled), line["photo"]
            assert all(map(cell_matches, labelled, read)), line["photo"]  # a blank may read ? for t
            assert set(line["timings_ms"]) >= {"detect", "decode", "find", "read", "total", "solve"}
            assert line["solution"]["count"] > 0


def test_the_scrabble_words_validity_and_boggle_words_are_solved(local_lines) -> None:
    by_name = {Path(line["photo"]).name: line for line in local_lines}
    tray = by_name["boggle_tray.jpg"]["solution"]
    assert tray["total_points"] == sum(points for _, points in tray["words"]) > 0
    board = by_name["scrabble_board.jpg"]
    assert board["game"] == "scrabble"
    assert board["solution"]["valid"] + len(board["solution"]["invalid"]) + len(
        board["solution"]["unchecked"]
    ) == len(board["words"])


@pytest.mark.parametrize("transfer", ["path", "bytes"])
def test_a_dask_cluster_reads_the_same(truth, local_lines, dask_address, tmp_path: Path, transfer) -> None:
    out = tmp_path / "results.jsonl"
    with DaskPool(dask_address) as pool:
        assert pool.workers == 2
        summary = run(pool, list(truth), out, solve=True, transfer=transfer)
    assert (summary.read, summary.failed) == (len(truth) - 1, 1)
    lines = read_lines(out)
    assert len(lines) == len(truth)
    assert comparable(lines) == comparable(local_lines)


def test_resume_reads_only_the_missing_photos(truth, local_lines, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    kept = local_lines[:2]
    torn = encode_line(local_lines[2])[:40]  # a write cut short by a killed process
    out.write_text("".join(encode_line(line) for line in kept) + torn, encoding="utf-8")
    pool = InProcessPool()
    with pool:
        summary = run(pool, list(truth), out, solve=True)
    assert sorted(pool.photos) == sorted(set(truth) - {line["photo"] for line in kept})
    assert summary.skipped == 2
    lines = read_lines(out)
    assert lines[:2] == kept
    assert comparable(lines) == comparable(local_lines)


def test_resume_retries_photos_that_failed_for_internal_reasons(truth, local_lines, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    photo = next(photo for photo, grid in truth.items() if grid is not None and "rendered" in photo)
    earlier = [line for line in local_lines if line["photo"] != photo]
    earlier.append(error_line(photo, "KilledWorker: worker lost", INTERNAL))
    out.write_text("".join(encode_line(line) for line in earlier), encoding="utf-8")
    pool = InProcessPool()
    with pool:
        run(pool, list(truth), out, solve=True)
    assert pool.photos == [photo]
    last = read_lines(out)[-1]
    assert last["photo"] == photo and last["grid"] == truth[photo]


def test_ctrl_c_while_reading_stops_after_the_photo_in_hand(truth, tmp_path: Path) -> None:
    tray = next(photo for photo in truth if photo.endswith("rendered_0.jpg"))
    photos = []
    for copy in range(12):
        photos.append(str(tmp_path / f"copy_{copy:02d}.jpg"))
        Path(photos[-1]).write_bytes(Path(tray).read_bytes())
    out = tmp_path / "results.jsonl"

    def press_ctrl_c(line: dict[str, Any]) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    with InProcessPool() as pool:
        summary = run_batch(plan_batch(photos, out), pool, BatchOptions(game="boggle"), on_line=press_ctrl_c)
    # the photos already read when the stop was seen are written: at most one window of them
    assert summary.interrupted and 1 <= summary.read <= TASKS_PER_WORKER * pool.workers < len(photos)
    assert len(read_lines(out)) == summary.read


def test_an_interrupted_batch_leaves_a_valid_file_and_resumes(truth, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    photos = list(truth)

    def interrupt(line: dict[str, Any]) -> None:
        raise KeyboardInterrupt

    pool = InProcessPool()
    with pool:
        summary = run_batch(plan_batch(photos, out), pool, BatchOptions(game="boggle"), on_line=interrupt)
    assert summary.interrupted and summary.read + summary.failed == 1
    assert len(read_lines(out)) == 1
    again = InProcessPool()
    with again:
        run(again, photos, out, game="boggle")
    lines = read_lines(out)
    assert sorted(line["photo"] for line in lines) == sorted(photos)
    assert len(again.photos) == len(photos) - 1


def test_force_starts_the_file_over(truth, local_lines, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    shutil.copy(Path(next(iter(truth))).parent / "damaged.jpg", tmp_path / "damaged.jpg")
    out.write_text("".join(encode_line(line) for line in local_lines), encoding="utf-8")
    pool = InProcessPool()
    photo = str(tmp_path / "damaged.jpg")
    with pool:
        run_batch(plan_batch([photo], out, force=True), pool, BatchOptions())
    assert [line["photo"] for line in read_lines(out)] == [photo]


def test_an_evaluation_on_a_cluster_scores_as_one_here(dask_address, tmp_path: Path) -> None:
    examples = list(iter_examples(make_labelled_set(tmp_path / "set")))
    readers = photo_readers(["onnx"], ["boggle"])
    here = evaluate(examples, readers, root=tmp_path)
    with DaskPool(dask_address) as pool:
        there = evaluate(examples, readers, root=tmp_path, run=runner(pool))
    assert [o.example.image_path for o in there.results[0].outcomes] == [e.image_path for e in examples]
    assert [o.score for o in there.results[0].outcomes] == [o.score for o in here.results[0].outcomes]
    assert there.results[0].summary == here.results[0].summary


def test_a_synthetic_set_rendered_on_a_cluster_is_the_same_file_for_file(
    dask_address, tmp_path: Path
) -> None:
    generate(RENDERED, tmp_path / "here", count=3, seed=5, start=1)
    with DaskPool(dask_address, load_models=False) as pool:
        paths = generate(RENDERED, tmp_path / "there", count=3, seed=5, start=1, run=runner(pool))
    assert [path.name for path in paths] == ["boggle_000001.jpg", "boggle_000002.jpg", "boggle_000003.jpg"]
    names = sorted(path.name for path in (tmp_path / "here").iterdir())
    assert names == sorted(path.name for path in (tmp_path / "there").iterdir()) and len(names) == 6
    for name in names:
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "there" / name).read_bytes()


def test_ctrl_c_stops_a_cluster_batch_quietly(truth, dask_address, tmp_path: Path) -> None:
    tray = next(photo for photo in truth if photo.endswith("rendered_0.jpg"))
    for copy in range(30):
        (tmp_path / f"copy_{copy:02d}.jpg").write_bytes(Path(tray).read_bytes())
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "boardsight", "batch", str(tmp_path), "--out", str(out)]
    process = subprocess.Popen(
        [*command, "--scheduler", dask_address, "--game", "boggle"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while (not out.exists() or not out.read_text(encoding="utf-8")) and time.monotonic() < deadline:
        time.sleep(0.02)
    stderr = press_ctrl_c(process)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "interrupted: run the same command again" in stderr
    assert 1 <= len(read_lines(out)) < 30
