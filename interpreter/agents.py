"""Players that answer decisions: random, greedy, Monte Carlo tree search (search.py), the
expert that plans whole turns (planner.py), and a human at the terminal."""

from __future__ import annotations

from ..dsl.errors import EngineError, RulesError
from ..dsl.i18n import N_
from .engine import Decision, Engine
from .planner import ExpertAgent
from .rng import Rng, seed_state
from .search import MctsAgent

# what a person at the terminal reads besides the decision itself
PLAYER_HEADER = N_("Player {number}")
ENTER_A_NUMBER = N_("enter a number from 1 to {count} (? for help, q to quit)")
HUMAN_HELP = N_(
    "Type the number of an option (or its id, shown here) and press Enter; "
    "? shows this help, q quits the game."
)
OPTION_ID = N_("{number}. {id}: {label}")  # TRANSLATORS: an option in the help: number, id, text
QUIT = ("q", "quit")
HELP = ("?", "help")


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
    """Numbered options on the terminal; `?` explains them, `q` quits (QuitGame)."""

    name = "human"

    def __init__(self, read=input, write=print):
        self.read = read
        self.write = write

    def choose(self, engine: Engine, decision: Decision) -> str:
        text = engine.data.text
        self.write("\n" + text.fill(PLAYER_HEADER, {"number": decision.player + 1}))
        self.write(engine.data.game.position(engine, decision.player))
        self.write(decision.prompt)
        for number, option in enumerate(decision.options, 1):
            self.write(f"  {number:>2}. {option.label}")
        while True:
            answer = self.read("> ").strip()
            # ASCII digits only ('²' is a digit to str.isdigit, not to int) and few of them
            # (int() refuses 4,300 digits); anything else asks again
            number = answer.isascii() and answer.isdigit() and len(answer) <= 9
            if number and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].id
            if any(o.id == answer for o in decision.options):
                return answer
            if answer.lower() in QUIT:
                raise QuitGame
            if answer.lower() in HELP:
                self.write("  " + text._(HUMAN_HELP))
                for number, option in enumerate(decision.options, 1):
                    values = {"number": number, "id": option.id, "label": option.label}
                    self.write("    " + text.fill(OPTION_ID, values))
                continue
            self.write("  " + text.fill(ENTER_A_NUMBER, {"count": len(decision.options)}))


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
    "expert": ExpertAgent,
}


def play(engine: Engine, agents: list, max_decisions: int = 100_000) -> Engine:
    """Answer decisions with the seat's agent until the game ends."""
    for _ in range(max_decisions):
        decision = engine.decision()
        if decision is None:
            return engine
        engine.apply(agents[decision.player].choose(engine, decision))
    raise RulesError(f"game did not end within {max_decisions} decisions")
