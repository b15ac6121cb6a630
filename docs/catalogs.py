"""The catalogs of the reference's prose: docs/reference/locale/<lang>/LC_MESSAGES/reference.po.

    python -m blackangel.docs.catalogs            update the catalogs from the pages
    python -m blackangel.docs.catalogs --check    change nothing; exit 1 unless every
                                                  catalog is current and complete

The prose of the pages (docs/reference/**/*.md) is extracted with Sphinx's gettext
builder; Babel then updates each catalog: new paragraphs come in empty, changed ones
are kept as fuzzy suggestions, removed ones are dropped. Sphinx reads the catalogs
when it builds a language (`ba docs --lang pl`).

The guides (docs/*.md, included by the pages of docs/reference/guides/) are in English
only: their paragraphs are left out of these catalogs. The text rendered from the rules
(cards, rulings, primitives, lint messages) is not in these catalogs either: the
directives take it from the game's own catalogs in locales/, so nothing is translated
twice. Nor are the theme's own words ("Next", "On this page"): Sphinx reads them from
locale/<lang>/LC_MESSAGES/sphinx.po, beside these.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

SOURCES = Path(__file__).resolve().parent / "reference"
DOMAIN = "reference"  # gettext_compact in docs/reference/conf.py
LANGUAGES = ("pl", "de")


def catalog_path(lang: str) -> Path:
    return SOURCES / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template() -> Catalog:
    """The messages of the pages as they are now."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    with tempfile.TemporaryDirectory() as work, docutils_namespace():
        app = Sphinx(
            SOURCES,
            SOURCES,
            Path(work) / "pot",
            Path(work) / "doctrees",
            "gettext",
            status=None,
            warning=io.StringIO(),
            freshenv=True,
        )
        app.build()
        with open(Path(work) / "pot" / f"{DOMAIN}.pot", "rb") as handle:
            catalog = read_po(handle)
        for message in list(catalog):  # locations relative to docs/reference, without lines
            pages = [_page(Path(work) / "pot", name) for name, _ in message.locations]
            message.locations = [(page, None) for page in pages if page is not None]
            if message.id and not message.locations:
                del catalog[message.id, message.context]  # only in a guide: English only
        return catalog


def _page(built_in: Path, name: str) -> str | None:
    """The page of a message, relative to docs/reference; None for the guides (docs/*.md,
    included by the pages of guides/), which are in English only."""
    path = Path(os.path.normpath(built_in / name))
    if not path.is_relative_to(SOURCES):
        return None  # the guide itself
    page = path.relative_to(SOURCES).as_posix()
    return None if page.startswith("guides/") and page != "guides/index.md" else page


def read(lang: str) -> Catalog:
    path = catalog_path(lang)
    if not path.is_file():
        return Catalog(locale=lang, domain=DOMAIN, project="Black Angel rules reference")
    with open(path, "rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def problems(catalog: Catalog, current: Catalog) -> list[str]:
    """What keeps a catalog from being current and complete."""
    found = []
    wanted = {m.id for m in current if m.id}
    have = {m.id for m in catalog if m.id}
    for msgid in sorted(wanted - have, key=str):
        found.append(f"missing: {str(msgid)[:70]!r}")
    for msgid in sorted(have - wanted, key=str):
        found.append(f"obsolete: {str(msgid)[:70]!r}")
    for message in catalog:
        if not message.id or message.id not in wanted:
            continue
        if message.fuzzy:
            found.append(f"fuzzy: {str(message.id)[:70]!r}")
        elif not message.string:
            found.append(f"untranslated: {str(message.id)[:70]!r}")
    return found


def update(lang: str, current: Catalog) -> Catalog:
    catalog = read(lang)
    catalog.update(current, no_fuzzy_matching=False)
    catalog.obsolete.clear()
    path = catalog_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=88, include_lineno=False)
    return catalog


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    current = template()
    status = 0
    for lang in LANGUAGES:
        catalog = read(lang) if check else update(lang, current)
        found = problems(catalog, current)
        print(f"{catalog_path(lang).relative_to(SOURCES.parent.parent)}: {len(found)} to do")
        for line in found:
            print(f"  {line}")
        status = status or int(bool(found))
    return status if check else 0


if __name__ == "__main__":
    sys.exit(main())
