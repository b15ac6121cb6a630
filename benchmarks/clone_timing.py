"""Timing `clone()` the same way in every benchmark: for each state, the best of a few
rounds (as timeit advises: the best round is the one least disturbed by the rest of the
machine), then the median over the states."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable

ROUNDS = 5


def median_clone_us(states: Iterable, repeat: int = 20, rounds: int = ROUNDS) -> float:
    """Microseconds per `clone()` of anything with a `clone` method: ours or OpenSpiel's."""
    times = []
    for state in states:
        best = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            for _ in range(repeat):
                state.clone()
            best = min(best, (time.perf_counter() - start) / repeat)
        times.append(best)
    return statistics.median(times) * 1e6
