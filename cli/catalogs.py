"""`ba catalogs --rules MOD`: a mod's own catalogs, extracted, merged and checked
(dsl/mod_catalogs.py)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..dsl.catalogs import mod_folder
from ..dsl.diagnostics import SourceLines, render_text
from ..dsl.i18n import N_, NN_, SOURCE_LANGUAGE, translator
from ..dsl.loader import UsageError
from ..dsl.mod_catalogs import (
    LOCALES,
    LanguageStatus,
    domain_of,
    languages_of,
    merged,
    mod_template,
    po_text,
    pot_text,
    status,
    unchanged,
)
from ..interpreter.files import output_file
from .common import GROUP_LANG, chosen_language, format_options, guarded
from .rules import game_rules

NOTHING_TO_TRANSLATE = N_(
    "{folder}: the mod says nothing in words that the shipped catalogs lack; "
    "there is nothing to translate"
)
LANGUAGE_LINE = N_(
    "{lang}: {translated} of {total} translated, {untranslated} untranslated, {fuzzy} fuzzy, "
    "{wrong} wrong placeholders or plural forms ({path}{state})"
)
WRITTEN = N_(", written")
WOULD_CHANGE = N_(", out of date")
CHECK_FAILED = N_("not complete: translate the empty and fuzzy entries, then run it again")
TEMPLATE_LINE = NN_(
    "{count} message of the mod in {path}{state}", "{count} messages of the mod in {path}{state}"
)


@click.command("catalogs")
@click.option(
    "--rules",
    "rules_paths",
    multiple=True,
    type=click.Path(),
    help="The mod's .ba files or folder (repeatable); its catalogs go to the locales "
    "folder inside the first folder named, or beside the first file.",
)
@click.option(
    "--game",
    "game_name",
    metavar="NAME",
    help="Instead of --rules: a game registered by its folder of rules (ba games lists "
    "them); its catalogs go to the locales folder inside it.",
)
@click.option(
    "--lang",
    "langs",
    multiple=True,
    metavar="LANG",
    help="Create or update this language's catalog (repeatable; default: pl, de and "
    "every language the mod has a catalog for).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 1 unless every catalog is current and completely translated.",
)
@format_options(what="the summary")
@guarded
def catalogs_command(rules_paths, game_name, langs, check, fmt):
    """Extract a mod's texts into its own catalogs, merge and check them.

    The texts a mod writes that the game does not ship (new nouns, why a value is
    reconstructed, rulings' and events' help...) go to MOD/locales/MOD.pot; each
    language's MOD/locales/LANG/LC_MESSAGES/MOD.po is created or updated (existing
    translations are kept) and counted: translated, untranslated, fuzzy, wrong
    placeholders. Translate the empty msgstr entries, then run it again. Examples:

    \b
      ba catalogs --rules mymod/                  Polish and German
      ba catalogs --rules mymod/ --lang pl        Polish only
      ba catalogs --rules mymod/ --check          change nothing; exit 1 if incomplete
    """
    tr = translator(chosen_language(click.get_current_context().meta.get(GROUP_LANG)))
    rules_paths = _rules_of(rules_paths, game_name)
    folder = mod_folder(list(rules_paths))
    langs = _languages(folder / LOCALES, langs)
    template = mod_template(list(rules_paths))
    locales = folder / LOCALES
    pot = locales / f"{domain_of(folder)}.pot"
    if not len(template):
        if fmt == "json":
            click.echo(json.dumps({"messages": 0, "template": None, "languages": []}))
        else:
            click.echo(tr.gettext(NOTHING_TO_TRANSLATE).format(folder=folder))
        return 0
    pot_data = pot_text(template)
    pot_changed = not unchanged(pot, pot_data)
    if pot_changed and not check:
        _write(pot, pot_data)
    found = []
    for lang in langs:
        path = _catalog_path(locales, lang, domain_of(folder))
        data = po_text(merged(template, lang, path))
        changed = not unchanged(path, data)
        if changed and not check:
            _write(path, data)
        found.append(status(template, lang, locales, path, changed))
    if fmt == "json":
        click.echo(json.dumps(_summary(template, pot, pot_changed, found, tr), ensure_ascii=False))
    else:
        _show(template, pot, pot_changed, check, found, tr)
    incomplete = pot_changed or not all(f.complete and not f.changed for f in found)
    if check and incomplete:
        if fmt == "text":
            click.echo(tr.gettext(CHECK_FAILED), err=True)
        return 1
    return 0


def _rules_of(rules_paths: tuple[str, ...], game_name: str | None) -> tuple[str, ...]:
    """The rules whose catalogs to make: --rules, or the folder of the game --game names
    (the default game's catalogs are the package's own: python -m blackangel.dsl.catalogs)."""
    if game_name is None:
        if not rules_paths:
            raise UsageError("give the mod's rules with --rules MOD, or a game with --game NAME")
        return rules_paths
    if rules_paths:
        raise UsageError("give --rules or --game, not both: a mod's catalogs are its own")
    own = game_rules(game_name)
    if not own:
        raise UsageError(
            f"the catalogs of the default game, {game_name}, are the package's own "
            "(python -m blackangel.dsl.catalogs updates them)"
        )
    return tuple(own)


def _languages(locales: Path, asked) -> list[str]:
    from babel import Locale, UnknownLocaleError

    for lang in asked:
        if lang == SOURCE_LANGUAGE:
            raise UsageError("English is the language of the texts themselves: it needs no catalog")
        try:
            Locale.parse(lang)
        except (ValueError, TypeError, UnknownLocaleError):
            raise UsageError(f"'{lang}' is not a language code (pl, de, fr...)") from None
    return languages_of(locales, asked)


def _catalog_path(locales: Path, lang: str, domain: str) -> Path:
    """The catalog to update: the language's only `.po` file if the mod has one under
    another name, else DOMAIN.po."""
    folder = locales / lang / "LC_MESSAGES"
    own = folder / f"{domain}.po"
    others = sorted(folder.glob("*.po")) if folder.is_dir() else []
    return own if own.is_file() or len(others) != 1 else others[0]


def _write(path: Path, data: bytes) -> None:
    """Written beside the file and renamed into place: a failed run leaves the old one.
    A catalog is merged, never overwritten blindly, so no --force is needed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create '{path.parent}': {exc.strerror or exc}") from None
    with output_file(path, UsageError, force=True) as handle:
        handle.write(data.decode("utf-8"))


def _state(changed: bool, check: bool, tr) -> str:
    if not changed:
        return ""
    return tr.gettext(WOULD_CHANGE if check else WRITTEN)


def _show(
    template, pot: Path, pot_changed: bool, check: bool, found: list[LanguageStatus], tr
) -> None:
    shown = _state(pot_changed, check, tr)
    count = len(template)
    click.echo(tr.plural(TEMPLATE_LINE, count).format(count=count, path=pot, state=shown))
    for figures in found:
        click.echo(
            tr.gettext(LANGUAGE_LINE).format(
                lang=figures.lang,
                translated=figures.translated,
                total=figures.total,
                untranslated=figures.untranslated,
                fuzzy=figures.fuzzy,
                wrong=figures.wrong,
                path=figures.path,
                state=_state(figures.changed, check, tr),
            )
        )
        for diag in figures.problems:
            click.echo(render_text(diag, SourceLines(), tr))


def _summary(template, pot: Path, pot_changed: bool, found: list[LanguageStatus], tr) -> dict:
    return {
        "messages": len(template),
        "template": str(pot),
        "template_current": not pot_changed,
        "languages": [
            {
                "lang": f.lang,
                "catalog": str(f.path),
                "total": f.total,
                "translated": f.translated,
                "untranslated": f.untranslated,
                "fuzzy": f.fuzzy,
                "wrong": f.wrong,
                "current": not f.changed,
                "problems": [d.to_json(tr) for d in f.problems],
            }
            for f in found
        ],
    }
