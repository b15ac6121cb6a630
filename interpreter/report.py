"""A balance report from simulation records (`ba report`): figures, an HTML page, PNG files.

Records are the JSON lines that `ba simulate --out` writes, one game each. They are read
one at a time into counts (`Tally`), so a file of a million games needs no more memory
than one of a thousand. From the counts:

- win rate by seat and by agent, with Wilson 95% intervals (shared wins count for each
  winner, so the rates of a seat can add up to more than one over the seats);
- score distributions by seat and by agent, game length, how games end;
- the cards and tiles most associated with winning: for each card played, mission placed,
  tile taken or advanced tile scored with, the win rate of the seats that did so (Wilson
  interval), against the win rate of every seat;
- with two or more result sets, each compared to the first (two rulings, two editions, a
  mod against the base game): the difference of win rates by seat, of mean scores and of
  mean game length, with 95% intervals (normal approximation).

Plots need matplotlib (the optional `report` extra); the statistics do not.
"""

from __future__ import annotations

import html
import importlib
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..dsl.errors import EngineError
from ..dsl.i18n import ENGLISH, N_, NN_, Translator
from .files import output_folder, parse_json

Z = 1.96  # 95% intervals
INSTALL = "pip install 'black-angel-rules[report]'"
ACTS = {"played": "played", "placed": "placed", "took": "took", "scored_with": "scored with"}

# the words of the page and of its figures, in the language of the report
TITLE = N_("Balance report")
SET_HEADING = N_("Set {number}: {name}")
GAMES_OF = NN_("{count} game ({players})", "{count} games ({players})")
PLAYERS_GAMES = NN_("{players} player: {games}", "{players} players: {games}")
RULES_SETTING = N_("rules {rules}; variants {variants}")
RULINGS_SETTING = N_("rulings: {rulings}")
NONE = N_("none")
SETTINGS = N_("settings")
GAMES = N_("games")
WHO = N_("who")
SEAT_GAMES = N_("seat-games")
WIN_RATE_CI = N_("win rate (95% CI)")
MEAN_SCORE = N_("mean score")
SEAT = N_("seat {number}")
TEAM = N_("the team (all seats together)")  # TRANSLATORS: a cooperative game's row
AGENT = N_("agent {name}")
INTERVAL_OF = N_("{value} ({low} to {high})")
FROM_TO = N_("{low} to {high}")
AGAINST_HEADING = N_("Set {number} against set 1")
WHAT = N_("what")
DIFFERENCE = N_("difference")
INTERVAL_95 = N_("95% interval")
WIN_RATE_SEAT = N_("win rate, seat {number}")
MEAN_SCORE_POINTS = N_("mean score (points)")
MEAN_LENGTH_TURNS = N_("mean length (turns)")
ONE_IN_PLAYERS = N_("1 / players")
WIN_RATE_WILSON = N_("win rate (95% Wilson interval)")
WIN_RATE_BY = {"seat": N_("win rate by seat"), "agent": N_("win rate by agent")}
WIN_RATE_TITLE = N_("{name}: win rate")
SHARED_WINS = N_("Shared wins count for each winner.")
FINAL_SCORE = N_("final score")
SHARE_OF_GAMES = N_("share of games")
SCORES_BY = {"seat": N_("score distribution by seat"), "agent": N_("score distribution by agent")}
SCORES_TITLE = N_("{name}: scores")
SCORES_CAPTION = N_("Final scores, one line per seat.")
TURNS_PLAYED = N_("turns played")
LENGTH = N_("game length (mean {mean}, 95% CI {low} to {high})")
HOW_GAMES_END = N_("how games end")
LENGTH_TITLE = N_("{name}: length and endings")
THING_GAMES = NN_("{thing} ({count} seat-game)", "{thing} ({count} seat-games)")
ANY_SEAT = N_("any seat: {rate}")
THING_RATE = N_("win rate of the seats that did it (95% Wilson interval)")
WINNING_THINGS = N_("cards and tiles most associated with winning")
WINNING_TITLE = N_("{name}: cards and tiles most associated with winning")
WINNING_CAPTION = N_("Ordered by the low end of the interval; association, not cause.")
MINUS = N_("{other}\nminus {base}\n(95% interval)")
AGAINST_TITLE = N_("{other} against {base}")
AGAINST_CAPTION = N_("An interval that does not cross 0 is a difference the games show clearly.")
# what a seat did with a card or tile, by the word of Tally.things
DID = {
    "played": N_("played {item}"),
    "placed": N_("placed {item}"),
    "took": N_("took {item}"),
    "scored with": N_("scored with {item}"),
}


class ReportUnavailable(EngineError, RuntimeError):
    """matplotlib is not installed."""


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """A proportion and its Wilson score interval: (rate, low, high)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    denominator = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denominator
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Moments:
    """Count, sum and sum of squares: a mean and its interval in constant memory."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    def interval(self) -> tuple[float, float, float]:
        half = Z * math.sqrt(self.variance / self.n) if self.n else 0.0
        return self.mean, self.mean - half, self.mean + half


def difference(a: Moments, b: Moments) -> tuple[float, float, float]:
    """b's mean minus a's, with a 95% interval (Welch, normal approximation)."""
    diff = b.mean - a.mean
    half = Z * math.sqrt((a.variance / a.n if a.n else 0) + (b.variance / b.n if b.n else 0))
    return diff, diff - half, diff + half


def rate_difference(wins_a: float, n_a: int, wins_b: float, n_b: int) -> tuple[float, ...]:
    """b's rate minus a's, with a 95% interval (normal approximation)."""
    pa = wins_a / n_a if n_a else 0.0
    pb = wins_b / n_b if n_b else 0.0
    var = (pa * (1 - pa) / n_a if n_a else 0) + (pb * (1 - pb) / n_b if n_b else 0)
    half = Z * math.sqrt(var)
    return pb - pa, pb - pa - half, pb - pa + half


@dataclass
class Tally:
    """Everything the report shows about one result set, counted game by game."""

    name: str
    games: int = 0
    players: Counter[int] = field(default_factory=Counter)
    settings: Counter[tuple] = field(default_factory=Counter)  # (RULES_SETTING, values)
    seat_games: Counter[int] = field(default_factory=Counter)
    seat_wins: Counter[int] = field(default_factory=Counter)
    agent_games: Counter[str] = field(default_factory=Counter)
    agent_wins: Counter[str] = field(default_factory=Counter)
    seat_scores: dict[int, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    agent_scores: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    seat_moments: dict[int, Moments] = field(default_factory=lambda: defaultdict(Moments))
    scores: Moments = field(default_factory=Moments)
    turns: Counter[int] = field(default_factory=Counter)
    turn_moments: Moments = field(default_factory=Moments)
    ended_by: Counter[str] = field(default_factory=Counter)
    things: Counter[str] = field(default_factory=Counter)  # "played m055": seat-games
    thing_wins: Counter[str] = field(default_factory=Counter)
    team_games: int = 0  # games of a cooperative game (the seats win or lose together)
    team_wins: int = 0

    def add(self, record: dict[str, Any]) -> None:
        self.games += 1
        self.players[record["players"]] += 1
        rulings = ", ".join(f"{k}={v}" for k, v in sorted(record.get("rulings", {}).items()))
        variants = ", ".join(record.get("variants", []))
        self.settings[(RULES_SETTING, str(record.get("content_hash", "?")), variants)] += 1
        self.settings[(RULINGS_SETTING, rulings)] += 1
        winners = set(record["winners"])
        if "team" in record:
            self.team_games += 1
            self.team_wins += bool(record["team"])
        for seat, score in enumerate(record["scores"]):
            agent = record["agents"][seat]
            won = seat in winners
            self.seat_games[seat] += 1
            self.seat_wins[seat] += won
            self.agent_games[agent] += 1
            self.agent_wins[agent] += won
            self.seat_scores[seat][score] += 1
            self.agent_scores[agent][score] += 1
            self.seat_moments[seat].add(score)
            self.scores.add(score)
        self.turns[record["turns"]] += 1
        self.turn_moments.add(record["turns"])
        self.ended_by[record["ended_by"]] += 1
        for seat, did in enumerate(record.get("seats", [])):
            won = seat in winners
            seen = set()
            for act, items in did.items():
                for item in items:
                    if item is not None:
                        seen.add(f"{ACTS.get(act, act)} {str(item).split('#')[0]}")
            for thing in seen:
                self.things[thing] += 1
                self.thing_wins[thing] += won

    @property
    def seat_rate(self) -> tuple[float, float, float]:
        """The win rate of any seat (the baseline for cards and tiles)."""
        return wilson(sum(self.seat_wins.values()), sum(self.seat_games.values()))

    def winning_things(self, top: int = 15) -> list[tuple[str, int, tuple[float, float, float]]]:
        """Cards and tiles whose seats won most often (enough games to say), best first."""
        seat_games = sum(self.seat_games.values())
        least = max(20, seat_games // 200)
        rows = [
            (thing, n, wilson(self.thing_wins[thing], n))
            for thing, n in self.things.items()
            if n >= least
        ]
        rows.sort(key=lambda row: (-row[2][1], row[0]))  # by the interval's low end
        return rows[:top]


class ReportError(EngineError):
    """A report that cannot be made: its folder cannot be written."""


class RecordError(ReportError, ValueError):
    """A results file that is not simulation records (`ba simulate --out`)."""


MAX_RECORD_BYTES = 1024 * 1024  # a record of a long 4-player game is a few kilobytes
WHAT = "simulation records"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list_of(value: Any, fits: Any) -> bool:
    return isinstance(value, list) and all(fits(v) for v in value)


def check_record(record: Any) -> str | None:
    """What is wrong with a record, in a few words; None for a usable one."""
    if not isinstance(record, dict):
        return "a record is a JSON object"
    players: Any = record.get("players")
    if not _whole(players) or players < 1:
        return "'players' is not a whole number of players"
    if not _list_of(record.get("scores"), _whole) or len(record["scores"]) != players:
        return "'scores' is not a whole number for each player"
    if (
        not _list_of(record.get("agents"), lambda v: isinstance(v, str))
        or len(record["agents"]) != players
    ):
        return "'agents' is not a name for each player"
    if not _list_of(record.get("winners"), _whole):
        return "'winners' is not a list of seats"
    if not _whole(record.get("turns")) or not isinstance(record.get("ended_by"), str):
        return "'turns' is not a whole number or 'ended_by' not a name"
    rulings = record.get("rulings", {})
    if not isinstance(rulings, dict) or not all(isinstance(v, str) for v in rulings.values()):
        return "'rulings' is not a table of ruling names and options"
    if not _list_of(record.get("variants", []), lambda v: isinstance(v, str)):
        return "'variants' is not a list of names"
    if not isinstance(record.get("team", False), bool):
        return "'team' is true or false: whether the seats of a cooperative game won"
    seats = record.get("seats", [])
    if not _list_of(seats, lambda v: isinstance(v, dict) and all(map(_is_list, v.values()))):
        return "'seats' is not a table of lists for each seat"
    return None


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


def read_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines file, one at a time, each line read in bounded memory
    and checked (RecordError names the file and line of the first unusable one); a file
    with no record is an error too."""
    shown = str(path)
    found = 0
    try:
        with open(path, "rb") as handle:
            lines = iter(lambda: handle.readline(MAX_RECORD_BYTES + 1), b"")
            for number, raw in enumerate(lines, 1):
                where = f"{shown}, line {number}"
                if len(raw) > MAX_RECORD_BYTES:
                    raise RecordError(f"{where}: longer than {MAX_RECORD_BYTES:,} bytes")
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise RecordError(f"{where}: not UTF-8 text") from None
                if not line.strip():
                    continue
                try:
                    record = parse_json(line, WHAT, RecordError)
                except RecordError as exc:
                    raise RecordError(f"{where}: {exc}") from None
                problem = check_record(record)
                if problem:
                    raise RecordError(f"{where}: not {WHAT}: {problem}")
                found += 1
                yield record
    except OSError as exc:
        raise RecordError(f"cannot read '{shown}': {exc.strerror or exc}") from None
    if not found:
        raise RecordError(f"{shown}: no games in it (ba simulate --out FILE.jsonl writes them)")


def tally(name: str, records: Iterable[dict[str, Any]]) -> Tally:
    counts = Tally(name)
    for record in records:
        counts.add(record)
    return counts


# ---- figures ------------------------------------------------------------------------
def _pyplot() -> Any:
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError as exc:
        raise ReportUnavailable(f"ba report draws with matplotlib: {INSTALL}") from exc
    matplotlib.use("Agg")  # files only, no window
    return importlib.import_module("matplotlib.pyplot")


def _expand(counts: Counter[int]) -> tuple[list[int], list[int]]:
    values = sorted(counts)
    return values, [counts[v] for v in values]


def _say(tr: Translator, template: str | tuple[str, str], n: int = 1, **values: object) -> str:
    return tr.plural(template, n).format(**values)


def _thing(tr: Translator, thing: str) -> str:
    """A card or tile and what a seat did with it ("played m055"), in words."""
    for act, template in DID.items():
        if thing.startswith(act + " "):
            return _say(tr, template, item=thing[len(act) + 1 :])
    return thing


def _seat_or_agent(tr: Translator, what: str, key: object) -> str:
    return _say(tr, SEAT, number=key + 1) if what == "seat" else str(key)  # type: ignore[operator]


def figures(sets: list[Tally], out: Path, tr: Translator = ENGLISH) -> list[tuple[str, str, str]]:
    """Draw every figure into `out` as PNG, in the report's language: (file name, title,
    caption) of each."""
    plt = _pyplot()
    made = []

    def save(fig: Any, name: str, title: str, caption: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=110)
        plt.close(fig)
        made.append((name, title, caption))

    for index, t in enumerate(sets):
        tag = f"set{index + 1}"
        # win rate by seat and by agent
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
        panels: list[tuple[Any, Any, Any, str]] = [
            (axes[0], t.seat_games, t.seat_wins, "seat"),
            (axes[1], t.agent_games, t.agent_wins, "agent"),
        ]
        for ax, games, wins, what in panels:
            keys = sorted(games)
            rates = [wilson(wins[k], games[k]) for k in keys]
            labels = [_seat_or_agent(tr, what, k) for k in keys]
            ax.bar(labels, [r[0] for r in rates], color="#4c72b0")
            ax.errorbar(
                labels,
                [r[0] for r in rates],
                yerr=[[r[0] - r[1] for r in rates], [r[2] - r[0] for r in rates]],
                fmt="none",
                ecolor="black",
                capsize=5,
            )
            if what == "seat" and keys:
                ax.axhline(
                    1 / len(keys), color="gray", linestyle="--", label=tr.gettext(ONE_IN_PLAYERS)
                )
                ax.legend(loc="lower right")
            ax.set_ylim(0, 1)
            ax.set_ylabel(tr.gettext(WIN_RATE_WILSON))
            ax.set_title(tr.gettext(WIN_RATE_BY[what]))
        save(
            fig,
            f"{tag}_win_rate.png",
            _say(tr, WIN_RATE_TITLE, name=t.name),
            tr.gettext(SHARED_WINS),
        )
        # score distributions
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
        distributions: list[tuple[Any, Any, str]] = [
            (axes[0], t.seat_scores, "seat"),
            (axes[1], t.agent_scores, "agent"),
        ]
        for ax, by, what in distributions:
            for key in sorted(by):
                values, counts = _expand(by[key])
                total = sum(counts)
                label = _seat_or_agent(tr, what, key)
                ax.plot(values, [c / total for c in counts], marker=".", label=label)
            ax.set_xlabel(tr.gettext(FINAL_SCORE))
            ax.set_ylabel(tr.gettext(SHARE_OF_GAMES))
            ax.set_title(tr.gettext(SCORES_BY[what]))
            ax.legend()
        save(
            fig,
            f"{tag}_scores.png",
            _say(tr, SCORES_TITLE, name=t.name),
            tr.gettext(SCORES_CAPTION),
        )
        # length and endings
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
        values, counts = _expand(t.turns)
        axes[0].bar(values, counts, color="#55a868", width=0.9)
        axes[0].set_xlabel(tr.gettext(TURNS_PLAYED))
        axes[0].set_ylabel(tr.gettext(GAMES))
        mean, low, high = (tr.decimal(v, 1) for v in t.turn_moments.interval())
        axes[0].set_title(_say(tr, LENGTH, mean=mean, low=low, high=high))
        endings = sorted(t.ended_by.items(), key=lambda kv: -kv[1])
        ending_names = [tr.pgettext("ending", k) for k, _ in endings]
        axes[1].bar(ending_names, [v / t.games for _, v in endings], color="#c44e52")
        axes[1].set_ylabel(tr.gettext(SHARE_OF_GAMES))
        axes[1].set_title(tr.gettext(HOW_GAMES_END))
        save(fig, f"{tag}_length.png", _say(tr, LENGTH_TITLE, name=t.name), "")
        # cards and tiles associated with winning
        rows = t.winning_things()
        if rows:
            fig, ax = plt.subplots(figsize=(10, 0.35 * len(rows) + 1.2))
            names = [
                _say(tr, THING_GAMES, n, thing=_thing(tr, thing), count=n) for thing, n, _ in rows
            ][::-1]
            rates = [r for _, _, r in rows][::-1]
            ax.barh(names, [r[0] for r in rates], color="#8172b2")
            ax.errorbar(
                [r[0] for r in rates],
                names,
                xerr=[[r[0] - r[1] for r in rates], [r[2] - r[0] for r in rates]],
                fmt="none",
                ecolor="black",
                capsize=3,
            )
            anyone = t.seat_rate[0]
            ax.axvline(
                anyone,
                color="gray",
                linestyle="--",
                label=_say(tr, ANY_SEAT, rate=tr.decimal(anyone, 2)),
            )
            ax.set_xlim(0, 1)
            ax.set_xlabel(tr.gettext(THING_RATE))
            ax.set_title(tr.gettext(WINNING_THINGS))
            ax.legend(loc="lower right")
            save(
                fig,
                f"{tag}_winning_things.png",
                _say(tr, WINNING_TITLE, name=t.name),
                tr.gettext(WINNING_CAPTION),
            )
    for index, other in enumerate(sets[1:], 2):
        base = sets[0]
        seats, score, length = _compared(base, other)
        groups = [
            (
                tr.gettext(WIN_RATE_BY["seat"]),
                [(_say(tr, SEAT, number=s + 1), d) for s, d in seats],
            ),
            (tr.gettext(MEAN_SCORE_POINTS), [("", score)]),
            (tr.gettext(MEAN_LENGTH_TURNS), [("", length)]),
        ]
        fig, axes = plt.subplots(1, 3, figsize=(12, 3.6), width_ratios=[2, 1, 1])
        for ax, (title, group) in zip(axes, groups):
            labels = [label for label, _ in group]
            diffs = [d for _, d in group]
            ax.bar(labels, [d[0] for d in diffs], color="#dd8452")
            ax.errorbar(
                labels,
                [d[0] for d in diffs],
                yerr=[[d[0] - d[1] for d in diffs], [d[2] - d[0] for d in diffs]],
                fmt="none",
                ecolor="black",
                capsize=5,
            )
            ax.axhline(0, color="gray")
            ax.set_title(title)
            if not labels[0]:  # one bar, named by the title
                ax.set_xticks([])
        axes[0].set_ylabel(_say(tr, MINUS, other=other.name, base=base.name))
        save(
            fig,
            f"compare_1_{index}.png",
            _say(tr, AGAINST_TITLE, other=other.name, base=base.name),
            tr.gettext(AGAINST_CAPTION),
        )
    return made


def _compared(base: Tally, other: Tally):
    """`other` minus `base`: the win rate of each seat, the mean score and the mean length,
    each as (difference, low, high)."""
    seats = [
        (
            seat,
            rate_difference(
                base.seat_wins[seat],
                base.seat_games[seat],
                other.seat_wins[seat],
                other.seat_games[seat],
            ),
        )
        for seat in sorted(set(base.seat_games) | set(other.seat_games))
    ]
    return (
        seats,
        difference(base.scores, other.scores),
        difference(base.turn_moments, other.turn_moments),
    )


def comparison_rows(
    base: Tally, other: Tally, tr: Translator = ENGLISH
) -> list[tuple[str, tuple[float, ...]]]:
    """(what, (difference, low, high)) of `other` minus `base`, what in words."""
    seats, score, length = _compared(base, other)
    rows = [(_say(tr, WIN_RATE_SEAT, number=seat + 1), d) for seat, d in seats]
    rows.append((tr.gettext(MEAN_SCORE_POINTS), score))
    rows.append((tr.gettext(MEAN_LENGTH_TURNS), length))
    return rows


# ---- the page -----------------------------------------------------------------------
def _table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(tr: Translator, r: tuple[float, ...], places: int) -> str:
    low, high = tr.decimal(r[1], places), tr.decimal(r[2], places)
    return _say(tr, INTERVAL_OF, value=tr.decimal(r[0], places), low=low, high=high)


def _signed(tr: Translator, value: float) -> str:
    return ("-" if value < 0 else "+") + tr.decimal(abs(value), 3)


def _setting(tr: Translator, key: tuple) -> str:
    if key[0] == RULES_SETTING:
        return _say(tr, RULES_SETTING, rules=key[1], variants=key[2] or tr.gettext(NONE))
    return _say(tr, RULINGS_SETTING, rulings=key[1])


def page(sets: list[Tally], made: list[tuple[str, str, str]], tr: Translator = ENGLISH) -> str:
    title = html.escape(tr.gettext(TITLE))
    parts = [
        f"<!doctype html><html lang='{tr.lang}'><head><meta charset='utf-8'><title>{title}</title>",
        "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:4px 8px;text-align:left}figure{margin:1.5em 0}img{max-width:100%}"
        "figcaption{color:#555}</style></head><body>",
        f"<h1>{title}</h1>",
    ]
    for index, t in enumerate(sets, 1):
        players = tr.plain_list(
            [_say(tr, PLAYERS_GAMES, p, players=p, games=n) for p, n in sorted(t.players.items())]
        )
        heading = _say(tr, SET_HEADING, number=index, name=t.name)
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        games = _say(tr, GAMES_OF, t.games, count=t.games, players=players)
        parts.append(f"<p>{html.escape(games)}</p>")
        settings = [[_setting(tr, s), str(n)] for s, n in t.settings.most_common(6)]
        parts.append(_table([tr.gettext(SETTINGS), tr.gettext(GAMES)], settings))
        rows = [
            [
                _say(tr, SEAT, number=s + 1),
                str(t.seat_games[s]),
                _interval(tr, wilson(t.seat_wins[s], t.seat_games[s]), 3),
                _interval(tr, t.seat_moments[s].interval(), 2),
            ]
            for s in sorted(t.seat_games)
        ]
        rows += [
            [_say(tr, AGENT, name=a), str(n), _interval(tr, wilson(t.agent_wins[a], n), 3), ""]
            for a, n in sorted(t.agent_games.items())
        ]
        if t.team_games:  # a cooperative game: one team, not seats against each other
            rate = _interval(tr, wilson(t.team_wins, t.team_games), 3)
            rows = [[tr.gettext(TEAM), str(t.team_games), rate, ""]]
        header = [WHO, SEAT_GAMES, WIN_RATE_CI, MEAN_SCORE]
        parts.append(_table([tr.gettext(h) for h in header], rows))
        for name, caption_title, caption in made:
            if name.startswith(f"set{index}_"):
                parts.append(_figure(name, caption_title, caption))
    for index, other in enumerate(sets[1:], 2):
        rows = [
            [
                what,
                _signed(tr, d[0]),
                _say(tr, FROM_TO, low=_signed(tr, d[1]), high=_signed(tr, d[2])),
            ]
            for what, d in comparison_rows(sets[0], other, tr)
        ]
        parts.append(f"<h2>{html.escape(_say(tr, AGAINST_HEADING, number=index))}</h2>")
        parts.append(_table([tr.gettext(h) for h in (WHAT, DIFFERENCE, INTERVAL_95)], rows))
        for name, caption_title, caption in made:
            if name == f"compare_1_{index}.png":
                parts.append(_figure(name, caption_title, caption))
    parts.append("</body></html>")
    return "\n".join(parts)


def _figure(name: str, title: str, caption: str) -> str:
    text = html.escape(title + (f". {caption}" if caption else ""))
    image = f"<img src='{name}' alt='{html.escape(title)}'>"
    return f"<figure>{image}<figcaption>{text}</figcaption></figure>"


def write_report(
    paths: list[str], out: str | Path, tr: Translator = ENGLISH, force: bool = False
) -> Path:
    """Read the result sets, draw the figures and write `out`/index.html (in the language
    of `tr`); returns its path. The folder is built next to `out` and moved into place
    when complete (files.py)."""
    sets = [tally(Path(p).name, read_records(p)) for p in paths]
    _pyplot()  # fail before creating anything when matplotlib is missing
    with output_folder(out, ReportError, force) as folder:
        made = figures(sets, folder, tr)
        (folder / "index.html").write_text(page(sets, made, tr), encoding="utf-8")
    return Path(out) / "index.html"
