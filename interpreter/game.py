"""A game module: everything that makes one game, handed to the generic engine.

Like an OpenSpiel game or a sqlglot dialect, a `Game` bundles what the language and
the engine need to know about one game and nothing else knows:

- its vocabulary (the kinds and primitives it adds to the language) and lint rules;
- how its compiled rules become runtime tables (`build`), how a game is set up
  (`setup` fills the game's part of a new state) and run (the frame operation `start`);
- the implementation of each primitive, with its feasibility check, and of each
  counter; the frame operations of its procedures;
- its state layout, as one table of piles (`piles`), and its invariants;
- how its log reads, how a bot values a position, and how scenarios place things;
- if it has an automated opponent (a side of the table that follows its own rules and
  is no seat), where that opponent keeps its score, how it answers
  a question an effect asks it, and the score the seats must beat.

Games are found by name through the registry in `dsl/games.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..dsl.meta import Vocabulary
from .observation import GENERIC, Observation
from .piles import Pile
from .rng import Rng

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Decision, Engine, Text
    from .program import Program

Frame = dict[str, Any]
Handler = Callable[["Engine", Frame], None]  # advances a frame (see engine.py)
# (engine, seat, args, ctx); a seat is an int, or the name of an automated opponent
Feasible = Callable[["Engine", Any, tuple, dict], bool]
P = TypeVar("P", bound="Program")  # the game's program: what its build returns


class _Unanswered:
    """The value of a question not answered yet: distinct from every option's value,
    None included ("place no card" answers with None)."""

    def __repr__(self) -> str:
        return "NO_ANSWER"


NO_ANSWER: Any = _Unanswered()


def take_answer(frame: Frame) -> Any:
    """The answer given to this frame's question (removing it), or NO_ANSWER."""
    return frame.pop("answer", NO_ANSWER)


@dataclass(frozen=True)
class Implementation:
    """What a primitive does (`run`, a frame handler) and whether it can be done now
    (`can`; None: always). `label`, when given, replaces the template as the text of
    an option that offers the primitive (for example a phase's name); it gets the
    primitive's arguments and the program's text renderer (its language). `option_id`,
    when given, is the id of such an option (`sequence_a`, `pass`) instead of `option:N`."""

    run: Handler
    can: Feasible | None = None
    label: Callable[[tuple, TextRenderer], str] | None = None
    option_id: Callable[[tuple], str] | None = None


@dataclass(frozen=True)
class ScenarioForms(Generic[P]):
    """What a game adds to scenario files (interpreter/scenario.py).

    `open_maps`: paths of tables whose keys come and go in play (an override may add
    keys); `player_keys`: extra keys of a `[[set]] player = N` table, each with the
    function that applies it (program, state, player, value, where, pushed_out=...);
    `place_at`: applies a `[[set]] at = ...` table;
    `home`: puts a card or tile that an override replaced back where it belongs;
    `remove`: puts one out of play, into a pile of the layout for removed things
    (`[[set]] remove = [...]`, `pushed_out = "removed"`); `player_names`: players
    that are not seats (a neutral player), which `[[set]] player = "NAME"`
    gives only the `player_keys` (the functions receive the name as the player).
    `tables`: top-level tables the game reads (an automated opponent's), each with the
    function that applies it (program, state, table, where) before the `[[set]]`s.
    `discard`: puts a replaced card on its discard pile (`pushed_out = "discarded"`).
    `piles` and `items`: for a game whose state layout (`Game.piles`) lists no piles
    (its cards come in alike copies, which that layout's conservation of single
    things cannot count), the piles where a scenario finds cards, in the order it takes
    them from, and the ids of the cards, by kind (`items(program)`); `takes_from`, the
    paths of the piles a value may take a copy from (none: every pile), so that a value
    never takes a copy from another seat's hand unseen.
    """

    open_maps: tuple[str, ...] = ()
    player_keys: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    place_at: Callable[..., None] | None = None
    home: Callable[[P, dict, str], None] | None = None
    remove: Callable[[P, dict, str], None] | None = None
    player_names: tuple[str, ...] = ()
    tables: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    discard: Callable[[P, dict, str], None] | None = None
    piles: tuple[Pile, ...] = ()
    items: Callable[[P], dict[str, list[str]]] | None = None
    takes_from: tuple[str, ...] = ()


# The words a person types at the terminal are translated under this context: a view's
# English word (its key in Terminal.views, marked NC_(TERMINAL_COMMAND, ...)) and its word
# in the game's language both name it.
TERMINAL_COMMAND = "terminal command"


def command_word(text: TextRenderer, word: str) -> str:
    """A command word (its English form) as a person types it in the game's language."""
    return text.tr.pgettext(TERMINAL_COMMAND, word).lower()


@dataclass(frozen=True)
class View:
    """Something a person at the terminal can ask to see at any decision by typing its
    command word (`ba play --human`): `help` says what it shows (a message of the
    catalogs; `{word}` in it is the command word as typed in the game's language),
    `show(engine, seat, argument)` gives the text as that seat may see it (argument: the
    words typed after the command, "" when none; a bad one gets a line saying why)."""

    help: str
    show: Callable[[Engine, int, str], str]


@dataclass(frozen=True)
class Terminal:
    """What a person playing at the terminal reads beside a decision: the whole table as
    their seat sees it (shown when a turn of theirs begins), the views they can ask for,
    by command word, and what an option does (the lines `?` shows under its label; none
    when the label says it all)."""

    table: Callable[[Engine, int], str]
    views: Mapping[str, View]
    explain: Callable[[Engine, int, str], list[str]]


@dataclass(frozen=True)
class Table:
    """A game's own drawing of its table in the browser (`ba serve`): `draw(engine,
    viewer, names)` gives the table as HTML as a viewer (a seat, None: a spectator) may
    see it, and the faces of the cards it shows by their ids; `targets(decision)` gives,
    per option id, the drawn element (its `data-target`) that a click answers with."""

    draw: Callable[[Engine, int | None, list[str]], tuple[str, dict[str, dict]]]
    targets: Callable[[Decision], dict[str, str]]


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
    # (log event, seat names, the program's text renderer) -> a line in its language
    narrate: Callable[[dict, list[str], TextRenderer], str | None]
    heuristic: Callable[[Engine, int], float]  # how good a position is for a seat
    position: Callable[[Engine, int], str]  # a seat's situation in words (for people)
    clock: Callable[[dict], int]  # the number stamped on log events (turns played)
    ending: Callable[[dict], str]  # how a finished game ended, in a word (for summaries)
    checks: tuple[Callable[..., list], ...] = ()  # lint rules (dsl/games.py)
    track_floor: Callable[[Engine, str], int | None] = lambda engine, track: None
    tally: Callable[[Engine], dict[str, int]] = lambda engine: {}  # things to count per game
    # what each seat did in a finished game (cards played, tiles taken...), for records
    record: Callable[[Engine], list[dict[str, Any]]] = lambda engine: []
    # deal again, on a bot's copy of a game, what a seat cannot see (decks, other hands),
    # with the bot's generator (Engine.determinize); games without hidden things do nothing
    determinize: Callable[[Engine, int, Rng], None] = lambda engine, seat, rng: None
    # a log event as a viewer (a seat, None: a spectator) may read it: what the viewer
    # cannot see (another seat's face-down card) in its public form; the same event when
    # the game hides nothing
    seen_event: Callable[[Engine, dict, int | None], dict] = lambda engine, event, viewer: event
    # what a table shows of cards and tiles, by the ids it shows them under (an id, or
    # a face-down card's public form): kind, colour, cost, facts, effects short and in
    # full; {} for a game whose table draws no faces
    faces: Callable[[Engine, Iterable[str]], dict[str, dict[str, Any]]] = lambda engine, ids: {}
    # what a person reads beside a decision: a line of context, and per option id the
    # card it names, its effect and the places it touches ({}: the options say it all)
    explain: Callable[[Engine, Decision], dict[str, Any]] = lambda engine, decision: {}
    variants: tuple[str, ...] = ()  # the variants (declared in the rules) the module plays
    # the editions of the game's rulebook, which a ruling's `edition` presets name
    # (dsl/core.py `edition_presets`; `ba play --edition`): none for a game with one rulebook
    editions: tuple[str, ...] = ()
    # the game of rules whose `game` declaration names no module (dsl/games.py `default`)
    default: bool = False
    scenarios: ScenarioForms[P] = field(default_factory=ScenarioForms)
    # An automated opponent runs effects under a seat of its own that is not an int
    # (its name in the state). `holder`: the record holding a seat's tracks (the core
    # primitives gain and lose write there); `automaton`: the option (id, label, value)
    # such a seat picks when an effect asks it something; `rival`: the opponent's name
    # and score, which a seat must beat strictly to win (None: no automated opponent).
    holder: Callable[[dict, Any], dict] = lambda state, seat: state["players"][seat]
    automaton: Callable[[Engine, Any, str, Sequence[tuple[str, Text, Any]]], tuple] | None = None
    rival: Callable[[dict], tuple[str, int] | None] = lambda state: None
    # of the seats with the best score, those who win (a tie-break); all of them: they share
    break_ties: Callable[[Engine, list[int]], list[int]] = lambda engine, winners: winners
    # JSON Schema of the parts of a state that a freshly set-up one does not show: path
    # pattern ("dice.*.owner") -> schema, for a player count (interpreter/state_check.py)
    state_shape: Callable[[P, int], Mapping[str, dict]] | None = None
    # what a seat may know, for the AI adapters (interpreter/observation.py): the game's
    # own observation, or one derived from the state and the decisions
    observation: Observation = GENERIC
    # the table in text and the views a person at the terminal can ask for (None: the
    # decision and the seat's `position` only)
    terminal: Terminal | None = None
    # the score a seat can expect at the end, for a bot that plans a whole turn (agents
    # named "expert", interpreter/planner.py): deeper than `heuristic`, on the scale of the
    # final scores, and a finished game's own scores; None: `heuristic` stands in
    outlook: Callable[[Engine, int], float] | None = None
    # the table in the browser (None: the generic one, drawn from the tracks, web/table.py)
    table: Table | None = None
