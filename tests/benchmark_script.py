"""Loading a script of benchmarks/ as a module, for the tests of that script."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load(name: str) -> ModuleType:
    """benchmarks/<name>.py, registered under its name: a process pool's workers find
    their task function by the module's name."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run_interrupted_at_fork(module: ModuleType, args: list[str]) -> subprocess.CompletedProcess:
    """Run the script in a new process in which each fork of a worker sends the parent a
    SIGINT: Python drops a KeyboardInterrupt raised in an at-fork hook, so a script must
    hold the signal back while it forks (simulation.worker_pool does) to stop at all."""
    code = (
        "import os, runpy, signal\n"
        "os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGINT))\n"
        f"runpy.run_path({module.__file__!r}, run_name='__main__')\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )
