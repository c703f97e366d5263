"""Fuzzing the word-list reader: lists mutated, cut short, in other encodings, or random bytes."""

from fuzzing import FUZZ, inputs, reads_cleanly
from hypothesis import given

from boardsight.lexicon.wordlist import MAX_WORD_LETTERS, parse_word_list

ENGLISH = b"aa\naah\r\nqat\n\nDon't\nx-ray\nzymurgy\n"
SWEDISH = "äpple\nidé\nöga\nÅsa\n".encode("latin-1")
UTF16 = "cat\ndog\nmöte\n".encode("utf-16")


@FUZZ
@given(inputs(ENGLISH, SWEDISH, UTF16))
def test_the_word_list_reader_raises_only_one_line_errors(data: bytes) -> None:
    parsed = reads_cleanly(parse_word_list, data)
    if parsed is not None:
        assert parsed.words and all(0 < len(word) <= MAX_WORD_LETTERS for word in parsed.words)
