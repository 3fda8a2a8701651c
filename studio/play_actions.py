"""The window's Play menu: a playtest of the edited scenario, the balance runs, and a simulated
game opened as a playtest. Each needs a sound scenario, checked as a saved file would be."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from engine.bots import BOTS
from engine.core.errors import IllegalAction
from engine.core.text import plural
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_from_data, scenario_to_data
from engine.scenario.model import Scenario
from engine.scenario.problems import ScenarioError
from studio.plain import message
from studio.playtest.controller import PlaytestController
from studio.playtest.new_playtest_dialog import NewPlaytestDialog, PlaytestSetup

if TYPE_CHECKING:
    from engine.balance.run import Plan
    from studio.balance.window import BalanceWindow


class PlayActions:
    """Mixed into ``MainWindow``, whose documents, modes and questions they use."""

    def new_playtest(self) -> None:
        """Play ▸ Playtest This Scenario: what is being edited, unsaved edits included."""
        scenario = self.scenario
        ruleset = get_ruleset(scenario.ruleset.id) if scenario else None
        if scenario is None or ruleset is None:
            return
        if len(scenario.seats) < ruleset.min_players:
            message(self, QMessageBox.Icon.Warning, "Playtest", f"{ruleset.title} needs {ruleset.min_players} seats; "
                                f"the scenario has {len(scenario.seats)}.")
            return
        if self._sound_snapshot("playtest") is None:  # said before the dialog is filled in, not after
            return
        dialog = NewPlaytestDialog(scenario, ruleset, self)
        if self.run_dialog(dialog):
            self.start_playtest(dialog.setup())

    def open_balance(self) -> BalanceWindow | None:
        """Play ▸ Balance: simulations of the saved scenario (the worker processes read its file)."""
        document = self.documents.document
        if document is None:
            return None
        if self._sound_snapshot("simulation") is None:
            return None
        if (document.path is None or document.is_modified()) and not (
                self.ask_save_first("The simulation's worker processes read the scenario from its file: save it "
                                    "now?") and self._save_scenario(None)):
            return None
        # the balance runs' machinery, when asked for
        from studio.balance.window import BalanceWindow

        window = BalanceWindow(document.scenario, document.path, self)
        window.open_game.connect(self.open_simulated_game)
        window.show()
        return window

    def open_simulated_game(self, plan: Plan, index: int) -> bool:
        """A game of a balance run as a playtest at its seed, every step undoable."""
        from engine.balance.run import playtest_of

        if not self.confirm_discard(scenario_too=False):
            return False
        try:
            session = playtest_of(plan, index)
        except (ValueError, IllegalAction, ScenarioError) as error:
            message(self, QMessageBox.Icon.Warning, "Balance", f"The game cannot be opened: {error}")
            return False
        self._install_playtest(PlaytestController(session, Path(plan.scenario)))
        return True

    def _sound_snapshot(self, what: str) -> Scenario | None:
        """A copy of the edited scenario checked as a saved file would be; None, with the
        problems shown and a way to them, when it is a draft that cannot be played yet."""
        document = self.documents.document
        if document is None:
            return None
        snapshot, problems = scenario_from_data(scenario_to_data(document.scenario, get_ruleset), document.base_dir,
                                                get_ruleset)
        if snapshot is None:
            self.show_problems(f"Cannot start the {what}", (
                f"A {what} needs a sound scenario: this one is a draft with {plural(len(problems), 'problem')}. "
                "Fix them (the Problems dock finds each one) and start again."), problems,
                go_there=("Show in Problems", self.show_problems_dock))
        return snapshot

    def start_playtest(self, setup: PlaytestSetup) -> bool:
        """A playtest of a snapshot of the edited scenario, checked first as a saved file would be:
        when it cannot start, the problems say why."""
        document = self.documents.document
        ruleset = get_ruleset(document.scenario.ruleset.id) if document else None
        if document is None or ruleset is None or not self.confirm_discard(scenario_too=False):
            return False
        snapshot = self._sound_snapshot("playtest")
        if snapshot is None:
            return False
        try:
            session = Session(snapshot, ruleset, setup.seats, setup.options, setup.seed, setup.controllers, BOTS)
            session.decision()
        except (ValueError, IllegalAction) as error:
            message(self, QMessageBox.Icon.Warning, "Playtest", f"The playtest cannot start: {error}")
            return False
        # An edited scenario is embedded in the playtest file: the one on disk is not what is played.
        scenario_path = document.path if not document.is_modified() else None
        self._install_playtest(PlaytestController(session, scenario_path))
        return True
