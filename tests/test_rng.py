"""The seeded generator: SplitMix64, and a shuffle that draws as `below` does."""

from blackangel.interpreter.rng import Rng, _draw_in_halves, _shuffle_in_halves


def test_outputs_are_splitmix64():
    # the reference outputs of SplitMix64 from state 1234567
    rng = Rng({"rng": 1234567})
    assert [rng.below(1 << 64) for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_shuffle_is_fisher_yates_over_below():
    shuffled, drawn = Rng({"rng": 99}), Rng({"rng": 99})
    items = list(range(40))
    shuffled.shuffle(items)
    expected = list(range(40))
    for i in range(len(expected) - 1, 0, -1):
        j = drawn.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert shuffled.holder == drawn.holder  # the generator ends in the same state


def test_below_is_uniform_over_small_ranges():
    rng = Rng({"rng": 5})
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def _state_before(output: int) -> int:
    """The state from which the next SplitMix64 output is `output` (the steps undone)."""
    mask = (1 << 64) - 1

    def unshift(z: int, shift: int) -> int:  # undoes z ^= z >> shift
        x = z
        for _ in range(64 // shift + 1):
            x = z ^ (x >> shift)
        return x

    z = unshift(output, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & mask, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


def test_state_before_undoes_a_step():
    state = _state_before(123456789)
    assert Rng({"rng": state}).below(1 << 64) == 123456789


def test_draws_on_32_bit_halves_are_the_same_as_on_64_bits():
    # the compiled build draws below 2**31 with _draw_in_halves: it must give what the
    # 64-bit steps give, state and value, for any state and any such n
    states = [0, 1, (1 << 64) - 1, 1 << 63, 0x9E3779B97F4A7C15]
    generator = Rng({"rng": 7})
    states += [generator.below(1 << 64) for _ in range(2000)]
    bounds = [1, 2, 3, 6, 7, 40, 97, 1000, (1 << 30) + 3, (1 << 31) - 1]
    for i, state in enumerate(states):
        n = bounds[i % len(bounds)]
        holder = {"rng": state}
        value = _draw_on_64_bits(holder, n)
        assert _in_halves(state, n) == (holder["rng"], value)


def test_an_output_at_the_limit_is_drawn_again_on_halves_too():
    # 2**64 - 1 is at the limit for n = 3 (2**64 % 3 == 1) and for 2**31 - 1: it is
    # thrown away and the next output is used
    for n in (3, (1 << 31) - 1):
        state = _state_before((1 << 64) - 1)
        holder = {"rng": state}
        value = _draw_on_64_bits(holder, n)
        assert holder["rng"] == (state + 2 * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        assert _in_halves(state, n) == (holder["rng"], value)
    # one below the limit is kept
    state = _state_before((1 << 64) - 2)
    assert _in_halves(state, 3)[1] == ((1 << 64) - 2) % 3


def test_a_shuffle_on_halves_is_the_same_as_on_64_bits():
    for seed in range(20):
        items, expected = list(range(50)), list(range(50))
        holder = {"rng": seed * 0x1234567890ABCDEF % (1 << 64)}
        state = _shuffle_in_halves(holder["rng"], items)
        for i in range(len(expected) - 1, 0, -1):
            j = _draw_on_64_bits(holder, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert (items, state) == (expected, holder["rng"])


def _in_halves(state: int, n: int) -> tuple[int, int]:
    """A draw on halves, as (new state, value)."""
    hi, lo, value = _draw_in_halves(state >> 32, state & ((1 << 32) - 1), n)
    return (hi << 32) | lo, value


def _draw_on_64_bits(holder: dict, n: int) -> int:
    """`below(n)` as the interpreted build draws it: through a bound of 2**31 or more,
    which always takes the 64-bit steps, then reduced."""
    limit = (1 << 64) - ((1 << 64) % n)
    rng = Rng(holder)
    while True:
        z = rng.below(1 << 64)
        if z < limit:
            return z % n
