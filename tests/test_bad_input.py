"""Hostile input: whatever the bytes or the paths, ba-lint answers with diagnostics or a
usage error, and never with a traceback; so do the other commands, given bad records,
numbers, databases or ports (the end of this file). How long each input takes is measured
by `python benchmarks/hostile_inputs.py`, not asserted here."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hostile_inputs import HOSTILE, random_bytes

from blackangel.cli.lint import lint_command
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.loader import UsageError, find_files
from blackangel.dsl.parser import MAX_FILE_BYTES, MAX_NESTING, MAX_SYNTAX_ERRORS, parse_bytes


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_parse_bytes_gives_diagnostics(name):
    data, code = HOSTILE[name]
    tree, diags, _ = parse_bytes(data, "hostile.ba")
    if code is None:
        assert diags == [] and tree is not None and tree.items == ()
        return
    assert tree is None
    assert diags, "bad input must give at least one diagnostic"
    assert len(diags) <= MAX_SYNTAX_ERRORS + 1
    for d in diags:
        assert d.code == code, d
        assert d.message and d.span is not None and d.span.file == "hostile.ba"
        assert d.span.line >= 1 and d.span.column >= 1
    if code == "E002":
        assert len(diags) == 1  # the file is refused as a whole


def _lint(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(lint_command, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_lint_command_reports_without_traceback(name, tmp_path):
    data, code = HOSTILE[name]
    path = tmp_path / f"{name}.ba"
    path.write_bytes(data)
    exit_code, out = _lint(str(path))
    assert "Traceback" not in out and "internal error" not in out, out[-2000:]
    if code is None:
        # nothing wrong with the text, but no rule set either: one error says so
        assert exit_code == 1, out
        assert "error E113 no 'game' declaration" in out and "--base" in out
        assert "0 declarations: 1 error, 0 warnings" in out
    else:
        assert exit_code == 1, out
        assert f"error {code} " in out
        assert f"{path.name}:" in out
        assert "note: name, type and graph checks skipped" in out


def test_max_nesting_is_allowed_and_one_more_is_refused():
    ok = b"x: " + b"(" * MAX_NESTING + b"a" + b")" * MAX_NESTING + b"\n"
    tree, diags, _ = parse_bytes(ok, "n.ba")
    assert diags == [] and tree is not None
    deep = b"x: " + b"(" * (MAX_NESTING + 1) + b"a" + b")" * (MAX_NESTING + 1) + b"\n"
    tree, (diag,), _ = parse_bytes(deep, "n.ba")
    assert tree is None and diag.code == "E002"
    assert (diag.span.line, diag.span.column) == (1, 4 + MAX_NESTING)


def test_size_limit_is_exact():
    tree, diags, _ = parse_bytes(b" " * MAX_FILE_BYTES, "big.ba")
    assert diags == [] and tree is not None
    tree, (diag,), _ = parse_bytes(b" " * (MAX_FILE_BYTES + 1), "big.ba")
    assert diag.code == "E002" and f"{MAX_FILE_BYTES:,}" in diag.message


def test_braces_and_parentheses_inside_strings_and_comments_do_not_count():
    data = b'x "' + b"(" * 100 + b'" # ' + b"{" * 100 + b"\n"
    tree, diags, _ = parse_bytes(data, "s.ba")
    assert diags == [] and tree is not None


def test_deeply_nested_optional_is_a_syntax_error_not_a_crash():
    """`optional optional ...` once overflowed the recursive tree transformer."""
    data = b"x: " + b"optional " * 10_000 + b"take 1 ship\n"
    tree, diags, _ = parse_bytes(data, "deep.ba")
    assert tree is None and [(d.code, d.span.column) for d in diags] == [("E001", 13)]
    data = b"x: " + b"optional (" * 1000 + b"a" + b")" * 1000 + b"\n"
    tree, (diag,), _ = parse_bytes(data, "deep.ba")
    assert tree is None and diag.code == "E002"


def test_lint_command_on_deeply_nested_optional(tmp_path):
    path = tmp_path / "deep.ba"
    effect = b"optional " * 600 + b"gain 1 vp"
    path.write_bytes(b"trigger t {\n  on setup_done\n  effect: " + effect + b"\n}\n")
    exit_code, out = _lint(str(path))
    assert "internal error" not in out and "Traceback" not in out
    assert exit_code == 1 and "deep.ba:3:20: error E001 unexpected 'optional'" in out


def test_several_files_one_bad(tmp_path):
    good = tmp_path / "a.ba"
    good.write_text('color orange {\n  noun "orange"\n}\n')
    (tmp_path / "b.ba").write_bytes(b"\xff\xfe junk")
    (tmp_path / "c.ba").write_text("x )\n")
    exit_code, out = _lint(str(tmp_path))
    assert exit_code == 1
    assert "b.ba:1:1: error E002" in out and "c.ba:1:3: error E001" in out
    assert "3 files" in out and "Traceback" not in out


# ---- paths -----------------------------------------------------------------------


def test_nonexistent_path(tmp_path):
    exit_code, out = _lint(str(tmp_path / "missing.ba"))
    assert exit_code == 2
    assert "no such file or directory" in out and "Traceback" not in out


def test_directory_without_ba_files(tmp_path):
    (tmp_path / "notes.txt").write_text("not a rule file")
    exit_code, out = _lint(str(tmp_path))
    assert exit_code == 2
    assert "no .ba files" in out and "Traceback" not in out


def test_base_without_paths_is_a_usage_error():
    exit_code, out = _lint("--base")
    assert exit_code == 2 and "--base" in out and "Traceback" not in out


def test_find_files_raises_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="no such file"):
        find_files([tmp_path / "nope"])
    with pytest.raises(UsageError, match="no .ba files"):
        find_files([tmp_path])
    with pytest.raises(UsageError):
        compile_paths([tmp_path / "nope.ba"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_named_pipe_given_by_name_is_a_usage_error(tmp_path):
    fifo = tmp_path / "pipe.ba"
    os.mkfifo(fifo)
    exit_code, out = _lint(str(fifo))
    assert exit_code == 2 and "neither a file nor a directory" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_named_pipe_inside_a_directory_is_skipped(tmp_path):
    """A named pipe called x.ba under a directory once made ba-lint block forever."""
    (tmp_path / "rules.ba").write_text('color orange {\n  noun "orange"\n}\n')
    os.mkfifo(tmp_path / "pipe.ba")
    assert find_files([tmp_path]) == [tmp_path / "rules.ba"]


def test_directory_named_like_a_rule_file_is_skipped(tmp_path):
    """A sub-directory named x.ba was once read as a file: 'Is a directory', exit 2."""
    (tmp_path / "rules.ba").write_text('color orange {\n  noun "orange"\n}\n')
    (tmp_path / "old.ba").mkdir()
    exit_code, out = _lint(str(tmp_path))
    assert "Is a directory" not in out and "internal error" not in out, out
    assert exit_code == 1 and "1 files, 1 declarations: 1 error," in out  # E113: no game


# ---- the real process: exit code and stderr, as a shell sees them --------------------


def _run(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "blackangel.cli.lint", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=30,
    )


def test_process_nonexistent_path(tmp_path):
    proc = _run("missing.ba", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: no such file or directory: 'missing.ba'"
    assert "Traceback" not in proc.stdout + proc.stderr


def test_process_binary_junk_and_deep_parentheses(tmp_path):
    (tmp_path / "junk.ba").write_bytes(HOSTILE["binary_junk"][0])
    (tmp_path / "deep.ba").write_bytes(HOSTILE["nested_parentheses"][0])
    proc = _run("junk.ba", "deep.ba", cwd=tmp_path)
    assert proc.returncode == 1
    assert "junk.ba:1:" in proc.stdout and "E002" in proc.stdout
    assert "deep.ba:1:44: error E002 nesting deeper than 40 levels" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr and proc.stderr == ""


def test_process_directory_without_ba_files(tmp_path):
    (tmp_path / "empty").mkdir()
    proc = _run("empty", cwd=tmp_path)
    assert proc.returncode == 2 and "no .ba files" in proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="needs byte file names")
def test_process_file_name_that_is_not_utf8(tmp_path):
    """A file name that is not UTF-8 once reached click.echo as a lone surrogate:
    'internal error: UnicodeEncodeError' (exit 2) instead of the file's diagnostics."""
    os.mkdir(os.path.join(os.fsencode(tmp_path), b"rules"))
    with open(os.path.join(os.fsencode(tmp_path), b"rules", b"\xffbad.ba"), "wb") as f:
        f.write(b"x )\n")
    proc = _run("rules", cwd=tmp_path)
    assert "internal error" not in proc.stderr, proc.stderr
    assert proc.returncode == 1 and "E001" in proc.stdout


# ---- the other commands ------------------------------------------------------------
def _ba(*args) -> tuple[int, str]:
    from blackangel.cli.main import ba

    result = CliRunner().invoke(ba, [*map(str, args)], catch_exceptions=False)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("records") / "one.jsonl"
    code, out = _ba("simulate", "--players", "2", "--games", "1", "--out", path)
    assert code == 0, out
    return json.loads(path.read_text())


BAD_RECORDS = {
    "rulings_null": {"rulings": None},
    "rulings_list": {"rulings": ["a"]},
    "seats_text": {"seats": "abc"},
    "seats_numbers": {"seats": [1, 2]},
    "seats_of_text": {"seats": [{"played": "m001"}]},
    "agents_number": {"agents": 5},
    "agents_too_few": {"agents": []},
    "agents_numbers": {"agents": [1, 2]},
    "scores_null": {"scores": None},
    "winners_text": {"winners": "1"},
    "players_text": {"players": "2"},
    "turns_list": {"turns": [1]},
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_report_refuses_a_record_of_the_wrong_shape(tmp_path, record, name):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n" + json.dumps({**record, **BAD_RECORDS[name]}))
    code, out = _ba("report", path, "--out", tmp_path / "report")
    assert code == 2 and "bad.jsonl, line 2: not simulation records" in out, out
    assert not (tmp_path / "report").exists()


@pytest.mark.parametrize(
    "content, message",
    [
        ("[" * 10_000 + "]" * 10_000 + "\n", "nested deeper than"),
        ("", "no games in it"),
        ("\n\n", "no games in it"),
        ("\xff\n", "not UTF-8"),
    ],
    ids=["deep", "empty", "blank_lines", "binary"],
)
def test_report_refuses_a_file_that_is_not_records(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content.encode("latin-1"))
    code, out = _ba("report", path, "--out", tmp_path / "report")
    assert code == 2 and message in out, out


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_report_reads_an_endless_file_in_bounded_memory(tmp_path):
    code, out = _ba("report", "/dev/zero", "--out", tmp_path / "report")
    assert code == 2 and "line 1: longer than" in out, out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--games", "999999999999"], "is not in the range 1<=x<="),
        (["--games", str(2**62)], "is not in the range 1<=x<="),
        (["--workers", "100000"], "per core"),
        (["--seed", str(2**63 - 1), "--games", "2"], "the last game's seed"),
        (["--seed", "-1"], "is not in the range 0<=x<="),
        (["--players", "2", "--agents", "random,greedy,mcts"], "3 bots for 2 seats"),
    ],
    ids=["games_huge", "games_2_62", "workers_huge", "last_seed", "negative_seed", "agents"],
)
def test_simulate_refuses_what_it_cannot_run(args, message):
    code, out = _ba("simulate", *args)
    assert code == 2 and message in out, out


def test_simulate_never_starts_more_workers_than_games():
    code, out = _ba("simulate", "--players", "2", "--games", "2", "--workers", "3")
    assert code == 0 and "2 processes" in out, out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--save", ""], "the output path is empty"),
        (["--replay", ""], "the output path is empty"),
        (["--save", "same.json", "--replay", "same.json"], "name the same file"),
        (["--players", "2", "--agents", "random,greedy,mcts"], "3 bots for 2 seats"),
        (["--seed", "-5"], "is not in the range 0<=x<="),
    ],
    ids=["save_empty", "replay_empty", "same_file", "agents", "negative_seed"],
)
def test_play_refuses_what_it_would_ignore(args, message):
    code, out = _ba("play", *args)
    assert code == 2 and message in out and "winner" not in out, out


def test_the_default_agents_still_serve_a_solo_game():
    code, out = _ba("play", "--solo", "--seed", "2")
    assert code == 0, out


@pytest.mark.skipif(sys.platform != "linux", reason="needs /proc")
@pytest.mark.parametrize("command", ["docs", "report"])
def test_an_output_folder_that_cannot_be_made_is_a_usage_error(tmp_path, command):
    pytest.importorskip("sphinx" if command == "docs" else "matplotlib")
    records = tmp_path / "r.jsonl"
    code, out = _ba("simulate", "--players", "2", "--games", "1", "--out", records)
    args = ["--out", "/proc/ba-out"] if command == "docs" else [records, "--out", "/proc/ba-out"]
    code, out = _ba(command, *args)
    assert code == 2 and "cannot write '/proc/ba-out'" in out, out


def _sqlite_with(path, statement: str):
    import sqlite3

    connection = sqlite3.connect(path)
    connection.execute(statement)
    connection.commit()
    connection.close()
    return path


def _serve(db) -> tuple[int, str]:
    pytest.importorskip("uvicorn")
    return _ba("serve", "--port", "0", "--db", db)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: d / "missing" / "games.db", "no folder"),
        (lambda d: _write(d / "notes.txt", b"my notes\n" * 20), "not a usable SQLite database"),
        (lambda d: _write(d / "junk.bin", random_bytes(4096, 3)), "not a usable SQLite"),
        (lambda d: _fifo(d / "pipe"), "is not a file"),
        (lambda d: "/dev/zero", "is not a file"),
        (lambda d: "/dev/full", "is not a file"),
        (lambda d: "", "the database path is empty"),
        (lambda d: ":memory:", "would lose every game"),
        (lambda d: _sqlite_with(d / "a.db", "CREATE TABLE users (name)"), "another program"),
        (lambda d: _sqlite_with(d / "b.db", "CREATE TABLE games (x, y)"), "another program"),
    ],
    ids=[
        "missing_folder",
        "text",
        "binary",
        "fifo",
        "zero",
        "full",
        "empty",
        "memory",
        "other",
        "games",
    ],
)
def test_serve_refuses_a_database_that_cannot_keep_the_games(tmp_path, make, message):
    db = make(tmp_path)
    if str(db).startswith("/dev/") and not os.path.exists(db):
        pytest.skip(f"needs {db}")
    before = os.path.getsize(db) if os.path.isfile(db) else None
    code, out = _serve(db)
    assert code == 2 and message in out and "open http" not in out, out
    assert before is None or os.path.getsize(db) == before


def _write(path, data: bytes):
    path.write_bytes(data)
    return path


def _fifo(path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    os.mkfifo(path)
    return path


def test_the_games_database_is_marked_and_recognised(tmp_path):
    import sqlite3

    from blackangel.web.storage import APPLICATION_ID, Storage, StorageError

    path = tmp_path / "games.db"
    Storage(path).close()
    assert sqlite3.connect(path).execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    Storage(path).close()  # ours: opened again
    other = _sqlite_with(tmp_path / "other.db", f"PRAGMA application_id = {APPLICATION_ID + 1}")
    with pytest.raises(StorageError, match="another program"):
        Storage(other)
    with sqlite3.connect(path) as connection:  # ours, but with a table this version lacks
        connection.execute("CREATE TABLE extra (x)")
    with pytest.raises(StorageError, match="tables this version does not know"):
        Storage(path)


def test_serve_on_a_port_in_use_is_a_usage_error_before_the_address(tmp_path):
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        pytest.importorskip("uvicorn")
        port = taken.getsockname()[1]
        code, out = _ba("serve", "--port", port, "--db", tmp_path / "games.db")
    finally:
        taken.close()
    assert code == 2 and f"cannot listen on 127.0.0.1:{port}" in out, out
    assert "open http" not in out and not (tmp_path / "games.db").exists()
