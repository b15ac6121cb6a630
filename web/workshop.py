"""The workshop's checker and renderer: a mod, as the browser holds it (saved or not),
checked on the game's rules as `ba-lint MOD --base` checks it, and its cards rendered in
every language as `ba cards` renders them.

The files are written into a folder of the server's own (`scratch`) named by a hash of
their contents: the checker reads a folder, a mod's catalogs are read from its `locales`
folder (and kept by path, so new contents need a new path), and the same contents are
written once. The newest `KEPT` folders are kept, and those of the rules a test game
plays (`pin`); the shipped or registered rules below are parsed once and kept parsed
(cli/lsp_workspace.py's cache).
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cli.lsp_workspace import ParseCache
from ..dsl import catalogs
from ..dsl.checker import Decl
from ..dsl.compiler import CompileResult, RuleSet, _gc_paused, compile_sources
from ..dsl.diagnostics import Diagnostic
from ..dsl.i18n import Msg, mod_locale_dirs, translator
from ..dsl.loader import UsageError, display_name, load
from ..dsl.meta import Vocabulary
from ..dsl.text import TextRenderer
from ..dsl.tokens import CONNECTOR_WORDS
from .mods import Refused, check_files, check_mod_name

KEPT = 32  # folders of checked contents kept on disk, besides those of test games


@dataclass
class Checked:
    """A mod checked: the compiler's result, where its files were, and their names."""

    result: CompileResult
    folder: Path
    names: dict[str, str]  # the checker's name of a file -> the mod's name of it
    catalog_problems: list[Diagnostic] = field(default_factory=list)
    notes: list[Msg] = field(default_factory=list)  # how many texts show in English


class Workshop:
    """Checks and renders mods on one game's rules (`base`: its folder; none, the
    shipped content), in the server's languages."""

    def __init__(self, base: list[str], languages: list[str]):
        self.base = base
        self.languages = languages
        self._scratch: Path | None = None
        self._folders: OrderedDict[Path, None] = OrderedDict()
        self._pinned: set[Path] = set()
        self._cache = ParseCache()
        self._lock = threading.Lock()  # one check at a time: they share the cache, the CPU

    @property
    def scratch(self) -> Path:
        """The server's own folder, made at the first check and removed when the server
        stops (or, at the latest, when the program ends)."""
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="ba-workshop-"))
            self._cleanup = weakref.finalize(self, shutil.rmtree, self._scratch, True)
        return self._scratch

    def close(self) -> None:
        if self._scratch is not None:
            self._cleanup()

    def check(self, mod: str, files: Mapping[str, str], translations: bool = True) -> Checked:
        """Compile the mod's files layered on the game's rules; with `translations`, look
        at its catalogs too."""
        check_mod_name(mod)
        check_files(files)
        if not any(name.endswith(".ba") for name in files):
            raise Refused("a mod needs at least one .ba file")
        with self._lock:
            folder = self._write(mod, files)
            names = {display_name(folder / name): name for name in files}
            try:
                with _gc_paused():
                    loaded = load(
                        [folder],
                        on_base=True,
                        base_paths=[Path(p) for p in self.base] or None,
                        parse=self._cache,
                    )
                    result = compile_sources(loaded, strict_counts=False)
            except UsageError as exc:
                raise Refused(str(exc)) from None
        if result.ruleset is not None:
            result.ruleset.locales = mod_locale_dirs([*self.base, folder])
        checked = Checked(result, folder, names)
        if translations and any(name.startswith("locales/") for name in files):
            # ba-lint's look at the mod's catalogs: it reads the whole rule set again
            # (about a second), so only for a mod that has catalogs to look at
            checked.catalog_problems, checked.notes = catalogs.lint([folder], self.base)
        return checked

    def _write(self, mod: str, files: Mapping[str, str]) -> Path:
        digest = hashlib.sha256(mod.encode())
        for name, text in sorted(files.items()):
            digest.update(b"\0" + name.encode() + b"\0" + text.encode("utf-8", "replace"))
        folder = self.scratch / digest.hexdigest()[:24] / mod
        if folder in self._folders:
            self._folders.move_to_end(folder)
            return folder
        for name, text in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8", "replace"))
        self._folders[folder] = None
        old = [f for f in self._folders if f not in self._pinned and f != folder]
        for gone in old[: max(len(old) + 1 - KEPT, 0)]:  # KEPT with this one
            del self._folders[gone]
            shutil.rmtree(gone.parent, ignore_errors=True)
        return folder

    def pin(self, folder: Path) -> None:
        """Keep a folder while a test game plays its rules."""
        with self._lock:
            self._pinned.add(folder)

    def unpin(self, folder: Path) -> None:
        with self._lock:
            self._pinned.discard(folder)


def diagnostics(checked: Checked, lang: str) -> list[dict[str, Any]]:
    """Each problem as the page shows it (in the language asked for): the mod's file and
    the place in it (None for a problem of the game's rules or of the whole rule set),
    the code, the message and the hint."""
    tr = translator(lang, checked.result.ruleset.locales if checked.result.ruleset else ())
    found = sorted(
        checked.result.diagnostics + checked.catalog_problems, key=lambda d: d.sort_key()
    )
    shown = [_diagnostic(diag, checked.names, tr) for diag in found]
    # a hint may name the checked folder (run ba catalogs --rules ...): name the mod instead
    folder = checked.folder
    for problem in shown:
        for said in {display_name(folder), str(folder)}:
            for key in ("message", "hint"):
                if problem[key]:
                    problem[key] = problem[key].replace(said, folder.name)
    return shown


def notes(checked: Checked, lang: str) -> list[str]:
    """What ba-lint notes about the mod's catalogs (texts shown in English), in words."""
    tr = translator(lang, checked.result.ruleset.locales if checked.result.ruleset else ())
    return [note.render(tr) for note in checked.notes]


def _diagnostic(diag: Diagnostic, names: dict[str, str], tr) -> dict[str, Any]:
    span = diag.span
    where: dict[str, Any] = {"file": None, "shown": None}
    if span is not None:
        where = {
            "file": names.get(span.file),
            "shown": names.get(span.file, span.file),
            "line": span.line,
            "column": span.column,
            "end_line": span.end_line,
            "end_column": span.end_column,
        }
    return {
        **where,
        "severity": diag.severity,
        "code": diag.code,
        "message": diag.text(tr),
        "hint": diag.hint_text(tr),
    }


def cards(checked: Checked, languages: list[str]) -> list[dict[str, Any]]:
    """The cards and tiles the mod declares, each with its face in every language: the
    kind and colour in words, the facts (cost, reward...) and the rules text, one line
    per effect, by the renderer `ba cards` uses."""
    ruleset = checked.result.ruleset
    if ruleset is None:
        return []
    kinds = card_kinds(ruleset.vocabulary)
    own = [
        decl
        for decl in ruleset.decls
        if decl.kind in kinds and decl.id is not None and decl.item.span.file in checked.names
    ]
    renderers = {
        lang: TextRenderer(ruleset.decls, ruleset.vocabulary, lang, ruleset.locales)
        for lang in languages
    }
    return [
        {
            "id": decl.id,
            "file": checked.names[decl.item.span.file],
            "line": decl.item.span.line,
            "color": decl.value("color") if "color" in decl.spec.fields else None,
            "faces": {lang: _face(text, decl) for lang, text in renderers.items()},
        }
        for decl in own
    ]


def card_kinds(vocabulary: Vocabulary) -> list[str]:
    """The kinds `ba cards` lists: cards and tiles (not a space strip) and listed kinds."""
    return [
        k for k, spec in vocabulary.kinds.items() if (spec.card and k != "strip") or spec.listed
    ]


def _face(text: TextRenderer, decl: Decl) -> dict[str, Any]:
    colour = decl.value("color") if "color" in decl.spec.fields else None
    return {
        "kind": text.kind(decl.kind),
        "colour": text.word(colour) if isinstance(colour, str) else None,
        "facts": text.fact_line(decl),
        "lines": text.card_lines(decl),
    }


def words(vocabulary: Vocabulary) -> dict[str, list[str]]:
    """The words the editor colours: keywords (declaration kinds and their fields), the
    primitives of effects and the connectors, from the game's vocabulary."""
    keywords = set(vocabulary.kinds)
    for spec in vocabulary.kinds.values():
        keywords.update(spec.fields)
    return {
        "keywords": sorted(keywords),
        "primitives": sorted(vocabulary.primitives),
        "connectors": list(CONNECTOR_WORDS),
    }


def rules_of(checked: Checked) -> RuleSet:
    """The rule set of a mod without errors, to play; Refused with the first error."""
    result = checked.result
    if result.ruleset is None or result.errors:
        first = result.errors[0] if result.errors else None
        said = f": {first.code} {first.message}" if first else ""
        raise Refused(f"the mod has {len(result.errors)} error(s){said}")
    return result.ruleset
