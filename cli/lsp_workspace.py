"""What `ba lsp` edits: which rules (the opened folder, a project file, the shipped
content), whether they are layered on the shipped content, the language of the texts,
and the last compiled result with the syntax trees it was compiled from.

A check recompiles the whole rule set with the editor's unsaved buffers in place of the
files on disk (the same checker as ba-lint, so the same diagnostics), but parses again
only the files whose bytes changed since the previous check: parsing is most of a
check's time.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..dsl import ast
from ..dsl.compiler import CompileResult, _gc_paused, compile_sources
from ..dsl.diagnostics import Diagnostic
from ..dsl.i18n import SOURCE_LANGUAGE, Translator, available_languages, mod_locale_dirs, translator
from ..dsl.loader import CONTENT_DIR, UsageError, display_name, find_files, load
from ..dsl.parser import parse_bytes

PROJECT_FILE = "ba.toml"


@dataclass
class ParseCache:
    """The last parse of each file, by its name, kept while its bytes stay the same."""

    parsed: dict[str, tuple[bytes, tuple[ast.SourceFile | None, list[Diagnostic], str]]] = field(
        default_factory=dict
    )
    parses: int = 0  # how many files were really parsed (for the benchmark)

    def __call__(
        self, data: bytes, name: str
    ) -> tuple[ast.SourceFile | None, list[Diagnostic], str]:
        kept = self.parsed.get(name)
        if kept is not None and kept[0] == data:
            tree, diags, text = kept[1]
            return tree, list(diags), text
        self.parses += 1
        result = parse_bytes(data, name)
        self.parsed[name] = (data, result)
        return result


@dataclass
class Workspace:
    """The rules being edited: where they are, how they are compiled, the last result."""

    root: Path | None = None
    paths: list[str] = field(default_factory=list)  # empty: the game's own rules
    base: bool | None = None  # None: guessed from a `game` declaration
    game_rules: list[str] = field(default_factory=list)  # `ba lsp --game`; none: shipped
    language: str = SOURCE_LANGUAGE
    result: CompileResult | None = None
    trees: list[ast.SourceFile] = field(default_factory=list)  # the rule set's files
    # the ids the shipped content declares under a mod (which the mod may replace)
    base_ids: set[str] = field(default_factory=set)
    files: dict[str, Path] = field(default_factory=dict)  # display name -> file
    published: set[str] = field(default_factory=set)  # uris with diagnostics shown
    cache: ParseCache = field(default_factory=ParseCache)

    def open(self, root: str | None) -> None:
        """Take the opened folder as the rules, or what its project file names; a bad
        project file raises UsageError after the folder is taken."""
        if not root:
            return
        self.root = Path(root)
        if self.root.resolve() != CONTENT_DIR and _has_rules(self.root):
            self.paths = [str(self.root)]
        project = self.root / PROJECT_FILE
        if project.is_file():  # a bad one raises, and the folder stays the rules
            self.paths, base = read_project(project)
            if base is not None:
                self.base = base

    def choose_language(self, asked: object, locale: str | None) -> None:
        """The language asked for in the options, else the editor's locale, else English;
        one without a catalog falls back to English."""
        available = available_languages(mod_locale_dirs(self.paths))
        for candidate in (asked, (locale or "").split("-")[0].split("_")[0].lower()):
            if isinstance(candidate, str) and candidate in available:
                self.language = candidate
                return

    def compile(self, texts: dict[Path, bytes]) -> CompileResult:
        """Compile the rules: a complete rule set, or a mod layered on the game's rules
        (the shipped content, or those of `ba lsp --game NAME`); with no `.ba` files of
        its own, the game's rules themselves."""
        paths, base = list(self.paths), self.base
        if not paths:
            paths, base = list(self.game_rules), False
        if base is None:
            base = not self._declares_game(paths, texts)
        roots: list[str | Path] = list(self.game_rules) if self.game_rules else [CONTENT_DIR]
        found = find_files([*roots, *paths])
        self.files = {display_name(path): path for path in found}
        base_paths: list[str | Path] = list(self.game_rules)
        with _gc_paused():
            loaded = load(
                list(paths), on_base=base, texts=texts, base_paths=base_paths, parse=self.cache
            )
            self.result = compile_sources(loaded, strict_counts=not paths)
        if self.result.ruleset is not None and paths:
            layered_on = base_paths if base else []
            self.result.ruleset.locales = mod_locale_dirs([*layered_on, *paths])
        self.trees = loaded.files
        self.base_ids = {
            str(item.values[0].value)
            for source in loaded.base_files
            for item in source.items
            if item.values
        }
        return self.result

    def _declares_game(self, paths: list[str], texts: dict[Path, bytes]) -> bool:
        loaded = load(list(paths), texts=texts, parse=self.cache)
        return any(item.key == "game" for source in loaded.files for item in source.items)

    def translator(self) -> Translator:
        return translator(self.language, mod_locale_dirs(self.paths))

    def editable(self, name: str) -> bool:
        """Whether the file is the workspace's to change: any file of the rules edited,
        but not the game's rules (the shipped content, or `--game`'s) under a mod."""
        path = self.files.get(name)
        if path is None:
            return False
        roots = [Path(rule).resolve() for rule in self.game_rules] or [CONTENT_DIR]
        return not self.paths or not any(path.resolve().is_relative_to(r) for r in roots)


def read_project(project: Path) -> tuple[list[str], bool | None]:
    """The rules (paths relative to the project file) and `base` of a `ba.toml`:

    rules = ["cards", "extra.ba"]   # default: the project file's folder
    base = true                     # default: guessed, as without a project file
    """
    try:
        data = tomllib.loads(project.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{project}: not a readable TOML file ({exc})") from exc
    rules = data.get("rules", ["."])
    base = data.get("base")
    unknown = sorted(set(data) - {"rules", "base"})
    if unknown:
        raise UsageError(f"{project}: unknown setting '{unknown[0]}' (settings: rules, base)")
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules) or not rules:
        raise UsageError(f"{project}: 'rules' must be a list of paths, like [\"cards\"]")
    if base is not None and not isinstance(base, bool):
        raise UsageError(f"{project}: 'base' must be true or false")
    paths = [project.parent / rule for rule in rules]
    for rule, path in zip(rules, paths, strict=True):
        if not path.exists():
            raise UsageError(f"{project}: no such file or directory: '{rule}'")
    return [str(path.resolve()) for path in paths], base


def _has_rules(root: Path) -> bool:
    try:
        return bool(find_files([root]))
    except UsageError:
        return False
