"""The `ba` and `ba-lint` commands as a user runs them: output, --json, exit codes."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.program import build
from blackangel.interpreter.rulings import resolve
from blackangel.interpreter.simulation import Settings, play_record


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(command, *args):
        result = runner.invoke(command, list(args), catch_exceptions=False)
        return result.exit_code, result.output

    return invoke


def test_lint_shipped_content_is_clean(run):
    code, out = run(lint_command)
    assert code == 0
    assert out.strip().endswith("no problems")


def test_lint_json_format(run):
    code, out = run(lint_command, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["diagnostics"] == []
    assert data["summary"]["errors"] == 0 and len(data["summary"]["content_hash"]) == 16


def test_lint_reports_problems_with_exit_1_and_caret(run, tmp_path):
    bad = tmp_path / "bad.ba"
    bad.write_text(
        "mission m900 {\n  color orang\n  reward 1 vp\n  reveals orange\n"
        "  activation: gain 1 vp\n}\n"
    )
    code, out = run(lint_command, "--base", str(bad))
    assert code == 1
    assert "bad.ba:2:9: error E104" in out
    assert "^^^^^" in out and "did you mean 'orange'" in out


def test_lint_strict_turns_warnings_into_problems(run, tmp_path):
    mod = tmp_path / "extra.ba"
    mod.write_text(
        "mission m900 {\n  color orange\n  reward 1 vp\n  reveals orange\n"
        "  activation: gain 1 vp\n}\n"
    )
    assert run(lint_command, "--base", str(mod))[0] == 0  # only W201: one mission too many
    code, out = run(lint_command, "--base", "--strict", str(mod))
    assert code == 1 and "W201" in out


def test_lint_usage_errors_exit_2(run, tmp_path):
    assert run(lint_command, str(tmp_path / "missing.ba"))[0] == 2
    assert run(lint_command, "--base")[0] == 2
    assert run(lint_command, str(tmp_path))[0] == 2  # a directory without .ba files


def test_lint_provenance_lists_and_counts(run):
    code, out = run(lint_command, "--provenance")
    assert code == 0
    assert "reconstructed:" in out
    summary = [line for line in out.splitlines() if line.startswith("provenance:")]
    assert summary and "printed in the rulebooks" in summary[0] and "inferred" in summary[0]
    data = json.loads(run(lint_command, "--provenance", "--format", "json")[1])
    counts = data["summary"]["provenance"]
    assert counts["reconstructed"] == len(data["reconstructed"]) > 0
    assert counts["inferred"] == len(data["inferred"]) > 0
    assert counts["decision"] == counts["by_category"]["ruling"]["values"] > 0
    assert counts["by_category"]["mission"]["reconstructed"] >= 60  # every reward


def test_lint_list_codes(run):
    code, out = run(lint_command, "--list-codes")
    assert code == 0 and "E001" in out and "E302" in out


def test_cards_overview_lists_every_kind(run):
    code, out = run(ba, "cards")
    assert code == 0
    assert "60 mission" in out and "30 ravager" in out and "48 tech" in out


def test_cards_one_and_kind_and_json(run):
    code, out = run(ba, "cards", "m001")
    assert code == 0 and out.startswith("m001")
    code, out = run(ba, "cards", "--kind", "ravager")
    assert code == 0 and out.count("[ravager]") == 30
    code, out = run(ba, "cards", "--json", "r061", "s1")
    cards = json.loads(out)
    assert [c["id"] for c in cards] == ["r061", "s1"] and cards[1]["text"]


def test_cards_unknown_id_suggests(run):
    code, out = run(ba, "cards", "m0001")
    assert code == 2 and "did you mean 'm001'" in out


def test_graph_dot_whole_and_one(run):
    code, whole = run(ba, "graph")
    assert code == 0 and whole.startswith('digraph "rules"')
    code, one = run(ba, "graph", "t_or01")
    assert code == 0 and '"decl.t_or01"' in one and len(one) < len(whole)
    assert run(ba, "graph", "nonesuch")[0] == 2


def test_export_to_file(run, tmp_path):
    target = tmp_path / "rules.json"
    code, _ = run(ba, "export", "--json", "-o", str(target))
    assert code == 0
    assert json.loads(target.read_text())["format"] == "blackangel-ruleset"


def test_rules_option_with_errors_refuses(run, tmp_path):
    bad = tmp_path / "bad.ba"
    bad.write_text("mission {\n")
    code, out = run(ba, "cards", "--rules", str(bad))
    assert code == 2 and "E001" in out


def test_language_reference_lists_primitives(run):
    code, out = run(ba, "language")
    assert code == 0 and "activate_adjacent" in out and "mission ID" in out
    data = json.loads(run(ba, "language", "--json")[1])
    assert "take" in data["primitives"] and "mission" in data["kinds"]


def test_language_reference_lists_the_events_the_game_raises(run):
    """docs/language.md sends a modder to `ba language` for the events: each is there with
    its help and the moments that raise it, in the chosen language."""
    code, out = run(ba, "language")
    assert code == 0
    for event in ("setup_done", "tile_activated", "final_scoring", "ravager_placed"):
        assert re.search(rf"^    {event} ", out, re.M), event
    assert "before the final scores are counted" in out and "each player, in seat order" in out
    data = json.loads(run(ba, "language", "--json")[1])
    final = data["events"]["final_scoring"]
    assert final["help"] == "the game ends and is scored" and final["raised"] and final["runs_for"]
    polish = json.loads(run(ba, "language", "--json", "--lang", "pl")[1])["events"]
    assert polish["final_scoring"]["help"] != final["help"]


@pytest.mark.parametrize("args", [["--nope"], ["cards", "--kind", "bogus"], ["frobnicate"]])
def test_bad_flags_exit_2_without_traceback(args):
    proc = subprocess.run(
        [sys.executable, "-m", "blackangel.cli.main", *args], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "error" in proc.stderr.lower()


def test_every_code_is_documented():
    from pathlib import Path

    from blackangel.dsl.diagnostics import CODES

    doc = (Path(__file__).parent.parent / "docs" / "lint-codes.md").read_text(encoding="utf-8")
    missing = [code for code in CODES if f"| {code} |" not in doc]
    assert missing == [], "document these codes in docs/lint-codes.md"


def test_simulate_is_reproducible_and_summarises(run):
    args = ["simulate", "--players", "2", "--games", "4", "--seed", "5", "--json"]
    code, first = run(ba, *args)
    assert code == 0
    assert run(ba, *args)[1] == first
    summary = json.loads(first)
    # the summary is what the four games, played one by one, give
    data = build(load_shipped())
    settings = Settings(players=2, agents=("random",), rulings=resolve(data))
    games = [play_record(data, settings, seed) for seed in range(5, 9)]
    scores = [s for game in games for s in game["scores"]]
    wins = [0, 0]
    for game in games:
        for seat in game["winners"]:
            wins[seat] += 1
        assert game["winners"] == [
            s for s, v in enumerate(game["scores"]) if v == max(game["scores"])
        ]
    assert summary["games"] == 4 and summary["wins_by_seat"] == wins
    assert summary["scores"]["min"] == min(scores) and summary["scores"]["max"] == max(scores)
    assert summary["scores"]["mean"] == pytest.approx(sum(scores) / len(scores))
    ended = [game["ended_by"] for game in games]
    assert summary["ended_by"] == {why: ended.count(why) for why in set(ended)}
    code, text = run(ba, "simulate", "--players", "3", "--games", "2", "--agents", "greedy,random")
    assert code == 0 and "greedy:" in text and "ended by:" in text


def test_play_prints_a_readable_game(run):
    code, out = run(ba, "play", "--players", "2", "--seed", "2", "--agents", "random")
    assert code == 0
    assert out.startswith("Black Angel, 2 players, seed 2")
    assert "-- round 1, P1 (random) --" in out and "winner" in out
    assert run(ba, "play", "--players", "5")[0] == 2
    assert run(ba, "play", "--agents", "clever")[0] == 2


def test_version_of_both_commands_is_the_pyproject_version(run):
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    version = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    assert run(ba, "--version") == (0, f"ba {version}\n")
    assert run(lint_command, "--version") == (0, f"ba-lint {version}\n")
    proc = subprocess.run(
        [sys.executable, "-c", "from blackangel.cli.lint import main; main()", "--version"],
        capture_output=True,
        text=True,
    )
    assert (proc.returncode, proc.stdout) == (0, f"ba-lint {version}\n")  # the console script


RULES_COMMANDS = [
    "cards",
    "graph",
    "export",
    "play",
    "simulate",
    "rulings",
    "replay",
    "scenario",
    "docs",
    "serve",
]


def test_every_rules_reading_command_has_rules_and_base():
    for name, command in ba.commands.items():
        options = {opt for param in command.params for opt in param.opts}
        if name in ("lint", "language"):  # lint takes PATHS; language a game's words
            assert "--game" in options, name
            continue
        if name in ("report", "games", "fmt"):  # they read no rules (fmt: files, laid out)
            continue
        if name == "catalogs":  # a mod's texts, always beside the shipped catalogs: no --base
            assert {"--rules", "--game"} <= options and "--base" not in options
            continue
        if name == "lsp":  # its rules are the editor's folder; `base` is an editor setting
            assert not options & {"--rules", "--base"} and "--game" in options
            continue
        assert name in RULES_COMMANDS, f"is {name} a command that reads rules?"
        assert {"--game", "--rules", "--base"} <= options, name


@pytest.mark.parametrize("name", RULES_COMMANDS)
def test_rules_option_is_used_by(name, run, tmp_path):
    """A rule set with a syntax error is refused (exit 2), so the command really read it."""
    bad = tmp_path / "bad.ba"
    bad.write_text("mission {\n")
    args = {
        "export": ["--json"],
        "simulate": ["--games", "1"],
        "replay": [str(tmp_path / "game.json")],
        "scenario": [str(Path(__file__).parent / "scenarios" / "debris_flip.toml")],
        "docs": ["--out", str(tmp_path / "site")],
    }.get(name, [])
    if name == "replay":
        assert run(ba, "play", "--players", "2", "--replay", args[0])[0] == 0
    code, out = run(ba, name, *args, "--rules", str(bad))
    assert code == 2 and "bad.ba:1:10: error E001" in out, out[-500:]
    code, out = run(ba, name, *args, "--base")
    assert code == 2 and "--base needs --rules" in out


def test_rules_layered_on_the_base_change_the_game(run, tmp_path):
    mod = tmp_path / "house.ba"
    mod.write_text(
        "ruling house_rule {\n"
        '  help "A house rule from a mod."\n'
        "  default off\n"
        '  option off "as printed"\n'
        '  option on "our way"\n'
        "}\n"
    )
    layered = ["--rules", str(mod), "--base"]
    code, out = run(ba, "rulings", *layered)
    assert code == 0 and "house_rule  A house rule from a mod." in out
    assert "house_rule" not in run(ba, "rulings")[1]
    shipped = json.loads(run(ba, "play", "--players", "2", "--json")[1])
    modded = json.loads(run(ba, "play", "--players", "2", "--json", *layered)[1])
    assert shipped["content_hash"] != modded["content_hash"]
    assert shipped["log"] == modded["log"]  # an unused ruling changes the rules, not the play
    code, out = run(ba, "simulate", "--games", "1", "--json", "--ruling", "house_rule=on", *layered)
    assert code == 0 and json.loads(out)["rulings"]["house_rule"] == "on"
    assert run(ba, "simulate", "--games", "1", "--ruling", "house_rule=on")[0] == 2
    replay = tmp_path / "game.json"
    assert run(ba, "play", "--players", "2", "--replay", str(replay))[0] == 0
    code, out = run(ba, "replay", str(replay), *layered)
    assert code == 1 and modded["content_hash"] in out


SCENARIO = str(Path(__file__).parent / "scenarios" / "debris_flip.toml")
FORMAT_COMMANDS = {  # command -> arguments that make it quick
    "cards": ["m001"],
    "export": [],
    "games": [],
    "language": [],
    "lint": [],
    "play": ["--players", "2"],
    "rulings": [],
    "scenario": [SCENARIO],
    "simulate": ["--players", "2", "--games", "1"],
}


def test_every_command_with_json_output_has_format_and_json():
    with_format = set()
    for name, command in [*ba.commands.items(), ("ba-lint", lint_command)]:
        options = {opt for param in command.params for opt in param.opts}
        assert ("--json" in options) == ("--format" in options), name
        if "--format" in options:
            with_format.add(name)
    # ba docs builds a site (tests/test_reference.py reads its --json summary); ba catalogs
    # writes a mod's catalogs (tests/test_mod_catalogs.py); ba fmt rewrites files
    # (tests/test_fmt.py)
    assert with_format == set(FORMAT_COMMANDS) | {"ba-lint", "docs", "catalogs", "fmt"}


@pytest.mark.parametrize("name", sorted(FORMAT_COMMANDS))
def test_json_is_the_same_as_format_json(name, run):
    args = FORMAT_COMMANDS[name]
    code, out = run(ba, name, *args, "--json")
    assert code == 0 and json.loads(out)
    assert run(ba, name, *args, "--format", "json") == (code, out)
    assert run(ba, name, *args, "--format", "xml")[0] == 2
    if name == "export":  # JSON is its only format, and the default
        assert run(ba, name)[1] == out
        assert run(ba, name, "--format", "text")[0] == 2
        return
    code, text = run(ba, name, *args, "--format", "text")
    default = run(ba, name, *args)[1]
    speed = re.compile(r"\([\d.]+ games/s, [^()]*\)")  # simulate's only varying figure
    assert code == 0 and text != out and speed.sub("", text) == speed.sub("", default)
    code, error = run(ba, name, *args, "--json", "--format", "text")
    assert code == 2 and "--json means --format json; it contradicts --format text" in error


def test_ba_lint_json_shorthand(run):
    assert run(lint_command, "--json") == run(lint_command, "--format", "json")
    assert json.loads(run(lint_command, "--list-codes", "--json")[1])["E001"]["severity"]
    assert run(lint_command, "--json", "--format", "text")[0] == 2


def test_lang_offers_the_languages_with_a_catalog(run):
    code, out = run(ba, "cards", "--lang", "xx", "m001")
    assert code == 2 and "no catalog for the language 'xx'; languages: en, pl, de" in out
    for lang in ("en", "pl", "de"):
        assert run(ba, "cards", "--lang", lang, "m001")[0] == 0


ANSI = "\x1b["


def _colour_run(command, args, no_color=None, tty=True):
    """Run as if on a terminal (tty) with NO_COLOR set to no_color (None: unset)."""
    result = CliRunner().invoke(command, args, color=tty, env={"NO_COLOR": no_color})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "command, args",
    [(ba, ["rulings"]), (ba, ["cards", "m001"]), (ba, ["lint"]), (lint_command, [])],
    ids=["rulings", "cards", "ba lint", "ba-lint"],
)
def test_color_option_and_no_color(command, args):
    def colour(choice):  # the group's option for ba, the command's own for ba-lint
        return ["--color", choice, *args]

    assert ANSI in _colour_run(command, args)  # auto, on a terminal
    assert ANSI not in _colour_run(command, args, tty=False)  # auto, piped
    assert ANSI in _colour_run(command, colour("always"), tty=False)
    assert ANSI not in _colour_run(command, colour("never"))
    assert ANSI not in _colour_run(command, args, no_color="1")
    assert ANSI in _colour_run(command, args, no_color="")  # empty counts as unset
    assert ANSI in _colour_run(command, colour("always"), no_color="1")  # the option wins


def test_color_of_ba_lint_under_ba():
    assert ANSI not in _colour_run(ba, ["--color", "never", "lint"])  # lint follows ba
    assert ANSI in _colour_run(ba, ["--color", "never", "lint", "--color", "always"], tty=False)
    result = CliRunner().invoke(ba, ["--color", "sometimes", "rulings"])
    assert result.exit_code == 2 and "Invalid value for '--color'" in result.output


def test_simulate_gives_the_same_results_with_any_number_of_workers(run, tmp_path):
    """Each game's seed comes from the first seed and its index: two processes play the
    same games as one, and the records come back in seed order."""
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"games{workers}.jsonl"
        args = ["simulate", "--players", "3", "--games", "6", "--seed", "9", "--json"]
        code, text = run(ba, *args, "--workers", workers, "--out", str(out))
        assert code == 0
        outputs.append((json.loads(text), out.read_text(encoding="utf-8")))
    assert outputs[0] == outputs[1]
    records = [json.loads(line) for line in outputs[0][1].splitlines()]
    assert [r["seed"] for r in records] == list(range(9, 15))
    assert all(len(r["seats"]) == 3 and set(r["seats"][0]) >= {"played", "took"} for r in records)


def test_simulate_refuses_an_unwritable_output_before_playing(run, tmp_path):
    code, text = run(ba, "simulate", "--games", "2", "--out", str(tmp_path / "no" / "such.jsonl"))
    assert code == 2 and "cannot write" in text


def test_the_help_as_written_stays_at_hand_while_a_run_shows_it_in_polish():
    """`ba docs --lang en --lang pl` runs with its help in Polish (the last --lang), yet
    the English pages of the reference must translate the help as written, not the
    Polish: `source_help` gives it, and nothing is left over after the run."""
    from blackangel.cli.help_language import in_language
    from blackangel.cli.help_messages import SOURCE_HELP, help_paragraphs, source_help

    docs = ba.commands["docs"]
    option = next(p for p in docs.params if p.name == "out")
    written, written_option = docs.help, option.help
    with in_language(ba, "pl"):
        assert docs.help != written and option.help != written_option  # shown in Polish
        assert source_help(docs) == written and source_help(option) == written_option
        assert help_paragraphs(docs)[0][0] == " ".join(written.split("\n\n")[0].split())
    assert docs.help == written and SOURCE_HELP == {}
