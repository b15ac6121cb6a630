"""The JSON export is stable, and the committed JSON Schema describes it."""

import copy
import json

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.export import committed_schema_path, ruleset_json, schema_text, validate


@pytest.fixture(scope="module")
def exported():
    return ruleset_json(compile_paths().ruleset)


@pytest.fixture(scope="module")
def vocabulary():
    return compile_paths().ruleset.vocabulary


def test_committed_schema_is_the_generated_one(vocabulary):
    assert committed_schema_path().read_text(encoding="utf-8") == schema_text(vocabulary), (
        "regenerate with: python -m blackangel.dsl.export --write-schema"
    )


def test_schema_is_a_valid_draft_2020_12_schema(vocabulary):
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(json.loads(schema_text(vocabulary)))


def test_shipped_content_validates(exported):
    assert validate(exported) == []


def test_export_is_deterministic(exported):
    again = ruleset_json(compile_paths().ruleset)
    assert json.dumps(again, sort_keys=True) == json.dumps(exported, sort_keys=True)


def test_export_round_trips_through_json_text(exported):
    assert json.loads(json.dumps(exported)) == exported


@pytest.mark.parametrize(
    "mutate, where",
    [
        (lambda d: d["declarations"][0].update(kind="bogus"), "declarations"),
        (lambda d: d.update(format_version=99), "format_version"),
        (lambda d: d["graph"]["edges"].append({"source": "a", "target": "b", "rel": "x"}), "graph"),
    ],
)
def test_schema_rejects_broken_exports(exported, mutate, where):
    broken = copy.deepcopy(exported)
    mutate(broken)
    problems = validate(broken)
    assert problems and any(where in p for p in problems)


def test_schema_rejects_an_unknown_primitive_argument(exported):
    broken = copy.deepcopy(exported)
    mission = next(d for d in broken["declarations"] if d.get("id") == "m001")
    mission["fields"]["activation"][0]["effect"]["args"]["colour"] = "pink"
    assert validate(broken)


def test_graph_node_ids_never_contain_colons(exported):
    assert all(":" not in n["id"] for n in exported["graph"]["nodes"])


def test_every_card_has_its_effects_in_the_graph(exported):
    nodes = {n["id"] for n in exported["graph"]["nodes"]}
    assert "decl.m001" in nodes and "effect.m001.activation.0" in nodes
    rels = {(e["source"], e["rel"]) for e in exported["graph"]["edges"]}
    assert ("event.mission_activated", "triggers") in rels
