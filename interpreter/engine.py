"""The generic interpreter: runs a program until someone must decide.

Execution is a stack of frames kept in the state (plain dicts), so a game can be
cloned, saved and resumed at any decision. Each frame names an operation (`op`);
its handler advances it and then either pushes child frames, finishes (popping
itself and leaving a success flag in `state["result"]`), or asks a player to
decide. An answer is stored in the frame as `answer` and the handler is called
again; `take_answer` tells an answer (which may be None) from no answer yet.

The engine knows no game. The operations here interpret the effect language
(sequence, choice, trade, optional, otherwise, call); primitives, counters and
the game's own procedures come from the program's game module (interpreter/game.py),
the core primitives from core_primitives.py.
"""

from __future__ import annotations

import json
import pickle
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..dsl import ast
from ..dsl.errors import ArgumentError, BlackAngelError, RulesError
from ..dsl.visitor import NodeVisitor
from .program import Program
from .rng import Rng, seed_state

if TYPE_CHECKING:
    from .game import Frame, Handler

MAX_STEPS_WITHOUT_DECISION = 100_000  # guards against rules that loop forever
STATE_VERSION = 2

P = TypeVar("P", bound=Program)


class _Unanswered:
    """The value of a question not answered yet: distinct from every option's value,
    None included ("place no card" answers with None)."""

    def __repr__(self) -> str:
        return "NO_ANSWER"


NO_ANSWER: Any = _Unanswered()


def take_answer(frame: Frame) -> Any:
    """The answer given to this frame's question (removing it), or NO_ANSWER."""
    return frame.pop("answer", NO_ANSWER)


class VariantError(ArgumentError):
    """A variant the rules do not declare."""


class IllegalOption(BlackAngelError):
    """An option id that is not among the current legal options."""


@dataclass(frozen=True)
class Option:
    id: str
    label: str


@dataclass(frozen=True)
class Decision:
    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]


def options_digest(pending: dict) -> str:
    """A short fingerprint of a decision (who, what kind, which options), for replays."""
    text = "|".join(
        [str(pending["player"]), pending["kind"], *(o["id"] for o in pending["options"])]
    )
    return f"{zlib.crc32(text.encode()):08x}"


class Engine(Generic[P]):
    """One game in progress: `decision()`, `apply(option_id)`, `clone()`, `to_json()`."""

    def __init__(self, data: P, state: dict):
        self.data = data
        self.state = state
        self.rng = Rng(state)

    # ---- public API ----------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        data: P,
        players: int,
        seed: int,
        rulings: dict | None = None,
        variants: Iterable[str] = (),
    ) -> Engine[P]:
        """A game set up for `players`, its randomness from `seed`, with rulings (the rest
        keep their defaults) and variants (e.g. Black Angel's "advanced")."""
        from .arguments import check_arguments
        from .rulings import resolve

        variants = check_arguments(data, players, seed, rulings, variants)
        chosen = {**resolve(data), **(rulings or {})}
        state: dict[str, Any] = {
            "version": STATE_VERSION,
            "content_hash": data.content_hash,
            "seed": seed,
            "rng": seed_state(seed),
            "rulings": chosen,
            "variants": variants,
            "stack": [],
            "pending": None,
            "result": True,
            "log": [],
            "triggered": [],  # [effect, seat, ctx] waiting to run (see raise_event)
            "scores": None,  # per seat, set when the game ends
        }
        data.game.setup(data, state, players)
        engine = cls(data, state)
        engine.push({"op": data.game.start})
        engine.run()
        return engine

    def decision(self) -> Decision | None:
        pending = self.state["pending"]
        if pending is None:
            return None
        return Decision(
            pending["player"],
            pending["kind"],
            pending["prompt"],
            tuple(Option(o["id"], o["label"]) for o in pending["options"]),
        )

    def legal_options(self) -> list[str]:
        pending = self.state["pending"]
        return [o["id"] for o in pending["options"]] if pending else []

    def apply(self, option_id: str) -> None:
        """Answer the current decision. An unknown id raises IllegalOption and changes nothing."""
        pending = self.state["pending"]
        if pending is None:
            raise IllegalOption("the game is over; there is nothing to decide")
        for option in pending["options"]:
            if option["id"] == option_id:
                break
        else:
            known = ", ".join(o["id"] for o in pending["options"][:12])
            raise IllegalOption(f"'{option_id}' is not a legal option here; legal: {known}")
        self.state["pending"] = None
        self.state["stack"][-1]["answer"] = option["value"]
        self.log(
            "choice",
            seat=pending["player"],
            option=option_id,
            label=option["label"],
            options=options_digest(pending),
        )
        self.run()

    def is_terminal(self) -> bool:
        """The game is over: nothing is left to run and nobody has to decide."""
        return not self.state["stack"] and self.state["pending"] is None

    def returns(self) -> list[float]:
        """Per seat: 1 for a (shared) win, 0 otherwise; only meaningful at the end."""
        scores = self.state["scores"]
        if scores is None:
            return [0.0] * self.players
        best = max(scores)
        return [1.0 if s == best else 0.0 for s in scores]

    @property
    def players(self) -> int:
        return len(self.state["players"])

    def clone(self) -> Engine[P]:
        # a pickle round trip copies plain data about ten times faster than deepcopy
        return Engine(self.data, pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)))

    def to_json(self) -> str:
        return json.dumps(self.state, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: P, text: str) -> Engine[P]:
        """A saved game, resumed. The state is checked first (interpreter/state_check.py:
        its shape, its cards and tiles, the game's invariants, a trial of each answer to
        the pending decision); a state that does not fit raises StateError."""
        from .state_check import checked_state

        return cls(data, checked_state(data, text))

    # ---- machinery -------------------------------------------------------------
    def push(self, frame: Frame) -> None:
        self.state["stack"].append(frame)

    def finish(self, frame: Frame, ok: bool = True) -> None:
        stack = self.state["stack"]
        assert stack and stack[-1] is frame, "only the top frame can finish"
        stack.pop()
        self.state["result"] = ok

    def ask(self, player: int, kind: str, prompt: str, options: list[tuple[str, str, Any]]) -> None:
        """Stop and wait for `player` to pick one of (id, label, value). A question without
        options cannot be answered: the step that asks (the top frame) cannot be done, and
        fails, as a primitive does when its feasibility check says no."""
        if not options:
            self.log("no_options", seat=player, kind=kind)
            self.finish(self.state["stack"][-1], False)
            return
        self.state["pending"] = {
            "player": player,
            "kind": kind,
            "prompt": prompt,
            "options": [{"id": i, "label": label, "value": value} for i, label, value in options],
        }

    def run(self) -> None:
        state = self.state
        stack = state["stack"]
        ops = self.data.ops
        for _ in range(MAX_STEPS_WITHOUT_DECISION):
            if state["pending"] is not None:
                return
            if state["triggered"]:
                stack.append(
                    {"op": "triggers", "queue": state["triggered"], "saved": state["result"]}
                )
                state["triggered"] = []
            if not stack:
                return
            frame = stack[-1]
            ops[frame["op"]](self, frame)
        raise RulesError(
            f"the rules ran {MAX_STEPS_WITHOUT_DECISION:,} steps without a decision "
            f"(an endless loop?); last events: {state['log'][-3:]}"
        )

    def ruling(self, name: str) -> str:
        """The option chosen for a ruling in this game."""
        return self.state["rulings"][name]

    def variant(self, name: str) -> bool:
        """Whether this game is played with a variant of the rules."""
        return name in self.state["variants"]

    def raise_event(self, event: str, seats: int | list[int] | None = None, **ctx: Any) -> None:
        """Something the triggers of the rules may listen to has happened, for one seat, some
        seats, or (None) every seat. The triggers listening to it run, in the order they are
        declared, as soon as the step that raised the event returns: before anything that
        step started. A trigger whose effect is running does not start again (the loop
        guard; the compiler already refuses rules whose events can loop, E301)."""
        listeners = self.data.triggers.get(event)
        if not listeners:
            return
        if seats is None:
            seats = list(range(self.players))
        elif isinstance(seats, int):
            seats = [seats]
        running = {f.get("running") for f in self.state["stack"] if f["op"] == "triggers"}
        for effect in listeners:
            if effect in running:
                self.log("trigger_guarded", name=self.data.trigger_names[effect], on=event)
                continue
            for seat in seats:
                self.state["triggered"].append([effect, seat, {"event": event, **ctx}])

    def log(self, event: str, **fields: Any) -> None:
        fields["event"] = event
        fields["turn"] = self.data.game.clock(self.state)
        self.state["log"].append(fields)

    # ---- effects -------------------------------------------------------------
    def run_effect(self, seat: int, effect: int, ctx: dict | None = None) -> None:
        """Push effect number `effect` for `seat`; ctx says what it is about (card, action)."""
        self.push({"op": "effect", "seat": seat, "effect": effect, "ctx": ctx or {}, "pc": 0})

    def can(self, seat: int, effect: int, ctx: dict) -> bool:
        """Whether the effect can be carried out now (a conservative static check)."""
        return FEASIBLE.visit(self.data.nodes[effect], self, seat, ctx)

    def describe(self, effect: int) -> str:
        """An effect in words (option labels)."""
        return self.data.label(effect)


class Feasibility(NodeVisitor):
    """Whether an effect can be carried out: a sequence or trade if every part can, a
    choice if one option can, an optional step always, `a otherwise b` if either can;
    a call as its primitive's own check says."""

    def visit_Call(self, node: ast.Call, engine: Engine, seat: int, ctx: dict) -> bool:
        check = engine.data.primitives[node.name].can
        return True if check is None else check(engine, seat, node.values, ctx)

    def visit_Seq(self, node: ast.Seq, engine: Engine, seat: int, ctx: dict) -> bool:
        return all(self.visit(step, engine, seat, ctx) for step in node.steps)

    def visit_Trade(self, node: ast.Trade, engine: Engine, seat: int, ctx: dict) -> bool:
        return self.visit(node.cost, engine, seat, ctx) and self.visit(
            node.benefit, engine, seat, ctx
        )

    def visit_Choice(self, node: ast.Choice, engine: Engine, seat: int, ctx: dict) -> bool:
        return any(self.visit(option, engine, seat, ctx) for option in node.options)

    def visit_Optional(self, node: ast.Optional, engine: Engine, seat: int, ctx: dict) -> bool:
        return True

    def visit_Otherwise(self, node: ast.Otherwise, engine: Engine, seat: int, ctx: dict) -> bool:
        return self.visit(node.first, engine, seat, ctx) or self.visit(
            node.fallback, engine, seat, ctx
        )


FEASIBLE = Feasibility()


# ---- the operations of the effect language -----------------------------------------
def run_node(engine: Engine, frame: Frame) -> None:
    """The `effect` operation: one effect node, by its kind."""
    number = frame["effect"]
    node = engine.data.nodes[number]
    EFFECT_KINDS[type(node)](engine, frame, engine.data.parts[number])


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
    options = [
        (f"option:{i}", engine.describe(part), i)
        for i, part in enumerate(parts)
        if engine.can(seat, part, ctx)
    ]
    if not options:
        engine.finish(frame, False)
    elif len(options) == 1:
        frame["answer"] = options[0][2]
    else:
        engine.ask(seat, "choose_effect", "Choose one", options)


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
    if not engine.can(seat, step, ctx):
        engine.finish(frame, True)
        return
    text = engine.describe(step)
    engine.ask(
        seat,
        "optional",
        f"Do this? {text}",
        [("yes", "yes: " + text, True), ("no", "skip: " + text, False)],
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
    """The `call` operation: run a primitive; with `per`, once per counted thing (up to `max`)."""
    node: ast.Call = engine.data.nodes[frame["effect"]]
    if "times" not in frame:
        times = 1
        if node.per is not None:
            counter = engine.data.counters[node.per.name]
            times = counter(engine, frame["seat"], node.per.values, frame["ctx"])
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
    engine.data.primitives[frame["name"]].run(engine, frame)


def triggers(engine: Engine, frame: Frame) -> None:
    """The `triggers` operation: the queued effects of triggers, in order; then the result
    of the step that raised their event is given back to it."""
    pc = frame.setdefault("pc", 0)
    if pc < len(frame["queue"]):
        effect, seat, ctx = frame["queue"][pc]
        frame["pc"] = pc + 1
        frame["running"] = effect
        engine.log("trigger", seat=seat, name=engine.data.trigger_names[effect], on=ctx["event"])
        engine.run_effect(seat, effect, ctx)
        return
    engine.finish(frame, frame["saved"])


def phase(engine: Engine, frame: Frame) -> None:
    """The `phase` operation: the steps of a phase, in order."""
    steps = engine.data.phases[frame["phase"]]
    if frame["pc"] < len(steps):
        name, effect = steps[frame["pc"]]
        frame["pc"] += 1
        engine.run_effect(frame["seat"], effect, {"step": name})
        return
    engine.finish(frame)


ENGINE_OPS: dict[str, Handler] = {
    "effect": run_node,
    "call": call,
    "prim": primitive,
    "phase": phase,
    "triggers": triggers,
}
