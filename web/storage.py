"""Games, and the workshop's mods, kept in SQLite (the standard library's sqlite3): a
game is what it was started with (seed, players, rulings, variants, language, who sits at
each seat, each seat's secret token) and the list of its choices. The state is never
stored: it is rebuilt by replaying the choices (web/session.py), so a restart of the
server loses nothing and a stored game is always one the engine can verify. A mod of
the workshop (web/mods.py) is its name and the text of each of its files.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..dsl.errors import EngineError

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    settings TEXT NOT NULL  -- JSON: Settings below, less the seats
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,   -- person, or a bot's name
    token TEXT,           -- a person's secret (None for a bot)
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS choices (
    game TEXT NOT NULL REFERENCES games(id),
    step INTEGER NOT NULL,  -- 0, 1, 2...: the order of the choices
    option TEXT NOT NULL,   -- the option id answered
    PRIMARY KEY (game, step)
);
CREATE TABLE IF NOT EXISTS mods (
    name TEXT PRIMARY KEY,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS mod_files (
    mod TEXT NOT NULL REFERENCES mods(name),
    name TEXT NOT NULL,  -- cards.ba, locales/pl/LC_MESSAGES/mod.po...
    text TEXT NOT NULL,
    PRIMARY KEY (mod, name)
);
"""

# PRAGMA application_id of our files ("BAng"): a database with tables but another id
# belongs to another program and is refused, never written to
APPLICATION_ID = 0x42416E67
GAME_COLUMNS = {
    "games": ["id", "created", "settings"],
    "seats": ["game", "seat", "kind", "token"],
    "choices": ["game", "step", "option"],
}
COLUMNS = {
    **GAME_COLUMNS,  # a file from before the workshop has these only: its tables are added
    "mods": ["name", "created"],
    "mod_files": ["mod", "name", "text"],
}

PERSON = "person"


class StorageError(EngineError):
    """A database file that cannot keep the games: not SQLite, another program's, not ours."""


@dataclass
class Settings:
    """What a game was started with: enough, with its choices, to play it again."""

    players: int
    seed: int
    seats: list[str]  # per seat: "person" or a bot's name (random, greedy, mcts)
    rulings: dict[str, str] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)
    lang: str = "en"
    # a person's decision with one option is answered by itself (and logged as such);
    # games stored before this setting existed had it off
    auto: bool = True

    def to_json(self) -> str:
        return json.dumps(
            {
                "players": self.players,
                "seed": self.seed,
                "rulings": self.rulings,
                "variants": self.variants,
                "lang": self.lang,
                "auto": self.auto,
            }
        )


@dataclass
class Stored:
    """A game as stored: its settings, its seats' tokens and its choices."""

    id: str
    settings: Settings
    tokens: list[str | None]  # per seat: a person's token, None for a bot
    choices: list[str]


class Storage:
    """One SQLite file (":memory:" for a database that lives as long as the object).
    Safe to share between the threads of a server: one connection, one lock."""

    def __init__(self, path: str | Path = ":memory:"):
        self.path = str(path)
        self._lock = threading.Lock()
        if self.path != ":memory:":
            _check_path(self.path)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database '{self.path}': {exc}") from None
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._adopt()
        except sqlite3.Error as exc:
            self._db.close()
            raise StorageError(f"'{self.path}' is not a usable SQLite database ({exc})") from None
        except StorageError:
            self._db.close()
            raise

    def _adopt(self) -> None:
        """Create our tables in an empty database and mark it ours; accept one that is
        ours (or unmarked with exactly the games' tables, from before the mark), adding the
        tables it lacks; refuse any other."""
        tables = {
            name: [c[1] for c in self._db.execute(f"PRAGMA table_info('{name}')")]
            for (name,) in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        mark = self._db.execute("PRAGMA application_id").fetchone()[0]
        if mark not in (0, APPLICATION_ID) or (tables and mark == 0 and tables != GAME_COLUMNS):
            raise StorageError(f"'{self.path}' is another program's database; give --db a new file")
        if any(COLUMNS.get(name) != columns for name, columns in tables.items()):
            raise StorageError(
                f"'{self.path}' has tables this version does not know: " + ", ".join(sorted(tables))
            )
        self._db.executescript(SCHEMA)
        self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, settings: Settings) -> Stored:
        """A new game with a new id and a new secret token for each person's seat."""
        game_id = secrets.token_urlsafe(8)
        tokens = [secrets.token_urlsafe(16) if kind == PERSON else None for kind in settings.seats]
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, settings) VALUES (?, ?)", (game_id, settings.to_json())
            )
            self._db.executemany(
                "INSERT INTO seats (game, seat, kind, token) VALUES (?, ?, ?, ?)",
                [
                    (game_id, seat, kind, token)
                    for seat, (kind, token) in enumerate(zip(settings.seats, tokens))
                ],
            )
        return Stored(game_id, settings, tokens, [])

    def load(self, game_id: str) -> Stored | None:
        with self._lock:
            row = self._db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT kind, token FROM seats WHERE game = ? ORDER BY seat", (game_id,)
            ).fetchall()
            choices = self._db.execute(
                "SELECT option FROM choices WHERE game = ? ORDER BY step", (game_id,)
            ).fetchall()
        saved = json.loads(row[0])
        settings = Settings(
            players=saved["players"],
            seed=saved["seed"],
            seats=[kind for kind, _ in seats],
            rulings=saved["rulings"],
            variants=saved["variants"],
            lang=saved["lang"],
            auto=saved.get("auto", False),
        )
        return Stored(game_id, settings, [token for _, token in seats], [c for (c,) in choices])

    def add_choices(self, game_id: str, first_step: int, options: list[str]) -> None:
        """Append choices; `first_step` is the number of choices stored before them (a
        second writer of the same step fails on the primary key instead of forking)."""
        if not options:
            return
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT INTO choices (game, step, option) VALUES (?, ?, ?)",
                [(game_id, first_step + i, option) for i, option in enumerate(options)],
            )

    # ---- the workshop's mods -------------------------------------------------------
    def mod_names(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT name FROM mods ORDER BY name")]

    def mod_files(self, mod: str) -> dict[str, str] | None:
        """A mod's files by name; None if there is no such mod."""
        with self._lock:
            if self._db.execute("SELECT 1 FROM mods WHERE name = ?", (mod,)).fetchone() is None:
                return None
            rows = self._db.execute(
                "SELECT name, text FROM mod_files WHERE mod = ? ORDER BY name", (mod,)
            ).fetchall()
        return dict(rows)

    def create_mod(self, mod: str, files: dict[str, str]) -> bool:
        """A new mod with these files; False if the name is taken."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            try:
                self._db.execute("INSERT INTO mods (name) VALUES (?)", (mod,))
            except sqlite3.IntegrityError:
                return False
            self._db.executemany(
                "INSERT INTO mod_files (mod, name, text) VALUES (?, ?, ?)",
                [(mod, name, text) for name, text in files.items()],
            )
        return True

    def save_mod_files(self, mod: str, files: dict[str, str | None]) -> None:
        """Write or (None) delete files of a mod, all or none of them."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            for name, text in files.items():
                if text is None:
                    self._db.execute(
                        "DELETE FROM mod_files WHERE mod = ? AND name = ?", (mod, name)
                    )
                else:
                    self._db.execute(
                        "INSERT OR REPLACE INTO mod_files (mod, name, text) VALUES (?, ?, ?)",
                        (mod, name, text),
                    )

    def game_ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created, id")]


def _check_path(path: str) -> None:
    """Refuse, before SQLite touches it, a path that cannot be a database file: an empty
    one (SQLite would make a temporary database), a missing folder, a device or a pipe."""
    if not path:
        raise StorageError("the database path is empty; a restart would lose every game")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise StorageError(f"cannot open the database '{path}': no folder '{folder}'")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"cannot open the database '{path}': {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise StorageError(f"'{path}' is not a file, so it cannot be a database")
