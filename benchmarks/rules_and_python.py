"""How much of each registered game is rules and how much is Python of its own.

Run after `pip install .`:  python benchmarks/rules_and_python.py [--format json]

For each game with rules: the lines of its rules (`.ba` files) and of the Python written
for that game alone: the package its entry point names (Black Angel's game module,
interpreter/black_angel/; a game written only in the language: its folder's package
marker), not the engine's shared code, which every game uses. A line counts when it holds
something besides a comment (`#`); docstrings count as Python lines.
"""

from __future__ import annotations

import argparse
import importlib
import json
from importlib.metadata import entry_points
from pathlib import Path

from blackangel.dsl import games
from blackangel.dsl.loader import CONTENT_DIR


def code_lines(path: Path) -> int:
    """Lines that hold something besides a comment."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


def own_files(name: str, target: str) -> tuple[list[Path], list[Path]]:
    """The game's rules and its own Python, from what its entry point names."""
    module = importlib.import_module(target.split(":")[0])
    folder = games.rules_folder(name)
    if folder is not None:  # a package of rules: its folder holds both
        return sorted(folder.rglob("*.ba")), sorted(folder.rglob("*.py"))
    if not hasattr(module, "__path__"):
        return [], []  # the engine's own procedure: no rules, no Python of a game
    rules = sorted(CONTENT_DIR.glob("*.ba")) if name == games.default() else []
    return rules, sorted(Path(module.__path__[0]).rglob("*.py"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    rows = []
    for point in sorted(entry_points(group=games.GROUP), key=lambda p: p.name):
        rules, python = own_files(point.name, point.value)
        if not rules:
            continue
        rows.append(
            {
                "game": point.name,
                "rules_files": len(rules),
                "rules_lines": sum(map(code_lines, rules)),
                "python_files": len(python),
                "python_lines": sum(map(code_lines, python)),
            }
        )
    if args.format == "json":
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<14} {'.ba files':>9} {'.ba lines':>9} {'.py files':>9} {'.py lines':>9}")
    for r in rows:
        print(
            f"{r['game']:<14} {r['rules_files']:>9} {r['rules_lines']:>9} "
            f"{r['python_files']:>9} {r['python_lines']:>9}"
        )


if __name__ == "__main__":
    main()
