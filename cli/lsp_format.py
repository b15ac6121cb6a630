"""Formatting for `ba lsp`: the layout of the shipped content, applied line by line.

A line is indented two spaces per `{` still open before it (a line starting with `}`
one level less), and four more when it goes on from the line before (that one ended
with `->`, `,`, `(` or a connector); trailing spaces go, runs of blank lines become one,
the file starts with no blank line and ends with one newline. Nothing inside a line
changes, so comments, strings and the spacing between words stay as written. The
result is formatted again to itself, and the shipped files are already so laid out.
"""

from __future__ import annotations

import re

from ..dsl import ast
from ..dsl.parser import parse_text
from ..dsl.tokens import COMMENT, CONNECTOR_WORDS, STRING

CODE = re.compile(rf"({STRING})|({COMMENT})|([{{}}()])")
GOES_ON = re.compile(rf"(->|,|\(|\b(?:{'|'.join(CONNECTOR_WORDS)}))$")
INDENT = "  "


def layout(text: str) -> str:
    """The text laid out as described above."""
    out: list[str] = []
    depth = parens = 0
    goes_on = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            if out and out[-1]:
                out.append("")
            continue
        code, opened, closed, parens_now = _scan(line)
        level = max(depth - (1 if line.startswith("}") else 0), 0)
        extra = 2 if goes_on or parens > 0 else 0
        out.append(INDENT * (level + extra) + line)
        depth = max(depth + opened - closed, 0)
        parens = max(parens + parens_now, 0)
        if code:
            goes_on = bool(GOES_ON.search(code))
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def formatted(text: str, name: str) -> str | None:
    """The laid-out text, or None when the text does not parse (nothing to rely on) or
    when laying it out would change what it says (a safeguard: it never should)."""
    before, problems = parse_text(text, name)
    if before is None or problems:
        return None
    result = layout(text)
    after, _ = parse_text(result, name)
    if after is None or _meaning(after) != _meaning(before):
        return None
    return result


def _meaning(node: object) -> object:
    """A tree as JSON without its spans: what it says, not where."""
    data = ast.to_json(node)

    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("span", "key_span")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(data)


def _scan(line: str) -> tuple[str, int, int, int]:
    """The line's code without strings' and comments' text (ending where its code ends),
    the `{` and `}` it opens and closes, and how many `(` it leaves open."""
    opened = closed = parens = 0
    code = line
    for match in CODE.finditer(line):
        if match.group(2):  # a comment: the code ends before it
            code = line[: match.start()]
            break
        bracket = match.group(3)
        if bracket == "{":
            opened += 1
        elif bracket == "}":
            closed += 1
        elif bracket == "(":
            parens += 1
        elif bracket == ")":
            parens -= 1
    return code.rstrip(), opened, closed, parens
