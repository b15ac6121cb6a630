"""The generic interpreter: runs a program until someone must decide.

Execution is a stack of frames kept in the state (plain dicts), so a game can be
cloned, saved and resumed at any decision. Each frame names an operation (`op`);
its handler advances it and then either pushes child frames, finishes (popping
itself and leaving a success flag in `state["result"]`), or asks a player to
decide. An answer is stored in the frame as `answer` and the handler is called
again; `take_answer` (interpreter/game.py) tells an answer (which may be None) from
no answer yet.

The engine knows no game. It runs the operations the program holds: those that
interpret the effect language (sequence, choice, trade, optional, otherwise, call) are
in effects.py; primitives, counters and the game's own procedures come from the
program's game module (interpreter/game.py), the core primitives from core_primitives.py.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from ..dsl.errors import EngineError, RulesError
from ..dsl.text import TextRenderer
from .arguments import check_arguments
from .game import NO_ANSWER
from .program import Program
from .rng import Rng, seed_state
from .rulings import resolve
from .state_check import STATE_VERSION, checked_state
from .state_copy import state_copier

if TYPE_CHECKING:
    from .game import Frame

MAX_STEPS_WITHOUT_DECISION = 100_000  # guards against rules that loop forever
# "compiled" when the engine runs as a C extension built by mypyc (`BA_COMPILE=1 pip
# install .`, see setup.py), "interpreted" as installed by default: benchmarks print it
BUILD = "interpreted" if __file__.endswith(".py") else "compiled"

# keys of the state that a clone shares with its original: set once by new_game, and the
# log (a new list of the same events: events are never changed once logged)
SHARED_KEYS = ("rulings", "variants", "log")
# keys of the state that a clone copies whole, not as the state's schema says: the
# frames (open: each operation keeps its own fields), the queued triggers, and the
# pending decision (its texts are kept as tuples until rendered, not as saved)
WHOLE_KEYS = ("stack", "triggered", "pending")

P = TypeVar("P", bound=Program)
# a seat at the table (0..n-1); a str is an automated opponent, which never decides
Seat = int | str
# a text of a decision: a str, or a tuple not rendered yet (TextRenderer.render)
Text = str | tuple


class IllegalOption(EngineError):
    """An option id that is not among the current legal options."""


class NotDeciding(EngineError, ValueError):
    """A game dealt again for a seat while another seat decides (Engine.determinize)."""


class Option:
    """One answer to a decision: its id (what `apply` takes) and its text, rendered when
    first read (a bot that chooses by id never renders it)."""

    __slots__ = ("id", "_label", "_text")

    def __init__(self, id: str, label: Text, text: TextRenderer):
        self.id = id
        self._label = label
        self._text = text

    @property
    def label(self) -> str:
        if type(self._label) is not str:
            self._label = self._text.render(self._label)
        return self._label

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Option) and (self.id, self.label) == (other.id, other.label)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, label={self.label!r})"


class Options(Sequence[Option]):
    """The options of a decision, each made an `Option` only when it is read: a bot that
    picks one at random makes one, not forty."""

    __slots__ = ("_items", "_text")

    def __init__(self, items: list[tuple[str, Text, Any]], text: TextRenderer):
        self._items = items  # the pending decision's (id, label, value), never changed
        self._text = text

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Option: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Option, ...]: ...

    def __getitem__(self, index: int | slice) -> Option | tuple[Option, ...]:
        if isinstance(index, slice):
            return tuple(Option(o[0], o[1], self._text) for o in self._items[index])
        option = self._items[index]
        return Option(option[0], option[1], self._text)

    def __iter__(self) -> Iterator[Option]:
        text = self._text
        for option in self._items:
            yield Option(option[0], option[1], text)

    def __repr__(self) -> str:
        return repr(tuple(self))


class Decision:
    """Who decides what, the prompt (rendered when first read) and the options."""

    __slots__ = ("player", "kind", "options", "_prompt", "_text")

    def __init__(self, pending: dict, text: TextRenderer):
        self.player: int = pending["player"]
        self.kind: str = pending["kind"]
        self.options = Options(pending["options"], text)
        self._prompt: Text = pending["prompt"]
        self._text = text

    @property
    def prompt(self) -> str:
        if type(self._prompt) is not str:
            self._prompt = self._text.render(self._prompt)
        return self._prompt

    def __repr__(self) -> str:
        return (
            f"Decision(player={self.player}, kind={self.kind!r}, prompt={self.prompt!r}, "
            f"options={self.options!r})"
        )


def options_digest(pending: dict) -> str:
    """A short fingerprint of a decision (who, what kind, which options), for replays."""
    return _digest(pending["player"], pending["kind"], tuple([o[0] for o in pending["options"]]))


# The same decisions come back every turn (sequence A or B?). 2,000 kept fingerprints hit
# 70% of the time over 300 random 4-player games, against 73% for 20,000, whose option ids
# held about 20 MiB more in each process that plays games.
@lru_cache(maxsize=2_000)
def _digest(player: Seat, kind: str, ids: tuple[str, ...]) -> str:
    text = f"{player}|{kind}|{'|'.join(ids)}"
    return f"{zlib.crc32(text.encode()):08x}"


def winners_of(scores: list | None, to_beat: int | None = None) -> list[int]:
    """The seats with the best score (several on a tie; none before the scores exist);
    with `to_beat`, only if that score is strictly higher."""
    if not scores:
        return []
    best = max(scores)
    if to_beat is not None and best <= to_beat:
        return []
    return [seat for seat, score in enumerate(scores) if score == best]


class Engine(Generic[P]):
    """One game in progress: `decision()`, `apply(option_id)`, `clone()`, `to_json()`."""

    def __init__(self, data: P, state: dict, log: bool = True):
        self.data = data
        self.state = state
        self.rng = Rng(state)
        # the program's tables read at every step, bound once (compiled, reading an
        # attribute of the program is a dict lookup): they are filled in place, as effects
        # are first checked and labelled, and never replaced
        self._ops = data.ops
        self._nodes, self._parts, self._direct_calls = data.nodes, data.parts, data.direct_calls
        self._primitives, self._phases = data.primitives, data.phases
        self._checks, self._labels = data.checks, data.labels
        self._clock = data.game.clock  # stamps every logged event
        self._copier: Callable[[dict], dict] | None = None  # compiled at the first clone
        # False: the log keeps the choices only (enough for a replay), not the other events
        # (for bots' look-ahead and searches, which read no log)
        self.logging = log

    # ---- public API ----------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        data: P,
        players: Any,  # int; Any, so that a bad argument is an ArgumentError (compiled too)
        seed: Any,  # int
        rulings: Any = None,  # dict[str, str] | None
        variants: Any = (),  # Iterable[str]
        auto_answer: bool = True,
        log: bool = True,
        chance: Any = None,
    ) -> Engine[P]:
        """A game set up for `players`, its randomness from `seed`, with rulings (the rest
        keep their defaults) and variants (a game's `variant` names), run to its first
        decision. With `auto_answer=False` a decision with only one option is asked like any
        other (see `ask_or_force`). With `log=False` the log keeps only the choices (a
        replay still works), not the events that narrate the game and feed its records.
        `chance`, in chance mode only (interpreter/chance.py), decides every random draw
        in place of the generator seeded from `seed`. The arguments are checked first
        (interpreter/arguments.py): a bad one raises ArgumentError, RulingError or
        VariantError before anything is set up."""
        variants = check_arguments(data, players, seed, rulings, variants)
        chosen = {**resolve(data), **(rulings or {})}
        state: dict[str, Any] = {
            "version": STATE_VERSION,
            "content_hash": data.content_hash,
            "seed": seed,
            "rng": seed_state(seed) if chance is None else chance,
            "rulings": chosen,
            "variants": variants,
            "stack": [],
            "pending": None,
            "result": True,
            "log": [],
            "triggered": [],  # [effect, seat, ctx] waiting to run (see raise_event)
            "scores": None,  # per seat, set when the game ends
            "winners": None,  # the seats with the best score, set when the game ends
            "auto_answer": auto_answer,  # decisions with one option are answered at once
        }
        data.game.setup(data, state, players)
        engine = cls(data, state, log)
        engine.push({"op": data.game.start})
        engine.run()
        return engine

    def decision(self) -> Decision | None:
        pending = self.state["pending"]
        if pending is None:
            return None
        return Decision(pending, self.data.text)

    def legal_options(self) -> list[str]:
        pending = self.state["pending"]
        return [o[0] for o in pending["options"]] if pending else []

    def apply(self, option_id: str) -> None:
        """Answer the current decision. An unknown id raises IllegalOption and changes nothing."""
        pending = self.state["pending"]
        if pending is None:
            raise IllegalOption("the game is over; there is nothing to decide")
        for option in pending["options"]:
            if option[0] == option_id:
                break
        else:
            known = ", ".join(o[0] for o in pending["options"][:12])
            raise IllegalOption(f"'{option_id}' is not a legal option here; legal: {known}")
        self.state["pending"] = None
        self.state["stack"][-1]["answer"] = option[2]
        self.log(
            "choice",
            seat=pending["player"],
            kind=pending["kind"],
            option=option_id,
            label=self.data.text.render(option[1]) if self.logging else None,
            options=options_digest(pending),
        )
        self.run()

    def is_terminal(self) -> bool:
        """The game is over: nothing is left to run and nobody has to decide."""
        return not self.state["stack"] and self.state["pending"] is None

    def returns(self) -> list[float]:
        """Per seat: 1 for a (shared) win, 0 otherwise; only meaningful at the end."""
        winners = self.state.get("winners")
        if winners is None:
            winners = self._winners()
        return [1.0 if seat in winners else 0.0 for seat in range(self.players)]

    def _winners(self) -> list[int]:
        """The seats with the best score; against an automated opponent (the game's
        `rival`) a seat wins only with strictly more than its score."""
        rival = self.data.game.rival(self.state)
        best = winners_of(self.state["scores"], None if rival is None else rival[1])
        return self.data.game.break_ties(self, best)

    @property
    def players(self) -> int:
        return len(self.state["players"])

    def clone(self, log: bool | None = None) -> Engine[P]:
        """An independent copy of the game, sharing with this one what never changes: the
        rulings and variants, and the events of the log (an event is never changed once
        logged, so the copy gets a new list of the same events). The rest is copied as
        the state's schema says (interpreter/state_copy.py): several times faster than
        deepcopy, and faster than a marshal round trip.

        `log=False`: the copy logs only its choices from now on (a bot's look-ahead);
        None: as this game does."""
        copier = self._copier
        if copier is None:
            copier = self._copier = state_copier(
                Engine, self.data, self.players, self.state["variants"], SHARED_KEYS, WHOLE_KEYS
            )
        copy = copier(self.state)
        copy["log"] = list(copy["log"])
        twin = Engine(self.data, copy, self.logging if log is None else log)
        twin._copier = copier
        return twin

    def determinize(self, seat: int, rng: Rng) -> None:
        """Make this game (a bot's copy) one that `seat` cannot tell from the real one: what
        the seat cannot see is dealt again (the game's `determinize`: decks, other players'
        hands) and the generator that rolls the dice is re-seeded, both from the bot's own
        generator `rng`. A search that looks ahead on such copies guesses the dice and the
        cards; it never reads them.

        While another seat decides, its options come from what it holds (a card of its hand
        to give up): a deal that changes what that seat sees would leave them pointing at
        cards it no longer holds, so that raises NotDeciding and the game is left as it
        was."""
        decision = self.decision()
        watched = None if decision is None or decision.player == seat else decision.player
        if watched is not None:
            seen = self.data.game.observation.string
            before, kept = seen(self, watched), self.clone()
        self.data.game.determinize(self, seat, rng)
        if watched is not None and seen(self, watched) != before:
            self.state = kept.state
            raise NotDeciding(
                f"seat {seat} cannot have the game dealt again while seat {watched} decides:"
                " that decision's options come from what it holds"
            )
        self.state["rng"] = rng.below(1 << 64)

    def to_json(self) -> str:
        return json.dumps(self.saved(), separators=(",", ":"))

    def saved(self) -> dict:
        """The state as it is saved: the pending decision's options as objects (id, label,
        value; in play they are kept as tuples, lighter to build), their texts rendered."""
        state = self.state
        pending = state["pending"]
        if pending is None:
            return state
        render = self.data.text.render
        options = [
            {"id": id_, "label": render(label), "value": value}
            for id_, label, value in pending["options"]
        ]
        pending = {**pending, "prompt": render(pending["prompt"]), "options": options}
        return {**state, "pending": pending}

    @classmethod
    def from_json(cls, data: P, text: str, seeded: bool = True) -> Engine[P]:
        """A saved game, resumed. The state is checked first (interpreter/state_check.py:
        its shape, its cards and tiles, the game's invariants, a trial of each answer to
        the pending decision, its generator against its seed and choices); a state that
        does not fit raises StateError. `seeded=False`: a chance-mode game's, whose
        draws chance decides (interpreter/chance.py)."""
        return cls(data, checked_state(Engine, data, text, seeded))

    # ---- machinery -------------------------------------------------------------
    def push(self, frame: Frame) -> None:
        self.state["stack"].append(frame)

    def finish(self, frame: Frame, ok: bool = True) -> None:
        stack = self.state["stack"]
        assert stack and stack[-1] is frame, "only the top frame can finish"
        stack.pop()
        self.state["result"] = ok
        if not stack:
            self._game_over()

    def _game_over(self) -> None:
        """The outermost frame has finished: the winners are the seats with the best score
        (all of them on a tie: a shared victory), kept in the state and logged."""
        winners = self._winners()
        self.state["winners"] = winners
        scores = self.state["scores"]
        self.log("game_over", winners=list(winners), scores=None if scores is None else [*scores])

    def ask(
        self, player: Seat, kind: str, prompt: Text, options: Sequence[tuple[str, Text, Any]]
    ) -> None:
        """Stop and wait for `player` to pick one of (id, label, value). The prompt and
        labels may be texts not rendered yet (TextRenderer.render). A seat that is not
        an int is an automated opponent: the game's `automaton` answers at once. A question
        without options cannot be answered: the step that asks (the top frame) cannot be
        done, and fails, as a primitive does when its feasibility check says no."""
        if not options:
            self.log("no_options", seat=player, kind=kind)
            self.finish(self.state["stack"][-1], False)
            return
        if not isinstance(player, int):
            automaton = self.data.game.automaton
            if automaton is None:
                raise RuntimeError(f"seat {player!r} cannot decide {kind}")
            option_id, label, value = automaton(self, player, kind, options)
            if self.logging:
                label = self.data.text.render(label)
                self.log("automaton_choice", seat=player, kind=kind, option=option_id, label=label)
            self.state["stack"][-1]["answer"] = value
            return
        self.state["pending"] = {
            "player": player,
            "kind": kind,
            "prompt": prompt,
            "options": list(options),  # (id, label, value); saved() writes them as objects
        }

    def ask_or_force(
        self, player: Seat, kind: str, prompt: Text, options: Sequence[tuple[str, Text, Any]]
    ) -> Any:
        """Ask `player` as `ask` does and return NO_ANSWER; but when there is only one
        option, answer for the player: log a `forced` event and return its value. Every
        decision the engine or a game answers by itself goes through here, so forced
        answers can be checked, and a game started with `auto_answer=False` asks them."""
        if len(options) == 1 and self.state.get("auto_answer", True):
            option_id, label, value = options[0]
            if self.logging:
                label = self.data.text.render(label)
                self.log("forced", seat=player, kind=kind, option=option_id, label=label)
            return value
        self.ask(player, kind, prompt, options)
        return NO_ANSWER

    def run(self) -> None:
        state = self.state
        stack = state["stack"]
        ops = self._ops
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
        if not self.logging and event != "choice":
            return
        fields["event"] = event
        fields["turn"] = self._clock(self.state)
        self.state["log"].append(fields)

    # ---- effects -------------------------------------------------------------
    def run_effect(self, seat: Seat, effect: int, ctx: dict | None = None) -> None:
        """Push effect number `effect` for `seat`; ctx says what it is about (card, action).
        A call run once is pushed as its primitive's frame at once (what the `effect`
        and `call` operations would push, one after the other)."""
        direct = self._direct_calls[effect]
        if direct is None:
            self.push({"op": "effect", "seat": seat, "effect": effect, "ctx": ctx or {}, "pc": 0})
            return
        name, args = direct
        self.push({"op": "prim", "seat": seat, "name": name, "args": args, "ctx": ctx or {}})

    def can(self, seat: Seat, effect: int, ctx: dict) -> bool:
        """Whether the effect can be carried out now (a conservative static check)."""
        check = self._checks.get(effect)
        if check is None:
            check = self.data.check(effect)
        return check(self, seat, ctx)

    def describe(self, effect: int) -> str:
        """An effect in words (option labels)."""
        label = self._labels.get(effect)
        return self.data.label(effect) if label is None else label
