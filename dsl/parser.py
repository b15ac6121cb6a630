"""Text to syntax tree: the Lark LALR parser, guarded against hostile input.

`parse_source` never raises on bad input: it returns the tree (or None) and a
list of diagnostics. Files that are binary, not UTF-8, too large or too deeply
nested are refused before Lark sees them, so nothing can hang or overflow.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from . import ast
from .diagnostics import Diagnostic
from .i18n import N_, Msg, Names

MAX_FILE_BYTES = 128 * 1024  # about 2 s of parsing at worst; content files are under 20 KB
MAX_NESTING = 40
MAX_SYNTAX_ERRORS = 50
MAX_DIGITS = 9  # no rule needs a number of a billion or more; Python refuses 4,300 digits
# Top-level blocks are parsed in groups of about this size; each group's result is kept
# (PIECES_KEPT of them, by text, file and first line), so that parsing a file again after
# an edit (the language server, at every keystroke) parses only the groups that changed.
PIECE_BYTES = 4 * 1024
PIECES_KEPT = 256

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

# Terminal names as a designer would say them, for "expected ..." messages.
TOKEN_WORDS = {
    "NAME": N_("a name"),
    "INT": N_("a number"),
    "STRING": N_('a "string"'),
    "_NL": N_("end of line"),
    "LBRACE": "'{'",
    "BLOCK_END": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COLON": "':'",
    "COMMA": "','",
    "AT": "'@'",
    "__ANON_0": "'->'",
    "__ANON_1": "'..'",
    "_OR": "'or'",
    "_OTHERWISE": "'otherwise'",
    "OPTIONAL": "'optional'",
    "PER": "'per'",
    "MAX": "'max'",
    "IF": "'if'",
    "UNLESS": "'unless'",
    "TIMES": "'times'",
    "$END": N_("end of file"),
}
EXPECTED = N_("expected {expected}")
# the words above that are text (the others are symbols, shown as they are)
WORDS = {TOKEN_WORDS[t] for t in ("NAME", "INT", "STRING", "_NL", "$END")}


@lru_cache(maxsize=1)
def grammar_parser() -> Lark:
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",  # keywords are reserved words; several times faster to build than contextual
        maybe_placeholders=False,
        cache=True,
    )


def _join(first: ast.Span, last: ast.Span) -> ast.Span:
    """The span from the start of `first` to the end of `last`."""
    return ast.Span(first.file, first.line, first.column, last.end_line, last.end_column)


def _token_span(file: str, tok: Token, offset: int) -> ast.Span:
    # the lexer gives every token its position (only a Token made by hand has none)
    assert tok.line is not None and tok.column is not None
    assert tok.end_line is not None and tok.end_column is not None
    return ast.Span(file, tok.line + offset, tok.column, tok.end_line + offset, tok.end_column)


class _NumberTooLong(Exception):
    """A number with more than MAX_DIGITS digits (raised inside the transformer)."""

    def __init__(self, span: ast.Span, digits: int):
        super().__init__(span, digits)
        self.span = span
        self.digits = digits


class _ToAst(Transformer):
    """Lark tree to frozen dataclasses. Spans come from the tokens (cheaper than
    Lark's propagate_positions); a composite spans its first to its last part."""

    def __init__(self, file: str, line_offset: int):
        super().__init__()
        self.file = file
        self.offset = line_offset

    def _tok(self, tok: Token) -> ast.Span:
        return _token_span(self.file, tok, self.offset)

    def _int(self, tok: Token) -> int:
        digits = len(str(tok).lstrip("-"))
        if digits > MAX_DIGITS:
            raise _NumberTooLong(self._tok(tok), digits)
        return int(tok)

    def int_value(self, children):
        return ast.Value("int", self._int(children[0]), self._tok(children[0]))

    def name_value(self, children):
        return ast.Value("name", str(children[0]), self._tok(children[0]))

    def string_value(self, children):
        return ast.Value("string", str(children[0])[1:-1], self._tok(children[0]))

    def range_value(self, children):
        lo, hi = children
        return ast.Value(
            "range", (self._int(lo), self._int(hi)), _join(self._tok(lo), self._tok(hi))
        )

    def annotation(self, children):
        at, name = children[0], children[1]
        text = str(children[2])[1:-1] if len(children) > 2 else None
        last = children[2] if len(children) > 2 else name
        return ast.Annotation(str(name), text, _join(self._tok(at), self._tok(last)))

    def call(self, children):
        name, rest = children[0], children[1:]
        args, per, cap, times = [], None, None, None
        # no annotation in this untyped method (mypyc's build reads it as an error)
        conditions = {"if": list[ast.Call](), "unless": list[ast.Call]()}
        for child in rest:
            if isinstance(child, ast.Call):
                per = child
            elif isinstance(child, tuple) and child[0] in conditions:
                conditions[child[0]].append(child[1])
            elif isinstance(child, tuple) and child[0] == "times":
                times = child[1]
            elif isinstance(child, tuple):
                cap = child[1]
            else:
                args.append(child)
        last = rest[-1] if rest else None
        end = (
            self._tok(name) if last is None else (last[1] if isinstance(last, tuple) else last).span
        )
        span = _join(self._tok(name), end)
        return ast.Call(
            str(name),
            tuple(args),
            per,
            cap,
            span,
            tuple(conditions["if"]),
            tuple(conditions["unless"]),
            times,
        )

    def per(self, children):
        per_tok, name, args = children[0], children[1], tuple(children[2:])
        end = args[-1].span if args else self._tok(name)
        return ast.Call(str(name), args, None, None, _join(self._tok(per_tok), end))

    def condition(self, children):
        if_tok, name, args = children[0], children[1], tuple(children[2:])
        end = args[-1].span if args else self._tok(name)
        return ("if", ast.Call(str(name), args, None, None, _join(self._tok(if_tok), end)))

    def negated_condition(self, children):
        unless_tok, name, args = children[0], children[1], tuple(children[2:])
        end = args[-1].span if args else self._tok(name)
        return ("unless", ast.Call(str(name), args, None, None, _join(self._tok(unless_tok), end)))

    def times(self, children):
        tok, count = children
        span = _join(self._tok(tok), self._tok(count))
        if count.type == "INT":
            return ("times", ast.Value("int", self._int(count), span))
        return ("times", ast.Value("name", str(count), span))

    def cap(self, children):
        return (
            "cap",
            ast.Value(
                "int",
                self._int(children[1]),
                _join(self._tok(children[0]), self._tok(children[1])),
            ),
        )

    def seq(self, children):
        return ast.Seq(tuple(children), _join(children[0].span, children[-1].span))

    def choice(self, children):
        return ast.Choice(tuple(children), _join(children[0].span, children[-1].span))

    def trade(self, children):
        return ast.Trade(children[0], children[1], _join(children[0].span, children[1].span))

    def optional(self, children):
        return ast.Optional(children[1], _join(self._tok(children[0]), children[1].span))

    def otherwise(self, children):
        return ast.Otherwise(children[0], children[1], _join(children[0].span, children[1].span))

    def block(self, children):
        return ("block", tuple(children[:-1]), self._tok(children[-1]))

    def item(self, children):
        key_tok, rest = children[0], children[1:]
        values, annotations, effect, block = [], [], None, None
        end = key_span = self._tok(key_tok)
        for child in rest:
            if isinstance(child, ast.Value):
                values.append(child)
                end = child.span
            elif isinstance(child, ast.Annotation):
                annotations.append(child)
                end = child.span
            elif isinstance(child, tuple):
                block, end = child[1], child[2]
            else:
                effect, end = child, child.span
        return ast.Item(
            str(key_tok),
            tuple(values),
            effect,
            tuple(annotations),
            block,
            _join(key_span, end),
            key_span,
        )

    def start(self, children):
        return tuple(children)


def _decode(data: bytes, file: str) -> tuple[str | None, Diagnostic | None]:
    if len(data) > MAX_FILE_BYTES:
        return None, Diagnostic.of(
            "E002",
            ast.Span(file, 1, 1, 1, 1),
            N_("file is larger than {limit} bytes, the limit"),
            N_("split the rule set into several files"),
            limit=f"{MAX_FILE_BYTES:,}",
        )
    if b"\x00" in data:
        return None, Diagnostic.of(
            "E002",
            _offset_span(data, data.index(b"\x00"), file),
            N_("file holds binary data (a NUL byte)"),
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, Diagnostic.of(
            "E002",
            _offset_span(data, exc.start, file),
            N_("file is not valid UTF-8 (byte 0x{byte})"),
            N_("save the file as UTF-8"),
            byte=f"{data[exc.start]:02x}",
        )
    return text.removeprefix("\ufeff"), None


def _offset_span(data: bytes, offset: int, file: str) -> ast.Span:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return ast.Span(file, line, column, line, column + 1)


# The characters that matter for cutting: strings and comments (skipped whole),
# brackets, line ends, and anything else that is not blank.
_SCAN = re.compile(r'"[^"\n]*"?|#[^\n]*|[(){}]|\n|[^\s(){}"#]+')


def _split_top_level(text: str, file: str) -> tuple[list[tuple[int, str]], Diagnostic | None]:
    """Cut the text into pieces of about PIECE_BYTES, each ending after a top-level `}`.

    Each piece is parsed on its own: Lark builds long item lists in quadratic
    time, so bounded pieces keep big files linear. The same scan refuses absurd
    nesting, so no later pass can overflow the stack.
    Returns [(first line number - 1, piece)], or a diagnostic.
    """
    pieces: list[tuple[int, str]] = []
    depth = 0
    line = 1
    line_start = piece_start = piece_line = 0
    closed_at_top = False
    for match in _SCAN.finditer(text):
        tok = match.group()
        if tok == "\n":
            if closed_at_top and match.end() - piece_start >= PIECE_BYTES:
                pieces.append((piece_line, text[piece_start : match.end()]))
                piece_start, piece_line = match.end(), line
            closed_at_top = False
            line += 1
            line_start = match.end()
        elif tok in "({":
            closed_at_top = False
            depth += 1
            if depth > MAX_NESTING:
                col = match.start() - line_start + 1
                return [], Diagnostic.of(
                    "E002",
                    ast.Span(file, line, col, line, col + 1),
                    N_("nesting deeper than {limit} levels"),
                    N_("flatten the effect or the blocks"),
                    limit=MAX_NESTING,
                )
        elif tok in ")}":
            depth = max(0, depth - 1)
            closed_at_top = tok == "}" and depth == 0
        elif tok[0] != "#":
            closed_at_top = False
    pieces.append((piece_line, text[piece_start:]))
    return pieces, None


def _describe_expected(expected) -> Names:
    words = sorted({TOKEN_WORDS.get(t, t.lower()) for t in expected})
    shown: list[object] = [Msg(w) if w in WORDS else w for w in words[:6]]
    if len(words) > 6:
        shown.append("...")
    return Names(tuple(shown), quoted=False)


def _syntax_diagnostic(err: UnexpectedInput, file: str, offset: int) -> Diagnostic:
    if isinstance(err, UnexpectedCharacters):
        ch = err.char
        span = ast.Span(file, err.line + offset, err.column, err.line + offset, err.column + 1)
        if ch == '"':
            return Diagnostic.of(
                "E001",
                span,
                N_("unterminated string"),
                N_('close the string with " on the same line'),
            )
        hint = Msg(EXPECTED, {"expected": _describe_expected(err.allowed)}) if err.allowed else None
        return Diagnostic.of("E001", span, N_("unexpected character {char}"), hint, char=repr(ch))
    if isinstance(err, UnexpectedEOF) or (
        isinstance(err, UnexpectedToken) and err.token.type == "$END"
    ):
        expected = getattr(err, "expected", None) or []
        line = getattr(err, "line", 1)
        col = getattr(err, "column", 1)
        if line in (None, -1):
            line, col = 1, 1
        return Diagnostic.of(
            "E001",
            ast.Span(file, line + offset, col, line + offset, col + 1),
            N_("unexpected end of file"),
            Msg(EXPECTED, {"expected": _describe_expected(expected)})
            if expected
            else Msg(N_("a '}}' or ')' may be missing")),
        )
    assert isinstance(err, UnexpectedToken)  # characters and end of file are handled above
    tok = err.token
    shown: str | Msg = Msg(TOKEN_WORDS["_NL"]) if tok.type == "_NL" else repr(str(tok))
    expected = _describe_expected(err.expected)
    hint = Msg(EXPECTED, {"expected": expected})
    if tok.type in ("_OR", "_OTHERWISE", "OPTIONAL", "PER", "MAX", "UNLESS", "TIMES"):
        hint = Msg(
            N_("expected {expected}; '{word}' is a reserved word and cannot be used as a name"),
            {"expected": expected, "word": str(tok)},
        )
    span = ast.Span(
        file,
        tok.line + offset,
        tok.column,
        (tok.end_line or tok.line) + offset,
        tok.end_column or tok.column + 1,
    )
    return Diagnostic.of("E001", span, N_("unexpected {token}"), hint, token=shown)


def parse_text(text: str, file: str) -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    """Parse already-decoded text. Reports every syntax error it can recover from."""
    pieces, problem = _split_top_level(text, file)
    if problem is not None:
        return None, [problem]
    items: list[ast.Item] = []
    diags: list[Diagnostic] = []
    for offset, piece in pieces:
        piece_items, piece_diags = _parse_piece(piece, file, offset)
        items.extend(piece_items)
        diags.extend(piece_diags)
        if len(diags) >= MAX_SYNTAX_ERRORS:
            break
    if diags:
        return None, diags
    return ast.SourceFile(file, tuple(items)), []


@lru_cache(maxsize=PIECES_KEPT)
def _parse_piece(
    text: str, file: str, offset: int
) -> tuple[tuple[ast.Item, ...], tuple[Diagnostic, ...]]:
    """The items of one group of top-level blocks (the syntax tree is immutable, so a
    result kept is shared safely), or its syntax errors."""
    items, diags = _parse_piece_now(text, file, offset)
    return items, tuple(diags)


def forget_parsed() -> None:
    """Drop the groups of blocks kept parsed (a benchmark's cold start)."""
    _parse_piece.cache_clear()


def _parse_piece_now(
    text: str, file: str, offset: int
) -> tuple[tuple[ast.Item, ...], list[Diagnostic]]:
    errors: list[UnexpectedInput] = []
    seen_lines: set[int | None] = set()

    def recover(err: UnexpectedInput) -> bool:
        line = getattr(err, "line", None)
        if line not in seen_lines:
            seen_lines.add(line)
            errors.append(err)
        return len(errors) < MAX_SYNTAX_ERRORS

    try:
        tree = grammar_parser().parse(text, on_error=recover)
    except UnexpectedInput as err:
        if getattr(err, "line", None) not in seen_lines:
            errors.append(err)
        tree = None
    diags = [_syntax_diagnostic(e, file, offset) for e in errors]
    if diags:
        return (), diags
    if tree is None:
        return (), [
            Diagnostic.of(
                "E001", ast.Span(file, offset + 1, 1, offset + 1, 1), N_("could not parse")
            )
        ]
    try:
        return _ToAst(file, offset).transform(tree), []
    except VisitError as err:
        if not isinstance(err.orig_exc, _NumberTooLong):
            raise
        too_long = err.orig_exc
        return (), [
            Diagnostic.of(
                "E110",
                too_long.span,
                N_("a number of {digits} digits is too large"),
                N_("numbers in rules have at most {limit} digits"),
                digits=f"{too_long.digits:,}",
                limit=MAX_DIGITS,
            )
        ]


def parse_bytes(data: bytes, file: str) -> tuple[ast.SourceFile | None, list[Diagnostic], str]:
    """Parse raw file content; returns (tree or None, diagnostics, decoded text)."""
    text, problem = _decode(data, file)
    if problem is not None:
        return None, [problem], ""
    assert text is not None  # _decode gives the text whenever it finds no problem
    tree, diags = parse_text(text, file)
    return tree, diags, text
