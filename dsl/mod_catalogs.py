"""A mod's own catalogs (`ba catalogs --rules MOD`): its messages extracted into a
template of its own, each language's `.po` created or merged, and how complete each is.

A mod's messages are what its `.ba` files say in words (dsl/extract.py) that the
shipped template lacks: the shipped catalogs translate the rest. They go to
`MOD/locales/DOMAIN.pot` and `MOD/locales/LANG/LC_MESSAGES/DOMAIN.po`, DOMAIN being
the mod folder's name, where `dsl/i18n.py` reads them (any `.po` of that folder).
Merging keeps every translation whose message is still used and drops the others;
nothing is matched by similarity, so no translation is guessed.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .catalogs import check, mod_folder, template_messages
from .diagnostics import Diagnostic
from .extract import extract_ba, game_module_of
from .i18n import DOMAIN, SOURCE_LANGUAGE, Key, mod_locale_dirs, read_catalog, read_messages
from .loader import UsageError, display_name, find_files

LOCALES = "locales"
WIDTH = 76  # the line width of the shipped catalogs


def domain_of(folder: Path) -> str:
    """The mod's gettext domain: its folder's name in letters, digits, `_` and `-` (never
    the shipped domain, so that its catalog cannot be taken for the game's)."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "_", folder.resolve().name).strip("_") or "mod"
    return "mod" if name == DOMAIN else name


def mod_template(paths: Sequence[str | Path]):
    """The mod's messages, as a Babel catalog: each with where it is written and the
    comments for translators."""
    from babel.messages.catalog import Catalog

    shipped = set(template_messages())
    folder = mod_folder(list(paths))
    template = Catalog(domain=domain_of(folder), project=domain_of(folder), fuzzy=False)
    files = find_files(list(paths))
    # every file is read with the words of the game module its `game` names (a file of a
    # game split in several files declares none of its own)
    options = {"game": game_module_of(files)} if files else {}
    for path in files:
        shown = _relative(path, folder)
        with path.open("rb") as handle:
            for line, _function, parts, comments in extract_ba(
                handle, (), ("TRANSLATORS:",), options
            ):
                context, *ids = parts
                if (context, ids[0]) in shipped:
                    continue
                msgid = tuple(ids) if len(ids) > 1 else ids[0]
                template.add(
                    msgid,
                    locations=[(shown, line)],
                    auto_comments=comments,
                    context=context,
                )
    return template


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return display_name(path)


@dataclass(frozen=True)
class LanguageStatus:
    """How complete one language's catalog of a mod is."""

    lang: str
    path: Path
    total: int
    translated: int
    untranslated: int
    fuzzy: int
    wrong: int  # placeholders or plural forms that do not fit (E504, E505), unreadable (E506)
    changed: bool  # the file differed from the merged catalog (written, unless checking)
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.translated == self.total and not self.problems


def merged(template, lang: str, existing: Path):
    """The language's catalog: the existing one updated to the template (translations of
    messages still used kept, the others dropped), or a new one."""
    from babel.messages.catalog import Catalog

    if existing.is_file():
        try:
            catalog = read_catalog(existing, lang)
        except ValueError as exc:
            raise UsageError(f"{existing} cannot be read, so it is left as it is: {exc}") from exc
    else:
        catalog = Catalog(
            locale=lang, domain=template.domain, project=template.project, fuzzy=False
        )
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    return catalog


def po_text(catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, omit_header=False, include_previous=False)
    return out.getvalue()


def pot_text(template) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, template, width=WIDTH)
    return out.getvalue()


def _without_dates(data: bytes) -> bytes:
    """A catalog with its dates left out, to tell whether anything else changed."""
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", data)


def unchanged(path: Path, data: bytes) -> bool:
    return path.is_file() and _without_dates(path.read_bytes()) == _without_dates(data)


def status(template, lang: str, locales: Path, path: Path, changed: bool) -> LanguageStatus:
    """Count the mod's messages that the catalogs of `locales` translate in `lang`, with
    ba-lint's checks of those catalogs (dsl/catalogs.py)."""
    needed: dict[Key, list[tuple[str, int]]] = {
        _key(m): list(m.locations) for m in template if m.id
    }
    diags = check(needed, [locales], [lang], shipped=())
    codes = [d.code for d in diags]
    untranslated = codes.count("W501")  # no usable translation
    fuzzy = codes.count("W502")
    wrong = sum(codes.count(code) for code in ("E504", "E505", "E506"))
    # a fuzzy or wrong translation is also reported missing (W501): count it once
    wrong_entries = {
        (d.span.file, d.span.line)
        for d in diags
        if d.code in ("E504", "E505") and d.span and d.span.line > 1  # line 1: the header
    }
    return LanguageStatus(
        lang,
        path,
        total=len(needed),
        translated=len(needed) - untranslated,
        untranslated=max(0, untranslated - fuzzy - len(wrong_entries)),
        fuzzy=fuzzy,
        wrong=wrong,
        changed=changed,
        problems=[d for d in diags if d.code != "W501"],
    )


def languages_of(locales: Path, asked: Iterable[str]) -> list[str]:
    """The languages to work on: those asked for, else Polish, German and every other
    language the mod already has a catalog for (English needs none)."""
    asked = list(dict.fromkeys(asked))
    if asked:
        return asked
    found = ["pl", "de"]
    if locales.is_dir():
        found += sorted(
            d.name
            for d in locales.iterdir()
            if (d / "LC_MESSAGES").is_dir() and d.name not in found
        )
    return [lang for lang in found if lang != SOURCE_LANGUAGE]


def untranslated(paths: Sequence[str | Path], lang: str) -> list[Key]:
    """The messages of a mod that no catalog translates usably into `lang` (shown in
    English): `ba docs` counts them and the reference marks them."""
    if lang == SOURCE_LANGUAGE or not paths:
        return []
    known = read_messages(lang, mod_locale_dirs(paths))  # as they are now, not cached
    keys = [_key(m) for m in mod_template(paths) if m.id]
    return [key for key in keys if key not in known]


def _key(message) -> Key:
    return (message.context, message.id[0] if isinstance(message.id, tuple) else message.id)
