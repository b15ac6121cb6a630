"""Files a user hands to the program (interpreter/files.py): every read is bounded, deep
nesting and huge numbers are clear errors, and an output path that cannot be written is
refused before any work, each a one-line message with exit 2 on the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.errors import StateError
from blackangel.interpreter.files import check_output, parse_json, read_text

LONG = "x" * 300  # longer than any file system allows for one name


def run(*args):
    result = CliRunner().invoke(ba, [*map(str, args)], catch_exceptions=False)
    return result.exit_code, result.output


def test_read_text_is_bounded(tmp_path):
    with pytest.raises(StateError, match="larger than 1,000 bytes: not a thing"):
        read_text("/dev/zero", "a thing", StateError, limit=1000)  # an endless file
    (tmp_path / "ok").write_bytes(b"\xef\xbb\xbfhello")
    assert read_text(tmp_path / "ok", "a thing", StateError) == "hello"


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("missing", None, "no such file"),
        ("folder", "dir", "is a directory"),
        ("latin1", b"caf\xe9", "not UTF-8 text"),
        (LONG, None, "cannot read"),
    ],
)
def test_read_text_refuses_in_one_line(tmp_path, name, content, message):
    path = tmp_path / name
    if content == "dir":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    with pytest.raises(StateError, match=message):
        read_text(path, "a thing", StateError)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000 + "]" * 100_000, "nested deeper than 64 levels"),
        ('{"a": ' * 65 + "1" + "}" * 65, "nested deeper than 64 levels"),
        ("[" + "9" * 5000 + "]", "a number with thousands of digits"),
        ("{", "invalid JSON at line 1"),
    ],
)
def test_parse_json_refuses_in_one_line(text, message):
    with pytest.raises(StateError, match=message):
        parse_json(text, "a thing", StateError)


def test_brackets_inside_strings_do_not_count():
    assert parse_json(json.dumps(["[" * 500]), "a thing", StateError) == ["[" * 500]


@pytest.mark.parametrize(
    "where, message",
    [
        ("no/such/folder/out.json", "no folder"),
        (LONG + ".json", "the name is longer than"),
        (LONG + "/out.json", "cannot write"),
        (".", "it is a folder"),
    ],
)
def test_check_output_refuses_in_one_line(tmp_path, where, message):
    with pytest.raises(StateError, match=message):
        check_output(tmp_path / where, StateError)


@pytest.mark.parametrize("option", ["--save", "--replay"])
@pytest.mark.parametrize("where", ["no/such/folder/out.json", LONG + ".json"])
def test_play_refuses_an_output_it_cannot_write_before_playing(tmp_path, option, where):
    code, out = run("play", "--players", "2", option, tmp_path / where)
    assert code == 2 and "error: cannot write" in out, out
    assert "Traceback" not in out and "internal error" not in out and "P1" not in out


@pytest.mark.parametrize("where", ["no/such/folder/out.json", LONG + ".json"])
def test_export_refuses_an_output_it_cannot_write(tmp_path, where):
    code, out = run("export", "-o", tmp_path / where)
    assert code == 2 and "error: cannot write" in out, out


def test_replay_of_an_endless_file_is_refused():
    code, out = run("replay", "/dev/zero")
    assert code == 2 and "'/dev/zero' is larger than" in out and "not a replay file" in out


def test_rules_files_are_read_in_bounded_memory(tmp_path):
    big = tmp_path / "big.ba"
    with open(big, "wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # 64 MB of NUL bytes, sparse on disk
    code, out = run("cards", "--rules", big)
    assert code == 2 and "E002" in out and "larger than" in out
