"""The HTML of the workshop page: a shell that `static/workshop.js` fills through the
workshop's JSON API, with the editor bundled in `static/workshop-editor.js` (CodeMirror;
editors/workshop/ builds it). As on the other pages every word is a message of the
catalogs, the script reads its words and the game's vocabulary from the page, and there
is no inline script or style.
"""

from __future__ import annotations

import json
from html import escape
from urllib.parse import quote

from ..dsl.i18n import N_, Translator
from .page import LANG_NAMES, NEW_GAME, WORKSHOP, _languages, _page

WORKSHOP_HINT = N_(
    "Write cards for the game: each mod is layered on the game's rules, checked as you type"
    " as ba-lint checks it, and its cards are shown in every language."
)
KEPT_IN = N_("Mods are kept in: {where}")
MOD = N_("Mod")
OPEN_MOD = N_("Open")
NEW_MOD = N_("New mod (small letters, digits, - and _)")
CREATE_MOD = N_("Create")
FILES = N_("Files")
NEW_FILE = N_("New file (name.ba)")
ADD_FILE = N_("Add")
SAVE = N_("Save")
SAVED = N_("Saved.")
UNSAVED = N_("Unsaved changes")
DOWNLOAD = N_("Download as zip")
PROBLEMS = N_("Problems")
NO_PROBLEMS = N_("No problems.")
CARDS = N_("Cards")
NO_CARDS = N_("The mod declares no cards yet.")
CARDS_WAIT = N_("Fix the errors to see the cards (the last ones shown are kept).")
TRY = N_("Try the mod")
PLAYERS = N_("Players")
START_TEST = N_("Start a test game")
TEST_GAME = N_("Test game: {link}")
SIMULATE = N_("Quick simulation")
GAMES = N_("Games")
SIMULATING = N_("Playing {played} of {games} games…")
WINS = N_("Wins by seat: {wins}")
SCORES = N_("Scores: average {mean}, from {min} to {max}")
TURNS = N_("Game length: average {mean} turns")
ENDINGS = N_("Endings: {endings}")
RIVAL = N_("{rival} won {wins} of {games} games, scoring {mean} on average")
DISCARD = N_("Leave the unsaved changes of {mod}? They are lost.")
LINE = N_("line {line}")
CHOOSE_MOD = N_("Open or create a mod to start.")

SCRIPT_WORDS = {
    "saved": SAVED,
    "unsaved": UNSAVED,
    "noProblems": NO_PROBLEMS,
    "noCards": NO_CARDS,
    "cardsWait": CARDS_WAIT,
    "testGame": TEST_GAME,
    "simulating": SIMULATING,
    "wins": WINS,
    "scores": SCORES,
    "turns": TURNS,
    "endings": ENDINGS,
    "rival": RIVAL,
    "discard": DISCARD,
    "line": LINE,
    "error": N_("Error: {message}"),
}


def page(
    tr: Translator,
    languages: list[str],
    words: dict[str, list[str]],
    title: str,
    where: str,
    player_counts: list[int],
) -> str:
    """The workshop page in one language; `words` are the vocabulary the editor colours,
    `player_counts` those of the game (a test game on a mod may have others: refused then)."""
    _ = tr.gettext
    script_words = {key: _(msg) for key, msg in SCRIPT_WORDS.items()}
    data = escape(json.dumps(script_words))
    vocabulary = escape(json.dumps(words))
    names = escape(json.dumps({lang: LANG_NAMES.get(lang, lang) for lang in languages}))
    players = "".join(
        f'<option value="{n}"{" selected" if n == 2 else ""}>{n}</option>' for n in player_counts
    )
    body = f"""
<header><h1>{escape(title)} · {escape(_(WORKSHOP))}</h1>
<a href="/?lang={quote(tr.lang)}">{escape(_(NEW_GAME))}</a>
{_languages(tr, languages, "/workshop")}</header>
<main class="workshop" id="workshop" data-words="{data}" data-vocabulary="{vocabulary}"
 data-languages="{names}" data-lang="{escape(tr.lang)}">
<p class="hint">{escape(_(WORKSHOP_HINT))}
{escape(_(KEPT_IN).format(where=where))}</p>
<section id="mods">
<label>{escape(_(MOD))} <select id="mod-list"></select></label>
<button type="button" id="open-mod">{escape(_(OPEN_MOD))}</button>
<label>{escape(_(NEW_MOD))} <input id="new-mod" maxlength="40"></label>
<button type="button" id="create-mod">{escape(_(CREATE_MOD))}</button>
</section>
<p id="status" role="status" aria-live="polite">{escape(_(CHOOSE_MOD))}</p>
<div id="bench" hidden>
<section id="files" aria-label="{escape(_(FILES))}">
<ul id="file-list"></ul>
<label>{escape(_(NEW_FILE))} <input id="new-file" maxlength="67"></label>
<button type="button" id="add-file">{escape(_(ADD_FILE))}</button>
<button type="button" id="save">{escape(_(SAVE))}</button>
<a id="download" href="#" download>{escape(_(DOWNLOAD))}</a>
</section>
<section id="editor" aria-label="{escape(_(MOD))}"></section>
<section id="problems-box"><h2>{escape(_(PROBLEMS))}</h2><ol id="problems"></ol></section>
<section id="cards-box"><h2>{escape(_(CARDS))}</h2>
<p id="cards-note" class="hint"></p><div id="cards"></div></section>
<section id="try"><h2>{escape(_(TRY))}</h2>
<label>{escape(_(PLAYERS))} <select id="try-players">{players}</select></label>
<button type="button" id="start-test">{escape(_(START_TEST))}</button>
<p id="test-link"></p>
<label>{escape(_(GAMES))} <input id="sim-games" type="number" min="1" max="20" value="4"></label>
<button type="button" id="simulate">{escape(_(SIMULATE))}</button>
<div id="simulation" aria-live="polite"></div>
</section>
</div>
</main>"""
    return _page(tr, _(WORKSHOP), body, "workshop-editor.js", "workshop.js")
