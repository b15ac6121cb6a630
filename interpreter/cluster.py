"""The same games on a Ray cluster (`ba simulate --backend ray`): the records of a local run.

Ray (https://www.ray.io, the optional `cluster` extra) schedules the work; this module
only cuts the seeds into batches, sends each batch to a Ray task, and gives the records
back in seed order, keeping a bounded number of batches in flight, so memory stays
constant however many games are played. A game's record depends only on its seed and
the run's settings (simulation.py), so the records are those of a local run, on any
number of nodes.

Each node must have this package installed (with the same rules: the shipped content,
or the `--rules` files at the same paths); every Ray worker compiles the rules once.
Without an address, a local Ray instance is started (with `workers` CPUs); with one
(`ray://head:10001`, or `auto` on a node of the cluster), the games run on the cluster.
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from ..dsl.errors import EngineError
from .simulation import Settings, play_record, program_for

INSTALL = "pip install 'black-angel-rules[cluster]'"  # the package name in pyproject.toml


class ClusterUnavailable(EngineError, RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


# per Ray worker process: the rules, compiled once, by (rules paths, on the base?, base)
_programs: dict[tuple[tuple[str, ...], bool, tuple[str, ...]], Any] = {}


def play_batch(settings: Settings, seeds: list[int]) -> list[dict[str, Any]]:
    """The records of some games, played in one Ray task."""
    key = (settings.rules, settings.base, settings.base_rules)
    data = _programs.get(key)
    if data is None:
        data = _programs[key] = program_for(settings)
    return [play_record(data, settings, seed) for seed in seeds]


def records(
    settings: Settings,
    seeds: Iterable[int],
    address: str | None = None,
    workers: int | None = None,
    batch: int = 16,
) -> Iterator[dict[str, Any]]:
    """The record of each game, in the order of `seeds`, played by Ray tasks."""
    try:
        # typed as Any: the checks pass the same with or without the optional extra
        ray: Any = importlib.import_module("ray")
    except ImportError as exc:
        raise ClusterUnavailable(f"--backend ray needs Ray: {INSTALL}") from exc
    started_here = not ray.is_initialized()
    if started_here:
        try:
            # a local instance listens on this machine's loopback address only
            local = {} if address else {"num_cpus": workers, "_node_ip_address": "127.0.0.1"}
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
                **local,
            )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ClusterUnavailable(f"cannot reach the Ray cluster at {address}: {exc}") from exc
    try:
        task = ray.remote(play_batch)
        in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        chosen = seeds if isinstance(seeds, range) else list(seeds)  # a range is never listed
        batches = (list(chosen[i : i + batch]) for i in range(0, len(chosen), batch))
        pending: deque[Any] = deque()
        for chunk in batches:
            pending.append(task.remote(settings, chunk))
            if len(pending) >= in_flight:
                yield from ray.get(pending.popleft())
        while pending:
            yield from ray.get(pending.popleft())
    finally:
        if started_here:
            ray.shutdown()
