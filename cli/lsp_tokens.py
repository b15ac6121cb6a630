"""Semantic tokens for `ba lsp`: the categories of the Pygments lexer (dsl/highlight.py),
so an editor colours a `.ba` file as the reference does."""

from __future__ import annotations

from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    String,
    _TokenType,
)

from ..dsl.highlight import BlackAngelLexer

# the LSP token types announced to the editor, in this order, and the lexer's categories
# each one stands for (a more specific category is looked up first)
TOKEN_TYPES = [
    "keyword",
    "function",
    "variable",
    "number",
    "string",
    "comment",
    "operator",
    "decorator",
]
CATEGORIES: list[tuple[_TokenType, str]] = [
    (Name.Decorator, "decorator"),
    (Name.Function, "function"),
    (Name.Constant, "variable"),
    (Keyword, "keyword"),
    (Number, "number"),
    (String, "string"),
    (Comment, "comment"),
    (Operator, "operator"),
]


def token_type(category: _TokenType) -> int | None:
    """The index in TOKEN_TYPES of a lexer category, or None (whitespace, punctuation)."""
    for parent, name in CATEGORIES:
        if parent in category.split():  # the category or one it belongs to
            return TOKEN_TYPES.index(name)
    return None


def semantic_tokens(text: str) -> list[int]:
    """The LSP encoding of the text's tokens: for each, its line and start relative to
    the previous token's, its length, its type and no modifiers."""
    data: list[int] = []
    line = column = 0  # where the lexer is
    last_line = last_start = 0
    for _, category, value in BlackAngelLexer().get_tokens_unprocessed(text):
        kind = token_type(category)
        for number, part in enumerate(value.split("\n")):
            if number:
                line, column = line + 1, 0
            if kind is not None and part:
                start = column if line != last_line else column - last_start
                data += [line - last_line, start, len(part), kind, 0]
                last_line, last_start = line, column
            column += len(part)
    return data
