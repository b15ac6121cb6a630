"""The shape of the cli package: its modules import each other without a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parent.parent / "cli"


def cli_imports(path: Path) -> set[str]:
    """The cli modules that one module imports, at the top or inside a function."""
    names = {p.stem for p in CLI.glob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:  # from .games import x
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import games
                found.update(alias.name for alias in node.names)
            elif node.level == 0 and (node.module or "").startswith("blackangel.cli."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("blackangel.cli."):
                    found.add(alias.name.split(".")[2])
    return (found & names) - {path.stem}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    done: set[str] = set()

    def visit(stack: list[str]) -> list[str] | None:
        for nxt in sorted(graph.get(stack[-1], ())):
            if nxt in stack:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in done and (cycle := visit(stack + [nxt])):
                return cycle
        done.add(stack[-1])
        return None

    for start in sorted(graph):
        if start not in done and (cycle := visit([start])):
            return cycle
    return None


def test_find_cycle_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"m": {"a"}, "a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_cli_imports_are_parsed():
    assert {"common", "games", "lint", "rules", "scenario"} <= cli_imports(CLI / "main.py")


def test_cli_modules_import_without_a_cycle():
    graph = {path.stem: cli_imports(path) for path in CLI.glob("*.py")}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle between cli modules: " + " -> ".join(cycle)
