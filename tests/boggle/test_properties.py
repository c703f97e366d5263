"""Property tests: the solver against a brute-force enumeration of paths on small boards."""

from boggle_paths import every_spelling, spelled
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsight.boggle import Board, load_rules, solve
from boardsight.boggle.adjudicate import adjudicate
from boardsight.boggle.verify import find_path
from boardsight.boggle.wordlists import PlayerList
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


ADJUDICATION_BOARD = Board(3, 3, ("S", "T", "A", "U", "QU", "R", "T", "A", "E"))
ADJUDICATION_WORDS = Lexicon.from_words(
    ["star", "rate", "tear", "tea", "eat", "quest", "suq", "quate", "arts", "qat"]
)
WRITTEN = [*sorted(ADJUDICATION_WORDS.words), "TAES", "XYZ", "AT", "QAT", "RATES"]


def valid_words(rules_name: str) -> set[str]:
    """The written words that stand under the rules, by brute force over every path."""
    rules = load_rules(rules_name)
    spellings = every_spelling(ADJUDICATION_BOARD, rules.qu_readings, ADJUDICATION_BOARD.size)
    return {
        word
        for word in WRITTEN
        if len(word) >= rules.min_length and word in spellings and word in ADJUDICATION_WORDS.words
    }


VALID = {name: valid_words(name) for name in ("ntu", "hasbro")}


@settings(max_examples=100, deadline=None)
@given(lists=st.lists(st.lists(st.sampled_from(WRITTEN), max_size=8), min_size=1, max_size=3))
def test_raw_scores_follow_the_simple_formulas(lists) -> None:
    players = [
        PlayerList(f"p{i}", tuple(words), tuple(range(1, len(words) + 1))) for i, words in enumerate(lists)
    ]
    for rules_name, valid in VALID.items():
        rules = load_rules(rules_name)
        plain = adjudicate(ADJUDICATION_BOARD, players, ADJUDICATION_WORDS, rules)
        checked = adjudicate(ADJUDICATION_BOARD, players, ADJUDICATION_WORDS, rules, challenge_all=True)
        for index, player in enumerate(players):
            distinct = set(lists[index])
            others = {word for other, words in enumerate(lists) if other != index for word in words}
            if rules_name == "ntu":
                # Nothing challenged: every distinct word scores its points. Computer check: penalties.
                assert plain.player(player.name).raw_score == sum(rules.points(word) for word in distinct)
                expected = sum(rules.points(w) if w in valid else -rules.penalty(w) for w in distinct)
            else:
                # Every word judged; a word on another list is crossed off; no penalties.
                expected = sum(rules.points(w) for w in distinct if w in valid and w not in others)
                assert plain.player(player.name).raw_score == expected
            assert checked.player(player.name).raw_score == expected
