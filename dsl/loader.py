"""Finding and reading `.ba` files: the shipped content, a mod, or a mod layered on the base."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import ast
from .diagnostics import Diagnostic, SourceLines
from .errors import EngineError
from .parser import MAX_FILE_BYTES, parse_bytes

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"


class UsageError(EngineError):
    """A bad path or option: reported as a usage error (exit code 2)."""


# parse_bytes or a stand-in with its signature: an editor's server reuses the trees of
# the files that did not change since its last check
Parse = Callable[[bytes, str], tuple[ast.SourceFile | None, list[Diagnostic], str]]


@dataclass
class LoadedSources:
    files: list[ast.SourceFile] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: SourceLines = field(default_factory=SourceLines)
    content_hash: str = ""
    paths: list[str] = field(default_factory=list)
    syntax_ok: bool = True
    mod_files: list[ast.SourceFile] = field(default_factory=list)  # layered on the base
    base_files: list[ast.SourceFile] = field(default_factory=list)  # what they layer on
    # the names of the files that are not shipped: their values are the mod's, not printed
    mod_names: set[str] = field(default_factory=set)


def find_files(paths: list[str | Path]) -> list[Path]:
    """The `.ba` files named, or found (sorted) under the directories named."""
    return [path for path, _ in find_sources(paths)]


def find_sources(paths: list[str | Path]) -> list[tuple[Path, str]]:
    """Each `.ba` file with its name within the rules: its path inside the directory that
    was named, or its file name. The content hash reads these names, so a rule set has
    the same hash wherever it is run from."""
    found: list[tuple[Path, str]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            # regular files only: a directory or a named pipe called x.ba is skipped
            inside = sorted(p for p in path.rglob("*.ba") if p.is_file())
            if not inside:
                raise UsageError(f"no .ba files under directory '{raw}'")
            found.extend((p, p.relative_to(path).as_posix()) for p in inside)
        elif path.is_file():
            found.append((path, path.name))
        elif path.exists():
            raise UsageError(f"'{raw}' is neither a file nor a directory")
        else:
            raise UsageError(f"no such file or directory: '{raw}'")
    return found


def display_name(path: Path) -> str:
    """Shipped files show as content/<name>; others as given, relative when possible.

    A file name that is not valid UTF-8 is shown with replacement characters.
    """
    resolved = path.resolve()
    if resolved.is_relative_to(CONTENT_DIR):
        name = "content/" + resolved.relative_to(CONTENT_DIR).as_posix()
    else:
        try:
            name = resolved.relative_to(Path.cwd()).as_posix()
        except ValueError:
            name = str(path)
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def read_sources(
    sources: list[tuple[Path, str]],
    texts: Mapping[Path, bytes] | None = None,
    parse: Parse = parse_bytes,
) -> LoadedSources:
    """Read and parse the sources; `texts` (resolved path -> bytes) replaces what is on
    disk, as an editor's unsaved buffers do."""
    loaded = LoadedSources()
    digest = hashlib.sha256()
    for path, key in sources:
        name = display_name(path)
        edited = texts.get(path.resolve()) if texts else None
        if edited is not None:
            data = edited[: MAX_FILE_BYTES + 1]
        else:
            try:
                with open(path, "rb") as handle:  # bounded: a larger file is refused (E002)
                    data = handle.read(MAX_FILE_BYTES + 1)
            except OSError as exc:
                raise UsageError(f"cannot read '{path}': {exc.strerror}") from exc
        digest.update(key.encode("utf-8", "surrogateescape") + b"\0" + data + b"\0")
        tree, diags, text = parse(data, name)
        loaded.lines.add(name, text)
        loaded.diagnostics.extend(diags)
        loaded.paths.append(name)
        if not path.resolve().is_relative_to(CONTENT_DIR):
            loaded.mod_names.add(name)
        if tree is None:
            loaded.syntax_ok = False
        else:
            loaded.files.append(tree)
    loaded.content_hash = digest.hexdigest()[:16]
    return loaded


def _declaration_key(item: ast.Item) -> tuple[str, str]:
    if item.values and item.values[0].kind == "name":
        return (item.key, str(item.values[0].value))
    return (item.key, "")


def layer(base: list[ast.SourceFile], mod: list[ast.SourceFile]) -> list[ast.SourceFile]:
    """The mod's declarations replace base declarations of the same kind and id."""
    replaced = {_declaration_key(item) for source in mod for item in source.items}
    kept = [
        ast.SourceFile(src.path, tuple(i for i in src.items if _declaration_key(i) not in replaced))
        for src in base
    ]
    return kept + list(mod)


def load(
    paths: list[str | Path] | None = None,
    on_base: bool = False,
    texts: Mapping[Path, bytes] | None = None,
    base_paths: list[str | Path] | None = None,
    parse: Parse = parse_bytes,
) -> LoadedSources:
    """Read a rule set: the shipped content (no paths), the given files, or both layered;
    `texts` are edited files not yet saved (see read_sources), `parse` how a file's bytes
    become its tree. `base_paths` are the rules `on_base` layers on, when not the shipped
    content (a game registered by its folder)."""
    if not paths:
        return read_sources(find_sources([CONTENT_DIR]), texts, parse)
    mod_paths = find_sources(paths)
    if not on_base:
        return read_sources(mod_paths, texts, parse)
    base = read_sources(find_sources(base_paths or [CONTENT_DIR]), texts, parse)
    mod = read_sources(mod_paths, texts, parse)
    mod.mod_files, mod.base_files = mod.files, base.files
    mod.files = layer(base.files, mod.files)
    mod.diagnostics = base.diagnostics + mod.diagnostics
    mod.syntax_ok = base.syntax_ok and mod.syntax_ok
    mod.lines.update(base.lines)
    mod.mod_names |= base.mod_names
    mod.content_hash = hashlib.sha256((base.content_hash + mod.content_hash).encode()).hexdigest()[
        :16
    ]
    mod.paths = base.paths + mod.paths
    return mod
