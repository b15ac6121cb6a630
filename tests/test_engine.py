"""The interpreter: determinism, clone, save/load, legal options, and invariants over many games."""

import json
import subprocess
import sys

import pytest

from blackangel.dsl import ast
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine, IllegalOption
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def random_game(data, players, seed):
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    return play(Engine.new_game(data, players, seed), agents)


@pytest.mark.slow
def test_playing_does_not_import_networkx():
    """The effect graph's analyses run on plain data: commands that compile the rules and
    play (ba play, simulate, replay, scenario) never pay networkx's import time."""
    code = (
        "import sys\n"
        "from blackangel.cli.main import ba\n"
        "from blackangel.dsl.compiler import load_shipped\n"
        "from blackangel.interpreter.agents import RandomAgent, play\n"
        "from blackangel.interpreter.engine import Engine\n"
        "from blackangel.interpreter.program import build\n"
        "data = build(load_shipped())\n"
        "play(Engine.new_game(data, 2, 1), [RandomAgent(1), RandomAgent(2)])\n"
        "print('networkx' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"
    assert load_shipped().graph.number_of_edges() > 0  # asked for, the graph is networkx's


def test_same_seed_same_game(data):
    a = random_game(data, 3, 7)
    b = random_game(data, 3, 7)
    assert a.state["log"] == b.state["log"]
    assert a.state["scores"] == b.state["scores"]


def test_different_seed_different_game(data):
    assert random_game(data, 3, 7).state["log"] != random_game(data, 3, 8).state["log"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_end_with_scores(data, players):
    engine = random_game(data, players, 1)
    assert engine.is_terminal() and engine.decision() is None
    scores = engine.state["scores"]
    # each final score is the track plus its final-scoring parts, as the log reports them
    final = {e["seat"]: e for e in engine.state["log"] if e["event"] == "final_score"}
    assert sorted(final) == list(range(players))
    for seat, part in final.items():
        assert part["track"] == engine.state["players"][seat]["vp"]
        assert part["total"] == part["track"] + part["advanced"] + part["conversion"]
        assert scores[seat] == part["total"]
    assert engine.returns() == [1.0 if s == max(scores) else 0.0 for s in scores]
    assert engine.state["turn"]["end_trigger"] in ("spes", "ravagers")
    # the winners, in the state and in the last event, are the seats that returns() rewards
    winners = engine.state["winners"]
    assert winners == [s for s in range(players) if engine.returns()[s] == 1.0] != []
    assert engine.state["log"][-1] == {
        **engine.state["log"][-1],
        "event": "game_over",
        "winners": winners,
        "scores": scores,
    }


def test_winners_share_a_tie_and_none_before_the_end(data):
    engine = Engine.new_game(data, 3, 1)
    assert engine.state["winners"] is None and engine.returns() == [0.0, 0.0, 0.0]
    engine.state["scores"] = [20, 20, 12]
    engine.state["stack"] = engine.state["stack"][:1]
    engine.state["pending"] = None
    engine.finish(engine.state["stack"][0])
    assert engine.state["winners"] == [0, 1] and engine.returns() == [1.0, 1.0, 0.0]


def test_clone_is_independent(data):
    engine = Engine.new_game(data, 4, 3)
    before = engine.to_json()
    twin = engine.clone()
    twin.apply(twin.legal_options()[0])
    assert engine.to_json() == before
    assert twin.to_json() != before


def _containers(value, found):
    if isinstance(value, (dict, list, tuple)):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


@pytest.mark.parametrize(
    "players, variants", [(1, ()), (2, ()), (3, ("advanced",)), (4, ()), (4, ("advanced",))]
)
def test_clone_copies_as_the_schema_says_in_every_kind_of_game(data, players, variants):
    """The clone compiled from the state's schema (interpreter/state_copy.py) is equal to
    a marshal round trip, kind for kind (a tuple stays a tuple), and shares no dict or
    list with the original but the rulings, the variants and the logged events."""
    import marshal

    for seed in range(4):
        engine = Engine.new_game(data, players, seed, variants=variants)
        agents = [RandomAgent(seed + i) for i in range(players)]
        step = 0
        while (decision := engine.decision()) is not None:
            if step % 9 == 0:
                twin = engine.clone()
                expected = marshal.loads(marshal.dumps(engine.state))
                assert twin.state == expected
                assert twin.state["log"] == engine.state["log"]
                assert twin.state["log"] is not engine.state["log"]
                changing = [k for k in engine.state if k not in ("rulings", "variants", "log")]
                theirs = {id(c) for k in changing for c in _containers(engine.state[k], [])}
                mine = [c for k in changing for c in _containers(twin.state[k], [])]
                assert not [c for c in mine if id(c) in theirs and type(c) is not tuple]
            engine.apply(agents[decision.player].choose(engine, decision))
            step += 1


def test_clone_of_a_state_off_the_schema_is_whole(data):
    """A state with a key the schema does not know, or a value of another kind than the
    schema says, is still copied, whole and independent."""
    engine = Engine.new_game(data, 3, 4)
    engine.state["extra"] = [[1], 2]
    twin = engine.clone()
    assert twin.state == engine.state and twin.state["extra"][0] is not engine.state["extra"][0]
    del engine.state["extra"]
    engine.state["mission_deck"]["orange"] = tuple(engine.state["mission_deck"]["orange"])
    engine.state["players"][0]["hand"] = {"kept": ["m001"]}
    twin = engine.clone()
    assert twin.state == engine.state
    hands = twin.state["players"][0]["hand"], engine.state["players"][0]["hand"]
    assert hands[0]["kept"] is not hands[1]["kept"]


def test_save_and_load_continue_identically(data):
    agents = [RandomAgent(i) for i in range(3)]
    engine = Engine.new_game(data, 3, 11)
    for _ in range(40):
        d = engine.decision()
        engine.apply(agents[d.player].choose(engine, d))
    saved = engine.to_json()
    restored = Engine.from_json(data, saved)
    agents_copy = [RandomAgent(0) for _ in range(3)]
    for original, copy in zip(agents, agents_copy):
        copy.holder["rng"] = original.holder["rng"]
    play(engine, agents)
    play(restored, agents_copy)
    assert restored.state["scores"] == engine.state["scores"]
    assert restored.state["log"] == engine.state["log"]


def test_unknown_option_changes_nothing(data):
    engine = Engine.new_game(data, 2, 5)
    before = engine.to_json()
    with pytest.raises(IllegalOption) as err:
        engine.apply("no-such-option")
    assert "legal:" in str(err.value)
    assert engine.to_json() == before


def test_foreign_or_corrupt_saves_are_refused(data):
    with pytest.raises(ValueError):
        Engine.from_json(data, json.dumps({"version": 99}))
    engine = Engine.new_game(data, 2, 5)
    state = json.loads(engine.to_json())
    state["content_hash"] = "0" * 16
    with pytest.raises(ValueError, match="rules"):
        Engine.from_json(data, json.dumps(state))


def test_options_have_unique_ids_and_labels(data):
    engine = Engine.new_game(data, 4, 2)
    agent = RandomAgent(2)
    for _ in range(300):
        d = engine.decision()
        if d is None:
            break
        ids = [o.id for o in d.options]
        assert len(ids) == len(set(ids)) and all(o.label for o in d.options)
        engine.apply(agent.choose(engine, d))


def test_labels_are_rendered_only_when_read(data, monkeypatch):
    """A bot that picks options by id, in a game that logs only its choices, has no text
    filled at all: the prompts and labels wait in the state until someone reads them."""
    from blackangel.dsl.text import TextRenderer

    random_game(data, 4, 1)  # fills what is cached once (amounts in labels)
    filled = []
    fill = TextRenderer.fill
    monkeypatch.setattr(
        TextRenderer, "fill", lambda self, *a, **k: filled.append(a[0]) or fill(self, *a, **k)
    )
    engine = Engine.new_game(data, 4, 2, log=False)
    play(engine, [RandomAgent(i) for i in range(4)])
    assert engine.state["scores"] is not None and filled == []


def test_labels_read_later_are_the_saved_ones(data):
    """A decision's texts read from `decision()` are the ones a saved game holds, and the
    one a choice logs."""
    engine = Engine.new_game(data, 3, 8)
    agent = RandomAgent(8)
    for _ in range(60):
        d = engine.decision()
        pending = json.loads(engine.to_json())["pending"]
        assert d.prompt == pending["prompt"]
        assert [(o.id, o.label) for o in d.options] == [
            (o["id"], o["label"]) for o in pending["options"]
        ]
        choice = agent.choose(engine, d)
        engine.apply(choice)
        logged = [e for e in engine.state["log"] if e["event"] == "choice"][-1]
        assert logged["label"] == next(o.label for o in d.options if o.id == choice)


def test_choice_options_take_their_own_ids(data):
    """An option that runs a phase is named after the phase and passing is `pass`
    (Implementation.option_id); a choice whose options have no ids of their own, or the
    same id twice, numbers them by position."""
    turn, final = data.phases["turn"][0][1], data.phases["final_turn"][0][1]
    assert data.option_ids(turn) == ("sequence_a", "sequence_b")
    assert data.option_ids(final) == ("sequence_a", "sequence_b", "pass")
    assert Engine.new_game(data, 2, 1).legal_options() == ["sequence_a", "sequence_b"]
    other = next(
        i
        for i, node in enumerate(data.nodes)
        if isinstance(node, ast.Choice) and i not in (turn, final)
    )
    assert data.option_ids(other) == tuple(f"option:{i}" for i in range(len(data.parts[other])))
    program = build(load_shipped())
    run_a = program.nodes[program.parts[turn][0]]
    twice = program.lower(ast.Choice((run_a, run_a), run_a.span))
    assert program.option_ids(twice) == ("option:0", "option:1")


@pytest.mark.parametrize("players, seed", [(2, 4), (4, 5)])
def test_forced_answers_are_the_single_option_decisions(data, players, seed):
    """Every decision the engine answers by itself is logged as `forced`; a game started
    with auto_answer=False asks each of them, with that one option, and answering them
    so plays the same game."""
    auto = random_game(data, players, seed)
    log = auto.state["log"]
    answers = [e for e in log if e["event"] in ("choice", "forced")]
    assert any(e["event"] == "forced" for e in answers)
    asked = Engine.new_game(data, players, seed, auto_answer=False)
    for answer in answers:
        decision = asked.decision()
        assert decision.player == answer["seat"]
        if answer["event"] == "forced":
            assert len(decision.options) == 1 and decision.kind == answer["kind"]
            assert (decision.options[0].id, decision.options[0].label) == (
                answer["option"],
                answer["label"],
            )
        asked.apply(answer["option"])
    assert asked.is_terminal() and asked.state["scores"] == auto.state["scores"]
    again = [e for e in asked.state["log"] if e["event"] not in ("choice", "forced")]
    assert again == [e for e in log if e["event"] not in ("choice", "forced")]


def test_greedy_beats_random(data):
    greedy_wins = random_wins = 0
    for seed in range(12):
        agents = (
            [GreedyAgent(seed), RandomAgent(seed)]
            if seed % 2
            else [RandomAgent(seed), GreedyAgent(seed)]
        )
        engine = play(Engine.new_game(data, 2, seed), agents)
        scores = engine.state["scores"]
        greedy_seat = 0 if seed % 2 else 1
        greedy_wins += scores[greedy_seat] > scores[1 - greedy_seat]
        random_wins += scores[1 - greedy_seat] > scores[greedy_seat]
    assert greedy_wins > 2 * random_wins


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_after_every_step(data, players):
    """Components are conserved and no stock goes negative, over 700 games per player count."""
    for seed in range(700):
        engine = Engine.new_game(data, players, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        assert problems(engine) == [], (seed, "set-up")
        steps = 0
        while (d := engine.decision()) is not None:
            engine.apply(agents[d.player].choose(engine, d))
            steps += 1
            found = problems(engine)
            assert found == [], (seed, steps, found, engine.state["log"][-5:])
            assert steps < 5_000, (seed, "the game does not end")
        assert engine.is_terminal()


def test_invariants_see_a_card_twice_a_tile_lost_and_a_stranger(data):
    engine = Engine.new_game(data, 3, 4)
    state = engine.state
    state["players"][0]["hand"].append(state["players"][1]["hand"][0])  # one card, twice
    state["display"][0] = None  # a tile gone
    state["ravager_discard"].append("r999")  # no such ravager
    found = "\n".join(problems(engine))
    assert "mission:" in found and "twice" in found
    assert "tile:" in found and "missing" in found
    assert "ravager:" in found and "r999" in found


def test_decision_fingerprints_keep_their_format():
    """Replays saved before fingerprints were kept hold the same fingerprints: the CRC-32
    of "player|kind|id|id...", in hex."""
    import zlib

    from blackangel.interpreter.engine import options_digest

    pending = {"player": 2, "kind": "choose_die", "options": [("die:1", "", 1), ("flip:3", "", 3)]}
    expected = f"{zlib.crc32(b'2|choose_die|die:1|flip:3'):08x}"
    assert options_digest(pending) == expected
    assert options_digest(pending) == expected  # kept, the same
