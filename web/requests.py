"""What the web app reads from a request: a JSON body (its type, origin and size
checked) and the settings of a game to start (each value checked)."""

from __future__ import annotations

import json
import secrets
from urllib.parse import urlsplit

from starlette.requests import Request

from ..interpreter.agents import OPPONENT
from ..interpreter.arguments import MAX_SEED, SEEDS
from ..interpreter.rulings import RulingError, resolve
from .session import BOTS, Forbidden, GameError, Programs
from .storage import PERSON, Settings

MAX_BODY = 64 * 1024  # bytes of a request body


class Malformed(GameError):
    status = 422


class TooLarge(GameError):
    status = 413


class NotJson(GameError):
    status = 415


async def json_body(request: Request, limit: int = MAX_BODY) -> dict:
    """The JSON object of a state-changing request: only `application/json` (a form
    or `text/plain` POST from another site is refused), from this site when the browser
    says where from (Origin), at most `limit` bytes (`MAX_BODY` by default)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise NotJson("the body must be sent as Content-Type: application/json")
    origin = request.headers.get("origin")
    if origin is not None and host_of(origin) != request.headers.get("host"):
        raise Forbidden("a request from another site is refused")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"the body is over {limit} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise TooLarge(f"the body is over {limit} bytes")
    try:
        body = json.loads(bytes(raw) or b"null")
    except RecursionError as exc:
        raise GameError("the body is not JSON this server reads: nested too deeply") from exc
    except (ValueError, UnicodeDecodeError) as exc:  # also a number of too many digits
        raise GameError(f"the body is not JSON this server reads: {exc}") from exc
    if not isinstance(body, dict):
        raise Malformed("the body must be a JSON object")
    return body


def host_of(origin: str) -> str | None:
    """The host of an Origin header (not its scheme: a TLS proxy may sit in between)."""
    try:
        return urlsplit(origin).netloc
    except ValueError:  # not an address
        return None


def game_settings(body: dict, programs: Programs, langs: list[str]) -> Settings:
    """A game's settings from a start request, each value checked."""
    lang = body.get("lang", langs[0])
    if lang not in langs:
        raise Malformed(f"no language '{lang}'; languages: {', '.join(langs)}")
    data = programs(lang)
    players = body.get("players", 2)
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or players not in data.player_counts()
    ):
        counts = ", ".join(map(str, data.player_counts()))
        raise Malformed(f"players must be one of {counts}")
    seats = body.get("seats", [PERSON] + [OPPONENT] * (players - 1))
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or any(kind not in (PERSON, *BOTS) for kind in seats)
    ):
        raise Malformed(
            f"seats must list {players} of: {PERSON}, {', '.join(BOTS)} (one per player)"
        )
    seed = body.get("seed")
    if seed is None or seed == "":
        seed = secrets.randbelow(MAX_SEED + 1)  # 63 bits: not to be found by trying
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise Malformed(f"seed must be {SEEDS}")
    edition = body.get("edition") or None
    editions = data.game.editions
    if edition is not None and (not isinstance(edition, str) or edition not in editions):
        raise Malformed(f"edition must be one of {', '.join(editions)}")
    asked: list[str] = []
    difficulty = body.get("difficulty") or None
    if difficulty is not None and not isinstance(difficulty, str):
        raise Malformed("difficulty must be a string")
    if difficulty is not None and players == 1:
        ruling = data.difficulty_ruling(players)
        if ruling is not None:
            asked.append(f"{ruling}={difficulty}")
    rulings = body.get("rulings", {})
    if not isinstance(rulings, dict) or not all(isinstance(v, str) for v in rulings.values()):
        raise Malformed("rulings must be an object {name: option}")
    asked += [f"{name}={option}" for name, option in rulings.items()]
    try:
        chosen = resolve(data, edition, asked)
    except RulingError as exc:
        raise Malformed(str(exc)) from exc
    advanced = body.get("advanced", False)
    if not isinstance(advanced, bool):
        raise Malformed("advanced must be true or false")
    named = body.get("variants", [])
    if not isinstance(named, list) or not all(isinstance(v, str) for v in named):
        raise Malformed("variants must be a list of names")
    variants = sorted(set(named) | ({"advanced"} if advanced else set()))
    for name in variants:
        if name not in data.variants:
            raise Malformed(f"the rules have no variant '{name}'")
    auto = body.get("auto", True)
    if not isinstance(auto, bool):
        raise Malformed("auto must be true or false")
    return Settings(players, seed, list(seats), chosen, variants, lang, auto)
