"""Chance made explicit: the random draws of a game as the decisions of a chance player.

A seeded game draws from the engine's generator (rng.py), whose state is an integer in
the game state. Every draw is `below(n)`, a uniform integer in [0, n): a die roll, a
`choice`, and each step of a shuffle (Fisher-Yates: for i from the last index down to
1, swap item i with item `below(i + 1)`). So every random event of a game is a chance
node with n equally likely outcomes 0..n-1, and choosing at each node the outcome the
seeded generator's `below(n)` returns plays the seeded game exactly.

In chance mode the generator is scripted (`Script`): the state holds, instead of the
integer, a list of chosen outcomes, and each draw takes the next one. When the list is
exhausted, the draw raises `ChanceNeeded` with the number of outcomes of that draw
(and, for a shuffle, of its remaining steps, known in advance). The game is then at a
chance node: `ChanceGame` keeps the game as it was before the step (a step is the
set-up up to the first decision, or one answer up to the next decision), the answer
that started the step and the outcomes chosen so far; when the chance player has
chosen the outcomes of every draw known to come, the step is run again from the kept
copy with the longer script, until it reaches the next decision (or the end) without
needing another outcome. A step is run again once per die roll or shuffle, not once
per draw.

`Recorder` is the seeded generator in the same form: it draws what `Rng` would and
keeps the outcomes, so a test can drive a `ChanceGame` with them.

Nothing here reads a game's rules: a game whose every draw goes through `Rng` (as
rng.py asks) gets chance mode for free.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Generic, Self, TypeVar

from .engine import Decision, Engine, IllegalOption
from .program import Program
from .rng import Rng

P = TypeVar("P", bound=Program)
CHANCE_VERSION = 1


class ChanceNeeded(Exception):
    """A draw that no outcome has been chosen for yet. `sizes`: the number of equally
    likely outcomes of this draw, then of the draws known to follow it (the remaining
    steps of a shuffle), at least one."""

    def __init__(self, sizes: tuple[int, ...]):
        super().__init__(f"chance: {len(sizes)} draws to decide, the first of {sizes[0]}")
        self.sizes = sizes


class Script:
    """A generator whose outcomes are chosen from outside: each draw takes the next one."""

    __slots__ = ("outcomes", "used")

    def __init__(self, outcomes: list[int]):
        self.outcomes = outcomes
        self.used = 0

    def below(self, n: int) -> int:
        if self.used == len(self.outcomes):
            raise ChanceNeeded((n,))
        outcome = self.outcomes[self.used]
        if not 0 <= outcome < n:
            raise ValueError(f"chance outcome {outcome} out of range for a draw of {n}")
        self.used += 1
        return outcome

    def shuffle(self, items: list) -> None:
        sizes = range(len(items), 1, -1)  # below(i + 1) for i = len - 1 .. 1
        left = len(self.outcomes) - self.used
        if left < len(sizes):
            raise ChanceNeeded(tuple(sizes[left:]))
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Recorder:
    """The seeded generator (`Rng`), recording the outcome of every draw, in order."""

    def __init__(self, state: int):
        self.holder = {"rng": state}
        self.rng = Rng(self.holder)
        self.outcomes: list[int] = []

    def below(self, n: int) -> int:
        outcome = self.rng.below(n)
        self.outcomes.append(outcome)
        return outcome

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class ChanceGame(Generic[P]):
    """A game whose random draws are decided by a chance player.

    At a chance node (`is_chance()`), `chance_outcomes()` lists the outcomes of the next
    draw with their probabilities and `apply_chance(outcome)` chooses one; otherwise
    `engine` is the game at its current decision (or at its end) and `apply(option_id)`
    answers it, as `Engine.apply` does. The generator of `engine` is never used: its
    draws are all decided here."""

    def __init__(
        self,
        data: P,
        players: int,
        rulings: dict | None = None,
        variants: Iterable[str] = (),
        auto_answer: bool = True,
        log: bool = True,
    ):
        self.data = data
        self.settings: dict[str, Any] = {
            "players": players,
            "rulings": dict(rulings or {}),
            "variants": sorted(set(variants)),
            "auto_answer": auto_answer,
            "log": log,
        }
        self.engine: Engine[P] | None = None  # the game between steps (None: at chance)
        self.before: Engine[P] | None = None  # at chance: the game before the step
        self.option: str | None = None  # at chance: the answer that started the step
        self.outcomes: list[int] = []  # at chance: the outcomes chosen in this step
        self.sizes: list[int] = []  # at chance: the numbers of outcomes of the draws to come
        self._step(None, None, [])

    # ---- the chance player -------------------------------------------------------
    def is_chance(self) -> bool:
        return bool(self.sizes)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next draw, each with its probability (they sum to 1)."""
        if not self.sizes:
            return []
        n = self.sizes[0]
        return [(outcome, 1.0 / n) for outcome in range(n)]

    def apply_chance(self, outcome: int) -> None:
        if not self.sizes:
            raise IllegalOption("not a chance node")
        if not 0 <= outcome < self.sizes[0]:
            raise IllegalOption(f"chance outcome {outcome} is not in 0..{self.sizes[0] - 1}")
        self.outcomes.append(outcome)
        self.sizes.pop(0)
        if not self.sizes:
            self._step(self.before, self.option, self.outcomes)

    # ---- the players -------------------------------------------------------------
    def decision(self) -> Decision | None:
        return None if self.engine is None else self.engine.decision()

    def apply(self, option_id: str) -> None:
        """Answer the current decision; the step it starts may lead to a chance node."""
        if self.engine is None:
            raise IllegalOption("a chance node: the chance player decides here")
        self._step(self.engine, option_id, [])

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_terminal()

    @property
    def position(self) -> Engine[P]:
        """The game as the players last saw it: the current game, or at a chance node the
        game before the step that is being decided."""
        game = self.engine if self.engine is not None else self.before
        if game is None:  # chance during the set-up: there is no position yet
            raise ValueError("the set-up is being decided: there is no position yet")
        return game

    # ---- steps -------------------------------------------------------------------
    def _step(self, before: Engine[P] | None, option: str | None, outcomes: list[int]) -> None:
        """Run a step (the set-up when `before` is None, else answering `option` on a copy
        of `before`) with `outcomes` as its draws; stop at a chance node if they run out."""
        script = Script(outcomes)
        try:
            if before is None:
                s = self.settings
                game = Engine.new_game(
                    self.data,
                    s["players"],
                    0,
                    s["rulings"],
                    s["variants"],
                    s["auto_answer"],
                    s["log"],
                    chance=script,
                )
            else:
                assert option is not None, "a step after the set-up starts with an answer"
                game = before.clone()
                game.state["rng"] = script
                game.apply(option)
        except ChanceNeeded as need:
            self.engine, self.before, self.option = None, before, option
            self.outcomes, self.sizes = outcomes, list(need.sizes)
            return
        game.state["rng"] = 0  # never drawn from: chance decides every draw
        self.engine, self.before, self.option, self.outcomes, self.sizes = game, None, None, [], []

    # ---- copies and saves --------------------------------------------------------
    def clone(self) -> Self:
        copy = type(self).__new__(type(self))
        copy.data = self.data
        copy.settings = self.settings
        copy.engine = None if self.engine is None else self.engine.clone()
        copy.before = self.before  # never changed: a step runs on a clone of it
        copy.option = self.option
        copy.outcomes = list(self.outcomes)
        copy.sizes = list(self.sizes)
        return copy

    def __deepcopy__(self, memo: dict) -> Self:
        """`copy.deepcopy` is `clone`: the rules are shared, the game is copied."""
        return self.clone()

    def to_json(self) -> str:
        return json.dumps(
            {
                "chance": CHANCE_VERSION,
                "settings": self.settings,
                "engine": None if self.engine is None else self.engine.saved(),
                "before": None if self.before is None else self.before.saved(),
                "option": self.option,
                "outcomes": self.outcomes,
                "sizes": self.sizes,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, data: P, text: str) -> Self:
        saved = json.loads(text)
        if not isinstance(saved, dict) or saved.get("chance") != CHANCE_VERSION:
            raise ValueError(f"not a saved chance-mode game (version {CHANCE_VERSION})")
        game = cls.__new__(cls)
        game.data = data
        game.settings = saved["settings"]
        log = game.settings["log"]
        game.engine = game.before = None
        if saved["engine"] is not None:
            game.engine = Engine.from_json(data, json.dumps(saved["engine"]), seeded=False)
            game.engine.logging = log
        if saved["before"] is not None:
            game.before = Engine.from_json(data, json.dumps(saved["before"]), seeded=False)
            game.before.logging = log
        game.option = saved["option"]
        game.outcomes = list(saved["outcomes"])
        game.sizes = list(saved["sizes"])
        return game
