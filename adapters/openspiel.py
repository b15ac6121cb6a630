"""Every registered game with rules of its own as an OpenSpiel game, `python_NAME`
(Black Angel: `python_black_angel`; Dice Race: `python_dice_race`), registered on import.

    import pyspiel
    import blackangel.adapters.openspiel  # registers the games
    game = pyspiel.load_game("python_black_angel", {"players": 3})

Parameters: `players` (the game's player counts; Black Angel 1-4, 1 the solo game
against Hal), `solo` (true: a game for 1 player, whatever `players` says), `advanced`
(the variant `advanced`, for a game that has it), `variants` (the game's variants, several
joined with `+`; none: none), `edition` (one of the game's editions:
the rulings that edition's rulebook implies; none: the defaults) and `rulings` (choices of
rulings as `name:option`, several joined with `+`, e.g. `negative_vp:allow+hal_difficulty:easy`;
none: no choices).

The game type: sequential, explicit stochastic (the engine in chance mode,
interpreter/chance.py: every die roll and every step of a shuffle is a chance node of
equally likely outcomes), imperfect information, general sum (a shared victory is
possible), rewards at the end only: 1 for each winner, 0 for the others (in the solo
game 1 when the player beats Hal).

Actions: action `a` is the option at index `a` of the current decision, in the order the
engine lists them (`Engine.decision().options`); the legal actions are
`0..len(options) - 1`, and `num_distinct_actions` is a fixed bound on the number of
options (the game's `Observation.bounds`: 256). A chance outcome `k` of a draw of `n` is the
generator's `below(n) == k`; `max_chance_outcomes` bounds `n` by the longest pile.

Observations: `observation_string` and `observation_tensor` are the game's observation of
a seat (`Game.observation`: the game module's own, laid out in docs/ai.md; for a game
without one, the generic interpreter/observation.py); at a chance node
they show the position before the step being decided. An observer made for an observation
type (`make_py_observer`, `make_observation`) shows what it asks for: with private_info
NONE no hand and no options of a decision (the public observation, the same for every
seat), SINGLE_PLAYER the seat's own (the default), ALL_PLAYERS everyone's; with
public_info false only that private information. There is no information state of
perfect recall (a request for one is refused): the observation is what a seat sees now,
and an information-set search (ISMCTS) keys its nodes by it (`use_observation_string=True`).
`resample_from_infostate` deals again what the seat cannot see (`Engine.determinize`); for
another seat than the one to play, a deal that would change the deciding seat's hand (its
options name its cards) is refused with a ValueError.

Serialization: `state.serialize()` and `game.deserialize_state(text)` (OpenSpiel's own form
for Python games, which pickles the state: a state pickles as the engine's JSON save).
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import pyspiel

from ..interpreter.chance import ChanceGame
from ..interpreter.engine import Engine
from ..interpreter.observation import Observation
from ..interpreter.program import Program
from ..interpreter.rng import Rng
from ..interpreter.rulings import resolve
from . import DEFAULT, name_of, playable, program

PREFIX = "python_"  # OpenSpiel's names of games written in Python
SHORT_NAME = PREFIX + DEFAULT
MAX_GAME_LENGTH = 10_000  # decisions (chance nodes not counted)
NONE = "none"  # a string parameter left unset
# OpenSpiel's private information types -> whose private information observation.py shows
PRIVATE_INFO = {
    pyspiel.PrivateInfoType.NONE: "none",
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "own",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
}
PARAMETERS: dict[str, Any] = {
    "players": 3,
    "solo": False,
    "advanced": False,
    "edition": NONE,
    "rulings": NONE,
    "variants": NONE,
}


def _observation(data: Program) -> Observation:
    return data.game.observation


def _max_seats(data: Program) -> int:
    seats = _observation(data).max_seats
    return data.player_range.stop - 1 if seats is None else seats


def game_type(name: str) -> pyspiel.GameType:
    data = program(name)
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=data.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_max_seats(data),
        min_num_players=data.player_range.start,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


class Table(ChanceGame):
    """The game in chance mode; it pickles as its JSON save (OpenSpiel's serialization)."""

    def __reduce__(self) -> tuple:
        return (_restore, (name_of(self.data), self.to_json()))


def _restore(name: str, text: str) -> Table:
    return Table.from_json(program(name), text)


def settings(data: Program, params: dict[str, Any]) -> dict[str, Any]:
    """The engine's settings (players, rulings, variants) for the game's parameters."""
    players = 1 if params["solo"] else int(params["players"])
    low, high = data.player_range.start, _max_seats(data)
    if not low <= players <= high:
        raise ValueError(f"players must be {low}-{high}, not {players}")
    edition = None if params["edition"] in (NONE, "") else params["edition"]
    chosen = [] if params["rulings"] in (NONE, "") else params["rulings"].split("+")
    rulings = resolve(data, edition, [text.replace(":", "=", 1) for text in chosen])
    named = [] if params["variants"] in (NONE, "") else params["variants"].split("+")
    variants = tuple(sorted(set(named) | ({"advanced"} if params["advanced"] else set())))
    unknown = [v for v in variants if v not in data.variants]
    if unknown:
        known = ", ".join(data.variants) or "none"
        raise ValueError(f"{data.title} has no variant '{unknown[0]}' (variants: {known})")
    return {"players": players, "rulings": rulings, "variants": variants}


class RulesGame(pyspiel.Game):
    """A registered game (`name`, set by the subclass `register` makes for it)."""

    name = DEFAULT

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**PARAMETERS, **(params or {})}
        self.data = program(self.name)
        self.observation = _observation(self.data)
        self.settings = settings(self.data, params)
        max_options, max_outcomes = self.observation.bounds(self.data)
        info = pyspiel.GameInfo(
            num_distinct_actions=max_options,
            max_chance_outcomes=max_outcomes,
            num_players=self.settings["players"],
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(self.name), info, params)
        # tensor sizes depend on the rules, not on the player count
        self.layout_game = Engine.new_game(self.data, max(2, self.data.player_range.start), 0)

    def new_initial_state(self) -> RulesState:
        return RulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:  # OpenSpiel's default: public and the seat's own private info
            private, public = "own", True
        else:
            if iig_obs_type.perfect_recall:
                raise ValueError(
                    f"{self.data.title} has no information state of perfect recall: use the "
                    "observation (observation_string / observation_tensor; ISMCTS: "
                    "use_observation_string=True)"
                )
            private, public = PRIVATE_INFO[iig_obs_type.private_info], iig_obs_type.public_info
        layout = self.observation.fields(self.layout_game, private, public)
        return Observer(self.observation, sum(f.size for f in layout), private, public)


class RulesState(pyspiel.State):
    def __init__(self, game: RulesGame):
        super().__init__(game)
        s = game.settings
        self.observation = game.observation
        self.table = Table(game.data, s["players"], s["rulings"], s["variants"], log=False)

    def current_player(self) -> int:
        table = self.table
        if table.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        decision = table.decision()
        if decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return decision.player

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.table.decision()
        if decision is None or decision.player != player:
            return []
        most = self.get_game().num_distinct_actions()
        if len(decision.options) > most:
            raise RuntimeError(f"a decision with more than {most} options")
        return list(range(len(decision.options)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table.is_chance():
            table.apply_chance(action)
            return
        decision = table.decision()
        assert decision is not None, "the game is over"
        table.apply(decision.options[action].id)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        decision = self.table.decision()
        if decision is not None and decision.player == player:
            if 0 <= action < len(decision.options):
                return self.observation.action(decision.options[action])
        return f"option {action}"

    def is_terminal(self) -> bool:
        return self.table.is_terminal()

    def returns(self) -> list[float]:
        table = self.table
        if table.engine is not None and table.engine.is_terminal():
            return table.engine.returns()
        return [0.0] * table.settings["players"]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RulesState:
        """A copy of this state that `player_id` cannot tell from it: what the seat cannot
        see is dealt again (Engine.determinize), from a seed drawn with the sampler."""
        copy = self.clone()
        engine = copy.table.engine
        if engine is not None:
            seed = int(probability_sampler() * (1 << 53))
            engine.determinize(player_id, Rng({"rng": seed}))
        return copy

    def __str__(self) -> str:
        table = self.table
        digest = f"{zlib.crc32(table.to_json().encode()):08x}"
        if table.is_chance():
            return f"chance: a draw of {table.sizes[0]} outcomes; state {digest}"
        decision = table.decision()
        if decision is None:
            scores = table.engine.state["scores"] if table.engine is not None else None
            return f"game over: scores {scores}; state {digest}"
        options = ", ".join(o.id for o in decision.options)
        return f"seat {decision.player} decides {decision.kind}: {options}; state {digest}"


def _position(state: RulesState) -> Engine | None:
    """The game as the players see it (None during the set-up's draws)."""
    table = state.table
    return table.engine if table.engine is not None else table.before


class Observer:
    """OpenSpiel's Python observer: `tensor` (and `dict`) and `string_from`, showing whose
    private information and whether the public one, as its observation type asked."""

    def __init__(self, observation: Observation, size: int, private: str, public: bool):
        self.observation = observation
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.private = private
        self.public = public

    def set_from(self, state: RulesState, player: int) -> None:
        position = _position(state)
        if position is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.observation.tensor(position, player, self.private, self.public)

    def string_from(self, state: RulesState, player: int) -> str:
        position = _position(state)
        if position is None:
            return "set-up"
        return self.observation.string(position, player, self.private, self.public)


def register(name: str) -> None:
    """Register a game with OpenSpiel as `python_NAME`."""
    game_class = type(f"{name.title().replace('_', '')}Game", (RulesGame,), {"name": name})
    pyspiel.register_game(game_type(name), game_class)


for _name in playable():
    register(_name)
