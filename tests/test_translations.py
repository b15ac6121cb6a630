"""What a translator found in Polish and German (issue 27): names after prepositions in
their case, Hal's halves, the Polish rulebook's terms, plurals after decimals, and
English left in the command line's help, the start page, ba docs, ba-lint and ba report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl import i18n
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.text import TextRenderer
from blackangel.interpreter import report
from blackangel.interpreter.black_angel import labels


@pytest.fixture(scope="module")
def shipped():
    return compile_paths().ruleset


def text_in(ruleset, lang):
    return TextRenderer(ruleset.decls, ruleset.vocabulary, lang, ruleset.locales)


def buy_from(text, owner):
    return text.render(
        labels.later(
            labels.BUY_DIE,
            ("color", "gray"),
            ("value", 3),
            ("seller", labels.seat_name(owner)),
            ("price", "1"),
        )
    )


# ---- a name after a preposition takes its case --------------------------------------------
@pytest.mark.parametrize(
    ("lang", "neutral", "hal", "player"),
    [
        ("en", "from the neutral player", "from Hal", "from P2"),
        ("pl", "od gracza neutralnego", "od Hala", "od G2"),
        ("de", "von dem neutralen Spieler", "von Hal", "von S2"),
    ],
)
def test_a_seat_named_after_a_preposition_is_in_its_case(shipped, lang, neutral, hal, player):
    text = text_in(shipped, lang)
    assert neutral in buy_from(text, "neutral")
    assert hal in buy_from(text, "hal")
    assert player in buy_from(text, 1)
    # on its own, a seat's name keeps its own form
    alone = text.render(labels.seat_name("neutral"))
    assert alone == {"en": "the neutral player", "pl": "gracz neutralny"}.get(lang, alone)


def test_every_name_slot_lists_the_names_that_can_stand_in_it(shipped):
    from blackangel.dsl.words import shows_text

    slots = {s: t for s, t in shipped.vocabulary.slots.items() if shows_text(t)}
    assert "BUY_DIE.seller" in slots
    for lang in ("pl", "de"):
        tr = i18n.translator(lang)
        for slot, type_ in slots.items():
            for name in type_.words:
                assert (slot, name) in tr.messages, (lang, slot, name)


# ---- Hal's halves: a die taken to act with, not a payment ----------------------------------
def test_hal_takes_a_die_to_act_with_it_and_a_player_still_pays(shipped):
    pl = text_in(shipped, "pl")
    hal_card = shipped.by_id["h01"]
    lines = pl.card_lines(hal_card)
    assert lines and all("w zamian" not in line for line in lines)
    assert all("a następnie z jej pomocą" in line for line in lines)
    assert all("dafür" not in line for line in text_in(shipped, "de").card_lines(hal_card))
    en = text_in(shipped, "en").card_lines(hal_card)
    assert "(a higher one of yours is bought) to discover technology" in en[0]
    # a player's trade is a payment: "in return" stays right there
    paid = [
        line
        for decl in shipped.decls
        if decl.kind in ("tech", "mission") and decl.id
        for line in pl.card_lines(decl)
        if "a w zamian" in line
    ]
    assert paid


# ---- the Polish rulebook's terms -------------------------------------------------------------
# Per game: the words its own Polish rulebook does not use, checked in that game's catalogs
# only (a game's texts follow its rulebook: Black Angel's pile is "stos", where another
# game's rulebook may say "talia"). The default game's catalog holds the engine's texts too.
POLISH_NOT_THE_RULEBOOKS = {
    "black_angel": [
        r"dotarła do Spes",
        r"\bdo Spes\b",  # "na Spes"
        r"\b(karty|kart) destruktora\b",  # plural: destruktorów
        r"\btali[aięą]\b",  # the rulebook's pile is "stos"
        r"\b[Pp]rzewag",  # the aids' bonus
        r"\bdodat(ek|ku)\b(?! (web|lsp|cluster|docs|report)\b)",  # the appendix is "Załącznik"
        r"twojej siat|twoją planszę|twojej ręce|na ręce",  # reflexive, "w ręku"
    ],
    # Bossin' Space's rulebook: a deck is "talia", the timeline "Oś czasu", heat
    # "Temperatura", an enemy "Wróg", command cards "karty Dowodzenia"
    "bossin_space": [
        r"\bstos(u|y|ów|ie|em)?\b",
        r"\b[Ll]ini[aięą] czasu\b",
        r"\b[Cc]iepł[oa]?\b|\b[Gg]orąc",
        r"\b[Pp]rzeciwnik",
        r"\b[Rr]ozkaz",
    ],
}
TERM_CHECKS = [
    (game, pattern) for game, terms in POLISH_NOT_THE_RULEBOOKS.items() for pattern in terms
]


def polish_catalogs(game: str) -> list[Path]:
    """The Polish catalogs of a game's texts: the default game's are the main catalog's."""
    from blackangel.dsl import games

    if game == games.default():
        return [i18n.LOCALE_DIR / "pl" / "LC_MESSAGES" / "blackangel.po"]
    folder = games.rules_folder(game)
    assert folder is not None, game
    return sorted((folder / "locales" / "pl" / "LC_MESSAGES").glob("*.po"))


def broken_terms(catalogs: list[Path], pattern: str) -> list[tuple]:
    """The messages of some catalogs whose Polish uses a word the pattern forbids."""
    found = []
    for path in catalogs:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale="pl")
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(message.context, message.id) for s in strings if re.search(pattern, s)]
    return found


@pytest.mark.parametrize(("game", "pattern"), TERM_CHECKS)
def test_polish_uses_the_rulebooks_terms(game, pattern):
    catalogs = polish_catalogs(game)
    assert catalogs, game
    assert not broken_terms(catalogs, pattern)


def test_a_games_terms_are_checked_in_its_own_catalogs_only(tmp_path):
    """Another game's catalog may use a word Black Angel's rulebook does not: the check
    of Black Angel's terms would find it, its own game's (none listed here) does not."""
    po = tmp_path / "other.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "the deck"\nmsgstr "talia"\n',
        encoding="utf-8",
    )
    talia = r"\btali[aięą]\b"
    assert talia in POLISH_NOT_THE_RULEBOOKS["black_angel"]
    assert broken_terms([po], talia) == [(None, "the deck")]
    assert POLISH_NOT_THE_RULEBOOKS.get("other_game", []) == []
    assert polish_catalogs("sky_regatta")  # a registered game's own catalogs are found


def test_polish_terms_where_they_were_wrong():
    tr = i18n.translator("pl")
    assert tr.gettext("the Black Angel reached Spes") == "Black Angel dotarł na Spes"
    assert tr.gettext("Advantage: {effect}").startswith("Bonus")
    counted = tr.npgettext("component", "Ravager card", "Ravager cards", 5)
    assert counted == "kart destruktorów"


# ---- a plural after a number with decimals ----------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "mean 25.4 turns"), ("pl", "średnio 25,4 tury"), ("de", "Mittel 25,4 Züge")],
)
def test_a_number_with_decimals_takes_the_form_of_a_fraction(shipped, lang, shown):
    from blackangel.cli.games import LENGTH

    text = text_in(shipped, lang)
    values = {"mean": text.tr.decimal(25.4, 1), "min": 20, "max": 31}
    assert shown in text.fill(LENGTH, values, n=text.tr.decimal_count(1, 25.4))
    assert text.tr.decimal_count(0, 5.0) == 5  # no decimals shown: the whole number counts


# ---- the command line's help -------------------------------------------------------------------
def invoke(*args, env=None):
    result = CliRunner().invoke(ba, list(args), env=env)
    return result.exit_code, result.output


def test_help_is_in_the_language_asked_for():
    code, out = invoke("--lang", "pl", "play", "--help")
    assert code == 0
    assert out.startswith("Użycie: ba play")
    assert "Opcje:" in out and "Pokaż tę pomoc i zakończ." in out
    assert "Rozegraj jedną pełną grę" in out and "domyślnie: 1" in out
    assert "Usage:" not in out and "Show this message" not in out
    code, out = invoke("--lang", "de", "--help")
    assert code == 0 and out.startswith("Aufruf: ba")
    assert "Für den Anfang:" in out and "ba cards m001             eine Karte" in out  # epilog
    assert "Befehle:" in out and "Optionen:" in out and "Diese Hilfe anzeigen" in out
    code, out = invoke("play", "--help", env={"LANG": "pl_PL.UTF-8"})
    assert code == 0 and "Użycie: ba play" in out and "Rozegraj jedną pełną grę" in out
    code, out = invoke("play", "--lang", "de", "--help")
    assert "Aufruf: ba play" in out


def test_help_in_english_after_another_language():
    """A run in Polish leaves nothing behind (click's words, the help texts)."""
    invoke("--lang", "pl", "cards", "--help")
    code, out = invoke("cards", "--help")
    assert code == 0 and out.startswith("Usage: ba cards")
    assert "Show this message and exit." in out and "Print cards and tiles" in out


def test_a_usage_error_is_in_the_language_asked_for():
    code, out = invoke("--lang", "pl", "play", "--players", "many")
    assert code == 2 and "Błąd:" in out and "Niepoprawna wartość" in out


def test_ba_lint_help_in_german():
    from blackangel.cli.lint import lint_command

    result = CliRunner().invoke(lint_command, ["--lang", "de", "--help"])
    assert result.exit_code == 0 and result.output.startswith("Aufruf:")


def test_the_group_passes_its_language_to_the_command():
    code, out = invoke("--lang", "pl", "cards", "m001")
    assert code == 0 and "karta misji" in out
    code, out = invoke("--lang", "pl", "cards", "--lang", "de", "m001")
    assert code == 0 and "Auftragskarte" in out  # the command's own --lang wins
    code, out = invoke("--lang", "xx", "cards", "m001")
    assert code == 2 and "no catalog for the language 'xx'" in out


# ---- the start page, ba docs, ba-lint --provenance ----------------------------------------------
def test_the_start_page_names_the_difficulty_levels_in_the_language():
    from blackangel.web import page

    levels = ["easy", "standard", "difficult", "extreme"]
    html = page.start_page(
        i18n.translator("pl"), ["en", "pl"], [1, 2], [], levels, "standard", "T", {}
    )
    assert '<option value="easy">łatwy</option>' in html
    assert '<option value="standard" selected>standardowy</option>' in html
    html = page.start_page(i18n.translator("en"), ["en"], [1, 2], [], levels, "standard", "T", {})
    assert '<option value="extreme">extreme</option>' in html


def test_ba_docs_reports_its_progress_in_the_language(tmp_path, monkeypatch):
    from blackangel.cli import docs

    monkeypatch.setattr(docs, "_require_sphinx", lambda: None)
    monkeypatch.setattr(docs, "_build", lambda *args: "")  # no Sphinx run: only the messages
    result = CliRunner().invoke(
        ba, ["--lang", "pl", "docs", "--lang", "de", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "tworzę kompendium zasad w języku: Deutsch (de)" in result.output
    assert f"zbudowano de w {tmp_path}/" in result.output
    result = CliRunner().invoke(ba, ["docs", "--lang", "de", "--out", str(tmp_path), "--force"])
    assert "building the reference in Deutsch (de)" in result.output


def test_ba_lint_provenance_gives_the_reasons_in_the_language():
    from blackangel.cli.lint import lint_command

    english = "second-player bonus exists but is not printed; one resource assumed"
    polish = i18n.translator("pl").pgettext("origin", english)
    assert polish != english
    result = CliRunner().invoke(lint_command, ["--lang", "pl", "--provenance"])
    assert polish in result.output and english not in result.output
    result = CliRunner().invoke(lint_command, ["--provenance"])
    assert english in result.output


# ---- ba report ---------------------------------------------------------------------------
def records():
    for seed in range(4):
        yield {
            "players": 2,
            "rulings": {"hal_costs": "always"},
            "variants": [],
            "content_hash": "abc",
            "winners": [seed % 2],
            "scores": [20 + seed, 21],
            "agents": ["greedy", "random"],
            "turns": 24 + seed,
            "ended_by": "spes",
            "seats": [{"played": ["m001"]}, {"took": ["t01#1"]}],
        }


def test_the_report_page_is_in_the_language():
    sets = [report.tally("a", records()), report.tally("b", records())]
    pl = report.page(sets, [], i18n.translator("pl"))
    assert "<h1>Raport balansu</h1>" in pl and "<html lang='pl'>" in pl
    assert "miejsce 1" in pl and "Zestaw 2 w porównaniu z zestawem 1" in pl
    assert "4 gry (2 gracze: 4)" in pl and "warianty: brak" in pl
    assert "seat" not in pl and "Balance report" not in pl
    en = report.page(sets, [])
    assert "<h1>Balance report</h1>" in en and "4 games (2 players: 4)" in en
    assert "win rate, seat 1" in en


def test_ba_report_takes_a_language(tmp_path):
    pytest.importorskip("matplotlib")
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in records()))
    out = tmp_path / "report"
    result = CliRunner().invoke(ba, ["report", str(results), "--out", str(out), "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Bericht geschrieben nach" in result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Balance-Bericht" in page and "Siegquote" in page
