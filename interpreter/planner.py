"""The `expert` bot: it plans the rest of its turn, not just the next decision.

A turn is many decisions (which sequence, which card beside which line, which die, how far
to fly, which card to place...), and each alone often looks worthless: a ship moved is
worth something only once a card is placed at the end of the move. So at every decision
the bot searches the sequences of its own decisions that finish the turn, and values the
position where each ends: the turn passes to another seat or the game ends. Chance on
the way (a roll, a shuffle) is played as the copy guesses it, one sample as the MCTS
bot's play-outs take it: what follows a roll in the same turn is part of the turn's
price (a turn that rolls and then moves the game's clock on must be valued after the
clock has moved, not at the roll).

The search runs on copies of the game dealt again as the seat sees it (`Engine.determinize`,
as the MCTS bot does: other hands, deck orders and dice to come are guesses from the bot's
own generator), in `worlds` such copies. In each, the most promising options are first
followed down to an end of turn (`TurnSearch._dive`); then it is best-first: the position
with the highest estimate is expanded next (every option tried on a copy), until `nodes`
copies have been made over all worlds. An option of the decision is worth the best end of turn
found below it (while none is found, the best estimate below it), averaged over the
worlds; the bot answers the best, the first listed on a tie.

In a cooperative game a turn often ends before anything it chose has happened: a card
laid face down waits for the round's timeline. Such an end of turn, inside the round and
with no chance since the decision, is valued by playing the round out greedily on the
copy, every seat's decision one step ahead (`TurnSearch._round_played_out`); those
copies count against the budget once the dives are done.

Positions are valued by the game's `outlook` (the score a seat can expect at the end; its
`heuristic` where it has none): the seat's own, less `rivalry` times the best other
seat's. The budget is a number of copies, not a time, so a seeded bot plays the same game
on any machine.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from .engine import Decision, Engine
from .rng import Rng, seed_state

NODES = 500  # copies per decision (docs/simulation.md: what it costs)
WORLDS = 1  # guesses of the hidden cards and the dice per decision
DIVES = 6  # options of a decision followed to the end of the turn before the rest
RIVALRY = 0.5  # how much the best other seat's outlook counts against the seat's own
ROLLOUT = 400  # copies at most to play a cooperative round out after a turn ends in it


class ExpertAgent:
    """Plans whole turns on determinized copies; `nodes` copies per decision."""

    name = "expert"

    def __init__(
        self, seed: int = 0, nodes: int = NODES, worlds: int = WORLDS, rivalry: float = RIVALRY
    ):
        if nodes < 1 or worlds < 1:
            raise ValueError("the expert bot needs at least one node and one world")
        self.holder = {"rng": seed_state(seed)}
        self.rng = Rng(self.holder)
        self.nodes = nodes
        self.worlds = worlds
        self.rivalry = rivalry

    def choose(self, engine: Engine, decision: Decision) -> str:
        options = [o.id for o in decision.options]
        if len(options) == 1:
            return options[0]
        totals = self.weigh(engine, decision)
        return max(options, key=lambda option: totals[option])

    def weigh(self, engine: Engine, decision: Decision) -> dict[str, float]:
        """Each option: the best end of turn found below it, summed over the worlds."""
        totals = {o.id: 0.0 for o in decision.options}
        budget = max(1, self.nodes // self.worlds)
        for _ in range(self.worlds):
            world = engine.clone(log=False)
            world.determinize(decision.player, self.rng)
            found = TurnSearch(world, decision.player, self.value).run(budget)
            for option in totals:
                totals[option] += found.get(option, float("-inf"))
        return totals

    def value(self, game: Engine, seat: int) -> float:
        """The seat's outlook less `rivalry` times the best other seat's."""
        estimate = game.data.game.outlook or game.data.game.heuristic
        own = estimate(game, seat)
        others = [estimate(game, other) for other in range(game.players) if other != seat]
        return own - self.rivalry * max(others, default=0.0)


class TurnSearch:
    """Best-first search of one seat's decisions until its turn ends, on one copy.

    Every option of the decision is tried; then the `dives` most promising ones are each
    followed down (always into the best of the positions just made) until a turn ends
    below it, so that they are compared on ends of turns, not on positions half-way
    through a turn, where an action is paid for and not yet done; the rest of the budget
    expands the best positions of the whole tree. Of positions valued alike the latest,
    deepest one is expanded first: where decisions change nothing yet (cards kept for
    later), the search goes down to an end of turn instead of across every combination."""

    def __init__(
        self, game: Engine, seat: int, value: Callable[[Engine, int], float], dives: int = DIVES
    ):
        self.game = game
        self.seat = seat
        self.value = value
        self.dives = dives
        self.clock = game.data.game.clock
        self.start = self.clock(game.state)
        self.ends: dict[str, float] = {}  # root option -> best end of turn found
        self.estimates: dict[str, float] = {}  # root option -> its own position's value
        # per root option: (-value, -order made, depth, position)
        self.frontier: dict[str, list[tuple[float, int, int, Engine]]] = {}
        self.made = 0
        self.rolled = 0  # copies made to play rounds out (cooperative games)

    def run(self, budget: int) -> dict[str, float]:
        """Each option of the decision: the best end of turn found below it; while no
        option has one, each option's own estimate."""
        for option in self.game.legal_options():
            self.frontier[option] = []
            self._try(self.game, option, option)
        promising = sorted(self.estimates, key=lambda o: -self.estimates[o])[: self.dives]
        for root in promising:
            self._dive(root, budget)
        while self.made + self.rolled < budget:
            roots = [r for r in self.frontier if self.frontier[r]]
            if not roots:
                break
            self._expand(min(roots, key=lambda r: self.frontier[r][0][:2]))
        return dict(self.ends) if self.ends else dict(self.estimates)

    def _expand(self, root: str) -> None:
        _, _, depth, game = heapq.heappop(self.frontier[root])
        for option in game.legal_options():
            self._try(game, option, root, depth + 1)

    def _dive(self, root: str, budget: int) -> None:
        """Follow the root option down, always into the best of the positions just made
        (the deepest), until a turn ends below it: a best-first search alone can spend
        the budget across the shallow positions of a long turn and never reach its end."""
        frontier = self.frontier[root]
        while root not in self.ends and frontier and self.made < budget:
            deepest = max(entry[2] for entry in frontier)
            best = min(
                (i for i, entry in enumerate(frontier) if entry[2] == deepest),
                key=lambda i: frontier[i][:2],
            )
            entry = frontier.pop(best)
            heapq.heapify(frontier)
            for option in entry[3].legal_options():
                self._try(entry[3], option, root, entry[2] + 1)

    def _try(self, game: Engine, option: str, root: str, depth: int = 1) -> None:
        trial = game.clone()
        trial.apply(option)
        self.made += 1
        value = self.value(trial, self.seat)
        self.estimates.setdefault(root, value)
        decision = trial.decision()
        turn_over = (
            decision is None
            or decision.player != self.seat
            or self.clock(trial.state) != self.start
        )
        if turn_over:
            chance = trial.state["rng"] != self.game.state["rng"]  # a roll since the decision
            if self._team_plays_on(trial, decision, chance):
                value = self._round_played_out(trial)
            self.ends[root] = max(value, self.ends.get(root, value))
        else:
            entry = (-value, -self.made, depth, trial)  # ties: the latest, deepest
            heapq.heappush(self.frontier[root], entry)

    def _team_plays_on(self, game: Engine, decision: Decision | None, chance: bool) -> bool:
        """In a cooperative game, a turn that ends inside the round, without chance, hands
        the round to the team: a card laid face down is worth what the round makes of it."""
        return (
            game.data.cooperative is not None
            and decision is not None
            and not chance
            and game.state["rounds"]["round"] == self.game.state["rounds"]["round"]
        )

    def _round_played_out(self, game: Engine) -> float:
        """The value of the round played on to its end greedily (every seat's decision the
        option of the best value one step ahead, the first on a tie), on a copy, until the
        round ends, chance speaks, the game ends or `ROLLOUT` copies are made. The copies
        count against the budget once the dives are done, so that each of them still
        reaches an end of turn to compare."""
        current, made = game.clone(log=False), 0
        start = current.state["rounds"]["round"]
        while made < ROLLOUT:
            if current.decision() is None or current.state["rounds"]["round"] != start:
                break
            rng_before = current.state["rng"]
            trials: list[tuple[float, int, Engine]] = []
            for option in current.legal_options():
                trial = current.clone()
                trial.apply(option)
                trials.append((self.value(trial, self.seat), -len(trials), trial))
            made += len(trials)
            _, _, current = max(trials, key=lambda t: t[:2])
            if current.state["rng"] != rng_before:
                break
        self.rolled += made
        return self.value(current, self.seat)
