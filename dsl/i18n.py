"""Translations: the gettext catalogs in `locales/`, read into memory, one `Translator`
per language.

Every text a person reads is an English msgid (marked `N_`, `NN_` or `NC_` where it
is written, or extracted from the rules by `dsl/extract.py`). The catalogs are the
`.po` files themselves: they are read with Babel and kept in memory (no `.mo` file is
built or shipped), so `pip install .`, `pip install -e .` and a wheel all carry the
same three languages. English is the language of the msgids and needs no catalog.

A message a catalog cannot give safely is left out, so its English msgid is shown
instead: a fuzzy or empty translation, a translation whose placeholders are not the
msgid's, or one with the wrong number of plural forms. `ba-lint` reports each of them
(`dsl/catalogs.py`), and the game never fails on a catalog.

A mod may ship catalogs next to its `.ba` files (`mymod/locales/pl/LC_MESSAGES/*.po`);
they are layered over the shipped ones, message by message.
"""

from __future__ import annotations

import functools
import gettext
import os
import re
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

DOMAIN = "blackangel"
SOURCE_LANGUAGE = "en"  # the language of the msgids
PREFERRED = ("en", "pl", "de")  # the order in which languages are listed
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

_NAME = re.compile(r"\w+")


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is shown."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form; `Translator.ngettext` chooses the form."""
    return (singular, plural)


def NC_(context: str, message: str) -> str:
    """Mark a message that is translated under a context (`Translator.pgettext`)."""
    return message


FRACTION_COUNT = 2  # a whole number whose plural form a number with decimals takes
LIST_SEPARATOR = N_(", ")  # between values listed without "and"


@dataclass(frozen=True)
class Msg:
    """A message to translate when it is shown: an English template (an msgid) and the
    values of its placeholders. A value may itself be a Msg, or `Names` (a list of
    names); `str()` gives the English text."""

    template: str | tuple[str, str]  # N_, or NN_ with a plural form chosen by n
    values: dict = field(default_factory=dict)
    n: int = 1
    context: str | None = None

    def render(self, tr: Translator) -> str:
        if isinstance(self.template, tuple):
            text = tr.npgettext(self.context, self.template[0], self.template[1], self.n)
        else:
            text = tr.pgettext(self.context, self.template)
        return text.format(**{key: render(value, tr) for key, value in self.values.items()})

    def __str__(self) -> str:
        return self.render(ENGLISH)


@dataclass(frozen=True)
class Names:
    """Names listed in a message, quoted: "'a', 'b'" or, with `alternatives`, "'a' or
    'b'" as the language writes it."""

    names: tuple  # strings, or Msg for words to translate
    alternatives: bool = False
    quoted: bool = True

    def render(self, tr: Translator) -> str:
        shown = [f"'{render(n, tr)}'" if self.quoted else render(n, tr) for n in self.names]
        if self.alternatives:
            return tr.join(shown, "or")
        return tr.plain_list(shown)


def render(value: object, tr: Translator) -> str:
    """A value of a message in words: a Msg or Names rendered, anything else as str."""
    if isinstance(value, (Msg, Names)):
        return value.render(tr)
    return str(value)


# ---- which languages -------------------------------------------------------------------
def catalog_dirs(directory: Path) -> list[Path]:
    """The `<lang>/LC_MESSAGES` folders of a `locales` folder that hold a catalog."""
    if not directory.is_dir():
        return []
    return sorted(
        d / "LC_MESSAGES"
        for d in directory.iterdir()
        if d.is_dir() and any((d / "LC_MESSAGES").glob("*.po"))
    )


def available_languages(extra: Sequence[str | Path] = ()) -> list[str]:
    """English and every language with a catalog, shipped or in a mod's `locales`."""
    found = {SOURCE_LANGUAGE}
    for directory in (LOCALE_DIR, *map(Path, extra)):
        found.update(d.parent.name for d in catalog_dirs(directory))
    return sorted(found, key=lambda lang: (lang not in PREFERRED, _rank(lang), lang))


def _rank(lang: str) -> int:
    return PREFERRED.index(lang) if lang in PREFERRED else len(PREFERRED)


def default_language(available: Iterable[str] | None = None, environ=None) -> str:
    """The language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as
    gettext reads them) if there is a catalog for it, else English."""
    environ = os.environ if environ is None else environ
    languages = list(available) if available is not None else available_languages()
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for wanted in value.split(":"):  # LANGUAGE may list several: pl:de
            lang = wanted.split(".")[0].split("@")[0].split("_")[0].lower()
            if lang in languages:
                return lang
        if name != "LANGUAGE":
            # the first locale variable that is set decides (C or POSIX mean English)
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def mod_locale_dirs(paths: Iterable[str | Path]) -> tuple[str, ...]:
    """The `locales` folders next to a mod's `.ba` files: inside each directory named,
    or beside each file named."""
    found: list[str] = []
    for raw in paths:
        path = Path(raw)
        folder = path if path.is_dir() else path.parent
        candidate = folder / "locales"
        if candidate.is_dir() and str(candidate) not in found:
            found.append(str(candidate))
    return tuple(found)


# ---- what makes a translation usable --------------------------------------------------
def plural_rule(lang: str) -> tuple[int, str]:
    """The number of plural forms of a language and gettext's expression choosing one
    (Babel's table: Polish 3, German and English 2)."""
    from babel.messages.plurals import get_plural

    try:
        rule = get_plural(lang)
    except (ValueError, LookupError):
        return 2, "(n != 1)"
    return rule.num_plurals, rule.plural_expr


def placeholders(text: str) -> set[tuple[str, str]] | None:
    """The `{name}` and `{name:spec}` placeholders of a text, or None if it cannot be
    filled safely (an unclosed brace, `{0}`, `{a.b}`, `{a!r}`...)."""
    found = set()
    try:
        for _literal, field, spec, conversion in string.Formatter().parse(text):
            if field is None:
                continue
            if not _NAME.fullmatch(field) or field.isdigit() or conversion:
                return None
            if spec and "{" in spec:
                return None
            found.add((field, spec or ""))
    except ValueError:
        return None
    return found


@dataclass(frozen=True)
class Problem:
    """Why a translation is not used: a code of dsl/diagnostics.py and what is wrong."""

    code: str
    message: str  # an English msgid with named placeholders
    values: dict


def translation_problems(msgid, msgstr, nplurals: int) -> list[Problem]:
    """What is wrong with one translation (nothing: it is used). An empty translation is
    a missing one and reported apart (catalogs.py)."""
    ids = msgid if isinstance(msgid, (tuple, list)) else (msgid,)
    strs = msgstr if isinstance(msgstr, (tuple, list)) else (msgstr,)
    problems = []
    filled = [text for text in strs if text]
    if isinstance(msgid, (tuple, list)) and filled and len(filled) != nplurals:
        problems.append(
            Problem(
                "E505",
                N_("{count} plural forms where the language has {expected}"),
                {"count": len(filled), "expected": nplurals},
            )
        )
    allowed: set[tuple[str, str]] = set()
    for one in ids:
        allowed |= placeholders(one) or set()
    for text in strs:
        if not text:
            continue
        got = placeholders(text)
        if got is None:
            problems.append(
                Problem("E504", N_("a placeholder cannot be filled: '{text}'"), {"text": text})
            )
        elif not got <= allowed:
            extra = sorted(
                "{" + name + (":" + spec if spec else "") + "}" for name, spec in got - allowed
            )
            problems.append(
                Problem(
                    "E504",
                    N_("placeholders not in the original: {names}"),
                    {"names": ", ".join(extra)},
                )
            )
    return problems


def is_complete(msgstr) -> bool:
    strs = msgstr if isinstance(msgstr, (tuple, list)) else (msgstr,)
    return bool(strs) and all(strs)


# ---- reading catalogs ------------------------------------------------------------------
Key = tuple[str | None, str]  # (msgctxt, msgid), the msgid being the singular


def read_catalog(path: Path, lang: str):
    """A `.po` file as a Babel catalog; raises ValueError when it cannot be read."""
    from babel.messages.pofile import read_po

    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=lang, abort_invalid=True)
    except Exception as exc:  # a broken file must never stop the game
        raise ValueError(f"{type(exc).__name__}: {exc}") from exc


def usable_messages(path: Path, lang: str) -> dict[Key, tuple[str, ...]]:
    """The translations of one catalog that can be used safely."""
    try:
        catalog = read_catalog(path, lang)
    except ValueError:
        return {}
    nplurals = plural_rule(lang)[0]
    out: dict[Key, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not is_complete(message.string):
            continue
        if translation_problems(message.id, message.string, nplurals):
            continue
        singular = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        strs = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        out[(message.context, singular)] = tuple(strs)
    return out


class Translator:
    """One language's messages: gettext with contexts and plural forms, Babel's lists and
    numbers. Looking a message up is one dict access."""

    def __init__(self, lang: str, messages: dict[Key, tuple[str, ...]]):
        self.lang = lang
        self.messages = messages
        nplurals, expression = plural_rule(lang)
        self.nplurals = nplurals
        self._plural: Callable[[int], int] = gettext.c2py(expression)

    def gettext(self, msgid: str) -> str:
        found = self.messages.get((None, msgid))
        return found[0] if found else msgid

    def pgettext(self, context: str | None, msgid: str) -> str:
        found = self.messages.get((context, msgid))
        return found[0] if found else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.npgettext(None, singular, plural, n)

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        found = self.messages.get((context, singular))
        if found is None or len(found) != self.nplurals:
            return singular if n == 1 else plural
        return found[self._plural(n)]

    def plural(self, template: str | tuple[str, str], n: int = 1) -> str:
        """A template marked with N_ (a string) or NN_ (singular and plural), translated."""
        if isinstance(template, tuple):
            return self.ngettext(template[0], template[1], n)
        return self.gettext(template)

    def join(self, items: Sequence[str], style: str = "standard") -> str:
        """A list in words: "a, b and c" (style "or": "a, b or c"), as the language writes it."""
        return format_list(tuple(items), style, self.lang)

    def plain_list(self, items: Sequence[str]) -> str:
        """Values one after the other, with no "and": "orange, gray"."""
        return self.gettext(LIST_SEPARATOR).join(items)

    def decimal(self, value: float, places: int) -> str:
        """A number with a fixed count of decimals ("12.5", Polish and German "12,5")."""
        return format_decimal(value, places, self.lang)

    def decimal_count(self, places: int, value: float) -> int:
        """The count that chooses the plural form of a word after a number shown with
        `places` decimals. gettext's plural rules know whole numbers only; a number with
        decimals is CLDR's "other", which Polish writes with the genitive singular, the
        form of 2 ("25,4 tury", as "2 tury"), and English and German with the plural
        ("25.4 turns"), also the form of 2."""
        return round(value) if places == 0 else FRACTION_COUNT

    def number(self, value: int) -> str:
        """A whole number as the language writes it."""
        if -1000 < value < 1000:
            return str(value)
        return format_number(value, self.lang)


@functools.lru_cache(maxsize=256)
def format_list(items: tuple[str, ...], style: str, lang: str) -> str:
    from babel.lists import format_list as babel_list

    if len(items) < 2:
        return items[0] if items else ""
    return babel_list(list(items), style=style, locale=lang)  # type: ignore[arg-type]


def format_decimal(value: float, places: int, lang: str) -> str:
    from babel.numbers import format_decimal as babel_decimal

    pattern = "0." + "0" * places if places else "0"
    return babel_decimal(value, format=pattern, locale=lang, decimal_quantization=True)


def format_number(value: int, lang: str) -> str:
    from babel.numbers import format_decimal

    # Polish (like CLDR's minimum grouping) writes 1234 without a separator
    return format_decimal(value, locale=lang, group_separator=abs(value) >= 10000 or lang != "pl")


@functools.lru_cache(maxsize=32)
def translator(lang: str = SOURCE_LANGUAGE, extra: tuple[str, ...] = ()) -> Translator:
    """The messages of a language: the shipped catalogs, then each mod's `locales` folder
    over them. English reads no shipped catalog (the msgids are English)."""
    return Translator(lang, read_messages(lang, extra))


def read_messages(lang: str, extra: tuple[str, ...] = ()) -> dict[Key, tuple[str, ...]]:
    """The usable translations of a language, read now (`translator` keeps them)."""
    messages: dict[Key, tuple[str, ...]] = {}
    folders = [Path(d) for d in extra]
    if lang != SOURCE_LANGUAGE:
        folders.insert(0, LOCALE_DIR)
    for folder in folders:
        for path in sorted((folder / lang / "LC_MESSAGES").glob("*.po")):
            messages.update(usable_messages(path, lang))
    return messages


ENGLISH = Translator(SOURCE_LANGUAGE, {})
