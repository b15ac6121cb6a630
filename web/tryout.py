"""Trying a mod from the workshop: test games on its rules and quick simulations.

A test game is an ordinary game of `ba serve` (the same pages and API), played on the
mod's rules as they were when it was started; those games are kept in memory only (a
restart of the server ends them), in one `Games` per rule set, the newest
`RULE_SETS` of them. A simulation plays a handful of seeded bot games in a thread of
its own, one at a time, so the server keeps answering; the page asks how far it got.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..dsl.compiler import RuleSet
from ..interpreter import simulation
from ..interpreter.program import build
from .session import Games, NotFound, Programs
from .storage import Storage

RULE_SETS = 4  # rule sets whose test games are kept
MAX_GAMES = 20  # games of one simulation
SIMULATION_AGENTS = ("random", "greedy")  # bots quick enough for a simulation
SIMULATIONS_KEPT = 16  # finished simulations whose summary can still be read


class TestGames:
    """The test games of the mods' rule sets, by rule set (its content hash)."""

    def __init__(
        self, bot_delay: float, pin: Callable[[Path], None], unpin: Callable[[Path], None]
    ):
        self.bot_delay = bot_delay
        self._by_rules: OrderedDict[str, tuple[Games, Path]] = OrderedDict()
        self._lock = threading.Lock()
        self._pin, self._unpin = pin, unpin  # keep the rules' folder while its games play

    def games_for(self, ruleset: RuleSet, folder: Path) -> Games:
        """The games on these rules (made now for a new rule set, the oldest dropped)."""
        key = ruleset.content_hash
        with self._lock:
            kept = self._by_rules.get(key)
            if kept is None:
                self._pin(folder)
                games = Games(Storage(), Programs(ruleset), bot_delay=self.bot_delay)
                kept = self._by_rules[key] = (games, folder)
            self._by_rules.move_to_end(key)
            dropped = []
            while len(self._by_rules) > RULE_SETS:
                dropped.append(self._by_rules.popitem(last=False)[1])
        for games, old in dropped:
            games.bots.stop()
            self._unpin(old)
        return kept[0]

    def find(self, game_id: str) -> Games:
        """The `Games` holding a test game; NotFound if none does."""
        with self._lock:
            every = [games for games, _ in self._by_rules.values()]
        for games in every:
            if games.storage.load(game_id) is not None:
                return games
        raise NotFound(f"no game '{game_id}'")

    def stop(self) -> None:
        with self._lock:
            every = list(self._by_rules.values())
            self._by_rules.clear()
        for games, _ in every:
            games.bots.stop()


@dataclass
class Simulation:
    """One simulation: its settings, how many games are played, and the summary."""

    id: str
    games: int
    players: int
    agents: list[str]
    seed: int
    played: int = 0
    summary: dict[str, Any] | None = None
    error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def to_json(self) -> dict[str, Any]:
        with self.lock:
            return {
                "id": self.id,
                "games": self.games,
                "players": self.players,
                "agents": self.agents,
                "seed": self.seed,
                "played": self.played,
                "done": self.summary is not None or self.error is not None,
                "summary": self.summary,
                "error": self.error,
            }


class Simulations:
    """Simulations run one after another in one thread of their own."""

    def __init__(self) -> None:
        self._runner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ba-simulate")
        self._runs: OrderedDict[str, Simulation] = OrderedDict()
        self._lock = threading.Lock()

    def start(
        self, ruleset: RuleSet, players: int, games: int, agents: list[str], seed: int
    ) -> Simulation:
        run = Simulation(secrets.token_urlsafe(8), games, players, agents, seed)
        with self._lock:
            self._runs[run.id] = run
            while len(self._runs) > SIMULATIONS_KEPT:
                self._runs.popitem(last=False)
        self._runner.submit(_simulate, run, ruleset)
        return run

    def get(self, run_id: str) -> Simulation:
        with self._lock:
            run = self._runs.get(run_id)
        if run is None:
            raise NotFound(f"no simulation '{run_id}'")
        return run

    def stop(self) -> None:
        self._runner.shutdown(wait=False, cancel_futures=True)


def _simulate(run: Simulation, ruleset: RuleSet) -> None:
    """Play the games of a run, seeds `seed`, `seed + 1`..., as `ba simulate` would."""
    try:
        data = build(ruleset)
        settings = simulation.Settings(run.players, tuple(run.agents), {})
        summary = simulation.Summary(run.players)
        for number in range(run.games):
            summary.add(simulation.play_record(data, settings, run.seed + number))
            with run.lock:
                run.played = number + 1
        with run.lock:
            run.summary = summary.to_json()
    except Exception as exc:  # a mod's rules may fail in play: said on the page
        with run.lock:
            run.error = f"{type(exc).__name__}: {exc}"
