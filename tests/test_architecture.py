"""The engine core imports in one direction: no module of the language (dsl/*.py) or of
the generic interpreter (interpreter/*.py, not the games below it) imports, even inside
a function, a module that imports it back. An import inside a function is for a heavy
dependency that only that function needs, never a way around a cycle: each one is
listed below with its reason.

Imports under `if TYPE_CHECKING:` are left out: they are never executed, and type
annotations may name each other (the engine's hooks take the engine).

The language knows no game either: which game is the default and which editions a
rulebook has are said by the game (interpreter/game.py `default`, `editions`).
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import networkx as nx

from blackangel.dsl import games
from blackangel.dsl.core import CORE

ROOT = Path(__file__).resolve().parent.parent
ENGINE_CORE = ("dsl", "interpreter")  # their top-level modules, not the games' subpackages

# (importer, imported): why the import waits for the function that needs it
FUNCTION_IMPORTS = {
    ("dsl.extract", "dsl.parser"): "lark: only to read a .ba file, not when Babel reads a "
    "vocabulary",
    ("dsl.catalogs", "dsl.loader"): "lark: only when the messages of rule files are gathered",
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def imports(path: Path, root: Path, known: set[str]) -> list[tuple[str, int, bool]]:
    """The modules of `known` that a file imports outside `if TYPE_CHECKING:`: (module,
    line, inside a function)."""
    name = module_name(path, root)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: list[tuple[str, int, bool]] = []

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name.removeprefix("blackangel.") for alias in node.names]
        base = package[: len(package) - node.level + 1] if node.level else []
        module = ".".join(base + ([node.module] if node.module else []))
        module = module.removeprefix("blackangel.")
        return [f"{module}.{alias.name}" if module else alias.name for alias in node.names] + [
            module
        ]

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for rest in child.orelse:
                    visit(rest, in_function)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                # `from . import ast` imports a module; `from .engine import Engine`, a name
                candidates = targets(child)
                modules = [c for c in candidates[:-1] if c in known] or [
                    c for c in candidates[-1:] if c in known
                ]
                found.extend((module, child.lineno, in_function) for module in modules)
                continue
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def core_files(root: Path, folders: tuple[str, ...] = ENGINE_CORE) -> dict[str, Path]:
    return {
        module_name(path, root): path for folder in folders for path in (root / folder).glob("*.py")
    }


def import_graph(files: dict[str, Path], root: Path) -> tuple[nx.DiGraph, list[str]]:
    """The imports among `files` (function-level ones included), and the function-level
    imports that FUNCTION_IMPORTS does not list."""
    graph = nx.DiGraph()
    graph.add_nodes_from(files)
    unlisted = []
    for name, path in files.items():
        for module, line, in_function in imports(path, root, set(files)):
            if module == name:
                continue
            graph.add_edge(name, module)
            if in_function and (name, module) not in FUNCTION_IMPORTS:
                unlisted.append(f"{path.relative_to(root)}:{line} imports {module}")
    return graph, unlisted


def test_no_import_cycle_in_the_engine_core():
    graph, _ = import_graph(core_files(ROOT), ROOT)
    cycles = [" -> ".join([*cycle, cycle[0]]) for cycle in nx.simple_cycles(graph)]
    assert cycles == [], "import cycles in the engine core:\n" + "\n".join(sorted(cycles)[:10])


def test_no_unlisted_import_inside_a_function():
    _, unlisted = import_graph(core_files(ROOT), ROOT)
    assert unlisted == [], "imports inside functions (list them with a reason):\n" + "\n".join(
        unlisted
    )


def test_listed_function_imports_still_exist():
    """A reason for an import that is gone (or now at the top of its file) is dead."""
    files = core_files(ROOT)
    inside = {
        (name, module)
        for name, path in files.items()
        for module, _, in_function in imports(path, ROOT, set(files))
        if in_function
    }
    assert set(FUNCTION_IMPORTS) <= inside


def test_the_check_finds_a_cycle_and_a_hidden_import(tmp_path):
    """The graph sees relative imports, `from . import x`, and an import inside a
    function that closes a cycle."""
    pkg = tmp_path / "interpreter"
    pkg.mkdir()
    (pkg / "engine.py").write_text("from .program import Program\n")
    (pkg / "program.py").write_text(
        "from . import rng\n\ndef build():\n    from .engine import Engine\n"
    )
    (pkg / "rng.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .engine import Engine\n"
    )
    graph, unlisted = import_graph(core_files(tmp_path, ("interpreter",)), tmp_path)
    assert list(nx.simple_cycles(graph)) != []
    assert set(graph.edges) == {
        ("interpreter.engine", "interpreter.program"),
        ("interpreter.program", "interpreter.engine"),
        ("interpreter.program", "interpreter.rng"),
    }
    assert unlisted == ["interpreter/program.py:4 imports interpreter.engine"]


# ---- the language names no game: the default game and the editions are the game's ----
def _code_strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in docstrings
    ]


def test_the_language_names_no_game():
    names = games.available()
    assert "black_angel" in names
    for path in sorted((ROOT / "dsl").glob("*.py")):
        named = [s for s in _code_strings(path) if any(name in s for name in names)]
        assert named == [], f"{path.relative_to(ROOT)} names a game: {named}"


def test_the_editions_are_the_games():
    assert "edition" not in CORE.kinds["ruling"].fields
    black_angel = games.load("black_angel")
    edition = black_angel.vocabulary.kinds["ruling"].fields["edition"].params[0]
    assert black_angel.editions == edition.type.words == ("en", "pl", "de")
    dice_race = games.load("dice_race")
    assert dice_race.editions == () and "edition" not in dice_race.vocabulary.kinds["ruling"].fields


def test_the_default_game_is_the_one_that_says_so(monkeypatch):
    assert games.default() == "black_angel"
    assert games.module_name([]) == ("black_angel", None)
    monkeypatch.setattr(games, "_registered", {})
    procedure = games.load("rules_only")
    monkeypatch.setattr(games, "_registered", {"rules_only": replace(procedure, default=True)})
    assert games.default() == "rules_only"
