"""Table options of History of the World (2018).

Every ambiguity of the rules digest (§11) that has two playable readings is a switch here,
so a playtester can try the other reading; each default is the digest's reading.
"""

from __future__ import annotations

from attrs import define

from engine.scenario.model import RulesetOptions, described


@define
class HistoryOfTheWorldOptions(RulesetOptions):
    """The house-rule switches of one game; the defaults play the rulebook as the digest reads it."""

    classic_draft: bool = described(
        "Classic card selection",
        "The optional draw: take the top card of a pile and keep it or give it to a player who "
        "has no card from that pile yet, instead of looking through the whole pile.",
        rule="§10.1",
        default=False,
    )
    empire_draft_ascending: bool = described(
        "Empire pile passed upwards",
        "On: the empire pile goes round from the player with the fewest points to the one with "
        "the most. Off: it starts with the fewest, then goes down from the second-placed player.",
        rule="A1",
        default=True,
    )
    control_needs_no_opponents: bool = described(
        "Control needs an empty region",
        "On: you control a region with 3 or more armies there and no opposing army at all. Off: 3 "
        "or more armies are enough as long as no single opponent also has 3.",
        rule="A2",
        default=True,
    )
    conquest_from_province: bool = described(
        "Conquer next to a province",
        "On: you may attack a province next to a province holding your active army. Off: next to "
        "any province of a region where your active army stands.",
        rule="A3",
        default=True,
    )
    fleet_chains: bool = described(
        "Fleets and caravans chain",
        "On: fleets and caravans in touching seas, oceans or barren lands link up, and every "
        "province bordering the chain is in reach. Off: each fleet or caravan reaches only the "
        "provinces on its own sea or land.",
        rule="A4",
        default=True,
    )
    siege_bonus_capped: bool = described(
        "Siege bonus stops at +3",
        "On: a siege that lasts past the catapult's +3 space keeps a +3 bonus. Off: each further "
        "round adds 1 more (+4, +5 and so on).",
        rule="A5",
        default=True,
    )
    tie_direction_once: bool = described(
        "Score tie: one direction",
        "On: a player whose score marker lands on an occupied space picks once whether to move up "
        "or down, and keeps going that way. Off: they choose again at every occupied space.",
        rule="A7",
        default=True,
    )
    siege_tokens_count: bool = described(
        "Siege tokens allow a siege",
        "On: siege tokens on the empire card are enough to start or go on with a siege. Off: only "
        "armies are, so a player left with tokens alone must retreat.",
        rule="A8",
        default=True,
    )
    developments_between_conquests: bool = described(
        "Developments between conquests",
        "On: development cards may be played between conquests, only not in the middle of one. "
        "Off: not at any time during the conquest step.",
        rule="A9",
        default=True,
    )
    kingdom_optional: bool = described(
        "Kingdoms are optional",
        "On: a drafted kingdom may be left unplayed (it is lost when the epoch ends). Off: it "
        "must be played at step 2 of the turn.",
        rule="A10",
        default=True,
    )
    tile_lifetime_expires: bool = described(
        "Region tiles expire",
        "On: a region tile leaves the board when its printed lifetime is over. Off: the lifetime "
        "is only a reminder, and a tile stays until a newer tile replaces it.",
        rule="A11",
        default=False,
    )
    ties_compare_scores: bool = described(
        "Score ties compare scores",
        "On: two score markers clash only when the scores are equal (5 and 105 do not). Off: they "
        "clash whenever they share a space of the score track.",
        rule="A12",
        default=True,
    )
    replacement_armies_active: bool = described(
        "Replacement armies stand",
        "On: armies an event puts in place of another player's (Diplomacy, Revolution) stand "
        "active and may expand at once. Off: they come in inactive.",
        rule="A17",
        default=True,
    )
    middle_player_chooses_pile: bool = described(
        "Middle player picks the pile",
        "On: in 3- and 5-player games the middle player chooses which pile to look at first. Off: "
        "they always take the event pile first.",
        rule="A19",
        default=True,
    )
    monuments_count_icons: bool = described(
        "Monuments count icons",
        "On: 1 monument for every 2 resource icons (a province showing two icons counts twice). "
        "Off: 1 monument for every 2 provinces showing any icon.",
        rule="A20",
        default=False,
    )
    sea_effect_when_declared: bool = described(
        "Sea effect whenever declared",
        "On: the defender's Sea reroll applies whenever the attacker declares a conquest by "
        "fleet, even where the target could also be reached by land. Off: only when the fleet was "
        "needed.",
        rule="A24",
        default=True,
    )
    rerolls_until_both_pass: bool = described(
        "Rerolls until both pass",
        "On: the rerolls of a battle go back and forth, attacker first, until both sides pass one "
        "after the other, so a side that passed may still answer the other's reroll. Off: a side "
        "that passes gives up its rerolls for that battle.",
        rule="§7.3",
        default=True,
    )
