"""The seeded generator: SplitMix64, and a shuffle that draws as `below` does."""

from blackangel.interpreter.rng import Rng


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
