"""Golden playthroughs: seeded games must replay exactly as recorded in tests/golden/."""

import difflib
import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent / "golden" / "regenerate.py"
spec = importlib.util.spec_from_file_location("regenerate", SCRIPT)
regenerate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(regenerate)


@pytest.mark.parametrize("game, players, seed, variants", regenerate.GAMES)
def test_playthrough_matches_golden_file(game, players, seed, variants):
    expected = regenerate.path_for(game, players, seed, variants).read_text(encoding="utf-8")
    actual = regenerate.golden_text(game, players, seed, variants)
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2
            )
        )
        pytest.fail(
            "the game changed; if intended, run python tests/golden/regenerate.py\n" + diff[:4000]
        )
