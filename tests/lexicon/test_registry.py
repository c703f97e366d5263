from pathlib import Path

import pytest

from boardsight.errors import BadInputError, NotFoundError
from boardsight.lexicon import Lexicon, load_lexicon
from boardsight.lexicon.registry import _load_cached


@pytest.fixture(autouse=True)
def fresh_memo():
    _load_cached.cache_clear()
    yield
    _load_cached.cache_clear()


def test_bundled_enable_has_every_word() -> None:
    lexicon = load_lexicon("enable")
    assert len(lexicon) == 173_528
    assert lexicon.info.dropped["total"] == 0
    assert "public domain" in lexicon.info.licence


def test_enable_answers_the_classic_queries() -> None:
    lexicon = load_lexicon("enable")
    assert "qat" in lexicon
    assert "SUQ" in lexicon
    assert "QI" not in lexicon  # ENABLE2K predates QI
    assert "xyzzy" not in lexicon
    assert lexicon.has_prefix("xyl")
    assert not lexicon.has_prefix("xq")
    assert lexicon.words_with_prefix("zyzz") == ["ZYZZYVA", "ZYZZYVAS"]


def test_second_load_reads_the_cache(isolated_cache: Path) -> None:
    first = load_lexicon("enable")
    _load_cached.cache_clear()
    second = load_lexicon("enable")
    assert first.sorted_words == second.sorted_words
    assert list(isolated_cache.glob("lexicon-*.bin"))


def test_file_lexicon_reports_drops_and_folding(tmp_path: Path) -> None:
    path = tmp_path / "svenska.txt"
    path.write_bytes("åsna\nidé\nett-två\n".encode("latin-1"))
    lexicon = load_lexicon(path)
    assert lexicon.info.folding == "swedish"
    assert lexicon.info.encoding == "latin-1"
    assert lexicon.info.dropped["hyphens"] == 1
    assert "ÅSNA" in lexicon and "IDE" in lexicon and "idé" in lexicon


def test_changed_file_is_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("cat\n")
    assert "CAT" in load_lexicon(path)
    _load_cached.cache_clear()
    path.write_text("dog\n")
    reloaded = load_lexicon(path)
    assert "DOG" in reloaded and "CAT" not in reloaded


def test_missing_file_and_unknown_name_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError, match="does not exist"):
        load_lexicon(tmp_path / "nope.txt")
    with pytest.raises(NotFoundError, match="no lexicon named 'klingon'"):
        load_lexicon("klingon")


def test_folder_is_not_a_word_list(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="folder"):
        load_lexicon(tmp_path)


def test_swedish_missing_says_how_to_install(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOARDSIGHT_SWEDISH", str(tmp_path / "absent"))
    with pytest.raises(NotFoundError, match="apt-get install wswedish"):
        load_lexicon("sv")


def test_swedish_named_lexicon_drops_proper_nouns(monkeypatch, tmp_path: Path) -> None:
    path = tmp_path / "swedish"
    path.write_bytes("Abisko\nabborre\nåsna\n".encode("latin-1"))
    monkeypatch.setenv("BOARDSIGHT_SWEDISH", str(path))
    lexicon = load_lexicon("sv")
    assert lexicon.sorted_words == ["ABBORRE", "ÅSNA"]
    assert lexicon.info.dropped["proper_nouns"] == 1


def test_in_memory_lexicon() -> None:
    lexicon = Lexicon.from_words(["aa", "ab"])
    assert "AA" in lexicon and "ab" in lexicon and "ba" not in lexicon
    assert lexicon.alphabet == "AB"
