"""Every command works for any registered game, chosen with `--game NAME` (issue 22, item 4):
each run from the command line on Dice Race (examples/dice_race/, a game written only in
the language and registered by its folder), checking what it prints; `ba games`; the errors
of a bad choice; a mod layered on a game other than the default one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba
from blackangel.dsl import games
from blackangel.interpreter.simulation import Settings, program_for

ROOT = Path(__file__).resolve().parents[1]
DICE_RACE = ROOT / "examples" / "dice_race"
SCENARIO = DICE_RACE / "scenarios" / "rest_and_boost.toml"
GAME = ["--game", "dice_race"]


def invoke(command, *args, input=None) -> tuple[int, str]:
    """Run a command as a user does; stdout and stderr together."""
    result = CliRunner().invoke(command, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.output


def test_games_lists_each_registered_game_with_title_players_and_rules():
    code, out = invoke(ba, "games")
    assert code == 0
    installed = games.rules_folder("dice_race")  # the source tree's or site-packages' copy
    assert installed is not None and (installed / "dice_race.ba").is_file()
    assert f"dice_race: Dice Race, 2-4 players; rules: {installed}" in out
    assert "black_angel: Black Angel, 1-4 players; rules: " in out and "(the default game)" in out
    assert "rules_only: a game module with no rules of its own" in out
    code, out = invoke(ba, "games", "--json")
    found = {game["name"]: game for game in json.loads(out)}
    assert set(found) == set(games.available())
    dice = found["dice_race"]
    assert (dice["title"], dice["players"]) == ("Dice Race", [2, 3, 4])
    assert dice["module"] == "rules_only"
    assert dice["rules"] == str(installed) and not dice["default"]
    assert found["black_angel"]["default"] and found["black_angel"]["players"] == [1, 2, 3, 4]
    assert found["rules_only"]["rules"] is None


def _replayed(tmp_path: Path) -> str:
    record = tmp_path / "race.json"
    code, _ = invoke(ba, "play", *GAME, "--players", "2", "--replay", str(record))
    assert code == 0
    return str(record)


@pytest.fixture
def served(monkeypatch) -> dict:
    """`ba serve` with uvicorn's serving loop replaced: it keeps the start page of the app
    it would serve, and returns."""
    uvicorn = pytest.importorskip("uvicorn")
    from starlette.testclient import TestClient

    found: dict = {}

    def serve(self, sockets):
        found["page"] = TestClient(self.config.app).get("/").text
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", serve)
    # uvicorn's logging set-up (dictConfig) closes the handlers already there, and absl's
    # (installed by open_spiel, which other test modules import) then closes the stream
    # pytest captures stderr into: this test serves nothing, so it sets up no logging
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    return found


# command -> (its arguments besides --game dice_race, what its output must say)
COMMANDS = {
    "lint": ([], ["1 files, 10 declarations: no problems"]),
    "cards": ([], ["Dice Race has no cards, tiles, triggers or events"]),
    "graph": ([], ['"decl.position" [label="position"', '-> "prim.gain_highest"']),
    "export": ([], ['"id": "dice_race"', '"id": "finish_line"']),
    "language": ([], ["past_limit <rule:past_limit>", "gain_highest"]),
    "play": (["--players", "2"], ["Dice Race, 2 players, seed 1", "winner: P"]),
    "simulate": (
        ["--players", "3", "--games", "3", "--workers", "1"],
        ["3 games, 3 players, seeds 1..3", "ended by: threshold 3"],
    ),
    "rulings": ([], ["finish_line  What a move", "choose with --ruling NAME=OPTION on ba play"]),
    "scenario": ([str(SCENARIO)], ["PASS resting takes two boost tokens", "1 passed, 0 failed"]),
    "catalogs": (["--check"], ["dice_race.pot", "translated, 0 untranslated, 0 fuzzy"]),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_runs_dice_race(name):
    args, said = COMMANDS[name]
    command, words = (lint_command, []) if name == "lint" else (ba, [name])
    code, out = invoke(command, *words, *GAME, *args)
    assert code == 0, out
    for text in said:
        assert text in out, out[-800:]
    assert "Traceback" not in out and "internal error" not in out


def test_cards_of_a_game_without_cards_is_an_empty_list_in_json():
    assert invoke(ba, "cards", *GAME, "--json") == (0, "[]\n")
    code, out = invoke(ba, "cards", *GAME, "--kind", "trigger")
    assert code == 0 and "Dice Race has none of the kind trigger" in out


def test_rulings_of_a_game_without_editions_offer_no_edition():
    out = invoke(ba, "rulings", *GAME)[1]
    assert "--edition" not in out and "race_end" in out


def test_play_a_seat_yourself(tmp_path):
    """`--human 1`: the decisions of seat 1 at the terminal, answered with the first option
    every time until the race is over."""
    code, out = invoke(ba, "play", *GAME, "--players", "2", "--human", "1", input="1\n" * 300)
    assert code == 0
    assert "1. dash" in out and "2. sprint" in out and "3. rest" in out  # the seat's options
    assert "winner: " in out and "P1 (human)" in out


def test_replay_a_dice_race_record(tmp_path):
    record = _replayed(tmp_path)
    code, out = invoke(ba, "replay", record, *GAME, "--log")
    assert code == 0 and "replay verified: " in out and "the game is over" in out
    code, out = invoke(ba, "replay", record)  # the default game's rules: not these
    assert code == 1 and "replay FAILED" in out
    assert f"the replay's rules are those of the game dice_race: ba replay {record} --game" in out


def test_a_dice_race_scenario_is_not_the_default_game_s(tmp_path):
    code, out = invoke(ba, "scenario", str(SCENARIO))
    assert code == 2 and "unknown path players.0.boost" in out


@pytest.mark.slow  # a reference build: about 15 s
def test_docs_builds_the_reference_of_a_mod_of_dice_race(tmp_path):
    """The pages rendered from the rules (rulings, the language, lint codes, commands), under
    the game's title; none of the pages written about the default game."""
    pytest.importorskip("sphinx")
    mod = tmp_path / "house.ba"
    mod.write_text(HOUSE)
    out = tmp_path / "site"
    layered = [*GAME, "--rules", str(mod), "--base"]
    code, said = invoke(ba, "docs", *layered, "--lang", "en", "--out", str(out))
    assert code == 0 and "built en into " in said, said
    index = (out / "en" / "index.html").read_text()
    assert "<title>Dice Race</title>" in index and 'href="rulings.html"' in index
    rulings = (out / "en" / "rulings.html").read_text()
    assert "finish_line" in rulings and "A house rule of a Dice Race mod." in rulings
    assert not (out / "en" / "game").exists() and not (out / "en" / "components").exists()
    assert "<h1>Dice Race</h1>" in (out / "index.html").read_text()


def test_serve_plays_dice_race(served, tmp_path):
    code, out = invoke(ba, "serve", *GAME, "--port", "0", "--db", str(tmp_path / "g.sqlite3"))
    assert code == 0 and out.startswith("Dice Race: open http://127.0.0.1:")
    assert "<h1>Dice Race</h1>" in served["page"]


def test_the_default_game_by_name_is_the_shipped_content():
    assert invoke(ba, "cards", "m001", "--game", "black_angel") == invoke(ba, "cards", "m001")


HOUSE = """\
track boost {
  noun "boost token" "boost tokens"
  start 3
  min 0
}
ruling house {
  help "A house rule of a Dice Race mod."
  default off
  option off "as printed"
  option on "our way"
}
"""

UNKNOWN = ["lint", "cards", "graph", "export", "language", "play", "simulate", "rulings"]
UNKNOWN += ["replay", "scenario", "docs", "serve", "catalogs", "lsp"]


@pytest.mark.parametrize("name", UNKNOWN)
def test_an_unknown_game_is_a_usage_error_in_one_line(name, tmp_path):
    if name in ("docs", "lsp"):
        pytest.importorskip("sphinx" if name == "docs" else "pygls")
    command, words = (lint_command, []) if name == "lint" else (ba, [name])
    record = tmp_path / "race.json"
    record.write_text("{}")  # read before the rules: the game is the error
    first = {"replay": [str(record)], "scenario": [str(SCENARIO)]}
    code, out = invoke(command, *words, *first.get(name, []), "--game", "dice_rac")
    assert code == 2 and out.count("\n") == 1, out
    assert "unknown game" in out and "did you mean 'dice_race'?" in out


def test_a_game_module_without_rules_of_its_own_cannot_be_played():
    code, out = invoke(ba, "play", "--game", "rules_only")
    assert code == 2 and "the game module 'rules_only' has no rules of its own" in out


def test_base_without_rules_is_refused_in_the_reader_s_language():
    refused = (2, "error: --base wymaga --rules\n")
    assert invoke(ba, "play", *GAME, "--base", "--lang", "pl") == refused


def test_game_with_rules_but_no_base_is_refused(tmp_path):
    mod = tmp_path / "mod.ba"
    mod.write_text("track boost {\n  start 3\n}\n")
    code, out = invoke(ba, "rulings", *GAME, "--rules", str(mod))
    assert code == 2 and "add --base to layer them on dice_race's rules" in out


def test_a_mod_layered_on_dice_race(tmp_path):
    mod = tmp_path / "house.ba"
    mod.write_text(HOUSE)
    layered = [*GAME, "--rules", str(mod), "--base"]
    code, out = invoke(lint_command, str(mod), *layered[:2], "--base")
    assert code == 0 and "2 files, 11 declarations: no problems" in out, out
    code, out = invoke(ba, "rulings", *layered)
    assert code == 0 and "house  A house rule of a Dice Race mod." in out and "finish_line" in out
    code, out = invoke(ba, "play", *layered, "--players", "2")
    assert code == 0 and "P1 (greedy): 0 spaces and 3 boost tokens" in out
    code, out = invoke(ba, "play", *GAME, "--players", "2")
    assert "P1 (greedy): 0 spaces and 1 boost token" in out


def test_simulation_workers_compile_a_mod_layered_on_a_game(tmp_path):
    """A worker process (or a Ray node) compiles the rules from the settings alone."""
    mod = tmp_path / "house.ba"
    mod.write_text(HOUSE)
    settings = Settings(
        players=2, agents=("random",), rulings={}, rules=(str(mod),), base=True,
        base_rules=(str(DICE_RACE),),
    )  # fmt: skip
    data = program_for(settings)
    assert data.title == "Dice Race" and "house" in data.rulings and "finish_line" in data.rulings


def test_the_language_server_layers_a_mod_folder_on_the_game(tmp_path):
    """`ba lsp --game dice_race`: a folder without a `game` declaration is a mod of Dice
    Race; a folder with no rules at all is Dice Race itself."""
    pytest.importorskip("pygls")
    from blackangel.cli.lsp_workspace import Workspace

    (tmp_path / "house.ba").write_text(HOUSE)
    result = Workspace(paths=[str(tmp_path)], game_rules=[str(DICE_RACE)]).compile({})
    assert result.ruleset is not None and result.diagnostics == []
    assert {"house", "finish_line"} <= set(result.ruleset.by_id)
    (tmp_path / "house.ba").write_text(HOUSE.replace("start 3", "begin 3"))
    result = Workspace(paths=[str(tmp_path)], game_rules=[str(DICE_RACE)]).compile({})
    assert [d.code for d in result.errors] == ["E102"]  # an unknown field, in the mod's file
    alone = Workspace(game_rules=[str(DICE_RACE)]).compile({})
    assert alone.ruleset is not None and alone.ruleset.single("game").id == "dice_race"


@pytest.mark.parametrize(
    ("name", "english", "polish"),
    [("dice_race", "spaces", "pól"), ("sky_regatta", "leagues", "mil")],
)
def test_each_example_game_speaks_polish_and_german(name, english, polish):
    """Every text a shipped example game writes has its Polish and German translation
    (`ba catalogs --game NAME --check`), and a game in Polish reads its own words."""
    code, out = invoke(ba, "catalogs", "--game", name, "--check")
    assert code == 0, out
    assert "pl: " in out and "de: " in out and " 0 untranslated" in out
    code, out = invoke(ba, "play", "--game", name, "--lang", "pl", "--seed", "1")
    assert code == 0, out
    assert polish in out and english not in out  # the track's noun in the game's own catalog
