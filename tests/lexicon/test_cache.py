import array

import pytest

from boardsight.lexicon import cache


def test_container_round_trip() -> None:
    numbers = array.array("i", [1, -2, 3])
    blob = cache.encode_container({"name": "x"}, {"raw": b"abc", "numbers": numbers})
    meta, sections = cache.decode_container(blob)
    assert meta == {"name": "x"}
    assert sections["raw"] == b"abc"
    assert sections["numbers"] == numbers


def test_damaged_container_is_rejected() -> None:
    blob = cache.encode_container({}, {"raw": b"abcdef"})
    with pytest.raises(ValueError):
        cache.decode_container(b"NOTACACHE" + blob)
    with pytest.raises(ValueError):
        cache.decode_container(blob[:-2])


def test_load_or_build_builds_once_then_reads(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOARDSIGHT_CACHE_DIR", str(tmp_path))
    calls = []

    def build():
        calls.append(1)
        return {"v": 1}, {"data": b"payload"}

    first = cache.load_or_build("demo", "key1", build)
    second = cache.load_or_build("demo", "key1", build)
    assert first == second == ({"v": 1}, {"data": b"payload"})
    assert len(calls) == 1


def test_corrupt_cache_file_is_rebuilt(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOARDSIGHT_CACHE_DIR", str(tmp_path))
    (tmp_path / "demo-key2.bin").write_bytes(b"garbage")
    meta, _ = cache.load_or_build("demo", "key2", lambda: ({"fresh": True}, {}))
    assert meta == {"fresh": True}


def test_unwritable_cache_folder_still_works(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BOARDSIGHT_CACHE_DIR", str(blocker / "cache"))
    meta, sections = cache.load_or_build("demo", "key3", lambda: ({"ok": 1}, {"d": b"x"}))
    assert meta == {"ok": 1}
    assert sections == {"d": b"x"}
