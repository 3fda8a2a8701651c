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
        "Optional rule (§10.1): draw the top card of the pile and keep it or give it to a player "
        "without a card from that pile, instead of looking through the pile.",
        default=False,
    )
    empire_draft_ascending: bool = described(
        "Empire pile passed upwards",
        "A1: on, the empire pile goes from fewest to most points, as the summary page says. Off, "
        "the main text's 'second most points': fewest first, then downwards from the second-placed "
        "player.",
        default=True,
    )
    control_needs_no_opponents: bool = described(
        "Control needs an empty region",
        "A2: on, control needs 3+ of your armies and no opposing army in the region (summary page). "
        "Off, the garbled main text: no single opponent has 3 armies there.",
        default=True,
    )
    conquest_from_province: bool = described(
        "Conquer next to a province",
        "A3: on, a target must be adjacent to a province with your active army (glossary). Off, "
        "the main text's 'region': adjacent to any province of a region holding your active army.",
        default=True,
    )
    fleet_chains: bool = described(
        "Fleets and caravans chain",
        "A4: on, discs in touching areas (dotted ocean lines, ocean-sea, sea or barren contact) form "
        "one network whose bordering provinces are all adjacent. Off, each disc works alone.",
        default=True,
    )
    siege_bonus_capped: bool = described(
        "Siege bonus stops at +3",
        "A5: on, rounds past the catapult's +3 space still add +3. Off, each further round adds 1 "
        "more (+4, +5, ...).",
        default=True,
    )
    tie_direction_once: bool = described(
        "Score tie: one direction",
        "A7: on, a player moving off an occupied score picks gain or lose once and keeps moving "
        "that way. Off, the choice is made again at every occupied space.",
        default=True,
    )
    siege_tokens_count: bool = described(
        "Siege tokens allow a siege",
        "A8: on, a siege token on the card counts as 'something on the card' to start or continue "
        "a siege. Off, only armies do, and a player with only tokens must retreat.",
        default=True,
    )
    developments_between_conquests: bool = described(
        "Developments between conquests",
        "A9: on, developments are barred only inside one conquest (placement to battle, siege or "
        "retreat). Off, they are barred for the whole Conquest step.",
        default=True,
    )
    kingdom_optional: bool = described(
        "Kingdoms are optional",
        "A10: on, a drafted kingdom may be left unplayed (it is lost at the epoch's end). Off, it "
        "must be played at turn step 2.",
        default=True,
    )
    tile_lifetime_expires: bool = described(
        "Region tiles expire",
        "A11: off, a tile's printed lifetime is informational and a tile leaves only when a newer "
        "tile replaces it. On, a tile is removed once its lifetime has run out.",
        default=False,
    )
    ties_compare_scores: bool = described(
        "Score ties compare scores",
        "A12: on, two markers clash only at the same score (5 and 105 do not). Off, they clash on "
        "the same track space.",
        default=True,
    )
    replacement_armies_active: bool = described(
        "Replacement armies stand",
        "A17: armies an event puts in place of another's (Diplomacy, Revolution) enter active when "
        "on, inactive when off. The digest leaves it to the card text; on lets them expand at once.",
        default=True,
    )
    middle_player_chooses_pile: bool = described(
        "Middle player picks the pile",
        "A19: in 3- and 5-player drafts the middle player chooses which pile to look at first. "
        "Off, they always take the event pile first.",
        default=True,
    )
    monuments_count_icons: bool = described(
        "Monuments count icons",
        "A20: off, 1 monument per 2 provinces showing a resource icon. On, 1 per 2 icons (a "
        "province with two icons counts twice).",
        default=False,
    )
    sea_effect_when_declared: bool = described(
        "Sea effect whenever declared",
        "A24: on, the defender's Sea reroll applies whenever the attacker declares a fleet conquest, "
        "even where the target is also adjacent by land. Off, only when the fleet was needed.",
        default=True,
    )
