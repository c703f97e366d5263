"""``boardsight solve``, ``boardsight check`` and ``boardsight tournament standings``.

Every BOARD argument goes through :func:`boardsight.boggle.parse.board_from_argument`
(board text, a text file, a dataset JSON file or a photo of the tray), then the ``--fix CELL=FACE``
overrides; the human output starts with the board that was judged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardsight import app
from boardsight.app.boggle import is_photo
from boardsight.boggle.adjudicate import REPEATED, GameResult, PlayerResult, WordVerdict
from boardsight.boggle.board import Board
from boardsight.boggle.match import rounds_from_games
from boardsight.boggle.parse import apply_fixes, board_from_argument
from boardsight.boggle.results import append_result, read_results
from boardsight.boggle.rules import BUNDLED_RULES, DEFAULT_RULES, Rules, load_rules
from boardsight.boggle.standings import standings as rank_players
from boardsight.boggle.verify import WordStatus
from boardsight.boggle.wordlists import read_challenges
from boardsight.cli.errors import GuardedTyper
from boardsight.cli.options import JsonOption, LexiconOption
from boardsight.cli.output import emit_json, format_table
from boardsight.cli.read_boggle import board_from_photo
from boardsight.cli.sheet_lists import read_lists, sheet_lines
from boardsight.errors import BadInputError
from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon

BoardArgument = Annotated[
    str,
    typer.Argument(
        help="The board: text such as RNAAN/OMENC/YTEWE/LIPIE/E(QU)FTO or perslatgsineters, "
        "a text file, a dataset JSON file, or a photo of the tray (.jpg, .png, .webp).",
        show_default=False,
    ),
]
RulesOption = Annotated[
    str,
    typer.Option("--rules", "-r", help=f"Rules: {', '.join(BUNDLED_RULES)}, or the path of a rules file."),
]
FixOption = Annotated[
    list[str] | None,
    typer.Option(
        "--fix", help="Override a cell, e.g. --fix B3=QU (column B, row 3; A1 is top-left). Repeatable."
    ),
]

tournament_app = GuardedTyper(help="Tournament standings from a results file.")


def board_for(argument: str, fixes: list[str] | None) -> Board:
    """The board a BOARD argument names (a photo is read with the tray reader), with ``--fix`` applied."""
    board = board_from_photo(Path(argument)) if is_photo(argument) else board_from_argument(argument)
    return apply_fixes(board, fixes or [])


def _heading(board: Board, rules: Rules, lexicon_name: str) -> str:
    return f"board {board.rows}x{board.cols}, rules {rules.name}, lexicon {lexicon_name}\n{board.render()}\n"


def _path_text(board: Board, path: tuple[int, ...] | None) -> str:
    return "-".join(board.path_names(path)) if path else ""


def solve(
    board: BoardArgument,
    rules_name: RulesOption = DEFAULT_RULES,
    lexicon_name: LexiconOption = DEFAULT_LEXICON,
    fix: FixOption = None,
    top: Annotated[int, typer.Option("--top", "-n", min=0, help="Show the best N words (0: all).")] = 0,
    min_length: Annotated[
        int, typer.Option("--min-length", min=0, help="Show only words of at least N letters.")
    ] = 0,
    json_output: JsonOption = False,
) -> None:
    """Print every word on BOARD (or the best --top N) with its points and one path, and the board's total."""
    judged = board_for(board, fix)
    rules = load_rules(rules_name)
    lexicon = load_lexicon(lexicon_name)
    solution = app.solve_boggle(judged, rules=rules, lexicon=lexicon)
    limit = top or None
    if json_output:
        emit_json(solution.as_json(limit, min_length=min_length))
        return
    typer.echo(_heading(judged, rules, lexicon.name))
    shown = solution.best(limit, min_length=min_length)
    rows = [[found.word, found.points, _path_text(judged, found.path)] for found in shown]
    if rows:
        typer.echo(format_table(["word", "points", "path"], rows, align="lr"))
        typer.echo("")
    if len(shown) < len(solution):
        length = f" of {min_length}+ letters" if min_length else ""
        typer.echo(f"showing {len(shown):,} word(s){length}; --top 0 --min-length 0 lists every word")
    typer.echo(f"{len(solution):,} words, {solution.total_points:,} points")


def _challenge_text(verdict: WordVerdict) -> str:
    if verdict.challenge is None:
        return ""
    change = f"+{verdict.bonus}" if verdict.bonus else f"-{verdict.penalty}"
    return f"{verdict.challenge.value} ({change})"


def _verdict_text(verdict: WordVerdict) -> str:
    label = verdict.status.replace("_", " ")
    notes = []
    if verdict.crossed_off:
        notes.append(f"crossed off: also on {', '.join(verdict.shared_with)}'s list")
    elif verdict.status not in (REPEATED, WordStatus.VALID) and verdict.counted:
        notes.append("stands: not challenged")
    return label + (f" ({'; '.join(notes)})" if notes else "")


def _player_table(result: GameResult, player: PlayerResult) -> str:
    rows = [
        [
            verdict.written,
            _verdict_text(verdict),
            verdict.points,
            _challenge_text(verdict),
            verdict.score,
            _path_text(result.board, verdict.path),
        ]
        for verdict in player.verdicts
    ]
    return format_table(["word", "verdict", "points", "challenge", "score", "path"], rows, align="llrlrl")


def _print_game(result: GameResult, challenges: int, *, asked_for_all: bool = False) -> None:
    typer.echo(_heading(result.board, result.rules, result.lexicon_name))
    if result.rules.judging == "all":
        typer.echo(f"judging: every word ({result.rules.name} rules)")
    elif result.challenge_all and asked_for_all:
        typer.echo("judging: every word (computer check of all lists)")
    elif result.challenge_all:
        typer.echo(
            "judging: every word (no challenge file: the computer checks all lists; "
            "--only-challenged judges challenged words only)"
        )
    else:
        typer.echo(f"judging: challenged words only ({challenges} challenge{'s' if challenges != 1 else ''})")
    for player in result.players:
        typer.echo(f"\n{player.name}: raw score {player.raw_score}")
        typer.echo(_player_table(result, player))
    summary = [
        [
            player.name,
            len(player.verdicts),
            sum(1 for verdict in player.verdicts if verdict.counted),
            player.word_points,
            player.penalties,
            player.bonuses,
            player.raw_score,
        ]
        for player in result.players
    ]
    typer.echo("")
    typer.echo(
        format_table(
            ["player", "written", "counted", "word points", "penalties", "bonuses", "raw score"],
            summary,
            align="lrrrrrr",
        )
    )
    leaders = result.leaders
    best = result.player(leaders[0]).raw_score
    if len(leaders) == 1:
        typer.echo(f"\nleader: {leaders[0]} with {best}")
    else:
        typer.echo(f"\ntied at {best}: {', '.join(leaders)}")
    if result.board_words is not None:
        typer.echo(f"the board holds {result.board_words:,} words worth {result.board_points:,} points")
    if result.missed:
        typer.echo("\nbest words nobody wrote:")
        rows = [[found.word, found.points, _path_text(result.board, found.path)] for found in result.missed]
        typer.echo(format_table(["word", "points", "path"], rows, align="lrl"))


def _record(path: Path, result: GameResult, round_number: int | None, game: int | None) -> None:
    if round_number is None or game is None:
        raise BadInputError("--record needs --round and --game-number")
    if len(result.players) != 2:
        raise BadInputError(f"--record needs exactly two players, not {len(result.players)}")
    first, second = result.players
    append_result(path, round_number, game, (first.name, second.name), (first.raw_score, second.raw_score))


def check(
    board: BoardArgument,
    lists: Annotated[
        list[str],
        typer.Argument(
            help="Word lists, one word a line, or photos of score sheets: PATH (the player is the "
            "file's stem) or NAME=PATH.",
            show_default=False,
        ),
    ],
    rules_name: RulesOption = DEFAULT_RULES,
    lexicon_name: LexiconOption = DEFAULT_LEXICON,
    challenges: Annotated[
        Path | None,
        typer.Option("--challenges", "-c", help="Challenge file: lines 'PLAYER: WORD [WORD ...]'."),
    ] = None,
    challenge_all: Annotated[
        bool,
        typer.Option(
            "--challenge-all",
            help="Challenge every word (the computer check of NTU 4.10): the default without --challenges.",
        ),
    ] = False,
    only_challenged: Annotated[
        bool,
        typer.Option(
            "--only-challenged",
            help="Judge only challenged words even without --challenges (unchallenged words stand).",
        ),
    ] = False,
    missed: Annotated[
        int, typer.Option("--missed", min=0, help="Also show the N best words nobody wrote.")
    ] = 0,
    fix: FixOption = None,
    record: Annotated[
        Path | None,
        typer.Option("--record", help="Append this game's raw scores to a results CSV (two players)."),
    ] = None,
    round_number: Annotated[
        int | None, typer.Option("--round", min=1, help="Round number for --record.")
    ] = None,
    game: Annotated[
        int | None,
        typer.Option("--game-number", min=1, help="Game number within the round, for --record."),
    ] = None,
    old_game: Annotated[int | None, typer.Option("--game", min=1, hidden=True)] = None,
    accept: Annotated[
        list[str] | None,
        typer.Option(
            "--accept", help="Settle a doubtful word of a sheet photo: PLAYER:NUMBER=WORD. Repeatable."
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Judge the players' word lists for BOARD: a verdict and score per word, a raw score per player.

    Without --challenges (and without sheet photos) every word is judged (the computer check
    of all lists) and the output says so; with a challenge file, or the words circled on
    sheet photos, only the challenged words are, as NTU play does.

    A list may be a photo of the player's score sheet: cancelled words are not claimed, circled
    words are the challenges (unless --challenges is given), and the written total is checked.
    """
    game = game if game is not None else old_game
    if challenges is not None and challenge_all:
        raise BadInputError("give --challenges FILE or --challenge-all, not both")
    if only_challenged and challenge_all:
        raise BadInputError("give --only-challenged or --challenge-all, not both")
    if record is None and (round_number is not None or game is not None):
        raise BadInputError("--round and --game-number only go with --record FILE")
    judged = board_for(board, fix)
    rules = load_rules(rules_name)
    lexicon = load_lexicon(lexicon_name)
    player_lists, sheets = read_lists(lists, judged, lexicon_name, accept or [])
    if challenges is not None:
        challenge_list = read_challenges(challenges)
    elif challenge_all or rules.judging != "challenge":
        challenge_list = []
    else:  # the words circled on the sheets
        challenge_list = [challenge for sheet in sheets for challenge in sheet.challenges]
    result = app.judge_boggle(
        judged,
        player_lists,
        rules=rules,
        lexicon=lexicon,
        challenges=challenge_list,
        challenge_all=True if challenge_all else (False if only_challenged or sheets else None),
        missed=missed,
    )
    if record is not None:
        _record(record, result, round_number, game)
    scores = {player.name: player.raw_score for player in result.players}
    if json_output:
        payload = result.as_json()
        if sheets:
            payload["sheets"] = [sheet.to_json(scores.get(sheet.player.name)) for sheet in sheets]
        emit_json(payload)
    else:
        _print_game(result, len(challenge_list), asked_for_all=challenge_all)
        for line in sheet_lines(sheets, scores):
            typer.echo(line)


@tournament_app.command("standings")
def tournament_standings(
    results: Annotated[
        Path,
        typer.Argument(help="Results CSV: round,game,player1,score1,player2,score2.", show_default=False),
    ],
    rules_name: RulesOption = DEFAULT_RULES,
    json_output: JsonOption = False,
) -> None:
    """Rank players by match points, then spread, then the progressive tiebreak."""
    rules = load_rules(rules_name)
    rounds = rounds_from_games(read_results(results), rules.match, str(results))
    table = rank_players(rounds)
    if json_output:
        emit_json(
            {
                "rules": rules.name,
                "rounds": [
                    {
                        "round": result.round,
                        "players": list(result.players),
                        "totals": list(result.totals),
                        "winner": result.winner,
                        "spread": result.spread,
                        "match_points": list(result.match_points),
                    }
                    for result in rounds
                ],
                "standings": [row.as_json() for row in table],
            }
        )
        return
    cap = rules.match.spread_cap
    typer.echo(
        f"rules {rules.name}: {rules.match.games_per_round} game(s) a round, "
        f"spread {'capped at ' + str(cap) if cap is not None else 'not capped'} a round"
    )
    rows = [
        [
            row.rank,
            row.player,
            f"{row.match_points:g}",
            f"{row.spread:+d}",
            f"{row.progressive:g}",
            f"{row.wins}-{row.draws}-{row.losses}",
        ]
        for row in table
    ]
    typer.echo(
        format_table(
            ["rank", "player", "match points", "spread", "progressive", "W-D-L"], rows, align="rlrrrr"
        )
    )
