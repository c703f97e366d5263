from boardsight.datasets.synth.selfplay import self_play
from boardsight.lexicon import load_lexicon
from boardsight.scrabble.gcg_model import PLACEMENT
from boardsight.scrabble.replay import replay
from boardsight.scrabble.rules import load_rules


def test_self_play_replays_cleanly_and_is_reproducible() -> None:
    rules, lexicon = load_rules("naspa"), load_lexicon("enable")
    record = self_play(rules, lexicon, seed=4, turns=6)
    assert len(record.events) == 6
    assert [event.player for event in record.events] == [0, 1, 0, 1, 0, 1]
    assert record.events[0].kind == PLACEMENT
    assert replay(record, rules).disagreements == []
    again = self_play(rules, lexicon, seed=4, turns=6)
    assert [(e.position, e.tiles, e.score) for e in again.events] == [
        (e.position, e.tiles, e.score) for e in record.events
    ]
