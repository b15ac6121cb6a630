"""The generic interpreter: runs the compiled rules until someone must decide.

Execution is a stack of frames kept in the state (plain dicts), so a game can be
cloned, saved and resumed at any decision. Each frame names an operation
(`op`); its handler in `OPS` advances it and then either pushes child frames,
finishes (popping itself and leaving a success flag in `state["result"]`), or
asks a player to decide. An answer is stored in the frame as `answer` and the
handler is called again.

Generic operations interpret the effect language (seq, choice, trade, optional,
otherwise, call). Primitives live in `primitives.py` (generic) and
`game_primitives.py` (Black Angel routines); both register into `OPS` and `CAN`.
"""

from __future__ import annotations

import json
import pickle
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .data import GameData, to_ast
from .rng import Rng

MAX_STEPS_WITHOUT_DECISION = 100_000  # guards against rules that loop forever
OPS: dict[str, Callable] = {}  # op name -> handler(engine, frame)
CAN: dict[str, Callable] = {}  # primitive -> feasibility(engine, seat, args, ctx) -> bool


def op(name: str):
    def register(func):
        OPS[name] = func
        return func

    return register


def can(name: str):
    def register(func):
        CAN[name] = func
        return func

    return register


class IllegalOption(Exception):
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


class Engine:
    """One game in progress: `decision()`, `apply(option_id)`, `clone()`, `to_json()`."""

    def __init__(self, data: GameData, state: dict):
        self.data = data
        self.state = state
        self.rng = Rng(state)

    # ---- public API ----------------------------------------------------------
    @classmethod
    def new_game(
        cls, data: GameData, players: int, seed: int, rulings: dict | None = None
    ) -> Engine:
        from . import (
            game_primitives,  # noqa: F401 - registers the game operations
            primitives,  # noqa: F401
        )
        from .rulings import resolve
        from .state import new_state

        chosen = {**resolve(data), **(rulings or {})}
        engine = cls(data, new_state(data, players, seed, chosen))
        engine.push({"op": "game"})
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
        return self.state["turn"]["game_over"]

    def returns(self) -> list[float]:
        """Per seat: 1 for a (shared) win, 0 otherwise; only meaningful at the end."""
        scores = self.state["scores"] or [p["vp"] for p in self.state["players"]]
        best = max(scores)
        return [1.0 if s == best else 0.0 for s in scores]

    def clone(self) -> Engine:
        # a pickle round trip copies plain data about ten times faster than deepcopy
        return Engine(self.data, pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)))

    def to_json(self) -> str:
        return json.dumps(self.state, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: GameData, text: str) -> Engine:
        from . import (
            game_primitives,  # noqa: F401
            primitives,  # noqa: F401
        )

        state = json.loads(text)
        if not isinstance(state, dict) or state.get("version") != 1:
            raise ValueError("not a saved Black Angel game (unknown format)")
        if state.get("content_hash") != data.content_hash:
            raise ValueError(
                f"saved with rules {state.get('content_hash')}, these rules are {data.content_hash}"
            )
        return cls(data, state)

    # ---- machinery -------------------------------------------------------------
    def push(self, frame: dict) -> None:
        self.state["stack"].append(frame)

    def finish(self, frame: dict, ok: bool = True) -> None:
        stack = self.state["stack"]
        assert stack and stack[-1] is frame, "only the top frame can finish"
        stack.pop()
        self.state["result"] = ok

    def ask(self, player: int, kind: str, prompt: str, options: list[tuple[str, str, Any]]) -> None:
        """Stop and wait for `player` to pick one of (id, label, value)."""
        if not options:
            raise RuntimeError(f"no options for decision {kind}")
        self.state["pending"] = {
            "player": player,
            "kind": kind,
            "prompt": prompt,
            "options": [{"id": i, "label": label, "value": value} for i, label, value in options],
        }

    def run(self) -> None:
        state = self.state
        stack = state["stack"]
        for _ in range(MAX_STEPS_WITHOUT_DECISION):
            if state["pending"] is not None or not stack:
                return
            frame = stack[-1]
            OPS[frame["op"]](self, frame)
        raise RuntimeError(
            f"the rules ran {MAX_STEPS_WITHOUT_DECISION:,} steps without a decision "
            f"(an endless loop?); last events: {state['log'][-3:]}"
        )

    def ruling(self, name: str) -> str:
        """The option chosen for a ruling in this game."""
        return self.state["rulings"][name]

    def log(self, event: str, **fields) -> None:
        fields["event"] = event
        fields["turn"] = self.state["turn"]["turns"]
        self.state["log"].append(fields)

    # ---- effects -------------------------------------------------------------
    def run_effect(self, seat: int, effect, ctx: dict | None = None) -> None:
        """Push an effect for `seat`; ctx carries what the effect is about (card, action)."""
        self.push({"op": "effect", "seat": seat, "effect": effect, "ctx": ctx or {}, "pc": 0})

    def can(self, seat: int, effect, ctx: dict) -> bool:
        """Whether the effect can be carried out now (a conservative static check)."""
        kind = effect[0]
        if kind == "call":
            check = CAN.get(effect[1])
            return True if check is None else check(self, seat, effect[2], ctx)
        if kind == "seq":
            return all(self.can(seat, e, ctx) for e in effect[1])
        if kind == "choice":
            return any(self.can(seat, e, ctx) for e in effect[1])
        if kind == "trade":
            return self.can(seat, effect[1], ctx) and self.can(seat, effect[2], ctx)
        if kind == "optional":
            return True
        if kind == "otherwise":
            return self.can(seat, effect[1], ctx) or self.can(seat, effect[2], ctx)
        raise ValueError(kind)

    def describe(self, effect) -> str:
        """An effect in words, from the primitives' templates (for option labels)."""
        if effect[0] == "call" and effect[1] == "run":
            return str(effect[2][0]).replace("_", " ")  # a phase: "sequence a"
        return self.data.text.effect(to_ast(effect))


@op("effect")
def _effect(engine: Engine, frame: dict) -> None:
    effect, seat, ctx = frame["effect"], frame["seat"], frame["ctx"]
    kind = effect[0]
    if kind == "call":
        if frame["pc"] == 0:
            frame["pc"] = 1
            engine.push(
                {
                    "op": "call",
                    "seat": seat,
                    "name": effect[1],
                    "args": effect[2],
                    "per": effect[3],
                    "cap": effect[4],
                    "ctx": ctx,
                }
            )
            return
        engine.finish(frame, engine.state["result"])
        return
    if kind == "seq":
        steps = effect[1]
        if frame["pc"] > 0 and not engine.state["result"]:
            frame["ok"] = False
        if frame["pc"] < len(steps):
            frame["pc"] += 1
            engine.run_effect(seat, steps[frame["pc"] - 1], ctx)
            return
        engine.finish(frame, frame.get("ok", True))
        return
    if kind == "choice":
        if frame["pc"] == 1:
            engine.finish(frame, engine.state["result"])
            return
        if "answer" in frame:
            frame["pc"] = 1
            engine.run_effect(seat, effect[1][frame.pop("answer")], ctx)
            return
        options = [
            (f"option:{i}", engine.describe(e), i)
            for i, e in enumerate(effect[1])
            if engine.can(seat, e, ctx)
        ]
        if not options:
            engine.finish(frame, False)
        elif len(options) == 1:
            frame["answer"] = options[0][2]
        else:
            engine.ask(seat, "choose_effect", "Choose one", options)
        return
    if kind == "trade":
        if frame["pc"] == 0:
            if not engine.can(seat, effect[1], ctx):
                engine.finish(frame, False)
                return
            frame["pc"] = 1
            engine.run_effect(seat, effect[1], ctx)
            return
        if frame["pc"] == 1:
            if not engine.state["result"]:
                engine.finish(frame, False)
                return
            frame["pc"] = 2
            engine.run_effect(seat, effect[2], ctx)
            return
        engine.finish(frame, engine.state["result"])
        return
    if kind == "optional":
        if frame["pc"] == 1:
            engine.finish(frame, True)
            return
        if "answer" in frame:
            if frame.pop("answer"):
                frame["pc"] = 1
                engine.run_effect(seat, effect[1], ctx)
            else:
                engine.finish(frame, True)
            return
        if not engine.can(seat, effect[1], ctx):
            engine.finish(frame, True)
            return
        engine.ask(
            seat,
            "optional",
            f"Do this? {engine.describe(effect[1])}",
            [
                ("yes", "yes: " + engine.describe(effect[1]), True),
                ("no", "skip: " + engine.describe(effect[1]), False),
            ],
        )
        return
    if kind == "otherwise":
        if frame["pc"] == 0:
            frame["pc"] = 1
            first_ok = engine.can(seat, effect[1], ctx)
            frame["first"] = first_ok
            engine.run_effect(seat, effect[1] if first_ok else effect[2], ctx)
            return
        engine.finish(frame, engine.state["result"] if frame["first"] else engine.state["result"])
        return
    raise ValueError(f"unknown effect kind {kind}")


@op("call")
def _call(engine: Engine, frame: dict) -> None:
    """Run a primitive; with `per`, run it once per counted thing (up to `max`)."""
    if "times" not in frame:
        times = 1
        if frame["per"] is not None:
            per = frame["per"]
            times = COUNTERS[per[1]](engine, frame["seat"], per[2], frame["ctx"])
        if frame["cap"] is not None and frame["per"] is None:
            times = 1
        frame["times"] = times
        frame["done"] = 0
        frame["ok"] = True
    if frame["done"] > 0 and not engine.state["result"]:
        frame["ok"] = False
    if frame["done"] < frame["times"]:
        frame["done"] += 1
        args = frame["args"]
        if frame["cap"] is not None and frame["per"] is not None:
            # `gain 2 vp per X max 4`: the capped total is paid in one go
            amount = min(args[0] * frame["times"], frame["cap"])
            frame["done"] = frame["times"]
            args = (amount, *args[1:])
        engine.push(
            {
                "op": "prim",
                "seat": frame["seat"],
                "name": frame["name"],
                "args": args,
                "ctx": frame["ctx"],
            }
        )
        return
    engine.finish(frame, frame["ok"])


COUNTERS: dict[str, Callable] = {}  # counter name -> (engine, seat, args, ctx) -> int


def counter(name: str):
    def register(func):
        COUNTERS[name] = func
        return func

    return register


PRIMS: dict[str, Callable] = {}  # primitive name -> handler(engine, frame) (a frame op)


def primitive(name: str):
    def register(func):
        PRIMS[name] = func
        return func

    return register


@op("prim")
def _prim(engine: Engine, frame: dict) -> None:
    handler = PRIMS.get(frame["name"])
    if handler is None:
        raise NotImplementedError(
            f"primitive '{frame['name']}' is not implemented by the interpreter"
        )
    handler(engine, frame)
