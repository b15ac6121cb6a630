"""The stable JSON export of a compiled rule set, and its JSON Schema.

The schema is generated from a game's vocabulary (so it cannot drift from the
language); the shipped game's is committed under dsl/schemas/, and a test checks
that the committed copy is current and that the shipped content validates against it.

    python -m blackangel.dsl.export --write-schema    # regenerate dsl/schemas/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from . import ast
from .checker import MOD, Decl, FieldUse
from .meta import Param, Vocabulary
from .visitor import NodeVisitor

FORMAT = "blackangel-ruleset"
EDGE_RELATIONS = ("has", "triggers", "uses", "emits", "runs", "activates")
FORMAT_VERSION = 1
SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
SCHEMA_ID = "https://blackangel-rules.invalid/schemas/ruleset.schema.json"


# ---- export ------------------------------------------------------------------
class EffectJson(NodeVisitor):
    """An effect as plain JSON; a call's arguments are named by its primitive's parameters."""

    def __init__(self, vocabulary: Vocabulary | None = None):
        self.primitives = vocabulary.primitives if vocabulary is not None else {}

    def visit_Call(self, node: ast.Call) -> dict:
        prim = self.primitives.get(node.name)
        names = [p.name for p in prim.params] if prim else [str(i) for i in range(len(node.args))]
        out: dict[str, Any] = {
            "call": node.name,
            "args": {name: arg.value for name, arg in zip(names, node.args)},
        }
        if node.per is not None:
            out["per"] = self.visit(node.per)
        if node.cap is not None:
            out["max"] = node.cap.value
        if node.conditions:
            out["if"] = [self.visit(condition) for condition in node.conditions]
        if node.unless:
            out["unless"] = [self.visit(condition) for condition in node.unless]
        if node.times is not None:
            out["times"] = node.times.value
        return out

    def visit_Seq(self, node: ast.Seq) -> dict:
        return {"seq": [self.visit(s) for s in node.steps]}

    def visit_Choice(self, node: ast.Choice) -> dict:
        return {"choice": [self.visit(s) for s in node.options]}

    def visit_Trade(self, node: ast.Trade) -> dict:
        return {"trade": {"cost": self.visit(node.cost), "benefit": self.visit(node.benefit)}}

    def visit_Optional(self, node: ast.Optional) -> dict:
        return {"optional": self.visit(node.step)}

    def visit_Otherwise(self, node: ast.Otherwise) -> dict:
        return {
            "otherwise": {"first": self.visit(node.first), "fallback": self.visit(node.fallback)}
        }

    def generic_visit(self, node, *args):
        raise TypeError(f"not an effect: {node!r}")


def effect_json(node: ast.Effect, vocabulary: Vocabulary | None = None) -> dict:
    return EffectJson(vocabulary).visit(node)


def _value_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value


def _use_json(use: FieldUse, effects: EffectJson) -> dict:
    out: dict[str, Any] = {"values": {k: _value_json(v) for k, v in use.args.items()}}
    if use.effect is not None:
        out["effect"] = effects.visit(use.effect)
    if use.origin is not None and use.origin.kind != MOD:  # the schema has no mod origin yet
        out[use.origin.kind] = use.origin.reason
    if use.children:
        out["block"] = [decl_json(child, effects) for child in use.children]
    return out


def decl_json(decl: Decl, effects: EffectJson) -> dict:
    out: dict[str, Any] = {"kind": decl.kind}
    if decl.id is not None:
        out["id"] = decl.id
    out["source"] = str(decl.item.span)
    out["fields"] = {
        key: [_use_json(u, effects) for u in uses] for key, uses in decl.fields.items()
    }
    return out


def ruleset_json(ruleset) -> dict:
    graph = ruleset.effects
    effects = EffectJson(ruleset.vocabulary)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "content_hash": ruleset.content_hash,
        "files": list(ruleset.files),
        "declarations": [decl_json(d, effects) for d in ruleset.decls],
        "graph": {
            "nodes": [
                {"id": n, "kind": d["kind"], "label": d.get("label", n)}
                for n, d in sorted(graph.nodes.items())
            ],
            "edges": [{"source": u, "target": v, "rel": rel} for u, v, rel in sorted(graph.edges)],
        },
    }


# ---- schema ------------------------------------------------------------------
def _param_schema(param: Param) -> dict:
    form = param.type.form
    if form in ("int", "count", "number"):
        base: dict[str, Any] = {"type": "integer"}
        if param.low is not None:
            base["minimum"] = param.low
        if param.high is not None:
            base["maximum"] = param.high
    elif form == "amount":  # a number, or the name of a value that gives one
        number: dict[str, Any] = {"type": "integer", "minimum": param.low, "maximum": param.high}
        base = {"anyOf": [number, {"type": "string"}]}
    elif form == "range":
        base = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
    elif form == "words":
        base = {"enum": list(param.type.words)}
    elif form == "flag":
        base = {"const": param.type.words[0]}
    else:
        base = {"type": "string"}
    if param.repeat:
        return {"type": "array", "items": base}
    return base


def _values_schema(params) -> dict:
    props: dict[str, Any] = {}
    for param in params:
        props[param.name] = _param_schema(param)
        for n in range(2, 4):  # a repeated parameter name gets a suffix (color, color2)
            if sum(1 for p in params if p.name == param.name) >= n:
                props[f"{param.name}{n}"] = _param_schema(param)
    return {"type": "object", "properties": props, "additionalProperties": False}


def _kind_schema(kind) -> dict:
    fields = {}
    for key, spec in kind.fields.items():
        use: dict[str, Any] = {
            "type": "object",
            "properties": {
                "values": _values_schema(spec.params),
                "reconstructed": {"type": "string"},
                "inferred": {"type": "string"},
            },
            "required": ["values"],
            "additionalProperties": False,
        }
        if spec.effect:
            use["properties"]["effect"] = {"$ref": "#/$defs/effect"}
            use["required"].append("effect")
        if spec.block:
            use["properties"]["block"] = {
                "type": "array",
                "items": {"$ref": f"#/$defs/kind_{spec.block}"},
            }
        fields[key] = {"type": "array", "items": use, "minItems": 1}
        if not spec.repeat:
            fields[key]["maxItems"] = 1
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "kind": {"const": kind.key},
            "source": {"type": "string"},
            "fields": {
                "type": "object",
                "properties": fields,
                "required": [k for k, s in kind.fields.items() if s.required],
                "additionalProperties": False,
            },
        },
        "required": ["kind", "source", "fields"],
        "additionalProperties": False,
    }
    if kind.has_id:
        schema["properties"]["id"] = {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"}
        schema["required"].insert(1, "id")
    return schema


def _call_schema(primitives) -> dict:
    branches = []
    for name, prim in primitives.items():
        branches.append(
            {
                "if": {"properties": {"call": {"const": name}}},
                "then": {"properties": {"args": _values_schema(prim.params)}},
            }
        )
    return {
        "type": "object",
        "properties": {
            "call": {"enum": sorted(primitives)},
            "args": {"type": "object"},
            "per": {"$ref": "#/$defs/call"},
            "max": {"type": "integer", "minimum": 0},
            "if": {"type": "array", "items": {"$ref": "#/$defs/call"}},
            "unless": {"type": "array", "items": {"$ref": "#/$defs/call"}},
            # a number of times, or the name of a value by the player count
            "times": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string"}]},
        },
        "required": ["call", "args"],
        "additionalProperties": False,
        "allOf": branches,
    }


def _effect_schema() -> dict:
    def single(key: str, inner: dict) -> dict:
        return {
            "type": "object",
            "properties": {key: inner},
            "required": [key],
            "additionalProperties": False,
        }

    effects = {"type": "array", "items": {"$ref": "#/$defs/effect"}, "minItems": 2}
    pair = lambda a, b: {  # noqa: E731 - a tiny local shape helper
        "type": "object",
        "properties": {a: {"$ref": "#/$defs/effect"}, b: {"$ref": "#/$defs/effect"}},
        "required": [a, b],
        "additionalProperties": False,
    }
    return {
        "oneOf": [
            {"$ref": "#/$defs/call"},
            single("seq", effects),
            single("choice", effects),
            single("trade", pair("cost", "benefit")),
            single("optional", {"$ref": "#/$defs/effect"}),
            single("otherwise", pair("first", "fallback")),
        ]
    }


def build_schema(vocabulary: Vocabulary) -> dict:
    kinds = vocabulary.kinds
    defs: dict[str, Any] = {f"kind_{k}": _kind_schema(spec) for k, spec in kinds.items()}
    defs["call"] = _call_schema(vocabulary.primitives)
    defs["effect"] = _effect_schema()
    defs["declaration"] = {"oneOf": [{"$ref": f"#/$defs/kind_{k}"} for k in vocabulary.top_kinds()]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Compiled rule set of the game module {vocabulary.name} (ba export --json)",
        "description": "Generated from the game's vocabulary by "
        "`python -m blackangel.dsl.export --write-schema`.",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "format_version": {"const": FORMAT_VERSION},
            "content_hash": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
            "files": {"type": "array", "items": {"type": "string"}},
            "declarations": {"type": "array", "items": {"$ref": "#/$defs/declaration"}},
            "graph": {
                "type": "object",
                "properties": {
                    "nodes": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "id": {"type": "string", "pattern": "^[^:]+$"},
                                "kind": {"enum": ["decl", "effect", "event", "primitive"]},
                                "label": {"type": "string"},
                            },
                            "required": ["id", "kind", "label"],
                            "additionalProperties": False,
                        },
                    },
                    "edges": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "source": {"type": "string"},
                                "target": {"type": "string"},
                                "rel": {"enum": list(EDGE_RELATIONS)},
                            },
                            "required": ["source", "target", "rel"],
                            "additionalProperties": False,
                        },
                    },
                },
                "required": ["nodes", "edges"],
                "additionalProperties": False,
            },
        },
        "required": ["format", "format_version", "content_hash", "files", "declarations", "graph"],
        "additionalProperties": False,
        "$defs": defs,
    }


def schema_text(vocabulary: Vocabulary) -> str:
    return json.dumps(build_schema(vocabulary), indent=2, sort_keys=True) + "\n"


def committed_schema_path() -> Path:
    return SCHEMA_DIR / "ruleset.schema.json"


def validate(data: dict) -> list[str]:
    """Problems with an export against the committed schema, as 'path: message' lines."""
    from jsonschema import Draft202012Validator

    schema = json.loads(committed_schema_path().read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema)
    return [
        f"{error.json_path}: {error.message}"
        for error in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    ]


if __name__ == "__main__":
    if sys.argv[1:] == ["--write-schema"]:
        from . import games

        SCHEMA_DIR.mkdir(exist_ok=True)
        vocabulary = games.load(games.default()).vocabulary
        committed_schema_path().write_text(schema_text(vocabulary), encoding="utf-8")
        print(f"wrote {committed_schema_path()}")
    else:
        print("usage: python -m blackangel.dsl.export --write-schema", file=sys.stderr)
        sys.exit(2)
