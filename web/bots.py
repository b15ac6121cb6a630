"""The bots of the web app's games, played in the background.

Bots do not play inside a request: a start or an answer only wakes them, and the
request answers at once. One thread plays every game's bots, one decision at a time,
and the games with a bot to move take turns (the soonest due first), so a flood of
bot games shares one core, a seat's view never waits for a bot, and a spectator sees a
bot's turn decision by decision. `delay` seconds pass between two decisions of the same
game (0: as fast as they come), so that a person can follow them.

Which option a bot takes does not depend on when it plays: its agent is seeded from the
game's seed, the seat and the step (`session.bot_seed`).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)
DELAY = 0.5  # seconds between two bot decisions of one game, by default: a person can follow


class BotPlayer:
    """Plays bot decisions for the games it is woken for. `play_one(game_id)` plays one
    decision of that game if a bot must make it, and says whether a bot decides next."""

    def __init__(self, play_one: Callable[[str], bool], delay: float):
        self.play_one = play_one
        self.delay = delay
        self._due: list[tuple[float, int, str]] = []  # (when, order, game id): a heap
        self._queued: set[str] = set()
        self._busy: str | None = None
        self._order = itertools.count()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False

    def wake(self, game_id: str, after: float = 0.0) -> None:
        """Have the bots of this game play (if they must), `after` seconds from now."""
        with self._changed:
            if self._stopping or game_id in self._queued:
                return
            self._queued.add(game_id)
            heapq.heappush(self._due, (time.monotonic() + after, next(self._order), game_id))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="bots", daemon=True)
                self._thread.start()
            self._changed.notify()

    def idle(self) -> bool:
        """True when no game waits for its bots."""
        with self._changed:
            return not self._queued and self._busy is None

    def stop(self) -> None:
        """Stop playing (the server shuts down); a bot's turn left over goes on when the
        game is next loaded."""
        with self._changed:
            self._stopping = True
            self._changed.notify()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=30)

    def _next(self) -> str | None:
        with self._changed:
            while True:
                if self._stopping:
                    return None
                if self._due:
                    wait = self._due[0][0] - time.monotonic()
                    if wait <= 0:
                        _, _, game_id = heapq.heappop(self._due)
                        self._queued.discard(game_id)
                        self._busy = game_id
                        return game_id
                    self._changed.wait(wait)
                else:
                    self._changed.wait()

    def _run(self) -> None:
        while (game_id := self._next()) is not None:
            try:
                again = self.play_one(game_id)
            except Exception:  # one game's failure must not stop the others' bots
                log.exception("the bots of game %s stopped", game_id)
                again = False
            with self._changed:  # re-queued before it is not busy: never idle between
                self._busy = None
                if again:
                    self.wake(game_id, self.delay)
