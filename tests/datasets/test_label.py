import pytest
from labelled_sets import BOGGLE_GRID, boggle_sidecar, scrabble_sidecar

from boardsight.datasets import problems as kinds
from boardsight.datasets.label import InvalidLabelError, Label, format_sidecar, label_problems
from boardsight.datasets.tokens import is_valid_token


def _kinds(payload, size=None) -> list[str]:
    return [problem.kind for problem in label_problems(payload, size) if problem.is_error]


def test_valid_sidecars_have_no_problems() -> None:
    assert label_problems(boggle_sidecar(), (200, 160)) == []
    assert label_problems(scrabble_sidecar(), (200, 160)) == []
    assert label_problems(scrabble_sidecar(grid=None), (200, 160)) == []  # corners only
    assert label_problems(boggle_sidecar(corners=None)) == []
    payload = boggle_sidecar()
    del payload["corners"]
    assert label_problems(payload) == []


@pytest.mark.parametrize(
    ("game", "token", "valid"),
    [
        ("boggle", "A", True),
        ("boggle", "QU", True),
        ("boggle", "TH", True),
        ("boggle", "#", True),
        ("boggle", "Q", True),
        ("boggle", "a", False),
        ("boggle", ".", False),
        ("boggle", "Å", False),
        ("boggle", "QQ", False),
        ("scrabble", "Z", True),
        ("scrabble", "Ö", True),
        ("scrabble", ".", True),
        ("scrabble", "?", True),
        ("scrabble", "e", True),
        ("scrabble", "QU", False),
        ("scrabble", "#", False),
        ("scrabble", "", False),
        ("scrabble", "1", False),
        ("scrabble", 5, False),
        ("scrabble", None, False),
    ],
)
def test_tokens_per_game(game: str, token: object, valid: bool) -> None:
    assert is_valid_token(game, token) is valid


@pytest.mark.parametrize(
    ("payload", "kind"),
    [
        ([1, 2], kinds.BAD_JSON),
        ({k: v for k, v in boggle_sidecar().items() if k != "rows"}, kinds.MISSING_FIELD),
        ({k: v for k, v in boggle_sidecar().items() if k != "grid"}, kinds.MISSING_FIELD),
        (boggle_sidecar(game="chess"), kinds.WRONG_GAME),
        (boggle_sidecar(game=None), kinds.WRONG_GAME),
        (boggle_sidecar(rows=3), kinds.BAD_SIZE),
        (boggle_sidecar(rows="4"), kinds.BAD_SIZE),
        (boggle_sidecar(rows=True), kinds.BAD_SIZE),
        (boggle_sidecar(rows=5, cols=4), kinds.BAD_SIZE),
        (scrabble_sidecar(rows=11, cols=11), kinds.BAD_SIZE),
        (boggle_sidecar(grid=[*BOGGLE_GRID, ["A", "B", "C", "D"]]), kinds.GRID_SHAPE),
        (boggle_sidecar(grid=[BOGGLE_GRID[0], ["A", "B"], *BOGGLE_GRID[2:]]), kinds.GRID_SHAPE),
        (boggle_sidecar(grid=[[*row, "A"] for row in BOGGLE_GRID]), kinds.GRID_SHAPE),
        (boggle_sidecar(grid="ABCD"), kinds.GRID_SHAPE),
        (boggle_sidecar(grid=[["A", "B", "C", "d"], *BOGGLE_GRID[1:]]), kinds.BAD_TOKEN),
        (boggle_sidecar(corners=[[0, 0], [1, 0], [1, 1]]), kinds.BAD_CORNERS),
        (boggle_sidecar(corners=[[0, 0], [1, 0], [1, "1"], [0, 1]]), kinds.BAD_CORNERS),
        (boggle_sidecar(corners={"tl": [0, 0]}), kinds.BAD_CORNERS),
        (boggle_sidecar(corners=[[20, 10], [180, 12], [22, 148], [178, 150]]), kinds.CORNERS_ORDER),
        (boggle_sidecar(corners=[[20, 10], [22, 148], [178, 150], [180, 12]]), kinds.CORNERS_ORDER),
        (boggle_sidecar(grid=None, corners=None), kinds.NOTHING_LABELLED),
    ],
)
def test_each_kind_of_broken_sidecar(payload: object, kind: str) -> None:
    assert kind in _kinds(payload)


def test_every_bad_token_is_listed_with_its_cell() -> None:
    grid = [list(row) for row in BOGGLE_GRID]
    grid[1][2] = "g"
    grid[3][0] = "."
    found = label_problems(boggle_sidecar(grid=grid))
    assert [p.kind for p in found] == [kinds.BAD_TOKEN, kinds.BAD_TOKEN]
    assert "row 1, col 2" in found[0].message and "'g'" in found[0].message
    assert "row 3, col 0" in found[1].message


def test_corners_against_the_image() -> None:
    payload = boggle_sidecar(corners=[[20, 10], [300, 12], [178, 150], [22, 148]])
    assert _kinds(payload, (200, 160)) == [kinds.CORNERS_OUTSIDE]
    assert _kinds(payload) == []  # without the image's size, nothing to compare against
    # On the image's edge under either pixel convention: fine.
    edge = boggle_sidecar(corners=[[-0.5, -0.5], [200, 0], [200, 160], [0, 160]])
    assert label_problems(edge, (200, 160)) == []
    # A pixel or two past the edge is a warning, not an error.
    near = label_problems(boggle_sidecar(corners=[[0, 0], [201.5, 0], [200, 160], [0, 160]]), (200, 160))
    assert [(p.kind, p.severity) for p in near] == [(kinds.CORNERS_OUTSIDE, "warning")]


def test_label_round_trip_keeps_unknown_fields() -> None:
    label = Label.from_dict(scrabble_sidecar(extra={"nested": [1, 2]}))
    assert label.grid[7][5] == "Å" and label.corners[0] == (10.0, 5.0)
    assert label.extras == {"extra": {"nested": [1, 2]}}
    again = Label.from_dict(label.to_dict())
    assert again == label
    assert label.corners_array().shape == (4, 2)


def test_from_dict_raises_on_errors() -> None:
    with pytest.raises(InvalidLabelError, match=r"bad token 'x'.*and 1 more"):
        Label.from_dict(boggle_sidecar(grid=[["x", "y", "C", "D"], *BOGGLE_GRID[1:]]))


def test_sidecar_text_keeps_rows_on_one_line() -> None:
    text = format_sidecar(Label.from_dict(boggle_sidecar()).to_dict())
    assert '    ["A", "B", "C", "D"],\n' in text
    assert "    [20, 10],\n" in text
    assert '"notes": "made by a test"' in text
