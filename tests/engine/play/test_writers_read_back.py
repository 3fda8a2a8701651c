"""What the engine writes, its own reader accepts: for every value the declared bounds allow.

Issue 25's finding was a playtest saved with a seed the dialog drew (below 2**31) that the
loader refused (above 10**9). The seed's bound is now declared once (``SEED_MIN``/``SEED_MAX``,
2**31 - 1: what the dialog always drew from, so the playtests it saved reopen);
these tests draw seeds from anywhere within it, from the CLI's and the dialog's ranges alike,
and require every writer's file to be read back by its reader.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import BOTS
from engine.cli import parser
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.export.game_record import check_record, write_record
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.playtest_file import PlaytestFile
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.converter import LARGEST_NUMBER
from engine.scenario.io import load_scenario
from engine.service.jsonrpc import handle_line
from engine.service.methods import EngineService

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data"
SMALL = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SEEDS = st.integers(SEED_MIN, SEED_MAX) | st.sampled_from([SEED_MIN, -1, 0, 1, SEED_MAX])
# What the New Playtest dialog draws (random.randint(0, SEED_MAX)) and its spin box holds.
DIALOG_SEEDS = st.integers(0, SEED_MAX)


def test_the_seed_bound_fits_every_holder():
    """A QSpinBox holds at most 2**31 - 1; a file holds no number beyond LARGEST_NUMBER."""
    assert SEED_MAX <= min(2**31 - 1, LARGEST_NUMBER) and -LARGEST_NUMBER <= SEED_MIN
    declared = attrs.fields(PlaytestFile).seed.metadata
    assert (declared["min"], declared["max"]) == (SEED_MIN, SEED_MAX)


def _played(dice_race, ruleset, seed: int) -> Session:
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, seed, ["random"] * 2, BOTS)
    for _ in range(6):
        session.bot_step()
    return session


@SMALL
@given(seed=SEEDS | DIALOG_SEEDS, embed=st.booleans())
def test_a_saved_playtest_reopens_for_every_seed(dice_race, ruleset, dice_race_path, tmp_path, seed, embed):
    session = _played(dice_race, ruleset, seed)
    path = tmp_path / "game.playtest.json"
    save_playtest(session, path, None if embed else dice_race_path)
    reopened, _, recorded = open_playtest(path)
    assert reopened.seed == seed
    assert check_replay(reopened, recorded) == []


@SMALL
@given(seed=SEEDS)
def test_the_cli_takes_exactly_the_seeds_a_playtest_keeps(seed):
    assert parser().parse_args(["play", "x.json", "--seed", str(seed)]).seed == seed


@pytest.mark.parametrize("seed", [SEED_MAX + 1, SEED_MIN - 1, 2**31, 10**12])
def test_the_cli_refuses_a_seed_no_playtest_could_keep(seed, capsys):
    for command in ("play", "simulate", "playthrough"):
        with pytest.raises(SystemExit):
            parser().parse_args([command, "x.json", "--seed", str(seed)])
        assert f"must be {SEED_MIN:,} to {SEED_MAX:,}" in capsys.readouterr().err


def _call(service: EngineService, method: str, **params):
    answer = json.loads(handle_line(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}),
                                    service.dispatch))
    return answer.get("result"), answer.get("error")


@SMALL
@given(seed=SEEDS)
def test_serve_open_save_load_for_every_seed(seed):
    with tempfile.TemporaryDirectory() as folder:  # a folder per example: serve never replaces a file it did not write
        _serve_round_trip(Path(folder), seed)


def _serve_round_trip(tmp_path: Path, seed: int) -> None:
    shutil.copy(DATA / "dice-race.json", tmp_path / "dice-race.json")
    service = EngineService(tmp_path)
    opened, error = _call(service, "open", scenario="dice-race.json", players=2, seed=seed)
    assert error is None, error
    for _ in range(4):
        _call(service, "bot", session=opened["session"])
    _, error = _call(service, "save", session=opened["session"], path="game.playtest.json",
                     scenario_path="dice-race.json")
    assert error is None, error
    loaded, error = _call(service, "load", path="game.playtest.json")
    assert error is None, error
    assert loaded["step"] == 4


@pytest.mark.parametrize("seed", [SEED_MAX + 1, 10**12])
def test_serve_refuses_a_seed_no_playtest_could_keep(seed):
    _, error = _call(EngineService(DATA), "open", scenario="dice-race.json", players=2, seed=seed)
    assert error is not None and "params.seed" in error["message"]


@SMALL
@given(seed=SEEDS)
def test_a_game_record_reads_back_for_every_seed(dice_race, ruleset, tmp_path, seed):
    session = _played(dice_race, ruleset, seed)
    path = tmp_path / "game.jsonl"
    lines = write_record(session, path)
    assert check_record(path, dice_race) == (lines, [])


SHIPPED = {  # one scenario of each shipped game
    "a-brief-history-of-the-world": "a-brief-history-of-the-world.json",
    "after-the-flood": "after-the-flood.json",
    "antike-duellum": "antike-duellum-carthage-rome.json",
    "civilization": "civilization.json",
    "history-of-the-world": "history-of-the-world.json",
}


def _within_bounds(field: attrs.Attribute, hint: Any) -> st.SearchStrategy:
    """Any value the field's declared bounds allow: what the New Playtest dialog, the CLI's
    --set or a hand-edited file may give the option."""
    meta = field.metadata
    if "choices" in meta:
        return st.sampled_from(meta["choices"])
    if "pattern" in meta:
        return st.from_regex(meta["pattern"])
    if hint is bool:
        return st.booleans()
    if hint is int:
        low, high = meta.get("min", -LARGEST_NUMBER), meta.get("max", LARGEST_NUMBER)
        return st.integers(low, high) | st.sampled_from([low, high])
    raise AssertionError(f"no strategy for option {field.name}: {hint!r}")


def _options(ruleset) -> st.SearchStrategy:
    hints = typing.get_type_hints(ruleset.options_type)
    return st.fixed_dictionaries({field.name: _within_bounds(field, hints[field.name])
                                  for field in attrs.fields(ruleset.options_type)})


@pytest.mark.parametrize("ruleset_id", sorted(SHIPPED))
def test_a_playtest_with_any_options_within_their_bounds_saves_and_reopens(ruleset_id):
    scenario = load_scenario(ROOT / "scenarios" / SHIPPED[ruleset_id], get_ruleset)
    ruleset = get_ruleset(ruleset_id)

    @SMALL
    @given(values=_options(ruleset), seed=DIALOG_SEEDS)
    def saves_and_reopens(values, seed):
        options = attrs.evolve(scenario.ruleset.options, **values)
        players = ruleset.min_players
        session = Session(scenario, ruleset, scenario.seats[:players], options, seed, ["random"] * players, BOTS)
        for _ in range(3):
            session.bot_step()
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.playtest.json"
            save_playtest(session, path, None)
            reopened, _, recorded = open_playtest(path)
        assert reopened.options == options
        assert check_replay(reopened, recorded) == []

    saves_and_reopens()


def test_serve_refuses_options_a_saved_playtest_would_refuse(tmp_path):
    """Serve's open checked only the options' types: `coin_supply: -5` opened, saved a playtest,
    and its own load refused it. Now open keeps the bounds the playtest file keeps."""
    shutil.copy(Path(__file__).parents[3] / "scenarios" / "antike-duellum-carthage-rome.json", tmp_path / "a.json")
    service = EngineService(tmp_path)
    _, error = _call(service, "open", scenario="a.json", players=2, options={"coin_supply": -5})
    assert error is not None and "options.coin_supply: must be at least 0" in json.dumps(error)
    opened, error = _call(service, "open", scenario="a.json", players=2, options={"coin_supply": 3})
    assert error is None, error
    _, error = _call(service, "save", session=opened["session"], path="game.playtest.json", scenario_path="a.json")
    assert error is None, error
    loaded, error = _call(service, "load", path="game.playtest.json")
    assert error is None and loaded["step"] == opened["step"]
