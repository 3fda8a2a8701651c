"""Every reader of a file a stranger may name refuses a pipe, a device and a folder before
reading a byte: ``epoch summarise /dev/zero`` and ``--resume /dev/zero`` read for ever, and a
CSV sheet, a workbook or a picture named by a FIFO would wait for a writer that never comes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.balance.run import read_results
from engine.export.game_record import check_record
from engine.rulesets.registry import get_ruleset
from engine.scenario.card_sheet import SheetError, read_sheet
from engine.scenario.image_limits import image_size
from engine.scenario.io import load_scenario, read_text
from engine.scenario.problems import ScenarioError
from engine.scenario.reading import Unreadable, read_regular
from engine.scenario.svg import read_svg
from engine.scenario.tracing import read_image

ROOT = Path(__file__).parents[3]


def _errors(read, path: Path) -> str:
    """What the reader says of ``path``, whatever its own kind of refusal."""
    try:
        answer = read(path)
    except (ScenarioError, SheetError, ValueError, OSError) as error:
        return str(error)
    if isinstance(answer, tuple) and answer and answer[0] == 0 and answer[1]:  # check_record's problems
        return str(answer[1][0])
    raise AssertionError(f"{path} was read: {answer!r:.80}")


def _scenario():
    return load_scenario(ROOT / "scenarios" / "antike-duellum-carthage-rome.json", get_ruleset)


READERS = {
    "scenario or playtest": read_text,
    "drawing": read_svg,
    "CSV sheet": read_sheet,
    "picture": image_size,
    "traced picture": read_image,
    "game record": lambda path: check_record(path, _scenario()),
    "results": read_results,
}


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "named.pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_pipe_a_device_and_a_folder_are_refused_before_a_byte_is_read(reader, fifo, tmp_path):
    read = READERS[reader]
    assert "it is a pipe (FIFO)" in _errors(read, fifo)
    assert "it is a device" in _errors(read, Path("/dev/zero"))
    assert "it is a folder" in _errors(read, tmp_path)


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_sheet_of_either_kind_named_by_a_pipe_is_refused(fifo, suffix):
    named = fifo.with_name(f"cards{suffix}")
    os.rename(fifo, named)
    with pytest.raises(SheetError, match=r"cards\.\w+: cannot read the file: it is a pipe \(FIFO\)"):
        read_sheet(named)


def test_a_file_over_its_kinds_limit_is_refused_by_its_size(tmp_path):
    path = tmp_path / "big.bin"
    path.write_bytes(b"x" * 101)
    with pytest.raises(Unreadable, match="^cannot read the file: 101 bytes is more than the 100 a test may have$"):
        read_regular(path, 100, "a test")
    assert read_regular(path, 101, "a test") == b"x" * 101
