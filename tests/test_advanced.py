"""The advanced rules (English rulebook, "Advanced rules" and the appendix's boost sides):
tiles come into play boost side up, a 1x effect improves one action and flips its tile,
only standard-side tiles are activated, A.3 draws two cards and keeps one."""

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build

ADVANCED = ["advanced"]


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def new_game(data, seed=4, **rulings) -> Engine:
    """A 2-player advanced game at its first decision (player 1 chooses a sequence)."""
    engine = Engine.new_game(data, 2, seed, rulings, ADVANCED)
    assert engine.decision().player == 0
    return engine


def give(engine: Engine, grid: dict[int, str], dice: list[tuple[str, int]], boost=()) -> None:
    """Player 1's grid cells and dice (taken from the supply); the tiles in `boost` lie boost
    side up, the others standard side up."""
    state = engine.state
    player = state["players"][0]
    for cell, tile in grid.items():
        for where in state["stacks"].values():
            if tile in where:
                where.remove(tile)
        old = player["grid"][cell]
        if old is not None and engine.data.tiles[old].kind == "start_tile":
            state["tiles_in_box"].append(old)
        elif old is not None:
            state["sides"].pop(old, None)
            state["tile_discard"].append(old)
        player["grid"][cell] = tile
        state["sides"][tile] = "boost" if tile in boost else "standard"
    for die in state["dice"]:
        if die["owner"] == 0:
            die.update(owner=None, reserved=False)
    for colour, value in dice:
        die = next(d for d in state["dice"] if d["owner"] is None and d["color"] == colour)
        die.update(owner=0, value=value, damaged=False)
    assert problems(engine) == []


def choose(engine: Engine, *wanted: str) -> None:
    """Answer the next decisions: each `wanted` is an option id or a part of a label."""
    for want in wanted:
        decision = engine.decision()
        hits = [o.id for o in decision.options if want == o.id or want in o.label]
        assert len(hits) == 1, (want, [(o.id, o.label) for o in decision.options])
        engine.apply(hits[0])


def action(number: int):
    """An answer for kinds_until: use the die on board action `number`, else the first option."""
    return lambda d: f"action:{number}" if d.kind == "choose_use" else d.options[0].id


def kinds_until(engine: Engine, kind: str, answer=lambda d: d.options[0].id) -> list[str]:
    """Answer decisions (the first option, unless told) until one of `kind` comes."""
    seen = []
    while (decision := engine.decision()) is not None and decision.kind != kind:
        seen.append(decision.kind)
        engine.apply(answer(decision))
    return seen


def test_tiles_come_into_play_boost_side_up(data):
    engine = new_game(data)
    display = [t for t in engine.state["display"] if t is not None]
    assert display and all(engine.state["sides"][t] == "boost" for t in display)
    basic = Engine.new_game(data, 2, 4)
    assert basic.state["sides"] == {}


def test_set_die_value_boost_on_a_chosen_die(data):
    """Boost B2: set a die of the tile's colour to 3, then act with it; the tile flips."""
    engine = new_game(data)
    give(engine, {0: "t_or02"}, [("orange", 1)], boost={"t_or02"})
    choose(engine, "sequence a", "no", "use your orange 1")
    decision = engine.decision()
    assert decision.kind == "boost"
    assert [o.id for o in decision.options] == ["boost:t_or02", "none"]
    choose(engine, "boost:t_or02")
    assert engine.state["sides"]["t_or02"] == "standard"
    orange = next(d for d in engine.state["dice"] if d["owner"] == 0 and d["color"] == "orange")
    assert orange["value"] == 3
    assert any(e["event"] == "boost" and e["tile"] == "t_or02" for e in engine.state["log"])


def test_set_die_color_boost_acts_as_another_colour_and_draws_the_own_colour(data):
    """Boost B3 (t_or03 names gray): a gray die acts as orange; A.3 then draws two cards of
    the die's own colour, gray, and keeps one."""
    engine = new_game(data)
    give(engine, {0: "t_or03"}, [("gray", 2)], boost={"t_or03"})
    choose(engine, "sequence a", "no", "use your gray 2", "boost:t_or03")
    decision = engine.decision()
    assert decision.kind == "as_color"
    assert {o.id for o in decision.options} <= {"color:orange", "color:green"}
    choose(engine, "color:orange")
    uses = engine.decision()
    orange_actions = {f"action:{n}" for n, (c, _) in data.actions.items() if c == "orange"}
    assert uses.kind == "choose_use" and {o.id for o in uses.options} <= orange_actions
    hand = list(engine.state["players"][0]["hand"])
    kinds_until(engine, "keep")
    keep = engine.decision()
    drawn = [o.id.split(":")[1] for o in keep.options]
    assert len(drawn) == 2 and all(data.missions[c].color == "gray" for c in drawn)
    engine.apply(keep.options[0].id)
    assert engine.state["players"][0]["hand"] == [*hand, drawn[0]]
    assert drawn[1] in engine.state["mission_discard"]["gray"]


def test_gain_on_action_boost_while_performing_its_action(data):
    """Boost B1: 2 VP when performing the action the tile names (t_or01: action 1)."""
    engine = new_game(data)
    give(engine, {0: "t_or01"}, [("orange", 2)], boost={"t_or01"})
    vp = engine.state["players"][0]["vp"]
    choose(engine, "sequence a", "no", "use your orange 2")
    seen = kinds_until(
        engine, "boost", lambda d: "action:1" if d.kind == "choose_use" else d.options[0].id
    )
    assert "choose_use" in seen
    choose(engine, "boost:t_or01")
    assert engine.state["players"][0]["vp"] == vp + 2


def test_free_reserve_boost_in_sequence_b(data):
    """Boost B4: in sequence B, a free reservation of a die of the tile's colour, besides
    the paid one."""
    engine = new_game(data)
    give(engine, {0: "t_or04"}, [], boost={"t_or04"})  # t_or04 names green
    choose(engine, "sequence b")
    paid = engine.decision()
    assert paid.kind == "optional" and "reserve" in paid.prompt
    choose(engine, "yes")
    dice = engine.state["dice"]
    orange = next(o.id for o in engine.decision().options if "orange" in o.label)
    engine.apply(orange)
    choose(engine, "boost:t_or04")
    free = engine.decision()
    assert free.kind == "reserve" and all("green" in o.label for o in free.options)
    engine.apply(free.options[0].id)
    reserved = sorted(d["color"] for d in dice if d["owner"] == 0 and d["reserved"])
    assert reserved == ["green", "orange"]
    assert engine.state["sides"]["t_or04"] == "standard"
    assert engine.state["players"][0]["storage"]["resource"] == 0  # only one paid for


@pytest.mark.parametrize("answer, activated", [("flip", True), ("keep", False)])
def test_only_standard_side_tiles_are_activated_unless_flipped_early(data, answer, activated):
    """A card beside a row activates its standard-side tiles; a boost tile only if the player
    flips it early, giving up its 1x effect."""
    engine = new_game(data)
    give(engine, {0: "t_or01", 1: "t_or05", 2: "t_or07"}, [("gray", 2)], boost={"t_or01"})
    hand = engine.state["players"][0]["hand"]
    card = next(c for c in hand if data.missions[c].color == "orange")
    choose(engine, "sequence a", "yes", f"play:{card}:0")
    assert engine.decision().kind == "early_flip"
    choose(engine, answer)
    kinds_until(engine, "choose_die")  # the tiles activated, in the order offered
    activated_tiles = {e["tile"] for e in engine.state["log"] if e["event"] == "activate"}
    assert ("t_or01" in activated_tiles) is activated
    assert engine.state["sides"]["t_or01"] == ("standard" if activated else "boost")


@pytest.mark.parametrize("option, second", [("one_per_action", False), ("several", True)])
def test_combine_boosts_ruling(data, option, second):
    """PL edition: several 1x effects may improve one action (change the colour, then set
    the die to 3); EN and DE: one per action."""
    engine = new_game(data, combine_boosts=option)
    give(engine, {0: "t_gn01", 1: "t_or02"}, [("orange", 1)], boost={"t_gn01", "t_or02"})
    choose(engine, "sequence a", "no", "use your orange 1", "boost:t_or02")
    assert (engine.decision().kind == "boost") is second


@pytest.mark.parametrize("option, offered", [("forbid", False), ("flip", True)])
def test_debris_on_boost_tiles_ruling(data, option, offered):
    """PL edition: Repair may flip a boost tile to put the debris on its lightning space."""
    engine = new_game(data, debris_on_boost_tiles=option)
    give(engine, {0: "t_gy02"}, [("gray", 1)], boost={"t_gy02"})
    engine.state["actions"][2]["damage"] = 1  # repair is action 3
    choose(engine, "sequence a", "no", "use your gray 1")
    kinds_until(
        engine, "debris", lambda d: "action:3" if d.kind == "choose_use" else d.options[0].id
    )
    ids = engine.legal_options()
    assert ("tile:0" in ids) is offered


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_in_advanced_games(data, players):
    """Components are conserved, and every technology tile in view lies on exactly one
    side, after every step of 700 advanced games per player count."""
    for seed in range(700):
        engine = Engine.new_game(data, players, seed, variants=ADVANCED)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        steps = 0
        while (d := engine.decision()) is not None:
            engine.apply(agents[d.player].choose(engine, d))
            steps += 1
            found = problems(engine)
            assert found == [], (seed, steps, found, engine.state["log"][-5:])
        assert engine.is_terminal()


def test_advanced_games_use_every_kind_of_boost(data):
    """Random bots meet every kind of 1x effect and flip tiles early (within 200 games)."""
    wanted = {
        "1x set_die_value",
        "1x set_die_color",
        "1x gain_on_action",
        "1x free_reserve",
        "tiles flipped early (early)",
    }
    seen: set[str] = set()
    for seed in range(200):
        players = 2 + seed % 3
        engine = play(
            Engine.new_game(data, players, seed, variants=ADVANCED),
            [RandomAgent(seed * 10 + i) for i in range(players)],
        )
        seen |= set(engine.data.game.tally(engine))
        if wanted <= seen:
            break
    assert wanted <= seen
