import pytest

from boardsight.lexicon import fold_word


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("café", "CAFE"),
        ("Smörgåsbord", "SMORGASBORD"),
        ("naïve", "NAIVE"),
        ("qat", "QAT"),
    ],
)
def test_english_folds_every_accent(written: str, folded: str) -> None:
    assert fold_word(written, "english") == folded


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("idé", "IDE"),  # é counts as E
        ("à", "A"),
        ("crêpe", "CREPE"),
        ("señor", "SENOR"),
        ("façade", "FACADE"),
        ("åsna", "ÅSNA"),  # Å Ä Ö are letters of their own
        ("äpple", "ÄPPLE"),
        ("öga", "ÖGA"),
        ("müsli", "MÜSLI"),  # Ü is its own letter, never U or Y
        ("ækvator", "ÆKVATOR"),  # Æ is its own letter, never Ä or AE
    ],
)
def test_swedish_folding_follows_the_association_rules(written: str, folded: str) -> None:
    assert fold_word(written, "swedish") == folded


def test_swedish_own_letters_survive_decomposed_input() -> None:
    decomposed_a_ring = "a\u030a"  # 'a' + combining ring above
    assert fold_word(decomposed_a_ring + "r", "swedish") == "ÅR"
    assert fold_word("u\u0308", "swedish") == "Ü"
