"""A real browser plays a game through the page: the system's Chromium, headless, driven
over the Chrome DevTools Protocol (websocket-client), against `ba serve`'s app under
uvicorn on a free port. It starts a seeded 2-player game on the start page (seat 1 a
person, seat 2 the greedy bot), clicks the first option button until the game is over,
and checks the final scores the page shows against the engine's replay of the same seed
and choices.

Chromium comes from the system's packages (`apt-get install chromium`); a browser is
never downloaded at run time. Without it the test is skipped, unless BA_REQUIRE_BROWSER=1
(set by `.ci/run`, which installs it) makes that a failure; BA_CHROMIUM names another
Chromium or Chrome binary.
"""

from __future__ import annotations

import itertools
import json
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from system_programs import system_program

SEED = 7
DEADLINE = 240  # seconds for the whole game


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    import uvicorn

    from blackangel.web.app import create_app

    app = create_app(tmp_path / "games.sqlite3")
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if uv.started:
            break
        time.sleep(0.05)
    assert uv.started, "uvicorn did not start"
    yield app, f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=10)


class Browser:
    """One headless Chromium with one page, spoken to over the DevTools Protocol."""

    def __init__(self, chromium: Path):
        import websocket

        self.profile = tempfile.mkdtemp(prefix="ba-chromium-")
        self.process = subprocess.Popen(
            [
                str(chromium),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                f"--user-data-dir={self.profile}",
                "--window-size=1200,1400",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_file = Path(self.profile) / "DevToolsActivePort"
        for _ in range(300):
            if port_file.exists() and port_file.read_text().strip():
                break
            time.sleep(0.1)
        else:
            self.close()
            raise AssertionError("Chromium did not open its DevTools port")
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
            pages = [t for t in json.load(answer) if t["type"] == "page"]
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=60)
        self.ids = itertools.count(1)

    def send(self, method: str, **params) -> dict:
        number = next(self.ids)
        self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == number:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]

    def evaluate(self, expression: str):
        result = self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                value = self.evaluate(expression)
            except AssertionError:  # the page is being replaced (a navigation)
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {expression}")

    def close(self) -> None:
        if getattr(self, "ws", None) is not None:
            self.ws.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture
def chromium() -> Path:
    return system_program(
        ("chromium", "chromium-browser"),
        override="BA_CHROMIUM",
        required_by="BA_REQUIRE_BROWSER",
        install="apt-get install chromium",
    )


@pytest.mark.slow
def test_a_browser_plays_a_seeded_game_to_the_end_by_clicking(chromium, server):
    from blackangel.dsl.compiler import load_shipped
    from blackangel.interpreter import replay
    from blackangel.interpreter.engine import Engine
    from blackangel.interpreter.program import build

    app, base = server
    browser = Browser(chromium)
    try:
        browser.send("Page.enable")
        browser.send("Page.navigate", url=f"{base}/?lang=en")
        browser.wait_for("document.readyState === 'complete' && !!document.getElementById('start')")
        # the start form: 2 players, seat 1 a person, seat 2 the greedy bot, a seed
        browser.evaluate(
            f"""(() => {{
              const form = document.getElementById('start');
              form.players.value = '2'; form.players.dispatchEvent(new Event('change'));
              form.seat0.value = 'person'; form.seat1.value = 'greedy';
              form.seed.value = '{SEED}'; form.lang.value = 'en';
              document.getElementById('start-button').click();
              return true;
            }})()"""
        )
        browser.wait_for(
            "!!document.getElementById('game') && !!document.getElementById('game').dataset.state"
        )
        clicks = 0
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            state = browser.wait_for(
                "(() => { const g = document.getElementById('game');"
                " return g && ['ready', 'over', 'error'].includes(g.dataset.state)"
                " ? g.dataset.state + ' ' + g.dataset.steps : ''; })()"
            )
            status, steps = state.split()
            assert status != "error", browser.evaluate("document.body.innerText")
            if status == "over":
                break
            browser.evaluate("document.querySelector('#decision button').click(), true")
            clicks += 1
            browser.wait_for(
                f"document.getElementById('game').dataset.steps !== '{steps}'"
                " || document.getElementById('game').dataset.state === 'error'"
            )
        else:
            raise AssertionError(f"the game did not end in {DEADLINE} s ({clicks} clicks)")
        shown = browser.evaluate(
            "[...document.querySelectorAll('#final-scores tr')].slice(1)"
            ".map(row => Number(row.lastElementChild.textContent))"
        )
        game_id = browser.evaluate("document.getElementById('game').dataset.game")
    finally:
        browser.close()

    assert clicks > 10
    stored = app.state.games.storage.load(game_id)
    assert stored.settings.seed == SEED and stored.settings.seats == ["person", "greedy"]
    data = build(load_shipped())
    engine = Engine.new_game(data, 2, SEED, stored.settings.rulings, stored.settings.variants)
    for option in stored.choices:
        engine.apply(option)
    assert engine.is_terminal()
    assert shown == engine.state["scores"]
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/replay") as answer:
        recorded = replay.load(answer.read().decode())
    assert replay.rerun(data, recorded).state["scores"] == shown
