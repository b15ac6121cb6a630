"""Time the parser and `ba-lint` on each hostile rule file of the tests
(tests/hostile_inputs.py): none should take more than a moment.

Run after `pip install '.[test]'`:  python benchmarks/hostile_inputs.py [--rounds N]

Prints the best of N rounds per input, slowest first; nothing here asserts a time (the
tests check only what each input gives, so they pass on a slow machine).
"""

from __future__ import annotations

import argparse
import functools
import platform
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.dsl.compiler import load_shipped
from blackangel.dsl.parser import parse_bytes
from blackangel.interpreter.engine import BUILD

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hostile_inputs import HOSTILE  # noqa: E402


def best_time(action, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per input (default 3)")
    rounds = parser.parse_args().rounds
    machine = f"python {platform.python_version()} ({BUILD}) on {platform.machine()}"
    print(f"{machine}, content {load_shipped().content_hash}, best of {rounds} rounds")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (data, _code) in sorted(HOSTILE.items()):
            path = Path(folder) / f"{name}.ba"
            path.write_bytes(data)
            parse = best_time(functools.partial(parse_bytes, data, path.name), rounds)
            lint = best_time(
                functools.partial(CliRunner().invoke, lint_command, [str(path)]), rounds
            )
            rows.append((lint, parse, name))
    print(f"{'input':<32} {'parse s':>9} {'ba-lint s':>10}")
    for lint, parse, name in sorted(rows, reverse=True):
        print(f"{name:<32} {parse:9.3f} {lint:10.3f}")


if __name__ == "__main__":
    main()
