"""The rules reference (`ba docs`, docs/reference/ and the Sphinx extension in
docs/sphinxext/) and the `.ba` lexer (dsl/highlight.py)."""

from __future__ import annotations

import html
import io
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from pygments import lex
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error

from blackangel.cli.main import ba
from blackangel.docs.sphinxext.domain import anchor
from blackangel.dsl.cases import examples
from blackangel.dsl.compiler import compile_paths, load_shipped
from blackangel.dsl.diagnostics import CATALOG_CODES, CODES
from blackangel.dsl.highlight import BlackAngelLexer
from blackangel.dsl.text import TextRenderer

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "content").glob("*.ba")) + sorted((ROOT / "examples").rglob("*.ba"))


# ---- the lexer ---------------------------------------------------------------------------
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_rules_file_lexes_without_errors(path):
    text = path.read_text(encoding="utf-8")
    tokens = list(lex(text, BlackAngelLexer()))
    assert [value for token, value in tokens if token is Error] == []
    assert "".join(value for _, value in tokens) == text


def test_the_lexer_tells_keywords_primitives_and_connectors_apart():
    text = "mission m005 {\n  activation: spend 1 ship -> gain 2 vp or optional take 1 robot\n}\n"
    kinds = {value: str(token) for token, value in lex(text, BlackAngelLexer()) if value.strip()}
    assert kinds["mission"] == "Token.Keyword"
    assert kinds["activation"] == "Token.Keyword"
    assert kinds["spend"] == kinds["gain"] == kinds["take"] == "Token.Name.Function"
    assert kinds["->"] == "Token.Operator"
    assert kinds["or"] == kinds["optional"] == "Token.Operator.Word"
    assert kinds["ship"] == "Token.Name.Constant"


def test_an_effect_continued_on_the_next_line_stays_an_effect():
    text = "tech t {\n  standard: take 1 ship,\n    gain 1 vp\n}\n"
    kinds = {value: str(token) for token, value in lex(text, BlackAngelLexer()) if value.strip()}
    assert kinds["gain"] == "Token.Name.Function"


@pytest.mark.parametrize(
    "text", ["pay 1 boost -> gain 3 position", "at_least 3 boost -> gain 1 position"]
)
def test_an_effect_shown_on_its_own_lexes_as_an_effect(text):
    """The reference shows a primitive's example as a bare effect (no field before it)."""
    tokens = [(str(token), value) for token, value in lex(text, BlackAngelLexer())]
    assert ("Token.Error", "-") not in tokens
    assert ("Token.Operator", "->") in tokens and ("Token.Name.Function", "gain") in tokens


def test_pygments_finds_the_lexer_through_its_entry_point():
    assert isinstance(get_lexer_by_name("ba"), BlackAngelLexer)
    assert isinstance(get_lexer_for_filename("missions.ba"), BlackAngelLexer)


# ---- building the reference ------------------------------------------------------------
def build(tmp: Path, *args: str):
    return CliRunner().invoke(ba, ["docs", "--json", "--out", str(tmp), *args])


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)


def ids_in(site: Path) -> set[str]:
    parser = _Ids()
    for page in site.rglob("*.html"):
        parser.feed(page.read_text(encoding="utf-8"))
    return parser.ids


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The reference in every language, built once for the module."""
    out = tmp_path_factory.mktemp("site")
    result = build(out)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["languages"] == ["en", "pl", "de"]
    return out


@pytest.fixture(scope="module")
def english(site) -> Path:
    """The English site."""
    return site / "en"


@pytest.mark.slow
def test_every_card_primitive_ruling_and_code_has_its_entry(english):
    ids = ids_in(english)
    ruleset = load_shipped()
    cards = [d.id for d in ruleset.decls if d.spec.card]
    expected = [("card", c) for c in cards]
    expected += [("primitive", p) for p in ruleset.vocabulary.primitives]
    expected += [("kind", k) for k in ruleset.vocabulary.kinds]
    expected += [("ruling", r.id) for r in ruleset.of_kind("ruling")]
    expected += [("code", c) for c in CODES]
    expected += [("command", c) for c in ("ba", "ba play", "ba docs", "ba-lint")]
    missing = [(kind, name) for kind, name in expected if anchor(kind, name) not in ids]
    assert missing == []


@pytest.mark.slow
def test_a_card_page_shows_the_generated_text_and_links_its_primitives(english):
    page = (english / "components" / "missions.html").read_text(encoding="utf-8")
    ruleset = load_shipped()
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, "en")
    m005 = ruleset.by_id["m005"]
    for line in text.card_lines(m005):
        assert line in page
    card = page[page.index(f'id="{anchor("card", "m005")}"') :]
    card = card[: card.index(f'id="{anchor("card", "m006")}"')]
    assert "language/primitives.html#primitive-spend" in card
    assert "reconstructed" in card


@pytest.mark.slow
def test_a_primitive_lists_the_cards_that_use_it(english):
    page = (english / "language" / "primitives.html").read_text(encoding="utf-8")
    entry = page[page.index(f'id="{anchor("primitive", "spend_tech")}"') :]
    entry = entry[: entry.index('id="primitive-', 10)]
    assert f'components/missions.html#{anchor("card", "m007")}"' in entry


@pytest.mark.slow
def test_numbers_in_the_prose_come_from_the_rules(english):
    page = (english / "game" / "turn.html").read_text(encoding="utf-8")
    hand_limit = load_shipped().single("game").value("hand_limit")
    assert re.search(rf'<span class="ba-value">{hand_limit}</span>\s+mission cards', page)


@pytest.mark.slow
def test_each_lint_code_shows_what_ba_lint_reports_for_its_example(english):
    page = (english / "language" / "lint-codes.html").read_text(encoding="utf-8")
    for code in CODES:
        entry = page[page.index(f'id="{anchor("code", code)}"') :]
        if code in CATALOG_CODES:  # about a .po file: no rules example
            assert "Reported for a language" in entry[:3000], code
            continue
        assert f" {code} " in entry[entry.index("Reported:") :][:3000], code
    assert set(examples()) == set(CODES) - set(CATALOG_CODES)


@pytest.mark.slow
def test_the_diagrams_are_drawn(english):
    setup = (english / "game" / "setup.html").read_text(encoding="utf-8")
    assert setup.count('<svg class="ba-diagram"') == 1 and "<polygon" in setup  # grid, arrows
    strips = (english / "components" / "strips.html").read_text(encoding="utf-8")
    assert strips.count('<svg class="ba-diagram"') == len(load_shipped().of_kind("strip"))


@pytest.mark.slow
def test_the_index_page_links_each_built_language(site, tmp_path):
    index = (site / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{lang}/index.html"' in index for lang in ("en", "pl", "de"))
    assert build(tmp_path, "--lang", "de").exit_code == 0
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'href="de/index.html"' in index and 'href="en/index.html"' not in index


# ---- Polish and German -------------------------------------------------------------------
class _Prose(HTMLParser):
    """The text of a page's prose blocks (paragraphs, list items, table cells, titles),
    without code, navigation or the page frame."""

    BLOCKS = {"p", "li", "td", "th", "dd", "dt", "h1", "h2", "h3"}
    SKIPPED = {"pre", "code", "script", "style", "nav", "footer", "header", "aside"}

    def __init__(self):
        super().__init__()
        self.blocks: list[str] = []
        self.open: list[list[str]] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIPPED:
            self.skipping += 1
        elif tag in self.BLOCKS:
            self.open.append([])

    def handle_endtag(self, tag):
        if tag in self.SKIPPED:
            self.skipping -= 1
        elif tag in self.BLOCKS and self.open:
            text = " ".join("".join(self.open.pop()).split())
            if text:
                self.blocks.append(text)

    def handle_data(self, data):
        if not self.skipping and self.open:
            self.open[-1].append(data)


def prose(page: Path) -> set[str]:
    parser = _Prose()
    parser.feed(page.read_text(encoding="utf-8"))
    return set(parser.blocks)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl", "de"])
def test_no_english_prose_is_left_in_polish_and_german(site, lang):
    """Every sentence of the English reference (four words or more) reads differently in
    Polish and German: the prose comes from the reference's catalogs, the rest (cards,
    rulings, help texts, commands, lint codes) from the game's."""
    left = {}
    for page in sorted((site / "en").rglob("*.html")):
        relative = page.relative_to(site / "en")
        if relative.parts[0].startswith("_") or relative.name in ("genindex.html", "search.html"):
            continue
        if relative.parts[0] == "guides" or relative.name == "glossary.html":
            continue  # guides: English only (docs/catalogs.py); the glossary: all three
        english_blocks = {b for b in prose(page) if len(re.findall(r"[A-Za-z]{2,}", b)) >= 4}
        same = sorted(english_blocks & prose(site / lang / relative))
        if same:
            left[str(relative)] = same[:3]
    assert left == {}


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl", "de"])
def test_cards_read_in_the_language_of_the_page(site, lang):
    page = (site / lang / "components" / "missions.html").read_text(encoding="utf-8")
    ruleset = load_shipped()
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, lang)
    for line in text.card_lines(ruleset.by_id["m005"]):
        assert html.escape(line, quote=False) in page


# ---- a mod gets its own reference -------------------------------------------------------
MOD = """\
mission m061 {
  color green
  reward 1 ship
  reveals green
  activation: take 2 robot, gain 1 vp
}
mission m062 {
  color orange
  reward 1 vp
  reveals orange gray
  activation: spend 1 debris -> gain 3 vp
}
component mission {
  noun "Mission card" "Mission cards"
  count 62
  declared_by mission
}
"""


@pytest.mark.slow
def test_a_mod_of_two_cards_gets_them_rendered(tmp_path):
    mod = tmp_path / "mod.ba"
    mod.write_text(MOD, encoding="utf-8")
    result = build(tmp_path / "site", "--lang", "en", "--rules", str(mod), "--base")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "en" / "components" / "missions.html").read_text(encoding="utf-8")
    ruleset = compile_paths([mod], on_base=True).ruleset
    assert ruleset is not None
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, "en")
    for card in ("m061", "m062"):
        assert f'id="{anchor("card", card)}"' in page
        for line in text.card_lines(ruleset.by_id[card]):
            assert line in page
    # a mod's card says its values are the mod's, not printed in the rulebooks
    m061 = page[page.index(f'id="{anchor("card", "m061")}"') :]
    m061 = m061[: m061.index(f'id="{anchor("card", "m062")}"')]
    assert "Every value comes from the mod, not from the rulebooks." in m061
    assert "Every value is printed" not in m061


@pytest.mark.slow
def test_every_event_of_the_game_has_its_entry_with_help_and_moments(english):
    page = (english / "language" / "declarations.html").read_text(encoding="utf-8")
    page = page.replace("\u2019", "'")  # Sphinx's smart quotes
    ruleset = load_shipped()
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, "en")
    ids = ids_in(english)
    for name, event in ruleset.vocabulary.events.items():
        assert anchor("event", name) in ids
        entry = page[page.index(f'id="{anchor("event", name)}"') :]
        entry = entry[: entry.index("No trigger of these rules listens to it.")]
        assert html.escape(text.event(name), quote=False) in entry
        for moment in event.raised:
            assert html.escape(moment, quote=False) in entry
        assert html.escape(event.runs_for, quote=False) in entry


TRIGGER_MOD = """\
trigger scrap_bonus {
  on final_scoring
  effect: gain 3 vp
}
"""


@pytest.mark.slow
def test_a_mods_trigger_is_shown_under_its_event_in_the_pages_language(tmp_path):
    mod = tmp_path / "mod.ba"
    mod.write_text(TRIGGER_MOD, encoding="utf-8")
    result = build(tmp_path / "site", "--lang", "pl", "--rules", str(mod), "--base")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "pl" / "language" / "declarations.html").read_text("utf-8")
    ruleset = compile_paths([mod], on_base=True).ruleset
    assert ruleset is not None
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, "pl")
    entry = page[page.index(f'id="{anchor("event", "final_scoring")}"') :]  # the last one
    assert f'id="{anchor("card", "scrap_bonus")}"' in entry
    (line,) = text.card_lines(ruleset.by_id["scrap_bonus"])
    assert html.escape(line, quote=False) in entry and "When" not in line
    assert html.escape(text.help("each player, in seat order"), quote=False) in entry
    # the language's own example stays under `trigger ID { ... }`; the mod's is under its event
    kind = page[page.index(f'id="{anchor("kind", "trigger")}"') :]
    kind = kind[: kind.index('id="kind-', 10)]
    assert "bonus" in kind and "scrap_bonus" not in kind


def test_a_mod_with_lint_errors_gets_the_diagnostics_and_no_site(tmp_path):
    mod = tmp_path / "bad.ba"
    mod.write_text("mission m061 {\n  color purple\n}\n", encoding="utf-8")
    result = build(tmp_path / "site", "--rules", str(mod), "--base")
    assert result.exit_code == 2
    assert "bad.ba:2:9: error E104" in result.output and "run ba-lint" in result.output
    assert not (tmp_path / "site").exists()


def test_an_unknown_language_is_a_usage_error(tmp_path):
    result = build(tmp_path / "site", "--lang", "fr")
    assert result.exit_code == 2
    assert "'fr' is not one of" in result.output
    assert not (tmp_path / "site").exists()


def test_without_sphinx_the_command_says_what_to_install(tmp_path):
    code = (
        "import sys; sys.modules['sphinx'] = None\n"
        "from blackangel.cli.main import main\n"
        f"main(['docs', '--out', {str(tmp_path / 'site')!r}])\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "pip install 'black-angel-rules[docs]'" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---- the extension's own errors --------------------------------------------------------
@pytest.mark.slow
def test_a_page_citing_what_the_rules_lack_fails_the_build(tmp_path):
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "blackangel.docs.sphinxext"]\n', encoding="utf-8"
    )
    (source / "index.md").write_text(
        "# T\n\n{ba:value}`game.no_such_number` and {ba:card}`m999`\n", encoding="utf-8"
    )
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(
            source,
            source,
            tmp_path / "out",
            tmp_path / "doctrees",
            "html",
            confoverrides={"nitpicky": True},
            status=None,
            warning=warnings,
        )
        app.build()
    shown = warnings.getvalue()
    assert "the rules have no value 'game.no_such_number'" in shown
    assert "ba:card reference target not found: m999" in shown


# ---- a site that teaches (issue 25) ----------------------------------------------------
GUIDES = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))


@pytest.mark.slow
def test_the_tutorial_the_how_tos_the_glossary_and_every_guide_are_pages(english):
    pages = ["tutorial/first-card", "howto/index", "glossary", "guides/index"]
    pages += [
        f"howto/{name}" for name in ("trigger-and-event", "ruling", "new-kind", "translating")
    ]
    pages += [f"guides/{name}" for name in GUIDES]
    missing = [page for page in pages if not (english / f"{page}.html").is_file()]
    assert missing == []
    index = (english / "index.html").read_text(encoding="utf-8")
    assert 'href="tutorial/first-card.html"' in index and 'href="guides/index.html"' in index
    # a guide is the file of docs/, included: its own words are there
    guide = (english / "guides" / "translating.html").read_text(encoding="utf-8")
    assert "Translating a mod, step by step" in guide


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl", "de"])
def test_option_names_are_printed_as_typed(site, lang):
    page = (site / lang / "language" / "commands.html").read_text(encoding="utf-8")
    assert "--format" in page and "\u2013format" not in page


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", ["Na górę strony", "Przejdź do treści", "Zbudowano za pomocą", "Tryb ciemny"]),
        ("de", ["Nach oben", "Zum Inhalt springen", "Erstellt mit", "Dunkler Modus"]),
    ],
)
def test_the_theme_speaks_the_language_of_the_page(site, lang, words):
    page = (site / lang / "components" / "missions.html").read_text(encoding="utf-8")
    english = ("Back to top", "Skip to content", "Made with", ">Next<", "contributors", "Dark mode")
    english += ("Link to this heading",)
    for english_words in english:
        assert english_words not in page, english_words
    for word in words:
        assert word in page, word
    contents = (site / lang / "game" / "turn.html").read_text(encoding="utf-8")
    assert "On this page" not in contents


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl", "de"])
def test_what_ba_lint_reports_is_in_the_language_of_the_page(site, lang):
    from blackangel.dsl.i18n import translator

    tr = translator(lang)
    page = (site / lang / "language" / "lint-codes.html").read_text(encoding="utf-8")
    for code in CODES:
        if code in CATALOG_CODES:
            continue
        entry = page[page.index(f'id="{anchor("code", code)}"') :]
        entry = entry[entry.index(tr.gettext("Reported:")) :][:3000]
        severity = tr.pgettext("severity", CODES[code][0])
        assert f"{severity} {code} " in html.unescape(entry), code


@pytest.mark.slow
def test_every_card_has_a_permalink_and_a_long_page_links_each_card(english):
    ruleset = load_shipped()
    for page in (english / "components").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for card in re.findall(r'<div class="ba-card [^"]*" id="card-([^"]+)"', text):
            assert f'class="headerlink reference internal" href="#card-{card}"' in text, card
    missions = (english / "components" / "missions.html").read_text(encoding="utf-8")
    index = missions[missions.index('class="ba-card-index"') :]
    index = index[: index.index("</p>")]
    expected = [d.id for d in ruleset.of_kind("mission")]
    assert re.findall(r'href="#card-(m\d+)"', index) == expected


@pytest.mark.slow
def test_each_page_links_the_same_page_in_the_other_languages(site):
    for lang in ("en", "pl", "de"):
        page = site / lang / "components" / "missions.html"
        switcher = page.read_text(encoding="utf-8")
        switcher = switcher[switcher.index('class="ba-languages"') :]
        switcher = switcher[: switcher.index("</nav>")]
        links = dict(re.findall(r'href="([^"]+)" hreflang="(\w+)"', switcher))
        assert sorted(links.values()) == sorted({"en", "pl", "de"} - {lang})
        for href in links:
            assert (page.parent / href).resolve().is_file(), href


@pytest.mark.slow
def test_the_glossary_gives_each_term_in_three_languages(site):
    page = (site / "pl" / "glossary.html").read_text(encoding="utf-8")
    rows = [
        re.findall(r"<td><p>(.*?)</p></td>", row)
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)
    ]
    assert ["Mission card", "karta misji", "Auftragskarte"] in [row[:3] for row in rows]
    assert ["robot", "robot", "Roboter", "element gry"] in rows
    # what a term is, in the page's language: a kind of card says it with its help
    from blackangel.dsl.extract import HELP
    from blackangel.dsl.i18n import translator

    english_help = load_shipped().vocabulary.kinds["mission"].help
    help_pl = html.escape(translator("pl").pgettext(HELP, english_help), quote=False)
    assert help_pl != english_help
    assert [row[3] for row in rows if len(row) == 4 and row[1] == "karta misji"] == [
        help_pl,  # the kind of card
        "element gry",  # the component
    ]


@pytest.mark.slow
def test_a_mods_untranslated_texts_are_marked_and_counted(tmp_path):
    mod = tmp_path / "mymod"
    mod.mkdir()
    (mod / "cards.ba").write_text(
        MOD.replace("  reward 1 ship\n", '  reward 1 ship  @reconstructed "the mod chose it"\n'),
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        ba, ["docs", "--out", str(tmp_path / "site"), "--lang", "pl", "--rules", str(mod), "--base"]
    )
    assert result.exit_code == 0, result.output
    assert "1 text not translated into pl" in result.output
    page = (tmp_path / "site" / "pl" / "components" / "missions.html").read_text(encoding="utf-8")
    card = page[page.index('id="card-m061"') :]
    card = card[: card.index('id="card-m062"')]
    assert "the mod chose it" in card and 'class="ba-untranslated"' in card
    assert page.count('class="ba-untranslated"') == 1
