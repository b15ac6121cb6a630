"""Lint rules a game module builds from what its code reads: the rulings it consults and
the places where a primitive has what it acts on.

A game module's implementation reads `engine.ruling("name")` and compares the answer
with the options it knows; a primitive like Black Angel's `set_die_value` acts on the
die that the moment it runs in provides. The rules must give the module these things,
or a game that lints clean would crash on its first turn. Each function here returns a
lint rule (declarations by kind -> diagnostics) for `Game.checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..dsl.ast import walk_calls
from ..dsl.checker import Decl
from ..dsl.diagnostics import Diagnostic, suggestion
from ..dsl.i18n import N_, NN_, Msg, Names

Check = Callable[[dict[str, list[Decl]]], list[Diagnostic]]


class ConsultedRulings:
    """The rulings a module consults, each with the options it tells apart: each must be
    declared, with exactly those options (an option the module does not know would be
    played silently as another one). A lint rule; `table` stays readable, so a test can
    compare it with the code."""

    def __init__(self, table: Mapping[str, tuple[str, ...]]):
        self.table = table

    def __call__(self, by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
        if not by_kind.get("game"):
            return []  # not a rule set (E113 says so)
        declared = {r.id: r for r in by_kind.get("ruling", []) if r.id is not None}
        out = []
        missing = [name for name in self.table if name not in declared]
        if missing:
            message = Msg(
                NN_(
                    "the game module consults the ruling {names}, which is not declared",
                    "the game module consults the rulings {names}, which are not declared",
                ),
                {"names": Names(tuple(missing), quoted=False)},
                n=len(missing),
            )
            rulings = tuple(
                Msg(
                    N_("ruling {name} (options {options})"),
                    {"name": n, "options": Names(self.table[n])},
                )
                for n in missing
            )
            out.append(
                Diagnostic.of(
                    "E114",
                    by_kind["game"][0].item.key_span,
                    message,
                    Msg(N_("declare {rulings}"), {"rulings": Names(rulings, quoted=False)}),
                )
            )
        for name, known in self.table.items():
            ruling = declared.get(name)
            if ruling is None:
                continue
            options = {
                str(u.args["name"]): u for u in ruling.fields.get("option", []) if "name" in u.args
            }
            for option in known:
                if option not in options:
                    out.append(
                        Diagnostic.of(
                            "E114",
                            ruling.item.key_span,
                            N_(
                                "ruling {name}: the game module plays the option '{option}', "
                                "which is not declared"
                            ),
                            N_('add `option {option} "..."`'),
                            name=name,
                            option=option,
                        )
                    )
            for option, use in options.items():
                if option not in known:
                    out.append(
                        Diagnostic.of(
                            "E114",
                            use.item.values[0].span,
                            N_(
                                "ruling {name}: the game module knows no option '{option}' "
                                "(it plays {known})"
                            ),
                            suggestion(option, known) or Msg(N_("remove it, or implement it")),
                            name=name,
                            option=option,
                            known=Names(tuple(known), quoted=False),
                        )
                    )
        return out


def consulted_rulings(table: Mapping[str, tuple[str, ...]]) -> ConsultedRulings:
    """The lint rule for the rulings a module consults (see ConsultedRulings)."""
    return ConsultedRulings(table)


Places = tuple[tuple[str, str], ...]  # (declaration kind, keyword)


def primitive_places(table: Mapping[str, tuple[str, Places]]) -> Check:
    """Primitives that act on what only some places give them (a die chosen for an action,
    the ravager being resolved): each, with what it needs (a message marked N_), may
    appear only in the effects of those fields."""

    def check(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
        out = []
        for decls in by_kind.values():
            for decl in decls:
                for key, uses in decl.fields.items():
                    for use in uses:
                        for call in walk_calls(use.effect):
                            if call.name not in table:
                                continue
                            needs, places = table[call.name]
                            if (decl.kind, key) in places:
                                continue
                            allowed = Names(
                                tuple(f"{k}.{f}" for k, f in places),
                                alternatives=True,
                                quoted=False,
                            )
                            out.append(
                                Diagnostic.of(
                                    "E114",
                                    call.span,
                                    N_("'{name}' acts on {needs}, which {field} does not give it"),
                                    N_("use it only in {allowed}"),
                                    name=call.name,
                                    needs=Msg(needs),
                                    field=f"{decl.kind}.{key}",
                                    allowed=allowed,
                                )
                            )
        return out

    return check
