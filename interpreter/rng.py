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

from typing import Final

MASK = (1 << 64) - 1
M32: Final = (1 << 32) - 1
# Compiled (setup.py), an int that fits a machine word is kept unboxed and 64-bit values
# are not: there, a draw below 2**31 is worked out on 32-bit halves (`_draw_in_halves`),
# the same numbers for many times fewer instructions. Interpreted, Python's own big
# integers are the faster way.
IN_HALVES: Final = not __file__.endswith(".py")


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
        if IN_HALVES and n < 1 << 31:
            hi, lo, value = _draw_in_halves(state >> 32, state & M32, n)
            self.holder[self.key] = (hi << 32) | lo
            return value
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
        if IN_HALVES and len(items) < 1 << 31:
            self.holder[self.key] = _shuffle_in_halves(scripted, items)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]


def _shuffle_in_halves(state: int, items: list) -> int:
    """`shuffle` for fewer than 2**31 items, its draws on 32-bit halves; the new state.
    The state stays in halves from one draw to the next."""
    hi, lo = state >> 32, state & M32
    for i in range(len(items) - 1, 0, -1):
        hi, lo, j = _draw_in_halves(hi, lo, i + 1)
        items[i], items[j] = items[j], items[i]
    return (hi << 32) | lo


def _draw_in_halves(hi: int, lo: int, n: int) -> tuple[int, int, int]:
    """`below(n)` for n < 2**31 from the state's 32-bit halves: (the new state's halves,
    the value). Every intermediate value stays under 2**62. The steps are those of
    `below`: add the increment, then z ^= z >> 30, z *= K1, z ^= z >> 27, z *= K2,
    z ^= z >> 31; a z at or above the limit (only ever in the top 2**32 - r values,
    r = 2**64 % n) is drawn again."""
    unit = (1 << 32) % n  # 2**32 % n
    r = unit * unit % n  # 2**64 % n
    while True:
        lo += 0x7F4A7C15
        hi = (hi + 0x9E3779B9 + (lo >> 32)) & M32
        lo &= M32
        zh, zl = hi ^ (hi >> 30), lo ^ (((hi << 2) | (lo >> 30)) & M32)
        zh, zl = _times(zh, zl, 0xBF58476D, 0x1CE4E5B9)
        zh, zl = zh ^ (zh >> 27), zl ^ (((zh << 5) | (zl >> 27)) & M32)
        zh, zl = _times(zh, zl, 0x94D049BB, 0x133111EB)
        zh, zl = zh ^ (zh >> 31), zl ^ (((zh << 1) | (zl >> 31)) & M32)
        if r == 0 or zh != M32 or zl < (1 << 32) - r:
            return hi, lo, ((zh % n) * unit + zl) % n


def _times(zh: int, zl: int, kh: int, kl: int) -> tuple[int, int]:
    """(zh, zl) * (kh, kl) modulo 2**64, in 32-bit halves, from products of 16-bit
    parts (compiled, a product is done in a machine word only for factors below 2**30)."""
    z0, z1, z2, z3 = zl & 0xFFFF, zl >> 16, zh & 0xFFFF, zh >> 16
    k0, k1, k2, k3 = kl & 0xFFFF, kl >> 16, kh & 0xFFFF, kh >> 16
    middle = z0 * k1 + z1 * k0  # the parts at 2**16
    low = z0 * k0 + ((middle & 0xFFFF) << 16)
    high = (
        (low >> 32)
        + (middle >> 16)
        + z0 * k2
        + z1 * k1
        + z2 * k0
        + (((z0 * k3 + z1 * k2 + z2 * k1 + z3 * k0) & 0xFFFF) << 16)
    )
    return high & M32, low & M32


def seed_state(seed: int) -> int:
    """The generator state for a user-given seed."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
