"""`ba simulate --backend ray`: the same records on a Ray instance as on this machine.

The test with Ray starts a local Ray instance (listening on the loopback address); it is
skipped when the optional `cluster` extra is not installed. CI installs it.
"""

import importlib
import json

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.interpreter import cluster


def simulate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(ba, ["simulate", *args])
    return result.exit_code, result.output


@pytest.mark.slow
def test_ray_plays_the_same_games_as_one_process(tmp_path):
    outputs = []
    common = ["--players", "3", "--games", "7", "--seed", "4", "--agents", "random,greedy"]
    for backend in (["--workers", "1"], ["--backend", "ray", "--workers", "2"]):
        out = tmp_path / f"{backend[1]}.jsonl"
        code, text = simulate(*common, *backend, "--json", "--out", str(out))
        assert code == 0, text
        summary = json.loads(text[text.index("{") :])  # Ray may print a line first
        outputs.append((summary, out.read_text(encoding="utf-8")))
    assert outputs[0] == outputs[1]
    assert [json.loads(line)["seed"] for line in outputs[1][1].splitlines()] == list(range(4, 11))


def test_ray_missing_is_a_clear_usage_error(monkeypatch):
    real = importlib.import_module

    def without_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(cluster.importlib, "import_module", without_ray)
    code, text = simulate("--games", "2", "--backend", "ray")
    assert code == 2
    assert "needs Ray" in text and "[cluster]" in text


def test_an_address_needs_the_ray_backend():
    code, text = simulate("--games", "2", "--address", "auto")
    assert code == 2 and "--backend ray" in text


def test_local_workers_stop_when_the_reader_has_read_enough():
    """Closing the stream of records ends the worker processes at once (no queued game is
    waited for), and the records read are those of one process."""
    import multiprocessing

    from blackangel.dsl.compiler import load_shipped
    from blackangel.interpreter import simulation
    from blackangel.interpreter.program import build

    data = build(load_shipped())
    settings = simulation.Settings(players=2, agents=("random",), rulings={})
    stream = simulation.records(data, settings, range(1, 2001), workers=2)
    first = [next(stream) for _ in range(3)]
    stream.close()
    assert first == [simulation.play_record(data, settings, seed) for seed in (1, 2, 3)]
    assert multiprocessing.active_children() == []
