"""`ba docs`: build the rules reference with Sphinx, for the shipped rules, another
registered game or a mod, in each language, into OUT/<lang>/ (with OUT/index.html to
choose one).

The sources of the site are in docs/reference/ (installed with the package); they are
copied to a temporary folder for each build, so the installed files are never
written to. Sphinx and its theme come with the `docs` extra.
"""

from __future__ import annotations

import html
import io
import json
import shutil
import tempfile
import time
from pathlib import Path

import click

from ..dsl.errors import EngineError
from ..dsl.i18n import N_, NN_, SOURCE_LANGUAGE, available_languages, translator
from ..dsl.loader import UsageError
from ..dsl.mod_catalogs import untranslated
from ..interpreter.files import check_output, output_folder
from .common import GROUP_LANG, chosen_language, force_option, format_options, guarded
from .rules import compiled, rules_options

SOURCES = Path(__file__).resolve().parent.parent / "docs" / "reference"
GUIDES = SOURCES.parent  # docs/*.md, shown in the site under guides/
EXTRA = "pip install 'black-angel-rules[docs]'"
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "de": "Deutsch"}
BUILDING = N_("building the reference in {language} ({lang}) ...")
NOT_FINISHED = N_("error: the {lang} reference has warnings; it was not finished")
BUILT = N_("built {languages} into {out}/ in {seconds} s; open {out}/index.html")
NOT_TRANSLATED = NN_(
    "{count} text not translated into {lang} (marked on its page; ba catalogs --rules MOD "
    "--lang {lang} lists it)",
    "{count} texts not translated into {lang} (marked on their pages; ba catalogs --rules MOD "
    "--lang {lang} lists them)",
)
# a language needs the game's catalog (locales/) and one for the reference's prose
LANGUAGES = [
    lang
    for lang in available_languages()
    if lang == SOURCE_LANGUAGE or (SOURCES / "locale" / lang / "LC_MESSAGES").is_dir()
]


class Unfinished(EngineError):
    """A language's build had warnings (its code and the warnings): no site is written."""


def _require_sphinx() -> None:
    missing = []
    for module in ("sphinx", "myst_parser", "furo"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise UsageError(f"ba docs needs {', '.join(missing)}: install them with {EXTRA}")


@click.command("docs")
@rules_options
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGUAGES),
    help="Build this language (repeatable; default: every language).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("site"),
    show_default=True,
    help="Folder for the sites: OUT/en, OUT/pl, OUT/de and OUT/index.html (built next to "
    "it and moved into place when complete).",
)
@force_option("the --out folder", folder=True)
@format_options(what="the summary")
@guarded
def docs_command(rules, langs, out, force, fmt):
    """Build the rules reference (HTML) for the shipped rules, a game or a mod.

    Every card, tile, ravager, Hal card, ruling, primitive and lint code is rendered
    from the compiled rules in each language; a rule set with lint errors gets the
    diagnostics and no site. Another game than the default one (--game NAME) gets the
    pages rendered from its rules: its cards by kind, rulings, the language, lint codes
    and commands. Examples:

    \b
      ba docs                              all languages into site/
      ba docs --lang pl --out /tmp/ref     Polish only
      ba docs --rules mymod/ --base        a mod layered on the shipped rules
      ba docs --game NAME --lang en        a registered game's reference (ba games)
    """
    _require_sphinx()
    # --lang names the sites to build; the messages are in the reader's language
    # (`ba --lang LANG docs`, else the environment's)
    tr = translator(chosen_language(click.get_current_context().meta.get(GROUP_LANG)))
    check_output(out, UsageError, force, folder=True)  # before the long build
    ruleset = compiled(rules)  # lint errors: the diagnostics, exit 2, no site
    game = ruleset.single("game")
    title = str(game.value("title", default=game.id)) if game is not None else ruleset.game.name
    chosen = list(dict.fromkeys(langs)) or list(LANGUAGES)
    paths, base, under = rules.sources()
    rule_files = [str(Path(p).resolve()) for p in paths]
    base_files = [str(Path(p).resolve()) for p in under]
    started = time.perf_counter()
    built = []
    missing: dict[str, int] = {}  # lang -> the mod's texts shown in English
    try:
        with (
            tempfile.TemporaryDirectory(prefix="ba-docs-") as work,
            output_folder(out, UsageError, force) as site,
        ):
            source = Path(work) / "reference"
            shutil.copytree(SOURCES, source, ignore=shutil.ignore_patterns("_build", "*.mo"))
            for guide in GUIDES.glob("*.md"):  # included by the pages of source/guides/
                shutil.copyfile(guide, Path(work) / guide.name)
            if not ruleset.game.default:
                _generic_sources(source, ruleset, title)
            for lang in chosen:
                if fmt == "text":
                    click.echo(
                        tr.gettext(BUILDING).format(language=LANGUAGE_NAMES[lang], lang=lang),
                        err=True,
                    )
                doctrees = Path(work) / "doctrees" / lang
                rule_set = (rule_files, base, base_files, title)
                problems = _build(source, doctrees, site / lang, lang, rule_set, chosen)
                if problems:
                    raise Unfinished(lang, problems)  # leaves --out as it was
                built.append(lang)
                missing[lang] = len(untranslated(rule_files, lang))
                if missing[lang] and fmt == "text":
                    line = tr.plural(NOT_TRANSLATED, missing[lang])
                    click.echo(line.format(count=missing[lang], lang=lang), err=True)
            _write_index(site, built, title)
    except Unfinished as exc:
        lang, problems = exc.args
        click.echo(problems, err=True)
        click.echo(tr.gettext(NOT_FINISHED).format(lang=lang), err=True)
        return 1
    seconds = time.perf_counter() - started
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "out": str(out),
                    "languages": built,
                    "seconds": round(seconds, 2),
                    "content_hash": ruleset.content_hash,
                    "untranslated": missing,
                }
            )
        )
    else:
        shown = tr.gettext(BUILT).format(
            languages=", ".join(built), out=out, seconds=tr.decimal(seconds, 1)
        )
        click.echo(shown)
    return 0


# the pages about the default game: how it runs, its components, and the tutorial, how-tos,
# glossary and guides that teach with its cards
DEFAULT_GAME_PAGES = ("game", "components", "tutorial", "howto", "guides", "glossary.md")
GENERIC_PAGES = [  # rendered from any game's rules
    "rulings",
    "language/declarations",
    "language/primitives",
    "language/counters",
    "language/lint-codes",
    "language/commands",
]


def _generic_sources(source: Path, ruleset, title: str) -> None:
    """The reference of a game other than the default one: the pages rendered from its
    rules (a page for each kind of card it has, its rulings, the language, the lint codes,
    the commands), without the pages written about the default game."""
    for name in DEFAULT_GAME_PAGES:
        path = source / name
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    kinds = [k for k, spec in ruleset.vocabulary.kinds.items() if spec.card and ruleset.of_kind(k)]
    for kind in kinds:
        (source / "components").mkdir(exist_ok=True)
        page = f"# {kind}\n\n```{{ba:cards}} {kind}\n```\n"
        (source / "components" / f"{kind}.md").write_text(page, encoding="utf-8")
    pages = [f"components/{kind}" for kind in kinds] + GENERIC_PAGES
    toctree = "```{toctree}\n:maxdepth: 1\n\n" + "\n".join(pages) + "\n```\n"
    (source / "index.md").write_text(f"# {title}\n\n{toctree}", encoding="utf-8")


def _build(
    source: Path,
    doctrees: Path,
    out: Path,
    lang: str,
    rule_set: tuple[list[str], bool, list[str], str],
    languages: list[str],
) -> str:
    """Build one language of the reference of a rule set (its files, whether they are
    layered on base files, the game's title), with links to the same pages in the other
    `languages`; returns the warnings (the build fails on any)."""
    rules, base, base_rules, title = rule_set

    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    warnings = io.StringIO()
    locale.translators.clear()  # Sphinx keeps one translation per catalog, whatever language
    with docutils_namespace():  # each build registers its nodes afresh
        app = Sphinx(
            srcdir=source,
            confdir=source,
            outdir=out,
            doctreedir=doctrees,
            buildername="html",
            confoverrides={
                "language": lang,
                "ba_rules": rules,
                "ba_base": base,
                "ba_base_rules": base_rules,
                "project": title,
                "html_title": title,
                "ba_languages": languages,
                "nitpicky": True,
            },
            status=None,
            warning=warnings,
            freshenv=True,
        )
        app.build()
    return warnings.getvalue().strip()


def _write_index(out: Path, built: list[str], title: str) -> None:
    links = "\n".join(
        f'    <li><a href="{lang}/index.html" hreflang="{lang}" lang="{lang}">'
        f"{html.escape(LANGUAGE_NAMES[lang])}</a></li>"
        for lang in built
    )
    (out / "index.html").write_text(
        '<!doctype html>\n<html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head>\n<body>\n  <h1>{html.escape(title)}</h1>\n"
        "  <ul>\n"
        f"{links}\n  </ul>\n</body></html>\n",
        encoding="utf-8",
    )
