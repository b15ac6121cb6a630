"""Rules that span several keywords or declarations (after names and types are checked).

These are the language's own; a game adds its lint rules through `Game.checks`.
"""

from __future__ import annotations

from typing import Any

from .ast import walk_calls
from .checker import Checker, Decl
from .diagnostics import Diagnostic, suggestion
from .i18n import N_, NN_, Msg, Names


def check_consistency(
    decls: list[Decl], checker: Checker, strict_counts: bool, game_checks=()
) -> list[Diagnostic]:
    """The rules of the language that span declarations, then the game's own lint rules."""
    out: list[Diagnostic] = []
    by_kind: dict[str, list[Decl]] = {}
    for decl in decls:
        by_kind.setdefault(decl.kind, []).append(decl)
    for kind_key, spec in checker.vocabulary.kinds.items():
        for fspec in spec.fields.values():
            if fspec.unique:
                out += _unique_numbers(by_kind.get(kind_key, []), fspec.key, Msg(fspec.unique))
    out += _rulings(by_kind.get("ruling", []))
    out += _component_counts(by_kind, strict_counts)
    out += _unused(decls, checker)
    for check in game_checks:
        out += check(by_kind)
    return out


def _unique_numbers(decls: list[Decl], key: str, what: Msg) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: dict[Any, str] = {}  # number -> the declaration that used it first
    for decl in decls:
        use = decl.first(key)
        if use is None or not use.args:
            continue
        number = next(iter(use.args.values()))
        if number in seen:
            out.append(
                Diagnostic.of(
                    "E109",
                    use.item.span,
                    N_("duplicate {what} {number}"),
                    N_("already used by {first}"),
                    what=what,
                    number=number,
                    first=seen[number],
                )
            )
        else:
            seen[number] = decl.id or decl.kind
    return out


def _rulings(rulings: list[Decl]) -> list[Diagnostic]:
    out = []
    for ruling in rulings:
        options: list[str] = []
        for use in ruling.fields.get("option", []):
            name = use.args.get("name")
            if name is None:
                continue  # reported as a missing value (E107)
            if name in options:
                out.append(
                    Diagnostic.of(
                        "E109",
                        use.item.values[0].span,
                        N_("ruling {id}: option '{name}' given twice"),
                        id=ruling.id,
                        name=name,
                    )
                )
            else:
                options.append(name)
        uses = ruling.fields.get("default", []) + ruling.fields.get("edition", [])
        for use in uses:
            chosen = use.args.get("option")
            if chosen is not None and chosen not in options:
                hint = suggestion(chosen, options) or (
                    Msg(N_("options: {names}"), {"names": Names(tuple(options), quoted=False)})
                    if options
                    else Msg(N_("declare its options"))
                )
                out.append(
                    Diagnostic.of(
                        "E106",
                        use.item.values[-1].span,
                        N_("ruling {id}: '{chosen}' is not one of its options"),
                        hint,
                        id=ruling.id,
                        chosen=chosen,
                    )
                )
    return out


def _component_counts(by_kind: dict[str, list[Decl]], strict: bool) -> list[Diagnostic]:
    out = []
    for comp in by_kind.get("component", []):
        kind, count = comp.value("declared_by"), comp.value("count")
        if kind is None or count is None:
            continue
        count_use = comp.first("count")
        assert count_use is not None  # count has a value, so the keyword is there
        have = sum(d.copies for d in by_kind.get(kind, []))
        if have != count:
            values = {"id": comp.id, "count": count, "have": have, "kind": kind}
            message = Msg(
                NN_(
                    "component {id}: the box holds {count}, the rule set declares {have} {kind}",
                    "component {id}: the box holds {count}, the rule set declares {have} {kind}s",
                ),
                values,
                n=have,
            )
            hint = Msg(
                N_("add or remove '{kind}' declarations (or 'copies'), or change the count"), values
            )
            out.append(
                Diagnostic.of("E201" if strict else "W201", count_use.item.span, message, hint)
            )
    return out


def _unused(decls: list[Decl], checker: Checker) -> list[Diagnostic]:
    out = []
    for decl in decls:
        if decl.id is None:
            continue  # reported as a missing id (E107)
        if decl.spec.referenced and decl.id not in checker.used_names.get(decl.kind, ()):
            out.append(
                Diagnostic.of(
                    "W401",
                    decl.item.key_span,
                    N_("{kind} '{id}' is declared but never used"),
                    N_("remove it, or use it in a card"),
                    kind=decl.kind,
                    id=decl.id,
                )
            )
        if decl.kind == "event" and decl.id not in checker.used_events:
            out.append(
                Diagnostic.of(
                    "W401",
                    decl.item.key_span,
                    N_("event '{id}' is declared but nothing listens to it or raises it"),
                    id=decl.id,
                )
            )
    emitted = {
        str(c.args[0].value)
        for d in decls
        for uses in d.fields.values()
        for u in uses
        for c in walk_calls(u.effect)
        if c.name == "emit" and c.args
    }
    declared_events = {d.id for d in decls if d.kind == "event" and d.id is not None}
    for decl in decls:
        if decl.kind == "trigger":
            event = decl.value("on")
            on_use = decl.first("on")
            if event in declared_events and event not in emitted:
                assert on_use is not None  # event has a value, so the keyword is there
                out.append(
                    Diagnostic.of(
                        "W402",
                        on_use.item.span,
                        N_("trigger {id} listens to '{event}', which nothing raises"),
                        N_("add 'emit {event}' to some effect"),
                        id=decl.id,
                        event=event,
                    )
                )
    return out
