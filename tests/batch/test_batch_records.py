"""The pure parts of a batch: which photos arguments name, result lines, CSV rows, earlier results."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardsight.batch.executors import file_has_size
from boardsight.batch.lines import BAD_INPUT, INTERNAL, csv_row, encode_line, error_line, is_final, photo_line
from boardsight.batch.photos import find_photos
from boardsight.batch.resume import photo_key, scan_results
from boardsight.batch.run import plan_batch
from boardsight.errors import BadInputError

SIDECAR = {
    "game": "boggle",
    "rows": 2,
    "cols": 2,
    "grid": [["A", "QU"], ["E", "T"]],
    "confidence": [[0.9, 0.5], [1.0, 0.8]],
    "flagged": [[0, 1]],
    "corrections": [],
    "timings_ms": {"total": 12.5},
}


def test_folders_globs_and_files_name_each_photo_once(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("b.jpg", "a.PNG", "notes.txt", "sub/c.webp"):
        (tmp_path / name).write_bytes(b"x")
    photos = find_photos([str(tmp_path), str(tmp_path / "*.jpg"), str(tmp_path / "notes.txt")])
    names = [str(Path(photo).relative_to(tmp_path)) for photo in photos]
    assert names == ["a.PNG", "b.jpg", "sub/c.webp", "notes.txt"]
    with pytest.raises(BadInputError, match="no such file or folder"):
        find_photos([str(tmp_path / "gone")])


def test_lines_say_whether_the_photo_is_done() -> None:
    read = photo_line("a.jpg", SIDECAR, {"count": 3, "total_points": 5})
    assert list(read)[:2] == ["photo", "game"] and read["solution"]["count"] == 3
    assert is_final(read)
    assert is_final(error_line("a.jpg", "a.jpg is empty", BAD_INPUT))
    assert not is_final(error_line("a.jpg", "KilledWorker", INTERNAL))
    assert encode_line({"photo": "å.jpg"}) == '{"photo":"å.jpg"}\n'


def test_csv_rows_summarise_a_reading() -> None:
    row = csv_row(photo_line("a.jpg", SIDECAR, {"count": 3, "total_points": 5}))
    assert row[:5] == ["a.jpg", "boggle", "2", "2", "A QU/E T"]
    assert row[5:] == ["0.8000", "0.5000", "1", "0", "12.5", "3", "5", ""]
    assert csv_row(error_line("b.jpg", "b.jpg is empty", BAD_INPUT))[-1] == "b.jpg is empty"


def test_earlier_results_drop_a_torn_line_and_keep_the_latest_per_photo(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    first = encode_line(error_line("./a.jpg", "lost", INTERNAL))
    second = encode_line(photo_line("a.jpg", SIDECAR))
    third = encode_line(error_line("b.jpg", "b.jpg is empty", BAD_INPUT))
    path.write_text(first + "\n" + second + third + '{"photo": "c.j', encoding="utf-8")
    earlier = scan_results(path)
    assert earlier.torn and earlier.lines == 3
    assert earlier.size == len((first + "\n" + second + third).encode())
    assert earlier.done() == {"a.jpg", "b.jpg"}
    assert photo_key("./sub/../a.jpg") == "a.jpg"
    plan = plan_batch(["a.jpg", "b.jpg", "c.jpg"], path)
    assert plan.todo == ["c.jpg"] and plan.skipped == 2
    assert plan_batch(["a.jpg", "c.jpg"], path, force=True).todo == ["a.jpg", "c.jpg"]


def test_a_file_of_other_lines_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text('{"photo": "a.jpg"}\n[1, 2]\n', encoding="utf-8")
    with pytest.raises(BadInputError, match="line 2 is not a batch result"):
        scan_results(path)


def test_a_worker_sees_a_file_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "a.jpg"
    path.write_bytes(b"12345")
    assert file_has_size(str(path), 5)
    assert not file_has_size(str(path), 6)
    assert not file_has_size(str(tmp_path / "gone.jpg"), 5)
