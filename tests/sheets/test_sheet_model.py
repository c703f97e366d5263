"""A sheet reading's order, fixes, change counts and scoring against a label."""

from __future__ import annotations

import pytest

from boardsight.errors import BadInputError
from boardsight.sheets.decode import AS_WRITTEN, CHECK, CORRECTED, Scored, WordReading
from boardsight.sheets.label import parse_sheet_label
from boardsight.sheets.model import ACCEPTED, SheetReading, SheetWord, reading_order
from boardsight.sheets.scoring import score_sheet


def _word(
    text: str, status: str = AS_WRITTEN, raw: str | None = None, box=(0, 0, 10, 10), **marks
) -> SheetWord:
    reading = WordReading(text, raw or text, status, 0.9, (Scored("QUIET", -1.0),))
    return SheetWord(reading, box, status=status, **marks)


def test_reading_order_is_top_to_bottom_then_columns_left_to_right() -> None:
    boxes = [(300, 10, 400, 40), (10, 60, 120, 90), (10, 10, 100, 40), (310, 60, 390, 90)]
    assert reading_order(boxes) == [2, 1, 0, 3]


def test_accept_fixes_a_word_and_stops_it_waiting() -> None:
    sheet = SheetReading("alice.jpg", (_word("TONER"), _word("QUIETT", CHECK)))
    assert sheet.waiting == [2]
    fixed = sheet.accept(["2=quiet"])
    assert fixed.words[1].text == "QUIET" and fixed.words[1].status == ACCEPTED
    assert fixed.waiting == [] and sheet.waiting == [2]


@pytest.mark.parametrize("fix", ["3=QUIET", "x=QUIET", "2=QU1ET", "2"])
def test_bad_fixes_are_one_line_errors(fix: str) -> None:
    sheet = SheetReading("alice.jpg", (_word("TONER"), _word("QUIETT", CHECK)))
    with pytest.raises(BadInputError, match="bad fix"):
        sheet.accept([fix])


def test_changes_count_each_direction() -> None:
    sheet = SheetReading(
        "s",
        (
            _word("QUIET", CORRECTED, raw="QVIET"),
            _word("TONE", CORRECTED, raw="TONER"),
            _word("QUIETT", CHECK),
            _word("STONE"),
        ),
    )
    changes = sheet.changes({"QUIET", "TONE", "TONER", "STONE"}.__contains__)
    assert changes.to_json() == {"to_valid": 1, "to_other_valid": 1, "flagged": 1}


def test_json_has_each_words_fields() -> None:
    sheet = SheetReading("s", (_word("TONER", cancelled=True),), total=14, total_box=(1, 2, 3, 4))
    payload = sheet.to_json()
    word = payload["words"][0]
    assert word["text"] == "TONER" and word["cancelled"] and not word["circled"]
    assert word["box"] == [0, 0, 10, 10] and word["candidates"] == ["QUIET"]
    assert payload["total"] == 14


def test_scoring_counts_words_marks_totals_and_false_valids() -> None:
    label = parse_sheet_label(
        {
            "game": "wordlist",
            "words": [
                {"text": "QUIET", "box": [0, 0, 100, 30]},
                {"text": "QUIETT", "box": [0, 40, 100, 70], "circled": True},
                {"text": "TONER", "box": [0, 80, 100, 110], "cancelled": True},
            ],
            "total": 14,
        }
    )
    reading = SheetReading(
        "s",
        (
            _word("QUIET", box=(2, 1, 98, 29)),
            _word("QUIET", CORRECTED, raw="QUIETT", box=(1, 41, 99, 69), circled=True),
            _word("TONER", box=(0, 81, 99, 109)),
        ),
        total=14,
    )
    score = score_sheet(label, reading, {"QUIET", "TONER"}.__contains__)
    assert (score.words, score.right) == (3, 2)
    assert score.false_valid == 1 and score.false_valid_words == ["QUIETT->QUIET"]
    assert score.marks["circled"] == [1, 0, 0] and score.marks["cancelled"] == [0, 1, 0]
    assert score.totals == [1, 1]


def test_each_reading_goes_to_the_word_it_overlaps_most_not_to_the_first_it_touches() -> None:
    # A tilted photo: the boxes of a struck word the reader missed and of the next line overlap.
    label = parse_sheet_label(
        {
            "game": "wordlist",
            "words": [
                {"text": "TAASS", "box": [878, 961, 973, 1019], "cancelled": True},
                {"text": "RESRIVES", "box": [893, 995, 1031, 1065]},
                {"text": "ARRIVES", "box": [886, 1049, 1010, 1115]},
            ],
        }
    )
    reading = SheetReading(
        "s", (_word("RESRIVES", box=(881, 985, 1045, 1076)), _word("ARRIVES", box=(874, 1038, 1027, 1124)))
    )
    score = score_sheet(label, reading, {"ARRIVES"}.__contains__)
    assert (score.right, score.missed_words, score.false_valid) == (2, 1, 0)


def test_a_flagged_word_is_never_a_false_valid() -> None:
    label = parse_sheet_label({"game": "wordlist", "words": [{"text": "QUIETT"}]})
    reading = SheetReading("s", (_word("QUIET", CHECK, raw="QUIETT"),))
    assert score_sheet(label, reading, {"QUIET"}.__contains__).false_valid == 0


def test_misreadings_are_counted_by_who_would_see_them() -> None:
    label = parse_sheet_label(
        {"game": "wordlist", "words": [{"text": t} for t in ("TREAD", "KINSFOLK", "FOG", "QUIETT", "TONER")]}
    )
    reading = SheetReading(
        "s",
        (
            _word("READ"),  # a valid word read as another, taken
            _word("KINSFULK"),  # a valid word read as a non-word, taken: a false penalty
            SheetWord(
                WordReading("FOC", "FOC", CHECK, 0.4, (Scored("FOG", -1.0),)), (0, 0, 10, 10), status=CHECK
            ),
            _word("QUIETT", CHECK),  # flagged, its first candidate (QUIET) not what was written
            _word("TONER"),
        ),
    )
    score = score_sheet(label, reading, {"TREAD", "READ", "KINSFOLK", "FOG", "QUIET", "TONER"}.__contains__)
    assert (score.right, score.flagged) == (2, 2)
    assert score.misread_taken == 2 and score.false_penalty == 1 and score.false_valid == 0
    assert score.offered_first == 1


@pytest.mark.parametrize(
    "payload",
    [
        {"game": "boggle"},
        {"game": "wordlist", "words": 3},
        {"game": "wordlist", "words": [{"text": "quiet"}]},
    ],
)
def test_malformed_sheet_labels_are_errors(payload) -> None:
    with pytest.raises(BadInputError):
        parse_sheet_label(payload)


def test_a_label_names_its_hand_by_the_rendered_face_else_by_the_photos_source() -> None:
    words = [{"text": "QUIET"}]
    rendered = {
        "game": "wordlist",
        "words": words,
        "source_repo": "boardsight synthetic",
        "synth": {"font": "Breip"},
    }
    real = {"game": "wordlist", "words": words, "source_repo": "githubharald/SimpleHTR"}
    assert parse_sheet_label(rendered).hand == "Breip"
    assert parse_sheet_label(real).hand == "githubharald/SimpleHTR"
    assert parse_sheet_label({"game": "wordlist", "words": words, "synth": "?"}).hand is None


def _sheet(flagged: int, sure: int) -> SheetReading:
    words = [_word("QUIETT", CHECK) for _ in range(flagged)] + [_word("QUIET") for _ in range(sure)]
    return SheetReading("s", tuple(words))


def test_a_sheet_with_a_quarter_of_its_words_in_doubt_asks_for_a_better_photo() -> None:
    assert _sheet(4, 12).hard_to_read
    advice = _sheet(4, 12).retake_advice
    assert advice is not None and advice.startswith("4 of 16 words are in doubt") and "closer" in advice
    assert not _sheet(4, 13).hard_to_read  # under a quarter
    assert not _sheet(3, 0).hard_to_read  # too few words in doubt to tell
    assert _sheet(4, 12).to_json()["retake_advice"] == advice
    assert _sheet(1, 12).to_json()["retake_advice"] is None


def test_once_a_person_settles_the_doubts_the_advice_goes() -> None:
    settled = _sheet(4, 12).accept([f"{n}=QUIET" for n in range(1, 5)])
    assert settled.waiting == [] and settled.retake_advice is None


def test_a_strike_in_doubt_keeps_the_word_waiting_until_a_person_settles_it() -> None:
    sheet = SheetReading("s", (_word("TONER", cancelled=True, strike_in_doubt=True), _word("QUIET")))
    assert sheet.waiting == [1] and sheet.strikes_in_doubt == [1]
    assert sheet.words[0].needs_check and not sheet.words[0].counted_out
    payload = sheet.to_json()
    assert payload["strikes_in_doubt"] == [1] and payload["words"][0]["strike_in_doubt"]
    struck = sheet.accept(["1=-"]).words[0]
    assert struck.cancelled and struck.counted_out and not struck.needs_check
    kept = sheet.accept(["1=+"]).words[0]
    assert not kept.cancelled and not kept.needs_check and kept.text == "TONER"
    # Fixing the letters alone leaves the strike to settle.
    assert sheet.accept(["1=TONES"]).waiting == [1]
    assert sheet.accept(["1=TONES", "1=+"]).waiting == []


def test_a_strike_in_doubt_is_no_false_mark_but_is_counted_apart() -> None:
    label = parse_sheet_label(
        {
            "game": "wordlist",
            "words": [
                {"text": "QUIET", "box": [0, 0, 100, 30]},
                {"text": "TONER", "box": [0, 40, 100, 70], "cancelled": True},
                {"text": "STONE", "box": [0, 80, 100, 110]},
            ],
        }
    )
    reading = SheetReading(
        "s",
        (
            _word("QUIET", box=(0, 0, 100, 30), cancelled=True, strike_in_doubt=True),
            _word("TONER", box=(0, 40, 100, 70), cancelled=True, strike_in_doubt=True),
            _word("STONE", box=(0, 80, 100, 110), cancelled=True),
        ),
    )
    score = score_sheet(label, reading, {"QUIET", "TONER", "STONE"}.__contains__)
    assert score.marks["cancelled"] == [1, 0, 1]  # STONE's sure strike is the one false mark
    assert score.strikes_in_doubt == [1, 1]
    assert score.flagged == 2 and score.false_valid == 0


def test_a_word_in_doubt_only_for_its_strike_waits_with_its_reading() -> None:
    from boardsight.sheets.players import sheet_list

    corrected = SheetWord(
        WordReading("QUIET", "QVIET", CORRECTED, 0.9), (0, 0, 10, 10), cancelled=True, strike_in_doubt=True
    )
    sheet = sheet_list(SheetReading("alice.jpg", (corrected, _word("TONER"))), "alice")
    assert sheet.waiting == ((1, "QUIET"),) and sheet.strikes_in_doubt == (1,)
    assert sheet.cancelled == () and sheet.player.words == ("TONER",)
    assert sheet.to_json()["waiting"] == [{"number": 1, "as_written": "QUIET", "strike_in_doubt": True}]


def test_writing_not_read_as_a_word_is_named_for_a_person() -> None:
    one = SheetReading("s", (_word("QUIET"),), unread=((10, 20, 90, 50),))
    assert one.unread_note == (
        "1 piece of writing not read as a word (x0 y0 x1 y1: 10 20 90 50): "
        "look at it on the photo; a word there is not on the list"
    )
    assert one.to_json()["unread"] == [[10, 20, 90, 50]]
    many = SheetReading("s", (_word("QUIET"),), unread=tuple((0, 10 * n, 50, 10 * n + 9) for n in range(7)))
    assert many.unread_note.startswith("7 pieces of writing") and "; and 2 more)" in many.unread_note
    assert SheetReading("s", (_word("QUIET"),)).unread_note is None
    assert SheetReading("s", (_word("QUIET"),)).to_json()["unread"] == []


def test_writing_found_with_no_word_read_from_it_asks_for_a_better_photo() -> None:
    nothing = SheetReading("s", (), total=10, unread=((0, 0, 40, 300),))
    assert nothing.hard_to_read
    assert nothing.retake_advice.startswith("writing was found but no word could be read")
    assert SheetReading("s", (), total=10).hard_to_read
    assert not SheetReading("s", (_word("QUIET"),), unread=((0, 0, 40, 30),)).hard_to_read


def test_a_word_not_found_in_writing_named_as_not_read_is_counted_apart() -> None:
    label = parse_sheet_label(
        {
            "game": "wordlist",
            "words": [
                {"text": "QUIET", "box": [0, 0, 100, 30]},
                {"text": "TONER", "box": [0, 40, 100, 70]},
                {"text": "STONE", "box": [0, 80, 100, 110]},
            ],
        }
    )
    reading = SheetReading("s", (_word("QUIET", box=(1, 1, 99, 29)),), unread=((5, 38, 90, 72),))
    score = score_sheet(label, reading)
    assert (score.missed_words, score.missed_named) == (2, 1)


def test_a_sheet_with_no_word_read_is_one_error_that_asks_for_a_better_photo() -> None:
    from boardsight.sheets.players import sheet_list

    with pytest.raises(BadInputError, match="no claimed words on the sheet; writing was found but no word"):
        sheet_list(SheetReading("alice.jpg", (), total=10, unread=((0, 0, 40, 300),)), "alice")
    with pytest.raises(BadInputError, match=r"no claimed words on the sheet$"):
        sheet_list(SheetReading("bob.jpg", (_word("QUIET", cancelled=True),)), "bob")
