"""``boardsight dataset``: make, check and inspect labelled-photo sets.

Each command lives in its own module and is added here with one line.
"""

from __future__ import annotations

from boardsight.cli import dataset_check, dataset_synth
from boardsight.cli.errors import GuardedTyper

app = GuardedTyper(help="Make, check and inspect labelled-photo sets (the shared DATASET format).")

app.command("check")(dataset_check.check)
app.command("synth")(dataset_synth.synth)
