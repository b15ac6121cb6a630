"""`ba`: the command line of the Black Angel rules engine."""

from __future__ import annotations

import json

import click

from ..dsl import games
from ..dsl.diagnostics import did_you_mean
from ..dsl.export import ruleset_json
from ..dsl.extract import HELP
from ..dsl.graph import subgraph_for, to_dot
from ..dsl.i18n import N_, translator
from ..dsl.loader import UsageError
from ..dsl.meta import MODIFIERS
from ..dsl.text import TextRenderer
from ..interpreter.files import check_output, write_output
from .catalogs import catalogs_command
from .common import (
    chosen_language,
    color_option,
    force_option,
    format_options,
    group_lang_option,
    guarded,
    lang_option,
    run,
    version_option,
)
from .docs import docs_command
from .fmt import fmt_command
from .game_list import games_command
from .games import play_command, replay_command, rulings_command, simulate_command
from .help_language import LanguageGroup
from .lint import lint_command
from .lsp import lsp_command
from .report import report_command
from .rules import compiled, rules_options
from .scenario import scenario_command
from .serve import serve_command

CARDS_TOTAL = N_("total: {counts} (content {hash})")
NO_CARDS = N_(
    "{title} has no cards, tiles, triggers or events: its rules are in `ba rulings`, "
    "`ba language` and `ba export` (content {hash})"
)
NO_CARDS_OF_KIND = N_("{title} has none of the kind {kind} (content {hash})")
KIND_COUNT = N_("{count} {kind}")
PRIMITIVES_HEADING = N_("primitives")
MODIFIERS_HEADING = N_("after a call: when and how often it is carried out")
EVENTS_HEADING = N_("events the game raises (a trigger listens with `on EVENT`)")
RAISED_WHEN = N_("raised when: {moment}")
RUNS_FOR = N_("triggers run for: {seats}")


@click.group(
    cls=LanguageGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="""\b
Start here:
  ba cards                  every card and tile with its generated rules text
  ba cards m001             one card
  ba cards --kind ravager   all cards of one kind
  ba lint                   check the rule set (same as ba-lint)
  ba graph m001 > m001.dot  the effect graph of one card, as DOT
  ba export --json          the compiled rule set as JSON
  ba language               the keywords and primitives of the rules language
  ba docs --out site        the rules reference as a website (needs the docs extra)
  ba games                  the registered games; every command takes --game NAME
  ba fmt --check mymod      whether .ba files are laid out as the shipped ones
""",
)
@version_option("ba")
@color_option
@group_lang_option
def ba():
    """Black Angel rules engine: rules as text, checked, compiled and explained."""


ba.add_command(lint_command)
ba.add_command(games_command)
ba.add_command(play_command)
ba.add_command(simulate_command)
ba.add_command(rulings_command)
ba.add_command(replay_command)
ba.add_command(scenario_command)
ba.add_command(docs_command)
ba.add_command(catalogs_command)
ba.add_command(report_command)
ba.add_command(serve_command)
ba.add_command(lsp_command)
ba.add_command(fmt_command)


@ba.command()
@click.argument("card_ids", nargs=-1)
@click.option(
    "--kind", help="Show only cards of this kind (mission, ravager, tech, ..., trigger, event)."
)
@lang_option
@format_options(what="the cards")
@rules_options
@guarded
def cards(card_ids, kind, lang, fmt, rules):
    """Print cards and tiles, and the rules' triggers and events, with their rules text
    generated from their effects.

    With CARD_IDS, only those cards (e.g. `ba cards m001 r061`).
    """
    lang = chosen_language(lang, rules.locale_paths())
    ruleset = compiled(rules, lang)
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, lang, ruleset.locales)
    card_kinds = [
        k
        for k, spec in ruleset.vocabulary.kinds.items()
        if (spec.card and k != "strip") or spec.listed
    ]
    if kind is not None and kind not in card_kinds:
        hint = did_you_mean(kind, card_kinds) or "kinds: " + ", ".join(card_kinds)
        raise UsageError(f"no kind of card '{kind}'; {hint}")
    if card_ids:
        chosen = []
        for card_id in card_ids:
            decl = ruleset.by_id.get(card_id)
            if decl is None or decl.kind not in card_kinds:
                ids = [d.id for d in ruleset.decls if d.kind in card_kinds]
                guess = did_you_mean(card_id, ids)
                raise UsageError(f"no card '{card_id}'" + (f"; {guess}" if guess else ""))
            chosen.append(decl)
    else:
        chosen = [
            d for d in ruleset.decls if d.kind in card_kinds and (kind is None or d.kind == kind)
        ]
    if fmt == "json":
        click.echo(
            json.dumps(
                [
                    {
                        "id": d.id,
                        "kind": d.kind,
                        "facts": dict(text.facts(d)),
                        "text": text.card_lines(d),
                    }
                    for d in chosen
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    for decl in chosen:
        facts = text.fact_line(decl)
        click.echo(
            click.style(f"{decl.id}", bold=True) + f"  [{text.kind(decl.kind)}]  {facts}".rstrip()
        )
        for line in text.card_lines(decl):
            click.echo(f"    {line}")
    if not chosen:  # a game of tracks and phases only, or a kind it has none of: say so
        game = ruleset.single("game")
        title = game.value("title", default=game.id) if game is not None else ruleset.game.name
        values = {"title": title, "hash": ruleset.content_hash, "kind": kind}
        click.echo(text.fill(NO_CARDS if kind is None else NO_CARDS_OF_KIND, values))
    elif not card_ids:
        counts: dict[str, int] = {}
        for decl in chosen:
            counts[decl.kind] = counts.get(decl.kind, 0) + decl.copies
        tally = ", ".join(
            text.fill(KIND_COUNT, {"count": n, "kind": text.kind(k)}) for k, n in counts.items()
        )
        click.echo(text.fill(CARDS_TOTAL, {"counts": tally, "hash": ruleset.content_hash}))
    return 0


@ba.command()
@click.argument("decl_id", required=False)
@rules_options
@guarded
def graph(decl_id, rules):
    """Print the effect graph as DOT (whole rule set, or one card and its neighbours).

    Render it with Graphviz, e.g. `ba graph m001 | dot -Tsvg > m001.svg`.
    """
    ruleset = compiled(rules)
    if decl_id is None:
        click.echo(to_dot(ruleset.effects), nl=False)
        return 0
    if decl_id not in ruleset.by_id:
        hint = did_you_mean(decl_id, ruleset.by_id)
        raise UsageError(f"no declaration '{decl_id}'" + (f"; {hint}" if hint else ""))
    click.echo(to_dot(subgraph_for(ruleset.effects, decl_id), decl_id), nl=False)
    return 0


@ba.command(name="export")
@format_options(formats=("json",), default="json", what="the rule set (JSON is the only one)")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    help="Write to this file instead of standard output.",
)
@force_option("the -o file")
@rules_options
@guarded
def export_command(fmt, output, force, rules):
    """Export the compiled rule set as JSON (schema: dsl/schemas/ruleset.schema.json)."""
    if output is not None:
        check_output(output, UsageError, force)
    data = json.dumps(ruleset_json(compiled(rules)), indent=2, ensure_ascii=False)
    if output is not None:
        write_output(output, data + "\n", UsageError, force)
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(data)
    return 0


@ba.command()
@click.option(
    "--game",
    "game_name",
    help="The game module whose words to list (a rule set names it with `module`); "
    "without it, the default game.",
)
@lang_option
@format_options(what="the reference")
@guarded
def language(game_name, lang, fmt):
    """The rules language: declarations, keywords, primitives and the events the game raises."""
    tr = translator(chosen_language(lang))
    try:
        vocabulary = games.load(game_name or games.default()).vocabulary
    except games.UnknownGame as exc:
        raise UsageError(str(exc)) from exc

    def explain(help_text: str) -> str:
        return tr.pgettext(HELP, help_text)

    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "kinds": {
                        k: {
                            "help": explain(s.help),
                            "fields": {
                                f: {
                                    "help": explain(fs.help),
                                    "params": [[p.name, str(p.type)] for p in fs.params],
                                    "effect": fs.effect,
                                }
                                for f, fs in s.fields.items()
                            },
                        }
                        for k, s in vocabulary.kinds.items()
                    },
                    "primitives": {
                        n: {
                            "help": explain(p.help),
                            "params": [[q.name, str(q.type)] for q in p.params],
                            "counter": p.counter,
                        }
                        for n, p in vocabulary.primitives.items()
                    },
                    "modifiers": {
                        word: {"form": form, "help": explain(help_text)}
                        for word, form, help_text in MODIFIERS
                    },
                    "events": {
                        n: {
                            "help": explain(e.help),
                            "raised": [explain(m) for m in e.raised],
                            "runs_for": explain(e.runs_for),
                        }
                        for n, e in vocabulary.events.items()
                    },
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    for key, spec in vocabulary.kinds.items():
        head = key if not spec.has_id else f"{key} ID"
        click.echo(click.style(f"{head} {{ ... }}", bold=True) + f"  {explain(spec.help)}")
        for fkey, fspec in spec.fields.items():
            params = " ".join(
                f"<{p.name}:{p.type}>" + ("..." if p.repeat else "") + ("?" if p.optional else "")
                for p in fspec.params
            )
            tail = ": EFFECT" if fspec.effect else (" { ... }" if fspec.block else "")
            click.echo(f"    {fkey} {params}{tail}".rstrip().ljust(60) + f"  {explain(fspec.help)}")
    click.echo(click.style(tr.gettext(PRIMITIVES_HEADING), bold=True))
    for name, prim in vocabulary.primitives.items():
        params = " ".join(f"<{p.name}:{p.type}>" for p in prim.params)
        prefix = "per " if prim.counter else ""
        click.echo(f"    {prefix}{name} {params}".rstrip().ljust(60) + f"  {explain(prim.help)}")
    click.echo(click.style(tr.gettext(MODIFIERS_HEADING), bold=True))
    for _, form, help_text in MODIFIERS:
        click.echo(f"    {form}".ljust(60) + f"  {explain(help_text)}")
    click.echo(click.style(tr.gettext(EVENTS_HEADING), bold=True))
    for name, event in vocabulary.events.items():
        click.echo(f"    {name}".ljust(60) + f"  {explain(event.help)}")
        for moment in event.raised:
            click.echo(" " * 62 + tr.gettext(RAISED_WHEN).format(moment=explain(moment)))
        click.echo(" " * 62 + tr.gettext(RUNS_FOR).format(seats=explain(event.runs_for)))
    return 0


def main(argv=None) -> None:
    run(ba, "ba", argv)


if __name__ == "__main__":
    main()
