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

from ..dsl.errors import BlackAngelError
from .files import output_folder, parse_json

Z = 1.96  # 95% intervals
INSTALL = "pip install 'black-angel-rules[report]'"
ACTS = {"played": "played", "placed": "placed", "took": "took", "scored_with": "scored with"}


class ReportUnavailable(BlackAngelError, RuntimeError):
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
    settings: Counter[str] = field(default_factory=Counter)  # rulings, variants, rules
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

    def add(self, record: dict[str, Any]) -> None:
        self.games += 1
        self.players[record["players"]] += 1
        rulings = ", ".join(f"{k}={v}" for k, v in sorted(record.get("rulings", {}).items()))
        variants = ", ".join(record.get("variants", [])) or "none"
        self.settings[f"rules {record.get('content_hash', '?')}; variants {variants}"] += 1
        self.settings[f"rulings: {rulings}"] += 1
        winners = set(record["winners"])
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


class ReportError(BlackAngelError):
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


def figures(sets: list[Tally], out: Path) -> list[tuple[str, str, str]]:
    """Draw every figure into `out` as PNG: (file name, title, caption) of each."""
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
            labels = [f"seat {k + 1}" if what == "seat" else str(k) for k in keys]
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
                ax.axhline(1 / len(keys), color="gray", linestyle="--", label="1 / players")
                ax.legend(loc="lower right")
            ax.set_ylim(0, 1)
            ax.set_ylabel("win rate (95% Wilson interval)")
            ax.set_title(f"win rate by {what}")
        save(
            fig, f"{tag}_win_rate.png", f"{t.name}: win rate", "Shared wins count for each winner."
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
                label = f"seat {key + 1}" if what == "seat" else str(key)
                ax.plot(values, [c / total for c in counts], marker=".", label=label)
            ax.set_xlabel("final score")
            ax.set_ylabel("share of games")
            ax.set_title(f"score distribution by {what}")
            ax.legend()
        save(fig, f"{tag}_scores.png", f"{t.name}: scores", "Final scores, one line per seat.")
        # length and endings
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
        values, counts = _expand(t.turns)
        axes[0].bar(values, counts, color="#55a868", width=0.9)
        axes[0].set_xlabel("turns played")
        axes[0].set_ylabel("games")
        mean, low, high = t.turn_moments.interval()
        axes[0].set_title(f"game length (mean {mean:.1f}, 95% CI {low:.1f} to {high:.1f})")
        endings = sorted(t.ended_by.items(), key=lambda kv: -kv[1])
        axes[1].bar([k for k, _ in endings], [v / t.games for _, v in endings], color="#c44e52")
        axes[1].set_ylabel("share of games")
        axes[1].set_title("how games end")
        save(fig, f"{tag}_length.png", f"{t.name}: length and endings", "")
        # cards and tiles associated with winning
        rows = t.winning_things()
        if rows:
            fig, ax = plt.subplots(figsize=(10, 0.35 * len(rows) + 1.2))
            names = [f"{thing} ({n} seat-games)" for thing, n, _ in rows][::-1]
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
            ax.axvline(anyone, color="gray", linestyle="--", label=f"any seat: {anyone:.2f}")
            ax.set_xlim(0, 1)
            ax.set_xlabel("win rate of the seats that did it (95% Wilson interval)")
            ax.set_title("cards and tiles most associated with winning")
            ax.legend(loc="lower right")
            save(
                fig,
                f"{tag}_winning_things.png",
                f"{t.name}: cards and tiles most associated with winning",
                "Ordered by the low end of the interval; association, not cause.",
            )
    for index, other in enumerate(sets[1:], 2):
        base = sets[0]
        compared = comparison_rows(base, other)
        groups = [
            ("win rate by seat", [r for r in compared if r[0].startswith("win rate")]),
            ("mean score (points)", [r for r in compared if r[0].startswith("mean score")]),
            ("mean length (turns)", [r for r in compared if r[0].startswith("mean length")]),
        ]
        fig, axes = plt.subplots(1, 3, figsize=(12, 3.6), width_ratios=[2, 1, 1])
        for ax, (title, group) in zip(axes, groups):
            labels = [label.replace("win rate, ", "") for label, _ in group]
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
            if labels[0].startswith("mean"):
                ax.set_xticks([])
        axes[0].set_ylabel(f"{other.name}\nminus {base.name}\n(95% interval)")
        save(
            fig,
            f"compare_1_{index}.png",
            f"{other.name} against {base.name}",
            "An interval that does not cross 0 is a difference the games show clearly.",
        )
    return made


def comparison_rows(base: Tally, other: Tally) -> list[tuple[str, tuple[float, ...]]]:
    """(what, (difference, low, high)) of `other` minus `base`."""
    rows: list[tuple[str, tuple[float, ...]]] = []
    for seat in sorted(set(base.seat_games) | set(other.seat_games)):
        rows.append(
            (
                f"win rate, seat {seat + 1}",
                rate_difference(
                    base.seat_wins[seat],
                    base.seat_games[seat],
                    other.seat_wins[seat],
                    other.seat_games[seat],
                ),
            )
        )
    rows.append(("mean score (points)", difference(base.scores, other.scores)))
    rows.append(("mean length (turns)", difference(base.turn_moments, other.turn_moments)))
    return rows


# ---- the page -----------------------------------------------------------------------
def _table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _rate(r: tuple[float, float, float]) -> str:
    return f"{r[0]:.3f} ({r[1]:.3f} to {r[2]:.3f})"


def page(sets: list[Tally], made: list[tuple[str, str, str]]) -> str:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>Balance report</title>",
        "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:4px 8px;text-align:left}figure{margin:1.5em 0}img{max-width:100%}"
        "figcaption{color:#555}</style></head><body>",
        "<h1>Balance report</h1>",
    ]
    for index, t in enumerate(sets, 1):
        players = ", ".join(f"{p} players: {n}" for p, n in sorted(t.players.items()))
        parts.append(f"<h2>Set {index}: {html.escape(t.name)}</h2>")
        parts.append(f"<p>{t.games} games ({html.escape(players)})</p>")
        settings = [[s, str(n)] for s, n in t.settings.most_common(6)]
        parts.append(_table(["settings", "games"], settings))
        rows = [
            [
                f"seat {s + 1}",
                str(t.seat_games[s]),
                _rate(wilson(t.seat_wins[s], t.seat_games[s])),
                "{:.2f} ({:.2f} to {:.2f})".format(*t.seat_moments[s].interval()),
            ]
            for s in sorted(t.seat_games)
        ]
        rows += [
            [f"agent {a}", str(n), _rate(wilson(t.agent_wins[a], n)), ""]
            for a, n in sorted(t.agent_games.items())
        ]
        parts.append(_table(["who", "seat-games", "win rate (95% CI)", "mean score"], rows))
        for name, title, caption in made:
            if name.startswith(f"set{index}_"):
                parts.append(_figure(name, title, caption))
    for index, other in enumerate(sets[1:], 2):
        rows = [
            [what, f"{d[0]:+.3f}", f"{d[1]:+.3f} to {d[2]:+.3f}"]
            for what, d in comparison_rows(sets[0], other)
        ]
        parts.append(f"<h2>Set {index} against set 1</h2>")
        parts.append(_table(["what", "difference", "95% interval"], rows))
        for name, title, caption in made:
            if name == f"compare_1_{index}.png":
                parts.append(_figure(name, title, caption))
    parts.append("</body></html>")
    return "\n".join(parts)


def _figure(name: str, title: str, caption: str) -> str:
    text = html.escape(title + (f". {caption}" if caption else ""))
    image = f"<img src='{name}' alt='{html.escape(title)}'>"
    return f"<figure>{image}<figcaption>{text}</figcaption></figure>"


def write_report(paths: list[str], out: str | Path, force: bool = False) -> Path:
    """Read the result sets, draw the figures and write `out`/index.html; returns its path.
    The folder is built next to `out` and moved into place when complete (files.py)."""
    sets = [tally(Path(p).name, read_records(p)) for p in paths]
    _pyplot()  # fail before creating anything when matplotlib is missing
    with output_folder(out, ReportError, force) as folder:
        made = figures(sets, folder)
        (folder / "index.html").write_text(page(sets, made), encoding="utf-8")
    return Path(out) / "index.html"
