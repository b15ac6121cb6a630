"""The build, with one option: `BA_COMPILE=1 pip install .` compiles the modules a game
spends its time in with mypyc (C extensions built from the same, type-checked source).

Everything else about the package is in pyproject.toml. Without BA_COMPILE the package
is pure Python, as the README installs it. A compiled build needs a C compiler and the
Python headers; it plays the same games (the golden playthroughs check it, see
docs/simulation.md) about 1.4 to 1.8 times as fast. mypy, which brings mypyc, is then a
requirement of the build only: setuptools installs it in the build environment.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup

# The engine and Black Angel's rules code: what `ba simulate` and the bots run per decision.
# Not program.py nor tables.py: a compiled class cannot be subclassed by an interpreted one,
# and games (examples/dice_race) subclass Program. The paths go through .typecheck/ so
# that mypy names the modules blackangel.<folder>.<module>.
COMPILED = [
    "interpreter/engine.py",
    "interpreter/effects.py",
    "interpreter/rng.py",
    "interpreter/core_primitives.py",
    "interpreter/agents.py",
    "interpreter/arguments.py",
    "interpreter/rulings.py",
    "interpreter/piles.py",
    "interpreter/black_angel/actions/activations.py",
    "interpreter/black_angel/actions/command.py",
    "interpreter/black_angel/actions/destroy.py",
    "interpreter/black_angel/actions/discover.py",
    "interpreter/black_angel/actions/repair.py",
    "interpreter/black_angel/boosts.py",
    "interpreter/black_angel/cards.py",
    "interpreter/black_angel/dice.py",
    "interpreter/black_angel/display.py",
    "interpreter/black_angel/end.py",
    "interpreter/black_angel/grid.py",
    "interpreter/black_angel/hal.py",
    "interpreter/black_angel/hal_actions.py",
    "interpreter/black_angel/items.py",
    "interpreter/black_angel/labels.py",
    "interpreter/black_angel/layout.py",
    "interpreter/black_angel/missions.py",
    "interpreter/black_angel/needs.py",
    "interpreter/black_angel/neutral.py",
    "interpreter/black_angel/ravagers.py",
    "interpreter/black_angel/scoring.py",
    "interpreter/black_angel/sequence_a.py",
    "interpreter/black_angel/sequence_b.py",
    "interpreter/black_angel/setup.py",
    "interpreter/black_angel/space.py",
    "interpreter/black_angel/stock.py",
    "interpreter/black_angel/turn.py",
    "dsl/text.py",
]


BUILDS = {"bdist_wheel", "editable_wheel", "build_ext", "build"}  # not metadata or sdist


COMPILE = os.environ.get("BA_COMPILE") == "1"


def compiled_modules() -> list:
    if not COMPILE or not BUILDS & set(sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as missing:
        message = "BA_COMPILE=1 needs mypy (which brings mypyc): pip install mypy"
        raise SystemExit(message) from missing
    link_packages()
    # the build environment has none of the dependencies: what comes from them is Any
    os.environ["MYPYPATH"] = ".typecheck"
    options = ["--config-file=", "--explicit-package-bases", "--ignore-missing-imports"]
    paths = [f".typecheck/blackangel/{path}" for path in COMPILED]
    return mypycify([*options, *paths], group_name="blackangel_native")


def link_packages() -> None:
    """.typecheck/blackangel/<name> -> <folder>, as pyproject.toml's package-dir maps
    them. The links are in the repository; an unpacked sdist has not got them (it would
    copy what they point to), so a compiled build from one makes them here."""
    root = Path(".typecheck/blackangel")
    if root.exists():
        return
    with open("pyproject.toml", "rb") as file:
        folders = tomllib.load(file)["tool"]["setuptools"]["package-dir"]
    root.mkdir(parents=True)
    for package, folder in folders.items():
        link = root / package.removeprefix("blackangel.")
        link.symlink_to(Path("..", "..", folder), target_is_directory=True)


setup(
    ext_modules=compiled_modules(),
    # asked for by setuptools before the build, and installed in its environment
    setup_requires=["mypy>=2.4.1,<2.5"] if COMPILE else [],
)
