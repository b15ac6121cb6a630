"""The HTML of the pages: the start page (a form: players, seats, rules, edition,
difficulty, language, seed), the table page (a shell that `static/table.js` fills
from the JSON API) and the page a bad link opens. Every word is a message of the
catalogs, in the page's language; the script reads the words it needs from the page
(`data-words`), so it holds none.
Every value that reaches the HTML is escaped (a language or an edition comes from the
rule set, which a mod may write); the pages have no inline script or style (the server's
Content-Security-Policy allows none).
"""

from __future__ import annotations

import json
from html import escape
from urllib.parse import quote

from ..dsl.extract import DIFFICULTY as DIFFICULTY_LEVEL
from ..dsl.i18n import N_, NC_, Translator
from ..interpreter.agents import OPPONENT

START_TITLE = N_("Start a game")
WORKSHOP = N_("Mod workshop")  # the link to /workshop, and its page's title
PLAYERS = N_("Players")
SOLO_HINT = N_("1 player: the solo game against Hal")
SEAT = N_("Seat {number}")
SEATS = N_("Who plays each seat: a person or a bot")
PERSON = N_("a person")
RULES = N_("Rules")
BASE_RULES = N_("base rules")
ADVANCED_RULES = N_("advanced rules")
EDITION = N_("Edition")
DEFAULT_EDITION = N_("default rulings")
DIFFICULTY = N_("Hal's difficulty (solo)")
LANGUAGE = N_("Language")
SEED = N_("Seed")
SEED_HINT = N_("empty: a random seed")
START = N_("Start the game")
LINKS = N_("Links to this game")
LINKS_HINT = N_(
    "Each person's link carries a secret: give it only to the person who plays that seat."
)
SPECTATOR = N_("spectator (no hidden cards)")
PLAY_SEAT = N_("play {seat}")
YOUR_DECISION = N_("Your decision")
WAITING = N_("Waiting for {player}…")
SPECTATING = N_("You are watching: no hidden cards are shown.")
LOG = N_("Log")
GAME_OVER = N_("Game over")
FINAL_SCORES = N_("Final scores")
PLAYER = N_("Player")
TRACK = N_("track")
ADVANCED_TILES = N_("advanced tiles")
CONVERSION = N_("conversion")
TOTAL = N_("total")
WINNERS = N_("Winners: {names}")
NO_WINNER = N_("Nobody beat {rival} ({score} VP).")
RIVAL_SCORE = N_("{rival}: {score} VP")
REPLAY = N_("Download the replay")
NEW_GAME = N_("New game")
ERROR = N_("Error: {message}")
TABLE = N_("The table")
RETRYING = N_("Connection lost: trying again in {seconds} s…")
STARTED_GAMES = N_("Games started in this browser")
STARTED_AT = N_("started {time}")
FORGET_GAMES = N_("Forget these links")
UNREACHABLE = N_("The server did not answer: check the connection and try again.")
MOVED_ON = N_("The game moved on before your answer arrived: here is where it stands now.")
BAD_LINK = N_("This link does not lead to a game")
NO_GAME = N_("There is no game with this address: the link may be mistyped or incomplete.")
BAD_TOKEN = N_(
    "The secret in this link does not belong to this game: ask for your seat's link again."
)
KEYS_HINT = N_(
    "Keys: type an option's number (with 10 options or more, 1 then 2 is option 12); "
    "Tab moves between options and places; a tap on a card shows its whole text; Esc closes it."
)
SHOW_CARD = N_("show {card} in full")
CHOOSE = N_("Choose: {option}")
CLOSE = N_("Close")
CARD = N_("Card")
AUTO = N_("Apply a decision's only option by itself")
FOLD = N_("Hide the options")
UNFOLD = N_("Show the options ({count})")
WATCH = N_("Following the game")
SHOWING = N_("Showing decision {shown} of {latest}")
AWAITS_YOU = N_("Showing decision {shown} of {latest}: your decision is waiting")
PAUSE = N_("Pause")
RESUME = N_("Go on")
NEXT_STEP = N_("Next decision")
NOW = N_("Show the game as it is now")
PACE = N_("Pace")
PACES = {  # milliseconds a decision stays on the page before the next one while catching up
    400: NC_("pace", "fast"),
    2500: NC_("pace", "slow"),
    6000: NC_("pace", "very slow"),
}
LANG_NAMES = {"en": "English", "pl": "Polski", "de": "Deutsch"}  # each in its own language
BOT_NAMES = {
    "random": NC_("agent", "random"),
    "greedy": NC_("agent", "greedy"),
    "mcts": NC_("agent", "mcts"),
    "expert": NC_("agent", "expert"),
}

# the words the script shows (keys it knows, messages in the page's language)
SCRIPT_WORDS = {
    "yourDecision": YOUR_DECISION,
    "waiting": WAITING,
    "spectating": SPECTATING,
    "gameOver": GAME_OVER,
    "finalScores": FINAL_SCORES,
    "player": PLAYER,
    "track": TRACK,
    "advanced": ADVANCED_TILES,
    "conversion": CONVERSION,
    "total": TOTAL,
    "winners": WINNERS,
    "noWinner": NO_WINNER,
    "rivalScore": RIVAL_SCORE,
    "replay": REPLAY,
    "error": ERROR,
    "retrying": RETRYING,
    "movedOn": MOVED_ON,
    "unreachable": UNREACHABLE,
    "startedGames": STARTED_GAMES,
    "startedAt": STARTED_AT,
    "forgetGames": FORGET_GAMES,
    "links": LINKS,
    "linksHint": LINKS_HINT,
    "spectator": SPECTATOR,
    "playSeat": PLAY_SEAT,
    "showCard": SHOW_CARD,
    "choose": CHOOSE,
    "close": CLOSE,
    "showing": SHOWING,
    "awaitsYou": AWAITS_YOU,
    "fold": FOLD,
    "unfold": UNFOLD,
    "pause": PAUSE,
    "resume": RESUME,
}


def _page(tr: Translator, title: str, body: str, *script: str) -> str:
    scripts = "".join(f'<script src="/static/{name}"></script>' for name in script)
    return (
        f'<!doctype html>\n<html lang="{escape(tr.lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f"<body>{body}{scripts}</body></html>\n"
    )


def _languages(tr: Translator, languages: list[str], path: str) -> str:
    links = [
        f'<a href="{escape(path)}?lang={quote(lang)}" lang="{escape(lang)}"'
        + (' aria-current="true"' if lang == tr.lang else "")
        + f">{escape(LANG_NAMES.get(lang, lang))}</a>"
        for lang in languages
    ]
    label = escape(tr.gettext(LANGUAGE))
    return f'<nav class="languages" aria-label="{label}">{" ".join(links)}</nav>'


def _words(tr: Translator) -> str:
    return escape(json.dumps({key: tr.gettext(msg) for key, msg in SCRIPT_WORDS.items()}))


def start_page(
    tr: Translator,
    languages: list[str],
    player_counts: list[int],
    editions: list[str],
    difficulties: list[str],
    default_difficulty: str | None,
    title: str,
    variants: dict[str, str],
) -> str:
    """The start page, offering only what the game has: its player counts, its variants
    (Black Angel's advanced rules as a choice of rules, any other variant as a box to tick,
    with its help), editions and difficulties (the parts a game lacks are hidden, the
    script reads them)."""
    _ = tr.gettext
    players = "".join(
        f'<option value="{n}"{" selected" if n == 2 else ""}>{n}</option>' for n in player_counts
    )
    seat_choices = [("person", _(PERSON))] + [
        (bot, tr.pgettext("agent", name)) for bot, name in BOT_NAMES.items()
    ]
    seats = []
    for seat in range(max(player_counts)):
        default = "person" if seat == 0 else OPPONENT
        options = "".join(
            f'<option value="{value}"{" selected" if value == default else ""}>'
            f"{escape(label)}</option>"
            for value, label in seat_choices
        )
        label = tr.gettext(SEAT).format(number=seat + 1)
        seats.append(
            f'<label class="seat" data-seat="{seat}">{escape(label)} '
            f'<select name="seat{seat}">{options}</select></label>'
        )
    edition_options = f'<option value="">{escape(_(DEFAULT_EDITION))}</option>' + "".join(
        f'<option value="{escape(e)}">{escape(LANG_NAMES.get(e, e))} ({escape(e)})</option>'
        for e in editions
    )
    difficulty_options = "".join(
        f'<option value="{escape(d)}"{" selected" if d == default_difficulty else ""}>'
        f"{escape(tr.pgettext(DIFFICULTY_LEVEL, d))}</option>"
        for d in difficulties
    )
    language_options = "".join(
        f'<option value="{escape(lang)}"{" selected" if lang == tr.lang else ""}>'
        f"{escape(LANG_NAMES.get(lang, lang))}</option>"
        for lang in languages
    )
    solo = " hidden" if 1 not in player_counts or not difficulties else ""
    rules = " hidden" if "advanced" not in variants else ""
    others = "".join(
        f'<label><input type="checkbox" name="variant" value="{escape(name)}"> '
        f"{escape(text or name)}</label>"
        for name, text in variants.items()
        if name != "advanced"
    )
    modules = " hidden" if not others else ""
    edition = " hidden" if not editions else ""
    body = f"""
<header><h1>{escape(title)}</h1>
<a href="/workshop?lang={quote(tr.lang)}" id="workshop-link">{escape(_(WORKSHOP))}</a>
{_languages(tr, languages, "/")}</header>
<main class="start">
<h2>{escape(_(START_TITLE))}</h2>
<form id="start" data-words="{_words(tr)}">
<label>{escape(_(PLAYERS))} <select name="players">{players}</select></label>
<p class="hint"{solo}>{escape(_(SOLO_HINT))}</p>
<fieldset><legend>{escape(_(SEATS))}</legend>{"".join(seats)}</fieldset>
<fieldset{rules}><legend>{escape(_(RULES))}</legend>
<label><input type="radio" name="rules" value="base" checked> {escape(_(BASE_RULES))}</label>
<label><input type="radio" name="rules" value="advanced"> {escape(_(ADVANCED_RULES))}</label>
</fieldset>
<fieldset id="variants"{modules}><legend>{escape(_(RULES))}</legend>{others}</fieldset>
<label{edition}>{escape(_(EDITION))} <select name="edition">{edition_options}</select></label>
<label class="difficulty">{escape(_(DIFFICULTY))}
<select name="difficulty">{difficulty_options}</select></label>
<label>{escape(_(LANGUAGE))} <select name="lang">{language_options}</select></label>
<label><input type="checkbox" name="auto" checked> {escape(_(AUTO))}</label>
<label>{escape(_(SEED))} <input name="seed" type="number" min="0" inputmode="numeric"
 placeholder="{escape(_(SEED_HINT))}"></label>
<button type="submit" id="start-button">{escape(_(START))}</button>
<p id="error" role="alert"></p>
</form>
<section id="links" hidden></section>
<section id="started" hidden></section>
</main>"""
    return _page(tr, title, body, "start.js")


def table_page(tr: Translator, game_id: str, token: str | None, title: str) -> str:
    _ = tr.gettext
    home = f"/?lang={quote(tr.lang)}"
    paces = "".join(
        f'<option value="{ms}">{escape(tr.pgettext("pace", words))}</option>'
        for ms, words in PACES.items()
    )
    body = f"""
<header><h1>{escape(title)}</h1><a href="{home}">{escape(_(NEW_GAME))}</a></header>
<main class="game" id="game" data-game="{escape(game_id)}" data-token="{escape(token or "")}"
 data-words="{_words(tr)}">
<p id="status" role="status" aria-live="polite" hidden></p>
<section id="decision" aria-live="polite"></section>
<section id="end" hidden></section>
<section id="watch" aria-label="{escape(_(WATCH))}">
<span id="watch-where"></span>
<button type="button" id="watch-pause" aria-pressed="false">{escape(_(PAUSE))}</button>
<button type="button" id="watch-next" hidden>{escape(_(NEXT_STEP))}</button>
<button type="button" id="watch-now" hidden>{escape(_(NOW))}</button>
<label>{escape(_(PACE))} <select id="watch-pace">{paces}</select></label>
</section>
<section id="table" aria-label="{escape(_(TABLE))}"></section>
<section id="log-box"><h2>{escape(_(LOG))}</h2><ol id="log"></ol></section>
<aside id="detail" aria-label="{escape(_(CARD))}" aria-live="polite" hidden></aside>
<p class="hint">{escape(_(KEYS_HINT))}</p>
</main>"""
    return _page(tr, title, body, "table.js")


def bad_link_page(tr: Translator, unknown_game: bool, title: str) -> str:
    """What a link to no game, or with a token not of its game, opens: a page saying so
    (not the API's JSON), with a way to start a new game."""
    _ = tr.gettext
    reason = _(NO_GAME) if unknown_game else _(BAD_TOKEN)
    home = f"/?lang={quote(tr.lang)}"
    body = f"""
<header><h1>{escape(title)}</h1><a href="{home}">{escape(_(NEW_GAME))}</a></header>
<main class="bad-link">
<h2>{escape(_(BAD_LINK))}</h2>
<p class="error" id="bad-link">{escape(reason)}</p>
</main>"""
    return _page(tr, _(BAD_LINK), body)
