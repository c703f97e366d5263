"""``boardsight eval DIR --game wordlist``: score sheet readers on labelled word-list sheets."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from boardsight.cli.output import emit_json, format_table
from boardsight.errors import BadInputError


def eval_sheets(folder: Path, readers: list[str] | None, *, limit: int | None, json_output: bool) -> None:
    """Read every labelled sheet raw and constrained with each engine; print the metrics side by side."""
    from boardsight.datasets.sheet_eval import evaluate_sheets, hand_table, metric_table
    from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon
    from boardsight.sheets.label import sheet_examples
    from boardsight.vision.sheets.reader import DEFAULT_WORD_ENGINE

    examples = list(sheet_examples(folder))[:limit]
    if not examples:
        raise BadInputError(f"{folder}: no labelled word-list sheets to evaluate")
    engines = [name for name in (readers or [DEFAULT_WORD_ENGINE]) if name != "onnx"] or [DEFAULT_WORD_ENGINE]
    with typer.progressbar(
        length=len(examples),
        label="reading sheets",
        file=sys.stderr,
        hidden=json_output or not sys.stderr.isatty(),
    ) as bar:
        evaluation = evaluate_sheets(
            examples, engines, load_lexicon(DEFAULT_LEXICON), progress=lambda: bar.update(1)
        )
    header, rows = metric_table(evaluation)
    hand_header, hand_rows = hand_table(evaluation)
    if json_output:
        emit_json(
            {
                "sheets": evaluation.sheets,
                "metrics": [dict(zip(header, row, strict=True)) for row in rows],
                "constraint_changes": evaluation.changes,
                "false_valid_words": {
                    f"{engine} {mode}": score.false_valid_words
                    for (engine, mode), score in evaluation.scores.items()
                },
                "by_hand": [dict(zip(hand_header, row, strict=True)) for row in hand_rows],
                "failures": evaluation.failures,
            }
        )
        return
    typer.echo(f"{evaluation.sheets} sheets")
    typer.echo(format_table(header, rows))
    changes = evaluation.changes
    if DEFAULT_WORD_ENGINE in engines:  # the changes are counted for the default engine only
        typer.echo(
            f"\n{DEFAULT_WORD_ENGINE} constrained: {changes['to_valid']} readings changed to a valid word, "
            f"{changes['to_other_valid']} to another valid word, {changes['flagged']} flagged as written"
        )
    if len(hand_rows) > 1:
        typer.echo(f"\n{DEFAULT_WORD_ENGINE} constrained, hand by hand (worst first):")
        typer.echo(format_table(hand_header, hand_rows))
    for (engine, mode), score in sorted(evaluation.scores.items()):
        if score.false_valid_words:
            typer.echo(f"false valid ({engine} {mode}): {', '.join(score.false_valid_words)}")
    for failure in evaluation.failures:
        typer.echo(f"failed: {failure}")
