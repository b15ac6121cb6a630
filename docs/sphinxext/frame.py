"""The theme's frame around each page, in the page's language: the language switcher
(a link to the same page in every other language that `ba docs` builds, config
`ba_languages`, in the sidebar: `templates/sidebar/ba-languages.html`, listed in
`html_sidebars` of conf.py) and the copyright line. The theme's own words ("On this
page", "Next", "Made with") are translated by docs/reference/locale/LANG/LC_MESSAGES/
sphinx.po, which Sphinx reads before its own catalog.

The sites are built side by side (OUT/en, OUT/pl, OUT/de) from the same pages, so the
same page of another language is at `../<lang>/<page>.html` from the site's root.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from ...dsl.meta import N_
from .reference import reference

TEMPLATES = Path(__file__).parent / "templates"
LABEL = N_("This page in another language")
AUTHORS = N_("the Black Angel rules engine contributors")  # conf.py's author, translated


def name_of(lang: str) -> str:
    """A language's own name for itself: English, Polski, Deutsch."""
    from babel import Locale

    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def add_templates(app: Sphinx, config: Any) -> None:
    config.templates_path = [*config.templates_path, str(TEMPLATES)]


def add_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    here = app.config.language or "en"
    root = "../" * (pagename.count("/") + 1)  # from the page to the folder of the sites
    context["ba_languages"] = [
        (lang, name_of(lang), f"{root}{lang}/{pagename}.html", lang == here)
        for lang in app.config.ba_languages
    ]
    say = reference(app.env).say
    context["ba_languages_label"] = say(LABEL)
    if app.config.author == AUTHORS:
        context["copyright"] = app.config.copyright.replace(AUTHORS, say(AUTHORS))
