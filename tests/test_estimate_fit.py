"""benchmarks/estimate_fit.py on a few short games (CI never runs the fit itself)."""

from __future__ import annotations

import json
import random
import re
import sys

import benchmark_script
import pytest

estimate_fit = benchmark_script.load("estimate_fit")


def test_the_fit_finds_the_coefficients_that_made_the_scores():
    """Rows built from known coefficients (1.0 on one term, 0.5 on the other, 3 more as the
    constant, and a little noise) are fitted back to them."""
    draw = random.Random(5)
    rows = []
    for seed in range(40):
        for turn in range(10):
            a, b = draw.uniform(0, 10), draw.uniform(0, 10)
            track = draw.randint(0, 20)
            gained = 1.0 * a + 0.5 * b + 3 + draw.gauss(0, 0.1)
            terms = {"track": track, "a": a, "b": b}
            rows.append({"seed": seed, "turn": turn, "terms": terms, "final": track + gained})
    coefficients, errors = estimate_fit.fit(rows, ["a", "b"])
    assert coefficients == pytest.approx([1.0, 0.5, 3.0], abs=0.05)
    assert all(0 < error < 0.05 for error in errors)


def test_every_turn_start_of_every_seat_is_a_row_with_its_final_score(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    code = estimate_fit.main(["--bot", "greedy", "--games", "2", "--out", str(out)])
    assert code == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["seed"] for r in rows} == {1, 2}
    for seed in (1, 2):
        game = [r for r in rows if r["seed"] == seed]
        assert [r["seat"] for r in game[:2]] == [0, 1]
        finals = {r["seat"]: r["final"] for r in game}
        assert all(r["final"] == finals[r["seat"]] for r in game)
        assert game[0]["terms"]["track"] <= finals[0]
    text = capsys.readouterr().out
    assert "content " in text and "seeds 1 to 2" in text
    assert re.search(r"^\| actions \| [\d.]+ \| -?[\d.]+ ± [\d.]+ \|$", text, re.MULTILINE), text


def test_an_existing_file_is_kept_without_force(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    out.write_text("mine")
    with pytest.raises(SystemExit) as stop:
        estimate_fit.main(["--bot", "greedy", "--games", "2", "--out", str(out)])
    assert stop.value.code == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_text() == "mine"


@pytest.mark.parametrize(
    "argv, says",
    [(["--bot", "clever"], "agent"), (["--games", "1"], "at least two games")],
)
def test_a_bad_request_is_refused_in_one_line(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        estimate_fit.main(argv)
    assert stop.value.code == 2
    assert says in capsys.readouterr().err


@pytest.mark.skipif(sys.platform != "linux", reason="needs fork and SIGINT")
def test_a_ctrl_c_while_the_workers_are_forked_stops_the_run():
    """Each fork of a worker sends a SIGINT (benchmark_script.run_interrupted_at_fork):
    the run stops with one line and code 130, and writes nothing."""
    args = ["--bot", "greedy", "--games", "400", "--workers", "2"]
    proc = benchmark_script.run_interrupted_at_fork(estimate_fit, args)
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr.endswith("nothing was fitted or written\n"), proc.stderr
    assert "Traceback" not in proc.stderr and "| term |" not in proc.stdout
