"""``boardsight lexicon``: inspect word lists and check words."""

from __future__ import annotations

from typing import Annotated

import typer

from boardsight.cli.errors import GuardedTyper
from boardsight.cli.options import JsonOption, LexiconOption
from boardsight.cli.output import emit_json, format_table
from boardsight.lexicon import DEFAULT_LEXICON, load_lexicon

app = GuardedTyper(help="Inspect lexicons and check words against them.")


@app.command("info")
def info(
    name: Annotated[str, typer.Argument(help="Lexicon name (enable, yawl, sv) or path of a word list.")],
    json_output: JsonOption = False,
) -> None:
    """Print a lexicon's word count, dropped entries, source and licence."""
    lexicon = load_lexicon(name)
    details = lexicon.info
    payload = {
        "name": details.name,
        "words": len(lexicon),
        "dropped": details.dropped,
        "duplicates": details.duplicates,
        "source": details.source,
        "licence": details.licence,
        "folding": details.folding,
        "encoding": details.encoding,
        "sha256": details.content_hash,
    }
    if json_output:
        emit_json(payload)
        return
    dropped = details.dropped
    reasons = ", ".join(
        f"{count} {reason}" for reason, count in dropped.items() if count and reason != "total"
    )
    typer.echo(f"lexicon   {details.name}")
    typer.echo(f"words     {len(lexicon):,}")
    typer.echo(f"dropped   {dropped.get('total', 0):,}" + (f" ({reasons})" if reasons else ""))
    if details.duplicates:
        typer.echo(f"merged    {details.duplicates:,} entries that fold to the same word")
    typer.echo(f"source    {details.source}")
    typer.echo(f"licence   {details.licence}")
    typer.echo(f"folding   {details.folding}, read as {details.encoding}")


@app.command("check")
def check(
    words: Annotated[list[str], typer.Argument(help="Words to look up.")],
    lexicon_name: LexiconOption = DEFAULT_LEXICON,
    json_output: JsonOption = False,
) -> None:
    """Say whether each word is in the lexicon (exit 1 when any is not)."""
    lexicon = load_lexicon(lexicon_name)
    verdicts = [{"word": word, "folded": lexicon.fold(word), "valid": word in lexicon} for word in words]
    if json_output:
        emit_json({"lexicon": lexicon.name, "words": verdicts})
    else:
        rows = [[v["word"], "valid" if v["valid"] else "not in lexicon"] for v in verdicts]
        typer.echo(format_table(["word", f"verdict ({lexicon.name})"], rows))
    if not all(v["valid"] for v in verdicts):
        raise typer.Exit(1)
