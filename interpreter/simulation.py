"""Many seeded games between bots: one record per game, streamed, in seed order, on one
process or several, with the same records whatever the number of processes.

Game `i` of a run uses the seed `seed + i`, and each bot's own generator is seeded
from the game's seed and its seat, so a game's record depends only on its seed and
the run's settings. With several workers each process compiles the rules once and
plays whole games; records come back in seed order, so the output is identical.
"""

from __future__ import annotations

import gc
import math
import multiprocessing.pool
import os
import signal
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..dsl.compiler import compile_paths
from .agents import make_agent, play
from .engine import Engine
from .program import Program, build

WORKERS_PER_CORE = 4
MAX_GAMES = 10**9  # months of play on one machine: more is a typing error, not a run


@dataclass(frozen=True)
class Settings:
    """What every game of a run shares."""

    players: int
    agents: tuple[str, ...]  # repeated over the seats; a bot with its budget (agents.py)
    rulings: dict[str, str]
    variants: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()  # .ba paths; none: the shipped content
    base: bool = False  # layer `rules` on `base_rules`
    base_rules: tuple[str, ...] = ()  # .ba paths; none: the shipped content

    def seat_agents(self) -> list[str]:
        return [self.agents[i % len(self.agents)] for i in range(self.players)]

    def bots(self, seed: int) -> list:
        return [make_agent(spec, seed * 1000 + i) for i, spec in enumerate(self.seat_agents())]


def play_record(data: Program, settings: Settings, seed: int) -> dict[str, Any]:
    """Play one game and describe it: who played, the scores, how and when it ended."""
    bots = settings.bots(seed)
    engine = Engine.new_game(data, settings.players, seed, settings.rulings, settings.variants)
    play(engine, bots)
    rival = data.game.rival(engine.state)
    record: dict[str, Any] = {
        "seed": seed,
        "players": settings.players,
        "agents": settings.seat_agents(),
        "rulings": settings.rulings,
        "variants": list(settings.variants),
        "content_hash": data.content_hash,
        "scores": engine.state["scores"],
        "winners": engine.state["winners"],
        "turns": data.game.clock(engine.state),
        "ended_by": data.game.ending(engine.state),
        "tally": data.game.tally(engine),
        "seats": data.game.record(engine),
    }
    if rival is not None:  # an automated opponent (the solo game's Hal)
        record["rival"] = {"name": rival[0], "score": rival[1]}
    if data.cooperative is not None:  # the seats won or lost together
        record["team"] = bool(engine.state["winners"])
    return record


# ---- several processes -------------------------------------------------------------
_worker: dict[str, Any] = {}


def program_for(settings: Settings) -> Program:
    """The runtime program of a run's rules, compiled where the games are played (a worker
    process, a cluster node) from the settings alone."""
    result = compile_paths(
        list(settings.rules) or None,
        on_base=settings.base,
        base_paths=list(settings.base_rules) or None,
    )
    assert result.ruleset is not None and not result.errors, "the parent checked the rules"
    return build(result.ruleset)


def _start_worker(settings: Settings) -> None:
    # a forked worker starts with the parent's program; a spawned one compiles the rules
    inherited = _worker.get("parent")
    _worker["data"] = inherited if inherited is not None else program_for(settings)
    _worker["settings"] = settings
    gc.freeze()  # see frozen_heap: a worker plays games until it ends


@contextmanager
def frozen_heap() -> Iterator[None]:
    """While games are played, what was alive before them (the program above all, which
    outlives every game) is out of the cyclic collector's sight (gc.freeze): each of its
    full passes would walk all of it again while the games' own objects come and go.
    A few per cent more games per second (3 to 7% measured); unfrozen afterwards."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass(frozen=True)
class _Raised:
    """An exception of a worker, carried back to the parent to be raised there (a worker
    process that let a KeyboardInterrupt through would die and leave its games undone)."""

    error: BaseException


def _play_in_worker(seeds: list[int]) -> list[dict[str, Any]] | _Raised:
    try:
        return [play_record(_worker["data"], _worker["settings"], seed) for seed in seeds]
    except BaseException as error:  # noqa: BLE001 - raised again by the parent
        return _Raised(error)


def chunk_size(games: int, workers: int) -> int:
    """Games sent to a worker at a time: enough to keep the overhead low, few enough that
    every worker stays busy to the end."""
    return max(1, min(32, games // (workers * 8)))


def records(
    data: Program, settings: Settings, seeds: Iterable[int], workers: int = 1
) -> Iterator[dict[str, Any]]:
    """The record of each game, in the order of `seeds`, played by `workers` processes.

    Seeds go to the workers in chunks, at most two chunks per worker at a time, and the
    records come back in order as they are ready (memory stays bounded however many
    games). A stop (an error, Ctrl-C, a reader that has read enough) ends the workers at
    once; with few chunks queued, nothing waits for them."""
    chosen = seeds if isinstance(seeds, range) else list(seeds)  # a range is never listed
    workers = min(workers, len(chosen))  # never a process with nothing to play
    if workers <= 1:
        with frozen_heap():
            for seed in chosen:
                yield play_record(data, settings, seed)
        return
    size = chunk_size(len(chosen), workers)
    chunks = (list(chosen[i : i + size]) for i in range(0, len(chosen), size))
    pool = None
    try:
        _worker["parent"] = data  # for the workers forked now (see _start_worker)
        try:
            pool = worker_pool(workers, _start_worker, (settings,))
        finally:
            del _worker["parent"]
        queued: deque[Any] = deque()
        for chunk in chunks:
            queued.append(pool.apply_async(_play_in_worker, (chunk,)))
            if len(queued) >= 2 * workers:
                yield from _unpack(queued.popleft().get())
        while queued:
            yield from _unpack(queued.popleft().get())
        pool.close()
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def worker_pool(
    workers: int, initializer: Callable[..., None] | None = None, initargs: tuple = ()
) -> multiprocessing.pool.Pool:
    """A pool of `workers` processes that ignore Ctrl-C: it reaches every process of the
    terminal's group, and the parent stops the workers. They are forked with the signal
    held back (sigint_held); each then runs `initializer(*initargs)`, if given."""
    with sigint_held():
        return multiprocessing.Pool(workers, _quiet_worker, (initializer, initargs))


def _quiet_worker(initializer: Callable[..., None] | None, initargs: tuple) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)


@contextmanager
def sigint_held() -> Iterator[None]:
    """Ctrl-C is held back while the workers are forked and comes after.

    Python runs its at-fork hooks (the logging module's among them) right after each
    fork, and a KeyboardInterrupt raised inside one is printed and dropped: a Ctrl-C at
    that moment would be lost and the run would go on. Blocked, the signal waits and is
    delivered when it is unblocked, as the run's first act. The pool's threads, started
    meanwhile, keep it blocked, so it always reaches the main thread."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks, no fork
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _unpack(result: list[dict[str, Any]] | _Raised) -> list[dict[str, Any]]:
    if isinstance(result, _Raised):
        raise result.error
    return result


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def max_workers() -> int:
    """The most processes a run starts: four per core (more only share the cores)."""
    return WORKERS_PER_CORE * default_workers()


# ---- a summary that keeps no game in memory ----------------------------------------
@dataclass
class Summary:
    players: int
    games: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_agent: Counter[str] = field(default_factory=Counter)
    ended_by: Counter[str] = field(default_factory=Counter)
    tally: Counter[str] = field(default_factory=Counter)
    _scores: list[float] = field(default_factory=lambda: [0.0, 0.0, math.inf, -math.inf])
    _turns: list[float] = field(default_factory=lambda: [0.0, 0.0, math.inf, -math.inf])
    rival: str | None = None  # the automated opponent's name, in a solo game
    rival_wins: int = 0  # games no seat won: the opponent was not beaten strictly
    _rival_scores: list[float] = field(default_factory=lambda: [0.0, 0.0, math.inf, -math.inf])
    team_games: int = 0  # games of a cooperative game: the seats win or lose together
    team_wins: int = 0

    def __post_init__(self) -> None:
        self.wins_by_seat = [0] * self.players

    def add(self, record: dict[str, Any]) -> None:
        self.games += 1
        for seat in record["winners"]:
            self.wins_by_seat[seat] += 1
            self.wins_by_agent[record["agents"][seat]] += 1
        for score in record["scores"]:
            _gather(self._scores, score)
        _gather(self._turns, record["turns"])
        self.ended_by[record["ended_by"]] += 1
        self.tally.update(record["tally"])
        if "rival" in record:
            self.rival = record["rival"]["name"]
            self.rival_wins += not record["winners"]
            _gather(self._rival_scores, record["rival"]["score"])
        if "team" in record:
            self.team_games += 1
            self.team_wins += bool(record["team"])

    def to_json(self) -> dict[str, Any]:
        summary: dict[str, Any] = {
            "wins_by_seat": self.wins_by_seat,
            "wins_by_agent": dict(sorted(self.wins_by_agent.items())),
            "scores": _stats(self._scores),
            "turns": _stats(self._turns),
            "ended_by": dict(sorted(self.ended_by.items())),
            "tally": dict(sorted(self.tally.items())),
        }
        if self.rival is not None:
            summary["rival"] = {
                "name": self.rival,
                "wins": self.rival_wins,
                "scores": _stats(self._rival_scores),
            }
        if self.team_games:
            summary["team"] = {"wins": self.team_wins, "losses": self.team_games - self.team_wins}
        return summary


def _gather(into: list[float], value: float) -> None:
    """Count, sum, min, max: enough for a mean and the range, in constant memory."""
    into[0] += 1
    into[1] += value
    into[2] = min(into[2], value)
    into[3] = max(into[3], value)


def _stats(gathered: list[float]) -> dict[str, float]:
    count, total, low, high = gathered
    if not count:
        return {"mean": 0.0, "min": 0, "max": 0}
    return {"mean": total / count, "min": int(low), "max": int(high)}
