"""The mod workshop of `ba serve` (/workshop), through its JSON API: mods created, saved
and read (in the database and in a folder), checked as ba-lint checks them, their cards
rendered in three languages, a test game and a simulation started with them, the zip
that ba-lint accepts; and what it refuses (bad names, paths out of the mod, too much,
another site's POST), each time as a JSON message, never a 500."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import time
import warnings
import zipfile

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.dsl.compiler import load_shipped
from blackangel.web.app import SECURITY_HEADERS

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from starlette.testclient import TestClient

from blackangel.web.app import create_app
from blackangel.web.mods import MAX_FILE, MAX_FILES

# a mod that replaces the first mission card: its text changes with its effect
CARD = """mission m001 {{
  color orange
  reward 1 vp
  reveals orange
  activation: {effect}
}}
"""
GOOD = CARD.format(effect="take 2 ship, gain 1 vp")
TYPO = CARD.format(effect="take 2 shipp")  # no such resource: an error with a hint


@pytest.fixture(scope="module")
def ruleset():
    return load_shipped()


def client_of(ruleset, **options) -> TestClient:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(":memory:", ruleset, bot_delay=0, **options))


@pytest.fixture
def client(ruleset):
    with client_of(ruleset) as client:
        yield client


def create(client, name="mine") -> dict:
    answer = client.post("/api/workshop/mods", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()


def post(client, mod: str, what: str, body: dict, status: int = 200) -> dict:
    answer = client.post(f"/api/workshop/mods/{mod}/{what}", json=body)
    assert answer.status_code == status, answer.text
    return answer.json()


def test_the_page_loads_its_bundled_editor_and_no_inline_script(client):
    start = client.get("/?lang=de").text
    assert '<a href="/workshop?lang=de" id="workshop-link">' in start
    answer = client.get("/workshop?lang=pl")
    assert answer.status_code == 200
    assert (
        dict(SECURITY_HEADERS)[b"content-security-policy"].decode()
        == (answer.headers["content-security-policy"])
    )
    html = answer.text
    assert '<script src="/static/workshop-editor.js"></script>' in html
    assert "<script>" not in html and "style=" not in html and "http" not in html.split("<body>")[1]
    assert '<html lang="pl">' in html
    vocabulary = json.loads(html.split('data-vocabulary="')[1].split('"')[0].replace("&quot;", '"'))
    assert {"mission", "activation"} <= set(vocabulary["keywords"])
    assert "take" in vocabulary["primitives"] and "or" in vocabulary["connectors"]
    bundle = client.get("/static/workshop-editor.js")
    assert bundle.status_code == 200 and "BAEditor" in bundle.text
    licences = client.get("/static/workshop-editor.LICENSE.txt").text
    assert "@codemirror/view" in licences and "MIT" in licences


def test_a_mod_is_created_saved_and_read_back_from_the_database(client):
    assert create(client) == {"name": "mine", "files": {"cards.ba": ""}}
    assert client.get("/api/workshop/mods").json()["mods"] == ["mine"]
    post(client, "mine", "save", {"files": {"cards.ba": GOOD, "more.ba": "# later\n"}})
    files = client.get("/api/workshop/mods/mine").json()["files"]
    assert files == {"cards.ba": GOOD, "more.ba": "# later\n"}
    post(client, "mine", "save", {"files": {"more.ba": None}})  # null deletes
    assert client.get("/api/workshop/mods/mine").json()["files"] == {"cards.ba": GOOD}
    again = client.post("/api/workshop/mods", json={"name": "mine"})
    assert again.status_code == 409 and "already" in again.json()["error"]


def test_a_check_says_what_is_wrong_where_in_the_language_asked_and_saves_nothing(client):
    create(client)
    found = post(client, "mine", "check", {"files": {"cards.ba": TYPO}, "lang": "en"})
    assert found["errors"] >= 1
    problem = next(d for d in found["diagnostics"] if d["severity"] == "error")
    assert problem["file"] == "cards.ba" and problem["line"] == 5, problem
    assert problem["code"].startswith("E") and "shipp" in problem["message"]
    assert problem["hint"] and "ship" in problem["hint"]
    polish = post(client, "mine", "check", {"files": {"cards.ba": TYPO}, "lang": "pl"})
    assert polish["diagnostics"][0]["message"] != problem["message"]
    fixed = post(client, "mine", "check", {"files": {"cards.ba": GOOD}, "lang": "en"})
    assert fixed == {"diagnostics": [], "errors": 0, "warnings": 0, "notes": []}
    # only a save writes: the mod is still as created
    assert client.get("/api/workshop/mods/mine").json()["files"] == {"cards.ba": ""}


def test_a_mods_catalogs_are_checked_as_ba_lint_checks_them(client):
    create(client)
    po = "locales/pl/LC_MESSAGES/mine.po"
    stale = 'msgid ""\nmsgstr ""\n\nmsgid "Nothing asks for this"\nmsgstr "Nic o to nie prosi"\n'
    found = post(client, "mine", "check", {"files": {"cards.ba": GOOD, po: stale}, "lang": "en"})
    (problem,) = found["diagnostics"]
    assert (problem["file"], problem["line"], problem["code"]) == (po, 4, "W503"), problem
    assert "ba catalogs --rules mine" in problem["hint"]  # the mod, not the server's folder
    broken = post(client, "mine", "check", {"files": {"cards.ba": GOOD, po: 'msgid "x'}})
    assert [p["code"] for p in broken["diagnostics"]] == ["E506"]


def test_the_cards_of_a_mod_are_rendered_in_english_polish_and_german(client):
    create(client)
    shown = post(client, "mine", "render", {"files": {"cards.ba": GOOD}})
    assert shown["languages"] == ["en", "pl", "de"]
    (card,) = shown["cards"]
    assert card["id"] == "m001" and card["file"] == "cards.ba" and card["color"] == "orange"
    faces = card["faces"]
    assert "2 ship" in faces["en"]["lines"][0] and "1 VP" in faces["en"]["lines"][0]
    assert "statk" in faces["pl"]["lines"][0] and "Schiff" in faces["de"]["lines"][0]
    assert faces["pl"]["kind"] != faces["en"]["kind"]
    other = CARD.format(effect="take 3 ship")
    changed = post(client, "mine", "render", {"files": {"cards.ba": other}})
    assert "3" in changed["cards"][0]["faces"]["pl"]["lines"][0]
    refused = post(client, "mine", "render", {"files": {"cards.ba": TYPO}}, 400)
    assert "error" in refused["error"]


def test_a_test_game_is_played_on_the_mods_rules_through_the_usual_pages(client):
    create(client)
    started = post(client, "mine", "play", {"files": {"cards.ba": GOOD}, "players": 2}, 201)
    link = started["seats"][0]["link"]
    assert client.get(link).status_code == 200
    token = link.split("token=")[1]
    state = client.get(f"/api/games/{started['id']}", params={"token": token}).json()
    option = state["decision"]["options"][0]["id"]
    answer = client.post(
        f"/api/games/{started['id']}/act",
        json={"option": option, "token": token, "step": state["steps"]},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["steps"] > state["steps"]
    refused = post(client, "mine", "play", {"files": {"cards.ba": TYPO}, "players": 2}, 400)
    assert "error" in refused["error"]
    bad = post(client, "mine", "play", {"files": {"cards.ba": GOOD}, "players": 9}, 422)
    assert "players" in bad["error"]


def test_a_quick_simulation_runs_in_the_background_and_is_summarised(client):
    create(client)
    body = {"files": {"cards.ba": GOOD}, "players": 2, "games": 2, "seed": 3}
    run = post(client, "mine", "simulate", body, 202)
    assert run["games"] == 2 and run["agents"] == ["random", "greedy"]
    for _ in range(600):
        run = client.get(f"/api/workshop/simulations/{run['id']}").json()
        if run["done"]:
            break
        time.sleep(0.1)
    assert run["done"] and run["error"] is None, run
    assert run["played"] == 2 and sum(run["summary"]["ended_by"].values()) == 2
    for bad in ({"games": 0}, {"games": 21}, {"agents": ["mcts"]}, {"seed": -1}, {"players": 7}):
        answer = client.post("/api/workshop/mods/mine/simulate", json={**body, **bad})
        assert answer.status_code == 422, (bad, answer.text)
    assert client.get("/api/workshop/simulations/nothing").status_code == 404


def test_the_downloaded_zip_is_a_mod_ba_lint_accepts(client, tmp_path):
    create(client)
    post(client, "mine", "save", {"files": {"cards.ba": GOOD}})
    answer = client.get("/api/workshop/mods/mine/download")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    assert 'filename="mine.zip"' in answer.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        assert archive.namelist() == ["mine/cards.ba"]
        archive.extractall(tmp_path)
    result = CliRunner().invoke(lint_command, [str(tmp_path / "mine"), "--base"])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


@pytest.mark.parametrize(
    "name",
    [
        "../escape.ba",
        "sub/cards.ba",
        ".hidden.ba",
        "cards.py",
        "cards.ba/",
        "locales/../../x.po",
        "locales/pl/x.po",
        "/etc/passwd.ba",
        "a\\b.ba",
        "",
    ],
)
def test_a_file_name_outside_the_rules_is_refused(client, name):
    create(client)
    for what in ("save", "check"):
        answer = client.post(f"/api/workshop/mods/mine/{what}", json={"files": {name: "x"}})
        assert answer.status_code == 400, (what, answer.text)
        assert "not a file the workshop keeps" in answer.json()["error"]


@pytest.mark.parametrize("name", ["../x", "Big", "", "a" * 41, "-x", 3, None])
def test_a_bad_mod_name_is_refused(client, name):
    answer = client.post("/api/workshop/mods", json={"name": name})
    assert answer.status_code == 400 and "name" in answer.json()["error"]


def test_too_much_is_refused_with_a_message(client):
    create(client)
    big = {"files": {"cards.ba": "#" * (MAX_FILE + 1)}}
    assert "over" in post(client, "mine", "save", big, 400)["error"]
    many = {"files": {f"f{i}.ba": "" for i in range(MAX_FILES + 1)}}
    assert "at most" in post(client, "mine", "save", many, 400)["error"]
    huge = client.post(
        "/api/workshop/mods/mine/check",
        content=b'{"files": {"a.ba": "' + b"#" * (3 * 1024 * 1024) + b'"}}',
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413


@pytest.mark.parametrize(
    "what, body, status",
    [
        ("save", {"files": {}}, 422),
        ("save", {"files": "cards.ba"}, 422),
        ("check", {"files": {"cards.ba": 3}}, 422),
        ("check", {"files": {"cards.ba": GOOD}, "lang": "xx"}, 422),
        ("check", {"files": {"notes.pot": ""}}, 400),
        ("check", {"files": {"locales/mine.pot": ""}}, 400),  # no .ba file
        ("render", [], 422),
    ],
)
def test_malformed_bodies_are_refused_as_json(client, what, body, status):
    create(client)
    answer = client.post(f"/api/workshop/mods/mine/{what}", json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]


@pytest.mark.parametrize("what", ["save", "check"])
def test_a_lone_surrogate_is_refused_as_text_utf8_cannot_hold(client, what):
    create(client)
    answer = client.post(
        f"/api/workshop/mods/mine/{what}",
        content=b'{"files": {"cards.ba": "x\\ud800"}}',
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400 and "UTF-8" in answer.json()["error"], answer.text


def test_an_unknown_mod_is_a_404_and_a_post_from_another_site_a_403(client):
    assert client.get("/api/workshop/mods/nothing").status_code == 404
    assert client.get("/api/workshop/mods/nothing/download").status_code == 404
    answer = client.post("/api/workshop/mods/nothing/check", json={"files": {"a.ba": ""}})
    assert answer.status_code == 404
    other = client.post(
        "/api/workshop/mods", json={"name": "x"}, headers={"origin": "http://evil.example"}
    )
    assert other.status_code == 403
    form = client.post("/api/workshop/mods", content=b"name=x")
    assert form.status_code == 415


def test_mods_in_a_folder_are_written_only_on_save_and_atomically(ruleset, tmp_path):
    with client_of(ruleset, workshop=tmp_path) as client:
        create(client)
        assert (tmp_path / "mine" / "cards.ba").read_text() == ""
        post(client, "mine", "check", {"files": {"cards.ba": GOOD}, "lang": "en"})
        assert (tmp_path / "mine" / "cards.ba").read_text() == ""
        po = "locales/pl/LC_MESSAGES/mine.po"
        post(client, "mine", "save", {"files": {"cards.ba": GOOD, po: 'msgid ""\nmsgstr ""\n'}})
        assert (tmp_path / "mine" / "cards.ba").read_text() == GOOD
        assert (tmp_path / "mine" / "cards.ba").stat().st_mode & 0o777 == 0o644
        assert (tmp_path / "mine" / po).is_file()
        assert sorted(os.listdir(tmp_path / "mine")) == ["cards.ba", "locales"]  # no temporary
        assert client.get("/api/workshop/mods").json() == {"mods": ["mine"], "where": str(tmp_path)}
        # a `locales` that links out of the mod's folder is not written through
        create(client, "linked")
        outside = tmp_path / "outside"
        outside.mkdir()
        (tmp_path / "linked" / "locales").symlink_to(outside)
        answer = client.post("/api/workshop/mods/linked/save", json={"files": {po: "x"}})
        assert answer.status_code == 400 and "out of the mod" in answer.json()["error"]
        assert list(outside.iterdir()) == []


def test_a_database_from_before_the_workshop_is_opened_and_gets_its_tables(tmp_path):
    from blackangel.web.storage import GAME_COLUMNS, Storage

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # the three tables of a file from before the mark
        for table, columns in GAME_COLUMNS.items():
            db.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
    storage = Storage(path)
    assert storage.create_mod("mine", {"cards.ba": GOOD})
    assert not storage.create_mod("mine", {})
    assert storage.mod_files("mine") == {"cards.ba": GOOD} and storage.mod_names() == ["mine"]
    storage.close()


def test_serve_refuses_a_workshop_folder_that_is_not_one(tmp_path):
    from blackangel.cli.main import ba

    result = CliRunner().invoke(ba, ["serve", "--port", "0", "--workshop", str(tmp_path / "no")])
    assert result.exit_code == 2 and "--workshop" in result.output


def test_rules_that_check_but_cannot_set_a_game_up_are_refused_with_a_message(client, monkeypatch):
    from blackangel.dsl.errors import EngineError
    from blackangel.web.session import Games

    def broken(self, settings):
        raise EngineError("no card to deal")

    create(client)
    monkeypatch.setattr(Games, "start", broken)
    refused = post(client, "mine", "play", {"files": {"cards.ba": GOOD}, "players": 2}, 400)
    assert refused["error"] == "the game cannot start on these rules: no card to deal"


def test_the_folders_of_checked_files_are_bounded_but_a_test_games_stays(monkeypatch):
    from blackangel.web import workshop as module

    monkeypatch.setattr(module, "KEPT", 2)
    workshop = module.Workshop([], ["en"])
    try:
        played = workshop.check("mine", {"cards.ba": GOOD}).folder
        workshop.pin(played)
        for number in range(5):
            workshop.check("mine", {"cards.ba": f"# draft {number}\n"})
        kept = sorted(p.parent for p in workshop.scratch.glob("*/mine"))
        assert len(kept) == 3 and played.is_dir()  # two newest, and the pinned one
        workshop.unpin(played)
        workshop.check("mine", {"cards.ba": "# one more\n"})
        assert not played.exists()
    finally:
        workshop.close()
    assert not workshop.scratch.exists()
