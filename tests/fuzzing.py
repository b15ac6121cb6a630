"""Mutation fuzzing of a rule set: every mutant ba-lint passes must set up and play.

A mutant is the rules of a registered game (`--game NAME`, dsl/games.py; without it,
the default game: the shipped content) with one file changed by a few seeded mutations:
of its tokens and numbers (a name swapped for another of the game's names or words of
its vocabulary, a number replaced by an edge value, a player count or range replaced by
one around the game's own, a card's variant swapped for another of the game's, a token
or line deleted or repeated), or, with `--typed`, of its parsed rules
with values of the right types (a primitive swapped for another with well-typed
arguments, an effect composed with another through `,` `or` `->` `otherwise`
`optional`, `per`/`max` added, a trigger or a chain of `emit`ted events added, a block
cloned or removed; see "typed mutations" below). Each mutant is linted as a complete
rule set (`ba-lint DIR`) or as a mod on the game's rules (`ba-lint --base FILE`);
one with no error diagnostic is then built, set up for every player count it
supports (a solo game too, where its rules allow one player) with each of its variants
in turn and played by random bots to the end, with a cap on decisions and a
limit on CPU time, so a hang is a finding and not a blocked run.

The test suite runs a sample of each, for every registered game with rules
(tests/test_fuzz_engine.py); the full runs are

    python tests/fuzzing.py --mutants 60 --seed 1           # 60 mutants per file and mode
    python tests/fuzzing.py --typed --mutants 40 --seed 1   # 40 typed ones (about 10 min)
    python tests/fuzzing.py --game bossin_space --mutants 60 --seed 1  # another game
    python tests/fuzzing.py --all-games --mutants 60 --seed 1          # every game
    BA_FUZZ=1 python -m pytest tests/test_fuzz_engine.py

and prints every distinct cause (exception type and where it was raised) with a
reproducer: the file, the seed and the mutations.
"""

from __future__ import annotations

import argparse
import copy
import random
import re
import signal
import sys
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from blackangel.dsl.compiler import _gc_paused, compile_sources
from blackangel.dsl.loader import CONTENT_DIR, LoadedSources, find_sources, layer
from blackangel.dsl.parser import parse_bytes
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

MAX_DECISIONS = 5_000  # a shipped game takes a few hundred
TIMEOUT = 10.0  # seconds of CPU time per mutant: lint, set-up and every game
GAMES_PER_COUNT = 2

TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|-?\d+|[A-Za-z_]\w*|->|\.\.|[{}():,@;]')
INT_RE = re.compile(r"-?\d+$")
NAME_RE = re.compile(r"[A-Za-z_]\w*$")
EDGE_NUMBERS = ("0", "1", "2", "-1", "9", "10", "99", "100000", str(10**100), "9" * 5000)


class Timeout(Exception):
    """The time limit of one mutant ran out."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Timeout in the main thread after `seconds` of the process's CPU time
    (SIGVTALRM, where there is one). CPU time, not wall-clock time: a hang spins, and a
    machine busy with other work must not turn a slow mutant into a hang."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum, frame):
        raise Timeout(f"more than {seconds:g} s")

    old = signal.signal(signal.SIGVTALRM, expire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old)


@dataclass
class Mutant:
    file: str  # the content file mutated (its name)
    mode: str  # "dir": a complete rule set; "base": a mod layered on the shipped content
    seed: int
    mutations: list[str]
    text: str


@dataclass
class Outcome:
    mutant: Mutant
    status: str  # rejected | played | crash | hang | endless
    cause: str = ""  # exception type and place (crash), or what ran out
    detail: str = ""
    games: int = 0
    player_counts: list[int] = field(default_factory=list)  # those it was played for
    variants: set[str] = field(default_factory=set)  # those it was played with


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(o.status == status for o in self.outcomes)

    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status not in ("rejected", "played")]

    def causes(self) -> dict[str, list[Outcome]]:
        found: dict[str, list[Outcome]] = {}
        for outcome in self.failures():
            found.setdefault(outcome.cause, []).append(outcome)
        return found


# ---- mutations ---------------------------------------------------------------------
def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [
        (m.start(), m.end(), m.group())
        for m in TOKEN.finditer(text)
        if not m.group().startswith("#")
    ]


KINDS = (
    "number",
    "number",
    "number",
    "name",
    "name",
    "effect",
    "effect",
    "optional",
    "delete",
    "line",
    "line",
    "block",
    "duplicate",
    "string",
    "players",
    "variant",
)
PLAYERS_RE = re.compile(r"\bplayers[ \t]+(-?\d+(?:\.\.-?\d+)?)")
VARIANT_RE = re.compile(r"^[ \t]*variant[ \t]+([A-Za-z_]\w*)[ \t]*$", re.MULTILINE)
CARD_RE = re.compile(r"^[a-z_]+ [A-Za-z_]\w* \{[ \t]*$", re.MULTILINE)


@dataclass
class Pool:
    """What token mutations draw from: the game's names (those its rules write and the
    words of its vocabulary), its effects, player counts and variants."""

    names: list[str]
    effects: list[str]
    counts: list[int]
    variants: list[str]

    def player_counts(self) -> list[str]:
        """Player counts and ranges around the game's own: each of them, none, one more."""
        edges = sorted({0, *self.counts, max(self.counts, default=0) + 1})
        return [*map(str, edges), *(f"{a}..{b}" for a in edges for b in edges)]


def mutate(text: str, rng: random.Random, pool: Pool) -> tuple[str, str]:
    """One mutation of the text; returns (new text, what was done)."""
    names, effects = pool.names, pool.effects
    tokens = _tokens(text)
    numbers = [t for t in tokens if INT_RE.match(t[2])]
    words = [t for t in tokens if NAME_RE.match(t[2])]
    kind = rng.choice(KINDS)
    if kind == "number" and numbers:
        start, end, old = rng.choice(numbers)
        value = int(old) if len(old) < 20 else 0
        near = [str(value + 1), str(value - 1), str(value * 2), str(value // 2), "0", "1"]
        new = rng.choice(EDGE_NUMBERS if rng.random() < 0.3 else near)
        return text[:start] + new + text[end:], f"number {old}->{new[:12]} at {start}"
    if kind == "name" and words:
        start, end, old = rng.choice(words)
        pool = [w[2] for w in words] if rng.random() < 0.5 else names
        new = rng.choice(pool)
        return text[:start] + new + text[end:], f"name {old}->{new} at {start}"
    if kind == "effect" and effects:
        places = [m for m in re.finditer(r":[ \t]*([^\n#@]+)", text)]
        if places:
            place = rng.choice(places)
            new = rng.choice(effects)
            start, end = place.span(1)
            return text[:start] + new + " " + text[
                end:
            ], f"effect {text[start:end].strip()!r}->{new!r}"
    if kind == "optional":
        found = [m for m in re.finditer(r"\boptional ", text)]
        if found and rng.random() < 0.6:
            m = rng.choice(found)
            return text[: m.start()] + text[m.end() :], f"drop optional at {m.start()}"
        places = [m for m in re.finditer(r":[ \t]*", text)]
        if places:
            m = rng.choice(places)
            return text[: m.end()] + "optional " + text[m.end() :], f"add optional at {m.end()}"
    if kind == "delete" and tokens:
        start, end, old = rng.choice(tokens)
        return text[:start] + text[end:], f"delete {old!r} at {start}"
    if kind == "string":
        strings = [t for t in tokens if t[2].startswith('"')]
        if strings:
            start, end, old = rng.choice(strings)
            new = rng.choice(['""', '"' + "x" * 300 + '"', '"{amount}"', '"%s {"'])
            return text[:start] + new + text[end:], f"string {old[:12]}->{new[:12]} at {start}"
    if kind == "players":
        counts = list(PLAYERS_RE.finditer(text))
        if counts:
            start, end = rng.choice(counts).span(1)
            new = rng.choice(pool.player_counts())
            return text[:start] + new + text[end:], f"players {text[start:end]}->{new} at {start}"
    if kind == "variant" and pool.variants:
        return mutate_variant(text, rng, pool.variants)
    lines = text.split("\n")
    index = rng.randrange(len(lines))
    if kind == "block":
        starts = [i for i, line in enumerate(lines) if re.match(r"[a-z_]+ .*\{\s*$", line)]
        if starts:
            first = rng.choice(starts)
            last = next((i for i in range(first, len(lines)) if lines[i] == "}"), first)
            head = lines[first].strip()[:30]
            del lines[first : last + 1]
            return "\n".join(lines), f"delete block {head!r}"
    if kind == "duplicate":
        lines.insert(index, lines[index])
        return "\n".join(lines), f"duplicate line {index + 1}"
    removed = lines.pop(index)
    return "\n".join(lines), f"delete line {index + 1} {removed.strip()[:30]!r}"


def mutate_variant(text: str, rng: random.Random, variants: list[str]) -> tuple[str, str]:
    """A `variant NAME` line of a block: swapped for another of the game's variants or
    removed (the block then belongs to every game); or one added to a block."""
    lines = list(VARIANT_RE.finditer(text))
    if lines and rng.random() < 0.7:
        line = rng.choice(lines)
        if rng.random() < 0.6:
            new = rng.choice(variants)
            start, end = line.span(1)
            return text[:start] + new + text[end:], f"variant {line.group(1)}->{new} at {start}"
        start, end = line.span()
        return text[:start] + text[end + 1 :], f"delete variant {line.group(1)} at {start}"
    blocks = list(CARD_RE.finditer(text))
    if not blocks:
        return text, "nothing (no block to give a variant)"
    end = rng.choice(blocks).end()
    new = rng.choice(variants)
    return text[:end] + f"\n  variant {new}" + text[end:], f"add variant {new} at {end}"


def effects_of(texts: dict[str, str]) -> list[str]:
    """Every effect written in the content (the text after a ':')."""
    found = set()
    for text in texts.values():
        for m in re.finditer(r":[ \t]*([^\n#@]+)", text):
            found.add(m.group(1).strip())
    return sorted(found)


def vocabulary_words(data_texts: dict[str, str], vocabulary) -> list[str]:
    """Every name written in the rules, and every word of the game's vocabulary."""
    found = {t[2] for text in data_texts.values() for t in _tokens(text) if NAME_RE.match(t[2])}
    found |= set(vocabulary.kinds) | set(vocabulary.primitives)
    for spec in vocabulary.kinds.values():
        found |= set(spec.fields)
    return sorted(found)


def mutants(
    content: Content, per_file: int, seed: int, modes=("dir", "base"), files=None
) -> Iterator[Mutant]:
    """Seeded token mutants of each file of the game's rules (or of `files`), in each
    mode: 1 to 3 mutations each."""
    texts = content.texts
    data = content.data
    pool = Pool(
        vocabulary_words(texts, content.vocabulary),
        effects_of(texts),
        data.player_counts(),
        sorted(data.variants),
    )
    for file in sorted(files or texts):
        for mode in modes:
            for i in range(per_file):
                mutant_seed = seed * 1_000_003 + i
                rng = random.Random(f"{content.tag}{file}:{mode}:{mutant_seed}")
                text, done = texts[file], []
                for _ in range(rng.choice((1, 1, 2, 3))):
                    text, what = mutate(text, rng, pool)
                    done.append(what)
                yield Mutant(file, mode, mutant_seed, done, text)


# ---- lint, set up, play ------------------------------------------------------------
def games_with_rules() -> list[str]:
    """The registered games that have rules to mutate: the default game (the shipped
    content) and those registered by their folder of rules."""
    from blackangel.dsl import games

    default = games.default()
    return [n for n in games.available() if n == default or games.rules_folder(n) is not None]


class Content:
    """The rules of a registered game (default: the default game, whose rules are the
    shipped content), read and parsed once, with the game they build unmutated."""

    def __init__(self, game: str | None = None) -> None:
        from blackangel.dsl import games

        self.game = game or games.default()
        folder = games.rules_folder(self.game)  # UnknownGame for a name not registered
        if folder is None and self.game != games.default():
            raise ValueError(f"the game module '{self.game}' has no rules of its own")
        self.shipped = folder is None
        # in the seeds of the default game's mutants, no tag: its saved-game mutants are
        # those of the runs tests/test_saved_states.py cites
        self.tag = "" if self.shipped else f"{self.game}:"
        self.vocabulary = games.load(self.game).vocabulary
        self.sources = find_sources([folder or CONTENT_DIR])
        self.texts = {key: path.read_text(encoding="utf-8") for path, key in self.sources}
        self.parsed = {key: parse_bytes(text.encode(), key) for key, text in self.texts.items()}
        first = sorted(self.texts)[0]
        unmutated = Mutant(first, "dir", 0, [], self.texts[first])
        with _gc_paused():
            result = compile_sources(self.loaded(unmutated), strict_counts=False)
        if result.ruleset is None or result.errors:
            raise ValueError(f"the rules of '{self.game}' do not compile: {result.errors[0]}")
        self.data = build(result.ruleset)

    def loaded(self, mutant: Mutant) -> LoadedSources:
        """The mutant's rule set, as the loader would read it from disk."""
        loaded = LoadedSources()
        mutated = parse_bytes(mutant.text.encode(), mutant.file)
        if mutant.mode == "dir":
            chosen = {**self.parsed, mutant.file: mutated}
        else:
            chosen = dict(self.parsed)
        for key, (tree, diags, text) in chosen.items():
            loaded.lines.add(key, text)
            loaded.diagnostics.extend(diags)
            loaded.paths.append(key)
            if tree is None:
                loaded.syntax_ok = False
            else:
                loaded.files.append(tree)
        if not self.shipped:  # as the loader says of rules outside the shipped content
            loaded.mod_names.update(chosen)
        if mutant.mode == "base":
            tree, diags, text = mutated
            name = "mod/" + mutant.file
            loaded.lines.add(name, text)
            loaded.diagnostics.extend(diags)
            if tree is None:
                loaded.syntax_ok = False
            else:
                loaded.mod_files, loaded.base_files = [tree], list(loaded.files)
                loaded.files = layer(loaded.files, [tree])
        loaded.content_hash = f"mutant{mutant.seed:x}"
        return loaded


ROOT = Path(__file__).resolve().parent.parent


def _ours(filename: str) -> bool:
    """Whether a traceback frame is in the project's code (installed or in the tree)."""
    path = Path(filename)
    return "blackangel" in path.parts or (
        path.is_relative_to(ROOT) and path.parts[len(ROOT.parts)] in ("dsl", "interpreter", "cli")
    )


def _place(exc: BaseException) -> str:
    """Where an exception was raised, in the project's code (file:function)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if _ours(f.filename)]
    frame = (ours or frames or [None])[-1]
    if frame is None:
        return "?"
    parts = Path(frame.filename).parts
    short = "/".join(parts[-2:])
    return f"{short}:{frame.name}"


def check(content: Content, mutant: Mutant, timeout: float = TIMEOUT) -> Outcome:
    """Lint the mutant; play it when lint finds no error."""
    outcome = Outcome(mutant, "rejected")
    try:
        with time_limit(timeout):
            with _gc_paused():  # as compile_paths does: compiling frees nothing in cycles
                result = compile_sources(content.loaded(mutant), strict_counts=False)
            if result.ruleset is None or result.errors:
                return outcome
            data = build(result.ruleset)
            if not data.player_counts():
                outcome.status, outcome.cause = "crash", "no player count to set up for"
                return outcome
            variants = [(), *((v,) for v in sorted(data.variants))]
            for index, players in enumerate(data.player_counts()):  # 1: a solo game
                outcome.player_counts.append(players)
                for game in range(GAMES_PER_COUNT):
                    # each variant in turn (none first), over the games of every count
                    chosen = variants[(index * GAMES_PER_COUNT + game) % len(variants)]
                    outcome.variants.update(chosen)
                    engine = Engine.new_game(data, players, game, variants=chosen)
                    agents = [RandomAgent(game * 10 + s) for s in range(players)]
                    play(engine, agents, max_decisions=MAX_DECISIONS)
                    outcome.games += 1
            outcome.status = "played"
    except Timeout as exc:
        outcome.status, outcome.cause, outcome.detail = "hang", "timeout", str(exc)
    except RecursionError as exc:
        outcome.status, outcome.cause = "crash", f"RecursionError at {_place(exc)}"
    except Exception as exc:
        text = str(exc)
        if "did not end within" in text:
            outcome.status, outcome.cause = "endless", "the game did not end"
        elif "without a decision" in text:
            outcome.status, outcome.cause = "endless", "steps without a decision"
        else:
            outcome.status = "crash"
            outcome.cause = f"{type(exc).__name__} at {_place(exc)}"
        outcome.detail = text[:300]
    return outcome


def run(
    per_file: int,
    seed: int,
    modes=("dir", "base"),
    files=None,
    progress=False,
    typed=False,
    game: str | None = None,
) -> Report:
    """Lint and play the token mutants (or, with `typed`, the typed ones) of each file of
    a game's rules (default: the default game)."""
    content = Content(game)
    report = Report()
    chosen = (
        typed_mutants(content, Typed(content), per_file, seed, modes, files)
        if typed
        else mutants(content, per_file, seed, modes, files)
    )
    for n, mutant in enumerate(chosen, 1):
        report.outcomes.append(check(content, mutant))
        if progress and n % 100 == 0:
            print(f"  {n} mutants, {len(report.failures())} failures", file=sys.stderr)
    return report


def describe(outcome: Outcome) -> str:
    m = outcome.mutant
    return (
        f"{outcome.status}: {outcome.cause}\n    {m.file} ({m.mode}, seed {m.seed}): "
        f"{'; '.join(m.mutations)}\n    {outcome.detail}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=60, help="mutants per file and mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("dir", "base", "both"), default="both")
    parser.add_argument("--file", action="append", help="only this rule file (repeatable)")
    parser.add_argument(
        "--typed", action="store_true", help="typed mutations of the parsed rules, not tokens"
    )
    parser.add_argument("--game", help="a registered game with rules (default: the default game)")
    parser.add_argument(
        "--all-games", action="store_true", help="every registered game with rules, in turn"
    )
    parser.add_argument(
        "--states",
        type=int,
        metavar="GAMES",
        help="mutate saved games instead: GAMES seeded games, --mutants mutants of each",
    )
    args = parser.parse_args()
    known = games_with_rules()
    if args.game is not None and args.game not in known:
        parser.error(f"unknown game '{args.game}'; games with rules: {', '.join(known)}")
    modes = ("dir", "base") if args.mode == "both" else (args.mode,)
    failed = False
    for game in known if args.all_games else [args.game]:
        content = Content(game)
        unknown = sorted(set(args.file or ()) - set(content.texts))
        if unknown:
            parser.error(f"{content.game} has no rule file {unknown[0]!r}")
        print(f"== {content.game}")
        if args.states is not None:
            failed |= _report_states(content, args.states, args.mutants, args.seed)
            continue
        started = time.perf_counter()
        report = run(
            args.mutants, args.seed, modes, args.file, progress=True, typed=args.typed, game=game
        )
        failed |= _report(report, time.perf_counter() - started)
    return 1 if failed else 0


def _report(report: Report, elapsed: float) -> bool:
    """Print the summary of a run and each distinct cause; whether any mutant failed."""
    total = len(report.outcomes)
    print(
        f"{total} mutants in {elapsed:.0f} s: {report.count('rejected')} rejected by lint, "
        f"{report.count('played')} played, {len(report.failures())} failed "
        f"({report.count('crash')} crashes, {report.count('hang')} hangs, "
        f"{report.count('endless')} endless)"
    )
    for cause, outcomes in sorted(report.causes().items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(outcomes)} x {cause}")
        for outcome in outcomes[:2]:
            print("  " + describe(outcome))
    return bool(report.failures())


def _report_states(content: Content, games: int, per_game: int, seed: int) -> bool:
    """Run and print the saved-game mutants of a game; whether any failed."""
    outcomes = run_states(games, per_game, seed, content)
    print(", ".join(f"{len(v)} {k.split(':')[0]}" for k, v in sorted(outcomes.items())))
    bad = {k: v for k, v in outcomes.items() if k not in ("rejected", "played")}
    for cause, found in bad.items():
        print(f"\n{len(found)} x {cause}")
        for description in found[:2]:
            print("    " + description)
    return bool(bad)


# ---- typed mutations ---------------------------------------------------------------
# The token mutations above mostly break names and numbers, which lint refuses at once.
# A typed mutation changes the rules the way an author would, with values of the right
# type: it swaps a primitive for another with well-typed arguments, composes an effect
# with another through `,` `or` `->` `otherwise` `optional`, adds `per` (and `max`), adds
# a trigger or a chain of events raised with `emit`, or clones or removes a block. It
# edits the text at the spans of the parsed tree, so a mutant is still a file to read.
TYPED_KINDS = ("swap", "swap", "compose", "compose", "per", "trigger", "emit", "clone", "remove")


class Typed:
    """What typed mutations draw from: the game's vocabulary and the names its rules
    declare (ids, events, numbers), as the checker knows them."""

    def __init__(self, content: Content) -> None:
        from blackangel.dsl.checker import Checker, gather_symbols

        self.vocabulary = content.vocabulary
        trees = [tree for tree, _, _ in content.parsed.values() if tree is not None]
        self.checker = Checker(gather_symbols(trees, self.vocabulary), self.vocabulary)
        # the primitives the rules declare something for every name they need (a game of
        # the engine's own procedure has no deck, grid or queue unless its rules say so)
        prims = {n: p for n, p in self.vocabulary.primitives.items() if self._usable(p.params)}
        self.verbs = sorted(n for n, p in prims.items() if not p.counter)
        self.counters = sorted(n for n, p in prims.items() if p.counter)
        # the events the game module raises and those its rules declare (to `emit`)
        self.events = sorted({*self.vocabulary.events, *self.checker.symbols.ids("event")})

    def _named(self, param) -> bool:
        """Whether a parameter has a value to give: not a name, or a name declared."""
        return self.checker.names_of(param.type) is None or bool(self.checker.names_of(param.type))

    def _usable(self, params) -> bool:
        return all(self._named(p) for p in params if not p.optional)

    def value(self, param, rng: random.Random) -> str:
        """A value of the parameter's type (within its bounds, most of the time)."""
        form = param.type.form
        if form == "amount" and rng.random() < 0.3:  # a number, or a value the rules name
            named = sorted(i for ref in param.type.refs for i in self.checker.symbols.ids(ref))
            if named:
                return rng.choice(named)
        if form in ("int", "count", "amount"):
            low = max(param.low if param.low is not None else 0, -2)
            high = min(param.high if param.high is not None else 9, low + 5)
            return str(rng.randint(low, high))
        if form == "number":
            known = self.checker.symbols.numbers(param.type.refs[0], param.type.field or "number")
            return str(rng.choice(sorted(known) or [1]))
        if form == "range":
            low = param.lo if param.lo is not None else 1
            return f"{low}..{low + rng.randint(0, 2)}"
        if form == "string":
            return '"fuzz"'
        names = self.checker.names_of(param.type)
        return rng.choice(sorted(names)) if names else "fuzz"

    def call(self, rng: random.Random, counter: bool = False, name: str | None = None) -> str:
        """A primitive (or a counter) with arguments of the right types. An optional
        parameter is written whenever the rules can name it: some calls need it in some
        forms (a move toward a token names the token), and writing it is never wrong."""
        name = name or rng.choice(self.counters if counter else self.verbs)
        args = []
        for param in self.vocabulary.primitives[name].params:
            if param.optional and not self._named(param):
                continue
            for _ in range(rng.randint(1, 2) if param.repeat else 1):
                args.append(self.value(param, rng))
        return " ".join((name, *args))

    def effect(self, rng: random.Random) -> str:
        """A call, or two composed."""
        if rng.random() < 0.7:
            return self.call(rng)
        return compose(self.call(rng), self.call(rng), rng)


COMBINATORS = ("({a}, {b})", "({b}, {a})", "({a} or {b})", "({b} -> {a})", "({a} -> {b})")


def compose(a: str, b: str, rng: random.Random) -> str:
    """Two effects joined by a combinator (each part in brackets, so precedence holds)."""
    forms = (*COMBINATORS, "({a} otherwise {b})", "(optional ({a}))")
    return rng.choice(forms).format(a=f"({a})", b=f"({b})")


def _offsets(text: str) -> list[int]:
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    return starts


def _range(text: str, span) -> tuple[int, int]:
    """The text offsets of a span (lines and columns from 1, the end exclusive)."""
    starts = _offsets(text)
    return starts[span.line - 1] + span.column - 1, starts[span.end_line - 1] + span.end_column - 1


def _effect_calls(items) -> list:
    """Every call of an effect in the items and their blocks (not the counters of `per`)."""
    from blackangel.dsl import ast

    found = []
    for item in items:
        stack = [item.effect] if item.effect is not None else []
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Call):
                found.append(node)
            else:
                stack.extend(node.children())
        found += _effect_calls(item.children or ())
    return found


def typed_mutate(text: str, file: str, rng: random.Random, typed: Typed, n: int) -> tuple[str, str]:
    """One typed mutation of a file's text; returns (new text, what was done). `n` numbers
    the names it declares, so that several mutations of one file do not clash."""
    tree, _, _ = parse_bytes(text.encode(), file)
    if tree is None:
        return text, "nothing (the text does not parse)"
    kind = rng.choice(TYPED_KINDS if typed.events else [k for k in TYPED_KINDS if k != "trigger"])
    calls = _effect_calls(tree.items)
    if kind in ("swap", "compose", "per") and calls:
        call = rng.choice(calls)
        start, end = _range(text, call.span)
        old = text[start:end]
        if kind == "swap":
            new = typed.call(rng)
        elif kind == "compose":
            new = compose(old, typed.effect(rng), rng)
        elif call.per is None:
            new = f"{old} per {typed.call(rng, counter=True)}"
            if rng.random() < 0.4:
                new += f" max {rng.randint(0, 6)}"
        else:
            new = old
        return text[:start] + new + text[end:], f"{kind} {old!r} -> {new!r}"
    if kind in ("clone", "remove") and tree.items:
        item = rng.choice(tree.items)
        start, end = _range(text, item.span)
        head = text[start:end].split("\n")[0][:40]
        if kind == "remove":
            return text[:start] + text[end:], f"remove {head!r}"
        block = text[start:end]
        if item.values and item.values[0].kind == "name":
            block = block.replace(str(item.values[0].value), f"{item.values[0].value}_fz{n}", 1)
        return text[:end] + "\n" + block + text[end:], f"clone {head!r}"
    if kind == "emit" and calls:
        # a chain: an existing effect raises a new event, whose trigger may raise the next
        length = rng.randint(1, 3)
        added = []
        for i in range(length):
            effect = typed.effect(rng)
            if i + 1 < length:
                effect = f"({effect}), emit fz_e{n}_{i + 1}"
            added.append(
                f'event fz_e{n}_{i} {{\n  help "fuzz"\n}}\n'
                f"trigger fz_t{n}_{i} {{\n  on fz_e{n}_{i}\n  effect: {effect}\n}}\n"
            )
        call = rng.choice(calls)
        start, end = _range(text, call.span)
        old = text[start:end]
        new = f"({old}, emit fz_e{n}_0)"
        text = text[:start] + new + text[end:]
        return text + "\n" + "".join(added), f"emit chain of {length} from {old!r}"
    if not typed.events:
        return text, "nothing (no event to trigger on, no effect to extend)"
    event = rng.choice(typed.events)
    effect = typed.effect(rng)
    trigger = f"\ntrigger fz_t{n} {{\n  on {event}\n  effect: {effect}\n}}\n"
    return text + trigger, f"trigger on {event}: {effect!r}"


def typed_mutants(
    content: Content, typed: Typed, per_file: int, seed: int, modes=("dir", "base"), files=None
) -> Iterator[Mutant]:
    """Seeded typed mutants of each file of the game's rules (or of `files`), in each
    mode: 1 to 3 mutations each."""
    for file in sorted(files or content.texts):
        for mode in modes:
            for i in range(per_file):
                mutant_seed = seed * 1_000_003 + i
                rng = random.Random(f"typed:{content.tag}{file}:{mode}:{mutant_seed}")
                text, done = content.texts[file], []
                for n in range(rng.choice((1, 1, 2, 3))):
                    text, what = typed_mutate(text, file, rng, typed, n)
                    done.append(what)
                yield Mutant(file, mode, mutant_seed, done, text)


# ---- saved games ------------------------------------------------------------------------
# A saved game is the other file a user hands over: mutants of real saved states must be
# refused by Engine.from_json (StateError) or play on to the end.
def _paths(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _set(state, path, value):
    node = state
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def mutate_state(state: dict, rng: random.Random, ids: list[str]) -> str:
    """One mutation of a state (in place); returns what was done."""
    paths = [(p, v) for p, v in _paths(state) if p and p[0] != "log"]
    path, value = rng.choice(paths)
    where = ".".join(map(str, path))
    kind = rng.choice(["value", "value", "type", "delete", "add", "swap", "id", "id"])
    if kind == "id" or (kind == "value" and isinstance(value, str)):
        new = rng.choice([*ids, "", "x" * 40, "m999", "s1#9"])
        _set(state, path, new)
        return f"{where} = {new!r}"
    if kind == "value":
        if isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            new = rng.choice([-1, 0, 1, 2, 5, 99, 10**12, value + 1, value - 1])
        else:
            new = rng.choice([None, 0, [], {}])
        _set(state, path, new)
        return f"{where} = {str(new)[:20]}"
    if kind == "type":
        new = rng.choice([None, "x", 3, 2.5, True, [], {}, [None], {"x": 1}])
        _set(state, path, new)
        return f"{where} = {new!r} (type)"
    parent_path, key = path[:-1], path[-1]
    parent = state
    for k in parent_path:
        parent = parent[k]
    if kind == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
        return f"delete {where}"
    if kind == "add":
        if isinstance(parent, dict):
            parent[rng.choice(["extra", "x", *map(str, parent)]) + "_"] = copy.deepcopy(value)
        else:
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(value))
        return f"add a copy of {where}"
    lists = [(p, v) for p, v in paths if isinstance(v, list) and v]
    other_path, other = rng.choice(lists)
    index = rng.randrange(len(other))
    _set(state, path, copy.deepcopy(other[index]))
    return f"{where} = {'.'.join(map(str, other_path))}.{index}"


def saved_games(count: int, seed: int, content: Content) -> Iterator[tuple[Engine, str]]:
    """Saved games at a random decision of seeded random games of a game (all its player
    counts; its rules without a variant, or with one of its variants)."""
    data = content.data
    rng = random.Random(f"saved:{content.tag}{seed}")
    for n in range(count):
        players = rng.choice(data.player_counts())
        variants = rng.choice([(), *((v,) for v in sorted(data.variants))])
        engine = Engine.new_game(data, players, seed * 1000 + n, variants=variants)
        agents = [RandomAgent(n * 10 + s) for s in range(players)]
        for _ in range(rng.randrange(1, 200)):
            decision = engine.decision()
            if decision is None:
                break
            engine.apply(agents[decision.player].choose(engine, decision))
        yield engine, f"game {n}: {players} players{''.join(' ' + v for v in variants)}"


def check_state_mutant(engine: Engine, text: str, timeout: float = TIMEOUT) -> str:
    """'rejected' (StateError), 'played', or what went wrong."""
    from blackangel.dsl.errors import StateError

    try:
        with time_limit(timeout):
            try:
                loaded = Engine.from_json(engine.data, text)
            except StateError:
                return "rejected"
            agents = [RandomAgent(s) for s in range(loaded.players)]
            play(loaded, agents, max_decisions=MAX_DECISIONS)
            return "played"
    except Timeout:
        return "hang"
    except Exception as exc:
        return f"crash: {type(exc).__name__} at {_place(exc)}: {str(exc)[:120]}"


def run_states(
    games: int, per_game: int, seed: int, content: Content | None = None
) -> dict[str, list[str]]:
    """Outcome -> the mutants that had it (a description each), of saved games of a
    game (default: the default game)."""
    import json

    content = content or Content()
    out: dict[str, list[str]] = {}
    for engine, name in saved_games(games, seed, content):
        ids = [i for kind in engine.data.items().values() for i in kind]
        for i in range(per_game):
            rng = random.Random(f"{content.tag}{name}:{seed}:{i}")
            state = json.loads(engine.to_json())
            done = [mutate_state(state, rng, ids) for _ in range(rng.choice((1, 1, 2)))]
            outcome = check_state_mutant(engine, json.dumps(state))
            out.setdefault(outcome, []).append(f"{name}, mutant {i}: {'; '.join(done)}")
    return out


if __name__ == "__main__":
    sys.exit(main())
