"""Every text in English, Polish and German: the catalogs, card text with grammar, the
game in a language, the reference texts of the cards, and bad catalogs.

The reference texts are tests/cards/<lang>.txt (python tests/cards/regenerate.py).
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl import catalogs, i18n
from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.text import TextRenderer
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.narrate import seat_names, transcript
from blackangel.interpreter.program import build

ROOT = Path(__file__).resolve().parent.parent
CARDS = Path(__file__).resolve().parent / "cards"
LANGUAGES = ("en", "pl", "de")
TRANSLATED = ("pl", "de")


@pytest.fixture
def run():
    """Invoke a click command; (exit code, output with stderr)."""

    def invoke(command, *args):
        result = CliRunner().invoke(command, list(args))
        return result.exit_code, result.output

    return invoke


@pytest.fixture(scope="module")
def shipped():
    return compile_paths().ruleset


def renderer(ruleset, lang):
    return TextRenderer(ruleset.decls, ruleset.vocabulary, lang, ruleset.locales)


# ---- the catalogs ------------------------------------------------------------------------
def test_the_three_languages_are_shipped():
    assert i18n.available_languages() == ["en", "pl", "de"]
    for lang in LANGUAGES:
        assert (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "blackangel.po").is_file()
    assert i18n.TEMPLATE.is_file()
    assert not list(i18n.LOCALE_DIR.rglob("*.mo")), "catalogs are read as .po; no .mo is shipped"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_is_complete(lang):
    figures = catalogs.completeness(lang)
    assert figures.total > 500
    assert figures.translated == figures.total, f"{lang}: {figures}"


def test_lint_finds_nothing_wrong_with_the_shipped_catalogs():
    needed = {key: [] for key in catalogs.template_messages()}
    assert catalogs.check(needed) == []


def _extract(tmp_path: Path) -> Path:
    """The template as the documented command would extract it now, from the checkout."""
    from babel.messages.frontend import CommandLineInterface

    out = tmp_path / "fresh.pot"
    here = Path.cwd()
    try:
        import os

        os.chdir(ROOT)
        CommandLineInterface().run(
            ["pybabel", "-q", "extract", "-F", "pyproject.toml", "-o", str(out), "."]
        )
    finally:
        os.chdir(here)
    return out


def _keys(path: Path) -> set:
    with path.open("rb") as handle:
        return {catalogs.key_of(m) for m in read_po(handle) if m.id}


def test_the_template_is_up_to_date(tmp_path):
    """Messages added or changed in code or content are in locales/blackangel.pot (if this
    fails: python -m blackangel.dsl.catalogs, then translate what is new)."""
    fresh = _keys(_extract(tmp_path))
    committed = _keys(i18n.TEMPLATE)
    assert fresh - committed == set(), "not in the template"
    assert committed - fresh == set(), "in the template but no longer used"


def test_the_extractors_are_registered_for_babel():
    from importlib.metadata import entry_points

    names = {ep.name: ep.value for ep in entry_points(group="babel.extractors")}
    assert names["ba"] == "blackangel.dsl.extract:extract_ba"
    assert names["ba_vocabulary"] == "blackangel.dsl.extract:extract_vocabulary"


def test_the_ba_extractor_reads_words_rulings_and_translator_comments(tmp_path):
    from babel.messages.extract import extract

    source = textwrap.dedent(
        """\
        # TRANSLATORS: a gem, counted
        component crystal {
          noun "crystal" "crystals"
          stock
        }
        ruling shine {
          help "How much a crystal shines."
          default dull
          option dull "not at all"
          option bright "very"
        }
        """
    ).encode()
    import io

    messages = list(
        extract(
            "blackangel.dsl.extract:extract_ba",
            io.BytesIO(source),
            comment_tags=("TRANSLATORS:",),
        )
    )
    by_context: dict = {}
    for _line, message, comments, context in messages:
        by_context.setdefault(context, []).append((message, comments))
    assert by_context["component"][0][0] == ("crystal", "crystals")
    assert "TRANSLATORS: a gem, counted" in by_context["component"][0][1]
    assert ("crystal", "crystals") in [m for m, _ in by_context["take.item"]]
    assert by_context["ruling shine"][0][0] == "How much a crystal shines."
    assert by_context["ruling shine bright"][0][0] == "very"


# ---- card text ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_match_their_reference_text(lang, run):
    code, out = run(ba, "--color", "never", "cards", "--lang", lang)
    assert code == 0
    expected = (CARDS / f"{lang}.txt").read_text(encoding="utf-8")
    assert out == expected, f"run python tests/cards/regenerate.py and review the diff ({lang})"


def _english_words() -> set[str]:
    """Words of the English msgids that no translation uses (so "Black Angel", "Spes" or
    "m001" do not count as English)."""
    words: set[str] = set()
    used: set[str] = set()
    with i18n.TEMPLATE.open("rb") as handle:
        for message in read_po(handle):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for text in ids:
                words |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", text or "")))
    for lang in TRANSLATED:
        path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "blackangel.po"
        with path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                strs = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strs:
                    used |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text or "")}
    return {w.lower() for w in words} - used


@pytest.fixture(scope="module")
def english_words():
    return _english_words()


def _english_left(text: str, english: set[str]) -> list[str]:
    ids = re.compile(r"\b(?:[a-z]+_\w+|[a-z]{1,3}\d+|st\d/\d|[0-9a-f]{16})\b")
    return sorted(
        {w for w in re.findall(r"[A-Za-z]{3,}", ids.sub("", text)) if w.lower() in english}
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_left_on_the_cards(lang, run, english_words):
    code, out = run(ba, "--color", "never", "cards", "--lang", lang)
    assert code == 0 and _english_left(out, english_words) == []


def _card(tmp_path, effect: str, lang: str, kind: str = "activation") -> str:
    mod = tmp_path / "mod.ba"
    mod.write_text(
        "mission m999 {\n  color green\n  reward 1 ship\n  reveals green\n"
        f"  {kind}: {effect}\n}}\n"
    )
    result = compile_paths([mod], on_base=True)
    assert not result.errors, result.errors
    (line,) = renderer(result.ruleset, lang).card_lines(result.ruleset.by_id["m999"])
    return line.split(": ", 1)[1]


@pytest.mark.parametrize(
    "amount, ships, robots",
    [
        (1, "1 statek", "1 robota"),
        (2, "2 statki", "2 roboty"),
        (5, "5 statków", "5 robotów"),
        (12, "12 statków", "12 robotów"),
        (22, "22 statki", "22 roboty"),
        (25, "25 statków", "25 robotów"),
    ],
)
def test_polish_numbers_agree_in_three_forms(tmp_path, amount, ships, robots):
    text = _card(tmp_path, f"take {amount} ship, take {amount} robot", "pl")
    assert text == f"Weź {ships} z puli zasobów i weź {robots} z puli zasobów."


@pytest.mark.parametrize("amount, ships", [(1, "1 Schiff"), (2, "2 Schiffe"), (22, "22 Schiffe")])
def test_german_numbers_agree_in_two_forms(tmp_path, amount, ships):
    assert _card(tmp_path, f"take {amount} ship", "de") == f"Nimm {ships} aus dem Vorrat."


def _boost(tmp_path, effect: str, lang: str) -> str:
    """The boost side of a technology tile (where set_die_value has a die to act on)."""
    mod = tmp_path / "tile.ba"
    mod.write_text(f"tech t_mod {{\n  color gray\n  standard: gain 1 vp\n  boost: {effect}\n}}\n")
    result = compile_paths([mod], on_base=True)
    assert not result.errors, result.errors
    _standard, boost = renderer(result.ruleset, lang).card_lines(result.ruleset.by_id["t_mod"])
    return boost.split(": ", 1)[1]


def test_a_word_takes_the_form_its_slot_needs(tmp_path):
    """The same colour is "szarą" after "ustaw jedną" and "szarej" after "nieuszkodzonej"
    (Polish), "grauen" after "einen" and "graue" after "jede" (German)."""
    assert "ustaw jedną szarą kość" in _boost(tmp_path, "set_die_value gray 3", "pl").lower()
    assert "nieuszkodzonej szarej kości" in _card(tmp_path, "damage_die gray", "pl")
    assert "einen grauen Würfel" in _boost(tmp_path, "set_die_value gray 3", "de")
    assert "für jede graue Auftragskarte" in _card(
        tmp_path, "gain 1 vp per missions_in_space gray", "de"
    )


def test_a_new_card_is_written_in_every_language(tmp_path):
    effect = "optional (spend 2 debris -> gain 4 vp) otherwise lose 1 vp"
    assert _card(tmp_path, effect, "en") == (
        "You may spend 2 debris from your storage to gain 4 VP; if you cannot, lose 1 VP."
    )
    assert _card(tmp_path, effect, "pl") == (
        "Jeśli chcesz, wydaj 2 znaczniki szczątków ze swojego magazynu, a w zamian zdobądź "
        "4 PZ; jeśli nie możesz, strać 1 PZ."
    )
    assert _card(tmp_path, effect, "de") == (
        "Wenn du willst, gib 2 Schrottmarker aus deinem Lager ab, dafür erhalte 4 SP; wenn du "
        "das nicht kannst, verliere 1 SP."
    )


def test_lists_are_written_as_each_language_writes_them(tmp_path):
    effect = "take 1 ship or take 1 robot or take 1 resource"
    assert _card(tmp_path, effect, "en").count(", or ") == 1
    assert " lub weź 1 surowiec" in _card(tmp_path, effect, "pl")
    assert " oder nimm 1 Ressource" in _card(tmp_path, effect, "de")
    assert i18n.translator("pl").join(["a", "b", "c"]) == "a, b i c"
    assert i18n.translator("de").join(["a", "b", "c"]) == "a, b und c"


def test_numbers_are_written_per_language():
    assert i18n.translator("de").decimal(12.5, 1) == "12,5"
    assert i18n.translator("pl").decimal(12.5, 1) == "12,5"
    assert i18n.translator("en").decimal(12.5, 1) == "12.5"
    assert i18n.translator("de").number(12345) == "12.345"
    assert i18n.translator("pl").number(1234) == "1234"


# ---- the game in a language ---------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_game_is_logged_in_the_language(lang, english_words):
    data = build(compile_paths().ruleset, lang)
    engine = play(Engine.new_game(data, 3, 1), [RandomAgent(i) for i in range(3)])
    text = transcript(engine, seat_names(engine, ["random"] * 3))
    assert _english_left(text, english_words) == []
    assert text.count("\n") > 100


def test_ba_play_in_german(run):
    code, out = run(ba, "play", "--seed", "1", "--lang", "de")
    assert code == 0
    assert out.startswith("Black Angel, 3 Spieler, Seed 1")
    assert "Spielaufbau abgeschlossen" in out and "Sieger: " in out
    assert "S1 (gierig): Sequenz " in out


def test_the_language_does_not_change_the_game():
    ruleset = compile_paths().ruleset
    games = {}
    for lang in LANGUAGES:
        engine = play(Engine.new_game(build(ruleset, lang), 2, 7), [RandomAgent(1), RandomAgent(2)])
        games[lang] = [(e.get("option"), e["event"]) for e in engine.state["log"]]
    assert games["en"] == games["pl"] == games["de"]


def test_option_labels_are_in_the_language():
    data = build(compile_paths().ruleset, "pl")
    engine = Engine.new_game(data, 3, 1)
    decision = engine.decision()
    assert decision is not None
    assert decision.prompt.startswith("Zrobić to?") or decision.prompt[0].isupper()
    assert all(not o.label.startswith(("yes:", "skip:")) for o in decision.options)


def test_rulings_and_language_reference_in_polish(run):
    code, out = run(ba, "rulings", "--lang", "pl")
    assert code == 0 and "Czy utrata PZ może obniżyć wynik poniżej 0" in out
    assert "[domyślna]" in out
    code, out = run(ba, "language", "--lang", "de")
    assert code == 0 and "Nimm" not in out and "Gegenstände aus dem Vorrat nehmen." in out


# ---- choosing a language -------------------------------------------------------------------
def test_lang_without_a_catalog_is_a_usage_error(run):
    for command in (["cards", "m001"], ["play"], ["rulings"], ["language"], ["simulate"]):
        code, out = run(ba, *command, "--lang", "xx")
        assert code == 2, command
        assert "no catalog for the language 'xx'; languages: en, pl, de" in out


@pytest.mark.parametrize(
    "environ, expected",
    [
        ({}, "en"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LC_MESSAGES": "de_AT"}, "de"),
        ({"LANGUAGE": "fr:de", "LANG": "fr_FR"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_default_language_comes_from_the_environment(environ, expected):
    assert i18n.default_language(environ=environ) == expected


def test_ba_cards_follows_the_environment(run, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out = run(ba, "cards", "m001")
    assert code == 0 and "Nimm 2 Schiffe aus dem Vorrat." in out


# ---- bad catalogs and mods -------------------------------------------------------------------
def _mod_with_catalog(tmp_path: Path, po_body: str, lang: str = "pl") -> Path:
    mod = tmp_path / "mod"
    folder = mod / "locales" / lang / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (mod / "mod.ba").write_text(
        'component crystal {\n  noun "crystal" "crystals"\n  stock\n  unlimited\n}\n'
        "mission m999 {\n  color green\n  reward 1 ship\n  reveals green\n"
        "  activation: take 2 crystal\n}\n"
    )
    header = (
        'msgid ""\nmsgstr ""\n"Language: pl\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    )
    (folder / "mod.po").write_text(header + textwrap.dedent(po_body), encoding="utf-8")
    return mod


def test_a_mod_catalog_layers_over_the_shipped_one(tmp_path):
    mod = _mod_with_catalog(
        tmp_path,
        """\
        msgctxt "take.item"
        msgid "crystal"
        msgid_plural "crystals"
        msgstr[0] "kryształ"
        msgstr[1] "kryształy"
        msgstr[2] "kryształów"

        msgid "Each time it is activated: {effect}"
        msgstr "Za każdym razem: {effect}"
        """,
    )
    result = compile_paths([mod], on_base=True)
    assert result.ruleset is not None and result.ruleset.locales
    text = renderer(result.ruleset, "pl")
    assert text.card_lines(result.ruleset.by_id["m999"]) == [
        "Za każdym razem: Weź 2 kryształy z puli zasobów."
    ]
    # the shipped translations are still there for everything else
    assert text.card_lines(result.ruleset.by_id["m001"]) == [
        "Za każdym razem: Weź 2 statki z puli zasobów."
    ]


def test_a_broken_translation_falls_back_to_english_and_is_reported(tmp_path):
    mod = _mod_with_catalog(
        tmp_path,
        """\
        msgid "take {amount} {item} from the general supply"
        msgstr "weź {ilosc} {item}"

        msgctxt "take.item"
        msgid "crystal"
        msgid_plural "crystals"
        msgstr[0] "kryształ"
        msgstr[1] "kryształy"

        msgid "Each time it is activated: {effect}"
        msgstr "Za każdym razem: {effect"

        #, fuzzy
        msgid "yes"
        msgstr "tak"

        msgid "a message nobody uses"
        msgstr "nic"
        """,
    )
    result = compile_paths([mod], on_base=True)
    text = renderer(result.ruleset, "pl")
    (line,) = text.card_lines(result.ruleset.by_id["m999"])
    # the broken template, the short plural and the broken frame are not used (the shipped
    # translations stay, the noun is English): no crash
    assert line == "Przy każdej aktywacji: Weź 2 crystals z puli zasobów."
    needed = {key: [] for key in catalogs.template_messages()}
    needed[("take.item", "crystal")] = [("mod/mod.ba", 1)]
    diags = catalogs.check(needed, [mod / "locales"], ["pl"])
    codes = sorted(d.code for d in diags)
    assert codes.count("E504") == 2 and codes.count("E505") == 1
    assert "W502" in codes and "W503" in codes
    in_catalog = [d for d in diags if d.code != "W501"]
    assert all(d.span is not None and d.span.file.endswith("mod.po") for d in in_catalog)
    assert all(d.span.line > 1 for d in in_catalog)
    # a translation that cannot be used counts as missing, reported where it is used
    assert [
        (d.span.file, d.span.line) for d in diags if "crystal" in d.message and d.code == "W501"
    ] == [("mod/mod.ba", 1)]


def test_an_unreadable_catalog_is_a_diagnostic_not_a_crash(tmp_path):
    mod = tmp_path / "mod"
    folder = mod / "locales" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "broken.po").write_bytes(b'msgid "x\nmsgstr \xff\xfe "y"\n')
    assert i18n.translator("de", (str(mod / "locales"),)).gettext("yes") == "ja"
    codes = [d.code for d in catalogs.check({}, [mod / "locales"], ["de"])]
    assert codes == ["E506"]


def test_missing_messages_are_reported_with_where_they_are_used(tmp_path):
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locales")
    po = tmp_path / "locales" / "de" / "LC_MESSAGES" / "blackangel.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    catalog.delete("yes")
    from babel.messages.pofile import write_po

    with po.open("wb") as handle:
        write_po(handle, catalog)
    needed = {key: [] for key in catalogs.template_messages()}
    needed[(None, "yes")] = [("dsl/text.py", 40)]
    diags = catalogs.check(needed, [tmp_path / "locales"], ["de"])
    assert [(d.code, d.span.file, d.span.line) for d in diags] == [("W501", "dsl/text.py", 40)]


def test_ba_lint_checks_the_catalogs_of_a_mod(tmp_path, run):
    from blackangel.cli.lint import lint_command

    mod = _mod_with_catalog(
        tmp_path,
        """\
        msgctxt "take.item"
        msgid "crystal"
        msgid_plural "crystals"
        msgstr[0] "kryształ"
        msgstr[1] "kryształy"
        """,
    )
    code, out = run(lint_command, "--base", str(mod))
    assert code == 1
    assert re.search(r"mod\.po:\d+:1: error E505 catalog pl: 'crystal' \(take\.item\)", out)
    assert "warning W501 no pl translation of 'crystal' (component); English is shown" in out
    assert "hint: translate it in the mod's catalog" in out
    # the mod has no German catalog: no warning per message, one note
    assert "W501 no de translation" not in out
    assert re.search(r"note: \d+ messages of these rules have no de translation", out)
    code, out = run(lint_command, "--json")
    assert code == 0 and '"W501"' not in out


def test_ba_lint_speaks_the_language(tmp_path, run):
    from blackangel.cli.lint import lint_command

    bad = tmp_path / "bad.ba"
    bad.write_text(
        "mission m900 {\n  color orang\n  reward 1 vp\n  reveals orange\n"
        "  activation: tak 1 ship\n}\n"
    )
    code, out = run(lint_command, "--lang", "de", "--base", str(bad))
    assert code == 1
    assert "Fehler E104 mission.color: unbekannter Wert (Farbe): 'orang'" in out
    assert "Tipp: meintest du 'orange'?" in out
    assert "Fehler E103 unbekannter Grundbaustein 'tak'" in out
    assert out.rstrip().endswith("2 Fehler, 1 Warnung")
    code, out = run(lint_command, "--lang", "pl", "--base", str(bad))
    assert "błąd E103 nieznany prymityw 'tak'" in out and "czy chodziło o 'take'?" in out
    assert "błąd E104 mission.color: nieznana wartość (kolor): 'orang'" in out  # the type too
    assert out.rstrip().endswith("2 błędy, 1 ostrzeżenie")
    code, out = run(lint_command, "--lang", "en", "--base", str(bad))
    assert "error E103 unknown primitive 'tak'" in out and "did you mean 'take'?" in out
    assert "error E104 mission.color: unknown color 'orang'" in out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_lint_code_is_explained_in_the_language(lang):
    from blackangel.dsl.diagnostics import CODES

    tr = i18n.translator(lang)
    for _severity, meaning in CODES.values():
        assert tr.gettext(meaning) != meaning
