"""Space: contacts between hexes do not change when the strips shift toward the board, and
the strip faces let every printed rule about hexes happen in play."""

from collections import Counter
from dataclasses import replace

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import GreedyAgent, RandomAgent
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


# ---- the strip faces make every printed hex rule happen ------------------------------
def test_faces_keep_their_balance(data):
    """content/space.ba: 16 hexes of each colour, 8 asteroid fields (at most one a face),
    14 empty hexes, 6 comets, 33 ravager icons (11 a colour, 2-3 a face, only on alien
    hexes); the middle hexes, where the Black Angel stands, are 4 asteroid fields, 4
    empty hexes and 2 alien hexes of each colour."""
    terrain, icons, middles = Counter(), Counter(), Counter()
    comets = 0
    for faces in data.strips.values():
        for hexes in faces.values():
            assert sum(h.terrain == "asteroid" for h in hexes) <= 1
            assert 2 <= sum(h.icons for h in hexes) <= 3
            middles[hexes[data.numbers["space.start_hex"] - 1].terrain] += 1
            for h in hexes:
                terrain[h.terrain] += 1
                icons[h.terrain] += h.icons
                comets += h.comet
    assert terrain == {"orange": 16, "gray": 16, "green": 16, "asteroid": 8, "empty": 14}
    assert icons == {"orange": 11, "gray": 11, "green": 11, "asteroid": 0, "empty": 0}
    assert comets == 6
    assert middles == {"asteroid": 4, "empty": 4, "orange": 2, "gray": 2, "green": 2}


def without_asteroids(data):
    """The same program, its asteroid fields made empty space: ships may cross them, to
    see what the fields keep them from. (A program of its own, not a patched function:
    in the compiled build, the rules' functions call each other directly.)"""
    program = build(load_shipped())
    program.strips = {
        strip: {
            face: tuple(
                replace(h, terrain="empty") if h.terrain == "asteroid" else h for h in hexes
            )
            for face, hexes in faces.items()
        }
        for strip, faces in data.strips.items()
    }
    return program


def blocked_by_asteroids(engine, open_space):
    """At a Command move: hexes the ship could reach if asteroid fields let it through."""
    frame = engine.state["stack"][-1]
    seat, value = frame["seat"], frame["value"]
    start = space.split(frame["start"])
    reach = set(space.destinations(engine, seat, start, value, frame["from"]))
    in_open_space = Engine(open_space, engine.state)  # the same state, read only
    wider = set(space.destinations(in_open_space, seat, start, value, frame["from"]))
    return wider - reach


def hex_rules_seen(engine, agents, counts, open_space):
    """Play a game to its end and count each hex rule as it happens, from the log (the
    Black Angel's hex is followed through its moves) and from the state at decisions."""
    sp = engine.state["space"]
    black_angel = "/".join(map(str, sp["black_angel"]))
    terrain = space.hex_at(engine, *sp["black_angel"]).terrain
    seen = 0
    while (decision := engine.decision()) is not None:
        if decision.kind == "move" and blocked_by_asteroids(engine, open_space):
            counts["a ship blocked by an asteroid field"] += 1
        engine.apply(agents[decision.player].choose(engine, decision))
        for event in engine.state["log"][seen:]:
            kind = event["event"]
            shielded = terrain == "asteroid"
            if kind == "black_angel_moves":
                black_angel, terrain = event["to"], event["terrain"]
                if terrain == "asteroid":
                    counts["the Black Angel on an asteroid field"] += 1
            elif kind == "launch" and shielded:
                counts["a ship launched onto the Black Angel's asteroid field"] += 1
            elif kind == "move_ship" and shielded and event["to"] == black_angel:
                counts["a ship stopping on the Black Angel's asteroid field"] += 1
            elif kind == "ship_removed" and event["reason"] == "asteroids":
                counts["a ship destroyed as the Black Angel leaves an asteroid field"] += 1
            elif kind == "ship_removed":
                counts["a ship leaving space with the first strip"] += 1
            elif kind == "mission_ejected":
                counts["a card ejected with the first strip"] += 1
            elif kind == "place_mission" and event["at"] == black_angel:
                counts["a card placed on the Black Angel's hex"] += 1
            elif kind == "ravager_icons":
                if event["visible"]:
                    counts["ravagers drawn for icons around a new card"] += 1
                if event["covered"]:
                    counts["icons covered by cards, so fewer ravagers"] += 1
        seen = len(engine.state["log"])
        if any(len(ships) == 2 for ships in sp["ships"].values()):
            counts["a hex full with two ships"] += 1


HEX_RULES = (
    "the Black Angel on an asteroid field",
    "a ship launched onto the Black Angel's asteroid field",
    "a ship stopping on the Black Angel's asteroid field",
    "a ship destroyed as the Black Angel leaves an asteroid field",
    "a card placed on the Black Angel's hex",
    "ravagers drawn for icons around a new card",
    "icons covered by cards, so fewer ravagers",
    "a ship blocked by an asteroid field",
    "a hex full with two ships",
    "a ship leaving space with the first strip",
    "a card ejected with the first strip",
)


@pytest.mark.slow
def test_every_hex_rule_happens_in_play(data):
    """Seeded games between random bots (500, 2-4 players, about 10 s) and greedy bots
    (4 two-player games, about 3 s): every printed rule about hexes happens at least
    once. The rarest, a card on the Black Angel's hex and icons covered by a card,
    happen 5 to 10 times in these games; each also has a scenario in tests/scenarios/."""
    counts = Counter()
    open_space = without_asteroids(data)
    for game in range(500):
        players = 2 + game % 3
        agents = [RandomAgent(game * 10 + i) for i in range(players)]
        hex_rules_seen(Engine.new_game(data, players, 5000 + game), agents, counts, open_space)
    for game in range(4):
        agents = [GreedyAgent(game * 10 + i) for i in range(2)]
        hex_rules_seen(Engine.new_game(data, 2, 6000 + game), agents, counts, open_space)
    missing = [rule for rule in HEX_RULES if not counts[rule]]
    assert not missing, f"never happened: {missing}; seen: {dict(counts)}"
