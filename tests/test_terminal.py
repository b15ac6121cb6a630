"""The table in the terminal (`ba play --human`, interpreter/black_angel/terminal.py): the
space map with the hex labels the options use, the Black Angel board, the display, the
dice, the player boards with your hand's card text and only kind and colour of what the
others hide, `?` explaining each option, and the commands at any decision (map, board,
players, table, card, log); plain text within 80 columns, in English and Polish."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from face_down_views import hidden_ids, shown_ids

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import HumanAgent, RandomAgent
from blackangel.interpreter.black_angel import terminal
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

# the opponents these games were written against (a person's default is the slower expert)
GREEDY = ["--agents", "greedy,random"]

WIDTH = 80


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def _at_turn_choice(data, players: int = 3, seed: int = 1) -> Engine:
    """A new game at the first player's choice of sequence A or B."""
    engine = Engine.new_game(data, players, seed)
    while (decision := engine.decision()).kind != "choose_effect":
        engine.apply(decision.options[0].id)
    return engine


def _session(answers: list[str], *args: str):
    """A `ba play --human 1` game of 3 players (seed 1) fed these answers, then q."""
    command = [*args, "play", "--players", "3", "--seed", "1", "--human", "1", *GREEDY]
    result = CliRunner().invoke(ba, command, input="\n".join([*answers, "q"]) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    return result


def _hidden_from(state: dict, viewer: int) -> set[str]:
    """The cards the viewer may not see: the others' hands and their face-down cards."""
    hands = {
        card
        for seat, player in enumerate(state["players"])
        if seat != viewer
        for card in player["hand"] + player["ravagers"]
    }
    return hands | hidden_ids(state, viewer)


def test_the_first_turn_shows_the_whole_table_as_the_seat_sees_it(data):
    """Map (every hex by its label), board, display, dice, the seat's own board and hand
    with each card's generated text; the others' hands as counts by colour."""
    result = _session([])
    shown = result.stderr
    engine = _at_turn_choice(data)
    state = engine.state
    for strip in state["space"]["order"]:
        for pos in range(1, 6):
            assert f"{strip}/{pos}" in shown
    for title in ("Space, from the strip", "The Black Angel board", "Technology display"):
        assert title in shown
    assert "Advanced tiles:" in shown and "Dice:" in shown and "P1 (you): 5 VP" in shown
    for card in state["players"][0]["hand"] + state["players"][0]["ravagers"]:
        assert card in shown
        decl = terminal.decl_of(data, card)
        for line in data.text.card_lines(decl):
            # the text as `ba cards` generates it, cut at spaces to fit the terminal
            assert " ".join(line.split()[:6]) in " ".join(shown.split())
    assert "hand: 3 mission cards (1 orange, 1 gray, 1 green), 1 ravager card" in shown
    assert not shown_ids(shown, _hidden_from(state, 0))
    assert max(len(line) for line in shown.splitlines()) <= WIDTH
    assert "\x1b" not in shown and result.stdout == ""


def test_plain_text_even_when_colour_is_asked_for():
    result = _session([], "--color", "always")
    assert "\x1b" not in result.stderr and "Space, from the strip" in result.stderr


def test_commands_at_any_decision_show_the_map_board_players_card_and_log(data):
    result = _session(["map", "board", "players", "table", "card m005", "card 1", "log 3"])
    shown = result.stderr
    # each view after its prompt, the decision asked again after each
    parts = shown.split("> ")
    views = dict(zip(["map", "board", "players", "table", "card", "card1", "log"], parts[1:]))
    assert views["map"].startswith("Space, from the strip")
    assert "st3/1" in views["map"] and "A the Black Angel" in views["map"]
    assert views["board"].startswith("The Black Angel board: round 1")
    assert "Technology display:" in views["board"] and "Dice:" in views["board"]
    assert views["players"].startswith("P1 (you): 5 VP") and "\nP2: " in views["players"]
    assert views["table"].startswith("Space, from the strip")
    assert views["card"].startswith("  m005 [mission] color orange")
    decl = terminal.decl_of(data, "m005")
    assert data.text.card_lines(decl)[0] in " ".join(views["card"].split())
    assert "option 1 names no card or tile" in views["card1"]  # sequence A names none
    assert "-- round 1, P1 (human) --" in views["log"] or "set-up complete" in views["log"]
    assert len(parts) == 9  # every command asked for the decision again; q ended it
    assert max(len(line) for line in shown.splitlines()) <= WIDTH


@pytest.mark.parametrize(
    "bad", ["card zz", "card 99", "card", "card " + "9" * 5000, "card ²", "log x", "log 0", "mapp"]
)
def test_a_bad_command_gets_one_message_and_the_decision_again(bad):
    result = _session([bad])
    after = result.stderr.split("> ")[1]
    # one message (cut at a space if it is longer than the terminal is wide)
    assert len(after.strip().splitlines()) <= 2 and len(after) < 200, after
    assert result.stderr.count("> ") == 2


def test_a_question_mark_explains_each_option_by_its_effect(data):
    """? lists the commands, then each option with what it does: the steps of sequence A
    and B (generated from the rules), not option ids."""
    engine = _at_turn_choice(data)
    written: list[str] = []
    answers = iter(["?", "1"])
    decision = engine.decision()
    agent = HumanAgent(read=lambda _: next(answers), write=written.append)
    assert agent.choose(engine, decision) == decision.options[0].id
    shown = "\n".join(written)
    help_part = shown[shown.index("Type the number of an option") :]
    for word in ("map", "board", "players", "table", "card", "log", "q"):
        assert re.search(rf"^    {word} +\S", help_part, re.M), word
    assert "1. sequence a\n        1) You may play a card around your player board." in help_part
    assert "2. sequence b\n        1) Reroll your dice." in help_part
    for option in decision.options:
        assert f"{option.id}:" not in help_part


def test_explaining_a_card_play_names_the_tiles_it_activates(data):
    engine = _at_turn_choice(data)
    engine.apply("sequence_a")
    engine.apply("yes")
    decision = engine.decision()
    assert decision.kind == "play_card"
    grid = engine.state["players"][0]["grid"]
    lines = {o.id: terminal.explain(engine, 0, o.id) for o in decision.options}
    # a ravager activates every tile beside it; the starting tiles have no colour, so no
    # mission activates them
    assert lines["play:ravager:0"] == [f"activates {grid[0]} (cell 1)"]
    assert lines["play:m005:0"] == ["activates no tile"]


@pytest.mark.parametrize(
    "players, variants, lang", [(1, (), "en"), (2, (), "pl"), (4, ("advanced",), "de")]
)
def test_every_view_fits_hides_what_it_must_and_explains_without_failing(players, variants, lang):
    """Over a seeded game, at every third decision: the table, each option's explanation
    and each option's card fit in 80 columns (the explanation is indented by 8), name no
    card another seat hides, and never fail; in each language (longer words too)."""
    data = build(load_shipped(), lang)
    engine = Engine.new_game(data, players, 7, variants=list(variants))
    agents = [RandomAgent(70 + seat) for seat in range(players)]
    step = 0
    while (decision := engine.decision()) is not None:
        step += 1
        if step % 3 == 0:
            seat = decision.player
            shown = [terminal.table(engine, seat)]
            for number, option in enumerate(decision.options, 1):
                shown += ["        " + line for line in terminal.explain(engine, seat, option.id)]
                shown.append(terminal.show_card(engine, seat, str(number)))
            text = "\n".join(shown)
            assert max(len(line) for line in text.splitlines()) <= WIDTH
            assert not shown_ids(text, _hidden_from(engine.state, seat)), step
        engine.apply(agents[decision.player].choose(engine, decision))
    assert step > 20


def test_the_table_the_help_and_a_card_in_polish():
    pl = build(load_shipped(), "pl")
    result = _session(["?", "card m005"], "--lang", "pl")
    shown = result.stderr
    for english in (terminal.SPACE, terminal.BOARD, terminal.DISPLAY, terminal.ADVANCED):
        assert pl.text._(english) != english and pl.text._(english) in shown
    assert "G1 (ty): 5 PZ | magazyn:" in shown
    assert "Wpisz numer opcji i naciśnij Enter." in shown
    assert "1) Jeśli chcesz, zagraj kartę obok swojej planszy gracza." in shown
    decl = terminal.decl_of(pl, "m005")
    assert pl.text.card_lines(decl)[0] in " ".join(shown.split())
    for english in ("Space, from", "Type the number", "your tiles", "hand:", "quit the game"):
        assert english not in shown
    assert max(len(line) for line in shown.splitlines()) <= WIDTH


def test_the_log_of_gains_and_draws_in_polish():
    """The log lines in Polish: a +/- line per gain and loss, the player's own draws by
    id, another seat's as a count and a colour that agrees with it."""
    command = ["--lang", "pl", "play", "--players", "3", "--seed", "2", "--human", "1", *GREEDY]
    result = CliRunner().invoke(ba, command, input="\n".join(["1"] * 3000))
    assert result.exit_code == 0, result.stderr[-2000:]
    out = result.stdout
    assert re.search(r"^  G1 \(człowiek\) dobiera m\d{3}", out, re.M)
    others = re.findall(r"^  G[23] \(\w+\) dobiera .*$", out, re.M)
    assert others and all(
        re.fullmatch(r"  G[23] \(\w+\) dobiera 1 kartę misji w kolorze \w+ym", line)
        for line in others
    ), others
    assert re.search(r"^  G\d \(\w+\): -\d+ PZ$", out, re.M)
    assert re.search(r"^  G\d \(\w+\) bierze żeton t_\w+$", out, re.M)
    assert " draws " not in out and " takes tile " not in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", ["mapa", "karta m005", "dziennik 3", "pomoc"]),
        ("de", ["weltraum", "karte m005", "protokoll 3", "hilfe"]),
    ],
)
def test_commands_are_typed_in_the_games_language_and_in_english(lang, words):
    """A Polish or German player types the commands in their language (as `?` lists
    them); the English words and q/? work in every language."""
    result = _session([*words, "map", "card m005"], "--lang", lang)
    parts = result.stderr.split("> ")
    assert len(parts) == 8, parts[-1][-300:]  # each command answered, then the decision again
    mapped, card, log, helped, english_map, english_card = parts[1:7]
    assert mapped.split("\n", 1)[0] == english_map.split("\n", 1)[0]
    assert card.startswith("  m005 ") and english_card.startswith("  m005 ")
    assert len(log.strip().splitlines()) >= 3
    for word in words[:3]:
        assert re.search(rf"^    {word.split()[0]} +\S", helped, re.M), word
    assert re.search(r"^    q +\S", helped, re.M)
