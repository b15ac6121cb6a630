"""The Sphinx extension of the rules reference (`extensions = ["blackangel.docs.sphinxext"]`).

It renders the compiled rules into pages, so a page never holds a copy of a card:

- `reference.py`  the rule set of the build (config `ba_rules`, `ba_base`, `ba_base_rules`),
                  compiled once
- `domain.py`     the `ba` domain: cards, primitives, kinds, rulings, lint codes and
                  commands as objects, with roles to cite them
- `components.py` `ba:cards`: cards and tiles of one kind
- `language.py`   `ba:kinds`, `ba:primitives`, `ba:counters`: the language reference
- `events.py`     `ba:events`: every event (the game's and the rules'), with its triggers
- `rulings.py`    `ba:rulings`: every ruling with its options and edition presets
- `lint.py`       `ba:lint-codes`: every diagnostic with a bad and a fixed example
- `commands.py`   `ba:commands`: the command line, from the click commands
- `diagrams.py`   `ba:diagram`: pictures drawn from the rules (the grid, the board, a strip)
- `game.py`       `ba:setup`, `ba:phase` and the role `ba:value`: the game's structure and
                  numbers in the prose pages
- `glossary.py`   `ba:glossary`: the game's terms in English, Polish and German
- `frame.py`      the theme's frame in the page's language: the language switcher, the
                  copyright line (the theme's words: locale/LANG/LC_MESSAGES/sphinx.po)

The `.ba` lexer (dsl/highlight.py) highlights rules in code blocks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from ...dsl.highlight import BlackAngelLexer
from .commands import Commands
from .components import Cards
from .diagrams import Diagram
from .domain import BlackAngelDomain
from .events import Events
from .frame import add_links, add_templates
from .game import Phase, Setup, ValueRole
from .glossary import Glossary
from .language import Counters, Kinds, Primitives
from .lint import LintCodes
from .reference import load_rules
from .rulings import Rulings

STATIC = Path(__file__).parent / "static"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("ba_rules", [], "env", types=[list, tuple])
    app.add_config_value("ba_base", False, "env", types=[bool])
    app.add_config_value("ba_base_rules", [], "env", types=[list, tuple])
    app.add_config_value("ba_languages", [], "html", types=[list, tuple])
    app.add_lexer("ba", BlackAngelLexer)
    app.add_domain(BlackAngelDomain)
    for name, directive in {
        "cards": Cards,
        "kinds": Kinds,
        "events": Events,
        "primitives": Primitives,
        "counters": Counters,
        "rulings": Rulings,
        "commands": Commands,
        "diagram": Diagram,
        "lint-codes": LintCodes,
        "setup": Setup,
        "phase": Phase,
        "glossary": Glossary,
    }.items():
        app.add_directive_to_domain("ba", name, directive)
    app.add_role_to_domain("ba", "value", ValueRole())
    app.connect("builder-inited", load_rules)
    app.connect("builder-inited", _add_static)
    app.connect("config-inited", add_templates)
    app.connect("html-page-context", add_links)
    app.add_css_file("ba.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def _add_static(app: Sphinx) -> None:
    app.config.html_static_path = [*app.config.html_static_path, str(STATIC)]
