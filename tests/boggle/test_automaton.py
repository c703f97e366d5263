from boardsight.boggle.automaton import ROOT, automaton_for, build_automaton
from boardsight.lexicon import Lexicon, load_lexicon


def test_minimal_automaton_shares_suffixes() -> None:
    alphabet, states, edges, terminal = build_automaton(["CAT", "CATS", "HAT", "HATS"])
    assert alphabet == "ACHST"
    # C and H lead to one state, then A, T (a word end), S (a word end): 5 states plus "no state" 0.
    assert states == 6
    assert len(edges) == 5
    assert sum(terminal) == 2


def test_accepts_exactly_the_long_enough_words() -> None:
    lexicon = Lexicon.from_words(["qi", "qat", "quiet", "suq", "tea", "teas"])
    automaton = automaton_for(lexicon, 3)
    assert [automaton.accepts(word) for word in ("QAT", "QUIET", "SUQ", "TEA", "TEAS")] == [True] * 5
    assert not any(automaton.accepts(word) for word in ("QI", "TE", "QUIE", "TEASE", "", "Z"))
    assert automaton.table("QU")[automaton.table("Q")[ROOT]] == 0
    assert automaton.table("QU")[ROOT] == automaton.table("U")[automaton.table("Q")[ROOT]]


def test_empty_word_set() -> None:
    automaton = automaton_for(Lexicon.from_words(["ab"]), 3)
    assert not automaton.accepts("AB")


def test_enable_automaton_is_read_back_from_the_cache(isolated_cache) -> None:
    from boardsight.boggle import automaton as module

    module._COMPILED.clear()  # built here, into this session's cache, whatever ran before
    lexicon = load_lexicon("enable")
    built = automaton_for(lexicon, 3)
    assert list(isolated_cache.glob("boggle-automaton-*.bin"))
    module._COMPILED.clear()
    again = automaton_for(lexicon, 3)
    assert again is not built
    assert again.states == built.states
    assert again.accepts("QUIXOTRY") and not again.accepts("QI")


def test_a_cache_entry_of_the_wrong_shape_is_rebuilt(isolated_cache) -> None:
    from boardsight.boggle import automaton as module
    from boardsight.lexicon.cache import encode_container

    lexicon = load_lexicon("enable")
    automaton_for(lexicon, 4)
    path = isolated_cache / f"{module.CACHE_KIND}-{module.cache_key(lexicon, 4)}.bin"
    assert path.is_file()
    damaged = encode_container({"alphabet": "AB", "states": 9}, {"tables": b"", "info": b""})
    path.write_bytes(damaged)
    module._COMPILED.clear()
    assert automaton_for(lexicon, 4).accepts("QUIXOTRY")
    assert path.read_bytes() != damaged
