"""The shapes of the language's tokens as regular expressions: names, numbers, ranges,
strings, comments and the words that join the steps of an effect. The Pygments lexer
(dsl/highlight.py), the formatter (cli/lsp_format.py, `ba fmt`), the workshop's editor
(web/workshop.py) and the VS Code grammar (editors/vscode/build_grammar.py) share them;
this module needs nothing beyond the standard library, so none of those pulls in another."""

NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# the words that join the steps of an effect (the longest first where one starts another)
CONNECTOR_WORDS = ("otherwise", "or", "optional", "per", "max", "if", "unless", "times")
CONNECTORS = rf"({'|'.join(CONNECTOR_WORDS)})\b"
# the connectors followed by a count (a number, or the name of a value), not a primitive
COUNT_WORDS = ("max", "times")
COUNTED = rf"({'|'.join(COUNT_WORDS)})(\s+)({NAME})"
COMMENT = r"#[^\n]*"
STRING = r'"[^"\n]*"'
RANGE = r"-?[0-9]+\.\.-?[0-9]+"
NUMBER = r"-?[0-9]+"
