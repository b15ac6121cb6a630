"""The shipped Black Angel content compiles clean and holds every component."""

from collections import Counter
from pathlib import Path

import pytest

from blackangel.dsl import provenance
from blackangel.dsl.ast import walk_calls
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.export import effect_json


@pytest.fixture(scope="module")
def result():
    return compile_paths()


@pytest.fixture(scope="module")
def ruleset(result):
    return result.ruleset


def test_compiles_without_any_diagnostic(result):
    assert result.ruleset is not None
    assert [str(d.span) + " " + d.message for d in result.diagnostics] == []


def copies(ruleset, kind):
    return sum(d.copies for d in ruleset.of_kind(kind))


@pytest.mark.parametrize(
    "kind, count",
    [
        ("mission", 60),
        ("ravager", 30),
        ("start_tile", 12),
        ("tech", 48),
        ("advanced", 16),
        ("hal_card", 12),
        ("strip", 7),
        ("action", 6),
        ("setup", 4),
    ],
)
def test_component_counts(ruleset, kind, count):
    assert copies(ruleset, kind) == count


def test_missions_twenty_per_colour_twelve_activation_eight_ejection(ruleset):
    missions = ruleset.of_kind("mission")
    by_colour = Counter(m.value("color") for m in missions)
    assert by_colour == {"orange": 20, "gray": 20, "green": 20}
    for colour in by_colour:
        of_colour = [m for m in missions if m.value("color") == colour]
        assert sum("activation" in m.fields for m in of_colour) == 12
        assert sum("ejection" in m.fields for m in of_colour) == 8


def test_every_mission_effect_of_a_colour_is_distinct(ruleset):
    texts = Counter()
    for m in ruleset.of_kind("mission"):
        parts = [
            (k, u.args.get("who"), effect_json(u.effect))
            for k, us in m.fields.items()
            for u in us
            if u.effect is not None
        ]
        texts[(m.value("color"), repr(parts))] += 1
    assert len(texts) == 60 and set(texts.values()) == {1}


def test_multi_effect_missions_split_owner_and_passengers(ruleset):
    split = [
        m
        for m in ruleset.of_kind("mission")
        if {u.args["who"] for u in m.fields.get("ejection", [])} == {"owner", "passengers"}
    ]
    assert len(split) == 6  # N2 and N4 of each colour


def test_ravagers_five_effects_times_six_targets(ruleset):
    pairs = Counter()
    for r in ruleset.of_kind("ravager"):
        primitive = next(walk_calls(r.first("permanent").effect))
        card = primitive.args[1].value if primitive.name == "discard" else ""
        pairs[(primitive.name, card)] += 1
        assert 1 <= r.value("target") <= 6
    assert len(pairs) == 5 and set(pairs.values()) == {6}
    targets = Counter(r.value("target") for r in ruleset.of_kind("ravager"))
    assert set(targets.values()) == {5}


def test_technology_tiles_have_both_sides_and_sixteen_per_colour(ruleset):
    tiles = ruleset.of_kind("tech")
    assert Counter(t.value("color") for t in tiles) == {"orange": 16, "gray": 16, "green": 16}
    for tile in tiles:
        assert tile.first("standard").effect is not None
        assert tile.first("boost").effect is not None
    for colour in ("orange", "gray", "green"):
        standards = {
            repr(effect_json(t.first("standard").effect))
            for t in tiles
            if t.value("color") == colour
        }
        assert len(standards) == 10  # all ten standard effects in each colour


def test_actions_two_per_colour_with_one_command_each(ruleset):
    actions = ruleset.of_kind("action")
    assert sorted(a.value("number") for a in actions) == [1, 2, 3, 4, 5, 6]
    assert Counter(a.value("color") for a in actions) == {"orange": 2, "gray": 2, "green": 2}
    assert Counter(a.value("kind") for a in actions) == {
        "discover": 1,
        "repair": 1,
        "destroy": 1,
        "command": 3,
    }
    gray = {a.value("number") for a in actions if a.value("color") == "gray"}
    assert 3 in gray  # the only number the rulebook fixes


def test_setups_per_player_count(ruleset):
    table = {
        s.value("players"): (
            s.value("dice_per_color"),
            s.value("strips"),
            s.value("ravagers_removed"),
        )
        for s in ruleset.of_kind("setup")
    }
    assert table == {4: (6, 7, 0), 3: (5, 7, 6), 2: (4, 5, 12), 1: (4, 5, 12)}
    two = next(s for s in ruleset.of_kind("setup") if s.value("players") == 2)
    solo = next(s for s in ruleset.of_kind("setup") if s.value("players") == 1)
    assert two.value("neutral_player") is True
    assert solo.value("opponent") == "hal"


def test_strips_have_two_faces_of_full_hexes(ruleset):
    size = ruleset.single("space").value("hexes_per_strip")
    faces = 0
    for strip in ruleset.of_kind("strip"):
        sides = strip.fields["side"]
        assert sorted(u.args["face"] for u in sides) == ["a", "b"]
        for side in sides:
            hexes = side.children[0].fields["hex"]
            assert sorted(h.args["position"] for h in hexes) == list(range(1, size + 1))
            faces += 1
    assert faces == 14


def test_hal_cards_have_two_halves_of_different_colours(ruleset):
    def colours(card, half):
        effect = card.first(half).effect
        return [c.values[0] for c in walk_calls(effect) if c.name == "hal_take_die"]

    for card in ruleset.of_kind("hal_card"):
        top, bottom = colours(card, "top"), colours(card, "bottom")
        assert len(top) == len(bottom) == 1 and top != bottom
    hal = ruleset.by_id["hal"]
    assert hal.kind == "automa"
    assert sorted(hal.value("deck")) == sorted(c.id for c in ruleset.of_kind("hal_card"))
    levels = {u.args["level"]: u.args["amount"] for u in hal.fields["difficulty"]}
    assert levels == {"easy": 0, "standard": 5, "difficult": 10, "extreme": 15}


SHIPPED = sorted((Path(__file__).resolve().parent.parent / "content").glob("*.ba"))


def marked_lines(paths) -> dict[str, int]:
    """How many keyword lines of .ba files are printed, inferred, reconstructed or a
    ruling's decision, by reading their text."""
    found = dict.fromkeys(provenance.KINDS, 0)
    for path in paths:
        enclosing = ["printed"]  # the origin of the declaration or block we are in
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.split(" #")[0].rstrip()
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.strip() == "}":
                enclosing.pop()
                continue
            own = next((k for k in ("inferred", "reconstructed") if f"@{k}" in line), None)
            if raw[:1] not in (" ", "\t") and line.startswith("ruling "):
                own = "decision"
            kind = enclosing[-1] if enclosing[-1] == "decision" else own or enclosing[-1]
            if raw[:1] in (" ", "\t"):  # a keyword line (a top-level line is a declaration)
                found[kind] += 1
            if line.endswith("{"):
                enclosing.append(kind)
    return found


def test_provenance_marks_reconstructed_values_with_reasons(result):
    found = provenance.origins(result.ruleset.decls, result.lines)
    counts = provenance.summary(found)
    assert counts["reconstructed"] > 0 and counts["printed"] > 0
    # the same counts, read off the source text: every keyword line is a value, inferred or
    # reconstructed when it, or a declaration or block around it, is marked so, and a
    # ruling's lines are decisions
    assert {k: counts[k] for k in provenance.KINDS} == marked_lines(SHIPPED)
    assert all(o.reason for o in found if o.kind in ("inferred", "reconstructed"))
    # mission rewards are not printed: every one of them is marked
    rewards = [o for o in found if o.declaration.startswith("mission") and o.keyword == "reward"]
    assert len(rewards) == 60 and all(o.reason for o in rewards)
