import pytest

from boardsight.boggle.rules import BUNDLED_RULES, load_rules, parse_rules
from boardsight.errors import BadInputError, NotFoundError


def points_by_length(name: str) -> dict[int, int]:
    rules = load_rules(name)
    return {length: rules.points("X" * length) for length in range(1, 12)}


def test_ntu_tables_as_the_issue_states() -> None:
    rules = load_rules("ntu")
    assert points_by_length("ntu") == {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 3, 7: 5, 8: 7, 9: 7, 10: 7, 11: 7}
    assert [rules.penalty("X" * n) for n in range(3, 11)] == [1, 1, 1, 2, 3, 4, 4, 4]
    assert rules.qu_readings == ("QU", "Q")
    assert (rules.min_length, rules.shared_words, rules.judging) == (3, "score", "challenge")
    assert (rules.match.games_per_round, rules.match.spread_cap) == (2, 200)
    assert (rules.match.win, rules.match.draw, rules.match.loss) == (1.0, 0.5, 0.0)


def test_hasbro_and_big_boggle_tables() -> None:
    assert points_by_length("hasbro") == {
        1: 0,
        2: 0,
        3: 1,
        4: 1,
        5: 2,
        6: 3,
        7: 5,
        8: 11,
        9: 11,
        10: 11,
        11: 11,
    }
    assert points_by_length("big-boggle") == {
        1: 0,
        2: 0,
        3: 0,
        4: 1,
        5: 2,
        6: 3,
        7: 5,
        8: 11,
        9: 11,
        10: 11,
        11: 11,
    }
    for name in ("hasbro", "big-boggle"):
        rules = load_rules(name)
        assert rules.qu_readings == ("QU",)
        assert (rules.shared_words, rules.judging, rules.penalty_table) == ("cancel", "all", None)


def test_word_length_is_letters_as_spelled() -> None:
    assert load_rules("hasbro").points("QUEEN") == 2


def test_every_bundled_file_loads_and_names_itself() -> None:
    for name in BUNDLED_RULES:
        assert load_rules(name).name == name


def rules_text(**fields: object) -> str:
    """A small rules file: the given top-level fields, then any ``tables`` as TOML tables."""
    tables = fields.pop("tables", {})
    lines = [f"{key} = {value!r}".replace("'", '"') for key, value in fields.items()]
    for table, rows in tables.items():  # type: ignore[union-attr]
        lines.append(f"[{table}]")
        lines.extend(f"{key} = {value}" for key, value in rows.items())
    return "\n".join(lines) + "\n"


BASE = {"name": "x", "min_length": 3, "qu": "qu", "shared_words": "score", "judging": "all"}


def test_a_user_rules_file(tmp_path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(rules_text(**{**BASE, "min_length": 2, "qu": "qu-or-q"}, tables={"points": {2: 1, 5: 4}}))
    rules = load_rules(path)
    assert [rules.points("X" * n) for n in range(1, 8)] == [0, 1, 1, 1, 4, 4, 4]
    assert rules.qu_readings == ("QU", "Q")
    assert rules.match.spread_cap is None


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("name = ", "not a valid TOML"),
        (rules_text(**{**BASE, "qu": "q"}, tables={"points": {3: 1}}), "qu must be"),
        (rules_text(name="x", min_length=0), "min_length"),
        (rules_text(**{**BASE, "judging": "challenge"}, tables={"points": {3: 1}}), "challenge_penalty"),
        (rules_text(**BASE, tables={"points": {"three": 1}}), "word length"),
        (rules_text(**BASE, tables={"points": {3: -1}}), "whole number"),
        (rules_text(name="x", min_lenght=3), "unknown key 'min_lenght'"),
        (rules_text(**BASE, tables={"points": {3: 1}, "match": {"cap": 2}}), "unknown [match] key"),
        (rules_text(**BASE, tables={"points": {3: 1}, "match": {"games_per_round": 0}}), "games_per_round"),
    ],
)
def test_bad_rules_files(text: str, needle: str) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_rules(text, "house.toml")
    assert needle in str(caught.value)
    assert str(caught.value).startswith("house.toml: ")


def test_unknown_rules_name() -> None:
    with pytest.raises(NotFoundError, match="bundled: ntu, hasbro, big-boggle"):
        load_rules("scrabble")
