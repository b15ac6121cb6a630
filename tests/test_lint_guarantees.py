"""What passes ba-lint runs: the linter knows what a complete rule set is and what the
engine reads, and says so in terms of the files the user has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.dsl import games
from blackangel.interpreter.black_angel.needs import PLACES
from blackangel.interpreter.needs import ConsultedRulings

MOD = (
    "mission m999 {\n  color orange\n  reward 1 vp\n  reveals orange\n  activation: gain 1 vp\n}\n"
)


@pytest.fixture
def lint():
    def invoke(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(lint_command, list(args))
        return result.exit_code, result.output

    return invoke


@pytest.mark.parametrize("text", ["", "# only a comment\n", 'track vp {\n  noun "VP" "VP"\n}\n'])
def test_a_file_that_is_no_complete_rule_set_is_an_error(lint, tmp_path, text):
    path = tmp_path / "part.ba"
    path.write_text(text)
    code, out = lint(str(path))
    assert code == 1, out
    assert "error E113 no 'game' declaration" in out and "ba-lint --base PATH" in out


def test_a_mod_linted_without_base_says_so_and_suggests_base(lint, tmp_path):
    path = tmp_path / "mod.ba"
    path.write_text(MOD)
    code, out = lint(str(path))
    assert code == 1 and "unknown color 'orange'" in out
    assert "note: these files are a mod of the shipped rules" in out
    assert f"`ba-lint --base {path}`" in out and "finds no error" in out
    code, out = lint("--json", str(path))
    assert json.loads(out)["summary"]["with_base"] == {"errors": 0, "warnings": 1}


def test_files_that_fail_on_the_base_too_get_the_count(lint, tmp_path):
    path = tmp_path / "mod.ba"
    path.write_text(MOD.replace("orange", "ornage"))
    code, out = lint(str(path))
    assert code == 1 and "layered on the shipped rules" in out and "they have 2 errors" in out


def test_no_base_note_for_an_empty_file_or_a_complete_rule_set(lint, tmp_path):
    path = tmp_path / "empty.ba"
    path.write_text("")
    assert "note:" not in lint(str(path))[1]
    assert "note:" not in lint()[1]


# ---- the tables of what the code reads, kept honest by reading the code -------------------
ROOT = Path(__file__).resolve().parent.parent
RULING_READ = re.compile(r'ruling\("(\w+)"\)(?:\s*[!=]=\s*"(\w+)")?')


def _rulings_read(folder: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        for name, option in RULING_READ.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, set()).update({option} - {""})
    return found


@pytest.mark.parametrize("game, folder", [("black_angel", "interpreter/black_angel")])
def test_the_rulings_table_of_a_game_is_what_its_code_reads(game, folder):
    tables = [c for c in games.load(game).checks if isinstance(c, ConsultedRulings)]
    assert len(tables) == 1, f"{game} has no ConsultedRulings lint rule"
    table = tables[0].table
    read = _rulings_read(ROOT / folder)
    assert set(read) == set(table), "every ruling the code reads, and only those"
    for name, options in read.items():
        assert options <= set(table[name]), f"{name}: the code compares with {options}"


def test_the_engine_reads_no_ruling_by_name():
    """The engine's own procedure and primitives (a game written only in the language, as
    examples/dice_race) read a ruling only where the rules name it (`past_limit RULING`,
    `end_at N RULING`, `ruled RULING OPTION`): the lint rules of the language check those."""
    names = ("procedure.py", "core_primitives.py", "effects.py", "engine.py", "program.py")
    engine_files = [ROOT / "interpreter" / name for name in names]
    assert engine_files and not any(
        RULING_READ.search(path.read_text(encoding="utf-8")) for path in engine_files
    )


def test_a_primitive_whose_check_may_say_no_can_fail_or_has_its_places():
    """The linter's reasoning about turns (E303) trusts `can_fail`: a primitive whose
    feasibility check may say no either says it can fail, or is confined to the places
    (PLACES) where its check gates whether it is offered at all. A player's turn runs the
    players' implementations (Hal's wrappers of them, hal.for_hal, check his seat)."""
    from blackangel.interpreter.black_angel import PRIMITIVES

    game = games.load("black_angel")
    wrong = [
        name
        for name, prim in game.vocabulary.primitives.items()
        if not prim.can_fail
        and not prim.counter
        and name in PRIMITIVES
        and PRIMITIVES[name].can is not None
        and name not in PLACES
    ]
    assert wrong == []
