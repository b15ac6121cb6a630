"""The parser and the syntax tree: round trips through JSON, spans, precedence, syntax errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blackangel.dsl import ast
from blackangel.dsl.parser import MAX_DIGITS, MAX_SYNTAX_ERRORS, parse_bytes, parse_text

CONTENT = Path(__file__).resolve().parent.parent / "content"
SHIPPED = sorted(CONTENT.glob("*.ba"))

SAMPLES = {
    "empty": "",
    "comments_only": "# one\n\n   # two\n",
    "one_line_block": 'color orange { noun "orange" }\n',
    "semicolons": 'color orange { noun "orange"; species "S" }; track vp { noun "VP" "VP" }',
    "no_final_newline": "board {\n  grid_size 3\n}",
    "values": 'x a, b 1 -2 3..4 "s # not a comment" 0..0\n',
    "annotations": 'x 1 @reconstructed "why" @rulebook\n',
    "nested_blocks": "strip s {\n  number 1\n  side a {\n    hex 1 orange 1 comet\n  }\n}\n",
    "empty_block": "event e {\n}\n",
    "effect_kinds": (
        "t {\n"
        "  effect: optional take 1 ship, (spend 1 ship -> gain 2 vp) or emit e"
        " otherwise lose 1 vp\n"
        "  effect: gain 3 vp per missions_in_space gray max 6\n"
        "  effect: gain 1 vp per cards_in_space\n"
        "  effect: optional (optional take 1 ship)\n"
        "}\n"
    ),
    "multiline_effect": "x: take 1 ship,\n   take 1 debris or\n   take 2 resource\n",
    "effect_block_annotation": 'x 1: gain 1 vp @reconstructed "r" {\n  y\n}\n',
    "crlf": 'color orange {\r\n  noun "orange"\r\n}\r\n',
    "unicode": 'color orange {\n  noun "pomarańczowy ✓"\n}\n',
}


def parse_ok(text: str, file: str = "x.ba") -> ast.SourceFile:
    tree, diags = parse_text(text, file)
    assert diags == [], [str(d) for d in diags]
    assert tree is not None
    return tree


def roundtrip(tree: ast.SourceFile) -> ast.SourceFile:
    data = json.loads(json.dumps(ast.to_json(tree)))
    return ast.node_from_json(data)


# ---- round trips --------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_file_roundtrips_through_json(path):
    tree, diags, text = parse_bytes(path.read_bytes(), f"content/{path.name}")
    assert diags == [] and tree is not None and text
    assert tree.items, "a shipped file declares something"
    back = roundtrip(tree)
    assert back == tree
    assert ast.to_json(back) == ast.to_json(tree)


def test_shipped_content_is_not_trivially_equal():
    """The round trip compares real trees: two different files give different JSON."""
    a, b = (parse_bytes(p.read_bytes(), "f")[0] for p in SHIPPED[:2])
    assert ast.to_json(a) != ast.to_json(b)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_roundtrips_through_json(name):
    tree = parse_ok(SAMPLES[name])
    assert roundtrip(tree) == tree


def test_json_shape_names_every_node():
    tree = parse_ok("x 1..2: gain 1 vp per cards_in_space max 3 @rulebook {\n  y\n}\n")
    data = ast.to_json(tree)
    assert data["node"] == "SourceFile"
    item = data["items"][0]
    assert item["node"] == "Item" and item["key"] == "x"
    assert item["values"][0] == {
        "node": "Value",
        "kind": "range",
        "value": [1, 2],
        "span": ["x.ba", 1, 3, 1, 7],
    }
    assert item["effect"]["per"]["node"] == "Call" and item["effect"]["cap"]["value"] == 3
    assert item["annotations"][0]["text"] is None
    assert item["children"][0]["children"] is None
    back = ast.node_from_json(data)
    assert isinstance(back.items[0].values[0].value, tuple)  # ranges come back as tuples


def test_crlf_bom_and_lf_give_the_same_tree():
    plain = parse_ok('color orange {\n  noun "orange"\n}\n')
    assert parse_ok(SAMPLES["crlf"]) == plain
    bom = b'\xef\xbb\xbfcolor orange {\n  noun "orange"\n}\n'  # a byte order mark is dropped
    tree, diags, _ = parse_bytes(bom, "x.ba")
    assert tree == plain and diags == []


def test_empty_and_comment_only_files_have_no_items():
    assert parse_ok("").items == ()
    assert parse_ok(SAMPLES["comments_only"]).items == ()


# ---- values and spans ---------------------------------------------------------


def test_values_kinds():
    (item,) = parse_ok(SAMPLES["values"]).items
    got = [(v.kind, v.value) for v in item.values]
    assert got == [
        ("name", "a"),
        ("name", "b"),
        ("int", 1),
        ("int", -2),
        ("range", (3, 4)),
        ("string", "s # not a comment"),
        ("range", (0, 0)),
    ]


def test_spans_point_at_the_source():
    text = (
        "# header\n"
        "mission m001 {  # A1\n"
        "  color orange\n"
        '  reward 1 robot @reconstructed "why"\n'
        "  activation: spend 1 ship -> gain 2 vp per missions_in_space gray max 4\n"
        "}\n"
    )
    (mission,) = parse_ok(text).items
    assert (mission.key_span.line, mission.key_span.column) == (2, 1)
    assert mission.key_span.end_column == len("mission") + 1
    assert (mission.span.end_line, mission.span.end_column) == (6, 2)  # through the '}'
    assert (mission.values[0].span.line, mission.values[0].span.column) == (2, 9)
    color, reward, activation = mission.children
    assert (color.span.line, color.span.column, color.span.end_column) == (3, 3, 15)
    assert (color.values[0].span.column, color.values[0].span.end_column) == (9, 15)
    (ann,) = reward.annotations
    assert (ann.span.line, ann.span.column) == (4, 18) and ann.text == "why"
    assert reward.span.end_column == ann.span.end_column  # an item ends after its annotations
    trade = activation.effect
    assert isinstance(trade, ast.Trade)
    line = text.splitlines()[4]
    assert trade.span.column == line.index("spend") + 1
    assert trade.cost.span.end_column == line.index(" ->") + 1
    gain = trade.benefit
    assert gain.per.name == "missions_in_space"
    assert gain.per.span.column == line.index("per ") + 1  # a counter's span starts at 'per'
    assert gain.cap.value == 4 and gain.cap.span.column == line.index("max") + 1
    assert gain.span.end_column == len(line) + 1


def test_spans_after_a_piece_boundary_keep_their_line_numbers():
    """Big files are parsed in pieces; line numbers must still count from the file start."""
    block = "".join(f'color c{i} {{\n  noun "c{i}"\n}}\n' for i in range(3000))
    text = block + 'track vp {\n  noun "VP" "VP"\n}\n'
    tree = parse_ok(text)
    assert len(tree.items) == 3001
    for index in (0, 1500, 2999):
        item = tree.items[index]
        assert item.span.line == 3 * index + 1 and item.values[0].value == f"c{index}"
        assert item.children[0].span.line == 3 * index + 2
    assert tree.items[-1].span.line == 9001


def test_syntax_error_after_a_piece_boundary_has_the_right_line():
    block = "".join(f'color c{i} {{\n  noun "c{i}"\n}}\n' for i in range(3000))
    tree, diags = parse_text(block + "track vp {\n  noun ) \n}\n", "x.ba")
    assert tree is None
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E001", 9002, 8)]


# ---- effect precedence ----------------------------------------------------------


def shape(node):
    """An effect as nested tuples, calls as their source words (spans left out)."""
    if isinstance(node, ast.Call):
        words = [node.name, *(str(a.value) for a in node.args)]
        if node.per is not None:
            words += ["per", shape(node.per)]
        if node.cap is not None:
            words += ["max", str(node.cap.value)]
        return " ".join(words)
    if isinstance(node, ast.Seq):
        return ("Seq", *map(shape, node.steps))
    if isinstance(node, ast.Choice):
        return ("Choice", *map(shape, node.options))
    if isinstance(node, ast.Trade):
        return ("Trade", shape(node.cost), shape(node.benefit))
    if isinstance(node, ast.Optional):
        return ("Optional", shape(node.step))
    if isinstance(node, ast.Otherwise):
        return ("Otherwise", shape(node.first), shape(node.fallback))
    raise TypeError(node)


def effect_of(text: str):
    (item,) = parse_ok(f"x: {text}\n").items
    return shape(item.effect)


@pytest.mark.parametrize(
    "text, expected",
    [
        # a, b -> c or d otherwise e  ==  Otherwise(Choice(Trade(Seq(a, b), c), d), e)
        (
            "a, b -> c or d otherwise e",
            ("Otherwise", ("Choice", ("Trade", ("Seq", "a", "b"), "c"), "d"), "e"),
        ),
        (
            "spend 1 ship, spend 1 debris -> gain 3 vp or take 1 ship otherwise lose 1 vp",
            (
                "Otherwise",
                (
                    "Choice",
                    ("Trade", ("Seq", "spend 1 ship", "spend 1 debris"), "gain 3 vp"),
                    "take 1 ship",
                ),
                "lose 1 vp",
            ),
        ),
        ("a or b or c", ("Choice", "a", "b", "c")),
        ("a, b, c", ("Seq", "a", "b", "c")),
        ("a -> b, c", ("Trade", "a", ("Seq", "b", "c"))),
        ("a or b -> c", ("Choice", "a", ("Trade", "b", "c"))),
        ("optional a, b", ("Seq", ("Optional", "a"), "b")),
        ("optional (a, b)", ("Optional", ("Seq", "a", "b"))),
        ("optional (optional a)", ("Optional", ("Optional", "a"))),
        ("optional a -> b", ("Trade", ("Optional", "a"), "b")),
        # parentheses override
        ("a, (b -> c)", ("Seq", "a", ("Trade", "b", "c"))),
        ("(a or b) -> c", ("Trade", ("Choice", "a", "b"), "c")),
        ("a -> (b or c)", ("Trade", "a", ("Choice", "b", "c"))),
        ("a or (b otherwise c)", ("Choice", "a", ("Otherwise", "b", "c"))),
        ("(a otherwise b) otherwise c", ("Otherwise", ("Otherwise", "a", "b"), "c")),
        ("(((a)))", "a"),
        ("((a, b)), c", ("Seq", ("Seq", "a", "b"), "c")),
        # modifiers bind to their call
        (
            "gain 1 vp per tiles_in_grid orange max 4 or gain 2 vp",
            ("Choice", "gain 1 vp per tiles_in_grid orange max 4", "gain 2 vp"),
        ),
        # line breaks are allowed after an operator
        ("a,\n  b or\n  c otherwise\n  d", ("Otherwise", ("Choice", ("Seq", "a", "b"), "c"), "d")),
    ],
)
def test_effect_precedence(text, expected):
    assert effect_of(text) == expected


def test_effect_spans_cover_their_parts():
    (item,) = parse_ok("x: a, b -> c or d otherwise e\n").items
    otherwise = item.effect
    choice = otherwise.first
    trade = choice.options[0]
    assert (otherwise.span.column, otherwise.span.end_column) == (4, 30)
    assert (choice.span.column, choice.span.end_column) == (4, 18)
    assert (trade.span.column, trade.span.end_column) == (4, 13)
    assert (trade.cost.span.column, trade.cost.span.end_column) == (4, 8)


# ---- syntax errors ----------------------------------------------------------------


def errors(text: str):
    tree, diags = parse_text(text, "x.ba")
    assert tree is None, "a text with syntax errors gives no tree"
    assert diags and all(d.code == "E001" for d in diags)
    for d in diags:
        assert d.span is not None and d.span.file == "x.ba" and d.message
    return diags


def test_several_errors_are_all_reported_with_line_and_column():
    text = (
        "color orange {\n"
        '  noun "orange" )\n'  # 2:17
        "}\n"
        "track vp {\n"
        '  noun "VP" "VP" ->\n'  # 5:18
        "}\n"
        "trigger t {\n"
        "  on setup_done\n"
        "  effect: take 1 ship,, gain 1 vp\n"  # 9:23
        "}\n"
        "tech max {\n"  # 11:6
        "}\n"
    )
    got = [(d.span.line, d.span.column) for d in errors(text)]
    assert got == [(2, 17), (5, 18), (9, 23), (11, 6)]


def test_error_messages_name_the_token_and_what_was_expected():
    (diag,) = errors('color orange {\n  noun "orange" )\n}\n')
    assert diag.message == "unexpected ')'"
    assert diag.hint.startswith("expected ")


def test_errors_are_capped():
    text = "".join("x )\n" for _ in range(MAX_SYNTAX_ERRORS * 3))
    diags = errors(text)
    assert len(diags) <= MAX_SYNTAX_ERRORS + 1
    assert [d.span.line for d in diags[:5]] == [1, 2, 3, 4, 5]


def test_unterminated_string():
    (diag,) = errors('game g {\n  title "Black Angel\n  players 1..4\n}\n')
    assert (diag.span.line, diag.span.column) == (2, 9)
    assert diag.message == "unterminated string"
    assert '"' in diag.hint


def test_string_cannot_span_lines():
    diags = errors('x "one\ntwo"\n')
    assert diags[0].message == "unterminated string" and diags[0].span.line == 1


@pytest.mark.parametrize(
    "text, line",
    [
        ("mission m1 {\n  color orange\n", 2),
        ("x {\n  y {\n", 2),
        ("x: (a, b\n", 1),
        ("x: a ->", 1),
        ("x: take 1 or", 1),
    ],
)
def test_unexpected_end_of_file(text, line):
    (diag,) = errors(text)
    assert diag.message == "unexpected end of file"
    assert diag.span.line == line and diag.span.column >= 1
    assert diag.hint


@pytest.mark.parametrize(
    "text, word, column",
    [
        ("event per {\n}\n", "per", 7),
        ("tech max {\n}\n", "max", 6),
        ("mission m {\n  reveals or\n}\n", "or", 11),
        ("x: take 1 ship optional\n", "optional", 16),
        ("x otherwise\n", "otherwise", 3),
    ],
)
def test_reserved_word_used_as_a_name(text, word, column):
    (diag,) = errors(text)
    assert diag.message == f"unexpected '{word}'"
    assert diag.span.column == column
    assert f"'{word}' is a reserved word" in diag.hint


def test_optional_takes_a_call_or_brackets_not_another_optional():
    """So every level of nesting is a counted bracket (see MAX_NESTING)."""
    (diag,) = errors("x: optional optional a\n")
    assert (diag.span.line, diag.span.column, diag.message) == (1, 13, "unexpected 'optional'")


def test_take_1_or_at_the_end_of_an_effect():
    """`take 1 or` then `}`: 'or' continues on the next line, so '}' is what is unexpected."""
    (diag,) = errors("trigger t {\n  effect: take 1 or\n}\n")
    assert (diag.span.line, diag.span.column, diag.message) == (3, 1, "unexpected '}'")


def test_words_that_start_with_a_reserved_word_are_names():
    tree = parse_ok("order optional_x permit maximum or_else: perhaps 1 maxi\n")
    (item,) = tree.items
    assert [v.value for v in item.values] == ["optional_x", "permit", "maximum", "or_else"]
    assert shape(item.effect) == "perhaps 1 maxi"


@pytest.mark.parametrize(
    "text, column, message",
    [
        ("x $\n", 3, "unexpected character '$'"),
        ("x 'single'\n", 3, 'unexpected character "\'"'),
        ("x 1.5\n", 4, "unexpected character '.'"),
    ],
)
def test_unexpected_characters(text, column, message):
    diag = errors(text)[0]
    assert (diag.span.line, diag.span.column, diag.message) == (1, column, message)


def test_error_in_second_file_line_keeps_file_name():
    tree, diags = parse_text("ok 1\nbad )\n", "mods/extra.ba")
    assert tree is None
    assert [str(d.span) for d in diags] == ["mods/extra.ba:2:5"]


@pytest.mark.parametrize(
    "text, column",
    [
        ("x 1" + "0" * 5000 + "\n", 3),  # Python refuses to convert 4,300 digits or more
        ("x -1" + "0" * 9 + "\n", 3),
        ("game g {\n  players 1..1" + "0" * 9 + "\n}\n", 14),
        ("x: gain 1 vp per cards_in_space max 1" + "0" * 9 + "\n", 37),
    ],
)
def test_a_number_of_more_than_nine_digits_is_refused(text, column):
    tree, (diag,), _ = parse_bytes(text.encode(), "n.ba")
    assert tree is None and diag.code == "E110" and diag.span.column == column
    assert "digits is too large" in diag.message and f"{MAX_DIGITS} digits" in diag.hint


def test_a_number_of_nine_digits_is_read():
    tree, diags, _ = parse_bytes(b"x 999999999 -999999999 1..999999999\n", "n.ba")
    assert diags == []
    values = [v.value for v in tree.items[0].values]
    assert values == [999_999_999, -999_999_999, (1, 999_999_999)]


def test_parsing_again_after_an_edit_parses_only_the_groups_that_changed(monkeypatch):
    """dsl/parser.py keeps each group of top-level blocks it parsed: an edit inside one
    block parses that group again, not the others; a line added before later groups
    parses those again too (their lines moved), and every span is where it is now."""
    from blackangel.dsl import parser as parsing

    blocks = [
        f'track t{n} {{\n  noun "mark {n}" "marks {n}"\n  limit {n + 1}\n}}\n' for n in range(400)
    ]
    text = "".join(blocks)
    parsing.forget_parsed()
    first, _ = parsing.parse_text(text, "big.ba")
    calls = []
    original = parsing._parse_piece_now

    def counted(piece, file, offset):
        calls.append(offset)
        return original(piece, file, offset)

    monkeypatch.setattr(parsing, "_parse_piece_now", counted)
    same_lines = text.replace("limit 200\n", "limit 201\n")
    again, _ = parsing.parse_text(same_lines, "big.ba")
    groups = len(parsing._split_top_level(text, "big.ba")[0])
    assert groups > 4 and len(calls) == 1
    assert again is not None and first is not None and len(again.items) == len(first.items)
    calls.clear()
    moved = "# a new first line\n" + text
    shifted, _ = parsing.parse_text(moved, "big.ba")
    assert len(calls) == groups  # every group's first line moved
    assert shifted is not None
    assert [i.span.line for i in shifted.items] == [i.span.line + 1 for i in first.items]
