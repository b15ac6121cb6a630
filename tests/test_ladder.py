"""benchmarks/ladder.py on two games a line (CI never runs the ladder itself)."""

from __future__ import annotations

import re
import sys

import benchmark_script
import pytest

ladder = benchmark_script.load("ladder")


def test_the_ladder_measures_a_budgeted_bot(capsys):
    ladder.main(
        [
            "--games",
            "2",
            "--players",
            "2",
            "--bots",
            "random,expert:nodes=5",
            "--self-play",
            "greedy",
        ]
    )
    out = capsys.readouterr().out
    duel = re.search(r"2 players, random against expert:nodes=5: random wins ([012])/2 ", out)
    assert duel, out
    assert re.search(r"2 players, greedy against itself \(2 games\)", out), out
    assert re.search(r"^expert:nodes=5 +[\d.]+ ms per decision", out, re.MULTILINE), out


@pytest.mark.parametrize("bot", ["clever", "expert:nodes=0", "greedy:nodes=3"])
def test_the_ladder_refuses_a_bot_it_cannot_seat(bot, capsys):
    with pytest.raises(SystemExit) as stop:
        ladder.main(["--games", "1", "--bots", f"random,{bot}"])
    assert stop.value.code == 2
    assert "agent" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform != "linux", reason="needs fork and SIGINT")
def test_a_ctrl_c_while_the_workers_are_forked_stops_the_ladder():
    """Each fork of a worker sends a SIGINT (benchmark_script.run_interrupted_at_fork):
    the ladder must still stop, with one line and code 130."""
    args = ["--games", "200", "--players", "2", "--bots", "greedy,random", "--self-play", ""]
    proc = benchmark_script.run_interrupted_at_fork(ladder, [*args, "--workers", "2"])
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr.endswith("interrupted\n") and "Traceback" not in proc.stderr
