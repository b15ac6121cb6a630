"""Rulings: declared in content, chosen by edition or by name, and they change play."""

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.black_angel.grid import activated_by, inject
from blackangel.interpreter.black_angel.ravagers import place_damage
from blackangel.interpreter.core_primitives import lose_points
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build
from blackangel.interpreter.rulings import RulingError, resolve


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def test_defaults_editions_and_overrides(data):
    defaults = resolve(data)
    assert set(defaults) == set(data.rulings)
    assert all(defaults[n] == r.default for n, r in data.rulings.items())
    # German B.3 is silent about freshly ejected cards: the default (excluded) stays;
    # all three final scorings count the cards at the advanced tile's own space
    assert resolve(data, "de")["freshly_ejected"] == "excluded"
    assert {resolve(data, e)["advanced_cap_cards"] for e in ("en", "pl", "de")} == {"slot_color"}
    assert resolve(data, "pl")["activation_count"] == "at_most"
    assert resolve(data, "en", ["negative_vp=allow"])["negative_vp"] == "allow"
    # where a book is silent it has no preset, and the default follows the one that speaks:
    # only PL (p. 14) says that several 1x effects may improve one action
    assert {resolve(data, e)["combine_boosts"] for e in ("en", "pl", "de")} == {"several"}
    assert set(data.rulings["combine_boosts"].editions) == {"pl"}


def test_every_preset_cites_the_print(data):
    for name, ruling in data.rulings.items():
        assert set(ruling.sources) == set(ruling.editions), name
        for source in ruling.sources.values():
            assert source.startswith(("p. ", "pp. ")), (name, source)  # a page first


@pytest.mark.parametrize(
    "override, message",
    [
        ("negtive_vp=allow", "did you mean 'negative_vp'"),
        ("negative_vp=alow", "did you mean 'allow'"),
        ("negative_vp", "NAME=OPTION"),
    ],
)
def test_bad_overrides_explain_themselves(data, override, message):
    with pytest.raises(RulingError, match=message):
        resolve(data, None, [override])


def test_negative_vp_ruling_changes_the_score(data):
    for option, expected in (("floor", 0), ("allow", -2)):
        engine = Engine.new_game(data, 2, 1, {"negative_vp": option})
        engine.state["players"][0]["vp"] = 1
        lose_points(engine, 0, 3, "vp")
        assert engine.state["players"][0]["vp"] == expected


@pytest.mark.parametrize("option, in_space, ejected", [("excluded", 1, 0), ("counted", 2, 1)])
def test_freshly_ejected_ruling_counts_first_strip_cards(data, option, in_space, ejected):
    """One orange card of player 1 on the first strip (being ejected), one on the second:
    "counted" counts the first one both as in space and as ejected."""
    engine = Engine.new_game(data, 2, 1, {"freshly_ejected": option})
    space = engine.state["space"]
    first, second = space["order"][0], space["order"][1]
    oranges = [m for m, mission in data.missions.items() if mission.color == "orange"][:2]
    for strip, card in zip((first, second), oranges):
        space["cards"][f"{strip}/1"] = {"mission": card, "owner": 0, "robot": 0}
    counters, ctx = data.counters, {"ejecting": True}
    assert counters["missions_in_space"](engine, 0, ("orange",), ctx) == in_space
    assert counters["missions_ejected"](engine, 0, ("orange",), ctx) == ejected
    assert counters["cards_in_space"](engine, 0, (), ctx) == in_space


@pytest.mark.parametrize("option", ["gap_stops", "shift_line"])
def test_push_gaps_ruling_changes_injection(data, option):
    engine = Engine.new_game(data, 2, 1, {"push_gaps": option})
    player = engine.state["players"][0]
    tiles = sorted(data.tile_copies["tech"])[:3]
    # row 1: a tile, a gap, a tile; pushing from the left
    player["grid"][0:3] = [tiles[0], None, tiles[2]]
    player["ejected"] = []
    inject(engine, 0, tiles[1], "row", 1)
    if option == "gap_stops":
        assert player["grid"][0:3] == [tiles[1], tiles[0], tiles[2]]
        assert player["ejected"] == []
    else:
        assert player["grid"][0:3] == [tiles[1], tiles[0], None]
        assert player["ejected"] == [tiles[2]]


def test_rulings_command_lists_every_ruling(data):
    result = CliRunner().invoke(ba, ["rulings"])
    assert result.exit_code == 0
    for name in data.rulings:
        assert name in result.output
    assert "[default" in result.output


def test_play_accepts_rulings_and_editions():
    runner = CliRunner()
    result = runner.invoke(
        ba,
        [
            "play",
            "--players",
            "2",
            "--seed",
            "3",
            "--edition",
            "de",
            "--ruling",
            "negative_vp=allow",
            "--agents",
            "random",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "winner" in result.output
    bad = runner.invoke(ba, ["play", "--ruling", "nope=1"])
    assert bad.exit_code == 2 and "unknown ruling" in bad.output


@pytest.mark.parametrize("option, offered", [("forbid", False), ("allow", True)])
def test_empty_action_ruling(data, option, offered):
    from blackangel.interpreter.black_angel.sequence_a import die_uses

    engine = Engine.new_game(data, 2, 1, {"empty_action": option})
    state = engine.state
    state["display"] = [None] * len(state["display"])  # nothing to discover
    state["advanced_slots"] = [None] * len(state["advanced_slots"])
    orange = next(
        i for i, d in enumerate(state["dice"]) if d["color"] == "orange" and d["owner"] == 0
    )
    state["dice"][orange]["value"] = 2
    discover = next(n for n, (_, kind) in data.actions.items() if kind == "discover")
    uses = [u[0] for u in die_uses(engine, 0, orange)]
    assert (f"action:{discover}" in uses) is offered


@pytest.mark.parametrize("option, counted", [("count", 2), ("ignore", 1)])
def test_ejected_start_tiles_ruling(data, option, counted):
    engine = Engine.new_game(data, 2, 1, {"ejected_start_tiles": option})
    player = engine.state["players"][0]
    start_tile = next(t for t in player["grid"] if t is not None)
    player["ejected"] = [start_tile, data.tile_copies["tech"][0]]
    assert data.counters["ejected_tiles"](engine, 0, (), {}) == counted


@pytest.mark.parametrize(
    "option, hand_colour, break_room, ships_there, offered",
    [
        ("forbid", "green", 5, [], False),
        ("allow", "green", 5, [], True),
        ("allow", "orange", 5, [], False),  # no card of the die's colour to place
        ("allow", "green", 1, [], False),  # a pilot, but no robot for the card
        ("allow", "green", 5, [1, 2], False),  # the Black Angel's hex is full
        ("allow", "green", 5, [0], False),  # already a ship of hers there
    ],
)
def test_star_die_launch_ruling(data, option, hand_colour, break_room, ships_there, offered):
    """A green star: launching is offered only if the ruling lets a star die launch and
    the new ship and its card fit on the Black Angel's hex (green on st6's face a, seed
    1); with no ship in space, that decides whether the die can Command at all."""
    from blackangel.interpreter.black_angel.actions.command import can_command, command_ships

    engine = Engine.new_game(data, 3, 1, {"star_die_launch": option})
    state = engine.state
    state["space"]["face"]["st6"] = "a"
    assert state["space"]["black_angel"] == ["st6", 3]
    player = state["players"][0]
    player["hand"] = [m for m, card in data.missions.items() if card.color == hand_colour][:1]
    player["break_room"] = break_room
    if ships_there:
        state["space"]["ships"]["st6/3"] = ships_there
    launch = [key for key, _ in command_ships(engine, 0, 0, "green") if key == "launch"]
    assert bool(launch) is offered
    if not ships_there:
        assert can_command(engine, 0, 0, "green") is offered


def test_the_print_decides_start_tiles_and_unplaceable_damage(data):
    """Not rulings (EN, PL, DE A.1 and step 3 of a turn): a mission never activates a
    starting tile; a ravager's damage that finds no place is ignored, and costs no VP."""
    engine = Engine.new_game(data, 2, 1)
    start = next(t for t, tile in data.tiles.items() if tile.kind == "start_tile")
    assert not any(activated_by(engine, start, colour) for colour in data.colors)
    assert activated_by(engine, start, None)  # a ravager card activates it
    card, permanent = next(
        (r, p) for r, (_, p) in data.ravagers.items() if data.nodes[p].name == "damage_next_action"
    )
    state = engine.state
    state["actions"][1]["damage"] = data.numbers["board.damage_spaces"]
    colour = data.actions[2][0]
    for die in state["dice"]:
        if die["owner"] is None and die["color"] == colour:
            die["damaged"] = True
    assert engine.can(0, permanent, {"action": 1, "ravager": card})  # so strike costs no VP
    place_damage(engine, 2)
    assert state["log"][-1]["event"] == "damage_ignored"
