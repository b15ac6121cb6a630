"""Cloning for bots, determinization, and bots that do not cheat (greedy and MCTS)."""

from collections import Counter

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import replay
from blackangel.interpreter.agents import AGENTS, GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine, NotDeciding
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build
from blackangel.interpreter.rng import Rng, seed_state
from blackangel.interpreter.search import MctsAgent


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def midgame(data, players: int, seed: int, steps: int) -> Engine:
    """A game after `steps` random decisions, at a decision with several options."""
    engine = Engine.new_game(data, players, seed)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    for _ in range(steps):
        decision = engine.decision()
        engine.apply(agents[decision.player].choose(engine, decision))
    while len(engine.decision().options) < 2:
        decision = engine.decision()
        engine.apply(agents[decision.player].choose(engine, decision))
    return engine


def containers(value, found=None) -> list:
    """Every dict and list inside a value."""
    found = [] if found is None else found
    if isinstance(value, dict):
        found.append(value)
        for item in value.values():
            containers(item, found)
    elif isinstance(value, (list, tuple)):
        if isinstance(value, list):
            found.append(value)
        for item in value:
            containers(item, found)
    return found


@pytest.mark.parametrize("seed", range(6))
def test_a_clone_shares_nothing_that_changes(data, seed):
    """The copy is equal, and no dict or list of the state is shared with the original
    except the rulings, the variants and the logged events, which never change."""
    engine = midgame(data, 2 + seed % 3, seed, 15 + 5 * seed)
    twin = engine.clone()
    assert twin.state == engine.state
    theirs = [c for key, value in engine.state.items() if key != "log" for c in containers(value)]
    shared = {id(c) for c in theirs}
    mine = [c for key, value in twin.state.items() if key != "log" for c in containers(value)]
    allowed = {id(c) for key in ("rulings", "variants") for c in containers(engine.state[key])}
    assert all(id(c) not in shared or id(c) in allowed for c in mine)
    assert twin.state["log"] is not engine.state["log"]
    twin.apply(twin.legal_options()[0])
    assert len(twin.state["log"]) > len(engine.state["log"])
    assert twin.state != engine.state


def test_a_game_without_its_log_keeps_its_choices_and_replays(data):
    agents = [RandomAgent(3), RandomAgent(4)]
    quiet = play(Engine.new_game(data, 2, 9, log=False), agents)
    assert {event["event"] for event in quiet.state["log"]} == {"choice"}
    verbose = play(Engine.new_game(data, 2, 9), [RandomAgent(3), RandomAgent(4)])
    assert quiet.state["scores"] == verbose.state["scores"]
    assert replay.record(quiet) == replay.record(verbose)
    assert replay.rerun(data, replay.record(quiet)).state["scores"] == quiet.state["scores"]
    engine = midgame(data, 3, 2, 20)
    look_ahead = engine.clone(log=False)
    logged = len(look_ahead.state["log"])
    look_ahead.apply(look_ahead.legal_options()[0])
    assert [e["event"] for e in look_ahead.state["log"][logged:]] == ["choice"]


def hidden(state: dict, seat: int) -> Counter:
    """The cards and tiles that `seat` cannot see, as a multiset."""
    cards = Counter()
    for deck in state["mission_deck"].values():
        cards.update(deck)
    for stack in state["stacks"].values():
        cards.update(stack)
    cards.update(state["ravager_deck"] + state["ravagers_in_box"] + state["advanced_deck"])
    for other, player in enumerate(state["players"]):
        if other != seat:
            cards.update(player["hand"] + player["ravagers"])
    return cards


@pytest.mark.parametrize("seed", range(4))
def test_determinize_deals_again_only_what_the_seat_cannot_see(data, seed):
    engine = midgame(data, 2 + seed % 3, seed, 25)
    seat = engine.decision().player
    guess = engine.clone()
    guess.determinize(seat, Rng({"rng": seed_state(seed)}))
    before, after = engine.state, guess.state
    assert problems(guess) == []
    assert hidden(after, seat) == hidden(before, seat)
    assert after["players"][seat] == before["players"][seat]
    colour = {m: data.missions[m].color for m in data.missions}
    for other, player in enumerate(after["players"]):
        old = before["players"][other]
        assert Counter(colour[m] for m in player["hand"]) == Counter(colour[m] for m in old["hand"])
        assert len(player["ravagers"]) == len(old["ravagers"])
    assert after["rng"] != before["rng"]
    for key in ("display", "space", "dice", "mission_discard", "stack", "pending"):
        assert after[key] == before[key]


def shuffled_world(engine: Engine, seat: int, seed: int) -> Engine:
    """The same game as the seat sees it, with another generator, other deck orders, and the
    other players holding other cards of the same colours."""
    other = engine.clone()
    rng = Rng({"rng": seed_state(1000 + seed)})
    other.determinize(seat, rng)
    other.state["rng"] = seed_state(99 + seed)
    for deck in other.state["mission_deck"].values():
        deck.reverse()
    other.state["ravager_deck"].reverse()
    return other


def test_a_bot_does_not_read_the_dice_or_the_hidden_cards(data, monkeypatch):
    """Two games that differ only in what the deciding seat cannot see (the generator, the
    deck orders, the other player's cards of each colour) get the same answer from bots
    seeded alike. At these positions a search that skips the determinization, and so
    reads the real dice and cards, answers differently in at least one of the games."""
    seeds = (0, 7, 9)  # 2-player positions where reading the real dice changes the answer

    def answers(bot):
        out = []
        for seed in seeds:
            engine = midgame(data, 2, seed, 10 + seed)
            twin = shuffled_world(engine, engine.decision().player, seed)
            assert twin.state != engine.state
            out.append(
                (
                    bot(seed).choose(engine, engine.decision()),
                    bot(seed).choose(twin, twin.decision()),
                )
            )
        return out

    def mcts(seed):
        return MctsAgent(seed, iterations=30, rollout=20)

    assert AGENTS["mcts"] is MctsAgent
    for bot in (GreedyAgent, mcts):
        assert all(a == b for a, b in answers(bot)), bot
    monkeypatch.setattr(Engine, "determinize", lambda engine, seat, rng: None)
    assert any(a != b for a, b in answers(mcts))


def test_a_deal_may_not_change_what_a_deciding_seat_holds(data):
    """The options of a decision show its seat's hand (a card to play): dealt again for
    another seat, that hand would change under them and answering would fail. That is
    refused, and nothing is changed; the deciding seat itself, or any seat between
    decisions, may have the game dealt again."""
    engine = midgame(data, 2, 0, 6)
    while engine.decision().kind != "play_card":
        engine.apply(GreedyAgent(0).choose(engine, engine.decision()))
    deciding = engine.decision().player
    other = engine.clone()
    with pytest.raises(NotDeciding, match=f"seat {1 - deciding} cannot .* seat {deciding} decides"):
        other.determinize(1 - deciding, Rng({"rng": seed_state(1)}))
    assert other.state == engine.state
    mine = engine.clone()
    mine.determinize(deciding, Rng({"rng": seed_state(1)}))
    for option in mine.legal_options():
        mine.clone().apply(option)
    finished = play(Engine.new_game(data, 2, 3), [GreedyAgent(1), GreedyAgent(2)])
    finished.determinize(1, Rng({"rng": seed_state(1)}))


def test_greedy_and_mcts_play_whole_games(data):
    engine = play(Engine.new_game(data, 2, 5), [MctsAgent(1, iterations=8), GreedyAgent(2)])
    assert engine.is_terminal() and problems(engine) == []


def test_determinize_in_the_solo_game_deals_hal_s_deck_again(data):
    """Hal's face-down deck is hidden from the player: a bot's copy holds the same cards
    in an order of its own generator's; his revealed card and discards stay as they are."""
    engine = midgame(data, 1, 3, 10)
    orders = set()
    for seed in range(5):
        guess = engine.clone()
        guess.determinize(0, Rng({"rng": seed_state(seed)}))
        before, after = engine.state["hal"], guess.state["hal"]
        assert problems(guess) == []
        assert sorted(after["deck"]) == sorted(before["deck"])
        assert (after["revealed"], after["discard"]) == (before["revealed"], before["discard"])
        orders.add(tuple(after["deck"]))
    assert len(orders) > 1
