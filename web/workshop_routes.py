"""The workshop's page and JSON API (mounted by web/app.py):

    GET  /workshop                          the page (?lang=en|pl|de)
    GET  /api/workshop/mods                 the mods kept, and where
    POST /api/workshop/mods                 {name}: a new mod (one empty cards.ba)
    GET  /api/workshop/mods/{mod}           its saved files {name: text}
    POST /api/workshop/mods/{mod}/save      {files: {name: text or null}}: write (null:
                                            delete) those files, nothing else
    POST /api/workshop/mods/{mod}/check     {files, lang}: the problems of the files as the
                                            page holds them, layered on the game's rules
                                            (and of its catalogs, if it has any), and
                                            ba-lint's notes on them
    POST /api/workshop/mods/{mod}/render    {files}: each card the mod declares, its face
                                            and rules text in every language
    POST /api/workshop/mods/{mod}/play      {files, players, seats, ...} as POST /api/games:
                                            a test game on the mod's rules
    POST /api/workshop/mods/{mod}/simulate  {files, players, games, agents, seed}: a few
                                            seeded bot games, played in the background
    GET  /api/workshop/simulations/{id}     how far a simulation got, its summary at the end
    GET  /api/workshop/mods/{mod}/download  the saved mod as a zip (a folder named after it)

`files` are all the mod's files as the page holds them, saved or not: only `save` writes.
Refusals are JSON {"error": message} as in the rest of the API: 400 (a bad name or file,
a mod with errors asked to play), 404, 409 (a name taken), 413, 415, 422.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..dsl.compiler import RuleSet
from ..dsl.errors import EngineError
from ..dsl.i18n import translator
from ..interpreter.arguments import MAX_SEED
from . import workshop_page
from .mods import MAX_MOD, Mods, Refused, check_files, check_mod_name, zipped
from .requests import Malformed, game_settings, json_body
from .session import GameError, Session
from .storage import Settings
from .tryout import MAX_GAMES, SIMULATION_AGENTS, Simulation, Simulations, TestGames
from .workshop import Workshop, cards, diagnostics, notes, rules_of, words

# a mod's files as JSON: escapes can make text up to six times longer
MAX_WORKSHOP_BODY = 2 * MAX_MOD + 64 * 1024


def routes(
    workshop: Workshop,
    mods: Mods,
    tests: TestGames,
    simulations: Simulations,
    ruleset: RuleSet,
    langs: list[str],
    language: Callable[[Request], str],
    title: str,
    player_counts: list[int],
) -> list[Route]:
    """The workshop's routes; `language(request)` is the page's language, as elsewhere."""
    vocabulary = words(ruleset.vocabulary)

    async def page(request: Request) -> Response:
        tr = translator(language(request), ruleset.locales)
        return HTMLResponse(
            workshop_page.page(
                tr, langs, vocabulary, tr.pgettext("title", title), mods.where, player_counts
            )
        )

    async def list_mods(request: Request) -> Response:
        names = await run_in_threadpool(mods.names)
        return JSONResponse({"mods": names, "where": mods.where})

    async def create(request: Request) -> Response:
        body = await json_body(request)
        name = check_mod_name(body.get("name"))
        await run_in_threadpool(mods.create, name)
        files = await run_in_threadpool(mods.files, name)
        return JSONResponse({"name": name, "files": files}, status_code=201)

    async def read(request: Request) -> Response:
        name = request.path_params["mod"]
        files = await run_in_threadpool(mods.files, name)
        return JSONResponse({"name": name, "files": files})

    async def save(request: Request) -> Response:
        name = request.path_params["mod"]
        body = await json_body(request, MAX_WORKSHOP_BODY)
        files = body.get("files")
        if not isinstance(files, dict) or not files:
            raise Malformed('the body must be {"files": {name: text, or null to delete}}')
        await run_in_threadpool(mods.save, name, files)
        return JSONResponse({"name": name, "files": await run_in_threadpool(mods.files, name)})

    async def edited(request: Request) -> tuple[str, dict[str, Any], dict[str, str]]:
        """The mod, the body, and the files as the page holds them."""
        name = request.path_params["mod"]
        body = await json_body(request, MAX_WORKSHOP_BODY)
        files = body.get("files")
        if not isinstance(files, dict) or not all(isinstance(t, str) for t in files.values()):
            raise Malformed('the body must have "files": {name: text}, every file of the mod')
        check_files(files)
        await run_in_threadpool(mods.files, name)  # an unknown mod: 404
        return name, body, files

    async def check(request: Request) -> Response:
        name, body, files = await edited(request)
        lang = body.get("lang", langs[0])
        if lang not in langs:
            raise Malformed(f"no language '{lang}'; languages: {', '.join(langs)}")
        checked = await run_in_threadpool(workshop.check, name, files)
        found = await run_in_threadpool(diagnostics, checked, lang)
        errors = sum(d["severity"] == "error" for d in found)
        return JSONResponse(
            {
                "diagnostics": found,
                "errors": errors,
                "warnings": len(found) - errors,
                "notes": notes(checked, lang),
            }
        )

    async def render(request: Request) -> Response:
        name, _, files = await edited(request)
        checked = await run_in_threadpool(workshop.check, name, files, False)
        rules_of(checked)  # a mod with errors has no cards to show
        shown = await run_in_threadpool(cards, checked, langs)
        return JSONResponse({"languages": langs, "cards": shown})

    async def play(request: Request) -> Response:
        name, body, files = await edited(request)

        def start() -> tuple[Settings, Session]:
            checked = workshop.check(name, files, False)
            games = tests.games_for(rules_of(checked), checked.folder)
            settings = game_settings(body, games.programs, langs)
            try:
                return settings, games.start(settings)
            except GameError:
                raise
            except EngineError as exc:  # rules that check but cannot set a game up
                raise Refused(f"the game cannot start on these rules: {exc}") from None

        settings, session = await run_in_threadpool(start)
        links = [
            {"seat": seat, "kind": kind, "link": f"/games/{session.id}?token={token}"}
            for seat, (kind, token) in enumerate(zip(settings.seats, session.stored.tokens))
            if token
        ]
        return JSONResponse(
            {"id": session.id, "seats": links, "spectator": f"/games/{session.id}"},
            status_code=201,
        )

    async def simulate(request: Request) -> Response:
        name, body, files = await edited(request)
        players, count = body.get("players", 2), body.get("games", 5)
        agents = body.get("agents", list(SIMULATION_AGENTS))
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED - MAX_GAMES)
        for key, value, low, high in (
            ("games", count, 1, MAX_GAMES),
            ("seed", seed, 0, MAX_SEED - MAX_GAMES),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise Malformed(f"{key} must be a whole number from {low} to {high}")
        if (
            not isinstance(agents, list)
            or not agents
            or any(a not in SIMULATION_AGENTS for a in agents)
        ):
            raise Malformed(f"agents must list bots among: {', '.join(SIMULATION_AGENTS)}")

        def start() -> Simulation:
            checked = workshop.check(name, files, False)
            rules = rules_of(checked)
            counts = tests.games_for(rules, checked.folder).programs("en").player_counts()
            if not isinstance(players, int) or isinstance(players, bool) or players not in counts:
                raise Malformed(f"players must be one of {', '.join(map(str, counts))}")
            return simulations.start(rules, players, count, agents, seed)

        run = await run_in_threadpool(start)
        return JSONResponse(run.to_json(), status_code=202)

    async def simulation(request: Request) -> Response:
        return JSONResponse(simulations.get(request.path_params["run"]).to_json())

    async def download(request: Request) -> Response:
        name = request.path_params["mod"]
        files = await run_in_threadpool(mods.files, name)
        return Response(
            zipped(name, files),
            media_type="application/zip",
            headers={"content-disposition": f'attachment; filename="{name}.zip"'},
        )

    return [
        Route("/workshop", page),
        Route("/api/workshop/mods", list_mods),
        Route("/api/workshop/mods", create, methods=["POST"]),
        Route("/api/workshop/mods/{mod}", read),
        Route("/api/workshop/mods/{mod}/save", save, methods=["POST"]),
        Route("/api/workshop/mods/{mod}/check", check, methods=["POST"]),
        Route("/api/workshop/mods/{mod}/render", render, methods=["POST"]),
        Route("/api/workshop/mods/{mod}/play", play, methods=["POST"]),
        Route("/api/workshop/mods/{mod}/simulate", simulate, methods=["POST"]),
        Route("/api/workshop/simulations/{run}", simulation),
        Route("/api/workshop/mods/{mod}/download", download),
    ]
