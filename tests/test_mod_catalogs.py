"""`ba catalogs --rules MOD`: a mod's own catalogs extracted, merged and checked
(dsl/mod_catalogs.py, cli/catalogs.py), and what ba-lint and ba docs say of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl import catalogs, i18n
from blackangel.dsl.mod_catalogs import untranslated

MOD = """\
mission m061 {
  color green
  reward 1 ship  @reconstructed "a card of this mod: its reward is the mod's choice"
  reveals green
  activation: take 2 robot, emit beacon_lit
}
component mission {
  noun "Mission card" "Mission cards"
  count 61
  declared_by mission
}
event beacon_lit {
  help "the beacon of mission m061 is lit"
}
trigger beacon_bonus {
  on beacon_lit
  effect: gain 1 vp
}
"""
REASON = ("origin", "a card of this mod: its reward is the mod's choice")
HELP = ("event beacon_lit", "the beacon of mission m061 is lit")


@pytest.fixture
def run():
    """Invoke a click command; (exit code, output with stderr)."""

    def invoke(command, *args):
        result = CliRunner().invoke(command, list(args), catch_exceptions=False)
        return result.exit_code, result.output

    return invoke


@pytest.fixture
def mod(tmp_path) -> Path:
    folder = tmp_path / "mymod"
    folder.mkdir()
    (folder / "cards.ba").write_text(MOD, encoding="utf-8")
    return folder


def po(mod: Path, lang: str) -> Path:
    return mod / "locales" / lang / "LC_MESSAGES" / "mymod.po"


def entries(path: Path, lang: str) -> dict:
    with path.open("rb") as handle:
        return {(m.context, m.id): m.string for m in read_po(handle, locale=lang) if m.id}


def translate(path: Path, lang: str, strings: dict) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    for message in catalog:
        if (message.context, message.id) in strings:
            message.string = strings[(message.context, message.id)]
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_it_creates_the_template_and_a_catalog_per_language(run, mod):
    code, out = run(ba, "catalogs", "--rules", str(mod))
    assert code == 0, out
    assert (mod / "locales" / "mymod.pot").is_file()
    for lang in ("pl", "de"):
        assert entries(po(mod, lang), lang) == {REASON: "", HELP: ""}
        assert f"{lang}: 0 of 2 translated, 2 untranslated, 0 fuzzy" in out
    # the shipped messages (the card's text, "Mission card") are not the mod's to translate
    assert "Mission card" not in (mod / "locales" / "mymod.pot").read_text(encoding="utf-8")
    code, out = run(ba, "catalogs", "--rules", str(mod), "--check")
    assert code == 1 and "not complete" in out


def test_merging_keeps_translations_and_follows_the_mod(run, mod):
    assert run(ba, "catalogs", "--rules", str(mod), "--lang", "pl")[0] == 0
    assert not po(mod, "de").exists()  # only the language asked for
    translate(po(mod, "pl"), "pl", {REASON: "karta tego moda: nagrodę wybrał mod"})
    # the mod changes: the event's help is new, the reason stays
    changed = MOD.replace("the beacon of mission m061 is lit", "the beacon is lit")
    (mod / "cards.ba").write_text(changed, encoding="utf-8")
    code, out = run(ba, "catalogs", "--rules", str(mod))  # pl (kept) and de (new)
    assert code == 0, out
    assert entries(po(mod, "pl"), "pl") == {
        REASON: "karta tego moda: nagrodę wybrał mod",
        ("event beacon_lit", "the beacon is lit"): "",
    }
    assert "pl: 1 of 2 translated, 1 untranslated" in out
    assert i18n.read_messages("pl", (str(mod / "locales"),))[REASON] == (
        "karta tego moda: nagrodę wybrał mod",
    )


def test_a_complete_mod_passes_the_check_and_nothing_is_rewritten(run, mod):
    assert run(ba, "catalogs", "--rules", str(mod))[0] == 0
    translate(po(mod, "pl"), "pl", {REASON: "karta moda", HELP: "latarnia płonie"})
    translate(po(mod, "de"), "de", {REASON: "eine Karte der Mod", HELP: "das Leuchtfeuer brennt"})
    assert run(ba, "catalogs", "--rules", str(mod))[0] == 0  # normalises the files
    before = {lang: po(mod, lang).read_bytes() for lang in ("pl", "de")}
    code, out = run(ba, "catalogs", "--rules", str(mod), "--check", "--json")
    assert code == 0, out
    summary = json.loads(out)
    assert summary["messages"] == 2 and summary["template_current"]
    assert [(f["lang"], f["translated"], f["current"]) for f in summary["languages"]] == [
        ("pl", 2, True),
        ("de", 2, True),
    ]
    assert {lang: po(mod, lang).read_bytes() for lang in ("pl", "de")} == before
    assert untranslated([mod], "pl") == []
    from blackangel.cli.lint import lint_command

    code, out = run(lint_command, "--base", str(mod), "--provenance", "--lang", "pl")
    assert code == 0 and "odtworzone: karta moda" in out  # the mod's catalog is read


def test_wrong_placeholders_and_fuzzy_entries_are_counted(run, mod):
    (mod / "cards.ba").write_text(
        MOD.replace("the beacon of mission m061 is lit", "{count} beacons are lit"),
        encoding="utf-8",
    )
    assert run(ba, "catalogs", "--rules", str(mod), "--lang", "pl")[0] == 0
    path = po(mod, "pl")
    translate(path, "pl", {("event beacon_lit", "{count} beacons are lit"): "{liczba} latarni"})
    text = path.read_text(encoding="utf-8").replace(
        'msgctxt "origin"', '#, fuzzy\nmsgctxt "origin"'
    )
    path.write_text(text.replace('msgstr ""\n\n', 'msgstr "zgadnięte"\n\n', 1), encoding="utf-8")
    translate(path, "pl", {REASON: "zgadnięte"})
    code, out = run(ba, "catalogs", "--rules", str(mod), "--lang", "pl", "--json", "--check")
    (figures,) = json.loads(out)["languages"]
    assert code == 1
    assert (figures["translated"], figures["fuzzy"], figures["wrong"]) == (0, 1, 1)
    assert {p["code"] for p in figures["problems"]} == {"W502", "E504"}


def test_a_mod_with_no_texts_of_its_own_gets_no_catalog(run, tmp_path):
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "m.ba").write_text(MOD.split("event")[0].replace("  @reconstructed", "  #"))
    code, out = run(ba, "catalogs", "--rules", str(folder))
    assert code == 0 and "nothing to translate" in out
    assert not (folder / "locales").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ([], "give the mod's rules with --rules MOD, or a game with --game NAME"),
        (["--rules", "{mod}", "--game", "dice_race"], "give --rules or --game, not both"),
        (["--game", "dice_rac"], "did you mean 'dice_race'?"),
        (["--rules", "no/such/folder"], "no such file or directory"),
        (["--rules", "{mod}", "--lang", "en"], "English is the language of the texts"),
        (["--rules", "{mod}", "--lang", "x!"], "'x!' is not a language code"),
    ],
)
def test_bad_usage_is_a_usage_error(run, mod, args, said):
    code, out = run(ba, "catalogs", *[a.format(mod=mod) for a in args])
    assert code == 2 and said in out and "Traceback" not in out
    assert not (mod / "locales").exists()


def test_an_unreadable_catalog_is_left_as_it_is(run, mod):
    broken = po(mod, "pl")
    broken.parent.mkdir(parents=True)
    broken.write_bytes(b'msgid "x\nmsgstr \xff "y"\n')
    code, out = run(ba, "catalogs", "--rules", str(mod), "--lang", "pl")
    assert code == 2 and "cannot be read, so it is left as it is" in out
    assert broken.read_bytes() == b'msgid "x\nmsgstr \xff "y"\n'


def test_lint_names_the_command_for_a_mods_catalog(run, mod):
    from blackangel.cli.lint import lint_command

    code, out = run(lint_command, "--base", str(mod))
    assert "ba catalogs --rules" in out and "--lang pl` makes one to translate" in out
    assert run(ba, "catalogs", "--rules", str(mod), "--lang", "pl")[0] == 0
    with po(mod, "pl").open("a", encoding="utf-8") as handle:
        handle.write('\nmsgid "a text the mod dropped"\nmsgstr "stary tekst"\n')
    code, out = run(lint_command, "--base", str(mod))
    assert "W503 catalog pl: 'a text the mod dropped' is no longer used" in out
    assert f"hint: remove it, or run ba catalogs --rules {mod}" in out.replace("\n    ", " ")
    assert "(made and updated by ba catalogs --rules" in out
    # the shipped catalogs keep naming the command that regenerates them
    shipped = [d.hint for d in catalogs.check({}, [i18n.LOCALE_DIR], ["pl"])[:1]]
    assert shipped == ["remove it, or run python -m blackangel.dsl.catalogs"]


def test_untranslated_texts_are_those_no_catalog_gives(run, mod):
    assert sorted(untranslated([mod], "pl")) == sorted([REASON, HELP])
    assert untranslated([mod], "en") == []
    assert run(ba, "catalogs", "--rules", str(mod), "--lang", "pl")[0] == 0
    translate(po(mod, "pl"), "pl", {HELP: "latarnia płonie"})
    assert untranslated([mod], "pl") == [REASON]


def test_a_game_in_several_files_is_read_with_the_words_of_the_module_it_names():
    """Bossin' Space declares its game module (`rules_only`) in game.ba only: the other
    files' messages are those of that module's places (a selector in `hit`), not Black
    Angel's."""
    from blackangel.dsl.mod_catalogs import mod_template

    folder = Path(__file__).resolve().parent.parent / "games" / "bossin_space"
    keys = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in mod_template([folder])}
    assert ("hit.selector", "the nearest enemy in the ship's column") in keys
    assert not any(context and context.startswith("HAL_") for context, _ in keys)
