"""Measure how long `ba lsp` takes to check the shipped content again after an edit.

Run after `pip install '.[lsp]'`:  python benchmarks/lsp_check.py [--runs N]

The server recompiles the whole rule set at each edit but parses again only the files
whose bytes changed (cli/lsp_workspace.py), and of those only the groups of top-level
blocks whose text or first line changed (dsl/parser.py keeps the groups it parsed).
This prints, in milliseconds, the median and the slowest of N checks:
  - a first check (every file parsed), as when the editor opens the folder;
  - a check after an edit of one shipped file (only that file parsed again);
  - the same edit with nothing parsed before (every file, every group parsed again);
  - a check after an edit of a one-file mod layered on the shipped content.
Prints the Python version, the build and the content hash, then figures only; nothing
here asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from blackangel.cli.lsp_workspace import Workspace
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.loader import CONTENT_DIR
from blackangel.dsl.parser import forget_parsed
from blackangel.interpreter.engine import BUILD

MISSION = """\
mission m001 {
  color orange
  reward 1 vp
  reveals orange
  activation: take 3 ship
}
"""


def timed(check) -> float:
    start = time.perf_counter()
    check()
    return (time.perf_counter() - start) * 1000


def figures(name: str, times: list[float], parses: str) -> None:
    median = statistics.median(times)
    print(f"{name:<44} median {median:7.1f} ms   max {max(times):7.1f} ms   {parses}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="checks of each kind (default 10)")
    runs = parser.parse_args().runs
    if runs < 1:
        parser.error("--runs must be at least 1")
    content = compile_paths(None)
    shipped = content.ruleset.content_hash if content.ruleset is not None else "unreadable"
    print(
        f"Python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{shipped}, {runs} runs each"
    )

    missions = CONTENT_DIR / "missions.ba"
    original = missions.read_bytes()
    edits = [{missions.resolve(): original + f"# edit {n}\n".encode()} for n in range(runs)]

    first = []
    for _ in range(runs):
        forget_parsed()  # a first check parses from nothing
        workspace = Workspace()
        first.append(timed(lambda workspace=workspace: workspace.compile({})))
    figures("first check of the shipped content", first, f"{workspace.cache.parses} files parsed")

    workspace = Workspace()
    workspace.compile({})
    before = workspace.cache.parses
    again = [timed(lambda texts=texts: workspace.compile(texts)) for texts in edits]
    per_check = (workspace.cache.parses - before) / runs
    figures("after an edit of missions.ba", again, f"{per_check:.0f} file parsed per check")

    cold = []
    for texts in edits:
        forget_parsed()
        fresh = Workspace()
        cold.append(timed(lambda fresh=fresh, texts=texts: fresh.compile(texts)))
    figures("the same, parsing every file", cold, f"{fresh.cache.parses} files parsed")

    with tempfile.TemporaryDirectory() as folder:
        mod = Path(folder) / "mod.ba"
        mod.write_text(MISSION, encoding="utf-8")
        workspace = Workspace(paths=[folder])
        workspace.compile({})
        before = workspace.cache.parses
        texts = [{mod.resolve(): (MISSION + f"# edit {n}\n").encode()} for n in range(runs)]
        layered = [timed(lambda t=t: workspace.compile(t)) for t in texts]
        per_check = (workspace.cache.parses - before) / runs
        figures("after an edit of a mod on the shipped rules", layered, f"{per_check:.0f} parsed")
    result = workspace.result
    assert result is not None and result.ruleset is not None, "the mod did not compile"
    return 0


if __name__ == "__main__":
    sys.exit(main())
