"""Card text reads as a person would write it: generic rules of rendering seen on Bossin'
Space's cards (the second game uses the grid, the crew and the conditions the most)."""

from __future__ import annotations

from functools import cache

import pytest

from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.text import TextRenderer

RULES = games.rules_folder("bossin_space")


@cache
def renderer(lang: str) -> TextRenderer:
    ruleset = compile_paths([str(RULES)]).ruleset
    assert ruleset is not None
    return TextRenderer(ruleset.decls, ruleset.vocabulary, lang, ruleset.locales)


def card(card_id: str, lang: str = "en") -> list[str]:
    text = renderer(lang)
    return text.card_lines(next(d for d in text.decls if d.id == card_id))


def every_line(lang: str = "en") -> list[str]:
    text = renderer(lang)
    return [line for decl in text.decls if decl.id for line in text.card_lines(decl)]


def test_an_option_that_begins_with_conditions_reads_as_a_condition():
    assert card("move_left") == [
        "When played: Move the ship one column left; or, if you hold the Pilot card and you "
        "have no uses of the captain's ability, gain 1 use of the captain's ability and move "
        "the ship one column right."
    ]


def test_a_choice_read_apart_is_followed_by_then():
    assert card("chain_explosion") == [
        "When played: If you hold the Mechanic card and you have no uses of the captain's "
        "ability, gain 1 use of the captain's ability; or gain 1 degree of heat; then defeat "
        "each enemy in row C."
    ]
    (attack,) = [line for line in card("sun_eater") if line.startswith("When it attacks")]
    assert "ship's column; then, if you hold the Mechanic card" in attack


def test_at_most_0_reads_no_and_two_conditions_read_with_and():
    (laser,) = card("laser")
    assert "if you have at least 1 laser upgrade and you have at most 1 laser upgrade," in laser
    assert laser.endswith("if you have no laser upgrades.")
    assert not any(
        "at most 0" in line or " if you have at most 1 laser upgrade if" in line
        for line in every_line()
    )


def test_facing_names_the_tokens_column():
    assert card("skirmisher") == [
        "On activation: Lose 1 life token per its damage if it stands in the ship's column."
    ]
    (attack,) = [line for line in card("hive_queen_swarming") if "attacks" in line]
    assert attack.endswith("if it stands in the ship's column or one next to it.")
    assert not any("within" in line for line in every_line())


def test_moving_toward_a_token_names_the_token():
    assert card("drifter") == ["On activation: Move this enemy one column toward the ship."]


def test_a_deck_reads_as_the_noun_of_its_cards():
    assert card("hive_queen_call") == ["When played: Put the top enemy card below the boss."]
    (new_enemy,) = card("new_enemy")
    assert "unless at least one enemy card can be drawn" in new_enemy
    assert "put one enemy card in row a of each column" in new_enemy
    assert not any("card of enemy" in line or "top card of" in line for line in every_line())


def test_skipping_one_card_says_the_next_card():
    (emp,) = card("emp")
    assert "skip the next card of the threat row and skip the next card of the boss" in emp


@pytest.mark.parametrize("lang", ["en", "pl", "de"])
def test_every_card_text_is_rendered_in_each_language(lang):
    assert all(line and "{" not in line for line in every_line(lang))


def test_the_pilots_alternative_reads_well_in_polish_and_german():
    assert card("move_left", "pl") == [
        "Po zagraniu: Przesuń Statek o kolumnę w lewo; lub, jeśli masz kartę Pilota i nie masz "
        "żadnych użyć zdolności Kapitana, zdobądź 1 użycie zdolności Kapitana i przesuń Statek "
        "o kolumnę w prawo."
    ]
    assert card("move_left", "de") == [
        "Beim Ausspielen: Bewege das Schiff eine Spalte nach links; oder, wenn du die Karte "
        "Pilot auf der Hand hast und du keine Einsätze der Kapitänsfähigkeit hast, erhalte 1 "
        "Einsatz der Kapitänsfähigkeit und bewege das Schiff eine Spalte nach rechts."
    ]


def test_a_cards_number_and_the_tokens_column_in_polish_and_german():
    assert card("skirmisher", "pl") == [
        "Przy aktywacji: Strać 1 żeton życia za każdy punkt obrażeń tej karty, jeśli stoi w "
        "kolumnie Statku."
    ]
    assert card("skirmisher", "de") == [
        "Bei Aktivierung: Verliere 1 Lebensmarker für jeden Punkt Schaden dieser Karte, wenn "
        "sie in derselben Spalte wie das Schiff steht."
    ]
    (new_enemy,) = card("new_enemy", "pl")
    assert "chyba że talia Wrogów ma jeszcze co najmniej jedną kartę" in new_enemy
    (new_enemy,) = card("new_enemy", "de")
    assert "außer wenn der Feindstapel noch mindestens eine Karte enthält" in new_enemy


def test_a_cards_noun_is_shown_in_the_readers_language():
    text = renderer("en")
    queen = next(d for d in text.decls if d.id == "hive_queen")
    assert "noun Hive Queen, Hive Queens" in text.fact_line(queen)
    text = renderer("pl")
    queen = next(d for d in text.decls if d.id == "hive_queen")
    assert "nazwa: Królowa Roju, Królowe Roju" in text.fact_line(queen)


@pytest.mark.parametrize(
    ("lang", "defeated", "turned"),
    [
        (
            "pl",
            "  pokonano: Królowa Roju na polu nad kolumną 2",
            "  odwrócono: Królowa Roju na polu nad kolumną 2; teraz Wyrojona Królowa Roju",
        ),
        (
            "de",
            "  Schwarmkönigin auf Feld über Spalte 2 ist besiegt",
            "  Schwarmkönigin auf Feld über Spalte 2 wird umgedreht: jetzt Ausschwärmende "
            "Schwarmkönigin",
        ),
    ],
)
def test_a_feminine_card_name_needs_no_agreement_in_the_grids_log(lang, defeated, turned):
    from blackangel.interpreter import card_sides, zones
    from blackangel.interpreter.program import build

    data = build(compile_paths([str(RULES)]).ruleset, lang)
    event = {"event": "piece_defeated", "card": "hive_queen", "cell": "^2"}
    assert zones.narrate(event, data.text) == defeated
    event = {"event": "piece_turned", "card": "hive_queen", "cell": "^2"}
    assert card_sides.narrate({**event, "side": "hive_queen_swarming"}, data.text) == turned


def test_a_gain_of_nothing_on_the_table_is_not_told():
    from blackangel.interpreter import procedure
    from blackangel.interpreter.program import build

    text = build(compile_paths([str(RULES)]).ruleset).text
    event = {"event": "gain_vp", "seat": 0, "amount": 0, "track": "heat", "shared": 1}
    assert procedure.narrate(event, ["P1"], text) is None
    said = procedure.narrate({**event, "amount": 1}, ["P1"], text)
    assert said == "  P1 adds 1 degree of heat to the table: now 1"


def test_a_card_that_does_nothing_and_the_bosss_repair_read_plainly():
    assert card("blank") == ["When played: Nothing happens."]
    assert card("dreadnought_heal") == ["When played: Take 1 damage off the boss."]
    (new_enemy,) = card("new_enemy")
    assert "close the first open row if there is an enemy unless" in new_enemy
    assert card("portal") == [
        "When played: Move a card on the board one column left or move a card on the board "
        "one column right."
    ]
