"""A game module: everything that makes one game, handed to the generic engine.

Like an OpenSpiel game or a sqlglot dialect, a `Game` bundles what the language and
the engine need to know about one game and nothing else knows:

- its vocabulary (the kinds and primitives it adds to the language) and lint rules;
- how its compiled rules become runtime tables (`build`), how a game is set up
  (`setup` fills the game's part of a new state) and run (the frame operation `start`);
- the implementation of each primitive, with its feasibility check, and of each
  counter; the frame operations of its procedures;
- its state layout, as one table of piles (`piles`), and its invariants;
- how its log reads, how a bot values a position, and how scenarios place things.

Games are found by name through the registry in `dsl/games.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..dsl.meta import Vocabulary
from .piles import Pile

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from .engine import Engine
    from .program import Program

Frame = dict[str, Any]
Handler = Callable[["Engine", Frame], None]  # advances a frame (see engine.py)
Feasible = Callable[["Engine", int, tuple, dict], bool]  # (engine, seat, args, ctx)
P = TypeVar("P", bound="Program")  # the game's program: what its build returns


@dataclass(frozen=True)
class Implementation:
    """What a primitive does (`run`, a frame handler) and whether it can be done now
    (`can`; None: always). `label`, when given, replaces the template as the text of
    an option that offers the primitive (for example a phase's name)."""

    run: Handler
    can: Feasible | None = None
    label: Callable[[tuple], str] | None = None


@dataclass(frozen=True)
class ScenarioForms(Generic[P]):
    """What a game adds to scenario files (interpreter/scenario.py).

    `open_maps`: paths of tables whose keys come and go in play (an override may add
    keys); `player_keys`: extra keys of a `[[set]] player = N` table, each with the
    function that applies it; `place_at`: applies a `[[set]] at = ...` table;
    `home`: puts a card or tile that an override replaced back where it belongs.
    """

    open_maps: tuple[str, ...] = ()
    player_keys: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    place_at: Callable[..., None] | None = None
    home: Callable[[P, dict, str], None] | None = None


@dataclass(frozen=True)
class Game(Generic[P]):
    name: str
    vocabulary: Vocabulary
    build: Callable[[RuleSet], P]
    setup: Callable[[P, dict, int], None]  # (program, new state, players)
    start: str  # the frame operation that plays a whole game
    primitives: Mapping[str, Implementation]
    counters: Mapping[str, Callable[[Engine, int, tuple, dict], int]]
    ops: Mapping[str, Handler]
    piles: tuple[Pile, ...]
    invariants: Callable[[Engine], list[str]]
    narrate: Callable[[dict, list[str]], str | None]  # (log event, seat names) -> a line
    heuristic: Callable[[Engine, int], float]  # how good a position is for a seat
    position: Callable[[Engine, int], str]  # a seat's situation in words (for people)
    clock: Callable[[dict], int]  # the number stamped on log events (turns played)
    ending: Callable[[dict], str]  # how a finished game ended, in a word (for summaries)
    checks: tuple[Callable[..., list], ...] = ()  # lint rules (dsl/games.py)
    track_floor: Callable[[Engine, str], int | None] = lambda engine, track: None
    tally: Callable[[Engine], dict[str, int]] = lambda engine: {}  # things to count per game
    variants: tuple[str, ...] = ()  # the variants (declared in the rules) the module plays
    scenarios: ScenarioForms[P] = field(default_factory=ScenarioForms)
    # JSON Schema of the parts of a state that a freshly set-up one does not show: path
    # pattern ("dice.*.owner") -> schema, for a player count (interpreter/state_check.py)
    state_shape: Callable[[P, int], Mapping[str, dict]] | None = None
