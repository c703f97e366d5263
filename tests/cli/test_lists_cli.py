"""``boardsight lists read`` on photos of sheets, and its bad input."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app

pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")

runner = CliRunner()


def _sheet(path, lines: list[str]) -> None:
    page = np.full((70 * len(lines) + 60, 640, 3), 248, np.uint8)
    for row, text in enumerate(lines):
        cv2.putText(
            page, text, (60, 70 + 70 * row), cv2.FONT_HERSHEY_SIMPLEX, 1.3, (120, 40, 20), 3, cv2.LINE_AA
        )
    cv2.imwrite(str(path), page)


def test_lists_read_json_against_a_board(tmp_path) -> None:
    sheet = tmp_path / "alice.png"
    _sheet(sheet, ["TONE", "NOTE", "TOTAL 2"])
    result = runner.invoke(app, ["lists", "read", str(sheet), "--board", "TONE/ABCD/EFGH/IJKL", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert [word["text"] for word in payload["words"]] == ["TONE", "NOTE"]
    assert payload["total"] == 2
    assert all(len(word["box"]) == 4 for word in payload["words"])
    assert set(payload["constraint_changes"]) == {"to_valid", "to_other_valid", "flagged"}


def test_lists_read_keeps_a_written_non_word_and_accept_changes_it(tmp_path) -> None:
    sheet = tmp_path / "bob.png"
    _sheet(sheet, ["QUIETT"])
    result = runner.invoke(app, ["lists", "read", str(sheet), "--lexicon", "enable"])
    assert result.exit_code == 0, result.output
    assert "QUIETT" in result.output
    fixed = runner.invoke(app, ["lists", "read", str(sheet), "--accept", "1=QUIET", "--json"])
    word = json.loads(fixed.output)["words"][0]
    assert (word["text"], word["as_written"], word["status"]) == ("QUIET", "QUIETT", "accepted")


def test_no_writing_is_one_line_exit_2(tmp_path) -> None:
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((300, 300, 3), 240, np.uint8))
    result = runner.invoke(app, ["lists", "read", str(blank)])
    assert result.exit_code == 2
    assert f"no writing found in {blank}" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content", [b"", b"\x00\x01garbage"])
def test_an_unreadable_file_is_one_line_exit_2(tmp_path, content: bytes) -> None:
    path = tmp_path / "sheet.jpg"
    path.write_bytes(content)
    result = runner.invoke(app, ["lists", "read", str(path)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1


def test_a_missing_file_is_exit_2(tmp_path) -> None:
    result = runner.invoke(app, ["lists", "read", str(tmp_path / "nope.jpg")])
    assert result.exit_code == 2


def test_a_flagged_words_reason_is_in_its_note() -> None:
    from boardsight.cli.lists import sheet_text
    from boardsight.sheets.decode import CHECK, WordReading
    from boardsight.sheets.model import SheetReading, SheetWord

    why = "the writing may read IINCOG rather than INCOG; not a valid word"
    doubted = WordReading("INCOG", "INCOG", CHECK, 0.97, notes=(why,))
    sheet = SheetReading("alice.jpg", (SheetWord(doubted, (0, 0, 10, 10)),), constrained_by="a board")
    text = sheet_text(sheet)
    (row,) = [line for line in text.splitlines() if "INCOG" in line]
    assert "check this word" in row and why in row


def _doubtful_sheet(flagged: int, sure: int):
    from boardsight.sheets.decode import AS_WRITTEN, CHECK, Scored, WordReading
    from boardsight.sheets.model import SheetReading, SheetWord

    def word(status: str, row: int) -> SheetWord:
        reading = WordReading(
            "QUIET", "QUIET" if status == AS_WRITTEN else "QUIETT", status, 0.5, (Scored("QUIET", -1.0),)
        )
        return SheetWord(reading, (0, 40 * row, 90, 40 * row + 30), status=status)

    statuses = [CHECK] * flagged + [AS_WRITTEN] * sure
    return SheetReading("sheet.jpg", tuple(word(status, row) for row, status in enumerate(statuses)))


def test_a_sheet_mostly_in_doubt_is_read_with_advice_to_retake_the_photo() -> None:
    from boardsight.cli.lists import sheet_text

    assert "4 of 10 words are in doubt: the writing may be too small" in sheet_text(_doubtful_sheet(4, 6))
    assert "in doubt" not in sheet_text(_doubtful_sheet(2, 8))


def test_a_strike_in_doubt_is_marked_and_the_way_to_settle_it_said() -> None:
    from boardsight.cli.lists import sheet_text
    from boardsight.sheets.decode import AS_WRITTEN, WordReading
    from boardsight.sheets.model import SheetReading, SheetWord

    word = SheetWord(
        WordReading("TONER", "TONER", AS_WRITTEN, 0.9), (0, 0, 10, 10), True, strike_in_doubt=True
    )
    text = sheet_text(SheetReading("alice.jpg", (word,), constrained_by="a board"))
    (row,) = [line for line in text.splitlines() if "TONER" in line]
    assert "cancelled?" in row and "check the strike" in row
    assert "to check" not in text  # its letters are not in doubt
    assert "struck through or not? (1)" in text and "--accept NUMBER=- (cancelled) or NUMBER=+" in text
