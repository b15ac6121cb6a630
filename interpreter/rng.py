"""A small seeded random generator whose whole state is one integer.

The state lives inside the game state, so cloning or saving a game copies the
generator with it, and the same seed gives the same game on any machine and
Python version (unlike `random.Random`, whose algorithms may change).
Algorithm: SplitMix64.

In chance mode (interpreter/chance.py) the holder keeps, instead of the integer, an
object with `below` and `shuffle` of its own (a script of outcomes chosen from outside),
and every draw is delegated to it; a seeded game never sees one.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


class Rng:
    """Random numbers drawn from, and written back to, `holder[key]`."""

    __slots__ = ("holder", "key")

    def __init__(self, holder: dict, key: str = "rng"):
        self.holder = holder
        self.key = key

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): the next SplitMix64 output that falls below the
        largest multiple of n (so every remainder is equally likely), modulo n."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        state = self.holder[self.key]
        if type(state) is not int:  # chance mode: the outcome is chosen from outside
            return state.below(n)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z < limit:
                self.holder[self.key] = state
                return z % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates: for i from the last index down to 1, swap item i with a uniform
        j in [0, i] (one `below(i + 1)` each)."""
        scripted = self.holder[self.key]
        if type(scripted) is not int:  # chance mode: the same steps, decided from outside
            scripted.shuffle(items)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]


def seed_state(seed: int) -> int:
    """The generator state for a user-given seed."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
