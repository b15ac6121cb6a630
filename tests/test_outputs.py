"""Outputs are never lost (interpreter/files.py): every command writes through a temporary
name in the same folder and renames it into place when complete, refuses to replace an
existing file, symbolic link or non-empty folder without --force, and a failed run
leaves the old output exactly as it was and no temporary file behind."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.errors import StateError
from blackangel.interpreter import cluster
from blackangel.interpreter.files import output_file, output_folder, write_output

OLD = "the old output, which must survive\n"


def run(*args):
    result = CliRunner().invoke(ba, [*map(str, args)], catch_exceptions=False)
    return result.exit_code, result.output


def names(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ---- the mechanism ------------------------------------------------------------------
def test_a_file_appears_only_when_complete_and_a_failure_keeps_the_old_one(tmp_path):
    target = tmp_path / "out.txt"
    with output_file(target, StateError) as handle:
        handle.write("new")
        assert not target.exists()  # written under a temporary name meanwhile
    assert target.read_text() == "new"
    with pytest.raises(StateError, match="exists already; give --force"):
        write_output(target, "newer", StateError)
    with pytest.raises(RuntimeError), output_file(target, StateError, force=True) as handle:
        handle.write("half")
        raise RuntimeError("the run fails")
    assert target.read_text() == "new" and names(tmp_path) == ["out.txt"]
    write_output(target, "newer", StateError, force=True)
    assert target.read_text() == "newer" and names(tmp_path) == ["out.txt"]


def test_a_symbolic_link_is_never_followed(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text(OLD)
    link = tmp_path / "link.txt"
    link.symlink_to(kept)
    with pytest.raises(StateError, match="symbolic link; it is not followed"):
        write_output(link, "new", StateError)
    write_output(link, "new", StateError, force=True)  # replaces the link, not its target
    assert kept.read_text() == OLD and not link.is_symlink() and link.read_text() == "new"
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(StateError, match="symbolic link"):
        write_output(dangling, "new", StateError)
    assert not (tmp_path / "nowhere").exists()


def test_a_device_is_written_to_not_replaced():
    write_output(os.devnull, "discarded", StateError)  # nothing there to lose
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_device_is_a_clear_error():
    with pytest.raises(StateError, match="cannot write '/dev/full'"):
        write_output("/dev/full", "x" * 100_000, StateError)


def test_a_folder_is_moved_into_place_when_complete(tmp_path):
    target = tmp_path / "site"
    with output_folder(target, StateError) as folder:
        (folder / "index.html").write_text("new")
        assert not target.exists()
    assert names(target) == ["index.html"]
    with pytest.raises(StateError, match="is not empty; give --force"):
        with output_folder(target, StateError):
            pass
    with pytest.raises(RuntimeError), output_folder(target, StateError, force=True) as folder:
        (folder / "half.html").write_text("half")
        raise RuntimeError("the build fails")
    assert names(target) == ["index.html"] and names(tmp_path) == ["site"]
    with output_folder(target, StateError, force=True) as folder:
        (folder / "other.html").write_text("newer")
    assert names(target) == ["other.html"] and names(tmp_path) == ["site"]
    (tmp_path / "empty").mkdir()
    with output_folder(tmp_path / "empty", StateError) as folder:  # an empty folder is free
        (folder / "a").write_text("a")
    assert names(tmp_path / "empty") == ["a"]


def test_a_file_in_place_of_a_folder_is_refused(tmp_path):
    with pytest.raises(StateError, match="not a folder"):
        with output_folder(os.devnull, StateError):
            pass
    (tmp_path / "file").write_text(OLD)
    with pytest.raises(StateError, match="not a folder"):
        with output_folder(tmp_path / "file", StateError, force=True):
            pass
    assert (tmp_path / "file").read_text() == OLD


# ---- every command -----------------------------------------------------------------
@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "games.jsonl"
    code, out = run("simulate", "--players", "2", "--games", "3", "--workers", "1", "--out", path)
    assert code == 0, out
    return path


# each command that writes a file: its arguments before the output path
FILE_COMMANDS = {
    "play --save": ["play", "--players", "2", "--save"],
    "play --replay": ["play", "--players", "2", "--replay"],
    "export -o": ["export", "-o"],
    "simulate --out": ["simulate", "--players", "2", "--games", "2", "--workers", "1", "--out"],
}


@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_a_command_replaces_an_existing_file_only_with_force(tmp_path, command):
    args = FILE_COMMANDS[command]
    target = tmp_path / "out"
    target.write_text(OLD)
    code, out = run(*args, target)
    assert code == 2 and "exists already; give --force to replace it" in out, out
    assert target.read_text() == OLD
    link = tmp_path / "link"
    link.symlink_to(target)
    code, out = run(*args, link)
    assert code == 2 and "symbolic link" in out and target.read_text() == OLD
    code, out = run(*args, target, "--force")
    assert code == 0, out
    assert target.read_text() != OLD and names(tmp_path) == ["link", "out"]


def test_report_replaces_a_folder_only_with_force(tmp_path, records):
    pytest.importorskip("matplotlib")
    out = tmp_path / "report"
    out.mkdir()
    (out / "mine.txt").write_text(OLD)
    code, text = run("report", records, "--out", out)
    assert code == 2 and "is not empty; give --force" in text, text
    assert names(out) == ["mine.txt"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    code, text = run("report", bad, "--out", out, "--force")
    assert code == 2 and names(out) == ["mine.txt"] and names(tmp_path) == ["bad.jsonl", "report"]
    code, text = run("report", records, "--out", out, "--force")
    assert code == 0, text
    assert "index.html" in names(out) and "mine.txt" not in names(out)
    assert names(tmp_path) == ["bad.jsonl", "report"]


def test_docs_refuses_a_folder_it_would_replace_before_building(tmp_path):
    pytest.importorskip("sphinx")
    site = tmp_path / "site"
    site.mkdir()
    (site / "mine.txt").write_text(OLD)
    code, out = run("docs", "--out", site)
    assert code == 2 and "is not empty; give --force" in out, out
    code, out = run("docs", "--out", os.devnull)
    assert code == 2 and "not a folder" in out, out
    assert names(site) == ["mine.txt"]


def test_a_failing_simulation_leaves_the_old_records_as_they_were(tmp_path, monkeypatch):
    target = tmp_path / "games.jsonl"
    target.write_text(OLD)

    def failing(*args, **kwargs):
        raise cluster.ClusterUnavailable("cannot reach the Ray cluster at ray://nowhere:1")
        yield  # a generator, as the real one

    monkeypatch.setattr(cluster, "records", failing)
    args = ["simulate", "--games", "2", "--backend", "ray", "--address", "ray://nowhere:1"]
    code, out = run(*args, "--out", target, "--force")
    assert code == 2 and "cannot reach the Ray cluster" in out, out
    assert target.read_text() == OLD and names(tmp_path) == ["games.jsonl"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_simulate_into_a_full_device_is_a_clear_error():
    code, out = run("simulate", "--games", "2", "--workers", "1", "--out", "/dev/full")
    assert code == 2 and "error: cannot write '/dev/full': No space left" in out, out


def test_a_saved_game_written_with_force_is_whole(tmp_path):
    target = tmp_path / "game.json"
    target.write_text(OLD)
    code, out = run("play", "--players", "2", "--save", target, "--force")
    assert code == 0, out
    assert json.loads(target.read_text())["scores"] is not None
