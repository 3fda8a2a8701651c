"""Card data of Antike Duellum: the 21 person cards and the 25 event cards (digest §2, §9).

The scenario file holds what is printed on the cards; the rules read these classes. A person
card carries only its type: the thresholds (5 cities, 3 temples, ...) are rules (§8.1), not
card text. An event card's behaviour is a short effect id, each implemented once in
``effects.py``; ``amount`` and ``cost`` carry the card's numbers, and ``timing`` and
``trigger`` say when it may be played (§6.7, §9.3), so a designer can retime a card without
touching code. The effect ids, with the number each reads (section numbers are those of
the rules digest ``antike-duellum.md``):

============  ======================================================================  ==========
id            behaviour (§9.3)                                                        numbers
============  ======================================================================  ==========
academy       When you use SCIENTIA, gain gold per technology your opponent has.      amount/tech
architect     Build one temple without TEMPLUM, paying the usual price.
burglary      Your opponent loses every ``amount``-th coin (rounded down).             amount = 2
charity       Gain coins per person card you hold fewer than your opponent.           amount/card
corruptions   Your opponent loses 1 of each resource held above ``amount``.            amount = 3
diplomacy     This turn MARMOR, FERRUM or AURUM produce with your opponent's cities.
earthquake    Destroy one city wall; it returns to its owner's supply.
forge         When recruiting with MILITIA this turn, ``amount`` legion(s) cost no      amount = 1
              iron.
fortress      Played in the opponent's conquest: the attacked city's defence +amount.  amount = 1
gang          Build one city wall without TEMPLUM, paying the usual marble.
gold_mine     When you use AURUM this turn, each gold city produces +amount.          amount = 1
honorarium    Gain ``amount`` resource(s) of your choice per scholar you hold.         amount = 1
merchant      Exchange ``amount`` of your resources for as many of your opponent's.    amount = 3
mining        Replace the marker of one of your cities without a temple.
mutiny        Your opponent discards ``amount`` gold and destroys one of their units.  amount = 1
oracle        Pay ``cost`` gold, then take one event card from the display.            cost = 1
pestilence    One city's defence −amount (to 0 at least) until the end of the turn.   amount = 1
privilege     This turn up to ``amount`` rondel segments are free.                     amount = 6
prosperity    Gain ``amount`` gold per city of yours with a wall.                      amount = 1
purchase      Pay ``cost`` gold, then gain ``amount`` marble and ``amount`` iron.       cost, amount
recruits      Buy up to ``amount`` units into your recruitment box without SCIENTIA.   amount = 2
sabotage      Pay ``cost`` gold; your opponent discards one of their event cards.       cost = 1
settler       Found one city for ``cost`` gold instead of the base price.              cost = 1
stone_pit     When you use MARMOR this turn, each marble city produces +amount.       amount = 1
shipyard      When recruiting with MILITIA this turn, ``amount`` galley(s) cost no     amount = 1
              iron.
============  ======================================================================  ==========
"""

from __future__ import annotations

from typing import ClassVar

from attrs import define

from engine.scenario.model import CardData, described

PERSON_KINDS = ("king", "citizen", "scholar", "general", "navigator")
# What a person card prints for its type: the goal that earns it (§8.1).
PERSON_GOALS = {
    "king": "King: every 5 cities", "citizen": "Citizen: every 3 temples",
    "scholar": "Scholar: a technology developed first", "general": "General: a temple destroyed",
    "navigator": "Navigator: 7 sea areas",
}

EFFECTS = (
    "academy", "architect", "burglary", "charity", "corruptions", "diplomacy", "earthquake",
    "forge", "fortress", "gang", "gold_mine", "honorarium", "merchant", "mining", "mutiny",
    "oracle", "pestilence", "privilege", "prosperity", "purchase", "recruits", "sabotage",
    "settler", "stone_pit", "shipyard",
)

OWN_TURN = "own_turn"
OPPONENT_CONQUEST = "opponent_conquest"
TIMINGS = (OWN_TURN, OPPONENT_CONQUEST)

# When in your own turn a card may be played (§6.7, §9.3): "" at any moment; "rondel" only
# before moving the action marker; an action's name before the marker move or while carrying
# out that action; "production" before a move to MARMOR, FERRUM or AURUM; "found" in phase 2.
ANY_MOMENT = ""
BEFORE_RONDEL = "rondel"
PRODUCTION = "production"
FOUNDING = "found"
ACTIONS = ("MARMOR", "FERRUM", "AURUM", "TEMPLUM", "MILITIA", "SCIENTIA", "DUELLUM")
TRIGGERS = (ANY_MOMENT, BEFORE_RONDEL, PRODUCTION, FOUNDING, *ACTIONS)


@define
class PersonCard(CardData):
    """A historical personality: one victory point, earned by a goal of its type (§8)."""

    type_name: ClassVar[str] = "person"

    kind: str = described(
        "Type",
        "king (every 5 cities), citizen (every 3 temples), scholar (a technology developed "
        "first), general (a temple destroyed) or navigator (7 sea areas) (§8.1)",
        choices=PERSON_KINDS,
        labels=PERSON_GOALS,
    )


@define
class EventCard(CardData):
    """A one-shot special effect, drawn from the display as compensation (§9.3)."""

    type_name: ClassVar[str] = "event"

    effect: str = described("Effect", "Effect id from the table in this module's docstring", labels={})
    timing: str = described(
        "Timing",
        f"{OWN_TURN!r}: in your own turn (§6.7); {OPPONENT_CONQUEST!r}: when your opponent "
        "declares a conquest of one of your cities (FORTRESS, ambiguity A7)",
        default=OWN_TURN,
        labels={OWN_TURN: "In your turn", OPPONENT_CONQUEST: "When your city is attacked"},
    )
    trigger: str = described(
        "Trigger",
        "When in your turn: empty for any moment; 'rondel' before the marker move; an action "
        "(MILITIA...) before the move or during that action; 'production' before a move to a "
        "production segment; 'found' in phase 2",
        default=ANY_MOMENT,
        choices=TRIGGERS,
    )
    amount: int = described("Amount", "The card's number, as the effect table reads it", default=0, min=0)
    cost: int = described("Cost", "Gold paid to the bank when the card is played", default=0, min=0)


CARD_TYPES: tuple[type[CardData], ...] = (PersonCard, EventCard)
