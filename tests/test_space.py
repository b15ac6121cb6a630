"""Space: contacts between hexes do not change when the strips shift toward the board."""

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.black_angel import space
from blackangel.interpreter.black_angel.sequence_b import advance_black_angel
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def advance(engine):
    """One B.3, run on its own (no card in space, so nothing to resolve or decide), in a
    space without Spes (which would end the game)."""
    engine.state["space"]["spes_token"] = None
    frame = {"op": "advance_black_angel", "seat": 0}
    engine.push(frame)
    while engine.state["stack"] and engine.state["stack"][-1] is frame:
        advance_black_angel(engine, frame)


def contacts(engine, strips):
    """Every pair of touching hexes with both hexes on `strips`."""
    size = engine.data.numbers["space.hexes_per_strip"]
    out = set()
    for strip in strips:
        for pos in range(1, size + 1):
            for other, q in space.neighbours(engine, strip, pos):
                if other in strips:
                    out.add(frozenset({(strip, pos), (other, q)}))
    return out


def all_hexes(engine):
    size = engine.data.numbers["space.hexes_per_strip"]
    return [(s, p) for s in engine.state["space"]["order"] for p in range(1, size + 1)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_contacts_survive_every_advance(data, players):
    """Over many set-ups and advances: the hexes of strips that stay in play touch the same
    hexes before and after; the recycled strip, laid last, touches its new neighbour as
    any two neighbours do (straight across and one slant), seen from either side."""
    size = data.numbers["space.hexes_per_strip"]
    for seed in range(1, 26):
        engine = Engine.new_game(data, players, seed)
        for _ in range(12):
            sp = engine.state["space"]
            staying = sp["order"][1:]
            before = contacts(engine, staying)
            advance(engine)
            assert sp["order"][:-1] == staying
            assert contacts(engine, staying) == before, (seed, sp["order"])
            # symmetric everywhere, the recycled strip included
            for strip, pos in all_hexes(engine):
                for other, q in space.neighbours(engine, strip, pos):
                    assert (strip, pos) in space.neighbours(engine, other, q)
            last, recycled = sp["order"][-2], sp["order"][-1]
            assert sp["offset"][recycled] != sp["offset"][last]
            across = contacts(engine, [last, recycled]) - contacts(engine, [last])
            across -= contacts(engine, [recycled])
            # 2 contacts per hex but one at an end of the column: 2 * size - 1
            assert len(across) == 2 * size - 1
            for pos in range(1, size + 1):
                assert frozenset({(last, pos), (recycled, pos)}) in across


def test_black_angel_advances_to_a_touching_hex(data):
    """The Black Angel's straight line: the same position on the next strip, always a
    contact, so the hex it leaves and the one it reaches touch."""
    for seed in range(1, 11):
        engine = Engine.new_game(data, 3, seed)
        for _ in range(12):
            here = tuple(engine.state["space"]["black_angel"])
            advance(engine)
            there = tuple(engine.state["space"]["black_angel"])
            assert here[1] == there[1]
            assert there in space.neighbours(engine, *here)


def test_distances_survive_an_advance(data):
    """Ship movement reads the same contacts: from any hex of the Black Angel's strip, the
    hexes a ship can reach in 2 moves are the same before and after a shift (with 7
    strips, neither the first strip nor the recycled one is that close)."""
    for seed in range(1, 16):
        engine = Engine.new_game(data, 3, seed)
        for _ in range(8):
            sp = engine.state["space"]
            strip = sp["order"][3]
            black_angel = list(sp["black_angel"])
            before = [space.destinations(engine, 0, (strip, p), 2, None) for p in range(1, 6)]
            advance(engine)
            sp["black_angel"] = black_angel  # the same asteroid shield before and after
            after = [space.destinations(engine, 0, (strip, p), 2, None) for p in range(1, 6)]
            sp["black_angel"] = [sp["order"][3], black_angel[1]]
            assert before == after
