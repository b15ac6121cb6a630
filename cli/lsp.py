"""`ba lsp`: the language server for `.ba` files, started by an editor (see cli/lsp_server.py)."""

from __future__ import annotations

import click

from ..dsl.loader import UsageError
from .common import guarded
from .rules import game_rules

LSP_EXTRA = "pip install 'black-angel-rules[lsp]'"

EPILOG = """\b
The editor starts `ba lsp` and talks to it over stdin/stdout (the Language
Server Protocol); the folder opened in the editor is the rule set:
  - with a `game` declaration in one of its files: a complete rule set;
  - without one: a mod, layered on the shipped rules as `ba-lint --base` does
    (with --game NAME, on that game's rules);
  - with a ba.toml file: the rules it names, e.g.
      rules = ["cards"]
      base = true
Initialization options (JSON, from the editor's settings):
  {"base": true}       always layer the folder on the shipped rules (false: never)
  {"language": "pl"}   card texts, help and messages in Polish (en, pl, de;
                       default: the editor's language)

\b
Features: ba-lint's diagnostics as you type (code, range, hint) with quick
fixes, hover (an id: its card text and provenance; a keyword, primitive or
event: its help), completion of keywords, primitives, events and ids, go to
definition, find references, rename of an id, document and workspace symbols,
semantic tokens, formatting (the shipped files' layout).
Editor setup (VS Code, Neovim, Helix, Emacs): guides/editors.html of `ba docs`.
"""


@click.command(name="lsp", epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--game",
    "game_name",
    metavar="NAME",
    help="The registered game whose rules a mod folder is layered on (ba games lists them; "
    "default: the default game), and whose rules are checked in a folder with no .ba files.",
)
@guarded
def lsp_command(game_name):
    """Run the language server for .ba rule files over stdio (for editors).

    Needs the lsp extra (pip install 'black-angel-rules[lsp]').
    """
    try:
        from .lsp_server import server, workspace
    except ImportError as exc:
        raise UsageError(f"ba lsp needs the lsp extra: {LSP_EXTRA} ({exc})") from exc
    if game_name is not None:
        workspace.game_rules = game_rules(game_name)  # an unknown name: exit 2 before serving
    server.start_io()
    return 0
