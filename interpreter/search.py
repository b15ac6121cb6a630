"""Monte Carlo tree search (UCT) over the engine's `clone` and `apply`, without cheating.

Each iteration plays on a fresh determinized copy of the game (`Engine.determinize`:
the hidden cards dealt again and the dice re-seeded from the bot's own generator), so
the search guesses what it cannot see and never reads it. The tree is keyed by option
ids; on each copy, only the options legal there are considered (a copy with other
cards may offer other options). One iteration:

1. selection: from the root, while every legal option of the node has been tried,
   follow the option with the best UCB1 score for the player deciding there;
2. expansion: try one untried option (chosen by the bot's generator);
3. evaluation: a few random moves (`rollout`), then the position's value for every
   seat: 1/0 for a won/lost finished game, otherwise from the game's estimate
   (`Game.heuristic`): 0.5 + 0.5 tanh((own - best other) / scale);
4. backpropagation: visits and the value of every seat, up the path.

The answer is the most visited option of the root. The budget is a number of
iterations, so a seeded search gives the same answer on any machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .engine import Decision, Engine
from .rng import Rng, seed_state


@dataclass
class Node:
    visits: int = 0
    value: list[float] = field(default_factory=list)  # summed value, per seat
    children: dict[str, Node] = field(default_factory=dict)


class MctsAgent:
    """UCT on determinized copies; `iterations` per decision, a short random rollout and
    the game's estimate at the leaves."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 100,
        rollout: int = 0,
        exploration: float = 0.7,
        scale: float = 5.0,
    ):
        self.holder = {"rng": seed_state(seed)}
        self.rng = Rng(self.holder)
        self.iterations = iterations
        self.rollout = rollout
        self.exploration = exploration
        self.scale = scale

    def choose(self, engine: Engine, decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0].id
        root = Node()
        for _ in range(self.iterations):
            game = engine.clone(log=False)
            game.determinize(decision.player, self.rng)
            self._iterate(game, root)
        legal = [o.id for o in decision.options]
        return max(legal, key=lambda i: root.children[i].visits if i in root.children else -1)

    def _iterate(self, game: Engine, root: Node) -> None:
        node, path = root, [root]
        while (decision := game.decision()) is not None:
            legal = [o.id for o in decision.options]
            untried = [i for i in legal if i not in node.children]
            if untried:
                option = untried[self.rng.below(len(untried))]
                node.children[option] = Node()
                game.apply(option)
                path.append(node.children[option])
                break
            option = self._select(node, legal, decision.player)
            game.apply(option)
            node = node.children[option]
            path.append(node)
        for _ in range(self.rollout):
            decision = game.decision()
            if decision is None:
                break
            game.apply(decision.options[self.rng.below(len(decision.options))].id)
        value = self._evaluate(game)
        for visited in path:
            visited.visits += 1
            if not visited.value:
                visited.value = [0.0] * len(value)
            for seat, v in enumerate(value):
                visited.value[seat] += v

    def _select(self, node: Node, legal: list[str], player: int) -> str:
        """UCB1 for the player deciding here; the first best option on a tie."""
        log_n = math.log(max(1, node.visits))
        best, best_score = legal[0], -math.inf
        for option in legal:
            child = node.children[option]
            mean = child.value[player] / child.visits
            score = mean + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = option, score
        return best

    def _evaluate(self, game: Engine) -> list[float]:
        if game.is_terminal():
            return game.returns()
        estimate = game.data.game.heuristic
        values = [estimate(game, seat) for seat in range(game.players)]
        if game.data.cooperative is not None:  # one fate: the estimate itself, not a lead
            return [0.5 + 0.5 * math.tanh(value / self.scale) for value in values]
        out = []
        for seat, own in enumerate(values):
            rival = max((v for other, v in enumerate(values) if other != seat), default=0.0)
            out.append(0.5 + 0.5 * math.tanh((own - rival) / self.scale))
        return out
