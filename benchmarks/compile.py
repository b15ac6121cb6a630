"""Measure how fast the shipped content compiles and how fast `ba-lint` runs end to end.

Run after `pip install .`:  python benchmarks/compile.py [--runs N]

Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import glob
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

COLD_SNIPPET = """
import time
t0 = time.perf_counter()
from blackangel.dsl.compiler import compile_paths
t1 = time.perf_counter()
result = compile_paths()
t2 = time.perf_counter()
assert result.ruleset is not None and not result.errors
print(f"{t1 - t0:.6f} {t2 - t1:.6f} {result.ruleset.content_hash}")
"""


def _drop_grammar_cache() -> None:
    for path in glob.glob(os.path.join(tempfile.gettempdir(), ".lark_cache_*")):
        os.remove(path)


def _fresh_process(drop_cache: bool) -> tuple[float, float, str]:
    if drop_cache:
        _drop_grammar_cache()
    out = subprocess.run(
        [sys.executable, "-c", COLD_SNIPPET], capture_output=True, text=True, check=True
    )
    imp, comp, digest = out.stdout.split()
    return float(imp), float(comp), digest


def _lint_wall() -> float:
    lint = os.path.join(os.path.dirname(sys.executable), "ba-lint")
    command = [lint] if os.path.exists(lint) else [sys.executable, "-m", "blackangel.cli.lint"]
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=5, help="repetitions per figure (median is shown)"
    )
    args = parser.parse_args()

    no_cache = [_fresh_process(drop_cache=True) for _ in range(args.runs)]
    cached = [_fresh_process(drop_cache=False) for _ in range(args.runs)]
    from blackangel.dsl.compiler import compile_paths

    compile_paths()
    warm = []
    for _ in range(args.runs):
        start = time.perf_counter()
        compile_paths()
        warm.append(time.perf_counter() - start)
    lint = [_lint_wall() for _ in range(args.runs)]

    def ms(values):
        return f"{statistics.median(values) * 1000:7.1f} ms"

    print(
        f"python {platform.python_version()} on {platform.machine()}, content {cached[0][2]}, "
        f"median of {args.runs}"
    )
    print(f"import blackangel.dsl.compiler              {ms([c[0] for c in cached])}")
    print(f"compile, fresh process, no grammar cache    {ms([c[1] for c in no_cache])}")
    print(f"compile, fresh process, grammar cached      {ms([c[1] for c in cached])}")
    print(f"compile, warm (same process)                {ms(warm)}")
    print(f"ba-lint end to end (process start included) {ms(lint)}")


if __name__ == "__main__":
    main()
