"""What passes ba-lint runs: the linter knows what a complete rule set is and what the
engine reads, and says so in terms of the files the user has."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command

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
    assert code == 1 and "layered on the shipped rules" in out and "they have 2 error(s)" in out


def test_no_base_note_for_an_empty_file_or_a_complete_rule_set(lint, tmp_path):
    path = tmp_path / "empty.ba"
    path.write_text("")
    assert "note:" not in lint(str(path))[1]
    assert "note:" not in lint()[1]
