"""A check run on a worker thread: its answer comes back on the UI thread, an answer for a
document edited since is dropped, and a check asked for while one runs runs once more."""

from __future__ import annotations

import threading

import pytest

from studio.checking import BackgroundCheck


class Held:
    """A check that reports which thread ran it and waits until the test lets it answer."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []
        self.answer: object = "first"

    def __call__(self) -> object:
        self.threads.append(threading.current_thread())
        self.release.wait(30)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.fixture
def held(qapp) -> Held:
    return Held()


def test_the_answer_comes_back_on_the_ui_thread_after_the_work_ran_on_another(held, qtbot):
    check = BackgroundCheck(held, "test-check")
    answers = []
    check.answered.connect(lambda answer: answers.append((answer, threading.current_thread())))
    check.start()
    assert not check.idle()
    qtbot.waitUntil(lambda: bool(held.threads))
    assert held.threads[0] is not threading.main_thread()
    held.release.set()
    qtbot.waitUntil(check.idle)
    assert answers == [("first", threading.main_thread())]


def test_an_answer_for_an_edited_document_is_dropped_and_a_check_asked_meanwhile_runs_again(held, qtbot):
    check = BackgroundCheck(held, "test-check")
    answers = []
    check.answered.connect(answers.append)
    check.start()
    qtbot.waitUntil(lambda: bool(held.threads))
    check.edited()  # the document changed while the check read it
    check.start()  # asked again: it runs when the first ends
    held.answer = "second"
    held.release.set()
    qtbot.waitUntil(check.idle)
    assert answers == ["second"] and len(held.threads) == 2


def test_a_stale_answer_is_dropped_even_when_nobody_asked_again(held, qtbot):
    check = BackgroundCheck(held, "test-check")
    answers = []
    check.answered.connect(answers.append)
    check.start()
    qtbot.waitUntil(lambda: bool(held.threads))
    check.edited()
    held.release.set()
    qtbot.waitUntil(check.idle)
    qtbot.wait(20)
    assert answers == []


def test_an_error_of_a_current_check_is_raised_on_the_ui_thread_and_a_stale_one_dropped(held, qtbot):
    check = BackgroundCheck(held, "test-check")
    held.answer = ValueError("the check is broken")
    held.release.set()
    with qtbot.captureExceptions() as raised:
        check.start()
        qtbot.waitUntil(check.idle)
        qtbot.wait(20)
    assert [str(error[1]) for error in raised] == ["the check is broken"]
    held.release.clear()
    with qtbot.captureExceptions() as raised:
        check.start()
        qtbot.waitUntil(lambda: len(held.threads) == 2)
        check.edited()
        held.release.set()
        qtbot.waitUntil(check.idle)
        qtbot.wait(20)
    assert raised == []
