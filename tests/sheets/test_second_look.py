"""A second look: only the chosen words are read again, each revised on its own new table."""

from __future__ import annotations

from sheet_tables import clear

from boardsight.sheets.decode import AS_WRITTEN, CHECK, WordReading
from boardsight.sheets.second_look import look_again


def test_only_the_chosen_words_are_read_again_and_revised_in_order() -> None:
    readings = [
        WordReading(text, text, status, 0.5)
        for text, status in [("EW", CHECK), ("TONE", AS_WRITTEN), ("TOUE", CHECK)]
    ]
    asked: list[list[int]] = []

    def read_again(picked: list[int]):
        asked.append(picked)
        return [clear(word) for word in ("YEW", "TONE")]

    revised = look_again(
        readings,
        lambda _index, reading: reading.status == CHECK,
        read_again,
        lambda reading, table: WordReading(reading.text + str(table.frames), reading.raw, AS_WRITTEN, 0.9),
    )
    assert asked == [[0, 2]]
    assert [reading.text for reading in revised] == [
        f"EW{clear('YEW').frames}",
        "TONE",
        f"TOUE{clear('TONE').frames}",
    ]
    assert revised[1] is readings[1]


def test_nothing_chosen_reads_nothing() -> None:
    readings = [WordReading("TONE", "TONE", AS_WRITTEN, 0.9)]
    assert (
        look_again(readings, lambda _index, reading: False, lambda picked: [], lambda reading, table: reading)
        == readings
    )
