"""A Pygments lexer for `.ba` rules, so the reference (and any tool that uses Pygments)
highlights them.

It follows dsl/grammar.lark: an item starts with its keyword (the declaration kind
or field), then values; after a `:` comes an effect, whose words are primitives and
whose connectors (`,` `->` `or` `otherwise` `optional` `per` `max` `if` `unless`
`times`) are the language's own; the name after `times` is a count, not a primitive.
The lexer needs no registry: which names are keywords is decided by their place in the
line, as the checker does.

Registered as the Pygments lexer `ba` through the `pygments.lexers` entry point, so
`pygmentize -l ba content/missions.ba` works once the package is installed.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

from .tokens import COMMENT, CONNECTORS, COUNTED, NAME, NUMBER, RANGE, STRING


class BlackAngelLexer(RegexLexer):
    """Rules of the Black Angel rules language."""

    name = "Black Angel rules"
    aliases = ["ba", "blackangel"]
    filenames = ["*.ba"]
    mimetypes = ["text/x-blackangel"]
    url = "https://github.com/"  # the project has no public address yet
    version_added = ""

    tokens = {
        # the start of an item: its keyword
        "root": [
            (r"[ \t\f\r]+", Whitespace),
            (r"\n|;", Whitespace),
            (COMMENT, Comment.Single),
            (r"\}", Punctuation),
            (rf"({NAME})", Keyword, "values"),
        ],
        # the item's values, annotations and block, up to the end of the line
        "values": [
            (r"[ \t\f\r]+", Whitespace),
            (COMMENT, Comment.Single),
            (r"\n|;", Whitespace, "#pop"),
            (r"\{", Punctuation, "#pop"),
            (r"\}", Punctuation, "#pop"),
            (rf"(@)({NAME})", bygroups(Name.Decorator, Name.Decorator)),
            (STRING, String.Double),
            (RANGE, Number.Integer),
            (NUMBER, Number.Integer),
            (r",", Punctuation),
            (r":", Punctuation, ("#pop", "effect")),
            (r"->", Operator, ("#pop", "effect")),  # an effect shown on its own: a -> b
            (NAME, Name.Constant),
        ],
        # an effect: primitives and their arguments, joined by the connectors
        "effect": [
            (r"[ \t\f\r]+", Whitespace),
            (COMMENT, Comment.Single),
            (r"\n|;", Whitespace, "#pop"),
            (r"\{", Punctuation, "#pop"),
            (r"(->|,)(\s*\n)", bygroups(Operator, Whitespace)),  # the effect goes on
            (rf"{CONNECTORS}(\s*\n)", bygroups(Operator.Word, Whitespace)),
            (r"->|,", Operator),
            (r"[()]", Punctuation),
            (COUNTED, bygroups(Operator.Word, Whitespace, Name.Constant)),
            (CONNECTORS, Operator.Word),
            (rf"(@)({NAME})", bygroups(Name.Decorator, Name.Decorator), "annotations"),
            (STRING, String.Double),
            (NUMBER, Number.Integer),
            (NAME, Name.Function, "arguments"),
        ],
        # after a primitive's name: its arguments, until a connector or the end
        "arguments": [
            (r"[ \t\f\r]+", Whitespace),
            (r"(?=->|,|\)|\n|;|#|\{|@)", Text, "#pop"),
            (rf"(?={CONNECTORS})", Text, "#pop"),
            (STRING, String.Double),
            (NUMBER, Number.Integer),
            (NAME, Name.Constant),
        ],
        # annotations after an effect, until the block or the end of the line
        "annotations": [
            (r"[ \t\f\r]+", Whitespace),
            (COMMENT, Comment.Single),
            (r"\n|;", Whitespace, "#pop:2"),
            (r"\{", Punctuation, "#pop:2"),
            (rf"(@)({NAME})", bygroups(Name.Decorator, Name.Decorator)),
            (STRING, String.Double),
        ],
    }
