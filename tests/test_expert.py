"""The expert bot (interpreter/planner.py) and its estimate (black_angel/outlook.py): seeded
and deterministic, blind to what its seat cannot see, stronger than greedy, at home in
the solo game; none of these tests reads a clock."""

import copy
import math
import re

import pytest
from test_search import midgame, shuffled_world

from blackangel.dsl.compiler import compile_paths, load_shipped
from blackangel.interpreter import replay
from blackangel.interpreter.agents import (
    AGENTS,
    OPPONENT,
    GreedyAgent,
    make_agent,
    parse_agent,
    play,
)
from blackangel.interpreter.black_angel import outlook
from blackangel.interpreter.black_angel.scoring import advanced_points, position_value
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.planner import ExpertAgent, TurnSearch
from blackangel.interpreter.program import build

SMALL = 60  # nodes per decision: enough to play sensibly, quick enough for a test


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def small(seed: int) -> ExpertAgent:
    return ExpertAgent(seed, nodes=SMALL)


def test_expert_is_a_named_agent_with_a_node_budget():
    assert AGENTS["expert"] is ExpertAgent
    assert ExpertAgent().name == "expert"
    for bad in ({"nodes": 0}, {"worlds": 0}):
        with pytest.raises(ValueError):
            ExpertAgent(1, **bad)


def test_a_budget_named_after_a_bot_reaches_its_constructor():
    name, budget = parse_agent(" expert:nodes=2000:worlds=4 ")
    assert (name, budget) == ("expert", {"nodes": 2000, "worlds": 4})
    bot = make_agent("expert:nodes=70:worlds=2", 5)
    assert (bot.nodes, bot.worlds) == (70, 2)
    assert make_agent("mcts:iterations=7", 5).iterations == 7
    assert parse_agent("greedy") == ("greedy", {})


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("clever", "unknown agent 'clever'; agents: random, greedy, mcts, expert"),
        ("expert:node=5", "expert takes nodes=N and worlds=N"),
        ("expert:nodes", "expert takes nodes=N and worlds=N"),
        ("expert:nodes=5:nodes=6", "expert takes nodes=N and worlds=N"),
        ("greedy:nodes=5", "greedy takes no setting"),
        ("expert:nodes=0", "nodes takes a whole number from 1 to 1,000,000"),
        ("expert:worlds=-1", "worlds takes a whole number from 1 to 1,000"),
        ("mcts:iterations=1e3", "iterations takes a whole number from 1 to 1,000,000"),
        ("expert:nodes=٥", "nodes takes a whole number"),  # an Arabic-Indic digit
    ],
)
def test_a_bad_budget_is_refused_with_what_the_bot_takes(spec, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        parse_agent(spec)


def test_simulate_plays_and_records_a_budgeted_bot(tmp_path):
    """--agents takes a budget; the records and the summary name the bot with it, and a
    bad budget is a usage error (exit code 2, one line), not a traceback."""
    import json

    from click.testing import CliRunner

    from blackangel.cli.main import ba

    out = tmp_path / "games.jsonl"
    args = ["simulate", "--players", "2", "--games", "1", "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(ba, [*args, "--agents", "expert:nodes=20,greedy"])
    assert result.exit_code == 0, result.output
    assert "expert:nodes=20:" in result.output
    assert json.loads(out.read_text())["agents"] == ["expert:nodes=20", "greedy"]
    bad = CliRunner().invoke(ba, ["simulate", "--agents", "expert:nodes=x", "--games", "1"])
    assert bad.exit_code == 2 and "nodes takes a whole number" in bad.output
    assert "Traceback" not in bad.output


def test_the_expert_can_take_a_seat_in_the_browser_game():
    """ba serve's seats are its agents: the JSON API takes "expert" for a seat."""
    pytest.importorskip("starlette")
    from blackangel.web.session import BOTS

    assert "expert" in BOTS


def test_a_person_at_the_terminal_plays_against_the_expert_unless_told_otherwise():
    """`ba play --human`: the other seats are experts by default, the bots named by
    --agents when it is given. The person (seat 2) quits at once: the expert has played
    the first turn by then."""
    from click.testing import CliRunner

    from blackangel.cli.main import ba

    def first_seat(*agents: str) -> str:
        args = ["play", "--players", "2", "--seed", "3", "--human", "2", *agents]
        result = CliRunner().invoke(ba, args, input="q\n")
        assert result.exit_code == 0, result.stderr[-2000:]
        return result.stderr

    assert OPPONENT == "expert"
    assert "P1 (expert)" in first_seat()
    shown = first_seat("--agents", "greedy")
    assert "P1 (greedy)" in shown and "P1 (expert)" not in shown


def test_the_browser_game_seats_the_expert_opposite_a_person_by_default(tmp_path):
    """ba serve: the start page preselects the expert for every seat but the first, and a
    game started through the API without seats puts experts beside the person."""
    pytest.importorskip("starlette")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette's note on the httpx version
        from starlette.testclient import TestClient

        from blackangel.web.app import create_app

        client = TestClient(create_app(tmp_path / "games.sqlite3", load_shipped()))
    page = client.get("/").text
    for seat in (1, 2, 3):
        select = re.search(rf'<select[^>]*name="seat{seat}".*?</select>', page, re.S)
        assert select and '<option value="expert" selected>' in select.group(0), seat
    first = re.search(r'<select[^>]*name="seat0".*?</select>', page, re.S)
    assert first and '<option value="person" selected>' in first.group(0)
    answer = client.post("/api/games", json={"players": 3, "seed": 1})
    assert answer.status_code == 201, answer.text
    assert [seat["kind"] for seat in answer.json()["seats"]] == ["person", "expert", "expert"]


def test_the_same_seed_plays_the_same_game(data):
    """Two games with the same seeds, the expert in both seats of a 3-player game, are the
    same choice for choice."""

    def game():
        return play(Engine.new_game(data, 3, 4), [small(1), small(2), GreedyAgent(3)])

    first, second = game(), game()
    assert replay.record(first) == replay.record(second)
    assert first.is_terminal() and problems(first) == []


def test_the_search_stays_within_its_budget(data):
    """Over budget only by the options of the last position expanded, never by more."""
    engine = midgame(data, 2, 3, 12)
    seat = engine.decision().player
    bot = small(5)
    search = TurnSearch(engine.clone(log=False), seat, bot.value)
    found = search.run(SMALL)
    assert set(found) <= set(engine.legal_options()) and found
    assert search.made <= SMALL + 40


def test_every_option_dived_into_is_followed_to_an_end_of_turn(data):
    """At the start of a turn both sequences are followed to an end of turn on a small
    budget: a dive goes into the best position just made, so it costs the turn's length
    times its options. Best-first alone could spend the budget across the first decisions
    of a long sequence A and leave it worth nothing (seed 3 did, at 200 copies)."""
    for seed in range(1, 13):
        engine = midgame(data, 2, seed, 40)
        wanderer = GreedyAgent(seed)
        while not {"sequence_a", "sequence_b"} <= set(engine.legal_options()):
            engine.apply(wanderer.choose(engine, engine.decision()))
        seat = engine.decision().player
        found = TurnSearch(engine.clone(log=False), seat, small(seed).value).run(200)
        assert all(math.isfinite(found.get(o, -math.inf)) for o in ("sequence_a", "sequence_b"))


def test_a_turn_that_rolls_is_valued_where_it_ends_not_at_the_roll(data):
    """Sequence B rolls first and then moves the Black Angel on (a shorter game, cards
    ejected): the search values it after the advance. Valued at the roll, as it once
    was, a reroll looked free of the advance, and the expert rerolled holding dice."""
    engine = midgame(data, 2, 4, 30)
    wanderer = GreedyAgent(4)
    while "sequence_b" not in engine.legal_options():
        engine.apply(wanderer.choose(engine, engine.decision()))
    seat = engine.decision().player
    bot = small(4)
    before = outlook.advances_to_spes(engine.state["space"])
    valued = []

    def value(game, who):
        worth = bot.value(game, who)
        valued.append((worth, outlook.advances_to_spes(game.state["space"]) < before))
        return worth

    found = TurnSearch(engine.clone(log=False), seat, value).run(SMALL)
    assert (found["sequence_b"], True) in valued


def test_the_expert_does_not_read_the_dice_or_the_hidden_cards(data, monkeypatch):
    """Two games that differ only in what the deciding seat cannot see (the generator, the
    deck orders, the other player's cards of each colour): the bot, seeded alike, weighs
    every option the same in both. Where it skips the determinization, and so plans on
    the real decks, some weight differs: the comparison can fail."""
    seeds = range(4)

    def weights():
        out = []
        for seed in seeds:
            engine = midgame(data, 2, seed, 10 + seed)
            twin = shuffled_world(engine, engine.decision().player, seed)
            assert twin.state != engine.state
            mine = small(seed).weigh(engine, engine.decision())
            theirs = small(seed).weigh(twin, twin.decision())
            out.append((mine, theirs))
        return out

    assert all(a == b for a, b in weights())
    monkeypatch.setattr(Engine, "determinize", lambda engine, seat, rng: None)
    assert any(a != b for a, b in weights())


def test_a_finished_game_is_worth_its_final_scores(data):
    """Ending the game earns nothing by itself: the estimate of a finished game is its
    final score, and an unfinished game's estimate already counts the advanced tiles as
    final scoring would."""
    engine = play(Engine.new_game(data, 2, 8), [small(1), GreedyAgent(2)])
    for seat in range(2):
        assert outlook.outlook(engine, seat) == engine.state["scores"][seat]
    engine = midgame(data, 2, 8, 30)
    for seat in range(2):
        p = engine.state["players"][seat]
        assert outlook.expected_score(engine, seat) >= p["vp"] + advanced_points(engine, seat)


def test_the_estimate_is_the_sum_of_its_named_terms(data):
    """`estimate_terms` takes the estimate apart (benchmarks/estimate_fit.py fits each term
    against final scores): the same parts, added in the same order, give the same float."""
    engine = midgame(data, 2, 8, 30)
    for seat in range(2):
        terms = outlook.estimate_terms(engine, seat)
        assert terms["track"] == engine.state["players"][seat]["vp"]
        assert terms["advanced_tiles"] == advanced_points(engine, seat)
        assert {"grid_lines", "actions", "mission_ejections", "items", "conversion"} <= set(terms)
        assert sum(terms.values()) == pytest.approx(outlook.expected_score(engine, seat))


def test_advances_to_spes_counts_the_strips_the_black_angel_has_to_cross(data):
    engine = Engine.new_game(data, 2, 1)
    space = engine.state["space"]
    before = outlook.advances_to_spes(space)
    assert before > 1
    # one advance as sequence B makes it (sequence_b.py): the line moves on one strip
    order = space["order"]
    space["black_angel"][0] = order[order.index(space["black_angel"][0]) + 1]
    first = order.pop(0)
    order.append(first)
    if space["spes_token"] == first:
        space["spes_token"], space["spes_tile"] = None, first
    assert outlook.advances_to_spes(space) == before - 1


def test_the_turns_left_in_the_solo_game_count_hals_rolls(data):
    """Hal advances the Black Angel when he rolls, as a player does at a reroll, so in the
    solo game an advance comes after half as many of the player's turns as it would for a
    seat alone (the final round's turn aside)."""
    engine = Engine.new_game(data, 1, 6)
    against_hal = outlook.turns_left(engine)
    engine.state["hal"] = None
    alone = outlook.turns_left(engine)
    assert against_hal - 1.0 == pytest.approx((alone - 1.0) / 2)


def test_tiles_of_one_colour_in_one_line_are_worth_more_than_apart(data):
    """A mission card beside the grid activates the tiles of its colour in one row or
    column: two orange tiles in a row produce together, an orange and a green one do not
    (each pair is worth as much in a row as apart)."""

    def worth(placed: list[tuple[int, str]]) -> float:
        engine = Engine.new_game(data, 2, 1)
        grid = engine.state["players"][0]["grid"]
        for cell, tile in placed:
            assert grid[cell] is None
            grid[cell] = tile
        return outlook.expected_score(engine, 0)

    assert worth([(1, "t_or05"), (2, "t_or06")]) > worth([(1, "t_or05"), (5, "t_or06")]) + 1
    assert worth([(1, "t_or05"), (2, "t_gn05")]) == pytest.approx(
        worth([(1, "t_or05"), (5, "t_gn05")])
    )


def test_a_gain_per_card_owned_is_valued_with_the_cards_owned_now(data):
    """m017 gives its owner 3 VP per gray mission it owns in space when it is ejected: a
    gray card added beyond the first strip is worth 3 VP more to a seat that owns m017
    than to one that does not; on the first strip (ejected first) it adds nothing to it."""
    gray = [m for m in sorted(data.missions) if data.missions[m].color == "gray"]

    def added_worth(with_m017: bool, strip: int) -> float:
        engine = Engine.new_game(data, 2, 1)
        space = engine.state["space"]
        order = space["order"]
        cards = space["cards"]
        if with_m017:
            cards[f"{order[-1]}/1"] = {"mission": "m017", "owner": 0, "robot": True}
        cards[f"{order[-1]}/2"] = {"mission": gray[0], "owner": 0, "robot": True}
        before = outlook.expected_score(engine, 0)
        cards[f"{order[strip]}/3"] = {"mission": gray[1], "owner": 0, "robot": True}
        return outlook.expected_score(engine, 0) - before

    assert added_worth(True, -2) - added_worth(False, -2) == pytest.approx(3.0)
    assert added_worth(True, 0) == pytest.approx(added_worth(False, 0))


def test_an_ejection_counts_only_where_the_game_will_still_eject_the_strip(data):
    """m015 gives its owner 3 VP when it is ejected. With the Black Angel one advance from
    Spes only the first strip will be ejected (by that advance), so the card is worth its
    3 VP there and not on the second strip; once the end is triggered, nowhere."""

    def worth(strip: int, end_triggered: bool) -> float:
        engine = Engine.new_game(data, 2, 1)
        space = engine.state["space"]
        order = space["order"]
        space["spes_token"] = None
        space["spes_tile"] = order[order.index(space["black_angel"][0]) + 1]
        assert outlook.advances_to_spes(space) == 1
        if end_triggered:
            engine.state["turn"]["end_trigger"] = "spes"
        before = outlook.expected_score(engine, 0)
        space["cards"][f"{order[strip]}/1"] = {"mission": "m015", "owner": 0, "robot": True}
        return outlook.expected_score(engine, 0) - before

    assert worth(0, False) - worth(1, False) == pytest.approx(3.0)
    assert worth(0, True) == pytest.approx(worth(1, True))


def test_a_ship_on_a_card_is_valued_with_its_part_of_the_ejection(data):
    """m015 gives 3 VP to its owner and to each other player with a ship on it when it is
    ejected; m016 gives 3 VP to every ship on it (its owner's part is ships). A ship on
    such a card is worth that part more than a ship on a hex with no card, except the
    owner's own ship on m015 (the owner gets the shared part once, counted with the card)."""

    def added_by_ship(seat: int, mission: str | None) -> float:
        engine = Engine.new_game(data, 2, 1)
        space = engine.state["space"]
        key = f"{space['order'][-1]}/1"
        if mission is not None:
            space["cards"][key] = {"mission": mission, "owner": 0, "robot": True}
        before = outlook.expected_score(engine, seat)
        space["ships"][key] = [seat]
        return outlook.expected_score(engine, seat) - before

    for seat, mission, part in (
        (1, "m015", 3.0),
        (1, "m016", 3.0),
        (0, "m015", 0.0),
        (0, "m016", 3.0),
    ):
        assert added_by_ship(seat, mission) - added_by_ship(seat, None) == pytest.approx(part)


def test_the_expert_plays_solo_against_hal(data):
    engine = play(Engine.new_game(data, 1, 6), [small(1)])
    assert engine.is_terminal() and problems(engine) == []
    assert engine.state["scores"] is not None


@pytest.mark.slow
def test_the_expert_beats_greedy(data):
    """Six 2-player games, the expert first in three and second in the others. Between
    greedy bots the difference of two seats' scores spreads by about 5 VP a game (standard
    deviation over 20 seeded games), so by 12 over six games; the expert must win five
    and outscore greedy by 30 VP over the six, 2.5 such spreads (less than 1 chance in
    100 for equal bots)."""
    wins, margin = 0, 0
    for seed in range(6):
        expert_seat = seed % 2
        bots = [GreedyAgent(seed), GreedyAgent(seed)]
        bots[expert_seat] = ExpertAgent(seed)
        engine = play(Engine.new_game(data, 2, 100 + seed, log=False), bots)
        scores = engine.state["scores"]
        wins += scores[expert_seat] > scores[1 - expert_seat]
        margin += scores[expert_seat] - scores[1 - expert_seat]
    assert wins >= 5 and margin >= 30, (wins, margin)


FINAL_BONUS = "trigger scrap_bonus {\n  on final_scoring\n  effect: gain 3 vp\n}\n"


def test_a_final_scoring_trigger_is_not_credited_to_the_option_that_ends_the_game(data, tmp_path):
    """A mod gives every seat 3 VP at final scoring. Greedy's estimate (`position_value`)
    and the expert's (`outlook`) count those points before the game ends as well as
    after, so the last decision of a game gains the same under the mod as under the
    shipped rules: ending the game earns no share of them. Without the fix a game still
    going lacked them and the option that ended it gained them all."""
    path = tmp_path / "bonus.ba"
    path.write_text(FINAL_BONUS, encoding="utf-8")
    modded = build(compile_paths([path], on_base=True).ruleset)
    engine = Engine.new_game(modded, 2, 8, log=False)
    bots = [GreedyAgent(1), GreedyAgent(2)]
    while True:  # up to the decision whose answer ends the game
        before = engine.clone(log=False)
        decision = engine.decision()
        choice = bots[decision.player].choose(engine, decision)
        engine.apply(choice)
        if engine.is_terminal():
            break
    rules = {"mod": modded, "shipped": data}
    gains, tracks = {}, {}
    for name, rule_set in rules.items():
        last = Engine(rule_set, copy.deepcopy(before.state), log=False)
        end = last.clone(log=False)
        end.apply(choice)
        assert end.is_terminal()
        for estimate in (position_value, outlook.outlook):
            for seat in range(2):
                gains[name, estimate, seat] = estimate(end, seat) - estimate(last, seat)
        tracks[name] = [p["vp"] for p in end.state["players"]]
    assert tracks["mod"] == [vp + 3 for vp in tracks["shipped"]], "the trigger did not run"
    for estimate in (position_value, outlook.outlook):
        for seat in range(2):
            assert gains["mod", estimate, seat] == pytest.approx(
                gains["shipped", estimate, seat]
            ), (estimate.__name__, seat)
