"""Card text comes from the primitives' templates: plurals, connectors, framings."""

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.text import TextRenderer


@pytest.fixture(scope="module")
def shipped():
    return compile_paths().ruleset


@pytest.fixture(scope="module")
def text(shipped):
    return TextRenderer(shipped.decls, shipped.vocabulary, "en")


def lines(text, ruleset, card_id):
    return text.card_lines(ruleset.by_id[card_id])


def test_sequence_and_plural(text, shipped):
    assert lines(text, shipped, "m001") == [
        "Each time it is activated: Take 2 ships from the general supply."
    ]
    assert lines(text, shipped, "m002") == [
        "Each time it is activated: Take 1 ship from the general supply and gain 1 VP."
    ]


def test_trade_reads_cost_then_benefit(text, shipped):
    (line,) = lines(text, shipped, "m005")
    assert line == "Each time it is activated: Spend 1 ship from your storage to gain 2 VP."


def test_choice_and_per_counter(text, shipped):
    (line,) = lines(text, shipped, "s2")
    assert line == (
        "When activated: Take 1 resource from the general supply"
        " or take 1 debris from the general supply."
    )
    (ejection,) = lines(text, shipped, "m017")
    assert "per gray mission card you own in space" in ejection


def test_owner_and_passenger_parts_are_framed_apart(text, shipped):
    owner, passengers = lines(text, shipped, "m014")
    assert owner.startswith("On ejection, the owner:")
    assert passengers.startswith("On ejection, each player with a ship on it:")


def test_a_new_card_gets_text_without_anyone_writing_it(tmp_path):
    mod = tmp_path / "mod.ba"
    mod.write_text(
        "mission m999 {\n  color green\n  reward 2 ship\n  reveals green\n"
        "  activation: optional (spend 2 debris -> gain 4 vp) otherwise lose 1 vp\n}\n"
    )
    result = compile_paths([mod], on_base=True)
    assert not result.errors
    renderer = TextRenderer(result.ruleset.decls, result.ruleset.vocabulary)
    assert renderer.card_lines(result.ruleset.by_id["m999"]) == [
        "Each time it is activated: You may spend 2 debris from your storage to gain 4 VP; "
        "if you cannot, lose 1 VP."
    ]


def test_every_card_has_text(text, shipped):
    for kind in ("mission", "ravager", "start_tile", "tech", "advanced"):
        for decl in shipped.of_kind(kind):
            got = text.card_lines(decl)
            assert got, decl.id
            assert all(line.endswith(".") and "{" not in line for line in got), got


def test_a_text_rendered_once_is_kept_and_one_with_a_list_is_rendered_each_time(text):
    label = ("{a} and {b}", None, 1, (("a", "one"), ("b", ("{c}!", None, 1, (("c", "two"),)))))
    assert text.render(label) == "one and two!"
    assert text.render(label) == "one and two!"
    assert label in text._rendered  # the second time came from what was kept
    unhashable = ("{a}", None, 1, (("a", ["x"]),))
    assert text.render(unhashable) == "['x']"
