"""Positions of Bossin' Space set by hand, for the tests that a scenario file cannot
state (tests/scenarios/bossin_space holds the rules): what one seat alone knows, the
rulings' options played on a position. Cards are taken from their piles, so counts hold."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names
from blackangel.interpreter.program import build

RULES = Path(__file__).resolve().parent.parent / "games" / "bossin_space"
ROWS = "abc"
# threats that do nothing to a ship in column 1 or 2
QUIET = ["blank", "blank", "blank", "attack_right"]


@cache
def program():
    result = compile_paths([str(RULES)])
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert result.ruleset is not None and errors == [], errors
    return build(result.ruleset)


def new(players: int, seed: int = 1, variants: tuple[str, ...] = (), **rulings: str) -> Engine:
    """A game at its first decision: the captain's card exchange of round 1."""
    return Engine.new_game(program(), players, seed, rulings=rulings, variants=variants)


def without_crew(engine: Engine, keep: dict[int, str] | None = None) -> Engine:
    """The crew cards out of the seats' hands (a test of something else), but for `keep`:
    {seat: crew card} (taken from wherever it lies)."""
    cards = engine.state["cards"]
    for hand in cards["hands"]:
        cards["discards"]["crew"] += [c for c in hand if program().cards[c].deck == "crew"]
        hand[:] = [c for c in hand if program().cards[c].deck != "crew"]
    for seat, card in (keep or {}).items():
        for pile in (cards["decks"]["crew"], cards["discards"]["crew"]):
            if card in pile:
                pile.remove(card)
                break
        cards["hands"][seat].append(card)
    return engine


# ---- setting a position by hand -------------------------------------------------------
def _take(engine: Engine, deck: str, card: str) -> None:
    """Take one copy of a card out of its deck or discard pile (it must be there)."""
    cards = engine.state["cards"]
    for pile in (cards["decks"][deck], cards["discards"][deck], cards["out"][deck]):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {card} left in {deck}")


def clear_grid(engine: Engine) -> None:
    grid, cards = engine.state["grid"], engine.state["cards"]
    for row in grid["cells"]:
        for column, piece in enumerate(row):
            if piece is not None:
                cards["discards"]["enemies"].append(piece["card"])
                row[column] = None


def put(engine: Engine, cell: str, card: str, damage: int = 0) -> None:
    """A piece on the grid: cell "b3", or "^2" for the field above column 2 (the boss)."""
    grid = engine.state["grid"]
    deck = program().cards[card].deck if card in program().cards else "bosses"
    _take(engine, deck, card)
    grid["serial"] += 1
    piece = {"id": grid["serial"], "card": card, "damage": damage}
    if cell[0] == "^":
        grid["above"][int(cell[1]) - 1] = piece
    else:
        grid["cells"][ROWS.index(cell[0])][int(cell[1]) - 1] = piece


def board(engine: Engine) -> dict[str, str]:
    grid = engine.state["grid"]
    out = {
        f"{ROWS[r]}{c + 1}": f"{p['card']}/{p['damage']}"
        for r, row in enumerate(grid["cells"])
        for c, p in enumerate(row)
        if p is not None
    }
    out.update(
        {f"^{c + 1}": f"{p['card']}/{p['damage']}" for c, p in enumerate(grid["above"]) if p}
    )
    return out


def on_top(engine: Engine, deck: str, cards: list[str]) -> None:
    """These cards on top of a deck, the first the topmost."""
    for card in cards:
        _take(engine, deck, card)
    engine.state["cards"]["decks"][deck].extend(reversed(cards))


def hands(engine: Engine, held: list[list[str]]) -> None:
    """Each seat holds exactly these command cards (the rest go to the discard pile)."""
    cards = engine.state["cards"]
    for seat in range(len(held)):
        hand = cards["hands"][seat]
        cards["discards"]["commands"].extend(
            c for c in hand if program().cards[c].deck == "commands"
        )
        hand[:] = [c for c in hand if program().cards[c].deck != "commands"]  # crew stays
    for seat, wanted in enumerate(held):
        for card in wanted:
            _take(engine, "commands", card)
            cards["hands"][seat].append(card)


def shared(engine: Engine, **values: int) -> None:
    engine.state["shared"].update(values)


def answer(engine: Engine, *answers: str) -> Engine:
    for given in answers:
        decision = engine.decision()
        assert decision is not None, f"the game is over before {given}"
        ids = [o.id for o in decision.options]
        assert given in ids, (given, decision.kind, ids)
        engine.apply(given)
        assert problems(engine) == [], problems(engine)
    return engine


def play_round(
    engine: Engine,
    threats: list[str],
    commands: list[str],
    *more: str,
    crew: dict[int, str] | None = None,
) -> Engine:
    """A round of four seats from its first decision: these threats turned up, each seat
    lays its only card, the captain lays them into the timeline in this order (all first,
    or each when its slot comes: the ruling timeline_arrangement); and the `more` answers
    (use or instead, targets) in their turn. No crew card but those of `crew`."""
    assert engine.players == 4
    without_crew(engine, crew)
    on_top(engine, "threats", threats)
    hands(engine, [[card] for card in commands])
    answer(engine, "no")  # the captain keeps the hand: no exchange
    to_lay, answers = list(commands), list(more)
    while True:  # slot by slot; the last cards left alike are laid at once
        decision = engine.decision()
        if decision is not None and decision.kind == "arrange_card" and to_lay:
            answer(engine, f"card:{to_lay.pop(0)}")
        elif answers:
            answer(engine, answers.pop(0))
        else:
            return engine


def log_text(engine: Engine) -> str:
    return "\n".join(log_lines(engine, seat_names(engine)))


def exhaust_enemies(engine: Engine) -> str:
    """The enemy deck run out; the boss of this game (its card) is returned."""
    cards = engine.state["cards"]
    cards["discards"]["enemies"] += cards["decks"]["enemies"]
    cards["decks"]["enemies"].clear()
    return cards["decks"]["bosses"][0]


def silence(engine: Engine) -> None:
    """The boss's own threat cards out of this round (a test of something else)."""
    cards = engine.state["cards"]
    cards["out"]["boss_threats"] += cards["decks"]["boss_threats"]
    cards["decks"]["boss_threats"].clear()


def captain(engine: Engine) -> int:
    return engine.state["rounds"]["captain"]
