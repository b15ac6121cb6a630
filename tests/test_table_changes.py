"""What changed on the table between two views (web/changes.py), without a browser: the
pieces a drawing names and their digests, the comparison, Black Angel's drawing marking
exactly the hexes, dice, cells and tracks whose state changed, and the API following a
game decision by decision (`step`) with the pieces changed since the view before (`since`)."""

from __future__ import annotations

import time
import warnings

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import AGENTS
from blackangel.interpreter.black_angel.space import hex_at
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build
from blackangel.web import changes, table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from starlette.testclient import TestClient

from blackangel.web.app import create_app

NAMES = ["P1", "P2", "P3"]


@pytest.fixture(scope="module")
def ruleset():
    return load_shipped()


def test_a_piece_is_the_same_wherever_it_is_drawn_and_differs_with_what_it_shows():
    here = changes.piece("die:1", '<rect x="1" y="2" width="30" height="30"/><text x="3">4</text>')
    there = changes.piece("die:1", '<rect x="9" y="8" width="30" height="30"/><text x="7">4</text>')
    other = changes.piece("die:1", '<rect x="1" y="2" width="30" height="30"/><text x="3">5</text>')
    moved = changes.piece("die:1", '<rect x="1" y="2"/><text x="3">4</text>', "owner 2")
    digests = [changes.pieces(p)["die:1"] for p in (here, there, other, moved)]
    assert digests[0] == digests[1]
    assert len(set(digests)) == 3
    cell = changes.piece("0:vp", "3", tag="td")
    assert cell.startswith('<td data-key="0:vp" ') and cell.endswith(">3</td>")


def test_changed_lists_the_pieces_drawn_differently_or_new_and_nothing_at_first():
    before = {"a": "1", "b": "2", "gone": "3"}
    after = {"a": "1", "b": "9", "new": "4"}
    assert changes.changed(before, after) == ["b", "new"]
    assert changes.changed({}, after) == []
    assert changes.changed(after, after) == []


def _seen(engine: Engine) -> dict[str, str]:
    """What the state says of each piece the test checks, by the piece's key."""
    state = engine.state
    space = state["space"]
    out: dict[str, object] = {}
    for strip in space["order"]:
        for pos in range(1, engine.data.numbers["space.hexes_per_strip"] + 1):
            key = f"{strip}/{pos}"
            out[f"hex:{key}"] = (
                hex_at(engine, strip, pos),  # (a strip turned over may look the same)
                space["ships"].get(key, []),
                space["cards"].get(key),
                list(space["black_angel"] or []) == [strip, pos],
                space.get("spes_tile") == strip,
            )
    for i, die in enumerate(state["dice"]):
        out[f"die:{i}"] = (die["value"], die["owner"], die["damaged"], die["reserved"])
    for seat, player in enumerate(state["players"]):
        out[f"p{seat}:vp"] = player["vp"]
        for index, tile in enumerate(player["grid"]):
            side = state.get("sides", {}).get(tile)
            out[f"p{seat}:cell:{index}"] = (tile, player["debris_on"][index], side)
    for number, action in enumerate(state["actions"], 1):
        out[f"action:{number}"] = (action["damage"], action["ravagers"], action["held"])
    return {key: repr(value) for key, value in out.items()}  # (the state changes in place)


@pytest.mark.parametrize("viewer", [0, None])
def test_black_angels_table_marks_exactly_the_pieces_whose_state_changed(ruleset, viewer):
    """A seeded 3-player game between bots, drawn after every choice for seat 1 and for
    a spectator: every hex, die, grid cell, VP track and action box whose state
    changed is marked, and none whose state did not."""
    data = build(ruleset)
    engine = Engine.new_game(data, 3, 4, {}, [])
    agent = AGENTS["greedy"](4)
    before_state = _seen(engine)
    before = changes.pieces(table.draw(engine, viewer, NAMES)[0])
    assert any(key.startswith("hex:") for key in before) and "die:0" in before
    marked = 0
    for _ in range(160):
        if engine.is_terminal():
            break
        engine.apply(agent.choose(engine, engine.decision()))
        after_state = _seen(engine)
        after = changes.pieces(table.draw(engine, viewer, NAMES)[0])
        moved = {k for k in after_state if after_state[k] != before_state.get(k)}
        marks = set(changes.changed(before, after))
        assert moved <= marks, sorted(moved - marks)
        assert not (marks & set(after_state)) - moved, sorted((marks & set(after_state)) - moved)
        marked += len(moved)
        before, before_state = after, after_state
    assert marked > 20  # the game moved pieces: the check checked something


def test_drawing_the_same_state_twice_marks_nothing(ruleset):
    engine = Engine.new_game(build(ruleset), 2, 9, {}, [])
    first = changes.pieces(table.draw(engine, 1, NAMES)[0])
    assert changes.changed(first, changes.pieces(table.draw(engine.clone(), 1, NAMES)[0])) == []


def test_the_api_shows_a_game_decision_by_decision_with_what_each_one_changed(ruleset, tmp_path):
    """An all-bot game is finished; a spectator then asks for it after 0, 1, 2...
    choices: each view is that step (no later), its log grows step by step, and `changed`
    names the pieces its table draws differently than the view of the step before; a
    step past the end is the game as it stands; a step that is not a number is refused."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        client = TestClient(create_app(tmp_path / "g.sqlite3", ruleset, bot_delay=0.0))
    game = client.post(
        "/api/games", json={"players": 2, "seats": ["greedy", "greedy"], "seed": 3}
    ).json()
    bots = client.app.state.games.bots
    for _ in range(12_000):  # a guard against a hang, not a measure of speed
        if bots.idle():
            break
        time.sleep(0.01)
    url = f"/api/games/{game['id']}"
    now = client.get(url).json()
    assert now["over"] and now["steps"] == now["latest"] > 40
    views = [client.get(url, params={"step": 0}).json()]
    assert views[0]["steps"] == 0 and views[0]["changed"] == []
    for step in range(1, 40):
        view = client.get(url, params={"step": step, "since": step - 1}).json()
        assert view["steps"] == step and view["latest"] == now["latest"] and not view["over"]
        assert view["decision"] is not None and not view["decision"]["mine"]
        assert len(view["log"]) >= len(views[-1]["log"])
        assert view["log"][: len(views[-1]["log"])] == views[-1]["log"]
        before, after = (changes.pieces(v["table"]) for v in (views[-1], view))
        assert view["changed"] == changes.changed(before, after)
        views.append(view)
    assert sum(bool(v["changed"]) for v in views) > 5
    assert views[-1]["log"] != now["log"]
    past_the_end = client.get(url, params={"step": 10**6}).json()
    assert past_the_end["steps"] == now["latest"] and past_the_end["over"]
    for bad in ("-1", "x", "1.5", "9" * 12):
        answer = client.get(url, params={"step": bad})
        assert answer.status_code == 422 and "step" in answer.json()["error"]
    assert client.get(url, params={"since": "a"}).status_code == 422


def test_an_answer_marks_what_it_changed_and_a_step_never_seen_is_drawn_again(ruleset, tmp_path):
    """A person's answer is drawn with the pieces it changed marked (compared with the
    view the person answered from); a view compared with a step never drawn for that
    viewer (or no longer kept: the page asks, at a seat's decision, for what changed
    since its last answer) is compared with that step's table drawn again."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        client = TestClient(create_app(tmp_path / "g.sqlite3", ruleset, bot_delay=0.0))
    game = client.post(
        "/api/games", json={"players": 2, "seats": ["person", "person"], "seed": 5}
    ).json()
    tokens = [seat["token"] for seat in game["seats"]]
    url = f"/api/games/{game['id']}"
    marked = []
    for _ in range(30):
        seen = client.get(url, params={"token": tokens[0]}).json()
        seat = seen["decision"]["player"]
        view = client.get(url, params={"token": tokens[seat]}).json()
        option = view["decision"]["options"][0]["id"]
        body = {"option": option, "token": tokens[seat], "step": view["steps"]}
        answer = client.post(f"{url}/act", json=body).json()
        assert answer["changed"] == changes.changed(
            changes.pieces(view["table"]), changes.pieces(answer["table"])
        )
        marked += answer["changed"]
    assert marked
    now = client.get(url, params={"since": 0}).json()  # a new spectator: never saw step 0
    then = client.get(url, params={"step": 0}).json()
    expected = changes.changed(changes.pieces(then["table"]), changes.pieces(now["table"]))
    assert now["changed"] == expected and len(expected) > 5
    client.get(url, params={"token": tokens[1], "step": 1})
    for step in range(2, 30):  # more views than are kept: step 1 is forgotten
        client.get(url, params={"token": tokens[1], "step": step})
    seen = client.get(url, params={"token": tokens[1], "since": 1}).json()
    at_one = client.get(url, params={"token": tokens[1], "step": 1}).json()
    assert seen["changed"] == changes.changed(
        changes.pieces(at_one["table"]), changes.pieces(seen["table"])
    )
    assert seen["changed"]


def test_a_look_back_replays_from_the_nearest_kept_copy_and_gives_the_game_at_that_step(
    ruleset, monkeypatch
):
    """Viewers following a game at different past steps: each look back replays at most
    CHECKPOINT_EVERY choices (from a kept copy), and gives exactly the game at that step."""
    from blackangel.web import session as sessions
    from blackangel.web.storage import Settings, Storage

    storage = Storage()
    settings = Settings(players=3, seed=11, seats=["random"] * 3)
    game = sessions.Session.start(storage, sessions.Programs(ruleset), settings)
    while game.play_bot(storage) and len(game.stored.choices) < 140:
        pass
    choices = list(game.stored.choices)
    assert len(choices) >= 100
    applied = []
    original = Engine.apply

    def counted(self, option):
        applied.append(option)
        return original(self, option)

    monkeypatch.setattr(Engine, "apply", counted)
    game.at(99)  # the first look back replays from the start, keeping copies on the way
    for step in (3, 97, 40, 70, 33, 98, 1, 64):
        applied.clear()
        seen = game.at(step)
        assert len(applied) <= sessions.CHECKPOINT_EVERY, (step, len(applied))
        fresh = Engine.new_game(game.engine.data, 3, 11)
        for option in choices[:step]:
            original(fresh, option)
        assert seen.state == fresh.state, step


def test_a_seat_following_behind_is_told_its_decision_awaits(ruleset, tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        client = TestClient(create_app(tmp_path / "g.sqlite3", ruleset, bot_delay=0.0))
    game = client.post(
        "/api/games", json={"players": 2, "seats": ["person", "person"], "seed": 5}
    ).json()
    tokens = [seat["token"] for seat in game["seats"]]
    url = f"/api/games/{game['id']}"
    for _ in range(3):
        seen = client.get(url).json()
        seat = seen["decision"]["player"]
        view = client.get(url, params={"token": tokens[seat]}).json()
        body = {"option": view["decision"]["options"][0]["id"], "token": tokens[seat]}
        client.post(f"{url}/act", json={**body, "step": view["steps"]})
    deciding = client.get(url).json()["decision"]["player"]
    behind = {"step": 1}
    assert client.get(url, params={"token": tokens[deciding], **behind}).json()["awaits_you"]
    other = client.get(url, params={"token": tokens[1 - deciding], **behind}).json()
    assert other["awaits_you"] is False
    assert client.get(url, params=behind).json()["awaits_you"] is False  # a spectator
    present = client.get(url, params={"token": tokens[deciding]}).json()
    assert present["awaits_you"] is False and present["decision"]["mine"]
