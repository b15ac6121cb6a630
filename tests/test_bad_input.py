"""Hostile input: whatever the bytes or the paths, ba-lint answers with diagnostics or a
usage error, and never with a traceback. How long each input takes is measured by
`python benchmarks/hostile_inputs.py`, not asserted here."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hostile_inputs import HOSTILE

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
