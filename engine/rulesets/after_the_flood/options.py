"""Table options of After the Flood.

Every open question of the rules digest (``after-the-flood.md`` §11) with two playable
readings is a switch here, and every number the source lost is a value here, so a
playtester can try another reading; each default is the digest's reading (its
placeholders where the source gives nothing). ``docs/after-the-flood.md`` gives the reasons.
"""

from __future__ import annotations

from attrs import define

from engine.scenario.model import RulesetOptions, described

DEFAULT_TRADE_TABLE = "grain|textiles > wood|metal|oil; tools > gold|lapis"


@define
class AfterTheFloodOptions(RulesetOptions):
    """The house-rule switches of one game; the defaults play the digest's reading."""

    trade_table: str = described(
        "Trade table",
        "§9.3 / issue 1: the printed table is garbled. 'give|give > get|get; ...': which of your "
        "resources may be handed in for each good a foreign area offers.",
        default=DEFAULT_TRADE_TABLE,
    )
    third_place_grain: int = described(
        "Grain for third place", "§9.4 / issue 3: the production table's third row is lost (placeholder 2).",
        default=2,
    )
    third_place_textiles: int = described(
        "Textiles for third place", "§9.4 / issue 3: lost from the source (placeholder 1).", default=1,
    )
    growth_vp_no_luxury: int = described(
        "Growth VP, no luxury", "§9.5 / issue 3: only 3 luxuries = 14 and 4 = 20 survive (placeholder 2).",
        default=2,
    )
    growth_vp_one_luxury: int = described("Growth VP, 1 luxury", "§9.5 (placeholder 5).", default=5)
    growth_vp_two_luxuries: int = described("Growth VP, 2 luxuries", "§9.5 (placeholder 9).", default=9)
    decline_clears_foreign: bool = described(
        "Decline clears foreign areas",
        "Issue 4: off, decline takes one worker of each player from each foreign area (the summary and "
        "the tips); on, all of them (the main text). Dilmun is always cleared.",
        default=False,
    )
    reentry: bool = described(
        "Re-enter through the start area",
        "Issue 5: on, a player whose armies were all destroyed may expand into the empire's start area "
        "(any Sumerian area for Sumer) as if adjacent, fighting as at creation.",
        default=True,
    )
    pass_is_free: bool = described(
        "Passing is free", "Issue 6: on, passing never pays the cost of acting after a pass.", default=True,
    )
    creation_combat_can_stop: bool = described(
        "Creation combat may stop",
        "Issue 7: off, combat at creation goes on until the defenders or your armies are gone; on, you may "
        "stop after any roll as in an invasion.",
        default=False,
    )
    creation_workers_to_personal: bool = described(
        "Start-area workers come home",
        "Issue 8: off, the workers removed from the start area at creation go to the general supply; on, "
        "to your personal supply.",
        default=False,
    )
    ur_needs_spinner: bool = described(
        "Ur bonus needs a spinner",
        "Issue 16: off, Ur's +1 textile comes whether or not you have a worker on spinning & weaving.",
        default=False,
    )
    chaldea_invadable: bool = described(
        "Desert areas can be invaded",
        "Issue 22: off, nobody enters an area marked desert (Chaldea, 'a desert few venture into') even "
        "where a border touches it.",
        default=False,
    )
