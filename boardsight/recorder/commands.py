"""What a person types while a game is recorded: moves the camera cannot see, and corrections.

One command a line (case does not matter for the command word). A line may start with
``@SECONDS`` to take effect at that time of a video (for replaying a session on a file).

==============================  ==========================================================
``pass``                        the player on turn passes
``exchange N`` / ``exchange X`` the player on turn exchanges N tiles (or the tiles X)
``challenge off``               the last play was challenged off (a phony): it is withdrawn
                                (``--``); the tiles should then come off the board
``challenge stands``            the last play was challenged and stands: the rule set's
                                penalty (lost turn, +5 a word, -10 for the challenger)
``play 8H QUIZ``                record a play by hand (lower case for a blank), as GCG writes it
``fix H8 Q``                    the camera misreads H8: it holds Q (``e`` a blank as E, ``.`` empty)
``undo``                        take the last event out of the record
``note TEXT``                   attach a note to the last event
``time NAME MINUTES``           NAME went MINUTES over time (after the end of the game)
``end [RACK ...]``              the game is over: write the rack adjustments (the racks
                                are worked out when a player went out; else give them, in
                                player order)
``status``                      print the board, the scores and who is on turn
``help``                        list the commands
``quit``                        stop recording (the game can be resumed with ``--resume``)
==============================  ==========================================================

Preview-window keys: ``p`` pass, ``1``-``7`` exchange that many tiles, ``w`` challenge off,
``c`` challenge stands, ``u`` undo, ``s`` status, ``e`` end, ``q`` quit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from boardsight.errors import BadInputError

COMMAND_HELP = """commands (one a line):
  pass                  the player on turn passes
  exchange N|TILES      the player on turn exchanges N tiles (or those tiles)
  challenge off         the last play was challenged off: withdrawn (--)
  challenge stands      the last play stands: the rule set's challenge penalty
  play 8H QUIZ          record a play by hand (lower case for a blank)
  fix H8 Q              the camera misreads H8: it holds Q (e = blank as E, . = empty)
  undo                  take the last event out of the record
  note TEXT             attach a note to the last event
  time NAME MINUTES     NAME went MINUTES over time (after the game's end)
  end [RACK ...]        the game is over: write the rack adjustments
  status                the board, the scores, who is on turn
  quit                  stop recording (resume later with --resume)"""

KEYS = {
    ord("p"): "pass",
    ord("w"): "challenge off",
    ord("c"): "challenge stands",
    ord("u"): "undo",
    ord("s"): "status",
    ord("e"): "end",
    ord("q"): "quit",
    **{ord(str(count)): f"exchange {count}" for count in range(1, 8)},
}

_TIMED = re.compile(r"^@(?P<time>\d+(?:\.\d*)?)\s+(?P<rest>.*)$")
_CHALLENGE_OFF = ("off", "won", "phony", "withdrawn")
_CHALLENGE_STANDS = ("stands", "failed", "lost", "valid")


@dataclass(frozen=True)
class Command:
    """A parsed command: its ``name``, arguments, and the video time it waits for (or ``None``)."""

    name: str
    args: tuple[str, ...] = field(default_factory=tuple)
    at_s: float | None = None
    text: str = ""


def parse_command(line: str) -> Command | None:
    """Parse one typed line; ``None`` for a blank line or a comment (``#``). Raises
    :class:`BadInputError` with a one-line message for anything it does not understand."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    at_s = None
    timed = _TIMED.match(text)
    if timed:
        at_s = float(timed.group("time"))
        text = timed.group("rest").strip()
    word, *args = text.split()
    name = word.lower()
    if name == "withdraw":
        name, args = "challenge", ["off"]
    if name in ("pass", "undo", "status", "help", "quit"):
        if args:
            raise BadInputError(f"'{name}' takes nothing after it")
    elif name == "exchange":
        if len(args) != 1 or not (args[0].isdigit() or args[0].replace("?", "A").isalpha()):
            raise BadInputError(
                "exchange needs the number of tiles or the tiles: 'exchange 3' or 'exchange QVV'"
            )
        if args[0].isdigit() and not 1 <= int(args[0]) <= 7:
            raise BadInputError("an exchange is of 1 to 7 tiles")
    elif name == "challenge":
        choice = args[0].lower() if len(args) >= 1 else ""
        if choice in _CHALLENGE_OFF and len(args) == 1:
            args = ["off"]
        elif choice in _CHALLENGE_STANDS and (len(args) == 1 or (len(args) == 2 and args[1].isdigit())):
            args = ["stands", *args[1:]]
        else:
            raise BadInputError("say 'challenge off' (the play was withdrawn) or 'challenge stands'")
    elif name == "play":
        if len(args) != 2:
            raise BadInputError("play needs a position and the tiles: 'play 8H QUIZ'")
    elif name == "fix":
        if len(args) != 2 or len(args[1]) != 1 or not (args[1].isalpha() or args[1] in ".?"):
            raise BadInputError(
                "fix needs a square and what it holds: 'fix H8 Q', 'fix H8 e' (blank), 'fix H8 .'"
            )
    elif name == "note":
        if not args:
            raise BadInputError("note needs some text")
        args = [text.split(None, 1)[1]]
    elif name == "time":
        if len(args) != 2 or not args[1].isdigit():
            raise BadInputError("time needs a player and whole minutes over: 'time Anna 2'")
    elif name == "end":
        if any(not arg.replace("?", "A").isalpha() for arg in args):
            raise BadInputError("end takes the racks left, letters and ? only: 'end AEI DRT'")
    else:
        raise BadInputError(f"unknown command {word!r} (type 'help' for the list)")
    return Command(name, tuple(args), at_s, text)
