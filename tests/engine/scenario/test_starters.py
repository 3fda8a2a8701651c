"""Starting points for new scenarios, read from the shipped ones."""

from __future__ import annotations

from engine.rulesets.registry import get_ruleset
from engine.scenario.model import ConnectionKind
from engine.scenario.starters import kinds_used, shipped_for


def asking(asked: list[str]):
    def games(ruleset_id: str):
        asked.append(ruleset_id)
        return get_ruleset(ruleset_id)
    return games


def test_a_games_shipped_scenarios_are_loaded_and_no_other_games_are_asked_for():
    """The map editor asks when a file opens: the other games are not imported for it (issue 27)."""
    asked: list[str] = []
    found = shipped_for("antike-duellum", asking(asked))
    assert sorted(scenario.meta.title for scenario in found) == ["Antike Duellum: Carthage against Rome",
                                                                 "Antike Duellum: Greeks against Persians"]
    assert set(asked) == {"antike-duellum"}


def test_a_game_with_no_shipped_scenario_may_use_every_kind():
    asked: list[str] = []
    assert shipped_for("dice-race", asking(asked)) == []
    assert asked == []
    assert kinds_used("dice-race", get_ruleset)[1] == list(ConnectionKind)
