"""`ba simulate` plays with the heap that was there before the games frozen, and leaves
the collector as it found it."""

import gc

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import simulation
from blackangel.interpreter.program import build


def test_one_process_freezes_the_heap_while_it_plays_and_unfreezes_it_after():
    data = build(load_shipped())
    settings = simulation.Settings(players=2, agents=("random",), rulings={})
    frozen_while_playing = []
    records = simulation.records(data, settings, range(1, 3))
    for _ in records:
        frozen_while_playing.append(gc.get_freeze_count())
    assert len(frozen_while_playing) == 2 and all(count > 0 for count in frozen_while_playing)
    assert gc.get_freeze_count() == 0
