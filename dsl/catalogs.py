"""The catalogs as a whole: regenerating them, how complete they are, and what ba-lint
says about them.

    python -m blackangel.dsl.catalogs

run from a checkout, extracts every message (the Python code with the mappings of
[tool.babel] in pyproject.toml, the vocabularies and content/ through dsl/extract.py)
into locales/blackangel.pot, updates locales/<lang>/LC_MESSAGES/blackangel.po of every
language (creating a missing one), fills the English catalog from the msgids, and
prints how complete each language is. Translators then edit the `.po` files.

`check` is ba-lint's look at the catalogs: per language, the messages that are
missing, fuzzy or obsolete, and translations whose placeholders or plural forms do
not fit (diagnostics W501-W503, E504-E506 with the catalog's file and line).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .ast import Span
from .diagnostics import Diagnostic
from .extract import extract_ba, game_module_of
from .i18n import (
    DOMAIN,
    LOCALE_DIR,
    N_,
    NN_,
    PREFERRED,
    SOURCE_LANGUAGE,
    TEMPLATE,
    Key,
    Msg,
    available_languages,
    catalog_dirs,
    is_complete,
    mod_locale_dirs,
    plural_rule,
    read_catalog,
    translation_problems,
)

ROOT = LOCALE_DIR.parent
FUZZY_HINT = N_("check it and remove the fuzzy flag; until then English is shown")


def key_of(message) -> Key:
    msgid = message.id
    return (message.context, msgid[0] if isinstance(msgid, (tuple, list)) else msgid)


def needed_messages(paths: Iterable[str | Path] = ()) -> dict[Key, list[tuple[str, int]]]:
    """Every message a rule set needs, with where it is used: the template's (the code and
    the shipped content), and what the `.ba` files of a mod say in words."""
    from .loader import display_name, find_files  # lark: only when rules are read

    needed: dict[Key, list[tuple[str, int]]] = {
        key: list(message.locations)  # type: ignore[attr-defined]
        for key, message in template_messages().items()
    }
    files = find_files(list(paths))
    options = {"game": game_module_of(files)} if files else {}  # a mod: its base's words
    for path in files:
        with path.open("rb") as handle:
            for line, _function, parts, _comments in extract_ba(handle, (), (), options):
                if isinstance(parts, tuple) and len(parts) >= 2:
                    key: Key = (parts[0], parts[1])
                else:
                    key = (None, parts)
                needed.setdefault(key, []).append((display_name(path), line))
    return needed


UNTRANSLATED_MOD = NN_(
    "note: {count} message of these rules has no {lang} translation (no {lang} catalog "
    "beside them); it is shown in English until `ba catalogs --rules {mod} --lang {lang}` "
    "makes one to translate",
    "note: {count} messages of these rules have no {lang} translation (no {lang} catalog "
    "beside them); they are shown in English until `ba catalogs --rules {mod} --lang {lang}` "
    "makes one to translate",
)


def lint(
    paths: Iterable[str | Path] = (), under: Iterable[str | Path] = ()
) -> tuple[list[Diagnostic], list[Msg]]:
    """ba-lint's look at the catalogs of a rule set: the shipped ones, those of the game
    registered by its folder that `paths` are layered `under` (if any), and those in the
    `locales` folders next to a mod's files, against every message the rules need.

    The game's own messages are checked as the shipped ones are; a mod's own messages in
    the languages the mod ships a catalog for; for the others, a note says how many of
    them are shown in English."""
    paths, under = list(paths), list(under)
    try:
        needed = needed_messages([*under, *paths])
        shipped = set(template_messages())
        if under:  # the game's own texts, translated in its own catalogs
            shipped |= set(needed_messages(under))
    except ValueError as exc:
        message = N_("the template cannot be read: {reason}")
        return [Diagnostic.of("E506", _where(TEMPLATE, 1), message, reason=exc)], []
    game_folders = [Path(d) for d in mod_locale_dirs(under)]
    mod_folders = [Path(d) for d in mod_locale_dirs(paths)]
    own = {d.parent.name for folder in mod_folders for d in catalog_dirs(folder)}
    folders = [LOCALE_DIR, *game_folders, *mod_folders]
    diags = check(needed, folders, shipped=shipped, mod_languages=own)
    notes = []
    extra = [key for key in needed if key not in shipped]
    if extra:
        for lang in available_languages():
            if lang != SOURCE_LANGUAGE and lang not in own:
                count = len(extra)
                values = {"count": count, "lang": lang, "mod": _display(mod_folder(paths))}
                notes.append(Msg(UNTRANSLATED_MOD, values, count))
    return diags, notes


def mod_folder(paths: list[str | Path]) -> Path:
    """The folder of a mod's catalogs (`locales` inside it): the first folder named, or
    the folder of the first file named."""
    first = Path(paths[0]) if paths else Path("MOD")
    return first if first.is_dir() or not paths else first.parent


def template_messages(path: Path = TEMPLATE) -> dict[Key, object]:
    """The messages of the template (.pot): every message the code and content need."""
    catalog = read_catalog(path, SOURCE_LANGUAGE)
    return {key_of(m): m for m in catalog if m.id}


# ---- completeness ------------------------------------------------------------------------
@dataclass(frozen=True)
class Completeness:
    lang: str
    translated: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def completeness(lang: str, template: Path = TEMPLATE, locales: Path = LOCALE_DIR) -> Completeness:
    """How many of the template's messages a language's catalog translates usably (not
    fuzzy, not empty, placeholders and plural forms right)."""
    needed = template_messages(template)
    nplurals = plural_rule(lang)[0]
    translated = 0
    for path in sorted((locales / lang / "LC_MESSAGES").glob("*.po")):
        catalog = read_catalog(path, lang)
        for message in catalog:
            if (
                message.id
                and key_of(message) in needed
                and not message.fuzzy
                and is_complete(message.string)
                and not translation_problems(message.id, message.string, nplurals)
            ):
                translated += 1
    return Completeness(lang, translated, len(needed))


# ---- ba-lint -----------------------------------------------------------------------------
def _where(path: Path, line: int | None) -> Span:
    name = _display(path)
    return Span(name, line or 1, 1, line or 1, 1)


def _display(path: Path) -> str:
    resolved = path.resolve()
    if resolved.is_relative_to(LOCALE_DIR):
        return "locales/" + resolved.relative_to(LOCALE_DIR).as_posix()
    try:
        return resolved.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def _shown(key: Key) -> str:
    context, msgid = key
    text = msgid if len(msgid) <= 60 else msgid[:57] + "..."
    return f"'{text}'" + (f" ({context})" if context else "")


def check(
    needed: Mapping[Key, Iterable[tuple[str, int]]],
    folders: Iterable[Path] = (LOCALE_DIR,),
    languages: Iterable[str] | None = None,
    shipped: Iterable[Key] | None = None,
    mod_languages: Iterable[str] | None = None,
) -> list[Diagnostic]:
    """Diagnostics for the catalogs in `folders` (the shipped ones, then a mod's), per
    language: each message of `needed` (key -> where it is used) that no catalog
    translates (W501), fuzzy (W502) and obsolete (W503) entries, translations whose
    placeholders (E504) or plural forms (E505) do not fit, and catalogs that cannot be
    read (E506). English is the msgids' language and needs no translation. A message
    that is not `shipped` (a mod's) is to be translated in the mod's own catalogs, and is
    reported missing only in the `mod_languages` (None: in every language)."""
    shipped_keys = set(needed if shipped is None else shipped)
    own = None if mod_languages is None else set(mod_languages)
    folders = list(folders)
    found_languages = {d.parent.name for f in folders for d in catalog_dirs(f)}
    langs = sorted(found_languages if languages is None else set(languages))
    langs = [lang for lang in langs if lang != SOURCE_LANGUAGE]  # the msgids are English
    diags: list[Diagnostic] = []
    for lang in langs:
        nplurals, expression = plural_rule(lang)
        translated: set[Key] = set()
        first_catalog: Path | None = None
        for folder in folders:
            for path in sorted((folder / lang / "LC_MESSAGES").glob("*.po")):
                first_catalog = first_catalog or path
                try:
                    catalog = read_catalog(path, lang)
                except ValueError as exc:
                    diags.append(
                        Diagnostic.of(
                            "E506",
                            _where(path, 1),
                            N_("catalog {lang} cannot be read: {reason}"),
                            lang=lang,
                            reason=exc,
                        )
                    )
                    continue
                header = catalog.plural_forms or ""
                if f"nplurals={nplurals};" not in header.replace(" ", ""):
                    diags.append(
                        Diagnostic.of(
                            "E505",
                            _where(path, 1),
                            N_(
                                "catalog {lang}: the header says '{header}'; the language has "
                                "{count} plural forms ({rule})"
                            ),
                            lang=lang,
                            header=header,
                            count=nplurals,
                            rule=expression,
                        )
                    )
                for message in catalog:
                    if not message.id:
                        continue
                    key = key_of(message)
                    where = _where(path, message.lineno)
                    values = {"lang": lang, "entry": _shown(key)}
                    if key not in needed:
                        diags.append(
                            Diagnostic.of(
                                "W503",
                                where,
                                N_("catalog {lang}: {entry} is no longer used"),
                                _regenerate(folder),
                                **values,
                            )
                        )
                        continue
                    if message.fuzzy:
                        diags.append(
                            Diagnostic.of(
                                "W502",
                                where,
                                N_("catalog {lang}: the translation of {entry} is fuzzy"),
                                FUZZY_HINT,
                                **values,
                            )
                        )
                        continue
                    string = message.string
                    if not any(string if isinstance(string, tuple) else (string,)):
                        continue  # not translated: W501 below
                    problems = translation_problems(message.id, message.string, nplurals)
                    for problem in problems:
                        diags.append(
                            Diagnostic.of(
                                problem.code,
                                where,
                                N_("catalog {lang}: {entry}: {problem}"),
                                N_("until it is fixed, English is shown"),
                                problem=Msg(problem.message, problem.values),
                                **values,
                            )
                        )
                    if not problems:
                        translated.add(key)
                for key in catalog.obsolete:
                    message = catalog.obsolete[key]
                    diags.append(
                        Diagnostic.of(
                            "W503",
                            _where(path, message.lineno),
                            N_("catalog {lang}: obsolete entry {entry}"),
                            N_("remove it once its translation is not needed any more"),
                            lang=lang,
                            entry=_shown(key_of(message)),
                        )
                    )
        for key, places in needed.items():
            if key in translated or (
                key not in shipped_keys and own is not None and lang not in own
            ):
                continue
            place = next(iter(places), None)
            span = (
                Span(place[0], place[1], 1, place[1], 1)
                if place
                else _where(first_catalog or LOCALE_DIR, 1)
            )
            if key in shipped_keys:
                hint = Msg(
                    N_("translate it in {catalog}"),
                    {"catalog": _display(first_catalog or LOCALE_DIR)},
                )
            else:
                hint = Msg(
                    N_(
                        "translate it in the mod's catalog, locales/{lang}/LC_MESSAGES/*.po "
                        "(made and updated by ba catalogs --rules {mod} --lang {lang})"
                    ),
                    {"lang": lang, "mod": _display(_mod_of(folders))},
                )
            diags.append(
                Diagnostic.of(
                    "W501",
                    span,
                    N_("no {lang} translation of {entry}; English is shown"),
                    hint,
                    lang=lang,
                    entry=_shown(key),
                )
            )
    return diags


def _mod_of(folders: list[Path]) -> Path:
    """The mod whose catalogs are checked: the folder holding the first `locales` folder
    that is not the shipped one."""
    mods = [f.parent for f in folders if f.resolve() != LOCALE_DIR]
    return mods[0] if mods else Path("MOD")


def _regenerate(locales: Path) -> Msg:
    """How to bring a `locales` folder's catalogs up to date: the shipped ones with this
    module, a mod's with `ba catalogs`."""
    if locales.resolve() == LOCALE_DIR:
        return Msg(N_("remove it, or run python -m blackangel.dsl.catalogs"))
    return Msg(N_("remove it, or run ba catalogs --rules {mod}"), {"mod": _display(locales.parent)})


# ---- regenerating ----------------------------------------------------------------------
def _version() -> str:
    import importlib.metadata

    return importlib.metadata.version("black-angel-rules")


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def fill_english(path: Path) -> None:
    """English is the msgids' language: its catalog translates each msgid as itself."""
    from babel.messages.pofile import write_po

    catalog = read_catalog(path, SOURCE_LANGUAGE)
    for message in catalog:
        if not message.id:
            continue
        message.string = tuple(message.id) if isinstance(message.id, tuple) else message.id
        message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=76)


def update(root: Path = ROOT, languages: Iterable[str] = ()) -> list[Completeness]:
    """Extract the template and update (or create) each language's catalog."""
    if not (root / "pyproject.toml").is_file():
        raise SystemExit(f"{root} is not a checkout of the project (no pyproject.toml)")
    locales = root / "locales"
    template = locales / f"{DOMAIN}.pot"
    langs = list(dict.fromkeys([*PREFERRED, *languages]))
    langs += [d.parent.name for d in catalog_dirs(locales) if d.parent.name not in langs]
    here = Path.cwd()
    os.chdir(root)  # locations in the catalogs are relative to the checkout
    try:
        _pybabel(
            "extract",
            "-F",
            "pyproject.toml",
            "-o",
            template.relative_to(root).as_posix(),
            "--project=black-angel-rules",
            "--copyright-holder=the Black Angel rules engine authors",
            f"--version={_version()}",
            "-c",
            "TRANSLATORS:",
            ".",
        )
        for lang in langs:
            po = locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
            common = ["-i", str(template), "-d", str(locales), "-D", DOMAIN, "-l", lang]
            if po.is_file():
                _pybabel(
                    "update",
                    *common,
                    "--no-fuzzy-matching",
                    "--ignore-obsolete",  # a message no code uses any more is dropped
                    "--ignore-pot-creation-date",
                )
            else:
                _pybabel("init", *common)
            if lang == SOURCE_LANGUAGE:
                fill_english(po)
    finally:
        os.chdir(here)
    return [completeness(lang, template, locales) for lang in langs]


def main(argv: list[str] | None = None) -> None:
    import argparse

    from babel import Locale, UnknownLocaleError

    parser = argparse.ArgumentParser(
        prog="python -m blackangel.dsl.catalogs",
        description="Extract every message into locales/blackangel.pot, update the catalog "
        "of each language (en, pl, de and those given; a new one is created) and print how "
        "complete each is. Run it from a checkout; translators then edit the .po files "
        "(docs/translating.md).",
    )
    parser.add_argument("languages", nargs="*", metavar="LANG", help="a language to add (fr)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    for lang in args.languages:
        try:
            Locale.parse(lang)
        except (ValueError, UnknownLocaleError):
            parser.error(f"'{lang}' is not a language code that Babel knows (pl, de, fr...)")
    for figures in update(languages=args.languages):
        print(
            f"{figures.lang}: {figures.translated} of {figures.total} messages translated "
            f"({figures.percent:.1f}%)"
        )


if __name__ == "__main__":
    main()
