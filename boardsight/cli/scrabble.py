"""``boardsight scrabble``: replay GCG records, list the legal moves of a position, score a move."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight.app.scrabble import (
    lexicon_for,
    move_word,
    replay_record,
    score_move,
    scrabble_exchanges,
    scrabble_moves,
)
from boardsight.cli.errors import GuardedTyper
from boardsight.cli.options import JsonOption
from boardsight.cli.output import emit_json, format_table
from boardsight.errors import BadInputError
from boardsight.lexicon import Lexicon
from boardsight.scrabble import load_rules
from boardsight.scrabble.cgp import to_cgp
from boardsight.scrabble.gcg_writer import move_text
from boardsight.scrabble.position import Position
from boardsight.scrabble.position_source import load_position  # reads board photos: see boardsight.app
from boardsight.scrabble.replay import ReplayResult

app = GuardedTyper(help="Replay Scrabble game records, find the legal moves of a position, score a move.")

RulesOption = Annotated[
    str, typer.Option("--rules", "-r", help="Rule set: naspa, wespa, swedish, casual, or a rules file.")
]
MaybeLexicon = Annotated[
    str | None,
    typer.Option("--lexicon", "-l", help="Lexicon name (enable, yawl, sv) or word-list path."),
]
CgpOption = Annotated[str | None, typer.Option("--cgp", help="The position as a CGP string.")]
TurnOption = Annotated[
    int | None, typer.Option("--turn", "-t", min=1, help="With a game record: the position before this turn.")
]
RackOption = Annotated[
    str | None,
    typer.Option("--rack", help="The rack, ? for a blank (default: the rack the record or CGP shows)."),
]
GameArgument = Annotated[
    Path | None,
    typer.Argument(help="A GCG game record, or a photo of a board (JPEG, PNG ...).", show_default=False),
]


def _rack_for(position: Position, rack: str | None) -> str:
    chosen = rack if rack is not None else position.rack
    if not chosen:
        raise BadInputError("no rack: give one with --rack (the position does not show the rack on turn)")
    return chosen


# -- replay ------------------------------------------------------------------------------------------
@app.command("replay")
def replay_command(
    game: Annotated[Path, typer.Argument(help="The GCG game record.")],
    rules_name: Annotated[
        str | None,
        typer.Option(
            "--rules",
            "-r",
            help="Rule set: naspa, wespa, swedish, casual, or a rules file "
            "(default: the rules the record shows, else naspa).",
        ),
    ] = None,
    lexicon_name: MaybeLexicon = None,
    json_output: JsonOption = False,
) -> None:
    """Replay a game, re-score every move and the totals, and report each disagreement with the record.

    Without --rules, the record's own challenge bonuses (five-point: WESPA) or the list its
    #lexicon names (CSW: WESPA, NWL: NASPA) choose the rules, and the summary says so.
    Exit status 1 when the record disagrees anywhere, 0 when everything agrees. With
    --lexicon, words not in it are listed too (a phony that stood is no disagreement).
    """
    rules = load_rules(rules_name) if rules_name else None
    result = replay_record(game, rules=rules, lexicon=lexicon_name)
    if rules_name:
        result.rules_reason = "named with --rules"
    lexicon = lexicon_for(result.rules, lexicon_name) if lexicon_name else None
    if json_output:
        emit_json(_replay_payload(result, lexicon))
    else:
        _print_replay(result, lexicon)
    if not result.ok:
        raise typer.Exit(1)


def _replay_payload(result: ReplayResult, lexicon: Lexicon | None) -> dict:
    record = result.record
    return {
        "file": record.source,
        "rules": result.rules.name,
        "rules_reason": result.rules_reason,
        "lexicon": lexicon.name if lexicon else None,
        "players": [{"nickname": p.nickname, "name": p.name} for p in record.players],
        "events": [
            {
                "line": item.event.line,
                "player": record.players[item.event.player].nickname,
                "kind": item.event.kind,
                "move": move_text(item.event),
                "recorded_score": item.event.score,
                "computed_score": item.computed_score,
                "cumulative": item.event.cumulative,
                "words": item.words,
                "reading": item.reading,
            }
            for item in result.events
        ],
        **result.outcome_json(),
    }


def _print_replay(result: ReplayResult, lexicon: Lexicon | None) -> None:
    record = result.record
    flagged = {d.line for d in result.disagreements}
    rows = []
    for item in result.events:
        event = item.event
        computed = "" if item.computed_score is None else f"{item.computed_score:+d}"
        rows.append(
            [
                event.line,
                record.players[event.player].nickname,
                move_text(event),
                f"{event.score:+d}",
                computed,
                event.cumulative,
                "DISAGREES" if event.line in flagged else item.reading,
            ]
        )
    typer.echo(
        format_table(["line", "player", "move", "recorded", "computed", "total", ""], rows, align="rllrrr")
    )
    typer.echo("")
    for disagreement in result.disagreements:
        typer.echo(f"line {disagreement.line}: {disagreement.kind}: {disagreement.message}")
    if lexicon is not None:
        if result.invalid_words:
            words = ", ".join(f"{w.word} (line {w.line})" for w in result.invalid_words)
            typer.echo(f"not in {lexicon.name}: {words}")
        else:
            typer.echo(f"every word is in {lexicon.name}")
    names = [player.nickname for player in record.players]
    totals = ", ".join(f"{name} {score}" for name, score in zip(names, result.final_scores, strict=True))
    state = "complete game" if result.complete else "incomplete game"
    verdict = "the record agrees" if result.ok else f"{len(result.disagreements)} disagreement(s)"
    typer.echo(f"rules {result.rules.name}: {result.rules_reason}")
    typer.echo(f"{state} under {result.rules.name} rules; computed totals: {totals}; {verdict}")


# -- moves -------------------------------------------------------------------------------------------
@app.command("moves")
def moves_command(
    game: GameArgument = None,
    cgp: CgpOption = None,
    turn: TurnOption = None,
    rack: RackOption = None,
    top: Annotated[int, typer.Option("--top", "-n", min=0, help="Show the best N moves (0: all).")] = 20,
    rules_name: RulesOption = "naspa",
    lexicon_name: MaybeLexicon = None,
    json_output: JsonOption = False,
) -> None:
    """List the legal moves for a rack on a position, best first, then the possible exchanges.

    The position comes from a game record (before --turn N, or after its last move) or from --cgp.
    """
    rules = load_rules(rules_name)
    position = load_position(game, cgp=cgp, rules=rules, turn=turn)
    chosen_rack = _rack_for(position, rack)
    lexicon = lexicon_for(rules, lexicon_name)
    moves = scrabble_moves(position, chosen_rack, lexicon=lexicon, rules=rules)
    shown = moves if top == 0 else moves[:top]
    exchanges = scrabble_exchanges(position, chosen_rack, rules=rules)
    if json_output:
        emit_json(
            {
                "position": to_cgp(position),
                "rack": chosen_rack,
                "lexicon": lexicon.name,
                "rules": rules.name,
                "count": len(moves),
                "moves": [
                    {
                        "position": m.position,
                        "word": move_word(position, m),
                        "tiles": m.tiles,
                        "score": m.score,
                        "row": m.row,
                        "col": m.col,
                    }
                    for m in shown
                ],
                "exchanges": [exchange.tiles for exchange in exchanges],
            }
        )
        return
    if not moves:
        typer.echo(f"no placement is possible with {chosen_rack}")
    else:
        rows = [
            [index, m.position, move_word(position, m), m.tiles, m.score]
            for index, m in enumerate(shown, start=1)
        ]
        typer.echo(format_table(["#", "position", "word", "tiles", "score"], rows, align="rlllr"))
        if len(shown) < len(moves):
            typer.echo(f"... {len(moves) - len(shown)} more ({len(moves)} in all; --top 0 lists every move)")
    if exchanges:
        typer.echo(f"exchanges: {len(exchanges)} (e.g. -{exchanges[-1].tiles})")
    else:
        typer.echo("exchanges: none (too few tiles in the bag)")


# -- score -------------------------------------------------------------------------------------------
@app.command("score")
def score_command(
    move_position: Annotated[str, typer.Argument(metavar="POSITION", help="Where: 8D across, D8 down.")],
    tiles: Annotated[
        str, typer.Argument(help="The tiles: lower case for a blank, '.' for a tile on the board.")
    ],
    game: Annotated[
        Path | None, typer.Option("--game", "-g", help="A GCG game record for the position.")
    ] = None,
    cgp: CgpOption = None,
    turn: TurnOption = None,
    rack: RackOption = None,
    rules_name: RulesOption = "naspa",
    lexicon_name: MaybeLexicon = None,
    json_output: JsonOption = False,
) -> None:
    """Score one proposed move on a position, or say exactly why it is illegal (exit status 1).

    The rack is checked when known (--rack, or the one the record or CGP shows).
    """
    rules = load_rules(rules_name)
    position = load_position(game, cgp=cgp, rules=rules, turn=turn)
    judged = score_move(position, move_position, tiles, rack=rack, rules=rules, lexicon=lexicon_name)
    resolved, violations, score = judged.placement, judged.violations, judged.score
    if violations or score is None:
        if json_output:
            emit_json(
                {
                    "move": f"{move_position.upper()} {tiles}",
                    "legal": False,
                    "violations": [{"rule": v.rule, "message": v.message} for v in violations],
                }
            )
        else:
            for violation in violations:
                typer.echo(f"illegal: {violation.message}")
        raise typer.Exit(1)
    if json_output:
        emit_json(
            {
                "move": f"{resolved.position} {resolved.tiles}",
                "legal": True,
                "score": score.total,
                "bingo_bonus": score.bingo_bonus,
                "words": [
                    {"word": s.word.word, "position": s.word.position, "score": s.score} for s in score.words
                ],
            }
        )
        return
    rows = [[s.word.word, s.word.position, s.score] for s in score.words]
    if score.bingo_bonus:
        rows.append(["(all tiles played)", "", score.bingo_bonus])
    typer.echo(format_table(["word", "at", "score"], rows, align="llr"))
    typer.echo(f"{resolved.position} {resolved.tiles} scores {score.total}")
