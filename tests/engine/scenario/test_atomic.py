"""Every writer goes through one replace-when-complete path: a failed write leaves the old file
whole and no temporary file behind; a finished one keeps the target's permissions."""

from __future__ import annotations

import os
import stat
import zipfile

import pytest

from engine.scenario.atomic import replacing, write_atomic


def test_a_writer_that_fails_halfway_leaves_the_old_file_whole(tmp_path):
    target = tmp_path / "module.vmod"
    target.write_bytes(b"the old module")
    with pytest.raises(RuntimeError), replacing(target) as temporary:
        with zipfile.ZipFile(temporary, "w") as archive:
            archive.writestr("buildFile.xml", "<half/>")
        raise RuntimeError("the disk filled up")
    assert target.read_bytes() == b"the old module"
    assert [p.name for p in tmp_path.iterdir()] == ["module.vmod"]


def test_a_finished_write_replaces_the_target_and_keeps_its_permissions(tmp_path):
    target = tmp_path / "sheet.png"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    with replacing(target) as temporary:
        assert temporary.parent == tmp_path and temporary != target
        temporary.write_bytes(b"\x89PNG new")
    assert target.read_bytes() == b"\x89PNG new"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.png"]


def test_what_a_killed_write_left_is_cleared_by_the_next_write_of_that_target(tmp_path):
    (tmp_path / ".report.html.x1y2.tmp").write_text("half a page")
    (tmp_path / ".other.html.x1y2.tmp").write_text("another target's: left alone")
    write_atomic(tmp_path / "report.html", "<p>whole</p>\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.html.x1y2.tmp", "report.html"]
    assert (tmp_path / "report.html").read_text() == "<p>whole</p>\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_device_pipe_or_folder_at_the_target_is_refused_and_left_as_it_is(tmp_path):
    """Saving a playtest as /dev/full moved the file over the device itself (the write beside
    it, then a rename): as root, /dev/full was a JSON file for every program after."""
    pipe, folder = tmp_path / "pipe", tmp_path / "folder"
    os.mkfifo(pipe)
    folder.mkdir()
    for target, said in ((pipe, "a device or pipe, not a file"), (folder, "a folder, not a file")):
        with pytest.raises(OSError) as refused:
            write_atomic(target, "{}")
        assert refused.value.strerror.startswith(said) and refused.value.filename == str(target)
    assert stat.S_ISFIFO(pipe.lstat().st_mode) and folder.is_dir() and not list(folder.iterdir())
    assert sorted(path.name for path in tmp_path.iterdir()) == ["folder", "pipe"]  # no file left beside them
