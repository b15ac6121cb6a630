"""`ba serve` plays a game other than Black Angel: Dice Race (examples/dice_race/, written
only in the language, no table drawing of its own) started through the API, played to
its end by people and a bot, drawn by the generic table (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")

from test_web import bots_done, play_out, start, state, web_client  # noqa: E402

from blackangel.dsl.compiler import compile_paths  # noqa: E402

RULES = Path(__file__).resolve().parents[1] / "examples" / "dice_race"


@pytest.fixture(scope="module")
def dice_race():
    result = compile_paths([str(RULES)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return result.ruleset


@pytest.fixture
def client(tmp_path, dice_race):
    return web_client(tmp_path / "games.sqlite3", dice_race, bot_delay=0)


def test_the_start_page_offers_only_what_the_game_has(client):
    html = client.get("/").text
    assert "<h1>Dice Race</h1>" in html
    assert '<option value="1"' not in html and '<option value="4">4</option>' in html
    assert "<fieldset hidden><legend>Rules" in html  # no advanced variant
    assert '<label hidden>Edition <select name="edition">' in html  # one rulebook
    assert '<p class="hint" hidden>' in html  # no solo game against an automaton


def test_the_api_refuses_what_the_game_has_not(client):
    body = {"players": 2, "seats": ["person", "person"], "lang": "en"}
    assert client.post("/api/games", json={**body, "players": 1}).status_code == 422
    assert client.post("/api/games", json={**body, "edition": "pl"}).status_code == 422
    assert client.post("/api/games", json={**body, "advanced": True}).status_code == 422
    rulings = {"finish_line": "bounce"}
    assert client.post("/api/games", json={**body, "rulings": rulings}).status_code == 201
    bad = {"finish_line": "nowhere"}
    assert client.post("/api/games", json={**body, "rulings": bad}).status_code == 422


def test_dice_race_is_played_to_its_end_by_people_and_a_bot(client):
    game = start(client, players=3, seats=["person", "greedy", "person"], seed=11)
    page = client.get(game["seats"][0]["link"])
    assert page.status_code == 200 and "Dice Race" in page.text
    first = state(client, game["id"], game["seats"][0]["token"])
    assert '<table class="tracks">' in first["table"] and "spaces" in first["table"]
    assert "round 1" in first["table"] and first["decision"]["player"] in (0, 2)
    view = play_out(client, game)
    bots_done(client)
    assert view["over"] and "last roll: " in view["table"]
    scores = view["scores"]
    assert [seat["name"] for seat in scores["seats"]] == view["names"]
    assert all(isinstance(seat["total"], int) for seat in scores["seats"])
    best = max(seat["total"] for seat in scores["seats"])
    assert scores["winners"] and all(scores["seats"][w]["total"] == best for w in scores["winners"])
    assert client.get(f"/api/games/{game['id']}/replay").status_code == 200
    spectator = client.get(f"/api/games/{game['id']}")
    assert spectator.status_code == 200 and spectator.json()["table"] == view["table"]


def test_the_generic_table_escapes_the_names(client):
    game = start(client, players=2, seed=3)
    view = state(client, game["id"])
    names = view["names"]
    assert all(name in view["table"] or "&" in name for name in names)
    assert "<script" not in view["table"] and "style=" not in view["table"]


@pytest.fixture
def bossin_space(tmp_path):
    result = compile_paths([str(RULES.parents[1] / "games" / "bossin_space")])
    assert result.ruleset is not None and not result.errors, result.errors
    return web_client(tmp_path / "bossin.sqlite3", result.ruleset, bot_delay=0)


def test_bossin_space_offers_its_difficulties_and_plays_one(bossin_space):
    """A cooperative game for 1-5 players: its variants (difficulty modules) are boxes to
    tick on the start page, in the page's language; a game on `hard` is played through
    the API by a person and bots, drawn by the generic table."""
    html = bossin_space.get("/?lang=pl").text
    assert '<input type="checkbox" name="variant" value="hard">' in html
    assert "Trudny: do talii Zagrożeń" in html
    assert "<fieldset hidden><legend>" in html  # no advanced rules to choose
    body = {"players": 2, "seats": ["person", "person"], "lang": "en", "variants": ["brutal"]}
    assert bossin_space.post("/api/games", json=body).status_code == 422
    assert bossin_space.post("/api/games", json={**body, "variants": "hard"}).status_code == 422
    game = start(bossin_space, players=3, seats=["person", "greedy", "greedy"], seed=4,
                 variants=["hard"])  # fmt: skip
    first = state(bossin_space, game["id"], game["seats"][0]["token"])
    assert "timeline" in first["table"] and "ship" in first["table"]
    view = play_out(bossin_space, game)
    bots_done(bossin_space)
    assert view["over"] is True
