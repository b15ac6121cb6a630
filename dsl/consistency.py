"""Rules that span several keywords or declarations (after names and types are checked).

These are the language's own; a game adds its lint rules through `Game.checks`.
"""

from __future__ import annotations

from typing import Any

from . import ast
from .ast import walk_calls
from .checker import CanFail, Checker, Decl
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
    out += _required_kinds(by_kind, checker)
    out += _turns_can_act(by_kind, checker)
    out += _rulings(by_kind.get("ruling", []))
    out += _ruled_values(decls, by_kind.get("ruling", []))
    out += _component_counts(by_kind, strict_counts)
    out += _unused(decls, checker)
    for check in game_checks:
        out += check(by_kind)
    return out


def _ruled_values(decls: list[Decl], rulings: list[Decl]) -> list[Diagnostic]:
    """A value a ruling decides (a track's `past_max`, `end_at ... when`) needs a ruling
    whose every option is one of the words allowed there; `ruled R O` an option R has."""
    options = {r.id: [u.args.get("name") for u in r.fields.get("option", [])] for r in rulings}
    out: list[Diagnostic] = []
    for decl in decls:
        for key, uses in decl.fields.items():
            params = decl.spec.fields[key].params
            for use in uses:
                for param in params:
                    value = use.args.get(param.name)
                    if param.type.refs != ("ruling",) or not param.type.words:
                        continue
                    if value not in options:
                        continue
                    wrong = [o for o in options[value] if o not in param.type.words]
                    if wrong:
                        out.append(
                            Diagnostic.of(
                                "E116",
                                use.item.span,
                                N_(
                                    "ruling '{ruling}' decides '{key}', but its options {wrong} "
                                    "are not among {words}"
                                ),
                                ruling=value,
                                key=key,
                                wrong=Names(tuple(wrong)),
                                words=Names(param.type.words),
                            )
                        )
            if not decl.spec.fields[key].effect:
                continue
            for use in uses:
                for call in walk_calls(use.effect):
                    if call.name != "ruled" or len(call.values) != 2:
                        continue
                    ruling, option = call.values
                    if ruling in options and option not in options[ruling]:
                        out.append(
                            Diagnostic.of(
                                "E116",
                                call.span,
                                N_("ruling '{ruling}' has no option '{option}'"),
                                suggestion(str(option), [str(o) for o in options[ruling]]),
                                ruling=ruling,
                                option=option,
                            )
                        )
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


def _required_kinds(by_kind: dict[str, list[Decl]], checker: Checker) -> list[Diagnostic]:
    """A complete rule set declares every kind the engine reads (`Kind.required`). Without
    a `game` declaration the files are no rule set at all (often a mod linted without
    --base): that one error says so, without listing everything else that is missing."""
    kinds = checker.vocabulary.kinds
    missing = [k for k, spec in kinds.items() if spec.required and k not in by_kind]
    if "game" in missing:
        return [
            Diagnostic.of(
                "E113",
                None,
                N_("no 'game' declaration: these files are not a complete rule set"),
                N_(
                    "a rule set starts with `game NAME {{ title ... players ... }}`; to check "
                    "a mod that adds to the shipped rules, run ba-lint --base PATH"
                ),
            )
        ]
    return [
        Diagnostic.of(
            "E113",
            None,
            N_("no '{kind}' declaration: the game needs one"),
            N_("add `{kind} {{ ... }}` ({help})"),
            kind=k,
            help=Msg(kinds[k].help, context="help"),
        )
        for k in missing
    ]


class _PhaseCanFail(CanFail):
    """CanFail that looks into phases: `run X` may be impossible when a step of X may be
    (the engine offers `run X` only if every step of X can be done)."""

    def __init__(self, checker: Checker, phases: dict[str, list[ast.Effect]]):
        super().__init__(checker.vocabulary)
        self.phases = phases
        self.open: set[str] = set()  # phases being looked into (a cycle is E301)

    def visit_Call(self, node: ast.Call) -> bool:
        if node.name != "run" or not node.args or node.args[0].value not in self.phases:
            return super().visit_Call(node)
        name = str(node.args[0].value)
        if name in self.open:
            return False
        self.open.add(name)
        try:
            return any(self.visit(step) for step in self.phases[name])
        finally:
            self.open.discard(name)


def _turns_can_act(by_kind: dict[str, list[Decl]], checker: Checker) -> list[Diagnostic]:
    """A turn must always find something to do. If every option of the turn's phase may be
    impossible, a turn can pass without a decision and without changing anything, and
    the game loops forever (a mandatory `reserve_die` in sequence B once ran 100,000
    steps)."""
    games = by_kind.get("game", [])
    if not games:
        return []
    phases = {
        p.id: [u.effect for u in p.fields.get("step", []) if u.effect is not None]
        for p in by_kind.get("phase", [])
        if p.id is not None
    }
    out = []
    for key in ("turn", "final_turn"):
        use = games[0].first(key)
        name = games[0].value(key)
        if use is None or name not in phases:
            continue
        visitor = _PhaseCanFail(checker, phases)
        if phases[name] and all(visitor.visit(step) for step in phases[name]):
            out.append(
                Diagnostic.of(
                    "E303",
                    use.item.span,
                    N_(
                        "a turn ('{key} {phase}') may find nothing it can do: then it passes "
                        "without a decision, and the game can loop forever"
                    ),
                    N_(
                        "make one option of phase {phase} always possible (for example an "
                        "'optional' before a step that may be impossible)"
                    ),
                    key=key,
                    phase=name,
                )
            )
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
