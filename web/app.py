"""The web app (Starlette): the pages, the static files and the JSON API.

    GET  /                          the start page (?lang=en|pl|de)
    GET  /games/{id}?token=...      the table page of a seat (without a token: a spectator);
                                    an unknown game or a wrong token: a page saying so
    GET  /favicon.ico               redirects to /static/favicon.svg
    POST /api/games                 start a game: {players, seats, advanced, variants, edition,
                                    difficulty, lang, seed, auto} -> its id and links
    GET  /api/games/{id}?token=...  what that seat (or a spectator) sees; with &step=N, as
                                    it was after N choices (to follow it decision by
                                    decision); with &since=M, the pieces of the table
                                    changed since this viewer's view after M choices
                                    (that view drawn again if it is not kept)
    POST /api/games/{id}/act        {option, token, step}: answer the seat's decision,
                                    the one after `step` choices (the state's `steps`)
    GET  /api/games/{id}/replay     the replay file (`ba replay` verifies it), at the end
    /workshop, /api/workshop/...    the mod workshop (web/workshop_routes.py); its test
                                    games are played through the routes above

A refused request is a JSON {"error": message} with 400 (an illegal option, a body that
is not JSON), 403 (a wrong token, a seat acting for another, a POST from another
origin), 404 (an unknown game), 409 (the game is over, an answer to a step already
answered, or the replay asked for before the end), 413 (a body over 64 KiB), 415 (a
POST that is not `application/json`) or 422 (a malformed body); the game is then
unchanged. Every answer carries security headers (`SECURITY_HEADERS`). The seed of a
game is shown only when it is over.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..dsl.compiler import RuleSet, load_shipped
from ..dsl.i18n import available_languages, translator
from ..interpreter.engine import Decision, Engine
from . import bots, changes, page, table, workshop_routes
from .mods import DatabaseMods, FolderMods, Mods
from .requests import Malformed, game_settings, json_body
from .session import (
    CACHE_SIZE,
    Conflict,
    Forbidden,
    GameError,
    Games,
    NotFound,
    Programs,
    Session,
)
from .storage import Storage
from .tryout import Simulations, TestGames
from .workshop import Workshop

STATIC = Path(__file__).resolve().parent / "static"
# a language code as a locale folder may name it (it reaches the page's HTML)
LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*")
# the pages load only their own scripts and styles (no inline code) and are never framed;
# links do not send the address (a seat's secret token) to another site
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        b" object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


class SecurityHeaders:
    """Adds `SECURITY_HEADERS` to every answer."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(
    db: str | Path = ":memory:",
    ruleset: RuleSet | None = None,
    languages: list[str] | None = None,
    cache_size: int = CACHE_SIZE,
    bot_delay: float = bots.DELAY,
    workshop: str | Path | None = None,
    base_rules: list[str] | None = None,
) -> Starlette:
    """The app over a database file (":memory:": games last as long as the app) and a
    rule set (the shipped one by default). A language whose code is not one (a mod's
    locale folder may be named anything) is not offered. Bots play in the background,
    `bot_delay` seconds apart within a game (web/bots.py). The workshop keeps its mods
    in the database, or in the folder `workshop`, and layers them on `base_rules` (the
    game's rules folder; none: the shipped content)."""
    ruleset = ruleset or load_shipped()
    programs = Programs(ruleset)
    storage = Storage(db)
    games = Games(storage, programs, cache_size, bot_delay)
    langs = [
        lang
        for lang in languages or available_languages(ruleset.locales)
        if LANGUAGE_CODE.fullmatch(lang)
    ] or ["en"]
    first = programs("en" if "en" in langs else langs[0])
    mods: Mods = FolderMods(workshop) if workshop is not None else DatabaseMods(storage)
    checker = Workshop(list(base_rules or []), langs)
    tests = TestGames(bot_delay, checker.pin, checker.unpin)
    simulations = Simulations()

    def games_of(game_id: str) -> Games:
        """The games holding a game: the server's, or the workshop's test games."""
        return games if storage.load(game_id) is not None else tests.find(game_id)

    async def session_of(game_id: str) -> Session:
        """A game by its id (rebuilt from the database on its first request: in a thread,
        as replaying and the bots take a moment)."""
        return await run_in_threadpool(lambda: games_of(game_id).get(game_id))

    def language(request: Request) -> str:
        asked = request.query_params.get("lang")
        if asked in langs:
            return asked
        for part in request.headers.get("accept-language", "").split(","):
            code = part.split(";")[0].strip().split("-")[0].lower()
            if code in langs:
                return code
        return langs[0]

    async def start_page(request: Request) -> Response:
        tr = translator(language(request), ruleset.locales)
        difficulty = first.difficulty_ruling(1)
        ruling = first.rulings.get(difficulty) if difficulty else None
        return HTMLResponse(
            page.start_page(
                tr,
                langs,
                first.player_counts(),
                list(first.game.editions),
                list(ruling.options) if ruling else [],
                ruling.default if ruling else None,
                tr.pgettext("title", first.title),
                {
                    name: tr.pgettext("variant " + name, text)
                    for name, text in first.variants.items()
                },
            )
        )

    async def table_page(request: Request) -> Response:
        try:
            session = await session_of(request.path_params["game"])
        except NotFound:
            tr = translator(language(request), ruleset.locales)
            title = tr.pgettext("title", first.title)
            return HTMLResponse(page.bad_link_page(tr, True, title), status_code=404)
        token = request.query_params.get("token") or None
        tr = translator(session.settings.lang, ruleset.locales)
        title = tr.pgettext("title", session.engine.data.title)
        try:
            session.seat_of(token)
        except Forbidden:
            return HTMLResponse(page.bad_link_page(tr, False, title), status_code=403)
        return HTMLResponse(page.table_page(tr, session.id, token, title))

    async def start_game(request: Request) -> Response:
        body = await json_body(request)
        settings = game_settings(body, programs, langs)
        session = await run_in_threadpool(games.start, settings)
        links = [
            {
                "seat": seat,
                "name": session.names()[seat],
                "kind": kind,
                "token": token,
                "link": f"/games/{session.id}?token={token}" if token else None,
            }
            for seat, (kind, token) in enumerate(zip(settings.seats, session.stored.tokens))
        ]
        return JSONResponse(
            {"id": session.id, "seats": links, "spectator": f"/games/{session.id}"},
            status_code=201,
        )

    async def game_state(request: Request) -> Response:
        session = await session_of(request.path_params["game"])
        seat = session.seat_of(request.query_params.get("token"))
        step, since = (_step(request, name) for name in ("step", "since"))
        return JSONResponse(await run_in_threadpool(view, session, seat, step, since))

    async def act(request: Request) -> Response:
        session = await session_of(request.path_params["game"])
        body = await json_body(request)
        option, token, step = body.get("option"), body.get("token"), body.get("step")
        if (
            not isinstance(option, str)
            or not isinstance(token, str)
            or not isinstance(step, int)
            or isinstance(step, bool)
        ):
            raise Malformed(
                "the body must be a JSON object with the strings 'option' and 'token' and"
                " the whole number 'step' (the state's 'steps' the answer is for)"
            )
        seat = session.seat_of(token)
        await run_in_threadpool(games_of(session.id).act, session, seat, option, step)
        return JSONResponse(await run_in_threadpool(view, session, seat, None, step))

    async def game_replay(request: Request) -> Response:
        session = await session_of(request.path_params["game"])
        if not session.engine.is_terminal():
            raise Conflict("the replay is there when the game is over (it shows hidden cards)")
        return Response(
            json.dumps(session.replay()),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{session.id}.replay.json"'},
        )

    async def favicon(request: Request) -> Response:
        return RedirectResponse("/static/favicon.svg", status_code=301)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, GameError)
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    routes = [
        Route("/", start_page),
        Route("/games/{game}", table_page),
        Route("/api/games", start_game, methods=["POST"]),
        Route("/api/games/{game}", game_state),
        Route("/api/games/{game}/act", act, methods=["POST"]),
        Route("/api/games/{game}/replay", game_replay),
        Route("/favicon.ico", favicon),
        *workshop_routes.routes(
            checker,
            mods,
            tests,
            simulations,
            ruleset,
            langs,
            language,
            first.title,
            first.player_counts(),
        ),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await run_in_threadpool(games.bots.stop)
        await run_in_threadpool(tests.stop)
        simulations.stop()
        checker.close()

    app = Starlette(routes=routes, exception_handlers={GameError: refused}, lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.games = games
    return app


def _step(request: Request, name: str) -> int | None:
    """A step named in the query (a number of choices made), if any."""
    asked = request.query_params.get(name)
    if asked is None:
        return None
    if not asked.isdigit() or len(asked) > 9:
        raise Malformed(f"'{name}' must be a whole number of choices made (the state's 'steps')")
    return int(asked)


def view(
    session: Session, seat: int | None, step: int | None = None, since: int | None = None
) -> dict[str, Any]:
    """What one seat (None: a spectator) sees of the game, as JSON: as it stands, or
    after its first `step` choices (a viewer following it decision by decision; no
    decision is offered there); `changed` lists the pieces of the table drawn differently
    than in this viewer's view after `since` (< step) choices (web/changes.py)."""
    engine, latest = session.now()
    now_deciding = engine.decision()
    # a viewer following the game behind it is told when the present awaits its answer
    awaits_you = now_deciding is not None and seat is not None and now_deciding.player == seat
    if step is not None and step < latest:
        engine = session.at(step)
    else:
        step = latest
    names = session.names()
    decision = engine.decision()
    drawn, faces = table.draw(engine, seat, names)
    pieces = changes.pieces(drawn)
    session.drawn(seat, step, pieces)
    before = (
        _pieces_before(session, seat, since, names) if since is not None and since < step else {}
    )
    shown: dict[str, Any] | None = None
    if decision is not None:
        shown = {"player": decision.player, "name": names[decision.player], "mine": False}
        if decision.player == seat and step == latest:
            shown.update(mine=True, **_decision(engine, decision, faces))
    over = engine.is_terminal()
    return {
        "id": session.id,
        "lang": session.settings.lang,
        "seat": seat,
        "names": names,
        "seats": session.settings.seats,
        "steps": step,
        "latest": latest,
        "awaits_you": awaits_you and step < latest,
        "over": over,
        "seed": session.settings.seed if over else None,
        "decision": shown,
        "log": session.log_lines(seat, engine),
        "scores": session.final_scores() if over else None,
        "replay": f"/api/games/{session.id}/replay" if over else None,
        "table": drawn,
        "changed": changes.changed(before, pieces),
        "faces": faces,
    }


def _pieces_before(session: Session, seat: int | None, since: int, names: list[str]) -> dict:
    """The pieces of the table `seat` saw after `since` choices: as kept when it was drawn,
    else drawn again from the game replayed to that step (a view long gone, or one never
    asked for, like the step of the seat's last answer)."""
    kept = session.drawn_before(seat, since)
    if kept:
        return kept
    drawn, _ = table.draw(session.at(since), seat, names)
    return changes.pieces(drawn)


def _decision(engine: Engine, decision: Decision, faces: dict[str, dict]) -> dict[str, Any]:
    """The deciding seat's decision: its prompt, a line of context, the card it is
    about, and per option its text, the place on the table it names, the card it names
    (its face is added to `faces`), the effect where the text does not say it, and the
    places it would touch (the tiles a card would activate)."""
    marks = table.targets(decision, engine)
    explained = engine.data.game.explain(engine, decision)
    about = explained.get("options", {})
    named = [explained.get("card")] + [about.get(o.id, {}).get("card") for o in decision.options]
    wanted = [card for card in named if card and card not in faces]
    faces.update(engine.data.game.faces(engine, wanted))
    options = []
    for option in decision.options:
        said = about.get(option.id, {})
        options.append(
            {
                "id": option.id,
                "label": option.label,
                "target": marks.get(option.id),
                "card": said.get("card"),
                "effect": said.get("effect"),
                "marks": said.get("marks", []),
            }
        )
    return {
        "kind": decision.kind,
        "prompt": decision.prompt,
        "context": explained.get("context"),
        "card": explained.get("card"),
        "options": options,
    }
