"""What the engine writes, its own reader accepts: for every value the declared bounds allow.

Issue 25's finding was a playtest saved with a seed the dialog drew (below 2**31) that the
loader refused (above 10**9). The seed's bound is now declared once (``SEED_MIN``/``SEED_MAX``);
these tests draw seeds from anywhere within it, from the CLI's and the dialog's ranges alike,
and require every writer's file to be read back by its reader.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

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
from engine.scenario.converter import LARGEST_NUMBER
from engine.service.jsonrpc import handle_line
from engine.service.methods import EngineService

DATA = Path(__file__).resolve().parents[2] / "data"
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


@pytest.mark.parametrize("seed", [SEED_MAX + 1, SEED_MIN - 1, 2**31 - 1, 1999144621])
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
def test_serve_open_save_load_for_every_seed(tmp_path, seed):
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


@pytest.mark.parametrize("seed", [SEED_MAX + 1, 1999144621])
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
