"""Functional lint cases: every `.ba` file in dsl/lint_cases/ says what ba-lint must report.

The format is described in dsl/lint_cases/README.md (and read by dsl/cases.py).
In short: a header line
`# lint-case: base | standalone | standalone strict`, then `# expect: CODE ...`
at the end of each line where a diagnostic is expected. The set of
(line, code) pairs reported in the case file must equal the expected set
exactly; codes reported in other files must equal `# expect-elsewhere:`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from blackangel.dsl.cases import (
    CASES_DIR,
    FIXED,
    MODES,
    Case,
    CaseError,
    case_files,
    examples,
    lint,
    parse_case,
)
from blackangel.dsl.compiler import CompileResult, compile_paths
from blackangel.dsl.diagnostics import CATALOG_CODES, CODES, Diagnostic, render_text
from blackangel.dsl.loader import display_name
from blackangel.dsl.parser import MAX_FILE_BYTES

# Codes for names that can be misspelt: a near miss must come with "did you mean".
NAME_CODES = ("E101", "E102", "E103", "E104")


def render(result: CompileResult) -> str:
    return "\n".join(render_text(d, result.lines) for d in result.diagnostics) or "(none)"


def split_diagnostics(result: CompileResult, path: Path):
    name = display_name(path)
    here = [d for d in result.diagnostics if d.span is not None and d.span.file == name]
    elsewhere = [d for d in result.diagnostics if d.span is None or d.span.file != name]
    return here, elsewhere


def check_case(case: Case, path: Path) -> None:
    result = lint(path, case.mode)
    shown = render(result)
    here, elsewhere = split_diagnostics(result, path)
    got = {(d.span.line, d.code) for d in here}
    missing = sorted(case.expected - got)
    unexpected = sorted(got - case.expected)
    assert not missing and not unexpected, (
        f"{path.name} ({case.mode}): missing {missing}, unexpected {unexpected}\n{shown}"
    )
    got_elsewhere = {d.code for d in elsewhere}
    assert got_elsewhere == case.elsewhere, (
        f"{path.name}: codes in other files {sorted(got_elsewhere)}, "
        f"expected {sorted(case.elsewhere)}\n{shown}"
    )
    for diag in result.diagnostics:
        assert diag.message.strip(), f"empty message: {diag}"
        assert diag.severity == CODES[diag.code][0]
    text = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    for diag in here:
        check_span(diag, text, shown)
    for key, words in case.suggestions.items():
        hints = [d.hint or "" for d in here if (d.span.line, d.code) == key]
        for word in words:
            assert any("did you mean" in h and f"'{word}'" in h for h in hints), (
                f"{path.name}:{key[0]}: {key[1]} should suggest '{word}', hints: {hints}\n{shown}"
            )


def check_span(diag: Diagnostic, lines: list[str], shown: str) -> None:
    """A diagnostic points inside the file, and its end is not before its start."""
    s = diag.span
    assert 1 <= s.line <= max(len(lines), 1), f"line out of file: {diag}\n{shown}"
    width = len(lines[s.line - 1]) if lines else 0
    assert 1 <= s.column <= width + 1, f"column out of line: {diag}\n{shown}"
    assert (s.end_line, s.end_column) >= (s.line, s.column), f"span ends before start: {diag}"


def _params():
    out = []
    for path in case_files():
        case = parse_case(path)
        marks = []
        if case.known_bug:
            marks.append(pytest.mark.xfail(strict=True, reason=case.known_bug))
        out.append(pytest.param(path, marks=marks, id=path.stem))
    return out


@pytest.mark.parametrize("path", _params())
def test_lint_case(path):
    check_case(parse_case(path), path)


# ---- inputs that cannot hold comments: the test writes the bytes ----------

BYTE_CASES = {
    # name: (bytes, expected {(line, code)})
    "invalid_utf8": (
        b'game black_angel {\n  title "Black \xff Angel"\n}\n',
        {(2, "E002")},
    ),
    "latin1": (b"# caf\xe9\n", {(1, "E002")}),
    "nul_byte": (b'color orange {\n  noun "orange"\x00\n}\n', {(2, "E002")}),
    "binary_junk": (bytes(range(256)) * 4, {(1, "E002")}),
    "too_large": (b"# padding\n" * (MAX_FILE_BYTES // 10 + 1), {(1, "E002")}),
}


@pytest.mark.parametrize("name", sorted(BYTE_CASES))
@pytest.mark.parametrize("mode", MODES)
def test_byte_case(name, mode, tmp_path):
    data, expected = BYTE_CASES[name]
    path = tmp_path / f"{name}.ba"
    path.write_bytes(data)
    result = lint(path, mode)
    here, elsewhere = split_diagnostics(result, path)
    shown = render(result)
    assert {(d.span.line, d.code) for d in here} == expected, shown
    assert elsewhere == [], shown
    assert result.skipped_semantics and result.ruleset is None
    assert all(d.message for d in here)


def test_invalid_utf8_points_at_the_byte(tmp_path):
    path = tmp_path / "bad.ba"
    path.write_bytes(b'game g {\n  title "\xc3\x28"\n}\n')
    (diag,) = compile_paths([path]).diagnostics
    assert (diag.code, diag.span.line, diag.span.column) == ("E002", 2, 10)
    assert "0xc3" in diag.message and diag.hint


def test_nul_byte_points_at_the_byte(tmp_path):
    path = tmp_path / "bad.ba"
    path.write_bytes(b'color x {\n  noun "a"\x00\n}\n')
    (diag,) = compile_paths([path]).diagnostics
    assert (diag.code, diag.span.line, diag.span.column) == ("E002", 2, 11)


# ---- the cases as a whole ----------------------------------------------------


def _passing_cases() -> list[Case]:
    return [c for c in (parse_case(p) for p in case_files()) if not c.known_bug]


def test_every_code_has_a_case():
    covered = {code for case in _passing_cases() for _, code in case.expected}
    covered |= {code for case in _passing_cases() for code in case.elsewhere}
    covered |= {code for _, expected in BYTE_CASES.values() for _, code in expected}
    # the catalog codes are about .po files, tested in tests/test_languages.py
    missing = sorted(set(CODES) - covered - set(CATALOG_CODES))
    assert missing == [], f"no lint case for {missing}"


def test_every_code_has_a_documented_example():
    """The reference shows, for each code, a case and its fixed twin (dsl/cases.py)."""
    shown = examples()
    assert sorted(set(CODES) - set(shown) - set(CATALOG_CODES)) == []
    for code, case in shown.items():
        assert case.fixed is not None
        twin = parse_case(case.fixed)
        assert (twin.expected, twin.elsewhere) == (set(), set()), f"{case.fixed.name} for {code}"
        assert twin.mode == case.mode, f"{case.fixed.name} is linted unlike {case.path.name}"


def test_fixed_twins_belong_to_a_case():
    for path in case_files():
        if path.name.endswith(FIXED):
            assert path.with_name(path.name.removesuffix(FIXED) + ".ba").is_file(), path.name


def test_every_mode_has_a_case():
    assert {case.mode for case in _passing_cases()} == set(MODES)


def test_unknown_name_codes_have_a_near_miss_case():
    """E101-E104 each have a case that checks the "did you mean" hint of a near miss."""
    with_hint = {code for case in _passing_cases() for (_, code) in case.suggestions}
    assert set(NAME_CODES) <= with_hint


def test_case_files_are_clean_utf8_and_documented():
    assert (CASES_DIR / "README.md").is_file()
    for path in case_files():
        path.read_bytes().decode("utf-8")  # raises on a bad file


# ---- the harness itself must be able to fail -----------------------------------


def test_harness_detects_a_missing_expectation(tmp_path):
    path = tmp_path / "case.ba"
    path.write_text("# lint-case: base\nmission m001 {\n  color oragne\n}\n")
    case = parse_case(path)
    assert case.expected == set()
    with pytest.raises(AssertionError, match=r"unexpected \[.*\(3, 'E104'\)\]"):
        check_case(case, path)


def test_harness_detects_a_wrong_line_and_a_wrong_suggestion(tmp_path):
    path = tmp_path / "case.ba"
    template = "# lint-case: base\ntrigger t {{{0}\n  on setup_done\n  effect: tak 1 ship{1}\n}}\n"
    path.write_text(template.format("", ""))
    with pytest.raises(AssertionError, match="missing"):
        check_case(parse_case(path, template.format("  # expect: E103", "")), path)
    with pytest.raises(AssertionError, match="should suggest 'give'"):
        check_case(parse_case(path, template.format("", "  # expect: E103(give)")), path)
    check_case(parse_case(path, template.format("", "  # expect: E103(take)")), path)


def test_harness_detects_missing_elsewhere(tmp_path):
    path = tmp_path / "case.ba"
    text = 'track vp {  # expect: W401\n  noun "VP" "VP"\n}\n'
    path.write_text("# lint-case: standalone\n" + text)  # no game: E113, in no file
    with pytest.raises(AssertionError, match="codes in other files"):
        check_case(parse_case(path), path)
    path.write_text("# lint-case: standalone\n# expect-elsewhere: E113\n" + text)
    check_case(parse_case(path), path)


def test_parse_case_rejects_bad_headers_and_codes(tmp_path):
    path = tmp_path / "case.ba"
    with pytest.raises(CaseError, match="first line"):
        parse_case(path, "# lint-case: sideways\n")
    with pytest.raises(CaseError, match="unknown code"):
        parse_case(path, "# lint-case: base\nx  # expect: E999\n")
    with pytest.raises(CaseError, match="CODE or CODE"):
        parse_case(path, "# lint-case: base\nx  # expect: oops\n")


# ---- regressions found while writing the cases -------------------------------------


def test_cycle_report_is_deterministic(tmp_path):
    """E301 once took its cycle from a set ordered by string hashes: the effect it
    pointed at and its message changed with PYTHONHASHSEED."""
    path = tmp_path / "chain.ba"
    path.write_text(
        "event ping {\n}\nevent pong {\n}\n"
        "trigger t_ping {\n  on ping\n  effect: emit pong\n}\n"
        "trigger t_pong {\n  on pong\n  effect: take 1 ship or emit ping\n}\n"
    )
    outputs = set()
    for seed in (1, 2, 3):  # seeds 1 and 2 gave different reports
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        proc = subprocess.run(
            [sys.executable, "-m", "blackangel.cli.lint", "--base", str(path)],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
        )
        assert "E301" in proc.stdout, proc.stdout + proc.stderr
        outputs.add(proc.stdout)
    assert len(outputs) == 1, "\n---\n".join(sorted(outputs))
