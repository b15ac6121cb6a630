"""Lint rules a game module builds from what its code reads: the rulings it consults, the
places where a primitive has what it acts on, and the phases a primitive's check asks about.

A game module's implementation reads `engine.ruling("name")` and compares the answer
with the options it knows; a game module's primitive (one that sets a die, say) acts on the
die that the moment it runs in provides, and a step of a turn on the turn in progress.
A phase's steps run wherever the phase is run from (the keyword that names it as a
turn, or a `run` in some effect), so a primitive that only a turn gives what it needs
may stand in the phases a turn runs, and not in those a trigger runs. The rules must
give the module these things, or a game that lints clean would crash on its first turn.
Each function here returns a lint rule (declarations by kind -> diagnostics) for
`Game.checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..dsl import ast
from ..dsl.ast import walk_calls
from ..dsl.checker import Decl
from ..dsl.diagnostics import Diagnostic, suggestion
from ..dsl.i18n import N_, NN_, Msg, Names
from ..dsl.meta import Param, Vocabulary

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
Place = tuple[str, str]


def _phase_params(params: tuple[Param, ...]) -> list[str]:
    """The parameters of a keyword or a primitive that name a phase it runs (`turn PHASE`,
    `run PHASE`)."""
    return [p.name for p in params if p.type.form == "ref" and "phase" in p.type.refs]


def _run_phase(call: ast.Call, vocabulary: Vocabulary) -> str | None:
    """The phase a call runs (`run PHASE`), if it runs one."""
    prim = vocabulary.primitives.get(call.name)
    if prim is None or not prim.params or not _phase_params(prim.params[:1]) or not call.args:
        return None
    return str(call.args[0].value)


Runners = dict[Place, str]  # where a phase runs -> the first declaration that runs it there


def phase_places(by_kind: dict[str, list[Decl]], vocabulary: Vocabulary) -> dict[str, Runners]:
    """Where each phase runs: the keywords that name it (a player's turn, an automated
    opponent's turn) and the places of every effect that runs it; a phase run from another
    phase runs wherever that one does. A phase that nothing runs has no place."""
    places: dict[str, Runners] = {}
    callers: dict[str, list[str]] = {}  # phase -> the phases whose steps run it
    for decls in by_kind.values():
        for decl in decls:
            who = f"{decl.kind} {decl.id}" if decl.id else decl.kind
            for key, uses in decl.fields.items():
                fspec = decl.spec.fields.get(key)
                for use in uses:
                    for name in _phase_params(fspec.params) if fspec is not None else ():
                        if name in use.args:
                            phase = str(use.args[name])
                            places.setdefault(phase, {}).setdefault((decl.kind, key), who)
                    for call in walk_calls(use.effect):
                        phase = _run_phase(call, vocabulary) or ""
                        if not phase:
                            continue
                        if decl.kind == "phase" and decl.id is not None:
                            callers.setdefault(phase, []).append(decl.id)
                        else:
                            places.setdefault(phase, {}).setdefault((decl.kind, key), who)
    changed = True
    while changed:  # a fixpoint: each pass adds a place to some phase, or stops
        changed = False
        for phase, runners in callers.items():
            for runner in runners:
                for place, who in places.get(runner, {}).items():
                    if place not in places.setdefault(phase, {}):
                        places[phase][place] = who
                        changed = True
    return places


def primitive_places(table: Mapping[str, tuple[str, Places]], vocabulary: Vocabulary) -> Check:
    """Primitives that act on what only some places give them (a die chosen for an action,
    the piece being resolved, an automated opponent's state): each, with what it needs
    (a message marked N_), may appear only in the effects of those fields, or in the
    steps of phases that run only from them."""

    def check(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
        out = []
        phases = phase_places(by_kind, vocabulary)
        for decls in by_kind.values():
            for decl in decls:
                shown: set[Place] = set()  # a phase is reported once per place it runs in
                for key, uses in decl.fields.items():
                    here: Runners = {(decl.kind, key): ""}
                    if decl.kind == "phase":
                        here = phases.get(decl.id or "", {})
                    for use in uses:
                        for call in walk_calls(use.effect):
                            if call.name in table:
                                out += _out_of_place(call, table[call.name], decl, here, shown)
        return out

    return check


def _out_of_place(
    call: ast.Call, need: tuple[str, Places], decl: Decl, here: Runners, shown: set[Place]
) -> list[Diagnostic]:
    """A diagnostic for each place a call runs in that does not give it what it needs."""
    needs, allowed = need
    out = []
    for place in sorted(set(here) - set(allowed) - shown):
        values = {
            "name": call.name,
            "needs": Msg(needs),
            "field": f"{place[0]}.{place[1]}",
            "allowed": Names(
                tuple(f"{k}.{f}" for k, f in allowed), alternatives=True, quoted=False
            ),
        }
        if decl.kind == "phase":
            shown.add(place)
            message = Msg(
                N_(
                    "'{name}' acts on {needs}, which phase {phase} does not have when {runner} "
                    "runs it ({field})"
                ),
                {**values, "phase": decl.id, "runner": here[place]},
            )
        else:
            message = Msg(N_("'{name}' acts on {needs}, which {field} does not give it"), values)
        out.append(
            Diagnostic.of("E114", call.span, message, Msg(N_("use it only in {allowed}"), values))
        )
    return out


def consulted_phases(table: Mapping[str, str], vocabulary: Vocabulary) -> Check:
    """Primitives whose check asks whether a phase can be done now (passing is offered
    only when sequence A cannot be played): the phase must be declared, and must not run
    the primitive itself, or the question asks itself again, without end."""

    def check(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
        if not by_kind.get("game"):
            return []  # not a rule set (E113 says so)
        steps = {
            d.id: [u.effect for u in d.fields.get("step", []) if u.effect is not None]
            for d in by_kind.get("phase", [])
            if d.id is not None
        }
        out = []
        for decls in by_kind.values():
            for decl in decls:
                for uses in decl.fields.values():
                    for use in uses:
                        for call in walk_calls(use.effect):
                            phase = table.get(call.name)
                            if phase is None:
                                continue
                            if phase not in steps:
                                out.append(
                                    Diagnostic.of(
                                        "E114",
                                        call.span,
                                        N_(
                                            "'{name}' asks whether phase {phase} can be done, "
                                            "and there is no phase {phase}"
                                        ),
                                        N_("declare `phase {phase} {{ ... }}`"),
                                        name=call.name,
                                        phase=phase,
                                    )
                                )
                            elif _runs(call.name, phase, steps, vocabulary):
                                out.append(
                                    Diagnostic.of(
                                        "E301",
                                        call.span,
                                        N_(
                                            "'{name}' asks whether phase {phase} can be done, "
                                            "and phase {phase} runs '{name}': the question "
                                            "asks itself again, without end"
                                        ),
                                        N_("use '{name}' only outside phase {phase}"),
                                        name=call.name,
                                        phase=phase,
                                    )
                                )
        return out

    return check


def _runs(name: str, phase: str, steps: dict[str, list], vocabulary: Vocabulary) -> bool:
    """Whether the steps of a phase, or of the phases they run, call a primitive."""
    seen, todo = set(), [phase]
    while todo:
        current = todo.pop()
        if current in seen or current not in steps:
            continue
        seen.add(current)
        for effect in steps[current]:
            for call in walk_calls(effect):
                if call.name == name:
                    return True
                todo.append(_run_phase(call, vocabulary) or "")
    return False
