"""The operations of the effect language, and whether an effect can be done now.

The engine runs frames; these are the handlers of the frames that the effect language
pushes (sequence, choice, trade, optional, otherwise, call, phase, triggers), which every
program has beside its game's own operations, and `Feasibility`, which compiles an effect
into a check. They reach the game through the engine they are given: this module imports
the engine only for its types, so the program (interpreter/program.py) can hold these
tables without the engine's module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..dsl import ast
from ..dsl.i18n import N_
from ..dsl.visitor import NodeVisitor
from . import trigger_results
from .game import NO_ANSWER

if TYPE_CHECKING:
    from .engine import Engine, Seat
    from .game import Frame, Handler, Implementation

# The engine's own decision texts (a game's are in its module)
CHOOSE_ONE = N_("Choose one")
DO_THIS = N_("Do this? {effect}")
DO_IT = N_("yes: {effect}")
SKIP_IT = N_("skip: {effect}")

Check = Callable[["Engine", "Seat", dict], bool]  # (engine, seat, ctx): can it be done now?


def _always(engine: Engine, seat: Seat, ctx: dict) -> bool:
    return True


class Feasibility(NodeVisitor):
    """Whether an effect can be carried out: a sequence or trade if every part can, a
    choice if one option can, an optional step always, `a otherwise b` if either can;
    a call as its primitive's own check says.

    The visitor compiles an effect into a check (a closure) once, when the effect is
    first checked (`Program.check`); checking is then a call, not a walk of the tree."""

    def visit_Call(self, node: ast.Call, primitives: dict[str, Implementation]) -> Check:
        """A call whose conditions (`if`, `unless`) do not hold can be done: it does
        nothing; so can a call done 0 times (`times`)."""
        can = primitives[node.name].can
        values = node.values
        own = _always if can is None else lambda engine, seat, ctx: can(engine, seat, values, ctx)
        if node.times is not None:
            own = _repeated(node.times.value, own)
        if not node.conditions and not node.unless:
            return own
        holds = conditions_check(node, primitives)
        return lambda engine, seat, ctx: not holds(engine, seat, ctx) or own(engine, seat, ctx)

    def visit_Seq(self, node: ast.Seq, primitives: dict[str, Implementation]) -> Check:
        steps = [self.visit(step, primitives) for step in node.steps]
        return lambda engine, seat, ctx: all(step(engine, seat, ctx) for step in steps)

    def visit_Trade(self, node: ast.Trade, primitives: dict[str, Implementation]) -> Check:
        cost, benefit = self.visit(node.cost, primitives), self.visit(node.benefit, primitives)
        return lambda engine, seat, ctx: cost(engine, seat, ctx) and benefit(engine, seat, ctx)

    def visit_Choice(self, node: ast.Choice, primitives: dict[str, Implementation]) -> Check:
        options = [self.visit(option, primitives) for option in node.options]
        return lambda engine, seat, ctx: any(option(engine, seat, ctx) for option in options)

    def visit_Optional(self, node: ast.Optional, primitives: dict[str, Implementation]) -> Check:
        return _always

    def visit_Otherwise(self, node: ast.Otherwise, primitives: dict[str, Implementation]) -> Check:
        first, fallback = self.visit(node.first, primitives), self.visit(node.fallback, primitives)
        return lambda engine, seat, ctx: first(engine, seat, ctx) or fallback(engine, seat, ctx)


FEASIBLE = Feasibility()


def _repeated(times: int | str, own: Check) -> Check:
    """A call done `times` times: possible when its own check says so, or when that
    count is 0 for the game's player count (it does nothing then)."""
    return lambda engine, seat, ctx: (
        engine.data.count(times, engine.players) == 0 or own(engine, seat, ctx)
    )


def conditions_check(node: ast.Call, primitives: dict[str, Implementation]) -> Check:
    """Whether every condition of a call after `if` holds now, and none after `unless`."""
    tests = [(primitives[c.name].can, c.values) for c in node.conditions]
    against = [(primitives[c.name].can, c.values) for c in node.unless]
    return lambda engine, seat, ctx: (
        all(test is None or test(engine, seat, values, ctx) for test, values in tests)
        and not any(test is None or test(engine, seat, values, ctx) for test, values in against)
    )


# ---- the operations of the effect language -----------------------------------------
def run_node(engine: Engine, frame: Frame) -> None:
    """The `effect` operation: one effect node, by its kind."""
    number = frame["effect"]
    node = engine._nodes[number]
    EFFECT_KINDS[type(node)](engine, frame, engine._parts[number])


def _call(engine: Engine, frame: Frame, parts: tuple[int, ...]) -> None:
    if frame["pc"] == 0:
        frame["pc"] = 1
        engine.push(
            {"op": "call", "seat": frame["seat"], "effect": frame["effect"], "ctx": frame["ctx"]}
        )
        return
    engine.finish(frame, engine.state["result"])


def _seq(engine: Engine, frame: Frame, parts: tuple[int, ...]) -> None:
    if frame["pc"] > 0 and not engine.state["result"]:
        frame["ok"] = False
    if frame["pc"] < len(parts):
        frame["pc"] += 1
        engine.run_effect(frame["seat"], parts[frame["pc"] - 1], frame["ctx"])
        return
    engine.finish(frame, frame.get("ok", True))


def _choice(engine: Engine, frame: Frame, parts: tuple[int, ...]) -> None:
    seat, ctx = frame["seat"], frame["ctx"]
    if frame["pc"] == 1:
        engine.finish(frame, engine.state["result"])
        return
    if "answer" in frame:
        frame["pc"] = 1
        engine.run_effect(seat, parts[frame.pop("answer")], ctx)
        return
    ids = engine.data.option_ids(frame["effect"])
    options = [
        (ids[i], engine.describe(part), i)
        for i, part in enumerate(parts)
        if engine.can(seat, part, ctx)
    ]
    if not options:
        engine.finish(frame, False)
        return
    answer = engine.ask_or_force(seat, "choose_effect", engine.data.text._(CHOOSE_ONE), options)
    if answer is not NO_ANSWER:
        frame["answer"] = answer


def _trade(engine: Engine, frame: Frame, parts: tuple[int, ...]) -> None:
    seat, ctx = frame["seat"], frame["ctx"]
    cost, benefit = parts
    if frame["pc"] == 0:
        if not engine.can(seat, cost, ctx):
            engine.finish(frame, False)
            return
        frame["pc"] = 1
        engine.run_effect(seat, cost, ctx)
        return
    if frame["pc"] == 1:
        if not engine.state["result"]:
            engine.finish(frame, False)
            return
        frame["pc"] = 2
        engine.run_effect(seat, benefit, ctx)
        return
    engine.finish(frame, engine.state["result"])


def _idle(engine: Engine, step: int, seat: Seat, ctx: dict) -> bool:
    """An optional call whose conditions do not hold would do nothing: it is not offered."""
    node = engine._nodes[step]
    if not isinstance(node, ast.Call) or not (node.conditions or node.unless):
        return False
    return not conditions_check(node, engine._primitives)(engine, seat, ctx)


def _optional(engine: Engine, frame: Frame, parts: tuple[int, ...]) -> None:
    seat, ctx = frame["seat"], frame["ctx"]
    (step,) = parts
    if frame["pc"] == 1:
        engine.finish(frame, True)
        return
    if "answer" in frame:
        if frame.pop("answer"):
            frame["pc"] = 1
            engine.run_effect(seat, step, ctx)
        else:
            engine.finish(frame, True)
        return
    if not engine.can(seat, step, ctx) or _idle(engine, step, seat, ctx):
        engine.finish(frame, True)
        return
    values = (("effect", engine.describe(step)),)
    engine.ask(
        seat,
        "optional",
        (DO_THIS, None, 1, values),
        [("yes", (DO_IT, None, 1, values), True), ("no", (SKIP_IT, None, 1, values), False)],
    )


def _otherwise(engine: Engine, frame: Frame, parts: tuple[int, ...]) -> None:
    first, fallback = parts
    if frame["pc"] == 0:
        frame["pc"] = 1
        engine.run_effect(
            frame["seat"],
            first if engine.can(frame["seat"], first, frame["ctx"]) else fallback,
            frame["ctx"],
        )
        return
    engine.finish(frame, engine.state["result"])


EFFECT_KINDS = {
    ast.Call: _call,
    ast.Seq: _seq,
    ast.Choice: _choice,
    ast.Trade: _trade,
    ast.Optional: _optional,
    ast.Otherwise: _otherwise,
}


def call(engine: Engine, frame: Frame) -> None:
    """The `call` operation: run a primitive; with `per`, once per counted thing (up to
    `max`); with `times`, that many times; with `if` (`unless`), only when its
    conditions hold (do not)."""
    node = cast(ast.Call, engine._nodes[frame["effect"]])  # the `call` operation runs calls
    if "times" not in frame and (node.conditions or node.unless):
        if not conditions_check(node, engine._primitives)(engine, frame["seat"], frame["ctx"]):
            engine.finish(frame, True)  # `gain 1 boost if doubles` without a double
            return
        if node.conditions:
            engine.log("if", seat=frame["seat"], conditions=[c.name for c in node.conditions])
        if node.unless:
            engine.log("unless", seat=frame["seat"], conditions=[c.name for c in node.unless])
    if "times" not in frame:
        times = 1
        if node.per is not None:
            counter = engine.data.counters[node.per.name]
            times = counter(engine, frame["seat"], node.per.values, frame["ctx"])
        if node.times is not None:
            times = engine.data.count(node.times.value, engine.players)
        frame["times"] = times
        frame["done"] = 0
        frame["ok"] = True
    if frame["done"] > 0 and not engine.state["result"]:
        frame["ok"] = False
    if frame["done"] < frame["times"]:
        frame["done"] += 1
        args = node.values
        if node.cap is not None and node.per is not None:
            # `gain 2 vp per X max 4`: the capped total is paid in one go
            amount = min(args[0] * frame["times"], node.cap.value)
            frame["done"] = frame["times"]
            args = (amount, *args[1:])
        engine.push(
            {
                "op": "prim",
                "seat": frame["seat"],
                "name": node.name,
                "args": args,
                "ctx": frame["ctx"],
            }
        )
        return
    engine.finish(frame, frame["ok"])


def primitive(engine: Engine, frame: Frame) -> None:
    """The `prim` operation: a primitive's implementation advances its own frame."""
    engine._primitives[frame["name"]].run(engine, frame)


def triggers(engine: Engine, frame: Frame) -> None:
    """The `triggers` operation: the queued effects of triggers, in order; then the result
    of the step that raised their event is given back to it."""
    pc = frame.setdefault("pc", 0)
    if pc:  # the effect of the trigger before is over
        effect, _, ctx = frame["queue"][pc - 1]
        trigger_results.log_result(engine, frame, engine.data.trigger_names[effect], ctx["event"])
    if pc < len(frame["queue"]):
        effect, seat, ctx = frame["queue"][pc]
        frame["pc"] = pc + 1
        frame["running"] = effect
        engine.log("trigger", seat=seat, name=engine.data.trigger_names[effect], on=ctx["event"])
        trigger_results.note_start(engine, frame, seat)
        engine.run_effect(seat, effect, ctx)
        return
    engine.finish(frame, frame["saved"])


def phase(engine: Engine, frame: Frame) -> None:
    """The `phase` operation: the steps of a phase, in order."""
    steps = engine._phases[frame["phase"]]
    if frame["pc"] < len(steps):
        name, effect = steps[frame["pc"]]
        frame["pc"] += 1
        engine.run_effect(frame["seat"], effect, {"step": name})
        return
    engine.finish(frame)


EFFECT_OPS: dict[str, Handler] = {
    "effect": run_node,
    "call": call,
    "prim": primitive,
    "phase": phase,
    "triggers": triggers,
}
