"""`ba serve` and a private look at the top of a deck (tests/games/lookout.ba): the seat
that looked reads the cards in its log and beside its hand; the other seat and a
spectator read only that it looked."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")

from test_web import act, start, state, web_client  # noqa: E402

from blackangel.dsl.compiler import compile_paths  # noqa: E402

RULES = Path(__file__).resolve().parent / "games" / "lookout.ba"
SEEN = "road cards you saw on top of their deck (top first): "


@pytest.fixture
def client(tmp_path):
    result = compile_paths([str(RULES)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return web_client(tmp_path / "games.sqlite3", result.ruleset, bot_delay=0)


def test_only_the_seat_that_looked_reads_the_cards(client):
    game = start(client, players=2, seats=["person", "person"], seed=3)
    tokens = [seat["token"] for seat in game["seats"]]
    first = state(client, game["id"], tokens[0])
    assert first["decision"]["player"] == 0
    assert act(client, game["id"], "yes", tokens[0]).status_code == 200  # P1 looks
    mine, theirs = (state(client, game["id"], token) for token in tokens)
    spectator = state(client, game["id"])
    line = next(text for text in mine["log"] if "looks at the top 2 road cards" in text)
    cards = line.split(": ", 1)[1]
    assert cards and SEEN in mine["table"]
    for view in (theirs, spectator):
        assert any(text.endswith("looks at the top 2 road cards") for text in view["log"])
        assert not any("looks at the top 2 road cards:" in text for text in view["log"])
        assert SEEN not in view["table"]
