"""What `ba serve` refuses to give away or to take: seeds that cannot be guessed and are
hidden until the end, no stored script from a rule set's names, no repeated answer taken
for the next decision, malformed or oversized bodies answered with a JSON error, a
bounded cache of games, security headers, and no POST from another site."""

from __future__ import annotations

import copy
import json
import warnings

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.dsl.i18n import translator
from blackangel.interpreter.arguments import MAX_SEED

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from starlette.testclient import TestClient

from blackangel.web import page
from blackangel.web.app import create_app

JSON = {"content-type": "application/json"}
LIMIT = 64 * 1024  # bytes of a body (web/requests.py MAX_BODY)
TWO_PEOPLE = {"players": 2, "seats": ["person", "person"], "lang": "en"}


@pytest.fixture(scope="module")
def ruleset():
    return load_shipped()


def make_client(ruleset, **options) -> TestClient:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(":memory:", ruleset, **options))


@pytest.fixture
def client(ruleset):
    return make_client(ruleset)


def start(client, **settings) -> dict:
    answer = client.post("/api/games", json={**TWO_PEOPLE, "seed": 5, **settings})
    assert answer.status_code == 201, answer.text
    return answer.json()


def view(client, game: dict, seat: int | None = None) -> dict:
    params = {} if seat is None else {"token": game["seats"][seat]["token"]}
    answer = client.get(f"/api/games/{game['id']}", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def deciding(client, game: dict) -> tuple[int, dict]:
    seat = view(client, game)["decision"]["player"]
    return seat, view(client, game, seat)


# ---- seeds -------------------------------------------------------------------------------
def test_a_game_without_a_seed_draws_one_of_63_bits(client):
    games = client.app.state.games
    seeds = [games.get(start(client, seed=None)["id"]).settings.seed for _ in range(4)]
    assert all(0 <= seed <= MAX_SEED for seed in seeds)
    assert max(seeds) >= 2**32  # 20 bits (under 1,000,000) can be tried one by one


def test_the_seed_is_shown_to_nobody_before_the_end(client):
    game = start(client, seed=None)
    seed = client.app.state.games.get(game["id"]).settings.seed
    for seat in (None, 0, 1):
        params = {} if seat is None else {"token": game["seats"][seat]["token"]}
        answer = client.get(f"/api/games/{game['id']}", params=params)
        assert answer.json()["seed"] is None and str(seed) not in answer.text
        page_answer = client.get(f"/games/{game['id']}", params=params)
        assert str(seed) not in page_answer.text


def test_bot_seeds_are_a_hash_not_a_formula_of_the_game_seed():
    from blackangel.web.session import bot_seed  # here: the other tests run without it

    differences = {
        bot_seed(2, seat, step) - bot_seed(1, seat, step) for seat in range(4) for step in range(5)
    }
    assert len(differences) == 20  # a linear formula gives one difference
    assert bot_seed(7, 1, 3) == bot_seed(7, 1, 3)
    assert all(0 <= bot_seed(MAX_SEED, seat, 10**6) <= MAX_SEED for seat in range(4))


# ---- stored script -----------------------------------------------------------------------
HOSTILE = 'x"><script>alert(1)</script>'


def test_a_hostile_locale_folder_name_is_not_offered(ruleset):
    client = make_client(ruleset, languages=["en", HOSTILE])
    for path in ("/", f"/?lang={HOSTILE}"):
        text = client.get(path).text
        assert "<script>alert" not in text and '"><script' not in text
    answer = client.post("/api/games", json={**TWO_PEOPLE, "lang": HOSTILE})
    assert answer.status_code == 422


def test_the_pages_escape_every_value_of_the_rule_set(ruleset):
    tr = translator("en", ruleset.locales)
    html = page.start_page(
        tr, ["en", HOSTILE], [1, 2], [HOSTILE], [HOSTILE], None, HOSTILE, {HOSTILE: HOSTILE}
    )
    assert "<script>alert" not in html and '"><script' not in html
    tr = copy.copy(tr)  # the translators are shared: this one only for this test
    tr.lang = HOSTILE
    for html in (
        page.start_page(tr, ["en"], [2], [], [], None, "T", {}),
        page.table_page(tr, "g", "t", HOSTILE),
    ):
        assert "<script>alert" not in html and '"><script' not in html


# ---- a repeated answer ---------------------------------------------------------------------
def test_a_repeated_or_stale_answer_is_refused_and_changes_nothing(client):
    game = start(client)
    seat, before = deciding(client, game)
    token = game["seats"][seat]["token"]
    body = {"option": before["decision"]["options"][0]["id"], "token": token}
    url = f"/api/games/{game['id']}/act"
    assert client.post(url, json={**body, "step": before["steps"]}).status_code == 200
    after = view(client, game)
    assert after["steps"] == before["steps"] + 1
    for step in (before["steps"], before["steps"] + 5, -1):  # a double click, a guess
        answer = client.post(url, json={**body, "step": step})
        assert answer.status_code == 409 and answer.json()["error"]
        assert view(client, game) == after


@pytest.mark.parametrize("step", [None, "0", True, 0.0])
def test_an_answer_without_its_step_is_malformed(client, step):
    game = start(client)
    seat, before = deciding(client, game)
    body = {"option": before["decision"]["options"][0]["id"], "token": game["seats"][seat]["token"]}
    if step is not None:
        body["step"] = step
    answer = client.post(f"/api/games/{game['id']}/act", json=body)
    assert answer.status_code == 422 and "step" in answer.json()["error"]
    assert view(client, game) == view(client, game) and view(client, game)["steps"] == 0


# ---- malformed bodies ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw",
    [
        b'{"players": true}',
        b'{"players": 2, "seed": ' + b"9" * 5000 + b"}",
        b"[" * 30000 + b"]" * 30000,
        b'{"a":' * 10000 + b"1" + b"}" * 10000,
        b'{"players": 2, "seats": ["person", "person"], "edition": ["en"]}',
        b'{"players": 2, "seats": ["person", "person"], "edition": {"a": 1}}',
        b'{"players": 1, "seats": ["person"], "difficulty": {"a": 1}}',
        b'{"players": 2, "seats": ["person", "person"], "rulings": {"negative_vp": []}}',
        b"\xff\xfe",
    ],
)
def test_malformed_bodies_get_a_json_error_not_a_traceback(client, raw):
    assert len(raw) <= LIMIT
    answer = client.post("/api/games", content=raw, headers=JSON)
    assert answer.status_code in (400, 422), answer.text[:200]
    assert answer.json()["error"]
    game = start(client)
    answer = client.post(f"/api/games/{game['id']}/act", content=raw, headers=JSON)
    assert answer.status_code in (400, 422), answer.text[:200]
    assert view(client, game)["steps"] == 0


def test_a_body_over_the_limit_is_refused_with_413(client):
    raw = json.dumps({**TWO_PEOPLE, "padding": "x" * LIMIT}).encode()
    answer = client.post("/api/games", content=raw, headers=JSON)
    assert answer.status_code == 413 and answer.json()["error"]
    assert client.app.state.games.storage.game_ids() == []


# ---- the cache -----------------------------------------------------------------------------
def test_the_cache_of_games_is_bounded_and_a_dropped_game_comes_back(ruleset):
    client = make_client(ruleset, cache_size=2)
    games = [start(client, seed=seed) for seed in range(4)]
    cached = client.app.state.games.cached()
    assert cached == [games[2]["id"], games[3]["id"]]
    seat, first = deciding(client, games[0])  # rebuilt from the database
    assert first["steps"] == 0 and len(client.app.state.games.cached()) == 2
    assert client.app.state.games.cached()[-1] == games[0]["id"]


# ---- headers and origins -------------------------------------------------------------------
def test_every_answer_carries_security_headers(client):
    game = start(client)
    for path in (
        "/",
        f"/games/{game['id']}",
        f"/api/games/{game['id']}",
        "/static/table.js",
        "/api/games/nope",
    ):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_pages_have_no_inline_script_or_style(client):
    game = start(client)
    for path in ("/", f"/games/{game['id']}"):
        text = client.get(path).text
        assert "<script>" not in text and "<style" not in text and "style=" not in text
        assert "<script src=" in text


def test_a_post_that_is_not_json_is_refused(client):
    body = json.dumps(TWO_PEOPLE)
    for kind in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {} if kind is None else {"content-type": kind}
        answer = client.post("/api/games", content=body, headers=headers)
        assert answer.status_code == 415 and answer.json()["error"]
    assert client.app.state.games.storage.game_ids() == []


def test_a_post_from_another_origin_is_refused(client):
    answer = client.post("/api/games", json=TWO_PEOPLE, headers={"origin": "https://evil.test"})
    assert answer.status_code == 403 and answer.json()["error"]
    assert client.app.state.games.storage.game_ids() == []
    game = start(client)
    seat, before = deciding(client, game)
    body = {
        "option": before["decision"]["options"][0]["id"],
        "token": game["seats"][seat]["token"],
        "step": before["steps"],
    }
    url = f"/api/games/{game['id']}/act"
    for origin in (
        "null",
        "http://testserver.evil.test",
        "http://evil.test/testserver",
        "http://[x",
    ):
        assert client.post(url, json=body, headers={"origin": origin}).status_code == 403
    assert view(client, game)["steps"] == 0
    same = client.post(url, json=body, headers={"origin": "http://testserver"})
    assert same.status_code == 200


def test_a_copy_dropped_from_the_cache_cannot_fork_the_game(ruleset):
    """A request may still hold a game the cache dropped, while the next request rebuilds
    it: the second copy to store a step is refused (409), then rebuilt from the database."""
    client = make_client(ruleset, cache_size=1)
    games = client.app.state.games
    game = start(client)
    held = games.get(game["id"])
    start(client, seed=6)  # drops the first game
    seat, before = deciding(client, game)  # rebuilt: a second copy
    option = before["decision"]["options"][0]["id"]
    held.act(games.storage, seat, option, before["steps"])  # the old copy stores step 0
    body = {"option": option, "token": game["seats"][seat]["token"], "step": before["steps"]}
    answer = client.post(f"/api/games/{game['id']}/act", json=body)
    assert answer.status_code == 409 and answer.json()["error"]
    assert view(client, game)["steps"] == len(held.stored.choices) == 1
    assert games.storage.load(game["id"]).choices == held.stored.choices
