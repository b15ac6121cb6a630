"""A game played through the web app: rebuilt by replaying its stored choices, moved on
by its bots until a person must decide, and shown to each seat as that seat may see it.

Who may do what: a person's seat acts with its secret token, and only on a decision of
its own, naming the step it answers (a repeated or stale answer is refused); a bot's seat
is played by the server in the background (`play_bot`, run by web/bots.py), each of its
decisions by a new agent seeded by a hash of the game's seed, the seat and the step (so a
bot's seed tells nothing of the game's), and a game that is rebuilt after a restart plays
on exactly as it would have. What a
seat sees (`view`): its own hand; of the other players' hands only how many cards of
each colour (as at the table); no face-down deck's order; its own decision's options,
and of another seat's decision only whose it is; another player's cards played face down
beside their board only as the game shows them to others (its `seen_event` hook and
table). The log hides which card another player kept.

A person's decision with a single option answers itself when the game's `auto` setting
is on (the default): the server stores that option as the seat's choice, as a bot's,
and the log says it was the only one. Which steps those were follows from the settings
and the choices, so a rebuilt game says the same.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..dsl.compiler import RuleSet
from ..dsl.errors import EngineError
from ..dsl.i18n import N_, NC_
from ..interpreter import replay
from ..interpreter.agents import AGENTS
from ..interpreter.engine import Decision, Engine, IllegalOption
from ..interpreter.narrate import line as narrated
from ..interpreter.narrate import seat_names, seen_events
from ..interpreter.program import Program, build
from .bots import BotPlayer
from .storage import PERSON, Settings, Storage, Stored

# decisions whose answer only the deciding player sees (the log shows the others this)
HIDDEN_DECISIONS = frozenset({"keep"})
KEPT_A_CARD = N_("keeps a card")
ONLY_OPTION = N_("{label} (the only option, applied by itself)")
HUMAN = "human"  # how narrate names a person's seat (its agent name)
# TRANSLATORS: the Monte Carlo tree search bot, in the list of bots and after a seat's name
MCTS = NC_("agent", "mcts")
BOTS = tuple(AGENTS)  # random, greedy, mcts: what a seat may be besides a person
CACHE_SIZE = 128  # games kept in memory (the least recently used is dropped, then rebuilt)
DRAWINGS_KEPT = 24  # per game: the pieces of the last tables drawn, to mark what changed
# choices between the copies of a game's past kept for viewers who look back (Session.at):
# a look at any earlier step replays at most this many choices
CHECKPOINT_EVERY = 32


def bot_seed(game_seed: int, seat: int, step: int) -> int:
    """The seed of a bot's agent for one decision: a hash, so that it cannot be solved
    back for the game's seed, and the same for the same game, seat and step."""
    digest = hashlib.blake2b(
        f"{game_seed}:{seat}:{step}".encode(), digest_size=8, person=b"ba-bot-seed"
    ).digest()
    return int.from_bytes(digest, "big") >> 1  # within 0..2**63-1, as every seed


class GameError(EngineError):
    """A request the game refuses; `status` is the HTTP status that says why."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Forbidden(GameError):
    status = 403


class NotFound(GameError):
    status = 404


class Conflict(GameError):
    status = 409


class Programs:
    """The rules built for the engine once per language (labels, prompts and the log are
    in the program's language; the game itself is the same in every language)."""

    def __init__(self, ruleset: RuleSet):
        self.ruleset = ruleset
        self._built: dict[str, Program] = {}
        self._lock = threading.Lock()

    def __call__(self, lang: str) -> Program:
        with self._lock:
            if lang not in self._built:
                self._built[lang] = build(self.ruleset, lang)
            return self._built[lang]


@dataclass
class Session:
    """One game in memory: its stored form, its engine, and the kind of each decision
    answered so far (to hide what others may not see in the log)."""

    stored: Stored
    engine: Engine
    kinds: list[str]
    lock: threading.Lock
    stale: bool = False  # another copy of the game stored a choice first: rebuild it
    forced: set[int] = field(default_factory=set)  # steps a single option answered itself
    # the game at an earlier step, for a viewer following it decision by decision: moved
    # on from where it is when asked for a later step, replayed when for an earlier one
    _past: tuple[int, Engine] | None = None
    _past_lock: threading.Lock = field(default_factory=threading.Lock)
    # step -> the game after that many choices, every CHECKPOINT_EVERY of them
    _checkpoints: dict[int, Engine] = field(default_factory=dict)
    # (viewer, step) -> the pieces of the table drawn for them (web/changes.py)
    _drawn: OrderedDict[tuple[int | None, int], dict[str, str]] = field(default_factory=OrderedDict)

    # ---- making and rebuilding ---------------------------------------------------------
    @classmethod
    def start(cls, storage: Storage, programs: Programs, settings: Settings) -> Session:
        data = programs(settings.lang)
        engine = Engine.new_game(
            data, settings.players, settings.seed, settings.rulings, [*settings.variants]
        )
        session = cls(storage.create(settings), engine, [], threading.Lock())
        session._apply([], storage)  # a first decision with one option answers itself
        return session

    @classmethod
    def rebuild(cls, stored: Stored, programs: Programs) -> Session:
        """The game in the state its stored choices lead to."""
        settings = stored.settings
        engine = Engine.new_game(
            programs(settings.lang),
            settings.players,
            settings.seed,
            settings.rulings,
            settings.variants,
        )
        kinds = []
        forced = set()
        for step, option in enumerate(stored.choices):
            pending = engine.state["pending"]
            kinds.append(pending["kind"] if pending else "")
            decision = engine.decision()
            if decision is not None and answers_itself(settings, decision):
                forced.add(step)
            engine.apply(option)
        return cls(stored, engine, kinds, threading.Lock(), forced=forced)

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def settings(self) -> Settings:
        return self.stored.settings

    # ---- who is asking -----------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is; None (a spectator) without a token."""
        if token is None or token == "":
            return None
        for seat, known in enumerate(self.stored.tokens):
            if known is not None and known == token:
                return seat
        raise Forbidden("this token is not a seat of this game")

    # ---- playing -----------------------------------------------------------------------
    def act(self, storage: Storage, seat: int | None, option: str, step: int) -> None:
        """A person answers their decision, the one after `step` choices (a repeated or
        stale answer is refused). Anything refused changes nothing."""
        with self.lock:
            decision = self.engine.decision()
            if decision is None:
                raise Conflict("the game is over")
            if step != len(self.stored.choices):
                raise Conflict(
                    f"this answer is for step {step}, but the game is at step"
                    f" {len(self.stored.choices)}: it was answered already or is stale"
                )
            if seat is None:
                raise Forbidden("a spectator cannot act; use a seat's link")
            if decision.player != seat:
                raise Forbidden(
                    f"it is player {decision.player + 1}'s decision, not player {seat + 1}'s"
                )
            if option not in self.engine.legal_options():
                legal = ", ".join(self.engine.legal_options()[:12])
                raise GameError(f"'{option}' is not a legal option here; legal: {legal}")
            self._apply([option], storage)

    def bot_to_move(self) -> bool:
        """True when a bot must make the pending decision."""
        decision = self.engine.decision()
        return decision is not None and self.settings.seats[decision.player] != PERSON

    def play_bot(self, storage: Storage) -> bool:
        """One decision of a bot, if a bot must make it; True when a bot decides next.
        The bot thinks on a copy, outside the lock, so views are not held up."""
        with self.lock:
            if not self.bot_to_move():
                return False
            step = len(self.stored.choices)
            trial = self.engine.clone()
        decision = trial.decision()
        assert decision is not None
        kind = self.settings.seats[decision.player]
        agent: Any = AGENTS[kind](bot_seed(self.settings.seed, decision.player, step))
        option = agent.choose(trial, decision)
        with self.lock:
            if len(self.stored.choices) != step:  # another copy moved it on meanwhile
                return self.bot_to_move()
            try:
                self._apply([option], storage)
            except Conflict:  # a newer copy of the game stored that step: it plays on
                return False
            return self.bot_to_move()

    def _store(self, storage: Storage, options: list[str]) -> None:
        """Store choices after the ones this copy knows; if another copy of the game (one
        dropped from the cache while a request used it) stored that step first, refuse."""
        try:
            storage.add_choices(self.id, len(self.stored.choices), options)
        except sqlite3.IntegrityError as exc:
            self.stale = True
            raise Conflict("the game moved on meanwhile: load it again") from exc

    def _apply(self, options: list[str], storage: Storage) -> None:
        """Apply and store `options`, then the only option of each person's decision
        that answers itself (the `auto` setting), all stored at once."""
        trial = self.engine.clone()
        kinds = []
        options = list(options)
        for option in options:
            pending = trial.state["pending"]
            kinds.append(pending["kind"])
            try:
                trial.apply(option)
            except IllegalOption as exc:
                raise GameError(str(exc)) from exc
        forced = set()
        while (decision := trial.decision()) is not None and answers_itself(
            self.settings, decision
        ):
            forced.add(len(self.stored.choices) + len(options))
            kinds.append(decision.kind)
            options.append(decision.options[0].id)
            trial.apply(options[-1])
        self._store(storage, options)
        self.stored.choices.extend(options)
        self.kinds.extend(kinds)
        self.forced |= forced
        self.engine = trial

    # ---- what a seat sees --------------------------------------------------------------
    def now(self) -> tuple[Engine, int]:
        """The game as it stands and its number of choices, read together (a bot may be
        applying a choice meanwhile)."""
        with self.lock:
            return self.engine, len(self.stored.choices)

    def at(self, step: int) -> Engine:
        """A copy of the game after its first `step` choices (no more than it has)."""
        engine, steps = self.now()
        if step >= steps:
            return engine
        with self._past_lock:
            last = self._past if self._past is not None and self._past[0] <= step else None
            kept = max((done for done in self._checkpoints if done <= step), default=0)
            if last is None or kept > last[0]:  # a kept copy (or the start) is nearer
                last = (kept, self._copy_at(kept))
            done, past = last
            for index in range(done, step):
                past.apply(self.stored.choices[index])
                if (index + 1) % CHECKPOINT_EVERY == 0:
                    self._checkpoints.setdefault(index + 1, past.clone())
            self._past = (step, past)
            return past.clone()

    def _copy_at(self, step: int) -> Engine:
        """A copy of the game kept at `step` choices, or the game at its start (0)."""
        if step:
            return self._checkpoints[step].clone()
        settings = self.settings
        return Engine.new_game(
            self.engine.data, settings.players, settings.seed, settings.rulings, settings.variants
        )

    def drawn(self, viewer: int | None, step: int, pieces: dict[str, str]) -> None:
        """Keep the pieces of a table drawn for `viewer` at `step` (the last few)."""
        with self._past_lock:
            self._drawn[(viewer, step)] = pieces
            self._drawn.move_to_end((viewer, step))
            while len(self._drawn) > DRAWINGS_KEPT:
                self._drawn.popitem(last=False)

    def drawn_before(self, viewer: int | None, step: int) -> dict[str, str]:
        """The pieces of the table last drawn for `viewer` at `step` ({}: none kept)."""
        with self._past_lock:
            return self._drawn.get((viewer, step), {})

    def names(self) -> list[str]:
        """P1 (human), P2 (greedy)...: the seats as the log and the table name them."""
        agents = [HUMAN if kind == PERSON else kind for kind in self.settings.seats]
        return seat_names(self.engine, agents)

    def log_events(self, viewer: int | None, engine: Engine | None = None) -> list[dict]:
        """The log's events of the game (or of `engine`, the game at an earlier step) as
        `viewer` may read them: another seat's hidden answers (which card it kept) without
        the card, its face-down cards in their public form."""
        engine = engine or self.engine
        out = []
        step = 0
        text = engine.data.text
        hidden_label = text._(KEPT_A_CARD)
        for event in seen_events(engine, viewer):
            if event["event"] == "choice":
                kind = self.kinds[step] if step < len(self.kinds) else ""
                if kind in HIDDEN_DECISIONS and event.get("seat") != viewer:
                    event = {**event, "label": hidden_label, "option": None}
                if step in self.forced and event.get("label") is not None:
                    event = {**event, "label": text.fill(ONLY_OPTION, {"label": event["label"]})}
                step += 1
            out.append(event)
        return out

    def log_lines(self, viewer: int | None, engine: Engine | None = None) -> list[str]:
        engine = engine or self.engine
        names = self.names()
        lines = []
        for event in self.log_events(viewer, engine):
            line = narrated(engine, event, names)
            if line is not None and line.strip():
                lines += line.strip("\n").split("\n")  # a final score names its triggers below
        return lines

    def final_scores(self) -> dict | None:
        """At the end: each seat's total and its parts, the winners, and the rival's score
        in the solo game."""
        state = self.engine.state
        if state["scores"] is None or not self.engine.is_terminal():
            return None
        names = self.names()
        parts = {
            e["seat"]: e
            for e in state["log"]
            if e["event"] == "final_score" and isinstance(e.get("seat"), int)
        }
        seats = []
        for seat, total in enumerate(state["scores"]):
            event = parts.get(seat, {})
            seats.append(
                {
                    "seat": seat,
                    "name": names[seat],
                    "total": total,
                    "track": event.get("track"),
                    "advanced": event.get("advanced"),
                    "conversion": event.get("conversion"),
                    "triggers": event.get("triggers", {}),
                }
            )
        rival = self.engine.data.game.rival(state)
        return {
            "seats": seats,
            "winners": list(state["winners"] or []),
            "rival": None if rival is None else {"name": rival[0], "score": rival[1]},
        }

    def replay(self) -> dict:
        """The replay file of the game (what `ba replay` verifies)."""
        return replay.record(self.engine)


def answers_itself(settings: Settings, decision: Decision) -> bool:
    """A person's decision with one option, in a game set to answer those by itself."""
    return (
        settings.auto and settings.seats[decision.player] == PERSON and len(decision.options) == 1
    )


class Games:
    """The games the server knows: stored in SQLite; the `cache_size` most recently used
    are kept in memory (another is rebuilt from its stored choices when asked for)."""

    def __init__(
        self,
        storage: Storage,
        programs: Programs,
        cache_size: int = CACHE_SIZE,
        bot_delay: float = 0.0,
    ):
        self.storage = storage
        self.programs = programs
        self.cache_size = cache_size
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self.bots = BotPlayer(self._play_bot, bot_delay)

    def start(self, settings: Settings) -> Session:
        session = Session.start(self.storage, self.programs, settings)
        with self._lock:
            self._keep(session)
        if session.bot_to_move():
            self.bots.wake(session.id)
        return session

    def act(self, session: Session, seat: int | None, option: str, step: int) -> None:
        """A person answers their decision (`Session.act`); then the bots play on."""
        session.act(self.storage, seat, option, step)
        if session.bot_to_move():
            self.bots.wake(session.id, self.bots.delay)

    def _play_bot(self, game_id: str) -> bool:
        return self.get(game_id).play_bot(self.storage)

    def cached(self) -> list[str]:
        """The ids of the games in memory, the least recently used first."""
        with self._lock:
            return list(self._sessions)

    def _keep(self, session: Session) -> None:
        self._sessions[session.id] = session
        self._sessions.move_to_end(session.id)
        while len(self._sessions) > self.cache_size:
            self._sessions.popitem(last=False)

    def get(self, game_id: str) -> Session:
        with self._lock:
            session = self._sessions.get(game_id)
            if session is not None and not session.stale:
                self._sessions.move_to_end(game_id)
                return session
            stored = self.storage.load(game_id)
            if stored is None:
                raise NotFound(f"no game '{game_id}'")
            session = Session.rebuild(stored, self.programs)
            self._keep(session)
        if session.bot_to_move():  # a bot's turn interrupted by a stop goes on
            self.bots.wake(game_id)
        return session
