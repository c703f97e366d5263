"""Command-line interface of boardsight (typer)."""
