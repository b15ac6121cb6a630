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


class LiveServer:
    """`ba serve`'s app under uvicorn in a thread, on one port and one database file; it
    can be stopped and started again (a new app over the same file), as a restart does."""

    def __init__(self, db: Path):
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.app = None
        self.uv = None
        self.thread = None

    def start(self) -> None:
        import uvicorn

        from blackangel.web.app import create_app

        self.app = create_app(self.db, bot_delay=0.05)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            timeout_graceful_shutdown=1,
        )
        self.uv = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uv.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.uv.started:
                break
            time.sleep(0.05)
        assert self.uv.started, "uvicorn did not start"

    def stop(self) -> None:
        self.uv.should_exit = True
        self.thread.join(timeout=10)
        assert not self.thread.is_alive(), "uvicorn did not stop"


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path / "games.sqlite3")
    server.start()
    yield server
    if server.thread.is_alive():
        server.stop()


@pytest.fixture
def server(live):
    return live.app, live.base


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
        done: set[str] = set()
        marks: set[bool] = set()
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
            # the log marks what was logged since this seat's last answer (none at first)
            marked = browser.evaluate("document.querySelectorAll('#log li.new').length")
            assert clicks > 0 or marked == 0
            marks.add(marked > 0)
            done |= {browser_step(browser, done, app, steps)}
            clicks += 1
        else:
            raise AssertionError(f"the game did not end in {DEADLINE} s ({clicks} clicks)")
        shown = browser.evaluate(
            "[...document.querySelectorAll('#final-scores tr')].slice(1)"
            ".map(row => Number(row.lastElementChild.textContent))"
        )
        game_id = browser.evaluate("document.getElementById('game').dataset.game")
    finally:
        browser.close()

    assert clicks > 10 and True in marks
    assert {"face", "card place", "place", "keys", "play shown"} <= done, done
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


FIRST_OPTION = "document.querySelector('#decision button[data-option]').click(), true"
CLICK = "(el => (el.dispatchEvent(new MouseEvent('click', {bubbles: true})), true))"
DETAIL = (
    "(() => { const d = document.getElementById('detail'); return !d.hidden && d.innerText; })()"
)


def browser_step(browser: Browser, done: set[str], app, steps: str) -> str:
    """One answer in the browser, trying each way a person has once: a tap on a card of
    the hand opens its face (and closes it); a tap on a card that an option names opens
    its face with a button that chooses it; a tap on a place (a hex, a die, an action)
    chooses it; an option numbered 10 or more is typed; a card's option shows the card
    and its effect. Otherwise the first option's button. Returns what it did."""
    if "face" not in done:
        shown = browser.evaluate(
            f"(() => {{ const c = document.querySelector('#table svg.player "
            f"[data-card]:not(.clickable)'); return c ? {CLICK}(c) && c.dataset.card : ''; }})()"
        )
        if shown:
            text = browser.wait_for(DETAIL)
            assert shown in text and len(text) > len(shown) + 20, text
            browser.evaluate("document.querySelector('#detail button:last-child').click(), true")
            browser.wait_for("document.getElementById('detail').hidden")
            return "face"
    if "play shown" not in done and browser.evaluate(
        "!!document.querySelector('#decision button[data-option^=\"play:\"]')"
    ):
        assert browser.evaluate(
            "[...document.querySelectorAll('#decision button[data-option^=\"play:\"]')]"
            ".every(b => b.querySelector('.chip') && b.querySelector('.effect'))"
        )
        done.add("play shown")
    if "card place" not in done and browser.evaluate(
        f"(() => {{ const c = document.querySelector('#table .clickable[data-card]');"
        f" return c ? {CLICK}(c) : false; }})()"
    ):
        browser.wait_for(DETAIL)
        browser.evaluate("document.querySelector('#detail button.primary').click(), true")
        wait_moved(browser, steps)
        return "card place"
    if "place" not in done and browser.evaluate(
        f"(() => {{ const c = document.querySelector('#table .clickable:not([data-card])');"
        f" return c ? {CLICK}(c) : false; }})()"
    ):
        wait_moved(browser, steps)
        return "place"
    options = browser.evaluate(
        "[...document.querySelectorAll('#decision button[data-option]')].map(b => b.dataset.option)"
    )
    if "keys" not in done and len(options) >= 10:
        for key in "10":
            browser.send("Input.dispatchKeyEvent", type="keyDown", key=key, text=key)
            browser.send("Input.dispatchKeyEvent", type="keyUp", key=key)
        wait_moved(browser, steps)
        game_id = browser.evaluate("document.getElementById('game').dataset.game")
        assert app.state.games.storage.load(game_id).choices[int(steps)] == options[9]
        return "keys"
    browser.evaluate(FIRST_OPTION)
    wait_moved(browser, steps)
    return "button"


def wait_moved(browser: Browser, steps: str) -> None:
    browser.wait_for(
        f"document.getElementById('game').dataset.steps !== '{steps}'"
        " || document.getElementById('game').dataset.state === 'error'"
    )


GAME = (
    "(() => { const g = document.getElementById('game');"
    " return g ? g.dataset.state + ' ' + g.dataset.steps : ''; })()"
)
STATUS = (
    "(() => { const s = document.getElementById('status');"
    " return s && !s.hidden ? s.dataset.kind + ': ' + s.textContent : ''; })()"
)


def api(base: str, path: str, body: dict | None = None) -> dict:
    """One call of the JSON API (a POST when there is a body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path, data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


@pytest.mark.slow
def test_the_page_rides_out_a_stopped_server_and_the_game_goes_on(chromium, live):
    """Seat 1 in the browser, seat 2 played over the API. The server is stopped once
    while the page waits (it must say so, keep polling, and see seat 2's move after the
    restart) and once just before a click (the click fails, the page says so and gives
    the buttons back); once seat 1's decision is answered elsewhere before the click (a
    409: the page says the game moved on and shows the new state). Then the game is
    played to its end."""
    from blackangel.dsl.i18n import translator
    from blackangel.web import page

    tr = translator("en")
    lost_words = tr.gettext(page.RETRYING).split("{")[0]
    moved_words = tr.gettext(page.MOVED_ON)
    body = {"players": 2, "seats": ["person", "person"], "seed": SEED, "lang": "en"}
    game = api(live.base, "/api/games", body)
    tokens = [seat["token"] for seat in game["seats"]]
    browser = Browser(chromium)
    waited, clicked, moved = False, False, False
    try:
        browser.send("Page.enable")
        browser.send("Page.navigate", url=live.base + game["seats"][0]["link"])
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            view = api(live.base, f"/api/games/{game['id']}?token={tokens[0]}")
            if view["over"]:
                break
            steps = view["steps"]
            if view["decision"]["player"] == 1:
                if not waited:
                    browser.wait_for(f"{GAME} === 'waiting {steps}'")
                    live.stop()
                    assert lost_words in browser.wait_for(STATUS)
                    live.start()
                    browser.wait_for(f"{STATUS} === '' && {GAME} === 'waiting {steps}'")
                    waited = True
                first = api(live.base, f"/api/games/{game['id']}?token={tokens[1]}")
                option = first["decision"]["options"][0]["id"]
                api(
                    live.base,
                    f"/api/games/{game['id']}/act",
                    {"option": option, "token": tokens[1], "step": steps},
                )
                continue
            browser.wait_for(f"{GAME} === 'ready {steps}'")
            if not clicked:
                live.stop()
                browser.evaluate(FIRST_OPTION)
                assert lost_words in browser.wait_for(STATUS)
                browser.wait_for(
                    f"{GAME} === 'offline {steps}' && [...document.querySelectorAll("
                    "'#decision button')].every((b) => !b.disabled)"
                )
                live.start()
                browser.wait_for(f"{STATUS} === '' && {GAME} === 'ready {steps}'")
                clicked = True
            elif not moved:
                option = view["decision"]["options"][0]["id"]
                api(
                    live.base,
                    f"/api/games/{game['id']}/act",
                    {"option": option, "token": tokens[0], "step": steps},
                )
                browser.evaluate(FIRST_OPTION)
                assert browser.wait_for(STATUS) == "refused: " + moved_words
                browser.wait_for(f"{GAME}.split(' ')[1] === '{steps + 1}'")
                moved = True
                continue
            browser.evaluate(FIRST_OPTION)
            browser.wait_for(f"{GAME}.split(' ')[1] !== '{steps}'")
        else:
            raise AssertionError(f"the game did not end in {DEADLINE} s")
        browser.wait_for(f"{GAME}.startsWith('over ')")
        shown = browser.evaluate(
            "[...document.querySelectorAll('#final-scores tr')].slice(1)"
            ".map(row => Number(row.lastElementChild.textContent))"
        )
    finally:
        browser.close()
    assert waited and clicked and moved
    final = api(live.base, f"/api/games/{game['id']}")
    assert final["over"] and shown == [seat["total"] for seat in final["scores"]["seats"]]


def test_the_start_page_says_when_the_server_is_gone_and_starts_the_game_after(chromium, live):
    """The start form is submitted while the server is stopped: the page says the server
    did not answer and gives the button back; after a restart the same form starts the
    game (one person seat: the page goes to its table)."""
    from blackangel.dsl.i18n import translator
    from blackangel.web import page

    unreachable = translator("pl").gettext(page.UNREACHABLE)
    browser = Browser(chromium)
    try:
        browser.send("Page.enable")
        browser.send("Page.navigate", url=f"{live.base}/?lang=pl")
        browser.wait_for("document.readyState === 'complete' && !!document.getElementById('start')")
        fill = f"""(() => {{
          const form = document.getElementById('start');
          form.players.value = '2'; form.players.dispatchEvent(new Event('change'));
          form.seat0.value = 'person'; form.seat1.value = 'greedy';
          form.seed.value = '{SEED}';
          document.getElementById('start-button').click();
          return true;
        }})()"""
        live.stop()
        browser.evaluate(fill)
        shown = browser.wait_for("document.getElementById('error').textContent")
        assert shown == unreachable
        browser.wait_for("!document.getElementById('start-button').disabled")
        assert browser.evaluate("location.pathname") == "/"
        live.start()
        browser.evaluate(fill)
        browser.wait_for(
            "!!document.getElementById('game') && !!document.getElementById('game').dataset.state"
        )
        assert browser.evaluate("location.pathname").startswith("/games/")
    finally:
        browser.close()


def test_whoever_started_a_game_finds_its_links_again_on_the_start_page(chromium, live):
    """A 2-person game started in the browser: back on the start page its seat links
    and the spectator link are listed again (kept in that browser only); "forget"
    removes them from the page and from the browser's storage."""
    from blackangel.dsl.i18n import translator
    from blackangel.web import page

    heading = translator("de").gettext(page.STARTED_GAMES)
    browser = Browser(chromium)
    try:
        browser.send("Page.enable")
        browser.send("Page.navigate", url=f"{live.base}/?lang=de")
        browser.wait_for("document.readyState === 'complete' && !!document.getElementById('start')")
        assert browser.evaluate("document.getElementById('started').hidden")
        browser.evaluate(
            """(() => {
              const form = document.getElementById('start');
              form.players.value = '2'; form.players.dispatchEvent(new Event('change'));
              form.seat0.value = 'person'; form.seat1.value = 'person';
              document.getElementById('start-button').click();
              return true;
            })()"""
        )
        links = "[...document.querySelectorAll('#SECTION a')].map((a) => a.getAttribute('href'))"
        given = browser.wait_for(links.replace("SECTION", "links"))
        assert len(given) == 3 and all(href.startswith("/games/") for href in given)
        browser.send("Page.navigate", url=f"{live.base}/?lang=de")
        browser.wait_for("document.readyState === 'complete' && !!document.getElementById('start')")
        assert browser.wait_for("document.querySelector('#started h2')?.textContent") == heading
        assert browser.evaluate(links.replace("SECTION", "started")) == given
        browser.evaluate("document.getElementById('forget-games').click(), true")
        browser.wait_for("document.getElementById('started').hidden")
        assert browser.evaluate("localStorage.getItem('ba-started-games')") == "[]"
    finally:
        browser.close()


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
WATCHED = (
    "(() => { const g = document.getElementById('game');"
    " return g && g.dataset.steps ? [Number(g.dataset.steps), Number(g.dataset.latest),"
    " document.querySelectorAll('#log li').length,"
    " document.querySelectorAll('#table .change-mark').length] : null; })()"
)

# the animation of a change mark on the table, read in one go (null while there is none)
MARK_ANIMATION = (
    "(() => { const mark = document.querySelector('#table .change-mark');"
    " return mark ? getComputedStyle(mark).animationName : null; })()"
)


def test_a_spectator_follows_a_bot_game_decision_by_decision_and_sees_what_changed(
    chromium, tmp_path
):
    """An all-bot game watched by a spectator: the page shows its decisions one at a
    time (steps 1, 2, 3... each seen, the log growing with them) while the game runs
    ahead; pieces of the table that changed are framed, and the frame fades (or, with
    reduced motion, does not fade but goes at once); Pause stops the page where it is
    while the game goes on, Next decision shows one more, and the button for the game as
    it is now catches up."""
    server = LiveServer(tmp_path / "games.sqlite3")
    server.start()
    browser = Browser(chromium)
    try:
        game = api(server.base, "/api/games", {"players": 2, "seats": ["greedy", "greedy"]})
        browser.send("Page.enable")
        browser.send("Page.navigate", url=server.base + game["spectator"])
        browser.wait_for(WATCHED)
        seen: list[list[int]] = []
        framed = None
        end = time.monotonic() + 240  # a deadline for a loaded machine, not a speed
        while len(seen) < 40 and time.monotonic() < end:
            now = browser.evaluate(WATCHED)
            if not seen or now[0] != seen[-1][0]:
                seen.append(now)
                if now[3] and framed is None:  # (the page may have moved on meanwhile)
                    framed = browser.evaluate(MARK_ANIMATION)
            time.sleep(0.02)
        steps = [s[0] for s in seen]
        assert len(steps) >= 40 and steps[1:] == list(range(steps[1], steps[1] + len(steps) - 1))
        assert any(s[1] > s[0] for s in seen)  # the game ran ahead of the page
        assert all(a[2] <= b[2] for a, b in zip(seen, seen[1:]))  # the log grew with it
        assert sum(1 for s in seen if s[3]) > 5 and framed == "change-fade"
        browser.evaluate("document.getElementById('watch-pause').click(), true")
        held = browser.wait_for(
            "document.getElementById('watch-pause').getAttribute('aria-pressed') === 'true'"
            f" && {WATCHED}"
        )
        time.sleep(1.5)
        still = browser.evaluate(WATCHED)
        assert still[0] == held[0] and still[1] > still[0]
        assert browser.evaluate("!document.getElementById('watch-next').hidden")
        browser.evaluate("document.getElementById('watch-next').click(), true")
        browser.wait_for(f"{WATCHED}[0] === {held[0] + 1}")
        time.sleep(1.0)
        assert browser.evaluate(WATCHED)[0] == held[0] + 1  # still paused
        browser.send(
            "Emulation.setEmulatedMedia",
            features=[{"name": "prefers-reduced-motion", "value": "reduce"}],
        )
        browser.evaluate("document.getElementById('watch-now').click(), true")
        browser.wait_for(
            f"(() => {{ const w = {WATCHED};"
            f" return w && w[0] === w[1] && w[0] > {held[0] + 1}; }})()"
        )
        browser.evaluate("document.getElementById('watch-pause').click(), true")  # go on
        assert browser.wait_for(MARK_ANIMATION, timeout=120) == "change-hide"
    finally:
        browser.close()
        server.stop()


SIZES = """(() => {
  const seen = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const small = [...document.querySelectorAll('button, select, a, input')].filter(seen)
    .map((e) => { const r = e.getBoundingClientRect();
      const name = e.id || e.className || e.textContent.trim().slice(0, 30);
      return [name, Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < 40 || h < 40);
  return {wide: document.scrollingElement.scrollWidth, view: innerWidth, small};
})()"""


def test_on_a_phone_the_table_the_decision_and_the_log_fit_the_width(chromium, live, tmp_path):
    """A 390x844 phone plays part of a game against a bot: at every decision the page is
    no wider than the screen, every button, list and link the page shows is at least 40 px
    each way, a tap on a card of the hand opens its whole face in a panel on the screen in
    text of a readable size, the decision leaves most of the screen to the table, its
    options fold away (and come back) at a tap, at a decision after the bot's turn
    what changed since the person's last answer is marked on the table, and the end of a
    game (its scores) fits the width too.
    Screenshots are saved (BA_SHOTS names a folder to keep them in) for a person to look at."""
    import base64
    import os

    shots = Path(os.environ.get("BA_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    game = api(
        live.base,
        "/api/games",
        {"players": 2, "seats": ["person", "greedy"], "seed": SEED, "lang": "pl"},
    )
    browser = Browser(chromium)

    def shot(name: str) -> None:
        data = browser.send("Page.captureScreenshot", format="png")["data"]
        (shots / f"phone-{name}.png").write_bytes(base64.b64decode(data))

    try:
        browser.send("Emulation.setDeviceMetricsOverride", **PHONE)
        browser.send("Page.enable")
        browser.send("Page.navigate", url=live.base + game["seats"][0]["link"])
        faced = folded = False
        since_answer = 0  # decisions after the bot's turn with what it changed marked
        for answered in range(25):
            state = browser.wait_for(f"['ready', 'over'].includes({GAME}.split(' ')[0]) && {GAME}")
            status, steps = state.split()
            if status == "over":
                break
            last = browser.evaluate("document.getElementById('game').dataset.answered || ''")
            if last and int(steps) > int(last):
                browser.wait_for("!!document.querySelector('#table .since-answer')")
                since_answer += 1
            sizes = browser.evaluate(SIZES)
            assert sizes["wide"] <= sizes["view"] and not sizes["small"], sizes
            decided = browser.evaluate(
                "document.getElementById('decision').getBoundingClientRect().height"
            )
            assert decided < 0.6 * PHONE["height"], decided
            if answered in (0, 8):
                shot(f"decision-{answered}")
            if not folded and browser.evaluate(
                "document.querySelectorAll('#decision button[data-option]').length >= 3"
            ):  # the options fold away and come back
                browser.evaluate("document.querySelector('#decision button.fold').click(), true")
                assert browser.evaluate(
                    "document.getElementById('decision').getBoundingClientRect().height < 200"
                    " && !document.querySelector('#decision button[data-option]').offsetParent"
                )
                shot("folded")
                browser.evaluate("document.querySelector('#decision button.fold').click(), true")
                assert browser.evaluate(
                    "!!document.querySelector('#decision button[data-option]').offsetParent"
                )
                folded = True
            if not faced:
                card = browser.evaluate(
                    "(() => { const c = document.querySelector('#table svg.player "
                    f"[data-card]:not(.clickable)'); return c ? {CLICK}(c) && c.dataset.card"
                    " : ''; })()"
                )
                if card:
                    browser.wait_for(DETAIL)
                    panel = browser.evaluate(
                        "(() => { const d = document.getElementById('detail');"
                        " const r = d.getBoundingClientRect();"
                        " const li = d.querySelector('li');"
                        " return [r.left, r.right, r.top, r.bottom,"
                        " li ? parseFloat(getComputedStyle(li).fontSize) : 0]; })()"
                    )
                    left, right, top, bottom, size = panel
                    assert left >= 0 and right <= PHONE["width"] and top >= 0
                    assert bottom <= PHONE["height"] and size >= 14, panel
                    assert not browser.evaluate(SIZES)["small"]
                    shot("face")
                    browser.evaluate(
                        "document.querySelector('#detail button:last-child').click(), true"
                    )
                    browser.wait_for("document.getElementById('detail').hidden")
                    faced = True
            browser.evaluate(FIRST_OPTION)
            wait_moved(browser, steps)
        browser.evaluate("document.getElementById('log-box').scrollIntoView(), true")
        shot("log")
        assert browser.evaluate(SIZES)["wide"] <= PHONE["width"]
        # the end of a game, with its table of scores, fits too: two bots' game, when over
        ended = api(
            live.base,
            "/api/games",
            {"players": 2, "seats": ["greedy", "greedy"], "seed": SEED, "lang": "pl"},
        )
        for _ in range(3000):  # a guard against a hang, not a measure of speed
            if api(live.base, f"/api/games/{ended['id']}")["over"]:
                break
            time.sleep(0.1)
        browser.send("Page.navigate", url=live.base + ended["spectator"])
        browser.wait_for(f"{GAME}.startsWith('over')")
        shot("end")
        assert browser.evaluate(SIZES)["wide"] <= PHONE["width"]
    finally:
        browser.close()
    assert faced and folded and since_answer > 0


# typed without indentation: text inserted at once turns leading spaces into no-break ones
WORKSHOP_CARD = """mission m001 {{
color orange
reward 1 vp
reveals orange
activation: take {ships} {what}, gain 1 vp
}}
"""
# the editor lives in a shadow root (its styles are constructed there: see editor.mjs)
IN_EDITOR = "document.getElementById('editor').shadowRoot.querySelector"
CM = f"{IN_EDITOR}('.cm-content')"
LINT_ERROR = f"!!{IN_EDITOR}('.cm-lint-marker-error')"
FACE = "#cards [data-card='m001'] .face[data-lang='pl']"
POLISH_FACE = (
    f"(() => {{ const f = document.querySelector(\"{FACE}\"); return f ? f.innerText : ''; }})()"
)


def type_over(browser: Browser, text: str) -> None:
    """Select the whole file in the editor (Ctrl+A) and type `text` over it."""
    browser.evaluate(f"{CM}.focus(), true")
    browser.send(
        "Input.dispatchKeyEvent",
        type="keyDown",
        modifiers=2,
        key="a",
        code="KeyA",
        windowsVirtualKeyCode=65,
        commands=["selectAll"],
    )
    browser.send("Input.dispatchKeyEvent", type="keyUp", modifiers=2, key="a", code="KeyA")
    browser.send("Input.insertText", text=text)


def test_the_workshop_shows_an_error_as_typed_then_the_cards_text_then_plays_it(chromium, live):
    """A new mod in the browser's workshop: a typo is shown in the gutter and the list of
    problems with its code and hint; once fixed the card's text appears in English,
    Polish and German and follows an edit; the mod is saved; a quick simulation is summed
    up; a test game starts with the mod's rules (the page would ask before leaving unsaved
    changes)."""
    browser = Browser(chromium)
    try:
        browser.send("Page.enable")
        browser.send("Page.navigate", url=f"{live.base}/workshop?lang=en")
        browser.wait_for("document.readyState === 'complete' && !!window.BAEditor")
        browser.evaluate(
            "document.getElementById('new-mod').value = 'typed',"
            " document.getElementById('create-mod').click(), true"
        )
        browser.wait_for(f"!document.getElementById('bench').hidden && !!{CM}")
        type_over(browser, WORKSHOP_CARD.format(ships=2, what="shipp"))
        problem = browser.wait_for(
            "(() => { const p = document.querySelector('#problems li.problem.error');"
            " return p ? p.innerText : ''; })()"
        )
        assert "shipp" in problem and "line 5" in problem and "ship" in problem, problem
        browser.wait_for(LINT_ERROR)
        # highlighted from the game's vocabulary: a primitive in its colour (editor.mjs)
        colours = browser.evaluate(
            f"Object.fromEntries([...{IN_EDITOR}All('.cm-line span')]"
            ".map(s => [s.textContent, getComputedStyle(s).color]))"
        )
        assert colours.get("take") == "rgb(0, 85, 170)", colours
        assert colours.get("activation") == "rgb(119, 0, 136)", colours
        assert browser.evaluate("document.getElementById('cards').children.length") == 0

        type_over(browser, WORKSHOP_CARD.format(ships=2, what="ship"))
        browser.wait_for("!!document.querySelector('#problems li.none')")
        polish = browser.wait_for(POLISH_FACE)
        assert "2" in polish and "statk" in polish, polish
        faces = browser.evaluate(
            "[...document.querySelectorAll('#cards [data-card=\"m001\"] .face')]"
            ".map(f => f.dataset.lang).join(' ')"
        )
        assert faces == "en pl de"
        assert not browser.evaluate(LINT_ERROR)

        type_over(browser, WORKSHOP_CARD.format(ships=3, what="ship"))
        changed = browser.wait_for(
            f"(() => {{ const t = {POLISH_FACE}; return t.includes('3') ? t : ''; }})()"
        )
        assert changed != polish and "statk" in changed
        english = browser.evaluate(
            'document.querySelector(\'#cards [data-card="m001"] .face[data-lang="en"]\').innerText'
        )
        assert "3 ships" in english, english

        browser.evaluate("document.getElementById('save').click(), true")
        browser.wait_for("!document.querySelector('#file-list button').textContent.includes('•')")
        saved = api(live.base, "/api/workshop/mods/typed")["files"]["cards.ba"]
        assert saved == WORKSHOP_CARD.format(ships=3, what="ship"), saved
        browser.evaluate(
            "document.getElementById('sim-games').value = '1',"
            " document.getElementById('simulate').click(), true"
        )
        summary = browser.wait_for(
            "(() => { const s = document.getElementById('simulation');"
            " return s.dataset.done ? s.innerText : ''; })()",
            timeout=120,
        )
        assert "Wins by seat" in summary and "Scores" in summary, summary
        browser.evaluate("document.getElementById('start-test').click(), true")
        link = browser.wait_for(
            "(() => { const a = document.getElementById('test-game'); return a ? a.href : ''; })()"
        )
        browser.send("Page.navigate", url=link)
        browser.wait_for("!!document.querySelector('#decision button[data-option]')")
        steps = browser.evaluate("document.getElementById('game').dataset.steps")
        browser.evaluate(FIRST_OPTION)
        wait_moved(browser, steps)
        assert browser.evaluate("document.getElementById('game').dataset.state") != "error"
    finally:
        browser.close()
