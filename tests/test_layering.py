"""The package's layers point one way: each module imports only its own layer and those below.

:data:`LAYERS` declares the order for the whole package, lowest first; every import in
every module counts, including those inside functions. Word engines, besides, never
import OpenCV or PyTorch, and nothing at run time imports torch at module level.
"""

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


# Lowest first. A module may import modules of its own entry and of entries above it in
# this list; entries that share a rank (the two game engines) are peers that do not
# import each other. Training code is a layer of its own above the data sets; the batch
# executor runs application functions many at once, for the front ends; the command line
# is the outermost front end: it starts the others (``boardsight serve`` runs the web app).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("boardsight", "boardsight.errors", "boardsight.paths"),
    ("boardsight.threads",),  # threads a reading may use, for the classifiers and the vision code
    ("boardsight.lexicon",),
    ("boardsight.boggle", "boardsight.scrabble"),
    ("boardsight.sheets",),  # score sheets: written word lists, judged by the Boggle engine
    ("boardsight.models",),
    ("boardsight.vision",),
    ("boardsight.capture",),
    ("boardsight.calibration",),
    ("boardsight.datasets",),
    ("boardsight.models.training",),
    ("boardsight.recorder",),
    ("boardsight.app",),
    ("boardsight.batch",),
    ("boardsight.web",),
    ("boardsight.cli",),
    ("boardsight.__main__",),
)
ENTRIES = {entry: rank for rank, entries in enumerate(LAYERS) for entry in entries}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (PACKAGE.parent / relative).with_suffix(".py").is_file() or (PACKAGE.parent / relative).is_dir()


def _all_imports(path: Path) -> set[str]:
    """Every boardsight module ``path`` imports, anywhere in it.

    ``from X import Y`` imports X, and X.Y too where that is a module.
    """
    module = _module_name(path)
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")[: len(module.split(".")) - node.level + (path.stem == "__init__")]
                base = ".".join(package + ([node.module] if node.module else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names if _is_module(f"{base}.{alias.name}"))
    return {name for name in names if name == "boardsight" or name.startswith("boardsight.")}


def _entry(module: str) -> str | None:
    """The longest entry of :data:`LAYERS` that ``module`` is, or lies inside."""
    matches = [entry for entry in ENTRIES if module == entry or module.startswith(entry + ".")]
    return max(matches, key=len) if matches else None


def _package_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _package_files(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_imports_follow_the_layer_order(path: Path) -> None:
    module = _module_name(path)
    own = _entry(module)
    assert own is not None and (own != "boardsight" or module == "boardsight"), (
        f"{module} lies in no layer: declare its package in LAYERS"
    )
    upward = []
    for name in sorted(_all_imports(path)):
        entry = _entry(name)
        if entry is None or entry == own:
            continue
        if ENTRIES[entry] >= ENTRIES[own]:
            upward.append(name)
    assert not upward, f"{module} ({own}) imports {upward}, which are not below it in LAYERS"


def test_nothing_imports_the_command_line() -> None:
    offenders = [
        _module_name(path)
        for path in _package_files()
        if _entry(_module_name(path)) not in ("boardsight.cli", "boardsight.__main__")
        and any(_entry(name) == "boardsight.cli" for name in _all_imports(path))
    ]
    assert not offenders


def test_the_checker_sees_imports_inside_functions() -> None:
    """A late import in a function body counts like one at the top of its module."""
    checked = 0
    for path in _package_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [
            node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        late = {
            inner.module
            for function in functions
            for inner in ast.walk(function)
            if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("boardsight.")
        }
        assert late <= _all_imports(path), path
        checked += len(late)
    assert checked, "no import inside a function was found to check"


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
