"""Programs a test needs that pip cannot install (a system browser, say).

Where such a program is missing the test is skipped, with a reason that says how to
install it, so the README's test command passes on a machine with only Python and pip.
Where the environment requires the program (`.ci/run` sets the variable after installing
it), a missing program fails the test instead: CI cannot go green by skipping it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest


def system_program(
    names: tuple[str, ...], *, override: str, required_by: str, install: str
) -> Path:
    """The path of the first of `names` on PATH, or the one the `override` variable names
    (set but empty: none); skip the test without it, or fail if `required_by` is set to 1."""
    if override in os.environ:
        given = os.environ[override]
        found = shutil.which(given) if given else None
    else:
        found = next((path for name in names if (path := shutil.which(name))), None)
    if found is not None:
        return Path(found)
    missing = (
        f"{names[0]} is not installed ({install}; or name it in {override})"
        if override not in os.environ
        else f"{override}={os.environ[override]!r} names no program"
    )
    if os.environ.get(required_by) == "1":
        pytest.fail(f"{missing}, and {required_by}=1 requires it")
    pytest.skip(f"{missing}; set {required_by}=1 to make this a failure")
