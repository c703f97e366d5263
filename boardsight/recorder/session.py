"""The game being recorded: turns stable board readings and typed commands into GCG events.

A stable reading is compared with the board of the record:

* the same tiles: nothing happens (a reading that disagrees with the record on a square
  that holds a tile is reported once and the record kept: tiles do not change letters);
* new tiles only: they must make one legal placement (:func:`~boardsight.scrabble.board_diff.diff_boards`);
  it is scored by the engine and written for the player on turn (players alternate; the
  rack is left out, as GCG allows). A blank's letter comes from the lexicon when exactly
  one letter makes every word valid, else the recorder asks (``fix H8 e``);
* exactly the tiles of the last play taken off: the play was challenged off, a withdrawn
  phony (``--``) is written;
* the last play's tiles rearranged soon after it was committed (the player was still
  laying them): the play is amended;
* anything else (a tile knocked aside, a misread, two moves at once): held and reported,
  never written, until the board or a correction makes sense of it.

Commands (:mod:`boardsight.recorder.commands`) record what the camera cannot see.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from boardsight.errors import BadInputError, BoardsightError
from boardsight.lexicon import Lexicon
from boardsight.recorder.commands import COMMAND_HELP, Command
from boardsight.recorder.gcg_log import GcgLog
from boardsight.scrabble.board import Board
from boardsight.scrabble.board_diff import BoardChangeError, DetectedMove, diff_boards
from boardsight.scrabble.coords import parse_position, parse_square, square_name
from boardsight.scrabble.game import OUT, SCORELESS, GameState
from boardsight.scrabble.gcg_model import (
    CHALLENGE,
    END_RACK_PENALTY,
    END_RACK_POINTS,
    EXCHANGE,
    PASS,
    PLACEMENT,
    TIME_PENALTY,
    WITHDRAWN,
    GcgEvent,
)
from boardsight.scrabble.gcg_writer import format_event
from boardsight.scrabble.move import Placement
from boardsight.scrabble.rack import unseen_tiles
from boardsight.scrabble.replay import replay
from boardsight.scrabble.rules import RuleSet, failed_challenge
from boardsight.scrabble.scoring import score_placement
from boardsight.scrabble.tileset import BLANK
from boardsight.scrabble.tokens import EMPTY
from boardsight.scrabble.validation import IllegalMoveError, check_placement

SAME, PLAY, WITHDRAW, AMEND, HOLD = "same", "play", "withdraw", "amend", "hold"
AMEND_WINDOW_S = 15.0


@dataclass(frozen=True)
class Message:
    """Something to tell the person recording: ``kind`` is ``move``, ``hold``, ``info``,
    ``warning`` or ``error``."""

    kind: str
    text: str


@dataclass
class Assessment:
    """What a stable reading means for the record (see the module docstring for the kinds)."""

    kind: str
    move: DetectedMove | None = None
    reason: str = ""
    phonies: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # squares where the record was kept over the reading


class GameSession:
    """A game under way, its record file, and what the camera last showed."""

    def __init__(self, log: GcgLog, rules: RuleSet, lexicon: Lexicon | None = None) -> None:
        self.log = log
        self.rules = rules
        self.lexicon = lexicon
        self.state = self._replayed_state()
        self.tileset = self.state.tileset
        self.corrections: dict[tuple[int, int], tuple[str, str]] = {}
        self.last_tokens: np.ndarray | None = None
        self.last_uncertain: frozenset[tuple[int, int]] = frozenset()
        self.suppressed: np.ndarray | None = None
        self.withdrawn: dict[tuple[int, int], str] = {}  # tiles of a withdrawn play not yet taken off
        self.finished = False
        self.quit_requested = False
        self._last_hold = ""
        self._reported_kept: set[str] = set()
        self._session_events = 0  # events written since this session began (undo and amend stay inside)
        self._last_play_time: float | None = None

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        path: str | Path,
        players: list[str],
        rules: RuleSet,
        lexicon: Lexicon | None = None,
        *,
        force: bool = False,
        pragmas: dict[str, str] | None = None,
    ) -> GameSession:
        """A new game recorded to ``path`` (never replacing a file unless ``force``)."""
        return cls(GcgLog.create(path, players, pragmas=pragmas, force=force), rules, lexicon)

    @classmethod
    def resume(cls, path: str | Path, rules: RuleSet, lexicon: Lexicon | None = None) -> GameSession:
        """Continue the game recorded in ``path``; it must replay cleanly under ``rules``."""
        log, record = GcgLog.resume(path)
        result = replay(record, rules)
        if result.disagreements:
            first = result.disagreements[0]
            raise BadInputError(f"cannot resume {path}: line {first.line}: {first.message}")
        if result.state.over and any(
            event.kind in (END_RACK_POINTS, END_RACK_PENALTY) for event in record.events
        ):
            raise BadInputError(f"cannot resume {path}: the game is over")
        return cls(log, rules, lexicon)

    def _replayed_state(self) -> GameState:
        if not self.log.events:
            return GameState.start(self.rules, len(self.log.players))
        return replay(self.log.record(), self.rules).state

    # -- what the camera sees ------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.state.board

    def player_name(self, index: int) -> str:
        return self.log.players[index].name

    def _corrected(self, tokens: np.ndarray, uncertain: frozenset[tuple[int, int]]) -> np.ndarray:
        fixed = tokens.copy()
        for square, (seen, meant) in list(self.corrections.items()):
            if square in uncertain or tokens[square] == seen:
                fixed[square] = meant
            else:
                del self.corrections[square]  # the square now clearly reads otherwise: the fix is spent
        return fixed

    def assess(
        self,
        tokens: np.ndarray,
        time_s: float | None = None,
        uncertain: frozenset[tuple[int, int]] = frozenset(),
    ) -> Assessment:
        """What ``tokens`` (a reading, rows x cols of ``.``/letters/``?``) mean for the record.

        ``uncertain`` squares (no clear reading) are acceptable only where a ``fix`` says
        what they hold.
        """
        if self.finished:
            return Assessment(SAME)
        if self.suppressed is not None:
            if np.array_equal(tokens, self.suppressed):
                return Assessment(HOLD, reason="the board still shows the move that was undone")
            self.suppressed = None
        seen = self._corrected(tokens, uncertain)
        unresolved = sorted(square for square in uncertain if square not in self.corrections)
        if unresolved:
            names = ", ".join(square_name(*square) for square in unresolved[:5])
            return Assessment(
                HOLD, reason=f"unclear squares: {names}; type 'fix SQUARE LETTER' to say what they hold"
            )
        before = self.board
        removed, added, relabelled = [], {}, {}
        for row in range(before.rows):
            for col in range(before.cols):
                old, new = before.get(row, col), str(seen[row, col])
                if old:
                    if new == EMPTY:
                        removed.append((row, col))
                    elif not _same_tile(old, new):
                        relabelled[(row, col)] = new
                elif new != EMPTY:
                    added[(row, col)] = new
        kept = [
            f"{square_name(row, col)} reads {new}, the record has {before.get(row, col)}"
            for (row, col), new in relabelled.items()
        ]
        self.withdrawn = {
            square: tile for square, tile in self.withdrawn.items() if _same_tile(tile, str(seen[square]))
        }
        if self.withdrawn:
            names = ", ".join(square_name(*square) for square in sorted(self.withdrawn))
            return Assessment(
                HOLD, reason=f"the withdrawn play is still on the board ({names}): take it off", kept=kept
            )
        last = self._last_placement_squares()
        moved = set(removed) | set(relabelled)
        if last is not None and moved and moved <= last and added and self._may_amend(time_s):
            amended = self._assess_amendment(last, relabelled, removed, added, kept)
            if amended is not None:
                return amended
        if not removed and not added:
            return Assessment(SAME, kept=kept)
        if removed:
            names = ", ".join(f"{square_name(r, c)} ({before.get(r, c)})" for r, c in removed)
            if last is not None and set(removed) == last and not added and self._session_events > 0:
                return Assessment(WITHDRAW, kept=kept)
            return Assessment(
                HOLD,
                reason=f"tiles taken off the board: {names}. Put them back, or type 'challenge off' "
                "if the last play was withdrawn, or 'fix SQUARE LETTER' if the camera misreads",
                kept=kept,
            )
        return self._assess_play(before, added, kept)

    def _assess_amendment(
        self,
        last: set[tuple[int, int]],
        relabelled: dict[tuple[int, int], str],
        removed: list[tuple[int, int]],
        added: dict[tuple[int, int], str],
        kept: list[str],
    ) -> Assessment | None:
        """The last play's tiles moved about while it was still being laid: read it afresh."""
        board_before = self.board.copy()
        for row, col in last:
            board_before.set(row, col, "")
        tiles = {square: relabelled.get(square, self.board.get(*square)) for square in last - set(removed)}
        tiles = {square: (BLANK if tile.islower() else tile) for square, tile in tiles.items()}
        assessment = self._assess_play(board_before, {**tiles, **added}, [])
        if assessment.kind != PLAY:
            return None
        assessment.kind = AMEND
        return assessment

    def _last_placement_squares(self) -> set[tuple[int, int]] | None:
        undo = self.state.last_placement
        if undo is None or not self.log.events or self.log.events[-1].kind != PLACEMENT:
            return None
        return {(row, col) for row, col, _ in undo.placement.new_tiles()}

    def _may_amend(self, time_s: float | None) -> bool:
        return (
            self._session_events > 0
            and self._last_play_time is not None
            and time_s is not None
            and time_s - self._last_play_time <= AMEND_WINDOW_S
        )

    def _assess_play(self, before: Board, added: dict[tuple[int, int], str], kept: list[str]) -> Assessment:
        blanks = [square for square, tile in added.items() if tile == BLANK]
        options = self._blank_options(before, added, blanks) if blanks else [dict(added)]
        if not options:
            names = ", ".join(square_name(*square) for square in blanks)
            return Assessment(
                HOLD,
                reason=f"a blank on {names}: which letter? type 'fix {names.split(',')[0]} e'",
                kept=kept,
            )
        if len(options) > 1:
            square = square_name(*blanks[0])
            letters = sorted({option[blanks[0]] for option in options})
            shown = ", ".join(letters[:8]) + (" ..." if len(letters) > 8 else "")
            return Assessment(
                HOLD,
                reason=f"the blank on {square} could be {shown}: type 'fix {square} x' with its letter",
                kept=kept,
            )
        new_tiles = options[0]
        after = before.copy()
        for (row, col), tile in new_tiles.items():
            after.set(row, col, tile)
        problem = self._tile_count_problem(after)
        if problem:
            return Assessment(HOLD, reason=f"a misread? {problem}", kept=kept)
        try:
            move = diff_boards(before, after, self.tileset, rules=self.rules)
        except (IllegalMoveError, BoardChangeError) as error:
            tiles = ", ".join(f"{square_name(r, c)} {t}" for (r, c), t in sorted(new_tiles.items()))
            return Assessment(HOLD, reason=f"new tiles {tiles} are not one legal play: {error}", kept=kept)
        assert move is not None
        phonies = [word for word in move.words if self.lexicon is not None and word not in self.lexicon]
        return Assessment(PLAY, move, phonies=phonies, kept=kept)

    def _tile_count_problem(self, board: Board) -> str:
        """Why the tiles on ``board`` cannot all be in one set, as a camera sees them: a letter
        read on a tile must be one of that letter's tiles (a blank shows no letter)."""
        letters = Counter(tile for _, _, tile in board.tiles() if tile.isupper())
        for letter, count in sorted(letters.items()):
            have = self.tileset.count(letter)
            if count > have:
                return f"{count} {letter} on the board, but the {self.tileset.name} set has " + (
                    f"only {have}" if have else f"no {letter} tile (only a blank can be {letter})"
                )
        blanks = sum(1 for _, _, tile in board.tiles() if not tile.isupper())
        if blanks > self.tileset.blanks:
            return f"{blanks} blanks on the board, but the {self.tileset.name} set has {self.tileset.blanks}"
        return ""

    def _blank_options(
        self, before: Board, added: dict[tuple[int, int], str], blanks: list[tuple[int, int]]
    ) -> list[dict[tuple[int, int], str]]:
        """Every choice of letters for the new blanks that makes all words valid (needs a lexicon)."""
        if self.lexicon is None or len(blanks) > 2:
            return []
        found = []
        letters = [letter.lower() for letter in self.tileset.alphabet]
        for choice in itertools.product(letters, repeat=len(blanks)):
            trial = dict(added)
            trial.update(zip(blanks, choice, strict=True))
            after = before.copy()
            for (row, col), tile in trial.items():
                after.set(row, col, tile)
            try:
                move = diff_boards(before, after, self.tileset, rules=self.rules)
            except (IllegalMoveError, BoardChangeError):
                return []  # the shape is wrong whatever the letter
            if move is not None and all(word in self.lexicon for word in move.words):
                found.append(trial)
        return found

    def on_board(self, tokens: np.ndarray, time_s: float | None = None) -> list[Message]:
        """Act on a stable reading: commit what it shows, or hold and say why."""
        self.last_tokens = tokens
        return self.commit(self.assess(tokens, time_s), time_s)

    def commit(self, assessment: Assessment, time_s: float | None = None) -> list[Message]:
        """Write what ``assessment`` found (a play, a withdrawal, an amendment) and report it."""
        messages = []
        for note in assessment.kept:
            if note not in self._reported_kept:
                self._reported_kept.add(note)
                messages.append(Message("warning", f"{note}: kept the record (a misread?)"))
        if assessment.kind == SAME:
            if self._last_hold:
                self._last_hold = ""
                messages.append(Message("info", "the board matches the record again"))
            return messages
        if assessment.kind == HOLD:
            if assessment.reason != self._last_hold:
                self._last_hold = assessment.reason
                messages.append(Message("hold", f"not recorded: {assessment.reason}"))
            return messages
        self._last_hold = ""
        if assessment.kind == WITHDRAW:
            return messages + self._withdraw()
        if assessment.kind == AMEND:
            dropped = self.log.drop_last()
            self.state = self._replayed_state()
            messages.append(
                Message("info", f"{self.player_name(dropped.player)} rearranged the tiles: play amended")
            )
        assert assessment.move is not None
        messages += self._record_play(
            assessment.move.placement, assessment.move.score.total, assessment.phonies
        )
        self._last_play_time = time_s
        return messages

    # -- writing events ------------------------------------------------------------------------
    def _add(self, player: int, kind: str, score: int = 0, **fields: object) -> GcgEvent:
        event = self.log.append(GcgEvent(0, player, kind, "", score, 0, **fields))  # type: ignore[arg-type]
        self._session_events += 1
        return event

    def _describe(self, event: GcgEvent) -> str:
        return format_event(event, self.log.players).split("\n")[0]

    def _record_play(self, placement: Placement, score: int, phonies: list[str]) -> list[Message]:
        player = self.state.on_turn
        event = self._add(player, PLACEMENT, score, position=placement.position, tiles=placement.tiles)
        self.state.play(placement, score)
        text = self._describe(event)
        if phonies:
            text += (
                f"   (not in {self.lexicon.name if self.lexicon else 'the lexicon'}: {', '.join(phonies)})"
            )
        messages = [Message("move", text)]
        messages += self._game_over_prompt()
        return messages

    def _withdraw(self) -> list[Message]:
        undo = self.state.last_placement
        if undo is None or not self.log.events or self.log.events[-1].kind != PLACEMENT:
            raise BadInputError("there is no play to withdraw: the last event is not a play")
        event = self._add(undo.player, WITHDRAWN, -undo.score)
        self.state.withdraw()
        self.withdrawn = {(row, col): tile for row, col, tile in undo.placement.new_tiles()}
        return [Message("move", self._describe(event))]

    def _game_over_prompt(self) -> list[Message]:
        if not self.state.over:
            return []
        if self.state.ended_by == OUT:
            who = self.player_name(self.state.finisher or 0)
            return [Message("info", f"{who} went out: type 'end' to write the rack adjustments")]
        return [Message("info", "the game ended on scoreless turns: type 'end' with each player's rack")]

    # -- commands ------------------------------------------------------------------------------
    def command(self, command: Command, time_s: float | None = None) -> list[Message]:
        """Carry out a typed command; a command that cannot apply gives an ``error`` message."""
        handler = getattr(self, f"_command_{command.name}")
        if self.finished and command.name not in ("status", "help", "quit", "note", "time", "undo"):
            return [Message("error", "the game is over; nothing more can be recorded")]
        try:
            return handler(*command.args) if command.name != "play" else handler(*command.args, time_s=time_s)
        except BoardsightError as error:
            return [Message("error", str(error))]

    def _on_turn_checks(self) -> None:
        if self.state.over:
            raise BadInputError("the game is over: type 'end' to write the rack adjustments")

    def _command_pass(self) -> list[Message]:
        self._on_turn_checks()
        event = self._add(self.state.on_turn, PASS)
        self.state.pass_turn()
        return [Message("move", self._describe(event)), *self._game_over_prompt()]

    def _command_exchange(self, what: str) -> list[Message]:
        self._on_turn_checks()
        if not self.rules.can_exchange(self.state.bag_count):
            raise BadInputError(
                f"an exchange needs at least {self.rules.exchange_min_bag} tiles in the bag; "
                f"{self.state.bag_count} are left"
            )
        tiles, count = ("", int(what)) if what.isdigit() else (what.upper(), len(what))
        event = self._add(self.state.on_turn, EXCHANGE, tiles=tiles, exchange_count=count)
        self.state.exchange(count)
        return [Message("move", self._describe(event)), *self._game_over_prompt()]

    def _command_challenge(self, outcome: str, words: str = "") -> list[Message]:
        if not self.log.events or self.log.events[-1].kind not in (PLACEMENT,):
            raise BadInputError("a challenge concerns the play just made: the last event is not a play")
        if outcome == "off":
            return self._withdraw()
        challenged = self.log.events[-1]
        rule = self.rules.challenge
        if rule.counts_words:
            outcome = failed_challenge(rule, int(words) if words else max(1, len(self._words_of_last_play())))
        else:
            outcome = failed_challenge(rule)
        if outcome.kind == "turn":
            event = self._add(self.state.on_turn, PASS, comment="")
            self.state.pass_turn()
            return [
                Message("move", self._describe(event) + "   (the failed challenge costs the turn)"),
                *self._game_over_prompt(),
            ]
        if outcome.kind == "bonus":
            event = self._add(challenged.player, CHALLENGE, outcome.points)
            self.state.adjust(challenged.player, event.score)
            return [Message("move", self._describe(event))]
        if outcome.kind == "penalty":
            challenger = self.state.on_turn
            event = self._add(challenger, CHALLENGE, -outcome.points)
            self.state.adjust(challenger, event.score)
            return [Message("move", self._describe(event))]
        return [Message("info", f"no penalty for a failed challenge under the {self.rules.name} rules")]

    def _words_of_last_play(self) -> list[str]:
        undo = self.state.last_placement
        if undo is None:
            return []
        board = self.board.copy()
        for row, col, _ in undo.placement.new_tiles():
            board.set(row, col, "")
        return [
            item.word.word for item in score_placement(board, undo.placement, self.tileset, self.rules).words
        ]

    def _command_play(self, position: str, tiles: str, *, time_s: float | None = None) -> list[Message]:
        self._on_turn_checks()
        parsed = parse_position(position, rows=self.board.rows, cols=self.board.cols)
        if parsed is None:
            raise BadInputError(f"{position!r} is not a position (8H across, H8 down)")
        placement = check_placement(self.board, Placement(*parsed, tiles), self.tileset)
        score = score_placement(self.board, placement, self.tileset, self.rules)
        words = [item.word.word for item in score.words]
        phonies = [word for word in words if self.lexicon is not None and word not in self.lexicon]
        self._last_play_time = time_s
        return self._record_play(placement, score.total, phonies)

    def _command_fix(self, square_text: str, token: str) -> list[Message]:
        square = parse_square(square_text, rows=self.board.rows, cols=self.board.cols)
        if square is None:
            raise BadInputError(f"{square_text!r} is not a square of the board (such as H8)")
        if self.last_tokens is None:
            raise BadInputError("nothing has been read yet to correct")
        if token.isalpha() and not self.tileset.is_letter(token.upper()):
            raise BadInputError(f"{token} is no letter of the {self.tileset.name} tile set")
        self.corrections[square] = (str(self.last_tokens[square]), token)
        self.suppressed = None
        self._last_hold = ""
        messages = [Message("info", f"{square_name(*square)} holds {token}")]
        return messages + self.commit(self.assess(self.last_tokens, uncertain=self.last_uncertain))

    def _command_undo(self) -> list[Message]:
        event = self.log.drop_last()
        self._session_events = max(0, self._session_events - 1)
        self.state = self._replayed_state()
        self.finished = False
        if event.kind == PLACEMENT and self.last_tokens is not None:
            self.suppressed = self.last_tokens.copy()
        return [Message("info", f"undone: {self._describe(event)}")]

    def _command_note(self, text: str) -> list[Message]:
        self.log.note(text)
        return [Message("info", "note added")]

    def _player_index(self, name: str) -> int:
        for index, player in enumerate(self.log.players):
            if name.lower() in (player.nickname.lower(), player.name.lower(), str(player.number)):
                return index
        known = ", ".join(player.name for player in self.log.players)
        raise BadInputError(f"no player {name!r} (players: {known})")

    def _command_time(self, name: str, minutes: str) -> list[Message]:
        player = self._player_index(name)
        points = self.rules.overtime_penalty(int(minutes) * 60)
        if not points:
            return [Message("info", f"no time penalty under the {self.rules.name} rules")]
        event = self._add(player, TIME_PENALTY, -points)
        self.state.adjust(player, -points)
        return [Message("move", self._describe(event))]

    def _command_end(self, *racks: str) -> list[Message]:
        state = self.state
        messages = []
        if state.ended_by == OUT and len(racks) <= 1:
            finisher = state.finisher or 0
            unseen = unseen_tiles(self.tileset, self.board)
            left = "".join(sorted(unseen.elements())) if not racks else racks[0].upper()
            if racks and sorted(racks[0].upper()) != sorted(unseen.elements()):
                messages.append(
                    Message("warning", f"the board leaves {''.join(sorted(unseen.elements()))} unplayed")
                )
            value = self.tileset.rack_value(left)
            gained, lost = self.rules.going_out_adjustments([value])
            opponent = (finisher + 1) % state.players
            if lost[0]:
                event = self._add(opponent, END_RACK_PENALTY, lost[0], tiles=left)
                state.adjust(opponent, lost[0])
                messages.append(Message("move", self._describe(event)))
            event = self._add(finisher, END_RACK_POINTS, gained, tiles=left)
            state.adjust(finisher, gained)
            messages.append(Message("move", self._describe(event)))
        elif len(racks) == state.players:
            if state.ended_by != SCORELESS:
                messages.append(
                    Message("warning", "the record does not show the game as over; ending it as asked")
                )
            for player, rack in enumerate(racks):
                value = self.tileset.rack_value(rack.upper())
                if value:
                    event = self._add(player, END_RACK_PENALTY, -value, tiles=rack.upper())
                    state.adjust(player, -value)
                    messages.append(Message("move", self._describe(event)))
        elif not state.over:
            raise BadInputError(
                f"the game is not over ({state.bag_count} tiles in the bag); to stop anyway give each "
                "player's rack: 'end RACK1 RACK2', or type 'quit'"
            )
        else:
            raise BadInputError(
                "give each player's rack: 'end "
                + " ".join(f"RACK{i + 1}" for i in range(state.players))
                + "'"
            )
        self.finished = True
        scores = ", ".join(f"{self.player_name(i)} {total}" for i, total in enumerate(self.log.totals))
        messages.append(Message("info", f"game over: {scores}"))
        return messages

    def _command_status(self) -> list[Message]:
        state = self.state
        scores = ", ".join(f"{self.player_name(i)} {total}" for i, total in enumerate(self.log.totals))
        lines = [
            *self.board.rows_text(),
            f"scores: {scores}; {self.player_name(state.on_turn)} to play; "
            f"{state.bag_count} tiles in the bag",
        ]
        return [Message("info", "\n".join(lines))]

    def _command_help(self) -> list[Message]:
        return [Message("info", COMMAND_HELP)]

    def _command_quit(self) -> list[Message]:
        self.quit_requested = True
        return [Message("info", f"recording stopped; continue later with --resume ({self.log.path})")]


def _same_tile(recorded: str, seen: str) -> bool:
    """Whether a reading agrees with a recorded tile (a blank reads ``?`` or its letter in lower case)."""
    if recorded.islower():
        return seen in (BLANK, recorded)
    return seen == recorded


def tokens_from_rows(rows: list[str] | tuple[str, ...]) -> np.ndarray:
    """A reading from row strings (``.`` empty), handy for tests and hand-made boards."""
    return np.array([list(row) for row in rows], dtype="<U1")
