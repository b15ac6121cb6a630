"""`ba serve` draws a game with cards (examples/sky_regatta/) on the generic table: how many
cards each seat holds and each deck's size for everyone, a hand for its own seat only,
and another seat's draws in the log as a count."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")

from test_web import start, state, web_client  # noqa: E402

from blackangel.dsl.compiler import compile_paths  # noqa: E402

RULES = Path(__file__).resolve().parents[1] / "examples" / "sky_regatta"


@pytest.fixture
def client(tmp_path):
    result = compile_paths([str(RULES)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return web_client(tmp_path / "games.sqlite3", result.ruleset, bot_delay=0)


def test_each_seat_sees_its_own_hand_and_only_counts_of_the_others(client):
    game = start(client, players=2, seats=["person", "person"], seed=4)
    tokens = [seat["token"] for seat in game["seats"]]
    views = [state(client, game["id"], token) for token in tokens]
    spectator = state(client, game["id"])
    for view in (*views, spectator):
        assert "cards in hand" in view["table"] and "in the deck" in view["table"]
    assert "your hand: " in views[0]["table"] and "your hand: " in views[1]["table"]
    assert "your hand: " not in spectator["table"]
    hand_0 = views[0]["table"].split("your hand: ")[1].split("<")[0]
    assert hand_0 and hand_0 not in views[1]["table"]
    # seat 0 drew first: seat 1 reads it as a count, seat 0 as the card
    log_0, log_1 = (" ".join(v["log"]) for v in views)
    assert "draws 1 wind card" in log_1 and "draws 1 wind card" not in log_0
