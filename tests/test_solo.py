"""The solo game against Hal: set-up, his turn, the rulings about him, who wins, the
commands, and invariants over many seeded games. His rules one by one are the
scenarios tests/scenarios/solo_*.toml; this file checks what scenarios cannot say
easily (counts, rulings' alternatives, many games)."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import replay, scenario
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.black_angel import hal
from blackangel.interpreter.black_angel.layout import HAL
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build
from blackangel.interpreter.rulings import resolve

LEVELS = {"easy": 0, "standard": 5, "difficult": 10, "extreme": 15}


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def solo(data, seed=1, **rulings) -> Engine:
    chosen = resolve(data, None, [f"{k}={v}" for k, v in rulings.items()])
    return Engine.new_game(data, 1, seed, chosen)


def finish(engine: Engine, seed=1) -> Engine:
    return play(engine, [RandomAgent(seed)])


def run_now(engine: Engine, frame: dict | None = None, effect: int | None = None) -> None:
    """Run a primitive's frame or an effect for Hal (or a seat) at once: the pending
    decision is asked again afterwards."""
    engine.state["pending"] = None
    if frame is not None:
        engine.push({"op": "prim", "args": (), "ctx": {}, **frame})
    else:
        assert effect is not None
        engine.run_effect(HAL, effect, {})
    engine.run()


def events(engine: Engine, name: str) -> list[dict]:
    return [e for e in engine.state["log"] if e["event"] == name]


# ---- set-up ------------------------------------------------------------------------------
def test_one_player_is_a_supported_count(data):
    assert data.player_counts() == [1, 2, 3, 4]
    assert data.difficulty_ruling(1) == "hal_difficulty"
    assert data.difficulty_ruling(3) is None


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_solo_set_up(data, level):
    engine = solo(data, hal_difficulty=level)
    state = engine.state
    assert len(state["players"]) == 1 and state["neutral"] is None
    assert Counter(d["color"] for d in state["dice"]) == {"orange": 4, "gray": 4, "green": 4}
    assert len(state["space"]["order"]) == 5
    assert len(state["ravagers_in_box"]) == 12
    h = state["hal"]
    assert h["vp"] == LEVELS[level]
    assert h["workstations"] == {"orange": 1, "gray": 1, "green": 1} and h["break_room"] == 13
    assert sorted(h["deck"]) == sorted(data.hal_cards) and state["hal_cards_in_box"] == []
    # one die of each colour rolled for him at set-up, like every player
    assert sorted(state["dice"][i]["color"] for i in hal.dice_of(engine, HAL)) == [
        "gray",
        "green",
        "orange",
    ]
    # the player is first: the first decision is theirs, and Hal has no player aid
    assert engine.decision().player == 0
    assert state["players"][0]["aid"] == 1


def test_multiplayer_games_keep_hal_in_the_box(data):
    engine = Engine.new_game(data, 3, 1)
    assert engine.state["hal"] is None
    assert sorted(engine.state["hal_cards_in_box"]) == sorted(data.hal_cards)
    assert data.game.rival(engine.state) is None


def test_hal_player_aid_ruling(data):
    """PL: no aid for Hal (the default); second_position: aid 2's resource, as 1 VP."""
    assert solo(data).state["hal"]["vp"] == 5
    assert solo(data, hal_player_aid="second_position").state["hal"]["vp"] == 6


# ---- his turn ------------------------------------------------------------------------------
def test_hal_plays_after_every_turn_of_the_player(data):
    engine = finish(solo(data, seed=7), seed=7)
    turns = [e["event"] for e in engine.state["log"] if e["event"] in ("turn", "hal_turn")]
    assert turns and turns[0] == "turn" and turns[-1] == "hal_turn"
    assert all(a != b for a, b in zip(turns, turns[1:]))  # strictly alternating
    rounds = [e["round"] for e in events(engine, "hal_turn")]
    assert rounds == sorted(rounds) and len(set(rounds)) == len(rounds)


def test_each_card_turn_reads_a_half_or_falls_back(data):
    """Every card turn: a card revealed, then a half read (first or second) or, neither
    colour being available, a die of the third colour dropped for 3 VP."""
    for seed in range(20):
        engine = finish(solo(data, seed=seed), seed=seed)
        log = engine.state["log"]
        for i, event in enumerate(log):
            if event["event"] != "hal_reveals":
                continue
            after = next(e for e in log[i + 1 :] if e["event"] in ("hal_reads", "hal_drops_die"))
            if after["event"] == "hal_reads":
                first = {"a": "top", "b": "bottom", "pass": "bottom"}[event["after"]]
                assert (after["half"] == first) == (after["which"] == "first")


def test_his_deck_is_reshuffled_when_it_runs_out(data):
    engine = solo(data)
    h = engine.state["hal"]
    h["discard"], h["deck"] = h["deck"][1:], h["deck"][:1]
    finish(engine)
    assert events(engine, "hal_reshuffle")
    cards = h["deck"] + h["discard"] + h["revealed"]
    assert sorted(cards) == sorted(data.hal_cards)


def test_damaged_dice_ruling(data):
    """A34: rolling a damaged die costs Hal 1 VP (lose_vp, the default) or nothing."""
    for option, loss in (("lose_vp", 1), ("no_loss", 0)):
        engine = solo(data, hal_damaged_dice=option)
        state = engine.state
        for index in hal.dice_of(engine, HAL):
            state["dice"][index]["owner"] = None
        for die in state["dice"]:
            if die["owner"] is None:
                die["damaged"] = die["color"] == "green"
        before = state["hal"]["vp"]
        run_now(engine, {"seat": HAL, "name": "hal_roll"})
        assert state["hal"]["vp"] == before - loss
        assert events(engine, "hal_rolls")[-1]["damaged"] == 1


def test_hal_only_ruling_ignores_the_players_dice_for_availability(data):
    engine = solo(data)
    state = engine.state
    for index in hal.dice_of(engine, HAL):
        state["dice"][index]["owner"] = None
    mine = next(i for i, d in enumerate(state["dice"]) if d["owner"] == 0 and d["color"] == "gray")
    state["dice"][mine]["value"] = 3
    assert hal.die_for(engine, "gray") == (mine, True)
    state["rulings"]["hal_die_availability"] = "hal_only"
    assert hal.die_for(engine, "gray") is None
    state["dice"][mine]["reserved"] = True
    state["rulings"]["hal_die_availability"] = "hal_or_player"
    assert hal.die_for(engine, "gray") is None  # a reserved die is never his


def test_command_with_no_free_hex_gives_the_fallback_and_draws_nothing(data):
    """A33: no free hex of the die's colour on any strip: 3 VP, no card drawn."""
    from blackangel.interpreter.black_angel import hal_actions

    engine = solo(data)
    state = engine.state
    index = next(i for i in hal.dice_of(engine, HAL) if state["dice"][i]["color"] == "gray")
    state["hal"]["die"] = index
    for strip in state["space"]["order"]:
        for pos in hal_actions.free_hexes(engine, strip, "gray"):
            state["space"]["cards"][f"{strip}/{pos}"] = {
                "mission": state["mission_deck"]["orange"].pop(),
                "owner": 0,
                "robot": None,
            }
    assert not hal_actions.can_command(engine, HAL, (), {})
    deck = list(state["mission_deck"]["gray"])
    bottom = data.hal_cards["h02"]["bottom"]  # a gray die to command
    state["hal"]["die"] = None
    before = state["hal"]["vp"]
    run_now(engine, effect=bottom)
    assert state["mission_deck"]["gray"] == deck
    assert state["hal"]["vp"] == before + 3
    assert events(engine, "hal_fallback")[-1]["why"] == "nothing_to_do"


def test_card_ejection_ruling_nothing_else(data):
    """A22: with nothing_else, a passenger on Hal's ejected card gets nothing either."""
    for option, ships in (("passengers_paid", 4), ("nothing_else", 1)):
        engine = solo(data, hal_card_ejection=option)
        state = engine.state
        first = state["space"]["order"][0]
        key = f"{first}/1"
        state["space"]["cards"][key] = {"mission": "m013", "owner": HAL, "robot": HAL}
        state["mission_deck"]["orange"].remove("m013")
        state["hal"]["break_room"] -= 1
        state["space"]["ships"][key] = [0]
        state["players"][0]["supply_robots"] -= 1
        run_now(engine, {"seat": 0, "name": "advance_black_angel"})
        assert state["players"][0]["storage"]["ship"] == ships, option
        assert state["hal"]["vp"] == 8 and state["hal"]["break_room"] == 13
        assert problems(engine) == []


def test_hal_answers_a_choice_with_what_is_worth_most_to_him(data):
    """An `or` in an effect run for Hal: the option worth the most VP by his weights."""
    engine = solo(data)
    effect = data.lower(load_shipped_effect(data, "take 1 ship or gain 2 vp or take 1 debris"))
    run_now(engine, effect=effect)
    choice = events(engine, "automaton_choice")[-1]
    assert choice["seat"] == HAL and choice["label"] == "gain 2 VP"
    assert engine.state["hal"]["vp"] == 7


def load_shipped_effect(data, text: str):
    from blackangel.dsl.parser import parse_text

    source, errors = parse_text(f"trigger t {{\n  on setup_done\n  effect: {text}\n}}\n", "x.ba")
    assert source is not None and not errors
    return source.items[0].children[1].effect


# ---- who wins ------------------------------------------------------------------------------
def test_the_player_must_beat_hal_strictly(data):
    engine = finish(solo(data))
    score = engine.state["scores"][0]
    for hal_vp, won in ((score - 1, 1.0), (score, 0.0), (score + 1, 0.0)):
        engine.state["hal"]["vp"] = hal_vp
        engine.state["winners"] = None  # decided again from the scores
        assert engine.returns() == [won]
    assert data.game.rival(engine.state) == ("Hal", score + 1)


def test_hal_scores_nothing_at_the_end(data):
    engine = finish(solo(data, seed=3), seed=3)
    final = events(engine, "hal_final")
    assert final == [
        {"event": "hal_final", "total": engine.state["hal"]["vp"], "turn": final[0]["turn"]}
    ]
    assert engine.state["turn"]["end_trigger"] in ("spes", "ravagers")


# ---- the commands --------------------------------------------------------------------------
def run(*args):
    result = CliRunner().invoke(ba, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.output


def test_play_solo_prints_hals_turns_and_the_winner():
    code, out = run("play", "--solo", "--seed", "2", "--agents", "random")
    assert code == 0, out
    assert out.startswith("Black Angel, 1 player against Hal, seed 2")
    assert "-- round 1, Hal --" in out and "Hal reveals h" in out and "he reads its" in out
    assert "Hal: " in out and "winner:" in out


def test_difficulty_option(data):
    code, out = run("play", "--solo", "--difficulty", "extreme", "--json", "--agents", "random")
    assert code == 0
    played = json.loads(out)
    assert played["players"] == 1 and played["rival"]["name"] == "Hal"
    assert run("play", "--players", "3", "--difficulty", "easy")[0] == 2
    assert run("play", "--solo", "--difficulty", "impossible")[0] == 2
    assert run("play", "--solo", "--players", "2")[0] == 2


def test_simulate_solo_reports_hal(data):
    code, out = run("simulate", "--solo", "--games", "3", "--json", "--difficulty", "easy")
    assert code == 0, out
    summary = json.loads(out)
    assert summary["players"] == 1 and summary["rulings"]["hal_difficulty"] == "easy"
    rival = summary["rival"]
    assert rival["name"] == "Hal" and rival["wins"] + summary["wins_by_seat"][0] == 3
    code, out = run("simulate", "--solo", "--games", "2", "--agents", "greedy")
    assert code == 0 and "2 games, 1 player against Hal" in out and "  Hal: " in out


def test_human_sees_hals_turn_before_deciding(tmp_path):
    answers = "\n".join(["1"] * 3000)
    result = CliRunner().invoke(
        ba, ["play", "--solo", "--human", "1", "--seed", "4"], input=answers
    )
    assert result.exit_code == 0, result.output[-2000:]
    before_second_turn = result.output.split("-- round 2, P1 (human) --")[0]
    assert "-- round 1, Hal --" in before_second_turn
    assert "Hal reveals" in before_second_turn or "Hal rolls" in before_second_turn
    assert "Hal: " in before_second_turn  # his VP in the position shown


def test_replay_of_a_solo_game(data, tmp_path):
    engine = play(solo(data, seed=5, hal_difficulty="difficult"), [GreedyAgent(5)])
    recorded = replay.load(json.dumps(replay.record(engine)))
    again = replay.rerun(data, recorded)
    assert again.state["log"] == engine.state["log"]
    assert again.state["hal"]["vp"] == engine.state["hal"]["vp"]


def test_cards_of_hal_have_rules_text():
    code, out = run("cards", "h01")
    assert code == 0
    assert "Top half: Take the highest orange die" in out
    assert "discover technology: an Advanced tile first" in out
    assert "Bottom half: Take the highest gray die" in out and "gain 3 VP instead" in out


# ---- scenario files ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, message",
    [
        ("players = 3\nseed = 1\n[hal]\nvp = 3\n", "Hal plays only in the solo game"),
        ("players = 1\nseed = 1\n[hal]\nvpp = 3\n", "unknown key 'vpp'"),
        ("players = 1\nseed = 1\n[hal]\ndice = ['gray 3 reserved']\n", "never reserves"),
        ("players = 1\nseed = 1\n[hal]\nnext_cards = ['h99']\n", "no card 'h99'"),
        ("players = 1\nseed = 1\n[hall]\nvp = 3\n", "did you mean 'hal'"),
    ],
)
def test_unusable_hal_tables(data, tmp_path, text, message):
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    result = scenario.run_file(data, path)
    assert result.status == "error" and message in result.failures[0], result.failures


# ---- many games ----------------------------------------------------------------------------
@pytest.mark.slow
def test_invariants_hold_over_a_thousand_solo_games(data):
    """Cards, tiles and robots (Hal's too) are conserved after every step of 1,000 seeded
    solo games between random play and Hal, and 100 more with the advanced rules."""
    for seed in range(1100):
        variants = ("advanced",) if seed >= 1000 else ()
        level = sorted(LEVELS)[seed % 4]
        rulings = resolve(data, None, [f"hal_difficulty={level}"])
        engine = Engine.new_game(data, 1, seed, rulings, variants)
        agent = RandomAgent(seed)
        assert problems(engine) == [], (seed, "set-up")
        steps = 0
        while (decision := engine.decision()) is not None:
            engine.apply(agent.choose(engine, decision))
            steps += 1
            found = problems(engine)
            assert found == [], (seed, steps, found, engine.state["log"][-6:])
            assert steps < 3_000, (seed, "the game does not end")
        assert engine.is_terminal() and engine.state["hal"]["vp"] >= LEVELS[level]
