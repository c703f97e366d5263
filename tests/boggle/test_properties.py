"""Property tests: the solver against a brute-force enumeration of paths on small boards."""

from boggle_paths import every_spelling, spelled
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsight.boggle import Board, load_rules, solve
from boardsight.boggle.verify import find_path
from boardsight.lexicon import Lexicon

FACES = ["A", "E", "S", "T", "U", "Q", "QU", "TH", "HE", "#"]
LETTERS = "AEHQSTU"
MAX_LETTERS = 7


@st.composite
def boards(draw: st.DrawFn) -> Board:
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, 3))
    faces = draw(st.lists(st.sampled_from(FACES), min_size=rows * cols, max_size=rows * cols))
    return Board(rows, cols, tuple(faces))


words = st.text(alphabet=LETTERS, min_size=1, max_size=MAX_LETTERS)
rule_names = st.sampled_from(["ntu", "hasbro", "big-boggle"])


def lexicon_for(board: Board, extra: list[str], picks: list[int], qu_readings: tuple[str, ...]) -> Lexicon:
    """Random words plus some that the board really spells, so that most examples find words."""
    on_board = sorted(every_spelling(board, qu_readings, MAX_LETTERS))
    chosen = [on_board[pick % len(on_board)] for pick in picks] if on_board else []
    return Lexicon.from_words(extra + chosen)


@settings(max_examples=150, deadline=None)
@given(
    board=boards(),
    extra=st.lists(words, max_size=25),
    picks=st.lists(st.integers(0, 10_000), max_size=25),
    rules_name=rule_names,
)
def test_solver_finds_exactly_what_brute_force_finds(board, extra, picks, rules_name) -> None:
    rules = load_rules(rules_name)
    lexicon = lexicon_for(board, extra, picks, rules.qu_readings)
    solution = solve(board, lexicon, rules)
    found = {item.word for item in solution.words}
    spellings = every_spelling(board, rules.qu_readings, MAX_LETTERS)
    expected = {word for word in lexicon.words if len(word) >= rules.min_length and word in spellings}
    assert found == expected
    for item in solution.words:
        assert spelled(board, item.path, item.word, rules.qu_readings)
        assert item.points == rules.points(item.word)


@settings(max_examples=150, deadline=None)
@given(board=boards(), word=words, rules_name=rule_names)
def test_find_path_agrees_with_brute_force(board, word, rules_name) -> None:
    rules = load_rules(rules_name)
    path = find_path(board, word, rules.qu_readings)
    assert (path is not None) == (word in every_spelling(board, rules.qu_readings, MAX_LETTERS))
    if path is not None:
        assert spelled(board, path, word, rules.qu_readings)
