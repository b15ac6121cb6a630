"""Every registered game with rules of its own as a PettingZoo AEC environment: `env()`
(with PettingZoo's usual wrappers) and `raw_env()`; `game` names the game (a registered
name; default: the registry's default game).

    from blackangel.adapters.pettingzoo import env
    game = env(players=3)
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        action = None if termination or truncation else game.action_space(agent).sample(
            observation["action_mask"])
        game.step(action)

Agents are `player_0` .. `player_{n-1}` (seats 0..n-1; in Black Angel `players=1` is the
solo game against Hal, who is no agent). The agent to act is the seat the engine asks, not a fixed
rotation. An observation is a dict: `observation`, the seat's observation tensor (the game's
`Game.observation`: the game module's own, whose fields docs/ai.md lists, or the generic
interpreter/observation.py), in a Box of float32 from
-1000 to 1000, and `action_mask`, int8 over the actions. An action is the
index of an option of the current decision, in the engine's order (as in the OpenSpiel
game); the action space is `Discrete(N)`, N the most options of a decision
(`Observation.bounds`), and the mask marks the first `len(options)`. Rewards come at
the end: 1 for each winner, 0 for the others (solo: 1 when the player beats Hal). With
`env()`, an illegal action ends the game with -1 for the agent that played it
(PettingZoo's TerminateIllegalWrapper).

Randomness: `reset(seed=s)` plays the seeded game of `ba play --seed s` (the engine's
own generator: the environment needs no chance nodes); a reset without a seed takes the
next seed from a generator seeded by the last seed given (or by the operating system).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..interpreter.engine import Engine
from ..interpreter.rulings import resolve
from . import DEFAULT, program

BOUND = 1000.0  # no count, score or round of a game comes near it


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers for a game with action masks."""
    game: AECEnv = raw_env(**kwargs)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for an unwrapped environment)
    metadata = {"render_modes": ["ansi"], "name": "black_angel_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 3,
        game: str = DEFAULT,
        advanced: bool = False,
        variants: tuple[str, ...] = (),
        edition: str | None = None,
        rulings: tuple[str, ...] = (),
        render_mode: str | None = None,
    ):
        super().__init__()
        self.data = program(game)
        self.observation = self.data.game.observation
        seats = self.observation.max_seats or self.data.player_range.stop - 1
        low = self.data.player_range.start
        if not low <= players <= seats:
            raise ValueError(f"players must be {low}-{seats}, not {players}")
        chosen = tuple(sorted(set(variants) | ({"advanced"} if advanced else set())))
        unknown = [v for v in chosen if v not in self.data.variants]
        if unknown:
            known = ", ".join(self.data.variants) or "none"
            raise ValueError(f"{self.data.title} has no variant '{unknown[0]}' (variants: {known})")
        self.metadata = {**self.metadata, "name": f"{game}_v0"}
        self.players = players
        self.rulings = resolve(self.data, edition, list(rulings))
        self.variants = chosen
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        layout = Engine.new_game(self.data, max(2, low), 0)
        size = sum(f.size for f in self.observation.fields(layout))
        self.actions = self.observation.bounds(self.data)[0]
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.actions)
        self._seeds = np.random.default_rng()
        self.game: Engine | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(1 << 62))
        self.game = Engine.new_game(
            self.data, self.players, game_seed, self.rulings, self.variants, log=False
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.game is not None
        decision = self.game.decision()
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.player]
        else:  # the game is over: every agent takes its last (dead) step
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None, "reset() first"
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.actions, np.int8)
        decision = self.game.decision()
        if decision is not None and decision.player == seat:
            mask[: len(decision.options)] = 1
        values = np.asarray(self.observation.tensor(self.game, seat), np.float32)
        return {"observation": values, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        decision = self.game.decision()
        assert decision is not None and self.possible_agents[decision.player] == agent
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(decision.options[int(action)].id)
        if self.game.is_terminal():
            returns = self.game.returns()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = returns[seat]
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        decision = self.game.decision()
        if decision is None:
            return f"game over: scores {self.game.state['scores']}"
        options = ", ".join(option.label for option in decision.options)
        return (
            self.data.game.position(self.game, decision.player) + f"\n{decision.prompt} [{options}]"
        )

    def close(self) -> None:
        self.game = None
