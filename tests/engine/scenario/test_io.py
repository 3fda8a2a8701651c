"""Scenario files: canonical round trips, migrations, atomic saves."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_ruleset import BonusCard, DiceRaceOptions

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import (
    load_scenario,
    save_scenario,
    scenario_from_data,
    scenario_text,
)
from engine.scenario.migrations import FORMAT_VERSION
from engine.scenario.model import (
    Board,
    Card,
    Connection,
    ConnectionKind,
    Deck,
    Meta,
    Provisional,
    Region,
    RulesetRef,
    Scenario,
    Seat,
    Space,
    SpaceKind,
)
from engine.scenario.problems import ScenarioError

SHIPPED = sorted((Path(__file__).parents[3] / "scenarios").glob("*.json"))
DATA = Path(__file__).parents[2] / "data"


@pytest.mark.parametrize("path", [DATA / "dice-race.json", *SHIPPED], ids=lambda p: p.name)
def test_saving_a_canonical_file_gives_the_same_bytes(path, tmp_path):
    copy = tmp_path / path.name
    save_scenario(load_scenario(path, get_ruleset), copy, get_ruleset)
    assert copy.read_bytes() == path.read_bytes()


ids = st.text("abcdefghij-", min_size=1, max_size=6)
names = st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=0, max_size=12)
numbers = st.floats(0, 1000, allow_nan=False).map(lambda x: round(x, 3))
sizes = st.floats(1000, 1e6).map(lambda x: round(x, 3))
points = st.tuples(numbers, numbers)
scalars = st.one_of(names, st.integers(-1000, 1000), st.booleans(), numbers)


@st.composite
def scenarios(draw) -> Scenario:
    space_ids = draw(st.lists(ids, min_size=1, max_size=8, unique=True))
    region_ids = draw(st.lists(ids, min_size=0, max_size=3, unique=True))
    spaces = [
        Space(
            id=space_id,
            name=draw(names),
            kind=draw(st.sampled_from(SpaceKind)),
            region=draw(st.one_of(st.none(), st.sampled_from(region_ids))) if region_ids else None,
            terrain=draw(st.lists(names, max_size=2)),
            resources=draw(st.lists(names, max_size=2)),
            polygon=draw(st.lists(points, max_size=5)),
            label=draw(st.one_of(st.none(), points)),
            props=draw(st.dictionaries(names, scalars, max_size=2)),
            isolated=draw(st.booleans()),
        )
        for space_id in space_ids
    ]
    pairs = [(a, b) for a in space_ids for b in space_ids if a != b]  # never a space to itself
    connections = [
        Connection(*draw(st.sampled_from(pairs)), draw(st.sampled_from(ConnectionKind)))
        for _ in range(draw(st.integers(0, 5)) if pairs else 0)
    ]
    cards = [
        Card(id=card_id, name=draw(names), data=BonusCard(draw(st.integers(-9, 9)), draw(st.one_of(st.none(), st.sampled_from(space_ids)))), text=draw(names))
        for card_id in draw(st.lists(ids, max_size=5, unique=True))
    ]
    return Scenario(
        meta=Meta(title=draw(names), author=draw(names), provisional=[Provisional(draw(names), draw(names))]),
        ruleset=RulesetRef("dice-race", DiceRaceOptions(draw(st.integers(1, 99)), draw(st.integers(1, 99)))),
        board=Board(width=draw(sizes), height=draw(sizes), regions=[Region(r, draw(names)) for r in region_ids], spaces=spaces, connections=connections, schematic=draw(st.booleans())),
        decks=[Deck("bonus", draw(names), cards)],
        seats=[Seat(s, draw(names), "#123456") for s in draw(st.lists(ids, min_size=4, max_size=6, unique=True))],
    )


@settings(max_examples=60, deadline=None)
@given(scenarios())
def test_loading_what_was_saved_gives_back_the_same_scenario(scenario):
    loaded, problems = scenario_from_data(json.loads(scenario_text(scenario, get_ruleset)), None, get_ruleset)
    assert problems == []
    assert loaded == scenario


def test_the_map_check_flags_are_written_only_when_set():
    """A file from before the flags loads with them off and saves as it was; set, they are kept."""
    scenario = load_scenario(DATA / "dice-race.json", get_ruleset)
    assert not scenario.board.schematic and not any(space.isolated for space in scenario.board.spaces)
    assert '"isolated"' not in scenario_text(scenario, get_ruleset)
    scenario.board.schematic = scenario.board.spaces[0].isolated = True
    text = scenario_text(scenario, get_ruleset)
    assert text.count('"isolated": true') == 1 and '"schematic": true' in text
    loaded, _ = scenario_from_data(json.loads(text), None, get_ruleset)
    assert loaded.board.schematic and loaded.board.spaces[0].isolated


def test_a_format_1_file_is_migrated_on_load():
    scenario = load_scenario(DATA / "dice-race-format-v1.json", get_ruleset)
    assert [seat.name for seat in scenario.seats] == ["Red", "Blue", "Green", "Yellow"]
    assert scenario.meta.provisional == [Provisional("decks[bonus].cards[b1].data.value", "")]
    assert scenario.ruleset.options == DiceRaceOptions(target=15, rounds=30)
    assert scenario_text(scenario, get_ruleset).startswith(f'{{\n  "format_version": {FORMAT_VERSION},')


def test_a_failed_save_leaves_the_old_file_whole(dice_race, tmp_path, monkeypatch):
    target = tmp_path / "s.json"
    target.write_text("the designer's previous save")

    def crash(*_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_scenario(dice_race, target, get_ruleset)
    assert target.read_text() == "the designer's previous save"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_missing_file_is_a_located_problem(tmp_path):
    with pytest.raises(ScenarioError) as error:
        load_scenario(tmp_path / "nope.json", get_ruleset)
    assert error.value.lines() == [f"{tmp_path / 'nope.json'}: file not found"]


def test_a_saved_file_gets_ordinary_permissions_or_keeps_its_own(dice_race, tmp_path):
    fresh = tmp_path / "fresh.json"
    save_scenario(dice_race, fresh, get_ruleset)
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask
    fresh.chmod(0o640)
    save_scenario(dice_race, fresh, get_ruleset)
    assert fresh.stat().st_mode & 0o777 == 0o640


def problems_reading(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as error:
        load_scenario(path, get_ruleset)
    return [str(problem) for problem in error.value.problems]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "scenario.json"
    os.mkfifo(fifo)
    assert problems_reading(fifo) == ["cannot read the file: it is a pipe (FIFO)"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_before_a_byte_is_read(device):
    assert problems_reading(Path(device)) == ["cannot read the file: it is a device"]


def test_a_folder_is_refused(tmp_path):
    assert problems_reading(tmp_path) == ["cannot read the file: it is a folder"]


def test_a_file_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    from engine.scenario import io

    monkeypatch.setattr(io, "MAX_FILE_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(" " * 1001)
    message = "cannot read the file: 1,001 bytes is more than the 1,000 a scenario or playtest may have"
    assert problems_reading(big) == [message]


def test_a_file_with_a_utf8_byte_order_mark_loads(tmp_path):
    """Windows editors write one; it is not part of the JSON."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (DATA / "dice-race.json").read_bytes())
    assert load_scenario(path, get_ruleset) == load_scenario(DATA / "dice-race.json", get_ruleset)


def test_text_that_is_not_utf8_is_located(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"meta": "caf\xe9"}')
    assert problems_reading(path) == ["cannot read the file: not UTF-8 text (byte 13)"]


def test_deep_nesting_and_endless_digits_are_json_problems_not_crashes(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert problems_reading(deep) == ["invalid JSON: nested deeper than 64 levels"]
    digits = tmp_path / "digits.json"
    digits.write_text('{"format_version": ' + "9" * 5000 + "}")
    assert problems_reading(digits) == ["invalid JSON at line 1, column 20: a number of 5,000 digits (at most 4,300)"]


SHIPPED = sorted((Path(__file__).parents[3] / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_an_integer_beyond_a_float_anywhere_is_a_located_problem(path):
    """An integer too large to become a float (10**400) in a text field, a number field or a
    layout's bounded field once made the bounds check raise OverflowError. Every 15th scalar of
    each shipped scenario is set to one in turn: each is refused with a problem at its path."""
    original = json.loads(path.read_text(encoding="utf-8"))
    leaves = list(_scalar_places(original))[::15]
    assert len(leaves) > 20
    for place in leaves:
        data = json.loads(json.dumps(original))
        parent = data
        for key in place[:-1]:
            parent = parent[key]
        parent[place[-1]] = 10**400
        scenario, problems = scenario_from_data(data, path.parent, get_ruleset)
        assert scenario is None and any(problem.path for problem in problems), place
        assert all(len(str(problem)) < 400 for problem in problems), "the number is cut in the message"


def _scalar_places(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _scalar_places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _scalar_places(item, (*path, index))
    else:
        yield path


def test_a_monstrous_path_is_cut_in_the_message(tmp_path):
    path = tmp_path / ("x" * 100) / ("y" * 200) / "s.json"
    with pytest.raises(ScenarioError) as error:
        load_scenario(path, get_ruleset)
    line = error.value.lines()[0]
    assert len(line) < 200 and "..." in line and line.endswith("s.json: file not found")


def test_a_save_removes_what_a_killed_save_left_behind(dice_race, tmp_path):
    target = tmp_path / "s.json"
    (tmp_path / ".s.json.k1ll3d.tmp").write_text("half a scen")  # the temporary file of a killed save
    (tmp_path / ".other.json.abc.tmp").write_text("another file's, left alone")
    save_scenario(dice_race, target, get_ruleset)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.abc.tmp", "s.json"]
    assert load_scenario(target, get_ruleset) == dice_race


def test_a_save_syncs_the_folder_after_the_rename(dice_race, tmp_path, monkeypatch):
    """The rename is only durable once the folder's entry is on disk."""
    synced: list[bool] = []
    real_fsync = os.fsync

    def fsync(descriptor):
        synced.append(os.path.isdir(f"/proc/self/fd/{descriptor}") if Path("/proc/self/fd").exists()
                      else os.fstat(descriptor).st_mode & 0o170000 == 0o040000)
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    save_scenario(dice_race, tmp_path / "s.json", get_ruleset)
    assert synced == [False, True]  # the file's data, then the folder


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_file_without_options_plays_with_the_game_s_defaults(path):
    """Found by fuzzing: an Antike Duellum file whose ruleset.options was deleted loaded with
    the options kept raw (meant for an unknown game) and broke the game's start. No options
    written means every option at its default, for every game."""
    data = json.loads(path.read_text())
    del data["ruleset"]["options"]
    scenario, problems = scenario_from_data(data, path.parent, get_ruleset)
    assert problems == []
    ruleset = get_ruleset(scenario.ruleset.id)
    assert scenario.ruleset.options == ruleset.options_type()
    players = ruleset.min_players
    state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
    assert ruleset.decision(state) is not None
