"""Build the TextMate grammar of `.ba` files (syntaxes/ba.tmLanguage.json) from the
Pygments lexer's own patterns and connector words (blackangel.dsl.highlight), so the
editor colours a file as the reference and `ba lsp`'s semantic tokens do.

    python editors/vscode/build_grammar.py           write the grammar
    python editors/vscode/build_grammar.py --check   exit 1 if the committed one differs

The grammar follows the lexer's states: a line starts with its keyword (a declaration
kind or a field), then values; after `:` comes an effect, whose first word and each word
after `->`, `,`, `(` or a connector is a primitive and the other words its arguments.
An effect goes on over a line that ends with `->`, `,` or a connector (TextMate reads a
line with its `\n`, which the pattern of such an ending takes, so the effect goes on).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from blackangel.dsl.tokens import COMMENT, CONNECTOR_WORDS, COUNTED, NAME, NUMBER, RANGE, STRING

GRAMMAR = Path(__file__).resolve().parent / "syntaxes" / "ba.tmLanguage.json"
CONNECTOR = rf"\b(?:{'|'.join(CONNECTOR_WORDS)})\b"
PRIMITIVE = {"name": "support.function.primitive.ba"}


def grammar() -> dict:
    """The grammar as JSON data (scopes are TextMate's common names, which themes colour)."""
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Black Angel rules",
        "scopeName": "source.ba",
        "comment": "Generated from dsl/highlight.py by editors/vscode/build_grammar.py.",
        "patterns": [{"include": "#comment"}, {"include": "#item"}, {"include": "#punctuation"}],
        "repository": {
            "comment": {"match": COMMENT, "name": "comment.line.number-sign.ba"},
            "string": {"match": STRING, "name": "string.quoted.double.ba"},
            "number": {"match": rf"{RANGE}|{NUMBER}", "name": "constant.numeric.ba"},
            "annotation": {
                "match": rf"(@)({NAME})",
                "captures": {
                    "1": {"name": "punctuation.definition.annotation.ba"},
                    "2": {"name": "storage.type.annotation.ba"},
                },
            },
            "punctuation": {"match": r"[{};]", "name": "punctuation.section.block.ba"},
            "item": {
                "begin": rf"(?:^|(?<=[{{;]))\s*({NAME})",
                "beginCaptures": {"1": {"name": "keyword.other.ba"}},
                "end": r"(?=[{};])|$",
                "patterns": [
                    {"include": "#comment"},
                    {"include": "#annotation"},
                    {"include": "#string"},
                    {"include": "#number"},
                    {"include": "#effect"},
                    {"match": ",", "name": "punctuation.separator.ba"},
                    {"match": NAME, "name": "variable.other.constant.ba"},
                ],
            },
            "effect": {
                "begin": rf"(:|->)\s*(?!{CONNECTOR})({NAME})?",
                "beginCaptures": {"1": {"name": "keyword.operator.ba"}, "2": PRIMITIVE},
                "end": r"(?=[{};])|$",
                "patterns": [
                    {  # a line ending in `->` or `,` or a connector: the effect goes on
                        "match": rf"(->|,|{CONNECTOR})\s*\n",
                        "captures": {"1": {"name": "keyword.operator.ba"}},
                    },
                    {"include": "#comment"},
                    {"include": "#annotation"},
                    {"include": "#string"},
                    {"include": "#number"},
                    {
                        "match": rf"(->|,|\()\s*(?!{CONNECTOR})({NAME})?",
                        "captures": {"1": {"name": "keyword.operator.ba"}, "2": PRIMITIVE},
                    },
                    {  # `times hand`: a count, not a primitive
                        "match": rf"\b{COUNTED}",
                        "captures": {
                            "1": {"name": "keyword.operator.word.ba"},
                            "3": {"name": "variable.other.constant.ba"},
                        },
                    },
                    {
                        "match": rf"({CONNECTOR})\s*(?!{CONNECTOR})({NAME})?",
                        "captures": {"1": {"name": "keyword.operator.word.ba"}, "2": PRIMITIVE},
                    },
                    {"match": rf"^\s*(?!{CONNECTOR})({NAME})", "captures": {"1": PRIMITIVE}},
                    {"match": r"\)", "name": "punctuation.section.parens.ba"},
                    {"match": NAME, "name": "variable.other.constant.ba"},
                ],
            },
        },
    }


def render() -> str:
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print("usage: python editors/vscode/build_grammar.py [--check]", file=sys.stderr)
        return 2
    text = render()
    if argv == ["--check"]:
        current = GRAMMAR.read_text(encoding="utf-8") if GRAMMAR.is_file() else ""
        if current != text:
            print(f"{GRAMMAR} is not the generated grammar: run build_grammar.py", file=sys.stderr)
            return 1
        return 0
    GRAMMAR.parent.mkdir(exist_ok=True)
    GRAMMAR.write_text(text, encoding="utf-8")
    print(f"wrote {GRAMMAR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
