"""`ba serve`'s web app through its JSON API (starlette's TestClient): every endpoint,
the refusals (wrong token, a seat acting for another, illegal option, unknown game,
malformed body) that change nothing, a restart on the same database, the replay file,
what a spectator sees, and the table in the three languages."""

from __future__ import annotations

import json
import random
import re
import time
import warnings
from html import escape, unescape

import pytest
from click.testing import CliRunner
from face_down_views import hidden_ids, shown_ids

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import replay
from blackangel.interpreter.arguments import SEEDS
from blackangel.interpreter.black_angel import faces
from blackangel.interpreter.program import build

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from starlette.testclient import TestClient

from blackangel.web.app import create_app
from blackangel.web.session import HIDDEN_DECISIONS


@pytest.fixture(scope="module")
def ruleset():
    return load_shipped()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


def web_client(db, ruleset, bot_delay: float = 0.0) -> TestClient:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(db, ruleset, bot_delay=bot_delay))


@pytest.fixture
def client(db, ruleset):
    return web_client(db, ruleset)


def bots_done(client) -> None:
    """Wait until the bots (played in the background) have nothing left to do."""
    bots = client.app.state.games.bots
    for _ in range(12_000):  # a guard against a hang, not a measure of speed
        if bots.idle():
            return
        time.sleep(0.01)
    raise AssertionError("the bots never finished")


def start(client, **settings) -> dict:
    body = {"players": 2, "seats": ["person", "person"], "seed": 5, "lang": "en", **settings}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def state(client, game_id: str, token: str | None = None) -> dict:
    """What the seat sees once the bots have played."""
    bots_done(client)
    answer = client.get(f"/api/games/{game_id}", params={"token": token} if token else {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def act(client, game_id: str, option: str, token: str, step: int | None = None):
    """Answer the current decision (the step it answers read from the state unless given)."""
    if step is None:
        step = state(client, game_id, token)["steps"]
    body = {"option": option, "token": token, "step": step}
    return client.post(f"/api/games/{game_id}/act", json=body)


def play_out(client, game: dict) -> dict:
    """Answer every decision with its first option, each with the token of its seat."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(2000):
        view = state(client, game["id"], tokens[0])
        if view["over"]:
            return view
        seat = view["decision"]["player"]
        options = state(client, game["id"], tokens[seat])["decision"]["options"]
        assert act(client, game["id"], options[0]["id"], tokens[seat]).status_code == 200
    raise AssertionError("the game did not end")


def test_the_start_page_offers_players_seats_rules_languages_and_a_seed(client):
    page = client.get("/", params={"lang": "pl"})
    assert page.status_code == 200 and '<html lang="pl">' in page.text
    for name in (
        "players",
        "seat0",
        "seat3",
        "rules",
        "edition",
        "difficulty",
        "lang",
        "seed",
        "auto",
    ):
        assert f'name="{name}"' in page.text
    assert 'value="mcts"' in page.text and 'value="greedy"' in page.text
    assert 'value="expert"' in page.text
    assert client.get("/static/table.js").status_code == 200


def test_start_gives_each_person_a_secret_link_and_bots_none(client):
    game = start(client, seats=["person", "greedy", "person"], players=3)
    tokens = [s["token"] for s in game["seats"]]
    assert tokens[1] is None and tokens[0] and tokens[2] and tokens[0] != tokens[2]
    assert game["seats"][0]["link"] == f"/games/{game['id']}?token={tokens[0]}"
    page = client.get(game["seats"][0]["link"])
    assert page.status_code == 200 and 'src="/static/table.js"' in page.text
    assert client.get(game["spectator"]).status_code == 200


def test_a_seat_plays_a_whole_game_against_a_bot_and_the_replay_verifies(client, ruleset):
    game = start(client, seats=["person", "greedy"], seed=9)
    token = game["seats"][0]["token"]
    for _ in range(2000):
        view = state(client, game["id"], token)
        if view["over"]:
            break
        assert view["decision"]["player"] == 0  # the bot has moved already
        assert (
            act(client, game["id"], view["decision"]["options"][0]["id"], token).status_code == 200
        )
    assert view["scores"]["seats"][0]["total"] == view["scores"]["seats"][0]["track"] + (
        view["scores"]["seats"][0]["advanced"] + view["scores"]["seats"][0]["conversion"]
    )
    answer = client.get(f"/api/games/{game['id']}/replay")
    assert answer.status_code == 200
    recorded = replay.load(answer.text)
    engine = replay.rerun(build(ruleset), recorded)
    assert engine.state["scores"] == [s["total"] for s in view["scores"]["seats"]]
    assert recorded["seed"] == 9 and view["seed"] == 9


def test_the_downloaded_replay_verifies_with_ba_replay(client, tmp_path):
    from blackangel.cli.main import ba

    game = start(client, seats=["random", "greedy"], seed=4)
    assert state(client, game["id"])["over"]  # bots only: played at once
    path = tmp_path / "game.replay.json"
    path.write_text(client.get(f"/api/games/{game['id']}/replay").text, encoding="utf-8")
    result = CliRunner().invoke(ba, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "replay verified" in result.output


def test_no_replay_before_the_end(client):
    game = start(client)
    answer = client.get(f"/api/games/{game['id']}/replay")
    assert answer.status_code == 409 and "over" in answer.json()["error"]


def test_two_seats_cannot_act_for_each_other(client):
    game = start(client)
    tokens = [s["token"] for s in game["seats"]]
    view = state(client, game["id"], tokens[0])
    seat = view["decision"]["player"]
    other = 1 - seat
    assert "options" not in state(client, game["id"], tokens[other])["decision"]
    options = state(client, game["id"], tokens[seat])["decision"]["options"]
    answer = act(client, game["id"], options[0]["id"], tokens[other])
    assert answer.status_code == 403 and "decision" in answer.json()["error"]
    assert state(client, game["id"], tokens[seat])["steps"] == view["steps"]
    assert act(client, game["id"], options[0]["id"], tokens[seat]).status_code == 200


@pytest.mark.parametrize(
    "body, status",
    [
        ({"option": "no-such-option"}, 400),
        ({"option": 3}, 422),
        ({"token": None}, 422),
        ({"token": "not-a-token"}, 403),
        ({"token": ""}, 403),  # a spectator cannot act
    ],
)
def test_refused_answers_change_nothing(client, body, status):
    game = start(client)
    tokens = [s["token"] for s in game["seats"]]
    before = state(client, game["id"], tokens[0])
    seat = before["decision"]["player"]
    first = state(client, game["id"], tokens[seat])["decision"]["options"][0]["id"]
    sent = {"option": first, "token": tokens[seat], "step": before["steps"], **body}
    answer = client.post(f"/api/games/{game['id']}/act", json=sent)
    assert answer.status_code == status, answer.text
    assert isinstance(answer.json()["error"], str) and answer.json()["error"]
    assert state(client, game["id"], tokens[0]) == before


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b'"text"', b""])
def test_malformed_bodies_are_refused(client, raw):
    game = start(client)
    before = state(client, game["id"])
    answer = client.post(
        f"/api/games/{game['id']}/act", content=raw, headers={"content-type": "application/json"}
    )
    assert answer.status_code in (400, 422) and "error" in answer.json()
    headers = {"content-type": "application/json"}
    assert client.post("/api/games", content=raw, headers=headers).status_code in (400, 422)
    assert state(client, game["id"]) == before


@pytest.mark.parametrize(
    "settings",
    [
        {"players": 7},
        {"seats": ["person"]},
        {"seats": ["person", "wizard"]},
        {"lang": "xx"},
        {"seed": -1},
        {"seed": "five"},
        {"edition": "fr"},
        {"rulings": {"negative_vp": "nonsense"}},
        {"advanced": "yes"},
    ],
)
def test_bad_settings_are_refused(client, settings):
    answer = client.post(
        "/api/games", json={"players": 2, "seats": ["person", "person"], **settings}
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]


def test_unknown_games_and_wrong_tokens(client):
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope").json()["error"]
    assert client.post("/api/games/nope/act", json={"option": "x", "token": "y"}).status_code == 404
    assert client.get("/api/games/nope/replay").status_code == 404
    assert client.get("/games/nope").status_code == 404
    game = start(client)
    assert client.get(f"/api/games/{game['id']}", params={"token": "forged"}).status_code == 403
    assert client.get(f"/games/{game['id']}", params={"token": "forged"}).status_code == 403


@pytest.mark.parametrize("lang", ["en", "pl", "de"])
def test_a_bad_link_opens_a_page_saying_so_in_the_language(client, ruleset, lang):
    from blackangel.dsl.i18n import translator
    from blackangel.web import page

    tr = translator(lang, ruleset.locales)
    unknown = client.get("/games/nope", params={"lang": lang})
    assert unknown.status_code == 404 and unknown.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in unknown.text
    assert escape(tr.gettext(page.NO_GAME)) in unknown.text
    assert escape(tr.gettext(page.BAD_TOKEN)) not in unknown.text
    game = start(client, lang=lang)
    forged = client.get(f"/games/{game['id']}", params={"token": "forged<b>"})
    assert forged.status_code == 403 and forged.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in forged.text  # the game's language
    assert escape(tr.gettext(page.BAD_TOKEN)) in forged.text
    assert "forged<b>" not in forged.text and "<script" not in forged.text
    assert f'href="/?lang={lang}"' in forged.text  # a way on: a new game


def test_the_favicon_is_an_svg_linked_from_the_pages(client):
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")
    moved = client.get("/favicon.ico", follow_redirects=False)
    assert moved.status_code in (301, 308) and moved.headers["location"] == "/static/favicon.svg"
    assert client.get("/favicon.ico").text == icon.text
    game = start(client)
    for path in ("/", f"/games/{game['id']}", "/games/nope"):
        assert '<link rel="icon" href="/static/favicon.svg"' in client.get(path).text


def test_the_table_page_has_a_status_line_and_the_words_for_it(client, ruleset):
    game = start(client)
    text = client.get(f"/games/{game['id']}").text
    assert '<p id="status" role="status"' in text
    words = json.loads(unescape(re.search(r'data-words="([^"]*)"', text).group(1)))
    assert "{seconds}" in words["retrying"] and words["movedOn"]


def test_a_restart_on_the_same_database_loses_nothing(db, ruleset):
    first = web_client(db, ruleset)
    game = start(first, seats=["person", "greedy"], seed=12)
    token = game["seats"][0]["token"]
    for _ in range(15):
        view = state(first, game["id"], token)
        assert (
            act(first, game["id"], view["decision"]["options"][0]["id"], token).status_code == 200
        )
    before = state(first, game["id"], token)
    second = web_client(db, ruleset)
    after = state(second, game["id"], token)
    assert after == before
    option = after["decision"]["options"][0]["id"]
    assert act(second, game["id"], option, token).status_code == 200
    assert state(second, game["id"], token)["steps"] > after["steps"]


def test_the_spectator_sees_no_hand_and_the_log_hides_kept_cards(client):
    game = start(client, players=3, seats=["person", "greedy", "random"], seed=3)
    token = game["seats"][0]["token"]
    for _ in range(60):  # well into the game: every hand holds cards
        view = state(client, game["id"], token)
        if view["over"]:
            break
        assert (
            act(client, game["id"], view["decision"]["options"][0]["id"], token).status_code == 200
        )
    sessions = client.app.state.games
    engine = sessions.get(game["id"]).engine
    spectator = state(client, game["id"])
    assert spectator["seat"] is None
    assert spectator["decision"] is None or "options" not in spectator["decision"]
    hands = [card for p in engine.state["players"] for card in p["hand"] + p["ravagers"]]
    assert hands, "the hands are empty: the test shows nothing"
    for card in hands:
        assert f">{card}</text>" not in spectator["table"], card
    mine = state(client, game["id"], token)
    for card in engine.state["players"][0]["hand"]:
        assert f">{card}</text>" in mine["table"]
    for card in engine.state["players"][1]["hand"]:
        assert f">{card}</text>" not in mine["table"]
    kept = [
        (i, e)
        for i, e in enumerate(e for e in engine.state["log"] if e["event"] == "choice")
        if sessions.get(game["id"]).kinds[i] in HIDDEN_DECISIONS and e["seat"] != 0
    ]
    shown = "\n".join(mine["log"])
    for _, event in kept:
        assert event["label"] not in shown


@pytest.mark.parametrize("seed", [1, 4])
def test_no_view_names_another_seats_face_down_cards(client, seed):
    """Cards played beside a board are face down: each seat's JSON (table and log) and the
    spectator's name only the viewer's own, over a game played to the end; the others'
    show their kind and colour."""
    game = start(client, players=3, seats=["person"] * 3, seed=seed)
    tokens = [s["token"] for s in game["seats"]]
    engine = lambda: client.app.state.games.get(game["id"]).engine  # noqa: E731
    rng = random.Random(seed)
    checked = 0
    for step in range(2000):
        views = {viewer: state(client, game["id"], token) for viewer, token in enumerate(tokens)}
        views[None] = state(client, game["id"])
        played = engine().state
        for viewer, view in views.items():
            shown = json.dumps(view)
            hidden = hidden_ids(played, viewer)
            assert not shown_ids(shown, hidden), (step, viewer)
            checked += len(hidden)
            if viewer is not None:  # the owner reads its own cards on its board
                mine = [c[1] for c in played["players"][viewer]["slots"] if c is not None]
                assert all(f">{card}</text>" in view["table"] for card in mine)
        if views[0]["over"]:
            break
        seat = views[0]["decision"]["player"]
        options = views[seat]["decision"]["options"]
        option = rng.choice(options)["id"]
        assert act(client, game["id"], option, tokens[seat]).status_code == 200
    assert views[0]["over"] and checked, "no face-down card was checked"
    spectator = "\n".join(views[None]["log"])
    assert "play a face-down" in spectator or "play a Ravager card" in spectator


@pytest.mark.parametrize("lang, word", [("en", "Space"), ("pl", "runda"), ("de", "Runde")])
def test_the_table_is_svg_in_each_language(client, lang, word):
    game = start(client, players=1, seats=["person"], lang=lang, difficulty="standard")
    view = state(client, game["id"], game["seats"][0]["token"])
    table = view["table"]
    assert table.count("<svg") >= 6  # board, space, display, dice, Hal, the player
    assert word in table
    assert 'data-target="hex:' in table and 'data-target="action:1"' in table
    assert re.search(r"<title>[^<]*\n", table), "cards carry their rules text"
    assert "Hal" in table
    decision = view["decision"]
    assert decision["mine"] and decision["options"]
    page = client.get(f"/games/{game['id']}", params={"token": game["seats"][0]["token"]})
    assert f'<html lang="{lang}">' in page.text


def test_the_advanced_game_and_the_options_that_name_places(client):
    game = start(client, seats=["person", "random"], advanced=True, seed=2)
    token = game["seats"][0]["token"]
    named = set()
    for _ in range(80):
        view = state(client, game["id"], token)
        if view["over"]:
            break
        for option in view["decision"]["options"]:
            if option["target"]:
                named.add(option["target"].split(":")[0])
                assert f'data-target="{option["target"]}"' in view["table"]
        assert (
            act(client, game["id"], view["decision"]["options"][0]["id"], token).status_code == 200
        )
    assert {"hex", "die"} <= named


def test_bot_moves_are_the_same_after_a_rebuild(ruleset, db):
    """A bot's decision depends on the game, the seat and the step only."""
    one = web_client(db, ruleset)
    two = web_client(":memory:", ruleset)
    games = [start(c, seats=["greedy", "random"], seed=21) for c in (one, two)]
    ends = [state(c, g["id"]) for c, g in zip((one, two), games)]
    assert ends[0]["over"] and ends[0]["scores"] == ends[1]["scores"]
    assert ends[0]["log"] == ends[1]["log"]


def test_an_all_bot_game_is_played_in_the_background_decision_by_decision(ruleset, db):
    """The start request does not play the game: the bots play one decision, then wait
    the delay; a spectator sees the game under way. Stopped, the game goes on where it
    was when the server loads it again."""
    slow = web_client(db, ruleset, bot_delay=60)
    game = start(slow, seats=["greedy", "mcts"], seed=3)
    watched = slow.get(f"/api/games/{game['id']}").json()
    assert not watched["over"] and watched["steps"] <= 1
    slow.app.state.games.bots.stop()
    assert slow.get(f"/api/games/{game['id']}").json()["steps"] <= 1
    again = web_client(db, ruleset)
    assert again.get(f"/api/games/{game['id']}").status_code == 200  # loaded: bots woken
    assert state(again, game["id"])["over"]


def test_the_bots_of_several_games_take_turns():
    """One game's bots do not hold up another's: the games due play in turn."""
    from blackangel.web.bots import BotPlayer

    played: list[str] = []
    left = {"a": 3, "b": 3, "c": 1}

    def play_one(game_id: str) -> bool:
        played.append(game_id)
        left[game_id] -= 1
        return left[game_id] > 0

    bots = BotPlayer(play_one, delay=0.0)
    bots._changed.acquire()  # queue all three before the thread takes the first
    try:
        for game_id in "abc":
            bots.wake(game_id)
    finally:
        bots._changed.release()
    for _ in range(12_000):
        if bots.idle():
            break
        time.sleep(0.01)
    bots.stop()
    assert played == ["a", "b", "c", "a", "b", "a", "b"]


def test_ba_serve_without_the_web_extra_names_it(monkeypatch):
    import builtins

    from blackangel.cli.main import ba

    real = builtins.__import__

    def no_uvicorn(name, *args, **kwargs):
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    result = CliRunner().invoke(ba, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'black-angel-rules[web]'" in result.output


def test_the_web_and_the_command_line_take_the_same_seeds(client):
    """One rule: a whole number from 0 to 2**63 - 1, said in the same words."""
    from blackangel.cli.main import ba

    for seed in (-1, 2**63):
        answer = client.post(
            "/api/games", json={"players": 2, "seats": ["person"] * 2, "seed": seed}
        )
        assert answer.status_code == 422 and SEEDS in answer.json()["error"]
        for command in ("play", "simulate"):
            result = CliRunner().invoke(ba, [command, "--seed", str(seed)])
            assert result.exit_code == 2 and "is not in the range 0<=x<=" in result.output
    for command in ("play", "simulate"):
        assert SEEDS in " ".join(CliRunner().invoke(ba, [command, "--help"]).output.split())
    largest = {"players": 2, "seats": ["person"] * 2, "seed": 2**63 - 1}
    assert client.post("/api/games", json=largest).status_code == 201


def test_the_log_and_final_scores_show_a_mods_trigger(db, tmp_path):
    """The web table narrates a trigger as `ba play` does, and its points get a column."""
    from blackangel.dsl.compiler import compile_paths

    mod = tmp_path / "mod.ba"
    mod.write_text("trigger scrap_bonus {\n  on final_scoring\n  effect: gain 3 vp\n}\n")
    modded = compile_paths([mod], on_base=True).ruleset
    client = web_client(db, modded)
    game = start(client, seats=["person", "greedy"])
    view = play_out(client, game)
    log = "\n".join(view["log"])
    assert "P1 (human), trigger scrap_bonus: +3 VP" in log
    assert "\n  P1 (human): 3 VP from trigger scrap_bonus\n" in log  # a line of its own
    for seat in view["scores"]["seats"]:
        assert seat["triggers"] == {"scrap_bonus": 3}
        assert seat["track"] + 3 + seat["advanced"] + seat["conversion"] == seat["total"]


# ---- card faces and the context of decisions --------------------------------------------
def play_until(client, game: dict, wanted, limit: int = 400, seed: int = 0) -> dict:
    """Answer seat 1's decisions at random, playing cards whenever it may, until
    `wanted(view["decision"])` holds; that view."""
    token = game["seats"][0]["token"]
    rng = random.Random(seed)
    for _ in range(limit):
        view = state(client, game["id"], token)
        if view["decision"] and wanted(view["decision"]):
            return view
        assert not view["over"], "the game ended first"
        options = view["decision"]["options"]
        eager = [o for o in options if o["id"] in ("sequence_a", "yes") or "play:" in o["id"]]
        option = rng.choice(eager or options)["id"]
        assert act(client, game["id"], option, token).status_code == 200
    raise AssertionError("never reached")


CARDS_IN_TABLE = re.compile(r'data-card="([^"]+)"')


@pytest.mark.parametrize("lang, word", [("en", "color"), ("pl", "kolor"), ("de", "Farbe")])
def test_every_card_on_the_table_has_its_face_in_the_language(client, ruleset, lang, word):
    """Each card or tile drawn names its face (data-card), and the view holds that face:
    kind, colour, short and full rules text in the game's language; the cards played
    face down by the other seat show only their kind and colour."""
    game = start(client, seats=["person", "person"], lang=lang, seed=1)
    tokens = [s["token"] for s in game["seats"]]
    rng = random.Random(1)

    def both_played(view):
        engine = client.app.state.games.get(game["id"]).engine
        return all(any(p["slots"]) for p in engine.state["players"]) and view["decision"]["mine"]

    for _ in range(600):  # both seats play at random until each has a card beside its board
        view = state(client, game["id"], tokens[0])
        if both_played(view):
            break
        seat = view["decision"]["player"]
        options = state(client, game["id"], tokens[seat])["decision"]["options"]
        eager = [o for o in options if o["id"] in ("sequence_a", "yes") or "play:" in o["id"]]
        option = rng.choice(eager or options)["id"]
        assert act(client, game["id"], option, tokens[seat]).status_code == 200
    engine = client.app.state.games.get(game["id"]).engine
    view = state(client, game["id"], tokens[0])
    drawn = set(CARDS_IN_TABLE.findall(view["table"]))
    assert drawn and drawn <= set(view["faces"])
    data = build(ruleset, lang)
    kind = data.text._(faces.KINDS["mission"])
    for card in engine.state["players"][0]["hand"]:
        face = view["faces"][card]
        assert face["id"] == card and face["kind"] == kind
        assert face["colour"] == data.text.word(data.missions[card].color)
        assert face["lines"] and face["short"]
        decl = next(d for d in data.text.decls if d.id == card)
        assert face["lines"] == data.text.card_lines(decl)
    theirs = [c for c in engine.state["players"][1]["slots"] if c is not None]
    public = [f for f in view["faces"].values() if f["id"] is None]
    assert theirs and len(public) >= 1
    for face in public:
        assert face["lines"] == [data.text._(faces.FACE_DOWN)] and not face["short"]
    assert all(word in view["faces"][card]["facts"] for card in engine.state["players"][0]["hand"])
    tile = next(t for t in engine.state["display"] if t)
    assert view["faces"][tile]["cost"]  # a display tile shows what it costs


def test_a_hal_card_shows_both_halves(client, ruleset):
    for lang in ("en", "pl", "de"):
        data = build(ruleset, lang)
        for card in data.hal_cards:
            assert len(faces.face_of(data, card)["lines"]) == 2, (lang, card)
    game = start(client, players=1, seats=["person"], difficulty="standard", seed=11)
    view = play_until(client, game, lambda d: 'data-card="h' in state(client, game["id"])["table"])
    engine = client.app.state.games.get(game["id"]).engine
    played = engine.state["hal"]["discard"][-1]  # the card he played last, face up
    assert f'data-card="{played}"' in view["table"] and len(view["faces"][played]["lines"]) == 2


def test_options_show_the_card_they_name_and_what_playing_it_activates(client):
    game = start(client, seats=["person", "greedy"], seed=12)
    view = play_until(
        client,
        game,
        lambda d: d.get("kind") == "play_card" and any(o["marks"] for o in d["options"]),
    )
    engine = client.app.state.games.get(game["id"]).engine
    grid = engine.state["players"][0]["grid"]
    size = engine.data.grid_size
    for option in view["decision"]["options"]:
        _, name, slot = option["id"].split(":")
        assert option["card"] in view["faces"] and option["effect"]
        if name != "ravager":  # the card's effects in full, then what playing it activates
            assert option["card"] == name
            assert option["effect"].startswith(" / ".join(view["faces"][name]["effects"]) + " · ")
        slot = int(slot)
        line = [slot * size + c for c in range(size)] if slot < size else range(slot - size, 9, 3)
        tiles = [c for c in line if grid[c] is not None]
        marked = [int(m.split(":")[1]) for m in option["marks"]]
        assert set(marked) <= set(tiles)
        if name == "ravager":  # a ravager activates every technology and starting tile
            assert sorted(marked) == sorted(
                c for c in tiles if engine.data.tiles[grid[c]].kind != "advanced"
            )
        for cell in marked:
            assert f'data-target="cell:{cell}"' in view["table"]
            assert grid[cell] in option["effect"]


def test_the_sequence_choice_the_actions_and_a_moving_ship_are_explained(client):
    game = start(client, seats=["person", "greedy"], seed=12)
    view = play_until(client, game, lambda d: d.get("kind") == "choose_effect")
    decision = view["decision"]
    assert "sequence A" in decision["context"] and "sequence B" in decision["context"]
    assert all(option["effect"] for option in decision["options"])
    view = play_until(client, game, lambda d: d.get("kind") == "choose_use")
    for option in view["decision"]["options"]:  # what the die would do on each action
        if option["id"].startswith("action:"):
            value = re.search(r"with value (\d+)", option["label"]).group(1)
            assert f"up to {value} " in option["effect"]
    view = play_until(client, game, lambda d: d.get("kind") == "move", seed=3)
    assert re.search(r"at st\d/\d, moves with a die of value \d", view["decision"]["context"])
    for option in view["decision"]["options"]:  # the hexes are labelled as options name them
        assert f">{option['id'].split(':')[1]}</text>" in view["table"]


def test_a_single_option_answers_itself_and_the_log_says_so(client, db, ruleset):
    """With `auto` (the default) no person is asked a decision with one option: it is
    answered and logged; without it, such decisions are asked. A restart says the same."""
    game = start(client, seats=["person", "person"], seed=4)
    tokens = [s["token"] for s in game["seats"]]
    rng = random.Random(4)
    for _ in range(300):
        view = state(client, game["id"], tokens[0])
        if view["over"]:
            break
        seat = view["decision"]["player"]
        options = state(client, game["id"], tokens[seat])["decision"]["options"]
        assert len(options) > 1
        assert act(client, game["id"], rng.choice(options)["id"], tokens[seat]).status_code == 200
    log = state(client, game["id"], tokens[0])["log"]
    assert any("(the only option, applied by itself)" in line for line in log)
    again = web_client(db, ruleset)
    assert state(again, game["id"], tokens[0])["log"] == log

    manual = start(client, seats=["person", "person"], seed=4, auto=False)
    tokens = [s["token"] for s in manual["seats"]]
    rng = random.Random(4)
    singles = 0
    for _ in range(300):
        view = state(client, manual["id"], tokens[0])
        seat = view["decision"]["player"]
        options = state(client, manual["id"], tokens[seat])["decision"]["options"]
        singles += len(options) == 1
        if singles:
            break
        assert act(client, manual["id"], rng.choice(options)["id"], tokens[seat]).status_code == 200
    assert singles
    body = {"players": 2, "seats": ["person", "person"], "seed": 5, "auto": "yes"}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422 and "auto" in answer.json()["error"]
