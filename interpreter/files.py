"""Files a user hands to the program, read in bounded memory and parsed to a bounded depth.

Every file the commands read (rules, replays, saved games, scenarios) goes through
`read_text`: it reads at most `limit` bytes plus one (so `/dev/zero` or a 10 GB file
is refused at once), refuses what is not UTF-8 text, and reports an unreadable path
in one line. `parse_json` refuses nesting deeper than MAX_DEPTH before Python's
parser would overflow its stack, and numbers Python refuses to convert.

Every file or folder the commands write goes through `check_output` (before any work:
a missing folder, an over-long name, or an existing output without `force`, is a clear
message, never a traceback) and then `output_file`, `write_output` or `output_folder`:
the output is built under a temporary name in the same folder and renamed into place
only when complete, so a failed or interrupted run leaves the old output exactly as it
was and no temporary file behind. An existing file, a symbolic link (never followed)
or a non-empty folder is replaced only with `force`. A device or a pipe (/dev/null,
/dev/stdout) is written to directly: it holds nothing to lose. Each function raises
the error class its caller names.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

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


FORCE_HINT = "give --force to replace it"


def _shown(path: str | os.PathLike) -> str:
    return os.fsdecode(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _stream(path: str | os.PathLike) -> bool:
    """A device, a pipe or a socket (or a link to one): written to, never replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def check_output(
    path: str | os.PathLike, error: type[Exception], force: bool = False, folder: bool = False
) -> None:
    """Refuse an output that cannot be written, or that would replace something without
    `force`, before any work is done. A file (`folder=False`): a missing folder, a folder
    in its place, a name longer than the file system allows, an existing file or symbolic
    link. A folder (`folder=True`): a file in its place, or a non-empty folder."""
    target = Path(path)
    shown = _shown(path)
    if not os.fsdecode(path):
        raise error("the output path is empty")
    try:
        parent = target.parent
        if not parent.is_dir():
            raise error(f"cannot write '{shown}': no folder '{_shown(parent)}'")
        try:
            limit = os.pathconf(parent, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):
            limit = 255
        if len(os.fsencode(target.name)) > limit:
            raise error(f"cannot write '{shown}': the name is longer than {limit} bytes")
        if not os.access(parent, os.W_OK | os.X_OK) and not _stream(target):
            raise error(f"cannot write '{shown}': permission denied in '{_shown(parent)}'")
        if folder:
            _check_folder(target, shown, error, force)
        elif target.is_symlink() and not _stream(target):
            if not force:
                raise error(f"'{shown}' is a symbolic link; it is not followed ({FORCE_HINT})")
        elif target.is_dir():
            raise error(f"cannot write '{shown}': it is a folder")
        elif target.exists() and not _stream(target) and not force:
            raise error(f"'{shown}' exists already; {FORCE_HINT}")
    except OSError as exc:  # a path the system refuses to look at (a folder name too long)
        raise error(f"cannot write '{shown}': {exc.strerror or exc}") from None


def _check_folder(target: Path, shown: str, error: type[Exception], force: bool) -> None:
    if target.is_symlink():
        if not force:
            raise error(f"'{shown}' is a symbolic link; it is not followed ({FORCE_HINT})")
    elif target.exists() and not target.is_dir():
        raise error(f"cannot write the folder '{shown}': it is not a folder")
    elif target.is_dir() and any(target.iterdir()) and not force:
        raise error(f"the folder '{shown}' is not empty; {FORCE_HINT}")


def _publish(temporary: str, path: str | os.PathLike, error: type[Exception], force: bool) -> None:
    """Rename the finished `temporary` to `path`; without `force`, never over something
    that appeared there meanwhile (a hard link fails if the name is taken)."""
    if force:
        os.replace(temporary, path)
        return
    try:
        os.link(temporary, path, follow_symlinks=False)
    except FileExistsError:
        raise error(f"'{_shown(path)}' exists already; {FORCE_HINT}") from None
    except OSError:  # a file system without hard links
        if os.path.lexists(path):
            raise error(f"'{_shown(path)}' exists already; {FORCE_HINT}") from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)


def _mode(full: int = 0o666) -> int:
    """The permissions a new file (or, with 0o777, folder) gets from the umask; mkstemp
    and mkdtemp make them private."""
    umask = os.umask(0)
    os.umask(umask)
    return full & ~umask


@contextlib.contextmanager
def output_file(
    path: str | os.PathLike, error: type[Exception], force: bool = False
) -> Iterator[IO[str]]:
    """A text file to write `path` through: a temporary file in the same folder, renamed
    to `path` when the block ends without an error, removed when it fails."""
    check_output(path, error, force)
    shown = _shown(path)
    try:
        if _stream(path):
            with open(path, "w", encoding="utf-8") as handle:
                yield handle
            return
        target = Path(path)
        fd, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name[:80]}.", suffix=".tmp"
        )
    except OSError as exc:
        raise error(f"cannot write '{shown}': {exc.strerror or exc}") from None
    try:
        with open(fd, "w", encoding="utf-8") as handle:
            yield handle
        os.chmod(temporary, _mode())
        _publish(temporary, path, error, force)
    except OSError as exc:
        _remove(temporary)
        raise error(f"cannot write '{shown}': {exc.strerror or exc}") from None
    except BaseException:
        _remove(temporary)
        raise


def write_output(
    path: str | os.PathLike, text: str, error: type[Exception], force: bool = False
) -> None:
    """Write a whole text file through `output_file`."""
    with output_file(path, error, force) as handle:
        handle.write(text)


@contextlib.contextmanager
def output_folder(
    path: str | os.PathLike, error: type[Exception], force: bool = False
) -> Iterator[Path]:
    """A folder to build `path` in: a temporary folder next to it, moved into place when
    the block ends without an error (the old folder, with `force`, removed only then),
    removed when it fails."""
    check_output(path, error, force, folder=True)
    target = Path(path)
    shown = _shown(path)
    try:
        temporary = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name[:80]}."))
    except OSError as exc:
        raise error(f"cannot write '{shown}': {exc.strerror or exc}") from None
    try:
        yield temporary
        os.chmod(temporary, _mode(0o777))
        _swap_folder(temporary, target, error, force)
    except OSError as exc:
        shutil.rmtree(temporary, ignore_errors=True)
        raise error(f"cannot write '{shown}': {exc.strerror or exc}") from None
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise


def _swap_folder(temporary: Path, target: Path, error: type[Exception], force: bool) -> None:
    """Put the built folder in place of `target`. A missing or empty folder is replaced
    by the rename itself; with `force`, anything else is first moved aside (into a
    temporary folder), put back if the rename fails, and removed once it succeeded."""
    empty = target.is_dir() and not target.is_symlink() and not any(target.iterdir())
    if not os.path.lexists(target) or empty:
        os.rename(temporary, target)
        return
    if not force:
        raise error(f"the folder '{_shown(target)}' is not empty; {FORCE_HINT}")
    old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name[:80]}.old."))
    try:
        os.rename(target, old / "old")
        try:
            os.rename(temporary, target)
        except OSError:
            os.rename(old / "old", target)
            raise
    finally:
        shutil.rmtree(old, ignore_errors=True)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
