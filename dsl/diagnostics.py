"""Diagnostics: what ba-lint reports, with a stable code per check.

The code table below documents the checks: `ba-lint --list-codes` prints it, and
docs/lint-codes.md repeats it (a test keeps the two in step).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .ast import Span

ERROR = "error"
WARNING = "warning"

# code -> (default severity, one-line title)
CODES: dict[str, tuple[str, str]] = {
    "E001": (ERROR, "syntax error: the text does not follow the grammar"),
    "E002": (ERROR, "unreadable file: not UTF-8 text, binary data, too large or too deeply nested"),
    "E101": (ERROR, "unknown declaration kind at the top level"),
    "E102": (ERROR, "unknown keyword inside a declaration"),
    "E103": (ERROR, "unknown primitive in an effect"),
    "E104": (ERROR, "unknown colour"),
    "E105": (ERROR, "unknown board action"),
    "E106": (ERROR, "unknown id: a reference to something that is not declared"),
    "E107": (ERROR, "wrong number of values or arguments"),
    "E108": (ERROR, "wrong type of value or argument"),
    "E109": (ERROR, "duplicate id, or a keyword given twice where only one is allowed"),
    "E110": (ERROR, "value out of range"),
    "E111": (ERROR, "missing required keyword"),
    "E112": (
        ERROR,
        "an effect, block or annotation where none is allowed, or none where one is required",
    ),
    "E113": (ERROR, "missing declaration: a complete rule set needs one of this kind"),
    "E114": (
        ERROR,
        "the game module cannot carry this out: a ruling or component it needs, or a "
        "primitive used where it has nothing to act on",
    ),
    "E115": (ERROR, "'max' without 'per': there is nothing to cap"),
    "E201": (ERROR, "component count differs from the declared count (warning W201 for mods)"),
    "W201": (WARNING, "component count differs from the declared count (mods)"),
    "E301": (ERROR, "cycle in the effect graph: triggers or activations that can run forever"),
    "E302": (ERROR, "a tile that activates another tile may activate a tile that itself activates"),
    "E303": (
        ERROR,
        "a turn that may find nothing to do, or rules in which the game can never end",
    ),
    "W401": (WARNING, "unreachable content: declared but never used by the rule set"),
    "W402": (WARNING, "unused event: a trigger listens to an event nothing emits"),
    "W403": (WARNING, "unknown annotation"),
}


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span | None
    hint: str | None = None
    severity: str = field(default="")

    def __post_init__(self) -> None:
        if not self.severity:
            object.__setattr__(self, "severity", CODES[self.code][0])

    def sort_key(self) -> tuple:
        if self.span is None:
            return ("", 0, 0, self.code)
        return (self.span.file, self.span.line, self.span.column, self.code)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
        }
        if self.span is not None:
            out.update(
                file=self.span.file,
                line=self.span.line,
                column=self.span.column,
                end_line=self.span.end_line,
                end_column=self.span.end_column,
            )
        if self.hint:
            out["hint"] = self.hint
        return out


class SourceLines:
    """Source text per file, to show the offending line under a diagnostic."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def add(self, path: str, text: str) -> None:
        self._lines[path] = text.splitlines()

    def __len__(self) -> int:
        return len(self._lines)

    def update(self, other: SourceLines) -> None:
        self._lines.update(other._lines)

    def line(self, path: str, number: int) -> str | None:
        lines = self._lines.get(path)
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


def render_text(diag: Diagnostic, sources: SourceLines) -> str:
    """`file:line:col: severity CODE message`, the source line, a caret, the hint."""
    where = str(diag.span) if diag.span else "<rule set>"
    out = [f"{where}: {diag.severity} {diag.code} {diag.message}"]
    if diag.span is not None:
        text = sources.line(diag.span.file, diag.span.line)
        if text is not None:
            text = text.expandtabs(1)
            col = max(diag.span.column, 1)
            width = 1
            if diag.span.end_line == diag.span.line and diag.span.end_column > col:
                width = diag.span.end_column - col
            out.append(f"    {text}")
            out.append("    " + " " * (col - 1) + "^" * max(1, min(width, len(text) - col + 2)))
    if diag.hint:
        out.append(f"    hint: {diag.hint}")
    return "\n".join(out)


def render_json(diags: list[Diagnostic], summary: dict) -> str:
    return json.dumps({"diagnostics": [d.to_json() for d in diags], "summary": summary}, indent=2)


def did_you_mean(word: str, candidates) -> str | None:
    """A "did you mean" hint for a misspelt name, or None."""
    import difflib

    close = difflib.get_close_matches(word, sorted(set(candidates)), n=3, cutoff=0.6)
    if not close:
        return None
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
