"""Property tests: programs generated from the grammar parse cleanly and never crash the
checker; shipped content mangled at random gives diagnostics, never an exception.

The examples are derandomized so that CI sees the same ones on every run. For a longer,
random search run with BA_FUZZ=1 (e.g. `BA_FUZZ=1 python -m pytest tests/test_properties.py`).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from blackangel.dsl import ast, games
from blackangel.dsl.checker import check_files
from blackangel.dsl.compiler import compile_sources
from blackangel.dsl.diagnostics import CODES, SourceLines
from blackangel.dsl.loader import LoadedSources, layer
from blackangel.dsl.parser import GRAMMAR_PATH, MAX_NESTING, parse_bytes, parse_text

VOCABULARY = games.load(games.default()).vocabulary
KINDS, PRIMITIVES, EVENTS = VOCABULARY.kinds, VOCABULARY.primitives, VOCABULARY.events
ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "content").glob("*.ba"))

FUZZ = os.environ.get("BA_FUZZ") == "1"


def _settings(examples: int):
    return settings(
        max_examples=examples * 20 if FUZZ else examples,
        deadline=None,
        derandomize=not FUZZ,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


# ---- programs generated from the grammar ------------------------------------------

RESERVED = {"or", "otherwise", "optional", "per", "max"}


def _names() -> list[str]:
    """Real words of the language: kinds, keywords, primitives, events, shipped ids, enums."""
    words = set(KINDS) | set(PRIMITIVES) | set(EVENTS)
    for spec in KINDS.values():
        words |= set(spec.fields)
        for fspec in spec.fields.values():
            for param in fspec.params:
                words |= set(param.type.words)
    words |= {"orange", "gray", "green", "vp", "ship", "resource", "debris", "robot"}
    words |= {"m001", "t_or05", "s1", "black_angel", "asteroid", "empty", "x", "_a1"}
    words -= RESERVED
    assert all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", w) for w in words)
    return sorted(words)


NAMES = _names()


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="basic")


def _keyword_strategies(grammar: Lark) -> dict[str, st.SearchStrategy[str]]:
    """Reserved words as terminals of their own: padded, so they never glue to a name."""
    out = {}
    for term in grammar.terminals:
        if term.pattern.type == "str" and term.pattern.value.isalpha():
            out[term.name] = st.just(f" {term.pattern.value} ")
    assert {"OPTIONAL", "PER", "MAX", "_OR", "_OTHERWISE"} <= set(out)
    return out


# Tokens are joined without separators, so every word-like token carries its own space.
# Fixed lists keep generation cheap (sampled_from is one draw).
LINE_ENDS = ["\n", "\r\n", ";", "\n\n", " # note\n", '\n# { ( } ) " or\n', "\t#\n;", "\n  \n"]
STRINGS = ["", "x", "Black Angel", "a # b", "{(", ")}", "pomarańczowy ✓", "or", ";", "@r"]
EXPLICIT = {
    "NAME": st.sampled_from([f" {w} " for w in NAMES]),
    "INT": st.sampled_from([f" {n} " for n in (0, 1, 2, 3, 4, 6, 9, 10, 60, -1)]),
    "STRING": st.sampled_from([f' "{s}" ' for s in STRINGS]),
    "COMMENT": st.just(" "),  # a comment runs to the line end: LINE_ENDS hold them
    "WS": st.sampled_from([" ", "\t", "  ", "\f"]),
    "_NL": st.sampled_from(LINE_ENDS),
}


def programs() -> st.SearchStrategy[str]:
    grammar = _lark()
    return from_lark(grammar, start="start", explicit={**_keyword_strategies(grammar), **EXPLICIT})


def effects() -> st.SearchStrategy[str]:
    """Effects from the grammar's `effect` rule, with primitives and real ids for names."""
    grammar = _lark()
    names = sorted(set(PRIMITIVES) | {"orange", "gray", "vp", "ship", "debris", "ping", "any"})
    explicit = {
        **_keyword_strategies(grammar),
        **EXPLICIT,
        "NAME": st.sampled_from([f" {w} " for w in names]),
    }
    return from_lark(grammar, start="effect", explicit=explicit)


VALUES = [
    "", " 1", " 0", " -1", " 7", " 1..4", " 4..1", ' "text"', " orange", " gray", " vp", " ship",
    " mission", " tech", " a", " b", " any", " ping", " setup_done", " 1 robot", " orange gray",
    " owner", " everyone", " per_player_color", " 1 1", " black_angel",
]  # fmt: skip


TOP_KINDS = sorted(k for k, spec in KINDS.items() if not spec.nested_only)


# Cheap effects (fixed) mixed with generated ones (costly to draw, but they reach every form).
EFFECT_SAMPLES = [
    "gain 1 vp", "take 1 ship", "take 1 ship or gain 1 vp otherwise lose 1 vp", "emit ping",
    "spend 1 ship -> gain 2 vp", "optional (take 1 ship, emit ping)", "run a1",
    "activate_adjacent vertical any", "gain 2 vp per tiles_in_grid orange max 4",
    "draw_keep 1 2", "cards_in_space",
]  # fmt: skip


@st.composite
def declarations(draw) -> tuple[str, set[str]]:
    """Whole declarations of real kinds with real keywords (and a few wrong ones), values
    from a list and effects from the grammar: text that reaches deep into the checker.
    Returns the text and the codes that must be reported for the planted mistakes."""
    out, must = [], set()
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(TOP_KINDS + ["mision"]))
        if kind == "mision":
            must.add("E101")
        spec = KINDS.get(kind) or KINDS["mission"]
        ident = draw(st.sampled_from(["", " a1", " a1", " m001", " s1", " t_or05", " ping"]))
        lines = []
        for _ in range(draw(st.integers(0, 6))):
            key = draw(st.sampled_from(sorted(spec.fields) + ["colour"]))
            if key == "colour" and kind != "mision":
                must.add("E102")
            line = "  " + key + draw(st.sampled_from(VALUES))
            if spec.fields.get(key) and spec.fields[key].effect or draw(st.integers(0, 9)) == 0:
                if draw(st.integers(0, 3)) == 0:
                    line += ": " + draw(effects())
                else:
                    line += ": " + draw(st.sampled_from(EFFECT_SAMPLES))
            if spec.fields.get(key) and spec.fields[key].block:
                line += " {\n    hex 1 orange\n    hex 2 empty comet\n  }"
            lines.append(line)
        out.append(f"{kind}{ident} {{\n" + "\n".join(lines) + "\n}")
    return "\n".join(out) + "\n", must


def _depth(text: str) -> int:
    """Bracket depth outside strings and comments, as the parser counts it."""
    depth = deepest = 0
    for tok in re.findall(r'"[^"\n]*"|#[^\n]*|[(){}]', text):
        if tok in "({":
            depth += 1
            deepest = max(deepest, depth)
        elif tok in ")}":
            depth = max(0, depth - 1)
    return deepest


SEEN: set[str] = set()  # what the generated texts contained, for the last test


def _features(tree: ast.SourceFile) -> set[str]:
    seen = set()
    stack = list(tree.items)
    while stack:
        item = stack.pop()
        seen.add("item")
        if item.children is not None:
            seen.add("block")
            stack.extend(item.children)
        if item.annotations:
            seen.add("annotation")
        effects = [item.effect] if item.effect is not None else []
        while effects:
            node = effects.pop()
            seen.add(type(node).__name__)
            for name in ("first", "fallback", "cost", "benefit", "step"):
                if hasattr(node, name):
                    effects.append(getattr(node, name))
            effects.extend(getattr(node, "options", ()) + getattr(node, "steps", ()))
    return seen


@lru_cache(maxsize=1)
def _shipped_trees() -> tuple[ast.SourceFile, ...]:
    trees = []
    for path in SHIPPED:
        tree, diags, _ = parse_bytes(path.read_bytes(), f"content/{path.name}")
        assert tree is not None and diags == []
        trees.append(tree)
    return tuple(trees)


@pytest.mark.slow
@_settings(40)
@given(programs())
def test_generated_programs_parse_and_check_without_raising(text):
    assume(_depth(text) <= MAX_NESTING)
    tree, diags = parse_text(text, "gen.ba")
    assert diags == [], (text, [f"{d.span} {d.message}" for d in diags])
    assert tree is not None
    SEEN.update(_features(tree))
    # the tree survives its JSON form
    assert ast.node_from_json(ast.to_json(tree)) == tree
    # the checker reports, never raises: alone, and layered on the shipped content
    for files in ([tree], layer(list(_shipped_trees()), [tree])):
        decls, checker = check_files(files, VOCABULARY)
        for diag in checker.diags:
            assert diag.code in CODES and diag.message
            assert diag.span is None or diag.span.file in {"gen.ba", *(f.path for f in files)}


@_settings(80)
@given(declarations(), st.booleans())
def test_generated_declarations_compile_without_raising(sample, on_base):
    text, must = sample
    tree, diags = parse_text(text, "gen.ba")
    assert diags == [], (text, [f"{d.span} {d.message}" for d in diags])
    SEEN.update(_features(tree))
    loaded = LoadedSources(lines=SourceLines())
    loaded.lines.add("gen.ba", text)
    loaded.files = layer(list(_shipped_trees()), [tree]) if on_base else [tree]
    result = compile_sources(loaded, strict_counts=not on_base)
    for diag in result.diagnostics:
        assert diag.code in CODES and diag.message
    if any(d.code == "E106" and "game module" in d.message for d in result.diagnostics):
        # without its game's vocabulary nothing else can be checked, and nothing else is said
        assert result.ruleset is None and result.skipped_semantics
        assert len(result.diagnostics) == 1
        return
    assert result.ruleset is not None
    for diag in result.diagnostics:
        assert diag.code in CODES and diag.message
    # a wrong kind or keyword is always reported
    assert must <= {d.code for d in result.diagnostics}, text


# ---- shipped content, mangled ---------------------------------------------------------

FRAGMENTS = [
    b"{", b"}", b"(", b")", b"\n", b" ", b'"', b":", b",", b"->", b" or ", b" otherwise ",
    b"optional ", b" per ", b" max ", b"@", b"..", b"-1", b"0", b"99", b"#", b";", b"\xff",
    b"\x00", b"\t", b"\r\n", b"\xc3", b" emit ", b" players ", b" count ", b" copies ",
    b" activate_adjacent vertical any", b"\xe2\x9c\x93",
]  # fmt: skip


@st.composite
def mangled(draw) -> tuple[str, bytes]:
    path = draw(st.sampled_from(SHIPPED))
    data = bytearray(path.read_bytes())
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            break
        pos = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["delete", "delete_word", "insert", "insert_bytes", "swap"]))
        if op == "delete":
            del data[pos : pos + draw(st.integers(1, 8))]
        elif op == "delete_word":
            end = pos
            while end < len(data) and data[end] not in b" \n":
                end += 1
            del data[pos:end]
        elif op == "insert":
            data[pos:pos] = draw(st.sampled_from(FRAGMENTS))
        elif op == "insert_bytes":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=4))
        else:
            other = draw(st.integers(0, len(data) - 1))
            data[pos], data[other] = data[other], data[pos]
    return path.name, bytes(data)


def _loaded(name: str, data: bytes, on_base: bool) -> LoadedSources:
    """Sources as the loader builds them: the mangled file replaces its shipped original,
    or is layered on the whole shipped content as a mod."""
    display = f"content/{name}" if not on_base else f"mod/{name}"
    tree, diags, text = parse_bytes(data, display)
    loaded = LoadedSources(lines=SourceLines())
    loaded.lines.add(display, text)
    loaded.diagnostics = list(diags)
    loaded.syntax_ok = tree is not None
    base = [t for t, p in zip(_shipped_trees(), SHIPPED) if on_base or p.name != name]
    mod = [tree] if tree is not None else []
    loaded.files = layer(base, mod) if on_base else base + mod
    loaded.paths = [f.path for f in loaded.files]
    return loaded


@pytest.mark.slow
@_settings(150)
@given(mangled(), st.booleans())
def test_mangled_content_gives_diagnostics_not_exceptions(sample, on_base):
    name, data = sample
    loaded = _loaded(name, data, on_base)
    result = compile_sources(loaded, strict_counts=not on_base)
    for diag in result.diagnostics:
        assert diag.code in CODES and diag.message
        if diag.span is not None:
            assert diag.span.line >= 1 and diag.span.column >= 1
    if not loaded.syntax_ok:
        assert result.skipped_semantics and any(
            d.code in ("E001", "E002") for d in result.diagnostics
        )


def test_unmangled_content_is_clean():
    """The baseline of the mangling test: the shipped files, untouched, give nothing."""
    for path in SHIPPED:
        result = compile_sources(_loaded(path.name, path.read_bytes(), False), strict_counts=True)
        assert result.diagnostics == [], path.name


@pytest.mark.slow  # it looks at what the slow generating tests saw
def test_generators_are_not_trivial():
    """Runs after the generating tests: between them, the generated texts held blocks,
    annotations and every kind of effect (so the properties above are not vacuous)."""
    if not SEEN:
        pytest.skip("run together with the generating tests of this file")
    wanted = {"item", "block", "annotation", "Call", "Seq", "Choice", "Trade", "Otherwise"}
    wanted |= {"Optional"}
    assert wanted <= SEEN, sorted(wanted - SEEN)
