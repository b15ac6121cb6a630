"""The functional lint cases in `dsl/lint_cases/`: their format, reading one, and
linting it as `ba-lint` would.

Each case is a `.ba` file whose comments say what ba-lint must report (the format is
in `dsl/lint_cases/README.md`). `tests/test_lint_cases.py` runs them all; the rules
reference (`ba docs`) shows, for each diagnostic code, a case beside its `.fixed.ba`
twin as the bad and the fixed example. They ship with the package for that reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .compiler import CompileResult, compile_paths, compile_sources
from .diagnostics import CODES
from .errors import EngineError
from .loader import load

CASES_DIR = Path(__file__).resolve().parent / "lint_cases"
MODES = ("base", "standalone", "standalone strict")
FIXED = ".fixed.ba"  # the twin of a case, with the problem fixed: it lints clean

HEADER_RE = re.compile(r"^#\s*lint-case:\s*(.*?)\s*$")
EXPECT_RE = re.compile(r"#\s*expect:\s*(.*?)\s*$")
ELSEWHERE_RE = re.compile(r"^#\s*expect-elsewhere:\s*(.*?)\s*$")
KNOWN_BUG_RE = re.compile(r"^#\s*known-bug:\s*(.*?)\s*$")
CODE_RE = re.compile(r"^([EW]\d{3})(?:\((\w+)\))?$")


class CaseError(EngineError, ValueError):
    """A case file that does not follow the format."""


@dataclass
class Case:
    path: Path
    mode: str
    expected: set[tuple[int, str]] = field(default_factory=set)
    suggestions: dict[tuple[int, str], set[str]] = field(default_factory=dict)
    elsewhere: set[str] = field(default_factory=set)
    known_bug: str | None = None

    @property
    def codes(self) -> set[str]:
        return {code for _, code in self.expected} | self.elsewhere

    @property
    def fixed(self) -> Path | None:
        """The case's fixed twin, if it has one."""
        twin = self.path.with_name(self.path.name.removesuffix(".ba") + FIXED)
        return twin if twin.is_file() and not self.path.name.endswith(FIXED) else None


def parse_case(path: Path, text: str | None = None) -> Case:
    """Read the header and the `# expect:` comments of a case file."""
    if text is None:
        text = path.read_bytes().decode("utf-8", errors="replace")
    lines = text.splitlines()
    if not lines:
        raise CaseError(f"{path.name}: empty case file")
    header = HEADER_RE.match(lines[0])
    if not header or header.group(1) not in MODES:
        raise CaseError(f"{path.name}: the first line must be '# lint-case: {' | '.join(MODES)}'")
    case = Case(path, header.group(1))
    in_header = True
    for number, line in enumerate(lines, start=1):
        if in_header and not line.startswith("#"):
            in_header = False
        if in_header:
            if m := ELSEWHERE_RE.match(line):
                case.elsewhere.update(m.group(1).split())
                continue
            if m := KNOWN_BUG_RE.match(line):
                case.known_bug = m.group(1)
                continue
        m = EXPECT_RE.search(line)
        if not m or number == 1:
            continue
        words = m.group(1).split()
        if not words:
            raise CaseError(f"{path.name}:{number}: '# expect:' without a code")
        for word in words:
            cm = CODE_RE.match(word)
            if not cm:
                raise CaseError(f"{path.name}:{number}: '{word}' is not CODE or CODE(suggestion)")
            code, suggestion = cm.groups()
            if code not in CODES:
                raise CaseError(f"{path.name}:{number}: unknown code {code}")
            case.expected.add((number, code))
            if suggestion:
                case.suggestions.setdefault((number, code), set()).add(suggestion)
    for code in case.elsewhere:
        if code not in CODES:
            raise CaseError(f"{path.name}: unknown code {code} in expect-elsewhere")
    return case


def case_files() -> list[Path]:
    return sorted(CASES_DIR.glob("*.ba"))


def lint(path: Path, mode: str) -> CompileResult:
    """Lint a case file as ba-lint would: as a mod on the shipped content, or on its own."""
    if mode == "base":
        return compile_paths([path], on_base=True)  # ba-lint --base FILE
    if mode == "standalone":
        return compile_paths([path])  # ba-lint FILE
    return compile_sources(load([path]), strict_counts=True)


def without_expectations(text: str) -> str:
    """A case as a reader should see it: no header and no `# expect:` comments."""
    lines = text.splitlines()
    while lines and lines[0].startswith("#") and _is_header(lines[0]):
        lines.pop(0)
    return "\n".join(EXPECT_RE.sub("", line).rstrip() for line in lines).strip("\n") + "\n"


def _is_header(line: str) -> bool:
    return any(r.match(line) for r in (HEADER_RE, ELSEWHERE_RE, KNOWN_BUG_RE))


def examples() -> dict[str, Case]:
    """For each diagnostic code, the first case that reports it and has a fixed twin."""
    found: dict[str, Case] = {}
    for path in case_files():
        if path.name.endswith(FIXED):
            continue
        case = parse_case(path)
        if case.known_bug or case.fixed is None:
            continue
        for code in sorted(case.codes):
            found.setdefault(code, case)
    return found
