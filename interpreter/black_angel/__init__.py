"""Black Angel as a game module: the one table that hands the game to the engine.

Where a rule lives:

    vocabulary.py     what the rules language can say about Black Angel
    checks.py         lint rules only Black Angel has
    tables.py         the runtime tables built from content (cards, tiles, numbers)
    layout.py         the state layout and the table of piles
    setup.py          setting up a game
    turn.py           the game loop, turns, the final round, passing
    end.py            the end trigger
    sequence_a.py     A.2 perform an action with a die, A.3 draw, the hand limit
    sequence_b.py     B.1 reroll, B.2 reset, B.3 advance the Black Angel
    dice.py           rolling, flipping, buying, reserving dice
    grid.py           A.1 play a card, tile activation, injection, ejection
    cards.py          cards in hand: draw, discard, keep
    items.py          ships, resources, debris and robots
    stock.py          what a player holds of an item, and paying with it
    actions/          the four kinds of board action
    display.py        the technology display and its costs
    ravagers.py       ravagers, damage, permanent effects
    space.py          hexes, ships and their movement
    missions.py       mission cards in space: placing, activating, ejecting
    neutral.py        the 2-player neutral player
    hal.py            the solo game's automated opponent: his turn, his dice, his VP
    hal_actions.py    Hal's four actions
    scoring.py        counters, final scoring, the bots' estimate of a position
    outlook.py        the score a seat can expect by the end (the planning bot's estimate)
    hidden.py         what a player cannot see, dealt again for a bot's search
    face_down.py      who sees a card played face down beside a board (views, log)
    faces.py          what a card or tile shows on a table (kind, colour, cost, text)
    context.py        what a person reads beside a decision (context, previews)
    labels.py         the texts of decisions
    terminal.py       the table in text for a person at the terminal, what an option does
    invariants.py, narrate.py, scenario_forms.py
"""

from __future__ import annotations

from ..game import Game, Implementation, Table
from ..observation import Observation
from . import (
    boosts,
    cards,
    checks,
    context,
    dice,
    drawing,
    face_down,
    faces,
    grid,
    hal,
    hal_actions,
    hidden,
    invariants,
    items,
    missions,
    narrate,
    observation,
    outlook,
    ravagers,
    scoring,
    sequence_a,
    sequence_b,
    setup,
    space,
    terminal,
    turn,
)
from .actions import ACTION_OPS
from .layout import PILES
from .scenario_forms import SCENARIO_FORMS
from .state_shape import state_shape
from .tables import BlackAngelProgram
from .vocabulary import EDITIONS, VOCABULARY

# Hal's own primitives (content/hal.ba); each knows it runs for him
HAL_PRIMITIVES = {
    "hal_reveal": Implementation(hal.reveal, hal.can_reveal),
    "hal_half": Implementation(hal.half, hal.can_half),
    "hal_take_die": Implementation(hal.take_die, hal.can_take_die),
    "hal_discover": Implementation(hal_actions.discover, hal_actions.can_discover),
    "hal_repair": Implementation(hal_actions.repair, hal_actions.can_repair),
    "hal_destroy": Implementation(hal_actions.destroy, hal_actions.can_destroy),
    "hal_command": Implementation(hal_actions.command, hal_actions.can_command),
    "hal_fallback": Implementation(hal_actions.fallback),
    "hal_drop_die": Implementation(hal.drop_die, hal.can_drop_die),
    "hal_return_die": Implementation(hal.return_used_die),
    "hal_discard_card": Implementation(hal.discard_card),
    "hal_roll": Implementation(hal.roll_dice),
}

# the game's primitives; for Hal each does what hal.for_hal says
PRIMITIVES = {
    "take": Implementation(items.take, items.can_take),
    "spend": Implementation(items.spend, items.can_spend),
    "move_robot": Implementation(items.move_robot, items.can_move_robot),
    "spend_tech": Implementation(grid.spend_tech, grid.can_spend_tech),
    "spend_card": Implementation(cards.discard, cards.can_discard),
    "discard": Implementation(cards.discard, cards.can_discard),
    "draw_keep": Implementation(cards.draw_keep, cards.can_draw_keep),
    "move_ship": Implementation(space.move_ship, space.can_move_ship),
    "activate_adjacent": Implementation(grid.activate_adjacent, grid.can_activate_adjacent),
    "damage_next_action": Implementation(ravagers.damage_next_action),
    "damage_die": Implementation(ravagers.damage_die),
    "hold_robot": Implementation(ravagers.hold_robot, ravagers.can_hold_robot),
    "reserve_free": Implementation(dice.reserve_die, dice.can_reserve_free),
    "play_card": Implementation(grid.play_card, grid.can_play_card),
    "perform_action": Implementation(sequence_a.perform_action, sequence_a.can_perform_action),
    "draw_for_die": Implementation(sequence_a.draw_for_die),
    "flip_dice": Implementation(sequence_a.flip_dice),
    "hand_limit": Implementation(sequence_a.hand_limit),
    "reroll_dice": Implementation(sequence_b.reroll_dice),
    "reserve_die": Implementation(dice.reserve_die, dice.can_reserve_die),
    "use_boosts": Implementation(boosts.use_boosts),
    "gain_on_action": Implementation(boosts.gain_on_action, boosts.can_gain_on_action),
    "set_die_value": Implementation(sequence_a.set_die_value, sequence_a.can_set_die_value),
    "set_die_color": Implementation(sequence_a.set_die_color, sequence_a.can_set_die_color),
    "free_reserve": Implementation(dice.free_reserve, dice.can_free_reserve),
    "reset_board": Implementation(sequence_b.reset_board),
    "advance_black_angel": Implementation(sequence_b.advance_black_angel),
    "pass_turn": Implementation(turn.pass_turn, turn.can_pass_turn, option_id=turn.pass_id),
}

GAME = Game(
    name="black_angel",
    vocabulary=VOCABULARY,
    checks=checks.CHECKS,
    build=BlackAngelProgram,
    setup=setup.setup,
    start="game",
    primitives={**hal.for_hal(PRIMITIVES), **HAL_PRIMITIVES},
    counters=hal.counters_for_hal(scoring.COUNTERS),
    ops={
        "game": turn.game,
        "place_advanced": grid.place_advanced,
        "activate_mission": missions.activate_mission,
        "mission_appears": missions.mission_appears,
        **ACTION_OPS,
    },
    piles=PILES,
    invariants=invariants.problems,
    narrate=narrate.line,
    heuristic=scoring.position_value,
    position=narrate.position,
    clock=turn.clock,
    ending=turn.ending,
    track_floor=lambda engine, track: None if engine.ruling("negative_vp") == "allow" else 0,
    scenarios=SCENARIO_FORMS,
    tally=boosts.tally,
    record=scoring.what_each_played,
    determinize=hidden.determinize,
    seen_event=face_down.seen_event,
    faces=faces.faces,
    explain=context.explain,
    variants=(boosts.ADVANCED,),
    editions=EDITIONS,
    default=True,
    holder=hal.holder,
    automaton=hal.decide,
    rival=hal.rival,
    state_shape=state_shape,
    observation=Observation(
        observation.bounds,
        observation.fields,
        observation.tensor,
        observation.string,
        max_seats=observation.MAX_SEATS,
    ),
    terminal=terminal.TERMINAL,
    outlook=outlook.outlook,
    table=Table(drawing.draw, drawing.targets),
)
