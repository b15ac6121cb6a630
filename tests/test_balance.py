"""benchmarks/balance.py on two games a line (CI never runs the study itself)."""

from __future__ import annotations

import json
import re

import benchmark_script
import pytest

balance = benchmark_script.load("balance")


def test_a_ruling_is_played_on_the_seeds_of_its_base_and_compared_seed_by_seed(tmp_path, capsys):
    out = tmp_path / "study"
    code = balance.main(
        ["--bot", "greedy", "--games", "2", "--lines", "2p-neutral_reroll", "--out", str(out)]
    )
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["2p-neutral_reroll.jsonl", "2p.jsonl"]
    base = [json.loads(line) for line in (out / "2p.jsonl").read_text().splitlines()]
    other = [
        json.loads(line) for line in (out / "2p-neutral_reroll.jsonl").read_text().splitlines()
    ]
    assert [r["seed"] for r in base] == [r["seed"] for r in other] == [1, 2]
    assert {r["rulings"]["neutral_reroll"] for r in base} == {"per_robot"}
    assert {r["rulings"]["neutral_reroll"] for r in other} == {"used_or_star"}
    assert all(r["agents"] == ["greedy", "greedy"] for r in base + other)
    # the printed difference is the mean of the seeds' differences of mean scores
    gaps = [sum(b["scores"]) / 2 - sum(a["scores"]) / 2 for a, b in zip(base, other)]
    text = capsys.readouterr().out
    row = re.search(r"^\| 2p-neutral_reroll \| 2p \| 2 \| ([-+][\d.]+) ±", text, re.MULTILINE)
    assert row, text
    assert float(row.group(1)) == pytest.approx(sum(gaps) / 2, abs=0.05)
    assert re.search(r"^\| 2p \| 2 \| \d+% \(", text, re.MULTILINE), text


def test_an_existing_folder_is_kept_without_force(tmp_path, capsys):
    out = tmp_path / "study"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(SystemExit) as stop:
        balance.main(["--bot", "greedy", "--games", "1", "--lines", "2p", "--out", str(out)])
    assert stop.value.code == 2
    assert "--force" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--lines", "5p"], "unknown line '5p'"),
        (["--bot", "clever"], "agent"),
        (["--games", "0"], "at least one game"),
    ],
)
def test_a_bad_request_is_refused_in_one_line(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        balance.main(argv)
    assert stop.value.code == 2
    assert says in capsys.readouterr().err
