"""History of the World's rules through the engine contract (digest §4-§8).

``apply`` changes the state by one move and then ``_advance`` carries out everything the
rulebook does without asking anyone (founding, deactivating, scoring, dealing), stopping
at the next decision. ``decision`` only reads the state, so it is cheap to ask twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations, repeat
from operator import is_

from engine.core.decision import Chance, Choice, Decision, End
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.moves import Action, Move, Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.board import (
    conquest_targets,
    fort_sites,
    monument_candidates,
)
from engine.rulesets.history_of_the_world.effects import (
    ON_THE_CARD,
    TARGETED,
    VERBS,
    targets,
)
from engine.rulesets.history_of_the_world.scoring import turn_points
from engine.rulesets.history_of_the_world.state import Battle, HistoryState, Turn
from engine.rulesets.history_of_the_world.tables import (
    ARMIES_PER_PLAYER,
    CAPITALS_AND_CITIES,
    EPOCHS,
    Tables,
)

DIE = tuple(Outcome(face, str(face)) for face in range(1, 7))
# Two dice thrown together are one chance step: "3-5" is the first die 3, the second 5.
TWO_DICE = tuple(Outcome(f"{a}-{b}", f"{a} and {b}") for a in range(1, 7) for b in range(1, 7))
FACES = {o.value: tuple(int(face) for face in str(o.value).split("-")) for o in DIE + TWO_DICE}
HIDDEN = ()
END_CONQUEST = a.EndConquest(label="end conquest")  # a chance outcome nobody sees: a card dealt face down


@cache
def marker_draw(names: tuple[str, ...]) -> Chance:
    """Setup step 2 as one chance step: every order in which the markers can be drawn."""
    orders = permutations(range(len(names)))
    return Chance("draw the score markers one by one onto spaces 1, 2, 3...", tuple(
        Outcome("-".join(map(str, order)), ", ".join(names[s] for s in order)) for order in orders))


@cache
def pile_trim(epoch: int, kind: str, cards: tuple[tuple[str, str], ...], players: int) -> Chance:
    """Setup step 3 for one pile as one chance step: every set of (id, name) cards that may
    stay. Nobody sees it (``seen_by`` is empty); the labels name the cards for the designer
    who forces an outcome. Made once for all games, as piles and player counts repeat."""
    kept = combinations(cards, min(players, len(cards)))
    return Chance(f"trim epoch {epoch}'s {kind} pile to {players} cards", tuple(
        Outcome("+".join(card for card, _ in combo), ", ".join(name for _, name in combo))
        for combo in kept), seen_by=HIDDEN)


def offered(move: Move, moves: tuple[Move, ...]) -> bool:
    """Whether ``move`` is one of ``moves``. Bots and the session pass the very object the
    decision offered, so an identity scan in C settles it before any comparison runs."""
    return any(map(is_, moves, repeat(move))) or move in moves


def new_state(tables: Tables, names: Sequence[str]) -> HistoryState:
    players = len(names)
    state = HistoryState(
        names=list(names),
        tables=tables,
        score=[0] * players,
        drafted_empire=[None] * players,
        kingdoms=[None] * players,
        hand=[[] for _ in range(players)],
        supply=[ARMIES_PER_PLAYER] * players,
    )
    return state


# -- reading the state ---------------------------------------------------------------


def players(state: HistoryState) -> int:
    return len(state.names)


def options(state: HistoryState):
    return state.tables.options


def ability(state: HistoryState) -> str:
    """The active empire's ability; an empire's ability never helps its kingdom (§9.4)."""
    turn = state.turn
    if turn is None or turn.card != turn.empire:
        return ""
    return state.tables.empires[turn.empire].ability


def development_amount(state: HistoryState, effect: str) -> int:
    """The sum of this turn's played developments with a turn-long ``effect``."""
    events = state.tables.events
    return sum(events[c].amount for c in state.turn.developments if events[c].effect == effect)


def attack_bonus(state: HistoryState, target: str) -> int:
    bonus = development_amount(state, "attack_bonus") + (ability(state) == "attack_bonus")
    momentum = state.turn.momentum
    if ability(state) == "battle_chain" and momentum is not None:
        bonus += target in state.tables.geography.land_neighbours[momentum]
    return bonus


def draft_pickers(state: HistoryState) -> tuple[int, int]:
    """Who picks from the event pile and from the empire pile at this draft step (§5.3)."""
    n = players(state)
    event_seat = state.ranking[state.draft_step]
    ascending = options(state).empire_draft_ascending
    empire_seat = state.ranking[n - 1 - state.draft_step] if ascending else event_seat
    return event_seat, empire_seat


def event_picked(state: HistoryState) -> bool:
    return len(state.event_pile) < players(state) - state.draft_step


def empire_picked(state: HistoryState) -> bool:
    return len(state.empire_pile) < players(state) - state.draft_step


def playable_developments(state: HistoryState) -> list[str]:
    """Developments the active empire may play now (§9.4; ambiguity A9 for the timing)."""
    turn = state.turn
    if turn.card != turn.empire or not state.hand[turn.seat]:
        return []
    if turn.conquered and not options(state).developments_between_conquests:
        return []
    events = state.tables.events
    return [c for c in state.hand[turn.seat] if events[c].supply_armies <= state.supply[turn.seat]]


def classic_pile(state: HistoryState) -> list[str]:
    """The classic draft deals the event pile first, then the empire pile."""
    return state.event_pile if state.event_pile or state.classic_card in state.tables.events else state.empire_pile


def classic_order(state: HistoryState) -> list[int]:
    """Events pass from most to fewest points, empires from fewest to most (§10.1)."""
    events = state.event_pile or state.classic_card in state.tables.events
    return state.ranking if events or not options(state).empire_draft_ascending else state.ranking[::-1]


def can_siege(state: HistoryState) -> list[str]:
    turn = state.turn
    units = ["army"] if turn.card_armies else []
    if turn.card_tokens and options(state).siege_tokens_count:
        units.insert(0, "token")
    return units


# -- the decision ---------------------------------------------------------------------


class Rules:
    """The decision and the moves of History of the World, as plain functions of a state."""

    def __init__(self) -> None:
        # One handler per move type, ``_on_<TypeName>``, looked up once rather than per move.
        self._handlers = {
            move_type: getattr(self, f"_on_{move_type.__name__}")
            for move_type in (*a.ACTION_TYPES, Outcome)
        }

    def decision(self, state: HistoryState) -> Decision:
        """The next decision, worked out once per state: the session and ``apply`` both ask."""
        if state.decision is None:
            state.decision = self._decide(state)
        return state.decision

    def _decide(self, state: HistoryState) -> Decision:
        if state.tie is not None:
            seat, _ = state.tie
            moves = [a.ScoreDirection(True, label="gain 1 point")]
            if state.score[seat] > 0:
                moves.append(a.ScoreDirection(False, label="lose 1 point"))
            return Choice(seat, f"{state.names[seat]} shares a score of {state.score[seat]}: gain or lose?",
                          tuple(moves))
        if state.phase == "order":
            return marker_draw(tuple(state.names))
        if state.phase == "deal":
            return self._deal(state)
        if state.phase == "draft":
            return self._draft(state)
        if state.phase == "over":
            ranking = tuple(sorted(range(players(state)), key=lambda s: (-state.score[s], s)))
            return End(tuple(float(x) for x in state.score), ranking)
        return self._turn(state)

    def _deal(self, state: HistoryState) -> Chance:
        """Shuffle and return cards unseen until the pile holds one per player (§4 step 3): one
        chance step per pile, whose outcome is the set of cards kept."""
        n = players(state)
        kind = "event" if not state.event_pile else "empire"
        table = state.tables.events if kind == "event" else state.tables.empires
        cards = tuple(sorted((c, table[c].name) for c in state.pool if c in table))
        return pile_trim(state.epoch, kind, cards, n)

    def _draft(self, state: HistoryState) -> Decision:
        if options(state).classic_draft:
            return self._classic(state)
        event_seat, empire_seat = draft_pickers(state)
        tables = state.tables
        event_done = event_picked(state)
        empire_done = empire_picked(state)
        if (event_seat == empire_seat and not event_done and not empire_done and state.draft_first is None
                and options(state).middle_player_chooses_pile):
            return Choice(event_seat, "which pile do you look at first?",
                          (a.ChoosePile("events", label="the event pile"), a.ChoosePile("empires", label="the empire pile")))
        take_empire = event_done or (state.draft_first == "empires" and not empire_done)
        if take_empire:
            cards = tuple(a.PickEmpire(c, label=f"{tables.name(c)} ({tables.empires[c].order})") for c in sorted(state.empire_pile))
            return Choice(empire_seat, f"epoch {state.epoch}: keep one empire card", cards)
        cards = tuple(a.PickEvent(c, label=tables.name(c)) for c in sorted(state.event_pile))
        return Choice(event_seat, f"epoch {state.epoch}: keep one event card", cards)

    def _classic(self, state: HistoryState) -> Decision:
        """§10.1: draw the top card, then keep it or give it to a player still without one."""
        holder = state.classic_holder
        pile = classic_pile(state)
        name = "event" if pile is state.event_pile else "empire"
        if state.classic_card is None:
            return Chance(f"{state.names[holder]} draws the top {name} card",
                          tuple(Outcome(c, state.tables.name(c)) for c in sorted(pile)), seen_by=(holder,))
        card = state.tables.name(state.classic_card)
        others = [s for s in classic_order(state) if s not in state.classic_got and s != holder]
        return Choice(holder, f"keep {card} or give it away?",
                      (a.KeepCard(label=f"keep {card}"),)
                      + tuple(a.GiveCard(s, label=f"give it to {state.names[s]}") for s in others))

    def _turn(self, state: HistoryState) -> Decision:
        turn = state.turn
        names = state.names
        tables = state.tables
        battle = turn.battle
        if battle is not None:
            return self._battle(state, battle)
        if turn.step == "kingdom":
            kingdom = tables.name(turn.kingdom)
            return Choice(turn.seat, f"play the kingdom {kingdom}?",
                          (a.PlayKingdom(label=f"play {kingdom}"), a.SkipKingdom(label="do not play it")))
        if turn.step == "conquest":
            moves: list[Action] = []
            if turn.card_armies:
                moves += [tables.conquests[target] for target in conquest_targets(state)]
                moves += [tables.fort_builds[p] for p in fort_sites(state)]
            moves += [tables.development_plays[c] for c in playable_developments(state)]
            moves.append(END_CONQUEST)
            card = tables.name(turn.card)
            return Choice(turn.seat, f"{card}: {turn.card_armies} armies on the card", tuple(moves))
        if turn.step == "monuments":
            return Choice(turn.seat, f"place a monument ({turn.monuments_due} to build)",
                          tuple(a.PlaceMonument(p, label=tables.name(p)) for p in monument_candidates(state)))
        if turn.step == "effect":
            verb = VERBS[turn.effect]
            moves = [a.Target(x, label=f"{verb} {tables.name(x)}") for x in targets(state, turn.effect)]
            return Choice(turn.seat, f"{tables.name(turn.developments[-1])}: {turn.effect_left} left",
                          tuple(moves) + (a.Skip(label="stop here"),))
        if turn.step == "forts":
            return Choice(turn.seat, f"place a free fort ({turn.forts_due} left)",
                          tuple([a.PlaceFort(p, label=tables.name(p)) for p in fort_sites(state)] + [a.Skip(label="place no more")]))
        raise AssertionError(f"no decision for step {turn.step} of {names[turn.seat]}")

    def _battle(self, state: HistoryState, battle: Battle) -> Decision:
        names = state.names
        where = state.tables.name(battle.target)
        attacker = state.turn.seat
        if not battle.attack:
            return Chance(f"{names[attacker]} attacks {where} with 2 dice", TWO_DICE)
        if not battle.defence:
            dice = TWO_DICE if battle.defence_dice == 2 else DIE
            return Chance(f"{names[battle.defender]} defends {where} with {battle.defence_dice} dice", dice)
        if battle.rerolling is not None:
            side, die = battle.rerolling
            return Chance(f"the {side}'s reroll of die {die + 1}", DIE)
        if battle.lost:
            units = can_siege(state)
            moves = [a.Siege(unit, label=f"siege (+{min(battle.catapult + 1, 3)}) with {'a siege token' if unit == 'token' else 'an army'}") for unit in units]
            return Choice(attacker, f"lost the battle for {where}: siege or retreat?", tuple(moves) + (a.Retreat(label="retreat"),))
        side = battle.reroll_turn
        seat = attacker if side == "attacker" else battle.defender
        dice = battle.attack if side == "attacker" else battle.defence
        moves = tuple(a.Reroll(i, label=f"reroll the {value}") for i, value in enumerate(dice))
        return Choice(seat, f"{where}: attacker {battle.attack}, defender {battle.defence}; reroll?",
                      moves + (a.Pass(label="keep the dice"),))

    # -- applying a move ---------------------------------------------------------------

    def apply(self, state: HistoryState, move: Move) -> list[Event]:
        decision = self.decision(state)
        if isinstance(decision, End):
            raise IllegalAction("the game is over")
        if isinstance(decision, Chance):
            if not offered(move, decision.outcomes):
                raise IllegalAction(f"{move} is not a possible outcome of {decision.prompt}")
        elif not offered(move, decision.actions):
            raise IllegalAction(f"{move} is not allowed now: {decision.prompt}")
        log: list[Event] = []
        state.decision = None
        self._handlers[type(move)](state, move, log)
        self._advance(state, log)
        return log

    # chance outcomes

    def _on_Outcome(self, state: HistoryState, outcome: Outcome, log: list[Event]) -> None:
        if state.phase == "order":
            state.start_order = [int(seat) for seat in str(outcome.value).split("-")]
            for place, seat in enumerate(state.start_order, 1):
                state.score[seat] = place
            log.append(Event("score markers: " + ", ".join(f"{state.names[s]} {state.score[s]}" for s in state.start_order)))
            return
        if state.phase == "deal":
            kept = str(outcome.value).split("+")
            table = state.tables.events if kept[0] in state.tables.events else state.tables.empires
            state.pool = [card for card in state.pool if card not in table]  # the rest go to the box
            if table is state.tables.events:
                state.event_pile = kept
            else:
                state.empire_pile = kept
            return
        if state.phase == "draft":  # the classic draft's draw
            state.classic_card = str(outcome.value)
            classic_pile(state).remove(state.classic_card)
            return
        battle = state.turn.battle
        dice = list(FACES[outcome.value])
        if not battle.attack:
            battle.attack = dice
        elif not battle.defence:
            battle.defence = dice
            log.append(Event(f"battle for {state.tables.name(battle.target)}: attacker rolls "
                             f"{battle.attack}, defender {battle.defence}"))
        else:
            side, die = battle.rerolling
            value = dice[0]
            (battle.attack if side == "attacker" else battle.defence)[die] = value
            battle.rerolling = None
            log.append(Event(f"the {side} rerolls: {value}"))

    # the draft

    def _on_ChoosePile(self, state: HistoryState, move: a.ChoosePile, log: list[Event]) -> None:
        state.draft_first = move.pile

    def _on_PickEvent(self, state: HistoryState, move: a.PickEvent, log: list[Event]) -> None:
        seat, _ = draft_pickers(state)
        state.event_pile.remove(move.card)
        self._keep_event(state, seat, move.card)
        log.append(Event(f"{state.names[seat]} keeps an event card"))
        log.append(Event(f"{state.names[seat]} keeps {state.tables.name(move.card)}", (seat,)))

    def _keep_event(self, state: HistoryState, seat: int, card: str) -> None:
        if state.tables.events[card].kingdom:
            state.kingdoms[seat] = card
        else:
            state.hand[seat].append(card)

    def _on_KeepCard(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        self._classic_give(state, state.classic_holder, log)

    def _on_GiveCard(self, state: HistoryState, move: a.GiveCard, log: list[Event]) -> None:
        self._classic_give(state, move.seat, log)

    def _classic_give(self, state: HistoryState, seat: int, log: list[Event]) -> None:
        card, holder = state.classic_card, state.classic_holder
        if card in state.tables.events:
            self._keep_event(state, seat, card)
        else:
            state.drafted_empire[seat] = card
        state.classic_got.append(seat)
        state.classic_card = None
        order = classic_order(state)
        after = order.index(holder) + 1
        waiting = [s for s in order[after:] + order[:after] if s not in state.classic_got]
        state.classic_holder = waiting[0] if waiting else None
        verb = "keeps the card" if seat == holder else f"gives a card to {state.names[seat]}"
        log.append(Event(f"{state.names[holder]} {verb}"))
        log.append(Event(f"{state.names[seat]} receives {state.tables.name(card)}", (seat,)))

    def _on_PickEmpire(self, state: HistoryState, move: a.PickEmpire, log: list[Event]) -> None:
        _, seat = draft_pickers(state)
        state.empire_pile.remove(move.card)
        state.drafted_empire[seat] = move.card
        log.append(Event(f"{state.names[seat]} keeps an empire card"))
        log.append(Event(f"{state.names[seat]} keeps {state.tables.name(move.card)}", (seat,)))

    # the turn

    def _on_PlayKingdom(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        turn = state.turn
        turn.card = turn.kingdom
        turn.kingdom = None
        log.append(Event(f"{state.names[turn.seat]} plays the kingdom {state.tables.name(turn.card)}"))
        self._found(state, log)

    def _on_SkipKingdom(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        turn = state.turn
        log.append(Event(f"{state.names[turn.seat]} does not play a kingdom"))
        turn.kingdom = None
        turn.card = turn.empire
        self._found(state, log)

    def _on_Conquer(self, state: HistoryState, move: a.Conquer, log: list[Event]) -> None:
        turn = state.turn
        turn.card_armies -= 1
        turn.conquered = True
        owner = state.armies.get(move.target)
        name = state.tables.name(move.target)
        if owner is None or owner == turn.seat:
            if owner == turn.seat:
                state.supply[turn.seat] += 1
            self._occupy(state, move.target)
            log.append(Event(f"{state.names[turn.seat]} occupies {name}"))
            return
        fortified = move.target in state.forts and ability(state) != "ignore_forts"
        turn.battle = Battle(
            target=move.target,
            via=move.via,
            defender=owner,
            defence_dice=2 if fortified else 1,
        )
        self._reset_rerolls(state, turn.battle)
        log.append(Event(f"{state.names[turn.seat]} attacks {name}, held by {state.names[owner]}"))

    def _reset_rerolls(self, state: HistoryState, battle: Battle) -> None:
        """Each battle, siege rounds included, grants its rerolls afresh (§7.3, §7.4)."""
        battle.attack_rerolls = development_amount(state, "attack_reroll") + (ability(state) == "attack_reroll")
        sea = battle.via == "fleet" and ability(state) != "no_sea_reroll"
        if sea and not options(state).sea_effect_when_declared:  # ambiguity A24
            by_land = state.tables.geography.land_neighbours[battle.target]
            sea = not (by_land & state.active)
        battle.defence_rerolls = int(sea)

    def _occupy(self, state: HistoryState, province: str) -> None:
        state.armies[province] = state.turn.seat
        state.active.add(province)

    def _on_BuildFort(self, state: HistoryState, move: a.BuildFort, log: list[Event]) -> None:
        turn = state.turn
        turn.card_armies -= 1
        state.supply[turn.seat] += 1
        state.forts.add(move.province)
        log.append(Event(f"{state.names[turn.seat]} builds a fort in {state.tables.name(move.province)}"))

    def _on_PlayDevelopment(self, state: HistoryState, move: a.PlayDevelopment, log: list[Event]) -> None:
        turn = state.turn
        state.hand[turn.seat].remove(move.card)
        turn.developments.append(move.card)
        log.append(Event(f"{state.names[turn.seat]} plays {state.tables.name(move.card)}"))
        event = state.tables.events[move.card]
        if event.effect in ON_THE_CARD:
            self._gain(state, event.amount if event.effect == "armies" else 0,
                       event.amount if event.effect == "siege_tokens" else 0)
        elif event.effect in TARGETED:
            turn.step, turn.effect, turn.effect_left = "effect", event.effect, event.amount
            turn.effect_region, turn.effect_done = None, []

    def _gain(self, state: HistoryState, armies: int, tokens: int) -> None:
        """Armies from the supply onto the card, a siege token for each one missing (§6.9)."""
        turn = state.turn
        taken = min(armies, state.supply[turn.seat])
        state.supply[turn.seat] -= taken
        turn.card_armies += taken
        turn.card_tokens += armies - taken + tokens

    def _on_Target(self, state: HistoryState, move: a.Target, log: list[Event]) -> None:
        turn = state.turn
        effect, place = turn.effect, move.space
        turn.effect_left -= 1
        turn.effect_done.append(place)
        seat = turn.seat
        log.append(Event(f"{state.names[seat]}: {VERBS[effect]} {state.tables.name(place)}"))
        if effect == "fort":
            state.forts.add(place)
        elif effect == "monument":
            state.monuments.add(place)
        elif effect == "fleet":
            turn.fleets.append(place)
        elif effect == "caravan":
            turn.caravans.append(place)
        elif effect == "catastrophe":
            turn.effect_region = state.tables.geography.region_of.get(place)
            self._destroy_building(state, place, log)
        else:  # diplomacy, revolution, barbarians: an army of yours from the supply takes its place
            if effect == "barbarians":
                self._destroy_building(state, place, log)
            owner = state.armies.get(place)
            if owner is not None:
                state.supply[owner] += 1
                state.active.discard(place)
            state.supply[seat] -= 1
            state.armies[place] = seat
            if options(state).replacement_armies_active:  # ambiguity A17
                state.active.add(place)

    def _on_EndConquest(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        turn = state.turn
        state.supply[turn.seat] += turn.card_armies
        turn.card_armies = turn.card_tokens = 0
        icons = state.tables.geography.icons
        resources = [p for p in state.active if icons.get(p)]
        icon_count = sum(icons[p] for p in resources)
        if ability(state) == "monument_per_icon":
            turn.monuments_due = icon_count
        elif options(state).monuments_count_icons:  # ambiguity A20
            turn.monuments_due = icon_count // 2
        else:
            turn.monuments_due = len(resources) // 2
        if ability(state) == "forts_per_icon":
            turn.forts_due += icon_count
        turn.step = "monuments"

    def _on_PlaceMonument(self, state: HistoryState, move: a.PlaceMonument, log: list[Event]) -> None:
        self._build_monument(state, move.province, log)

    def _build_monument(self, state: HistoryState, province: str, log: list[Event]) -> None:
        state.monuments.add(province)
        state.turn.monuments_due -= 1
        log.append(Event(f"{state.names[state.turn.seat]} builds a monument in {state.tables.name(province)}"))

    def _on_PlaceFort(self, state: HistoryState, move: a.PlaceFort, log: list[Event]) -> None:
        state.forts.add(move.province)
        state.turn.forts_due -= 1
        log.append(Event(f"{state.names[state.turn.seat]} places a fort in {state.tables.name(move.province)}"))

    def _on_Skip(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        state.turn.forts_due = 0
        state.turn.effect_left = 0

    # battles

    def _on_Reroll(self, state: HistoryState, move: a.Reroll, log: list[Event]) -> None:
        battle = state.turn.battle
        side = battle.reroll_turn
        if side == "attacker":
            battle.attack_rerolls -= 1
        else:
            battle.defence_rerolls -= 1
        battle.rerolling = (side, move.die)
        battle.passes = 0
        battle.reroll_turn = "defender" if side == "attacker" else "attacker"

    def _on_Pass(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        battle = state.turn.battle
        battle.passes += 1
        if battle.reroll_turn == "attacker":
            battle.attack_rerolls = 0
        else:
            battle.defence_rerolls = 0
        battle.reroll_turn = "defender" if battle.reroll_turn == "attacker" else "attacker"

    def _on_Siege(self, state: HistoryState, move: a.Siege, log: list[Event]) -> None:
        turn = state.turn
        battle = turn.battle
        if move.unit == "token":
            turn.card_tokens -= 1
        else:
            turn.card_armies -= 1
        if battle.catapult < 3:
            battle.catapult += 1
            if move.unit == "army":
                battle.catapult_armies += 1
            else:
                battle.catapult_tokens += 1
        else:  # past +3 the unit is simply spent (ambiguity A5 on the bonus)
            state.supply[turn.seat] += move.unit == "army"
            battle.catapult += not options(state).siege_bonus_capped
        log.append(Event(f"{state.names[turn.seat]} lays siege to {state.tables.name(battle.target)} (+{battle.catapult})"))
        battle.attack, battle.defence = [], []
        battle.lost = False
        battle.passes = 0
        battle.reroll_turn = "attacker"
        self._reset_rerolls(state, battle)

    def _on_Retreat(self, state: HistoryState, move: Action, log: list[Event]) -> None:
        turn = state.turn
        battle = turn.battle
        state.supply[turn.seat] += 1 + battle.catapult_armies
        turn.battle = None
        log.append(Event(f"{state.names[turn.seat]} retreats from {state.tables.name(battle.target)}"))

    def _resolve(self, state: HistoryState, battle: Battle, log: list[Event]) -> None:
        turn = state.turn
        geography = state.tables.geography
        attack = max(battle.attack) + battle.catapult + attack_bonus(state, battle.target)
        terrain = battle.target in geography.rough and ability(state) != "ignore_terrain"
        defence = max(battle.defence) + terrain
        name = state.tables.name(battle.target)
        if attack < defence:
            battle.lost = True
            log.append(Event(f"{attack} against {defence}: {state.names[turn.seat]} loses the battle for {name}"))
            if not can_siege(state):
                self._on_Retreat(state, a.Retreat(), log)
            return
        state.supply[battle.defender] += 1
        del state.armies[battle.target]
        state.supply[turn.seat] += battle.catapult_armies
        turn.battle = None
        if attack > defence:
            self._occupy(state, battle.target)
            turn.momentum = battle.target
            log.append(Event(f"{attack} against {defence}: {state.names[turn.seat]} takes {name}"))
        else:
            state.supply[turn.seat] += 1
            log.append(Event(f"{attack} against {defence}: a tie, both armies fall in {name}"))
        self._destroy(state, battle.target, log)

    def _destroy(self, state: HistoryState, province: str, log: list[Event]) -> None:
        """After a won or tied battle: one building, by priority, and any fort (§7.5)."""
        destroyed = self._destroy_building(state, province, log)
        if province in state.forts:
            state.forts.remove(province)
            log.append(Event(f"the fort in {state.tables.name(province)} is removed"))
        turn = state.turn
        if destroyed and turn.card == turn.empire and not state.tables.empires[turn.empire].capital:
            self._add_points(state, turn.seat, 1, log)  # a looter's plunder (§6.11)

    def _destroy_building(self, state: HistoryState, province: str, log: list[Event]) -> bool:
        """Capital to city, else city, else monument: exactly one building goes."""
        destroyed = ""
        if province in state.capitals:
            state.capitals.remove(province)
            state.cities.add(province)
            destroyed = "the capital becomes a city"
        elif province in state.cities:
            state.cities.remove(province)
            destroyed = "the city is destroyed"
        elif province in state.monuments:
            state.monuments.remove(province)
            destroyed = "the monument is destroyed"
        if destroyed:
            log.append(Event(f"{state.tables.name(province)}: {destroyed}"))
        return bool(destroyed)

    def _on_ScoreDirection(self, state: HistoryState, move: a.ScoreDirection, log: list[Event]) -> None:
        seat, _ = state.tie
        step = 1 if move.up else -1
        state.score[seat] += step
        if options(state).tie_direction_once:
            while self._shares_score(state, seat) and state.score[seat] + step >= 0:
                state.score[seat] += step
        state.tie = (seat, 0) if self._shares_score(state, seat) else None
        log.append(Event(f"{state.names[seat]} moves to {state.score[seat]}"))

    def _shares_score(self, state: HistoryState, seat: int) -> bool:
        """Markers clash at the same score, or with A12 off on the same space of the 0-99 track."""
        track = 10**9 if options(state).ties_compare_scores else 100
        mine = state.score[seat] % track
        return any(state.score[other] % track == mine for other in range(players(state)) if other != seat)

    def _add_points(self, state: HistoryState, seat: int, points: int, log: list[Event]) -> None:
        if points <= 0:
            return
        state.score[seat] += points
        log.append(Event(f"{state.names[seat]} scores {points} (now {state.score[seat]})"))
        if self._shares_score(state, seat):
            state.tie = (seat, 0)

    # -- what happens without a decision -----------------------------------------------

    def _advance(self, state: HistoryState, log: list[Event]) -> None:
        while state.tie is None:
            if state.phase == "order":
                if len(state.start_order) < players(state):
                    return
                self._start_epoch(state, log)
            elif state.phase == "deal":
                if state.pool:
                    return
                n = players(state)
                state.phase = "draft"
                state.draft_step = 0
                state.ranking = sorted(range(n), key=lambda s: (-state.score[s], s))
            elif state.phase == "draft":
                if not self._draft_advance(state, log):
                    return
            elif state.phase == "turns":
                if not self._turn_advance(state, log):
                    return
            else:
                return

    def _start_epoch(self, state: HistoryState, log: list[Event]) -> None:
        state.epoch += 1
        tables = state.tables
        if options(state).tile_lifetime_expires:  # ambiguity A11
            state.tiles = {r: t for r, t in state.tiles.items()
                           if tables.tiles[t].epoch + tables.tiles[t].lifetime > state.epoch}
        for tile in tables.epoch_tiles(state.epoch):
            state.tiles[tile.region] = tile.id
        state.pool = tables.epoch_events(state.epoch) + tables.epoch_empires(state.epoch)
        state.event_pile, state.empire_pile = [], []
        state.drafted_empire = [None] * players(state)
        state.phase = "deal"
        log.append(Event(f"epoch {state.epoch} begins"))

    def _draft_advance(self, state: HistoryState, log: list[Event]) -> bool:
        """Pass the piles on once both picks of a step are made; the last cards are given."""
        if options(state).classic_draft:
            return self._classic_advance(state, log)
        n = players(state)
        event_seat, empire_seat = draft_pickers(state)
        if not (event_picked(state) and empire_picked(state)):
            if state.draft_step == n - 1 or (not state.event_pile and not state.empire_pile):
                if state.event_pile:
                    self._keep_event(state, event_seat, state.event_pile.pop())
                if state.empire_pile:
                    state.drafted_empire[empire_seat] = state.empire_pile.pop()
                return self._draft_advance(state, log)
            return False
        state.draft_step += 1
        state.draft_first = None
        if state.draft_step < n and (state.event_pile or state.empire_pile):
            return True
        self._call_empires(state, log)
        return True

    def _classic_advance(self, state: HistoryState, log: list[Event]) -> bool:
        """Serve the event pile, then the empire pile, one drawn card at a time (§10.1)."""
        waiting = [s for s in classic_order(state) if s not in state.classic_got]
        if state.classic_card is not None:
            if len(waiting) == 1:  # the last player without a card must keep it
                self._classic_give(state, waiting[0], log)
                return True
            return False
        if not waiting:  # this pile has served everyone
            state.classic_got, state.classic_holder = [], None
            return True
        if not classic_pile(state):
            self._call_empires(state, log)
            return True
        if state.classic_holder is None:
            state.classic_holder = waiting[0]
            return True
        return False

    def _call_empires(self, state: HistoryState, log: list[Event]) -> None:
        state.event_pile, state.empire_pile = [], []
        state.classic_got, state.classic_holder = [], None
        held = [card for card in state.drafted_empire if card]
        state.queue = sorted(held, key=lambda card: state.tables.empires[card].order)
        state.phase = "turns"
        log.append(Event("the empires are called: " + ", ".join(state.tables.name(c) for c in state.queue)))

    def _turn_advance(self, state: HistoryState, log: list[Event]) -> bool:
        turn = state.turn
        if turn is None:
            if not state.queue:
                self._end_epoch(state, log)
                return True
            empire = state.queue.pop(0)
            seat = state.drafted_empire.index(empire)
            state.turn = Turn(seat=seat, empire=empire, kingdom=state.kingdoms[seat], card=empire)
            state.kingdoms[seat] = None
            log.append(Event(f"{state.names[seat]} reveals {state.tables.name(empire)}"))
            if state.turn.kingdom is None:
                self._found(state, log)
            elif not options(state).kingdom_optional:
                self._on_PlayKingdom(state, a.PlayKingdom(), log)
            return True
        if turn.battle is not None:
            battle = turn.battle
            complete = battle.attack and battle.defence
            if not complete or battle.rerolling is not None or battle.lost:
                return False
            side_has = battle.attack_rerolls if battle.reroll_turn == "attacker" else battle.defence_rerolls
            if battle.passes < 2 and (battle.attack_rerolls or battle.defence_rerolls):
                if side_has:
                    return False
                self._on_Pass(state, a.Pass(), log)
                return True
            self._resolve(state, battle, log)
            return True
        if turn.step in ("kingdom", "conquest"):
            return False
        if turn.step == "effect":
            if turn.effect_left > 0 and targets(state, turn.effect):
                return False
            turn.step, turn.effect, turn.effect_left = "conquest", "", 0
            return True
        if turn.step == "monuments":
            candidates = monument_candidates(state)
            if turn.monuments_due <= 0 or not candidates:
                turn.monuments_due = 0
                turn.step = "forts"
                return True
            if len(candidates) == 1:
                self._build_monument(state, candidates[0], log)
                return True
            return False
        if turn.step == "forts":
            if turn.forts_due > 0 and fort_sites(state):
                return False
            turn.forts_due = 0
            self._deactivate(state, log)
            return True
        if turn.step == "score":
            regions, buildings = turn_points(state, turn.seat, options(state).control_needs_no_opponents)
            log.append(Event(f"{state.names[turn.seat]}: regions {regions}, buildings {buildings}"))
            state.turn = None
            self._add_points(state, turn.seat, regions + buildings, log)
            return True
        raise AssertionError(f"unknown step {turn.step}")

    def _found(self, state: HistoryState, log: list[Event]) -> None:
        """Put the armies on the card, clear the start province, place army, capital, discs (§6.3)."""
        turn = state.turn
        tables = state.tables
        card = tables.empires.get(turn.card) or tables.events[turn.card]
        armies = card.armies
        turn.card_armies = turn.card_tokens = 0
        self._gain(state, armies, 2 if ability(state) == "siege_tokens" else 0)
        for start in card.starts:
            self._clear(state, start)
            if turn.card_armies:
                turn.card_armies -= 1
                self._occupy(state, start)
            if len(state.capitals) + len(state.cities) < CAPITALS_AND_CITIES:
                if card.capital:
                    state.capitals.add(start)
                elif turn.card != turn.empire:  # a kingdom with the city icon
                    state.cities.add(start)
        turn.fleets = list(card.fleets)
        turn.caravans = list(card.caravans)
        turn.step = "conquest"
        turn.conquered, turn.momentum = False, None
        starts = " and ".join(tables.name(s) for s in card.starts)
        log.append(Event(f"{tables.name(turn.card)} is founded in {starts} with {armies} armies"))

    def _clear(self, state: HistoryState, province: str) -> None:
        owner = state.armies.pop(province, None)
        if owner is not None:
            state.supply[owner] += 1
        state.active.discard(province)
        for pieces in (state.capitals, state.cities, state.monuments, state.forts):
            pieces.discard(province)

    def _deactivate(self, state: HistoryState, log: list[Event]) -> None:
        turn = state.turn
        state.supply[turn.seat] += turn.card_armies
        turn.card_armies = turn.card_tokens = 0
        state.active.clear()
        turn.fleets, turn.caravans = [], []
        log.append(Event(f"{state.tables.name(turn.card)} declines"))
        if turn.card != turn.empire:
            turn.card = turn.empire
            self._found(state, log)
        else:
            turn.developments = []
            turn.step = "score"

    def _end_epoch(self, state: HistoryState, log: list[Event]) -> None:
        state.kingdoms = [None] * players(state)  # an unplayed kingdom is lost (§5.5)
        events = state.tables.events
        for hand in state.hand:  # so is a development without the "+" icon (§9.4)
            hand[:] = [c for c in hand if events[c].playable_later or events[c].epoch != state.epoch]
        if state.epoch >= EPOCHS:
            state.phase = "over"
            log.append(Event("the game is over"))
            return
        self._start_epoch(state, log)
