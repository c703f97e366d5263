"""``boardsight check BOARD alice=alice.png``: judging from a photo of a score sheet."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

from boardsight.cli.app import app
from boardsight.sheets.decode import AS_WRITTEN, CHECK, Scored, WordReading
from boardsight.sheets.model import SheetReading, SheetWord

pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR reader needs rapidocr-onnxruntime")

runner = CliRunner()
BOARD = "perslatgsineters"


def _sheet(path, words: list[str], *, cancel: int, circle: int, total: str) -> None:
    page = np.full((70 * (len(words) + 1) + 60, 640, 3), 248, np.uint8)
    for row, text in enumerate([*words, total]):
        y = 70 + 70 * row
        colour = (30, 30, 200) if row == len(words) else (120, 40, 20)
        cv2.putText(page, text, (60, y), cv2.FONT_HERSHEY_SIMPLEX, 1.3, colour, 3, cv2.LINE_AA)
        width = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 1.3, 3)[0][0]
        if row == cancel:
            cv2.line(page, (52, y - 16), (68 + width, y - 18), (120, 40, 20), 3, cv2.LINE_AA)
        if row == circle:
            centre = (60 + width // 2, y - 16)
            cv2.ellipse(page, centre, (width // 2 + 24, 34), 0, 0, 360, (30, 30, 200), 3, cv2.LINE_AA)
    cv2.imwrite(str(path), page)


def test_check_reads_a_sheet_photo(tmp_path) -> None:
    sheet = tmp_path / "alice.png"
    _sheet(sheet, ["GRAINS", "EATING", "ARTIST", "GREATS"], cancel=1, circle=2, total="TOTAL 99")
    result = runner.invoke(app, ["check", BOARD, f"alice={sheet}", "--lexicon", "enable", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    (player,) = payload["players"]
    written = [verdict["written"] for verdict in player["words"]]
    assert written == ["GRAINS", "ARTIST", "GREATS"]
    (info,) = payload["sheets"]
    assert info["cancelled"] == ["EATING"]
    assert info["challenged"] == ["ARTIST"]
    assert info["written_total"] == 99 and info["total_matches"] is False


def test_check_text_reports_a_miscalculated_total(tmp_path) -> None:
    sheet = tmp_path / "bob.png"
    _sheet(sheet, ["GRAINS", "GREATS"], cancel=-1, circle=-1, total="TOTAL 5")
    result = runner.invoke(app, ["check", BOARD, str(sheet), "--lexicon", "enable"])
    assert result.exit_code == 0, result.output
    assert "bob wrote a total of 5, the computed raw score is" in result.output
    assert "not penalised" in result.output


def test_accept_names_a_player_with_two_sheets(tmp_path) -> None:
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    _sheet(first, ["GRAINS"], cancel=-1, circle=-1, total="")
    _sheet(second, ["GREATS"], cancel=-1, circle=-1, total="")
    result = runner.invoke(app, ["check", BOARD, str(first), str(second), "--accept", "1=GRAINS"])
    assert result.exit_code == 2
    assert "name the player" in result.output


@pytest.mark.parametrize("fix", ["3=QUIET", "alice:3=QUIET"])
def test_accept_without_a_sheet_photo_is_one_clear_error(tmp_path, fix: str) -> None:
    words = tmp_path / "alice.txt"
    words.write_text("GRAINS\n")
    result = runner.invoke(app, ["check", BOARD, f"alice={words}", "--accept", fix])
    assert result.exit_code == 2
    assert "no list here is a photo" in result.output


def _doubtful_reading(photo, **options) -> SheetReading:
    """What the reader makes of a sheet with one clear word and one doubtful one."""
    box = (10, 10, 90, 40)
    clear = WordReading("GRAINS", "GRAINS", AS_WRITTEN, 0.99)
    doubtful = WordReading("GREATSS", "GREATSS", CHECK, 0.4, candidates=(Scored("GREATS", -1.0),))
    reading = SheetReading(str(photo), (SheetWord(clear, box), SheetWord(doubtful, box)))
    return reading.accept(options.get("accept", ()))


@pytest.mark.parametrize("terminal", [True, False])
def test_on_a_terminal_each_doubtful_word_is_asked_about(tmp_path, monkeypatch, terminal: bool) -> None:
    from boardsight.app import sheets as app_sheets
    from boardsight.cli import sheet_lists

    sheet = tmp_path / "alice.png"
    _sheet(sheet, ["GRAINS"], cancel=-1, circle=-1, total="")
    monkeypatch.setattr(app_sheets, "read_sheet", _doubtful_reading)
    monkeypatch.setattr(sheet_lists, "_interactive", lambda: terminal)
    arguments = ["check", BOARD, f"alice={sheet}", "--lexicon", "enable", "--json"]
    result = runner.invoke(app, arguments, input="GREATS\n")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout[result.stdout.index("{") :])  # the runner echoes the answer
    (player,) = payload["players"]
    (info,) = payload["sheets"]
    written = [verdict["written"] for verdict in player["words"]]
    if terminal:
        assert "alice word 2: read as GREATSS (close valid words: GREATS)" in result.stderr
        assert written == ["GRAINS", "GREATS"] and info["waiting"] == []
    else:
        assert "read as" not in result.stderr
        assert written == ["GRAINS"]
        assert [entry["as_written"] for entry in info["waiting"]] == ["GREATSS"]


def test_a_circled_total_is_reported_as_challenged(tmp_path) -> None:
    sheet = tmp_path / "bob.png"
    _sheet(sheet, ["GRAINS", "GREATS"], cancel=-1, circle=2, total="TOTAL 5")
    result = runner.invoke(app, ["check", BOARD, str(sheet), "--lexicon", "enable"])
    assert result.exit_code == 0, result.output
    assert "bob wrote a total of 5, which the opponent circled (NTU 4.7)" in result.output
    assert "not penalised" in result.output


def test_the_prompt_says_why_a_word_is_doubted(tmp_path, monkeypatch) -> None:
    from boardsight.app import sheets as app_sheets
    from boardsight.cli import sheet_lists

    why = "the writing may read TILLS rather than TILS; not a valid word"

    def doubted(photo, **options) -> SheetReading:
        word = WordReading("TILS", "TILS", CHECK, 0.9, notes=(why,))
        reading = SheetReading(str(photo), (SheetWord(word, (10, 10, 90, 40)),))
        return reading.accept(options.get("accept", ()))

    sheet = tmp_path / "alice.png"
    _sheet(sheet, ["TILS"], cancel=-1, circle=-1, total="")
    monkeypatch.setattr(app_sheets, "read_sheet", doubted)
    monkeypatch.setattr(sheet_lists, "_interactive", lambda: True)
    result = runner.invoke(app, ["check", BOARD, f"alice={sheet}", "--lexicon", "enable"], input="\n")
    assert result.exit_code == 0, result.output
    assert f"alice word 1: read as TILS (close valid words: none; {why})" in result.stderr


def test_check_passes_on_the_advice_to_retake_a_sheet_mostly_in_doubt() -> None:
    from boardsight.cli.sheet_lists import sheet_lines
    from boardsight.sheets.players import sheet_list

    words = [
        SheetWord(
            WordReading("QUIETT", "QUIETT", CHECK, 0.4, (Scored("QUIET", -1.0),)),
            (0, 40 * n, 90, 40 * n + 30),
            status=CHECK,
        )
        for n in range(4)
    ] + [
        SheetWord(WordReading("QUIET", "QUIET", AS_WRITTEN, 0.9), (0, 200 + 40 * n, 90, 230 + 40 * n))
        for n in range(4)
    ]
    sheet = sheet_list(SheetReading("alice.jpg", tuple(words)), "alice")
    lines = sheet_lines([sheet], {"alice": 0})
    assert any(line.startswith("alice: 4 of 8 words are in doubt") for line in lines)
    assert sheet.to_json()["retake_advice"].startswith("4 of 8 words are in doubt")


def _struck_in_doubt(photo, **options) -> SheetReading:
    """A sheet whose second word may or may not be struck through."""
    box = (10, 10, 90, 40)
    grains = SheetWord(WordReading("GRAINS", "GRAINS", AS_WRITTEN, 0.99), box)
    greats = SheetWord(WordReading("GREATS", "GREATS", AS_WRITTEN, 0.99), box, True, strike_in_doubt=True)
    return SheetReading(str(photo), (grains, greats)).accept(options.get("accept", ()))


@pytest.mark.parametrize(("answer", "claimed"), [("n\n", ["GRAINS", "GREATS"]), ("y\n", ["GRAINS"])])
def test_a_strike_in_doubt_is_asked_about_on_a_terminal(tmp_path, monkeypatch, answer, claimed) -> None:
    from boardsight.app import sheets as app_sheets
    from boardsight.cli import sheet_lists

    sheet = tmp_path / "alice.png"
    _sheet(sheet, ["GRAINS"], cancel=-1, circle=-1, total="")
    monkeypatch.setattr(app_sheets, "read_sheet", _struck_in_doubt)
    monkeypatch.setattr(sheet_lists, "_interactive", lambda: True)
    arguments = ["check", BOARD, f"alice={sheet}", "--lexicon", "enable", "--json"]
    result = runner.invoke(app, arguments, input=answer)
    assert result.exit_code == 0, result.output
    assert "alice word 2: GREATS looks struck through" in result.stderr
    payload = json.loads(result.stdout[result.stdout.index("{") :])
    (player,) = payload["players"]
    assert [verdict["written"] for verdict in player["words"]] == claimed
    assert payload["sheets"][0]["waiting"] == []


@pytest.mark.parametrize(("fix", "claimed"), [("alice:2=+", ["GRAINS", "GREATS"]), ("2=-", ["GRAINS"])])
def test_accept_settles_a_strike_in_doubt(tmp_path, monkeypatch, fix, claimed) -> None:
    from boardsight.app import sheets as app_sheets
    from boardsight.cli import sheet_lists

    sheet = tmp_path / "alice.png"
    _sheet(sheet, ["GRAINS"], cancel=-1, circle=-1, total="")
    monkeypatch.setattr(app_sheets, "read_sheet", _struck_in_doubt)
    monkeypatch.setattr(sheet_lists, "_interactive", lambda: False)
    unsettled = runner.invoke(app, ["check", BOARD, f"alice={sheet}", "--lexicon", "enable"])
    assert unsettled.exit_code == 0, unsettled.output
    assert (
        "alice: check these words (left out of the judging): 2:GREATS (struck through?)" in unsettled.output
    )
    assert "alice:NUMBER=- / alice:NUMBER=+ for a strike" in unsettled.output
    arguments = ["check", BOARD, f"alice={sheet}", "--lexicon", "enable", "--json", "--accept", fix]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    (player,) = json.loads(result.stdout)["players"]
    assert [verdict["written"] for verdict in player["words"]] == claimed
