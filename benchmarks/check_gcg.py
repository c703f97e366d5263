"""Run ``boardsight scrabble replay`` on folders of GCG files and summarise what it says.

Usage: python benchmarks/check_gcg.py CONFORMANCE_DIR GAMES_DIR [--rules wespa]

Without --rules each record is replayed under the rules it shows (as ``replay`` does).

Conformance files (an engine's test suite): the valid ones must replay with no
disagreement; each broken one must be refused with a message naming a line; none may
end in a traceback. Which files are valid follows their names (the suite's convention);
``lexicon_missing`` and ``line_overflow`` count as valid here: boardsight needs no
``#lexicon`` line and has no line-length limit.

Game files: each is replayed and reported as complete or not, agreeing or not, with the
first disagreement of any that does not agree.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from boardsight.cli.app import app

VALID_NAMES = re.compile(
    r"^(success.*|incomplete_.*|oops_all_pragmas|phony_with_empty_bag|partially_known_rack_from_phonies|vs_jeremy|"
    r"name_.*|utf8_dos|exchange_with_seven_in_bag|muzaks_empyrean|no_challenge_rack.*|out_in_many|"
    r"outplay_challenge_bonus|resynchronized|lexicon_missing|line_overflow)$"
)
LINE_MENTION = re.compile(r"\bline \d+")


def run(path: Path, rules: str | None) -> tuple[int, dict | None, str]:
    named = ["--rules", rules] if rules else []
    result = CliRunner().invoke(app, ["scrabble", "replay", str(path), *named, "--json"])
    payload = json.loads(result.stdout) if result.stdout.strip().startswith("{") else None
    return result.exit_code, payload, result.stderr.strip()


def first_problem(payload: dict | None, stderr: str) -> str:
    if payload is None:
        return stderr
    first = payload["disagreements"][0]
    return f"line {first['line']}: {first['kind']}: {first['message']}"


def check_conformance(folder: Path, rules: str | None) -> None:
    counts = {"valid ok": 0, "valid failed": 0, "broken refused": 0, "broken accepted": 0, "tracebacks": 0}
    for path in sorted(folder.glob("*.gcg")):
        code, payload, stderr = run(path, rules)
        if "Traceback" in stderr or "internal error" in stderr:
            counts["tracebacks"] += 1
            print(f"TRACEBACK  {path.name}: {stderr}")
            continue
        valid = bool(VALID_NAMES.match(path.stem))
        if valid:
            ok = code == 0
            counts["valid ok" if ok else "valid failed"] += 1
            print(
                f"{'valid ok ' if ok else 'VALID BAD'}  {path.name}"
                + ("" if ok else f": {first_problem(payload, stderr)}")
            )
        else:
            problem = first_problem(payload, stderr) if code else ""
            refused = code != 0 and bool(LINE_MENTION.search(problem))
            counts["broken refused" if refused else "broken accepted"] += 1
            print(f"{'refused  ' if refused else 'ACCEPTED '}  {path.name}: {problem}")
    print(" | ".join(f"{name}: {count}" for name, count in counts.items()))


def check_games(folder: Path, rules: str | None) -> None:
    agree = 0
    paths = sorted(folder.glob("*.gcg"))
    for path in paths:
        code, payload, stderr = run(path, rules)
        if payload is None:
            print(f"REFUSED    {path.name}: {stderr}")
            continue
        state = "complete  " if payload["complete"] else "incomplete"
        if code == 0:
            agree += 1
            events, totals = len(payload["events"]), payload["computed_scores"]
            print(f"agrees     {path.name} ({state.strip()}, {events} events, totals {totals})")
        else:
            count = len(payload["disagreements"])
            print(f"DISAGREES  {path.name} ({state.strip()}): {count}; {first_problem(payload, stderr)}")
    under = f"{rules} rules" if rules else "the rules each record shows"
    print(f"{agree} of {len(paths)} game records agree with the replay under {under}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("conformance", type=Path)
    parser.add_argument("games", type=Path)
    parser.add_argument("--rules", default=None, help="replay every record under these rules")
    args = parser.parse_args()
    check_conformance(args.conformance, args.rules)
    print()
    check_games(args.games, args.rules)


if __name__ == "__main__":
    main()
