"""`ba fmt` (cli/fmt.py): .ba files laid out as the shipped ones, in place and atomically;
--check and --diff write nothing; a file that does not parse is left alone."""

from __future__ import annotations

import json
import os

from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.loader import CONTENT_DIR

MESSY = 'track points {\nnoun "point" "points"   \n\n\n     limit 5\n}\n\n\n'
TIDY = 'track points {\n  noun "point" "points"\n\n  limit 5\n}\n'


def run(*args: str):
    return CliRunner().invoke(ba, list(args))


def test_a_file_is_laid_out_in_place_and_then_left_as_it_is(tmp_path):
    path = tmp_path / "mod.ba"
    path.write_text(MESSY, encoding="utf-8")
    os.chmod(path, 0o640)
    result = run("fmt", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == TIDY
    assert "laid out again" in result.output
    assert os.stat(path).st_mode & 0o777 == 0o640  # its permissions kept
    assert [p.name for p in tmp_path.iterdir()] == ["mod.ba"]  # no temporary file left
    again = run("fmt", str(path), "--check")
    assert again.exit_code == 0 and "0 of 1 file would be laid out again" in again.output


def test_check_and_diff_write_nothing_and_exit_1_when_a_file_would_change(tmp_path):
    path = tmp_path / "mod.ba"
    path.write_text(MESSY, encoding="utf-8")
    check = run("fmt", "--check", str(tmp_path))
    assert check.exit_code == 1 and f"would lay out again: {path}" in check.output
    diff = run("fmt", "--diff", str(path))
    assert diff.exit_code == 1
    assert '-noun "point" "points"   \n+  noun "point" "points"\n' in diff.stdout
    assert path.read_text(encoding="utf-8") == MESSY


def test_a_file_that_does_not_parse_is_left_alone_and_named(tmp_path):
    bad = tmp_path / "bad.ba"
    bad.write_text("track {{{\n", encoding="utf-8")
    (tmp_path / "good.ba").write_text(MESSY, encoding="utf-8")
    result = run("fmt", str(tmp_path))
    assert result.exit_code == 1
    assert f"cannot lay out {bad}: it does not parse" in result.output
    assert bad.read_text(encoding="utf-8") == "track {{{\n"
    assert (tmp_path / "good.ba").read_text(encoding="utf-8") == TIDY
    assert "Traceback" not in result.output


def test_the_shipped_rules_are_laid_out_already():
    result = run("fmt", "--check", "--format", "json", str(CONTENT_DIR))
    assert result.exit_code == 0, result.output
    states = {entry["state"] for entry in json.loads(result.output)["files"]}
    assert states == {"same"}
    assert run("fmt", "--check", "--json", str(CONTENT_DIR)).output == result.output


def test_a_missing_path_or_none_is_a_usage_error():
    assert run("fmt", "no/such/place.ba").exit_code == 2
    assert run("fmt").exit_code == 2


def test_messages_in_polish(tmp_path):
    path = tmp_path / "mod.ba"
    path.write_text(MESSY, encoding="utf-8")
    result = run("fmt", "--check", "--lang", "pl", str(path))
    assert result.exit_code == 1 and "would lay out" not in result.output


def test_the_core_install_runs_ba_and_ba_fmt_without_the_optional_packages():
    """`pip install .` brings no Pygments, Sphinx, pygls or Starlette: `ba` (its command
    list imports every command) and `ba fmt` must not need them."""
    import subprocess
    import sys

    blocked = ("pygments", "sphinx", "pygls", "lsprotocol", "starlette", "uvicorn")
    code = (
        "import sys\n"
        + "".join(f"sys.modules[{name!r}] = None\n" for name in blocked)
        + "from click.testing import CliRunner\n"
        "from blackangel.cli.main import ba\n"
        f"result = CliRunner().invoke(ba, ['fmt', '--check', {str(CONTENT_DIR)!r}])\n"
        "print(result.exit_code, result.output)\n"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert shown.stdout.startswith("0 ") and "would be laid out again" in shown.stdout
