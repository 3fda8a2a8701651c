"""Table options of After the Flood.

Every open question of the rules digest (``after-the-flood.md`` §11) with two playable
readings is a switch here, and every number the source lost is a value here, so a
playtester can try another reading; each default is the digest's reading (its
placeholders where the source gives nothing). ``docs/after-the-flood.md`` gives the reasons.
"""

from __future__ import annotations

from attrs import define

from engine.rulesets.after_the_flood.trade_table import FORM, PATTERN
from engine.scenario.model import RulesetOptions, described

DEFAULT_TRADE_TABLE = "grain|textiles > wood|metal|oil; tools > gold|lapis"


@define
class AfterTheFloodOptions(RulesetOptions):
    """The house-rule switches of one game; the defaults play the digest's reading."""

    trade_table: str = described(
        "Trade table",
        "Which of your resources may be handed in for each good a foreign area offers, written "
        "'give|give > get|get; ...'. The printed table is lost; this one follows the examples.",
        rule="issue 1, §9.3",
        default=DEFAULT_TRADE_TABLE, pattern=PATTERN, form=FORM,
    )
    third_place_grain: int = described(
        "Grain for third place", "Grain produced by the player third on the irrigation box.",
        rule="issue 3, §9.4", default=2, min=0,
    )
    third_place_textiles: int = described(
        "Textiles for third place", "Textiles produced by the player third on the spinning & weaving box.",
        rule="issue 3, §9.4", default=1, min=0,
    )
    growth_vp_no_luxury: int = described(
        "Growth VP, no luxury", "Points for growing a city with 2 wood and no luxury (3 give 14, 4 give 20).",
        rule="issue 3, §9.5", default=2, min=0,
    )
    growth_vp_one_luxury: int = described(
        "Growth VP, 1 luxury", "Points for growing a city with 2 wood and one luxury.", rule="issue 3, §9.5",
        default=5, min=0,
    )
    growth_vp_two_luxuries: int = described(
        "Growth VP, 2 luxuries", "Points for growing a city with 2 wood and two different luxuries.",
        rule="issue 3, §9.5", default=9, min=0,
    )
    decline_clears_foreign: bool = described(
        "Decline clears foreign areas",
        "On: decline takes all of every player's workers from the foreign areas. Off: one worker of "
        "each player from each foreign area. Dilmun is always cleared.",
        rule="issue 4, §5.3", default=False,
    )
    reentry: bool = described(
        "Re-enter through the start area",
        "On: a player whose armies were all destroyed may expand into the empire's start area (any "
        "Sumerian area for Sumer) as if it were adjacent, fighting as at creation. Off: they cannot.",
        rule="issue 5, §6.5", default=True,
    )
    pass_is_free: bool = described(
        "Passing is free",
        "On: passing never pays the cost of acting after someone passed. Off: it does, like any action.",
        rule="issue 6, §5.4", default=True,
    )
    creation_combat_can_stop: bool = described(
        "Creation combat may stop",
        "On: a creator fighting for the start area may stop after any roll. Off: the fight goes on until "
        "the defenders or the creator's armies are gone.",
        rule="issue 7, §7.3", default=False,
    )
    creation_workers_to_personal: bool = described(
        "Start-area workers come home",
        "On: the creator's workers leave the start area into their personal supply. Off: into the "
        "general supply.",
        rule="issue 8, §6.4", default=False,
    )
    ur_needs_spinner: bool = described(
        "Ur bonus needs a spinner",
        "On: the city in Ur gives +1 textile only to an owner with a worker on spinning & weaving. Off: "
        "always.",
        rule="issue 16, §5.2", default=False,
    )
    chaldea_invadable: bool = described(
        "Desert areas can be invaded",
        "On: armies may enter an area marked desert (Chaldea) across its borders. Off: nobody enters it.",
        rule="issue 22, §3.5", default=False,
    )
