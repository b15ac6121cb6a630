"""A balance study of Black Angel with the expert bot playing itself at every seat.

Run after `pip install .`:

    python benchmarks/balance.py                       # a sample: 4 games a line (minutes)
    python benchmarks/balance.py --games 30 --workers 2 --out study
    python benchmarks/balance.py --full --workers 8    # 1,000 games a line (CPU days)

The lines of the study, every game seeded as `ba simulate` seeds it (game k of a line
has seed `--seed` + k, and its seat i the bot seed 1000 * seed + i; so a line is
`ba simulate --agents expert --games N --seed S` with the line's players, variant and
ruling):

1. seat advantage: 2, 3 and 4 players, base rules, and 2 players with the advanced
   rules; each seat's win rate (a shared win counts for each winner) with its 95%
   Wilson interval, the mean score, the game's length and how it ended;
2. rulings with an effect on play, each against its base line on the same seeds: the
   difference of the mean score (paired by seed, with its 95% interval), of the first
   seat's win rate and of the length. A ruling is the rules' reading of a point the
   editions leave open (`ba rulings`);
3. the cards and tiles most associated with winning in the 2-player base line (as
   `ba report` ranks them: an association, not a cause).

With `--out DIR` each line's records are written to DIR/<line>.jsonl (the folder is
built beside DIR and moved into place when complete; an existing DIR is replaced only
with `--force`), for `ba report DIR/2p.jsonl DIR/2p-neutral_reroll.jsonl --out report`.
Prints the Python version, the build, the content hash and the seeds. Nothing here
asserts a time or a result.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import parse_agent
from blackangel.interpreter.engine import BUILD
from blackangel.interpreter.files import check_output, output_folder, write_output
from blackangel.interpreter.program import build
from blackangel.interpreter.report import Moments, Tally, rate_difference, wilson
from blackangel.interpreter.rulings import RulingError, resolve
from blackangel.interpreter.simulation import Settings, records

BOT = "expert"


@dataclass(frozen=True)
class Line:
    """One set of games: a player count, variants and rulings other than the defaults."""

    name: str
    players: int
    variants: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()  # NAME=OPTION
    base: str | None = None  # the line it is compared with


LINES = (
    Line("2p", 2),
    Line("3p", 3),
    Line("4p", 4),
    Line("2p-advanced", 2, ("advanced",), base="2p"),
    # the 2-player neutral player's dice at a reroll (EN/DE against PL, 2-player game)
    Line("2p-neutral_reroll", 2, (), ("neutral_reroll=used_or_star",), base="2p"),
    # the advanced rules' 1x effects (PL allows several on one action; EN, DE silent)
    Line(
        "2p-advanced-combine_boosts",
        2,
        ("advanced",),
        ("combine_boosts=one_per_action",),
        base="2p-advanced",
    ),
    # debris on a boost-side tile (PL allows flipping it for Repair)
    Line(
        "2p-advanced-debris_on_boost_tiles",
        2,
        ("advanced",),
        ("debris_on_boost_tiles=flip",),
        base="2p-advanced",
    ),
)


@dataclass
class Played:
    line: Line
    records: list[dict] = field(default_factory=list)
    seconds: float = 0.0

    @cached_property
    def tally(self) -> Tally:
        """The records counted as `ba report` counts them."""
        tally = Tally(self.line.name)
        for record in self.records:
            tally.add(record)
        return tally

    def means(self) -> dict[int, float]:
        """Each seed's mean score over the seats."""
        return {r["seed"]: sum(r["scores"]) / len(r["scores"]) for r in self.records}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per line (default 4)")
    parser.add_argument("--full", action="store_true", help="1,000 games per line")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--bot", default=BOT, help="the bot at every seat (default expert)")
    parser.add_argument("--lines", help="only these lines (comma-separated), with their bases")
    parser.add_argument("--out", type=Path, help="a folder for the records of every line")
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    args = parser.parse_args(argv)
    games = 1000 if args.full else args.games
    if games < 1 or args.workers < 1:
        parser.error("at least one game and one worker")
    lines = chosen_lines(parser, args.lines)
    bot = args.bot
    try:
        parse_agent(bot)
    except ValueError as error:
        parser.error(str(error))
    data = build(load_shipped())
    settings = {}
    for line in lines:
        try:
            rulings = resolve(data, None, list(line.rulings))
        except RulingError as error:
            parser.error(str(error))
        settings[line.name] = Settings(
            players=line.players, agents=(bot,), rulings=rulings, variants=line.variants
        )
    if args.out is not None:
        try:
            check_output(args.out, ValueError, args.force, folder=True)  # before the games
        except ValueError as error:
            parser.error(str(error))
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{data.content_hash}; {bot} at every seat; {games} games per line, seeds "
        f"{args.seed} to {args.seed + games - 1}, {args.workers} worker(s)"
    )
    played = {}
    for line in lines:
        run = Played(line)
        began = time.perf_counter()
        seeds = range(args.seed, args.seed + games)
        run.records = list(records(data, settings[line.name], seeds, args.workers))
        run.seconds = time.perf_counter() - began
        played[line.name] = run
        print(f"  {line.name}: {games} games in {run.seconds:.0f} s", file=sys.stderr)
    report(list(played.values()), bot)
    if args.out is not None:
        try:
            with output_folder(args.out, ValueError, args.force) as folder:
                for run in played.values():
                    text = "".join(f"{json.dumps(r, sort_keys=True)}\n" for r in run.records)
                    write_output(folder / f"{run.line.name}.jsonl", text, ValueError)
        except ValueError as error:
            print(f"balance.py: {error}", file=sys.stderr)
            return 2
    return 0


def chosen_lines(parser: argparse.ArgumentParser, names: str | None) -> list[Line]:
    known = {line.name: line for line in LINES}
    if names is None:
        return list(LINES)
    wanted: list[str] = []
    for name in names.split(","):
        if name not in known:
            parser.error(f"unknown line '{name}'; lines: {', '.join(known)}")
        for needed in (known[name].base, name):
            if needed is not None and needed not in wanted:
                wanted.append(needed)
    return [line for line in LINES if line.name in wanted]


def report(runs: list[Played], bot: str) -> None:
    by_name = {run.line.name: run for run in runs}
    print(f"\n## Seat advantage ({bot} at every seat)\n")
    most = max(run.line.players for run in runs)
    seats = " | ".join(f"seat {i + 1} wins" for i in range(most))
    print(f"| line | games | {seats} | mean score | winners' mean | length | ended at Spes |")
    print("| --- " * (6 + most) + "|")
    for run in runs:
        if run.line.rulings:
            continue
        tally = run.tally
        cells = [
            rate(tally.seat_wins[i], tally.seat_games[i]) if i < run.line.players else ""
            for i in range(most)
        ]
        scores = [s for r in run.records for s in r["scores"]]
        best = [max(r["scores"]) for r in run.records]
        spes = sum(r["ended_by"] == "spes" for r in run.records)
        print(
            f"| {run.line.name} | {tally.games} | {' | '.join(cells)} | {mean(scores)} "
            f"| {mean(best)} | {mean([r['turns'] for r in run.records])} "
            f"| {spes} of {tally.games} |"
        )
    compared = [run for run in runs if run.line.base in by_name]
    if compared:
        print("\n## Against the base line, the same seeds\n")
        print("| line | base | games | mean score | seat 1 win rate | length |")
        print("| --- | --- | --- | --- | --- | --- |")
        for run in compared:
            base = by_name[str(run.line.base)]
            print(
                f"| {run.line.name} | {base.line.name} | {len(run.records)} "
                f"| {paired(base.means(), run.means())} "
                f"| {rate_change(base.records, run.records)} "
                f"| {paired(_turns(base), _turns(run))} |"
            )
    if "2p" in by_name:
        tally = by_name["2p"].tally
        rows = tally.winning_things(top=12)
        print("\n## Cards and tiles most associated with winning (2p)\n")
        print(f"Any seat: {rate(sum(tally.seat_wins.values()), sum(tally.seat_games.values()))}")
        if rows:
            print("\n| what | seat-games | win rate (95%) |")
            print("| --- | --- | --- |")
            for thing, n, (p, lo, hi) in rows:
                print(f"| {thing} | {n} | {p:.0%} ({lo:.0%} to {hi:.0%}) |")
        else:
            print("(too few games: a card or tile needs 20 seat-games to be ranked)")


def _turns(run: Played) -> dict[int, float]:
    return {r["seed"]: float(r["turns"]) for r in run.records}


def rate(wins: float, n: int) -> str:
    p, low, high = wilson(wins, n)
    return f"{p:.0%} ({low:.0%} to {high:.0%})"


def mean(values: list[float]) -> str:
    """The mean with its 95% interval (normal approximation)."""
    moments = Moments()
    for value in values:
        moments.add(value)
    average, low, _ = moments.interval()
    return f"{average:.1f} ± {average - low:.1f}"


def paired(base: dict[int, float], other: dict[int, float]) -> str:
    """The mean of other - base over the seeds both have, with its 95% interval."""
    seeds = sorted(set(base) & set(other))
    return signed(mean([other[s] - base[s] for s in seeds]))


def signed(text: str) -> str:
    return text if text.startswith("-") else f"+{text}"


def rate_change(base: list[dict], other: list[dict]) -> str:
    """The first seat's win rate, other minus base, in points (normal approximation)."""

    def wins(records: list[dict]) -> int:
        return sum(0 in r["winners"] for r in records)

    change, low, _ = rate_difference(wins(base), len(base), wins(other), len(other))
    return f"{100 * change:+.0f} ± {100 * (change - low):.0f} points"


if __name__ == "__main__":
    sys.exit(main())
