import pytest

from boardsight.errors import BadInputError
from boardsight.lexicon.wordlist import MAX_WORD_LETTERS, detect_encoding, looks_binary, parse_word_list


def test_crlf_endings_and_blank_lines() -> None:
    parsed = parse_word_list(b"aa\r\naah\r\n\r\n  \r\nqat\r\n")
    assert parsed.words == ["AA", "AAH", "QAT"]
    assert parsed.blank_lines == 2
    assert parsed.dropped.total == 0


def test_latin1_file_is_detected_and_folded() -> None:
    data = "äpple\nidé\nöga\n".encode("latin-1")
    assert detect_encoding(data) == "latin-1"
    parsed = parse_word_list(data, folding="swedish")
    assert parsed.encoding == "latin-1"
    assert parsed.words == ["IDE", "ÄPPLE", "ÖGA"]


def test_utf8_with_bom() -> None:
    parsed = parse_word_list("\ufeffåsna\n".encode())
    assert parsed.words == ["ASNA"]
    assert parsed.encoding == "utf-8"


def test_utf16_with_bom_is_text() -> None:
    data = "cat\ndog\n".encode("utf-16")
    assert not looks_binary(data)
    assert parse_word_list(data).words == ["CAT", "DOG"]


def test_dropped_entries_are_counted_by_reason() -> None:
    data = b"cat\ndon't\nrock'n'roll\nx-ray\nice cream\nr2d2\nb52\nat&t\nDog\n"
    parsed = parse_word_list(data)
    assert parsed.words == ["CAT", "DOG"]
    assert parsed.dropped.as_dict() == {
        "digits": 2,
        "spaces": 1,
        "hyphens": 1,
        "apostrophes": 2,
        "other": 1,
        "proper_nouns": 0,
        "too_long": 0,
        "total": 7,
    }


def test_typographic_apostrophe_is_an_apostrophe() -> None:
    parsed = parse_word_list("it’s\ncat\n".encode())
    assert parsed.dropped.apostrophes == 1


def test_case_folding_merges_duplicates() -> None:
    parsed = parse_word_list(b"Cat\ncat\nCAT\n")
    assert parsed.words == ["CAT"]
    assert parsed.duplicates == 2


def test_proper_nouns_dropped_when_asked() -> None:
    parsed = parse_word_list(b"Abisko\nabborre\n", drop_proper_nouns=True)
    assert parsed.words == ["ABBORRE"]
    assert parsed.dropped.proper_nouns == 1


@pytest.mark.parametrize("data", [b"", b"\n\n  \r\n"])
def test_empty_file_is_a_clear_error(data: bytes) -> None:
    with pytest.raises(BadInputError, match="empty"):
        parse_word_list(data, source="words.txt")


def test_file_with_no_usable_word_is_an_error() -> None:
    with pytest.raises(BadInputError, match="no usable words"):
        parse_word_list(b"123\n4-5\n")


def test_binary_file_is_a_clear_error() -> None:
    png_header = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
    with pytest.raises(BadInputError, match="binary"):
        parse_word_list(png_header, source="photo.png")


def test_an_absurdly_long_entry_is_dropped_as_too_long() -> None:
    parsed = parse_word_list(b"cat\n" + b"a" * 5_000_000 + b"\n" + b"b" * (MAX_WORD_LETTERS + 1) + b"\n")
    assert parsed.words == ["CAT"]
    assert parsed.dropped.too_long == 2 and parsed.dropped.total == 2
    assert parse_word_list(b"a" * MAX_WORD_LETTERS).words == ["A" * MAX_WORD_LETTERS]


def test_a_utf16_mark_over_bytes_that_are_not_utf16_is_a_clear_error() -> None:
    with pytest.raises(BadInputError, match="not valid UTF-16 text"):
        parse_word_list(b"\xff\xfec")
