"""`ba serve`: play in the browser (the web app of blackangel.web, served by uvicorn)."""

from __future__ import annotations

import socket

import click

from ..dsl.i18n import N_, available_languages, mod_locale_dirs
from ..dsl.loader import UsageError
from ..web.bots import DELAY as BOT_DELAY
from .common import guarded
from .rules import Rules, compiled, rules_options

WEB_EXTRA = "pip install 'black-angel-rules[web]'"
SERVING = N_("{title}: open http://{host}:{port}/ in a browser (Ctrl-C stops the server)")


@click.command(name="serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--db",
    "db_path",
    default="blackangel-games.sqlite3",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="The SQLite file that keeps the games (seed, seats, choices): a restart loses "
    "nothing. A new file, or one this command made; another program's database, a "
    "device or an empty path is refused.",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 60),
    default=BOT_DELAY,
    show_default=True,
    help="Seconds between two decisions of the bots in one game, so that a person can "
    "follow them (0: as fast as they come). Bots play in the background, one decision at "
    "a time, the games taking turns.",
)
@click.option(
    "--workshop",
    "workshop_dir",
    type=click.Path(file_okay=False, dir_okay=True, exists=True),
    help="Keep the mods of the workshop (/workshop) in this folder, one sub-folder per "
    "mod, instead of in the --db file. A file changes only when it is saved there.",
)
@rules_options
@guarded
def serve_command(host, port, db_path, bot_delay, workshop_dir, rules):
    """Play in the browser: a start page (players, people and bots, rules, language,
    seed), the table drawn from the state, a link with a secret for each person's seat.
    At /workshop, write a mod in the browser: checked as you type, its cards shown in
    every language, tried in a test game or a quick simulation, downloaded as a zip.

    Needs the web extra (pip install 'black-angel-rules[web]').
    """
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError as exc:
        raise UsageError(f"ba serve needs the web extra: {WEB_EXTRA} ({exc})") from exc
    if db_path == ":memory:":  # Storage's in-memory database, for tests: gone at a restart
        raise UsageError("--db :memory: would lose every game at a restart; give a file")
    ruleset = compiled(rules)
    languages = available_languages(mod_locale_dirs(rules.locale_paths()))
    listener = listen(host, port)  # a port in use: an error before anything is made
    app = create_app(  # bad --db: exit 2
        db_path,
        ruleset,
        languages,
        bot_delay=bot_delay,
        workshop=workshop_dir,
        base_rules=workshop_base(rules),
    )
    shown = f"[{host}]" if ":" in host else host
    port = listener.getsockname()[1]  # the port the system chose for --port 0
    program = app.state.games.programs("en")
    values = {"title": program.title, "host": shown, "port": port}
    click.echo(program.text.fill(SERVING, values))
    config = uvicorn.Config(app, log_level="warning")
    uvicorn.Server(config).run(sockets=[listener])
    return 0


def workshop_base(rules: Rules) -> list[str]:
    """The rules the workshop layers its mods on: the rule set given with --rules (not
    layered), else the game's own (a mod given with --base is not under the workshop's)."""
    paths, base, under = rules.sources()
    if not base:
        return paths
    return under


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to the address, as uvicorn would bind it; UsageError if it cannot be."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listener = socket.socket(family, kind, proto)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
    except OSError as exc:
        listener.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return listener
