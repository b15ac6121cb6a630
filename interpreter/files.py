"""Files a user hands to the program, read in bounded memory and parsed to a bounded depth.

Every file the commands read (rules, replays, saved games, scenarios) goes through
`read_text`: it reads at most `limit` bytes plus one (so `/dev/zero` or a 10 GB file
is refused at once), refuses what is not UTF-8 text, and reports an unreadable path
in one line. `parse_json` refuses nesting deeper than MAX_DEPTH before Python's
parser would overflow its stack, and numbers Python refuses to convert. Output files
go through `check_writable` and `write_text`: a missing folder or an over-long name is
a clear message, never a traceback. Each raises the error class its caller names.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 16 * 1024 * 1024  # a saved game of a long 4-player game is about 200 KB
MAX_DEPTH = 64  # saved states nest about 10 levels deep

_OPENERS = {ord("["), ord("{")}
_CLOSERS = {ord("]"), ord("}")}


def read_text(
    path: str | os.PathLike, what: str, error: type[Exception], limit: int = MAX_FILE_BYTES
) -> str:
    """The text of a file of at most `limit` bytes; `error` for anything else."""
    shown = os.fsdecode(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise error(f"cannot read '{shown}': no such file") from None
    except IsADirectoryError:
        raise error(f"'{shown}' is a directory, not {what}") from None
    except OSError as exc:
        raise error(f"cannot read '{shown}': {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(f"'{shown}' is larger than {limit:,} bytes: not {what}")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise error(f"'{shown}' is not {what} (not UTF-8 text)") from None


def depth(text: str) -> int:
    """How deeply brackets nest in JSON text (brackets inside strings do not count)."""
    data = text.encode("utf-8", "surrogatepass")
    deepest = level = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in _OPENERS:
            level += 1
            deepest = max(deepest, level)
        elif byte in _CLOSERS:
            level -= 1
    return deepest


def parse_json(text: str, what: str, error: type[Exception], max_depth: int = MAX_DEPTH) -> Any:
    """JSON text as Python values; `error` for invalid JSON, deep nesting or huge numbers."""
    if text.count("[") + text.count("{") > max_depth and depth(text) > max_depth:
        raise error(f"not {what}: nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"not {what}: invalid JSON at line {exc.lineno}, column {exc.colno}") from None
    except ValueError:  # Python refuses to convert a number of 4,300 digits or more
        raise error(f"not {what}: a number with thousands of digits") from None
    except RecursionError:
        raise error(f"not {what}: nested too deeply") from None


def check_writable(path: str | os.PathLike, error: type[Exception]) -> None:
    """Refuse an output path that cannot be written, before any work is done: a missing
    folder, a folder in its place, or a name longer than the file system allows."""
    target = Path(path)
    folder = target.parent
    shown = os.fsdecode(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    try:
        if not folder.is_dir():
            raise error(f"cannot write '{shown}': no folder '{folder}'")
        try:
            limit = os.pathconf(folder, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):
            limit = 255
        if len(os.fsencode(target.name)) > limit:
            raise error(f"cannot write '{shown}': the file name is longer than {limit} bytes")
        if target.is_dir():
            raise error(f"cannot write '{shown}': it is a folder")
        if not os.access(target if target.exists() else folder, os.W_OK):
            raise error(f"cannot write '{shown}': permission denied")
    except OSError as exc:  # a path the system refuses to look at (a folder name too long)
        raise error(f"cannot write '{shown}': {exc.strerror or exc}") from None


def write_text(path: str | os.PathLike, text: str, error: type[Exception]) -> None:
    """Write a file; `error` with the reason if the system refuses."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise error(f"cannot write '{os.fsdecode(path)}': {exc.strerror or exc}") from None
