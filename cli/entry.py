"""The console scripts `ba` and `ba-lint`.

They import the commands inside a Ctrl-C guard: importing the engine takes a
quarter of a second, and an interrupt then ends like one anywhere else, with exit
code 130 and one line on stderr instead of a traceback.
"""

from __future__ import annotations

import sys


def ba() -> None:
    try:
        from .main import main

        main()
    except KeyboardInterrupt:  # during start-up; once running, run() reports it
        _interrupted()


def ba_lint() -> None:
    try:
        from .lint import main

        main()
    except KeyboardInterrupt:
        _interrupted()


def _interrupted() -> None:
    from .common import interrupted

    sys.exit(interrupted())
