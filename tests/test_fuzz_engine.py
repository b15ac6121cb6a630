"""Mutation fuzzing of the rules of every registered game (the shipped content of the
default game, Bossin' Space, the examples: `ba games`): every mutant either gets an error
diagnostic from ba-lint or sets up and plays random games to the end, at every player
count of the game and with each of its variants (tests/fuzzing.py). Two kinds of
mutants: token mutants (names, numbers, player counts, variants, lines changed in the
text) and typed mutants (the parsed rules changed with well-typed values: primitives
swapped, effects composed, `per`/`max`, triggers and `emit` chains, blocks cloned or
removed). Saved-game mutants are tests/test_saved_states.py's.

The suite runs a seeded sample of each, for each game; the full runs are

    BA_FUZZ=1 python -m pytest tests/test_fuzz_engine.py      # 200 mutants per file and mode
    BA_FUZZ=500 BA_FUZZ_SEED=2 python -m pytest tests/test_fuzz_engine.py  # 500, seed 2
    python tests/fuzzing.py --mutants 200 --seed 4            # token mutants, with a summary
    python tests/fuzzing.py --typed --mutants 40 --seed 1     # typed mutants, with a summary
    python tests/fuzzing.py --all-games --mutants 200 --seed 4          # every game in turn
    python tests/fuzzing.py --game bossin_space --typed --mutants 40    # one game
    python tests/fuzzing.py --game bossin_space --states 40 --mutants 60  # saved games

(BA_FUZZ sets the count of both samples: typed mutants take about a second each.)

Each distinct cause the fuzzer found (a crash or an endless game of a rule set that
linted clean) is a regression case below: the smallest change of the shipped content
that showed it, and what the linter now says, or that the game now plays.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent / "fuzzing.py"
spec = importlib.util.spec_from_file_location("fuzzing", SCRIPT)
assert spec is not None and spec.loader is not None
fuzzing = importlib.util.module_from_spec(spec)
sys.modules["fuzzing"] = fuzzing  # its dataclasses look their module up
spec.loader.exec_module(fuzzing)

SAMPLE = 16  # mutants per rule file and mode in the everyday run (about 10 s a game)
TYPED_SAMPLE = 3  # typed mutants per file and mode (about 15 s of CPU time a game)
FULL = os.environ.get("BA_FUZZ", "")
GAMES = fuzzing.games_with_rules()
_contents: dict[str, object] = {}


def _content(game: str):
    """A game's rules, read once for the module."""
    if game not in _contents:
        _contents[game] = fuzzing.Content(game)
    return _contents[game]


@pytest.fixture(scope="module")
def content():
    """The default game's rules (the shipped content): the regressions below change them."""
    return fuzzing.Content()


def test_the_fuzzers_know_every_registered_game_with_rules():
    from blackangel.dsl import games

    assert games.default() in GAMES
    assert {"bossin_space", "dice_race", "sky_regatta"} <= set(GAMES)
    assert "rules_only" not in GAMES  # a game module with no rules of its own


def _per_file() -> int:
    if not FULL:
        return SAMPLE
    return 200 if FULL in ("1", "yes", "true") else int(FULL)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_mutant_is_refused_by_lint_or_plays_to_the_end(game):
    content = _content(game)
    seed = int(os.environ.get("BA_FUZZ_SEED", "1"))
    report = fuzzing.Report()
    for mutant in fuzzing.mutants(content, _per_file(), seed):
        report.outcomes.append(fuzzing.check(content, mutant))
    failures = "\n".join(fuzzing.describe(o) for o in report.failures()[:10])
    assert not report.failures(), f"{len(report.failures())} mutants failed:\n{failures}"
    # the sample is worth something only if both outcomes happen
    assert report.count("rejected") and report.count("played")
    # and if mutants are played at every player count of the game (the solo game too,
    # where there is one) and with each of its variants
    played = [o for o in report.outcomes if o.status == "played"]
    assert {n for o in played for n in o.player_counts} == set(content.data.player_counts())
    assert {v for o in played for v in o.variants} == set(content.data.variants)
    # and if the mutations drew on the game's player counts and variants
    done = " ".join(m for o in report.outcomes for m in o.mutant.mutations)
    assert "players " in done
    assert not content.data.variants or "variant " in done


@pytest.mark.parametrize("game", GAMES)
def test_every_typed_mutant_is_refused_by_lint_or_plays_to_the_end(game):
    content = _content(game)
    seed = int(os.environ.get("BA_FUZZ_SEED", "1"))
    per_file = _per_file() if FULL else TYPED_SAMPLE
    report = fuzzing.Report()
    typed = fuzzing.Typed(content)
    for mutant in fuzzing.typed_mutants(content, typed, per_file, seed):
        report.outcomes.append(fuzzing.check(content, mutant))
    failures = "\n".join(fuzzing.describe(o) for o in report.failures()[:10])
    assert not report.failures(), f"{len(report.failures())} mutants failed:\n{failures}"
    assert report.count("rejected") and report.count("played")


@pytest.mark.parametrize("game", GAMES)
def test_a_typed_mutation_keeps_the_types_and_the_syntax(game):
    """Swapped primitives get arguments of their parameters' types, so a swap alone is
    refused only for where it stands (E114, E303...), never for its arguments; every
    mutation leaves text that parses."""
    import random

    from blackangel.dsl.compiler import compile_sources
    from blackangel.dsl.parser import parse_bytes

    content = _content(game)
    typed = fuzzing.Typed(content)
    codes: set[str] = set()
    for i in range(40):
        rng = random.Random(i)
        file = sorted(content.texts)[i % len(content.texts)]
        text, what = fuzzing.typed_mutate(content.texts[file], file, rng, typed, 0)
        tree, diags, _ = parse_bytes(text.encode(), file)
        assert tree is not None and not diags, f"{what}: {[str(d) for d in diags]}"
        if what.startswith("swap"):
            mutant = fuzzing.Mutant(file, "dir", i, [what], text)
            result = compile_sources(content.loaded(mutant), strict_counts=False)
            codes |= {d.code for d in result.errors}
    assert not codes & {"E103", "E106", "E107", "E108", "E110"}, codes


def test_the_harness_reports_a_crash_and_a_hang(content, monkeypatch):
    """A crash and a hang are findings, not a blocked or broken run. (They are planted in
    `Program.check`, which every game asks and which stays Python in a compiled build.)"""
    from blackangel.interpreter.program import Program

    mutant = fuzzing.Mutant("aids.ba", "dir", 0, ["none"], content.texts["aids.ba"])

    def crash(*args):
        raise KeyError("boom")

    monkeypatch.setattr(Program, "check", crash)
    outcome = fuzzing.check(content, mutant)
    assert outcome.status == "crash" and outcome.cause.startswith("KeyError at ")

    def hang(*args):
        while True:
            pass

    monkeypatch.setattr(Program, "check", hang)
    outcome = fuzzing.check(content, mutant, timeout=0.5)
    assert outcome.status == "hang"


# ---- the causes found, each the smallest change that showed it --------------------------
# (id, file, [(old, new)], the diagnostic code that now refuses it, or "played")
SHIPPED_BOARD_NUMBER = "  unresolved_ravager_penalty 1\n"
SHIPPED_SETUPS = [  # the four set-up blocks of game.ba
    "setup p1 {\n  players 1\n  dice_per_color 4\n  strips 5\n  ravagers_removed 12\n"
    "  start_ravagers 2\n  opponent hal\n}\n",
    "setup p2 {\n  players 2\n  dice_per_color 4\n  strips 5\n  ravagers_removed 12\n"
    "  start_ravagers 2\n  neutral_player\n}\n",
    "setup p3 {\n  players 3\n  dice_per_color 5\n  strips 7\n  ravagers_removed 6\n"
    "  start_ravagers 2\n}\n",
    "setup p4 {\n  players 4\n  dice_per_color 6\n  strips 7\n  ravagers_removed 0\n"
    "  start_ravagers 2\n}\n",
]
REGRESSIONS = [
    # numbers the engine reads, missing: KeyError at set-up or in play
    ("no_board_number", "game.ba", [(SHIPPED_BOARD_NUMBER, "")], "E111"),
    ("no_display_length", "game.ba", [("  display_length 8 @reconstructed", "  # ")], "E111"),
    ("no_supply_robots", "game.ba", [("  supply_robots 8\n", "")], "E111"),
    ("no_start_score", "game.ba", [("  start_score 5\n", "")], "E111"),
    ("no_conversion_rate", "game.ba", [("  conversion_rate 2\n", "")], "E111"),
    ("no_die_price", "game.ba", [("  price 1 resource\n", "")], "E111"),
    ("conversion_rate_0", "game.ba", [("  conversion_rate 2\n", "  conversion_rate 0\n")], "E110"),
    # declarations the engine reads, missing
    (
        "no_space",
        "game.ba",
        [("space {\n  hexes_per_strip", "xspace {\n  hexes_per_strip")],
        "E113",
    ),
    ("no_board", "game.ba", [("\nboard {\n", "\nboard_gone {\n")], "E113"),
    # numbers beyond what the engine can hold
    (
        "advanced_spaces_huge",
        "game.ba",
        [("advanced_spaces 3", "advanced_spaces 100000000000")],
        "E110",
    ),
    ("advanced_spaces_4", "game.ba", [("advanced_spaces 3", "advanced_spaces 4")], "E110"),
    ("card_slots_10", "game.ba", [("card_slots 6", "card_slots 10")], "E110"),
    ("start_cell_outside", "game.ba", [("start_cell 2 2", "start_cell 4 2")], "E110"),
    ("arrow_outside", "game.ba", [("arrow row 3 technology", "arrow row 4 technology")], "E110"),
    ("ravagers_removed_99", "game.ba", [("ravagers_removed 6", "ravagers_removed 99")], "E110"),
    ("hand_1_99", "game.ba", [("  hand 1 1\n", "  hand 1 99\n")], "E110"),
    (
        "number_5000_digits",
        "game.ba",
        [("  hand_limit 6\n", "  hand_limit " + "9" * 5000 + "\n")],
        "E110",
    ),
    # copies the set-up deals one of to each player
    (
        "start_tile_one_copy",
        "technology.ba",
        [("start_tile s2 {\n  copies 4\n", "start_tile s2 {\n")],
        "E110",
    ),
    (
        "start_tile_copies_1",
        "technology.ba",
        [("start_tile s1 {\n  copies 4", "start_tile s1 {\n  copies 1")],
        "E110",
    ),
    # rulings the code consults
    (
        "ruling_missing",
        "rulings.ba",
        [("ruling freshly_ejected {", "ruling freshly_gone {")],
        "E114",
    ),
    # primitives where they have nothing to act on
    (
        "aid_set_die_color",
        "aids.ba",
        [("advantage: take 1 resource", "advantage: set_die_color gray")],
        "E114",
    ),
    (
        "aid_damage_next_action",
        "aids.ba",
        [("advantage: optional reserve_free\n", "advantage: damage_next_action\n")],
        "E114",
    ),
    (
        "aid_hold_robot",
        "aids.ba",
        [("advantage: optional reserve_free\n", "advantage: hold_robot\n")],
        "E114",
    ),
    # Hal's primitives outside the solo game's cards and phases: no Hal state to act on
    (
        "aid_hal_roll",
        "aids.ba",
        [("advantage: optional reserve_free, take 1 resource", "advantage: hal_roll")],
        "E114",
    ),
    (
        "ravager_hal_take_die",
        "ravagers.ba",
        [("permanent: discard 1 mission", "permanent: hal_take_die green")],
        "E114",
    ),
    (
        "turn_set_die_value",
        "turn.ba",
        [
            (
                "step choose: run sequence_a or run sequence_b\n",
                "step choose: set_die_value orange 3\n",
            )
        ],
        "E114",
    ),
    (
        "gain_on_action_in_sequence_b",
        "turn.ba",
        [("step reroll: reroll_dice", "step reroll: gain_on_action 6 2")],
        "E114",
    ),
    (
        "free_reserve_in_turn",
        "turn.ba",
        [("step choose: run sequence_a or run sequence_b\n", "step choose: free_reserve green\n")],
        "E114",
    ),
    # the scoring formula of an advanced tile
    (
        "advanced_formula",
        "technology.ba",
        [("score: gain 2 vp per cards_in_space", "score: spend_tech 2 -> gain 3 vp")],
        "E114",
    ),
    (
        "advanced_formula_optional",
        "technology.ba",
        [("score: gain 2 vp per cards_in_space", "score: optional gain 2 vp per cards_in_space")],
        "E114",
    ),
    # turns that can do nothing, games that cannot end
    (
        "mandatory_reserve_die",
        "turn.ba",
        [("optional reserve_die 1 resource", "reserve_die 1 resource")],
        "E303",
    ),
    ("no_advance", "turn.ba", [("  step advance: advance_black_angel\n", "")], "E303"),
    (
        "turn_draw_for_die",
        "turn.ba",
        [("step choose: run sequence_a or run sequence_b\n", "step choose: draw_for_die\n")],
        "E303",
    ),
    # a question without options: the step fails (RuntimeError before)
    (
        "mandatory_play_card_twice",
        "turn.ba",
        [("step action: perform_action", "step action: play_card")],
        "played",
    ),
    # found by the typed fuzzer (fuzzing.typed_mutants)
    # Hal's primitives in a player's turn: no Hal state in a game with players (TypeError)
    (
        "hal_roll_in_sequence_b",
        "turn.ba",
        [("step reroll: reroll_dice", "step reroll: hal_roll")],
        "E114",
    ),
    # his phases run by a trigger (at final scoring: AssertionError, TypeError)
    (
        "trigger_runs_hal_phase",
        "hal.ba",
        [
            (
                "\nautoma hal {",
                "\ntrigger t {\n  on final_scoring\n  effect: run hal_turn\n}\nautoma hal {",
            )
        ],
        "E114",
    ),
    # a sequence run by a trigger, during Hal's turn too (KeyError 'die_color')
    (
        "trigger_runs_sequence_a",
        "turn.ba",
        [
            (
                "\nphase sequence_a {",
                "\ntrigger t {\n  on ravager_placed\n  effect: run sequence_a\n}\n"
                "phase sequence_a {",
            )
        ],
        "E114",
    ),
    # a die reserved for robots, which wait in the break room, not in storage (KeyError)
    (
        "reserve_die_for_robots",
        "turn.ba",
        [("optional reserve_die 1 resource", "optional reserve_die 1 robot")],
        "played",
    ),
    # `per ... max` on a primitive with no amount (IndexError)
    (
        "per_max_without_amount",
        "turn.ba",
        [("step flip: flip_dice", "step flip: flip_dice per debris_in_storage max 1")],
        "E115",
    ),
    # passing asks whether sequence A can be done: inside sequence A (RecursionError)
    (
        "pass_turn_in_sequence_a",
        "turn.ba",
        [("step action: perform_action", "step action: pass_turn")],
        "E301",
    ),
    # no set-up at all: no player count to play ("choose one of []")
    (
        "no_setup",
        "game.ba",
        [(block, "") for block in SHIPPED_SETUPS],
        "E113",
    ),
]


# possible in a complete rule set only
REMOVALS = {"no_space", "no_board", "ruling_missing", "no_setup"}


def _mutant(content, file: str, changes: list[tuple[str, str]], mode: str):
    text = content.texts[file]
    for old, new in changes:
        assert text.count(old) >= 1, f"{file}: the shipped text changed: {old!r}"
        text = text.replace(old, new, 1)
    return fuzzing.Mutant(file, mode, 0, [f"{o!r}->{n!r}" for o, n in changes], text)


# found on the other registered games (python tests/fuzzing.py --game NAME ...):
# (id, game, file, [(old, new)], the diagnostic code that now refuses it, or "played")
GAME_REGRESSIONS = [
    # a card with no `play` effect in the deck a queue's layer turns up (a threat card of
    # the timeline): resolving the queue ran its effect None (TypeError in run_effect)
    (
        "queue_card_without_play",
        "bossin_space",
        "threats.ba",
        [("  play: gain 1 heat\n", "")],
        "E320",
    ),
]


@pytest.mark.parametrize(
    "name, file, changes, expected", REGRESSIONS, ids=[r[0] for r in REGRESSIONS]
)
def test_a_cause_the_fuzzer_found(content, name, file, changes, expected):
    _expect(content, name, file, changes, expected)


@pytest.mark.parametrize(
    "name, game, file, changes, expected",
    GAME_REGRESSIONS,
    ids=[r[0] for r in GAME_REGRESSIONS],
)
def test_a_cause_the_fuzzer_found_in_another_game(name, game, file, changes, expected):
    _expect(_content(game), name, file, changes, expected)


def _expect(content, name: str, file: str, changes, expected: str) -> None:
    """The mutant, as a complete rule set and as a mod, is refused with the expected
    code, or plays."""
    from blackangel.dsl.compiler import compile_sources

    for mode in ("dir", "base"):
        mutant = _mutant(content, file, changes, mode)
        outcome = fuzzing.check(content, mutant)
        if expected == "played":
            assert outcome.status == "played", fuzzing.describe(outcome)
            continue
        if mode == "base" and name in REMOVALS:
            continue  # a mod cannot take a shipped declaration away
        assert outcome.status == "rejected", fuzzing.describe(outcome)
        result = compile_sources(content.loaded(mutant), strict_counts=False)
        assert expected in {d.code for d in result.errors}, [str(d) for d in result.errors]
