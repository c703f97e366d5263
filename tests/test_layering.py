"""The package's layers point one way: word engines never reach up into vision or the CLI."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "boardsight"
WORD_ENGINES = ("lexicon", "boggle", "scrabble")
FORBIDDEN = (
    "boardsight.vision",
    "boardsight.cli",
    "boardsight.models",
    "boardsight.datasets",
    "cv2",
    "torch",
)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _engine_files() -> list[Path]:
    return sorted(path for engine in WORD_ENGINES for path in (PACKAGE / engine).rglob("*.py"))


@pytest.mark.parametrize("path", _engine_files(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_word_engines_import_no_vision_or_cli(path: Path) -> None:
    bad = sorted(
        name for name in _imports(path) if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
    )
    assert not bad, f"{path.name} imports {bad}"


def test_runtime_never_imports_torch() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if "train" in path.relative_to(PACKAGE).parts or path.stem.startswith("train"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module-level imports only; training code imports torch lazily
            if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "torch" for a in node.names):
                offenders.append(path.name)
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "torch":
                offenders.append(path.name)
    assert not offenders


def test_test_modules_have_unique_names() -> None:
    """pytest imports test files by base name, so two folders may not share one."""
    names = [path.name for path in (PACKAGE.parent / "tests").rglob("test_*.py")]
    assert len(names) == len(set(names)), sorted(name for name in names if names.count(name) > 1)
