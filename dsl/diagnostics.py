"""Diagnostics: what ba-lint reports, with a stable code per check.

The code table below documents the checks: `ba-lint --list-codes` prints it, and
docs/lint-codes.md repeats it (a test keeps the two in step).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .ast import Span
from .i18n import ENGLISH, N_, NC_, Msg, Names, Translator

ERROR = "error"
WARNING = "warning"

# code -> (default severity, one-line title)
CODES: dict[str, tuple[str, str]] = {
    "E001": (ERROR, N_("syntax error: the text does not follow the grammar")),
    "E002": (
        ERROR,
        N_("unreadable file: not UTF-8 text, binary data, too large or too deeply nested"),
    ),
    "E101": (ERROR, N_("unknown declaration kind at the top level")),
    "E102": (ERROR, N_("unknown keyword inside a declaration")),
    "E103": (ERROR, N_("unknown primitive in an effect")),
    "E104": (ERROR, N_("unknown colour")),
    "E105": (ERROR, N_("unknown board action")),
    "E106": (ERROR, N_("unknown id: a reference to something that is not declared")),
    "E107": (ERROR, N_("wrong number of values or arguments")),
    "E108": (ERROR, N_("wrong type of value or argument")),
    "E109": (ERROR, N_("duplicate id, or a keyword given twice where only one is allowed")),
    "E110": (ERROR, N_("value out of range")),
    "E111": (ERROR, N_("missing required keyword")),
    "E112": (
        ERROR,
        N_("an effect, block or annotation where none is allowed, or none where one is required"),
    ),
    "E113": (ERROR, N_("missing declaration: a complete rule set needs one of this kind")),
    "E114": (
        ERROR,
        N_(
            "the game module cannot carry this out: a ruling or component it needs, or a "
            "primitive used where it has nothing to act on"
        ),
    ),
    "E115": (
        ERROR,
        N_(
            "'per', 'max' or 'times' misused: 'max' without 'per', 'per' without an amount, "
            "'per' beside 'times'"
        ),
    ),
    "E116": (
        ERROR,
        N_("a ruling named where its options cannot serve: an option it does not have"),
    ),
    "E201": (ERROR, N_("component count differs from the declared count (warning W201 for mods)")),
    "W201": (WARNING, N_("component count differs from the declared count (mods)")),
    "E301": (ERROR, N_("cycle in the effect graph: triggers or activations that can run forever")),
    "E302": (
        ERROR,
        N_("a tile that activates another tile may activate a tile that itself activates"),
    ),
    "E303": (
        ERROR,
        N_("a turn that may find nothing to do, or rules in which the game can never end"),
    ),
    "E304": (ERROR, N_("a deck that no card belongs to: nothing can be drawn from it or dealt")),
    "E305": (
        ERROR,
        N_(
            "a cooperative outcome that cannot work: a threshold outside a cooperative game "
            "or reached at set-up, a competitive end in a cooperative game, no way to win"
        ),
    ),
    "E306": (
        ERROR,
        N_("a round that cannot be run: both 'turn' and 'round', or a captain without rounds"),
    ),
    "E307": (
        ERROR,
        N_("a value that depends on the player count misses an allowed count, or has two"),
    ),
    "E308": (
        ERROR,
        N_("a deck that cannot be made up as written: a tier short of cards, a card never used"),
    ),
    "E309": (ERROR, N_("cards laid face down that nothing ever reveals")),
    "E310": (ERROR, N_("a queue's layer listed in no queue, or in more than one")),
    "E311": (
        ERROR,
        N_(
            "a word about the piece whose own effect runs ('facing', a selector of 'itself') "
            "where no piece's own effect is carried out"
        ),
    ),
    "E312": (ERROR, N_("a piece placed in the grid's line above, but the grid has none")),
    "E313": (
        ERROR,
        N_("a card that prints a slot no queue its deck is turned up into has, or none reads"),
    ),
    "E314": (
        ERROR,
        N_("'arrange' of a layer whose deck's cards never lie face up in front of a seat"),
    ),
    "E315": (
        ERROR,
        N_(
            "milestones or a limit that cannot work: markers without their effect or the "
            "effect without markers, a marker on or below the start or beyond the limit, a "
            "limit raised on a track that has none"
        ),
    ),
    "E316": (
        ERROR,
        N_(
            "a companion or a card's other side that cannot work: an unknown card, a circle, "
            "a card that is never left out, a back with a deck or copies, sides not paired"
        ),
    ),
    "E320": (ERROR, N_("a card a queue's layer can hold that has no 'play' effect to carry out")),
    "W401": (WARNING, N_("unreachable content: declared but never used by the rule set")),
    "W402": (WARNING, N_("unused event: a trigger listens to an event nothing emits")),
    "W403": (WARNING, N_("unknown annotation")),
    "W404": (WARNING, N_("a look at a deck whose order hides nothing: all its cards are alike")),
    "W501": (
        WARNING,
        N_("a message has no translation in a language's catalogs (English is shown)"),
    ),
    "W502": (WARNING, N_("a fuzzy translation: not used until it is checked (English is shown)")),
    "W503": (WARNING, N_("an obsolete catalog entry: a message that nothing uses any more")),
    "E504": (ERROR, N_("a translation's placeholders are not the message's (English is shown)")),
    "E505": (ERROR, N_("a translation has the wrong number of plural forms (English is shown)")),
    "E506": (ERROR, N_("a catalog cannot be read (its messages are shown in English)")),
}

# Codes about translation catalogs (locales/*/LC_MESSAGES/*.po): ba-lint checks the
# catalogs beside the rules; their tests are in tests/test_languages.py, not lint cases.
CATALOG_CODES = ("W501", "W502", "W503", "E504", "E505", "E506")


SEVERITY_WORDS = {ERROR: NC_("severity", "error"), WARNING: NC_("severity", "warning")}


@dataclass(frozen=True)
class Diagnostic:
    """One problem: `message` and `hint` are English; `msg` and `hint_msg`, when given,
    are the same as templates with values, shown in the reader's language."""

    code: str
    message: str
    span: Span | None
    hint: str | None = None
    severity: str = field(default="")
    msg: Msg | None = field(default=None, compare=False, repr=False)
    hint_msg: Msg | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.severity:
            object.__setattr__(self, "severity", CODES[self.code][0])

    @classmethod
    def of(
        cls,
        code: str,
        span: Span | None,
        message: str | Msg,
        hint: str | Msg | None = None,
        **values: object,
    ) -> Diagnostic:
        """A diagnostic from a message template (an msgid marked N_, or a Msg) and its
        values; the hint is a template filled with the same values, or a Msg of its own."""
        msg = message if isinstance(message, Msg) else Msg(message, values)
        hint_msg = hint if isinstance(hint, Msg) or hint is None else Msg(hint, values)
        return cls(
            code,
            str(msg),
            span,
            None if hint_msg is None else str(hint_msg),
            msg=msg,
            hint_msg=hint_msg,
        )

    def text(self, tr: Translator = ENGLISH) -> str:
        return self.message if self.msg is None else self.msg.render(tr)

    def hint_text(self, tr: Translator = ENGLISH) -> str | None:
        if self.hint_msg is not None:
            return self.hint_msg.render(tr)
        return self.hint

    def sort_key(self) -> tuple:
        if self.span is None:
            return ("", 0, 0, self.code)
        return (self.span.file, self.span.line, self.span.column, self.code)

    def to_json(self, tr: Translator = ENGLISH) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.text(tr),
        }
        if self.span is not None:
            out.update(
                file=self.span.file,
                line=self.span.line,
                column=self.span.column,
                end_line=self.span.end_line,
                end_column=self.span.end_column,
            )
        hint = self.hint_text(tr)
        if hint:
            out["hint"] = hint
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


WHOLE_RULE_SET = N_("<rule set>")  # where a diagnostic about no one place is
HINT = N_("hint: {hint}")


def render_text(diag: Diagnostic, sources: SourceLines, tr: Translator = ENGLISH) -> str:
    """`file:line:col: severity CODE message`, the source line, a caret, the hint."""
    where = str(diag.span) if diag.span else tr.gettext(WHOLE_RULE_SET)
    severity = tr.pgettext("severity", diag.severity)
    out = [f"{where}: {severity} {diag.code} {diag.text(tr)}"]
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
    hint = diag.hint_text(tr)
    if hint:
        out.append("    " + tr.gettext(HINT).format(hint=hint))
    return "\n".join(out)


def render_json(diags: list[Diagnostic], summary: dict, tr: Translator = ENGLISH) -> str:
    return json.dumps(
        {"diagnostics": [d.to_json(tr) for d in diags], "summary": summary},
        indent=2,
        ensure_ascii=False,
    )


DID_YOU_MEAN = N_("did you mean {names}?")


def suggestion(word: str, candidates) -> Msg | None:
    """A "did you mean" hint for a misspelt name, or None."""
    import difflib

    close = difflib.get_close_matches(word, sorted(set(candidates)), n=3, cutoff=0.6)
    if not close:
        return None
    return Msg(DID_YOU_MEAN, {"names": Names(tuple(close), alternatives=True)})


def did_you_mean(word: str, candidates) -> str | None:
    """A "did you mean" hint for a misspelt name, in English, or None."""
    found = suggestion(word, candidates)
    return None if found is None else str(found)
