"""Where the workshop keeps mods: in the server's database (web/storage.py) or in a folder
given on the command line (`ba serve --workshop DIR`, one sub-folder per mod).

A mod is a set of text files named by the rules below: `.ba` files at its top level
and its catalogs (`locales/LANG/LC_MESSAGES/NAME.po`, `locales/NAME.pot`), the layout
`ba catalogs` makes. Any other name (a path that climbs out, a hidden file, a folder of
its own) is refused, and so is a file or a mod over the size limits. Files change only
when the person saves: each file is written under a temporary name beside it and
renamed into place, and a save to the database is one transaction.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from ..dsl.parser import MAX_FILE_BYTES
from .session import Conflict, GameError, NotFound
from .storage import Storage

MOD_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_STEM = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"
FILE_NAME = re.compile(
    rf"{_STEM}\.ba|locales/{_STEM}\.pot|locales/[a-z]{{2,3}}(?:_[A-Z]{{2}})?/LC_MESSAGES/{_STEM}\.po"
)
MAX_FILE = MAX_FILE_BYTES  # bytes of one file: the parser refuses more
MAX_FILES = 64  # files of one mod
MAX_MOD = 1024 * 1024  # bytes of all the files of one mod
FIRST_FILE = "cards.ba"  # what a new mod starts with (empty: the author writes the first card)


class Refused(GameError):
    """A mod name, a file name or a file the workshop does not take (HTTP 400)."""


def check_mod_name(name: object) -> str:
    if not isinstance(name, str) or not MOD_NAME.fullmatch(name):
        raise Refused(
            "a mod's name is 1 to 40 small letters, digits, '-' or '_', starting with a"
            " letter or digit"
        )
    return name


def check_files(files: Mapping[str, object], kept: Mapping[str, str] | None = None) -> None:
    """Refuse a bad file name, a file that is not text, or too much (with the files
    `kept`, those already in the mod)."""
    for name, text in files.items():
        if not FILE_NAME.fullmatch(name):
            raise Refused(
                f"'{name[:80]}' is not a file the workshop keeps: NAME.ba, or a catalog"
                " locales/LANG/LC_MESSAGES/NAME.po or locales/NAME.pot (letters, digits,"
                " '-', '_')"
            )
        if text is not None and not isinstance(text, str):
            raise Refused(f"the text of '{name}' must be a string")
        if text is not None and _size(name, text) > MAX_FILE:
            raise Refused(f"'{name}' is over {MAX_FILE} bytes")
    merged = {**(kept or {}), **files}
    present = {name: text for name, text in merged.items() if text is not None}
    if len(present) > MAX_FILES:
        raise Refused(f"a mod has at most {MAX_FILES} files")
    total = sum(_size(name, str(text)) for name, text in present.items())
    if total > MAX_MOD:
        raise Refused(f"a mod's files are over {MAX_MOD} bytes in all")


def _size(name: str, text: str) -> int:
    """The bytes of a file's text in UTF-8; Refused for text that has none (a lone
    surrogate, which JSON can carry)."""
    try:
        return len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise Refused(f"'{name}' is not text that UTF-8 can hold") from None


class Mods(Protocol):
    """A place that keeps mods."""

    where: str  # said on the page: the folder, or the database

    def names(self) -> list[str]: ...

    def files(self, mod: str) -> dict[str, str]: ...

    def create(self, mod: str) -> None: ...

    def save(self, mod: str, files: Mapping[str, str | None]) -> None:
        """Write these files (None: delete the file), nothing else."""


class FolderMods:
    """Mods as folders under one folder (`ba serve --workshop DIR`)."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.where = str(self.root)

    def names(self) -> list[str]:
        return sorted(
            p.name
            for p in self.root.iterdir()
            if p.is_dir() and not p.is_symlink() and MOD_NAME.fullmatch(p.name)
        )

    def _folder(self, mod: str) -> Path:
        folder = self.root / check_mod_name(mod)
        if not folder.is_dir() or folder.is_symlink():
            raise NotFound(f"no mod '{mod}' in {self.where}")
        return folder

    def files(self, mod: str) -> dict[str, str]:
        folder = self._folder(mod)
        found: dict[str, str] = {}
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            # a link could lead out of the folder: only regular files the rules name
            if path.is_symlink() or not path.is_file() or not FILE_NAME.fullmatch(name):
                continue
            if len(found) >= MAX_FILES or path.stat().st_size > MAX_FILE:
                raise Refused(f"the mod '{mod}' has a file over {MAX_FILE} bytes or too many files")
            found[name] = path.read_bytes().decode("utf-8", "replace")
        return found

    def create(self, mod: str) -> None:
        folder = self.root / check_mod_name(mod)
        try:
            folder.mkdir()
        except FileExistsError:
            raise Conflict(f"there is already a mod '{mod}'") from None
        _write(folder / FIRST_FILE, "")

    def save(self, mod: str, files: Mapping[str, str | None]) -> None:
        folder = self._folder(mod)
        check_files(files, self.files(mod))
        for name, text in files.items():
            path = folder / name
            if not path.resolve().is_relative_to(folder.resolve()):  # a linked `locales`
                raise Refused(f"'{name}' leads out of the mod's folder")
            if text is None:
                if path.is_file() and not path.is_symlink():
                    path.unlink()
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            _write(path, text)


def _write(path: Path, text: str) -> None:
    """Write a file under a temporary name beside it, then rename it into place: a
    failed write leaves the old file as it was."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
        os.chmod(temporary, 0o644)  # as an editor's file, not mkstemp's owner-only mode
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


class DatabaseMods:
    """Mods kept in the server's SQLite file, beside its games."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.where = storage.path

    def names(self) -> list[str]:
        return self.storage.mod_names()

    def files(self, mod: str) -> dict[str, str]:
        files = self.storage.mod_files(check_mod_name(mod))
        if files is None:
            raise NotFound(f"no mod '{mod}' in the server's database")
        return files

    def create(self, mod: str) -> None:
        if not self.storage.create_mod(check_mod_name(mod), {FIRST_FILE: ""}):
            raise Conflict(f"there is already a mod '{mod}'")

    def save(self, mod: str, files: Mapping[str, str | None]) -> None:
        check_files(files, self.files(mod))
        self.storage.save_mod_files(mod, dict(files))


def zipped(mod: str, files: Mapping[str, str]) -> bytes:
    """The mod as a zip of one folder named after it: unzipped, `ba-lint MOD --base`
    checks it as the workshop did."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(files.items()):
            info = zipfile.ZipInfo(f"{mod}/{name}", date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"))
    return buffer.getvalue()
