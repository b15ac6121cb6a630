"""Players that answer decisions: random, greedy, Monte Carlo tree search (search.py), the
expert that plans whole turns (planner.py), and a human at the terminal."""

from __future__ import annotations

import textwrap

from ..dsl.errors import EngineError, RulesError
from ..dsl.i18n import N_, NC_
from ..dsl.text import TextRenderer
from .engine import Decision, Engine
from .game import command_word
from .narrate import log_lines, seat_names, seen_events
from .planner import ExpertAgent
from .rng import Rng, seed_state
from .search import MctsAgent

# what a person at the terminal reads besides the decision itself
PLAYER_HEADER = N_("Player {number}")
ENTER_A_NUMBER = N_("enter a number from 1 to {count} (? for help, q to quit)")
HUMAN_HELP = N_("Type the number of an option and press Enter. At any decision you can also type:")
HELP_HELP = N_("this help, with what each option does")
LOG_HELP = N_("the last {count} lines of the log ({log} 50: the last 50)")
QUIT_HELP = N_("quit the game")
NOTHING_YET = N_("nothing has happened yet")
BAD_COUNT = N_("{log} takes a number of lines from 1 up, such as {log} 50")
# The words a person types at the terminal, translated under game.TERMINAL_COMMAND (as a
# game's views are); the English word and the short forms work in every language.
# TRANSLATORS: a word typed at the terminal (ba play --human) to quit: one lower-case word
QUIT = NC_("terminal command", "quit")
# TRANSLATORS: a word typed at the terminal to see the help: one lower-case word
HELP = NC_("terminal command", "help")
# TRANSLATORS: a word typed at the terminal to see the last lines of the log: one word
LOG = NC_("terminal command", "log")
SHORT = {"q": QUIT, "?": HELP}
LOG_LINES = 20  # what `log` shows without a number
WIDTH = 80  # the narrowest terminal a person may play in


class QuitGame(EngineError):
    """The person at the terminal asked to stop the game (`q`)."""


class RandomAgent:
    """Uniform over the legal options, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.holder = {"rng": seed_state(seed)}
        self.rng = Rng(self.holder)

    def choose(self, engine: Engine, decision: Decision) -> str:
        return decision.options[self.rng.below(len(decision.options))].id


class GreedyAgent:
    """One-step lookahead: try each option on a clone, keep the one with the best score.

    The score of a position is the game module's estimate (`Game.heuristic`); ties
    are broken by the seeded generator. Cheap and clearly better than random. The
    clone is determinized first (`Engine.determinize`): what the player cannot see, and
    the dice to come, are guesses from the bot's own generator, the same guesses for
    every option; the bot never reads the real ones.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.holder = {"rng": seed_state(seed)}
        self.rng = Rng(self.holder)

    def choose(self, engine: Engine, decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0].id
        guess = engine.clone(log=False)
        guess.determinize(decision.player, self.rng)
        best, best_ids = None, []
        for option in decision.options:
            trial = guess.clone()
            trial.apply(option.id)
            score = engine.data.game.heuristic(trial, decision.player)
            if best is None or score > best + 1e-9:
                best, best_ids = score, [option.id]
            elif abs(score - best) <= 1e-9:
                best_ids.append(option.id)
        return best_ids[self.rng.below(len(best_ids))]


class HumanAgent:
    """Numbered options on the terminal; `?` explains them, `q` quits (QuitGame), `log`
    shows the log as the seat sees it, and the game's views (Game.terminal: the map, a
    card...) answer their command words. When a turn of the seat begins, the whole table
    is shown first. An option's id is accepted as well as its number."""

    name = "human"

    def __init__(self, read=input, write=print, names: list[str] | None = None):
        self.read = read
        self.write = write
        self.names = names  # how the log names the seats (None: P1, P2...)
        self.turn: int | None = None  # the turn whose table was shown last

    def choose(self, engine: Engine, decision: Decision) -> str:
        text = engine.data.text
        game = engine.data.game
        seat = decision.player
        self.write("\n" + text.fill(PLAYER_HEADER, {"number": seat + 1}))
        turn = game.clock(engine.state)
        if game.terminal is not None and turn != self.turn:
            self.turn = turn
            self.write(fitted(game.terminal.table(engine, seat)))
        else:
            self.write(fitted(game.position(engine, seat)))
        self.write(fitted(decision.prompt))
        for number, option in enumerate(decision.options, 1):
            self.write(fitted(f"  {number:>2}. {option.label}", 6))
        while True:
            answer = self.read("> ").strip()
            # ASCII digits only ('²' is a digit to str.isdigit, not to int) and few of them
            # (int() refuses 4,300 digits); anything else asks again
            if _count(answer) and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].id
            if any(o.id == answer for o in decision.options):
                return answer
            word, _, argument = answer.partition(" ")
            views = game.terminal.views if game.terminal is not None else {}
            command, argument = (
                typed_command(text, word, (QUIT, HELP, LOG, *views)),
                argument.strip(),
            )
            if command == QUIT:
                raise QuitGame
            if command == HELP:
                self.help(engine, decision)
            elif command == LOG:
                self.log(engine, seat, argument)
            elif command in views:
                self.write(fitted(views[command].show(engine, seat, argument)))
            else:
                self.write(
                    fitted("  " + text.fill(ENTER_A_NUMBER, {"count": len(decision.options)}))
                )

    def help(self, engine: Engine, decision: Decision) -> None:
        """What can be typed, then each option with what it does."""
        text = engine.data.text
        terminal = engine.data.game.terminal
        commands = [("?", text._(HELP_HELP))]
        if terminal is not None:
            commands += [
                (command_word(text, word), text.fill(view.help, {"word": command_word(text, word)}))
                for word, view in terminal.views.items()
            ]
        log = command_word(text, LOG)
        commands += [
            (log, text.fill(LOG_HELP, {"count": LOG_LINES, "log": log})),
            ("q", text._(QUIT_HELP)),
        ]
        self.write(fitted("  " + text._(HUMAN_HELP)))
        for word, meaning in commands:
            self.write(fitted(f"    {word:<10} {meaning}", 15))
        for number, option in enumerate(decision.options, 1):
            self.write(fitted(f"  {number:>2}. {option.label}", 6))
            if terminal is not None:
                for line in terminal.explain(engine, decision.player, option.id):
                    self.write(f"        {line}")

    def log(self, engine: Engine, seat: int, argument: str) -> None:
        """The last lines of the log, as this seat may read them."""
        text = engine.data.text
        if argument and not (_count(argument) and int(argument) > 0):
            self.write(fitted("  " + text.fill(BAD_COUNT, {"log": command_word(text, LOG)})))
            return
        count = int(argument) if argument else LOG_LINES
        names = self.names or seat_names(engine)
        lines = [
            part
            for line in log_lines(engine, names, seen_events(engine, seat))
            for part in line.strip("\n").split("\n")
        ]
        self.write(fitted("\n".join(lines[-count:]) if lines else "  " + text._(NOTHING_YET)))


def typed_command(text: TextRenderer, typed: str, words: tuple[str, ...]) -> str | None:
    """The command a typed word names (its English form): the English word, its word in
    the game's language, or a short form (q, ?); None for any other word."""
    typed = typed.lower()
    if typed in SHORT:
        return SHORT[typed]
    return next((w for w in words if typed in (w, command_word(text, w))), None)


def fitted(block: str, indent: int | None = None) -> str:
    """Text cut at spaces to fit an 80-column terminal: each line too long goes on,
    indented by `indent` spaces (default: its own indentation and 4 more)."""
    lines = []
    for line in block.split("\n"):
        more = len(line) - len(line.lstrip()) + 4 if indent is None else indent
        if not line.strip():
            lines.append(line)
            continue
        lines += textwrap.wrap(line, WIDTH, subsequent_indent=" " * more)
    return "\n".join(lines)


def _count(answer: str) -> bool:
    """A whole number typed in ASCII digits, short enough for int()."""
    return answer.isascii() and answer.isdigit() and len(answer) <= 9


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
    "expert": ExpertAgent,
}
OPPONENT = "expert"  # the bot a person plays against unless told otherwise (ba play, ba serve)
# A bot's thinking budget, settable where the bot is named: "expert:nodes=2000:worlds=4".
# Each setting: the keyword of the bot's constructor, and the whole numbers it may take.
BUDGETS = {
    "mcts": {"iterations": (1, 10**6)},
    "expert": {"nodes": (1, 10**6), "worlds": (1, 1000)},
}


def parse_agent(spec: str) -> tuple[str, dict[str, int]]:
    """A bot's name and budget from how it is named: "expert:nodes=2000:worlds=4" gives
    ("expert", {"nodes": 2000, "worlds": 4}). A ValueError says what is wrong."""
    name, *pairs = spec.strip().split(":")
    if name not in AGENTS:
        raise ValueError(f"unknown agent '{name}'; agents: {', '.join(AGENTS)}")
    allowed = BUDGETS.get(name, {})
    takes = " and ".join(f"{key}=N" for key in allowed) or "no setting"
    budget: dict[str, int] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or key not in allowed or key in budget:
            raise ValueError(f"agent '{spec.strip()}': {name} takes {takes}")
        low, high = allowed[key]
        if not (value.isascii() and value.isdigit() and low <= int(value) <= high):
            raise ValueError(
                f"agent '{spec.strip()}': {key} takes a whole number from {low} to {high:,}"
            )
        budget[key] = int(value)
    return name, budget


def make_agent(spec: str, seed: int):
    """The bot a spec names (parse_agent), with its budget, seeded."""
    name, budget = parse_agent(spec)
    return AGENTS[name](seed, **budget)


def play(engine: Engine, agents: list, max_decisions: int = 100_000) -> Engine:
    """Answer decisions with the seat's agent until the game ends."""
    for _ in range(max_decisions):
        decision = engine.decision()
        if decision is None:
            return engine
        engine.apply(agents[decision.player].choose(engine, decision))
    raise RulesError(f"game did not end within {max_decisions} decisions")
