"""`ba report`: statistics from simulation records, and the HTML page with its figures."""

import importlib
import json

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.interpreter import report


def test_wilson_and_normal_intervals():
    rate, low, high = report.wilson(50, 100)
    assert (
        rate == 0.5
        and low == pytest.approx(0.4038, abs=1e-4)
        and high == pytest.approx(0.5962, abs=1e-4)
    )
    assert report.wilson(0, 10)[1] == 0.0 and report.wilson(10, 10)[2] == 1.0
    a, b = report.Moments(), report.Moments()
    for value in (1, 2, 3, 4):
        a.add(value)
        b.add(value + 2)
    assert a.mean == 2.5 and a.variance == pytest.approx(5 / 3)
    diff, low, high = report.difference(a, b)
    assert diff == 2 and low < 2 < high
    assert report.rate_difference(30, 100, 50, 100)[0] == pytest.approx(0.2)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    paths = []
    for name, extra in (("base", []), ("allow", ["--ruling", "empty_action=allow"])):
        path = folder / f"{name}.jsonl"
        args = ["simulate", "--players", "3", "--games", "12", "--workers", "1", *extra]
        result = CliRunner().invoke(ba, [*args, "--out", str(path)])
        assert result.exit_code == 0, result.output
        paths.append(path)
    return paths


def test_a_tally_counts_every_seat_of_every_game(results):
    counts = report.tally("base", report.read_records(results[0]))
    records = [json.loads(line) for line in results[0].read_text().splitlines()]
    assert counts.games == 12 and sum(counts.seat_games.values()) == 36
    assert sum(counts.seat_wins.values()) == sum(len(r["winners"]) for r in records)
    assert sum(counts.ended_by.values()) == 12 and counts.turn_moments.n == 12
    played = {f"played {c}" for r in records for s in r["seats"] for c in s["played"]}
    assert played <= set(counts.things)
    rows = report.comparison_rows(counts, report.tally("allow", report.read_records(results[1])))
    assert [label for label, _ in rows][-2:] == ["mean score (points)", "mean length (turns)"]


def test_the_report_is_a_page_with_its_figures(results, tmp_path):
    out = tmp_path / "report"
    result = CliRunner().invoke(ba, ["report", *map(str, results), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    figures = sorted(p.name for p in out.glob("*.png"))
    assert "compare_1_2.png" in figures and "set1_win_rate.png" in figures
    assert all(f"src='{name}'" in page for name in figures)
    assert all((out / name).read_bytes().startswith(b"\x89PNG") for name in figures)
    assert "Set 2 against set 1" in page


def test_report_without_matplotlib_or_results_is_a_usage_error(results, tmp_path, monkeypatch):
    real = importlib.import_module

    def without(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(report.importlib, "import_module", without)
    result = CliRunner().invoke(ba, ["report", str(results[0]), "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "[report]" in result.output
    assert not (tmp_path / "r").exists()
    assert CliRunner().invoke(ba, ["report", "--out", str(tmp_path)]).exit_code == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    monkeypatch.undo()
    result = CliRunner().invoke(ba, ["report", str(bad), "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "not simulation records" in result.output
