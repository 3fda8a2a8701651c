"""Antike Duellum's rules through the engine contract (digest §4-§9).

``apply`` changes the state by one move and then ``_advance`` carries out everything the
rulebook does without asking anyone (production, battles, forced payments, persons, the
next turn), stopping at the next decision. ``decision`` only reads the state, so it is cheap
to ask twice. Decisions come in a fixed priority: the end, chance (start player, display
refills), owed event picks, then within a turn a payment, a conquest in progress, pending
sub-choices (a trade's items, an event's choices), and last the turn's main step, where the
free actions (event cards, COMMERCIUM) are offered too.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.decision import Chance, Choice, Decision, End
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.moves import Action, Move, Outcome
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum import effects
from engine.rulesets.antike_duellum.board import (
    BUY_GOLD,
    FREE_STEPS,
    RECRUIT_IRON,
    RESOURCES,
    SPECIAL_MOVES_AS,
    SPECIAL_RECRUIT_IRON,
    TECH_NAMES,
    TECHS,
    TRADE_GIVE,
    TRADE_TAKE,
    UNITS,
    UNITS_PER_PLAYER,
    VICTORY,
    Tables,
)
from engine.rulesets.antike_duellum.building import (
    build_temple,
    build_wall,
    city_due,
    city_problem,
    describe_due,
    found_city,
    markers_left,
    temple_problem,
    wall_problem,
)
from engine.rulesets.antike_duellum.cards import OPPONENT_CONQUEST
from engine.rulesets.antike_duellum.economy import (
    accepts,
    can_pay,
    current_need,
    describe,
    gain_coins,
    pay_item,
    payable_items,
    production,
    total_goods,
)
from engine.rulesets.antike_duellum.military import (
    add,
    attackers,
    battle,
    defence,
    remove,
    special_here,
    step,
    steps_left,
    take_city,
)
from engine.rulesets.antike_duellum.persons import award, can_still_win
from engine.rulesets.antike_duellum.state import Conquest, DuellumState, Pending, Turn

DISPLAY = 3
PRODUCES = {"MARMOR": "marble", "FERRUM": "iron", "AURUM": "gold"}
START_GOODS = 3  # of each resource (§4 step 6)
WORKS = {"TEMPLUM": "build temples and walls", "MILITIA": "recruit units onto your cities",
         "SCIENTIA": "develop technologies and buy units"}

# Actions whose labels never change, built once: random play asks for them thousands of times.
PAYS = {item: a.Pay(item, label="pay a coin" if item == "coin" else f"pay 1 {item}") for item in (*RESOURCES, "coin")}
CHOICES = {(r, verb): a.ChooseResource(r, label=f"{verb} 1 {r}") for r in RESOURCES for verb in ("give", "take")}
BUYS = {unit: a.Buy(unit, label=f"buy a {unit} ({BUY_GOLD[unit]} gold)") for unit in UNITS}
STOP = a.Stop(label="buy no more")
END_TURN = a.EndTurn(label="end the turn")
END_MOVEMENT = a.EndMovement(label="end movement")
END_CONQUEST = a.EndConquest(label="end conquests")
ENDS = (a.EndTurn, a.EndMovement, a.EndConquest, a.EndAction)


def new_state(tables: Tables, names: Sequence[str]) -> DuellumState:
    """Setup (§4): pieces, 1 wall, 1 legion and 1 galley in the box, the starting cities and
    3 of each resource; the start player and the display are chance steps still to come."""
    players = len(names)
    state = DuellumState(
        names=list(names),
        tables=tables,
        goods=[dict.fromkeys(RESOURCES, START_GOODS) for _ in range(players)],
        coins=[0] * players,
        rondel=[None] * players,
        box=[{"legion": 1, "galley": 1} for _ in range(players)],
        reserve=[{"legion": UNITS_PER_PLAYER - 1, "galley": UNITS_PER_PLAYER - 1} for _ in range(players)],
        special=[None] * players if tables.options.special_units else [],
        walls_supply=[1] * players,
        walls_issued=[1] * players,
        techs=[[] for _ in range(players)],
        firsts=[[] for _ in range(players)],
        persons=[[] for _ in range(players)],
        hand=[[] for _ in range(players)],
        temples_built=[0] * players,
        legions=[{} for _ in range(players)],
        galleys=[{} for _ in range(players)],
        stacks={kind: list(cards) for kind, cards in tables.persons.items()},
        pool=sorted(tables.events),
    )
    for site, resource, seat in tables.starts:
        state.owner[site] = seat
        state.marker[site] = resource
    return state


def opponent(seat: int) -> int:
    return 1 - seat


def tech_price(state: DuellumState, seat: int, tech: str) -> int:
    """The higher price for the first nation to develop it, the lower for the second (§6.4)."""
    prices = state.tables.techs[tech]
    return prices.second if tech in state.techs[opponent(seat)] else prices.first


def own_cities(state: DuellumState, seat: int) -> list[str]:
    return sorted(city for city, owner in state.owner.items() if owner == seat)


def fortress_cards(state: DuellumState, seat: int) -> list[str]:
    events = state.tables.events
    return sorted({card for card in state.hand[seat] if events[card].timing == OPPONENT_CONQUEST})


class Rules:
    """The decision and the moves of Antike Duellum, as plain functions of a state."""

    def decision(self, state: DuellumState) -> Decision:
        """The next decision, worked out once per state: the session and ``apply`` both ask."""
        if state.decision is None:
            state.decision = self._decide(state)
        return state.decision

    def _decide(self, state: DuellumState) -> Decision:
        names = state.names
        if state.phase == "over":
            scores = tuple(float(len(cards)) for cards in state.persons)
            ranking = tuple(sorted(range(len(names)), key=lambda s: (-scores[s], s)))
            return End(scores, ranking)
        if state.phase == "start":
            return Chance("choose the start player at random",
                          tuple(Outcome(seat, names[seat]) for seat in range(len(names))))
        if len(state.display) < DISPLAY and state.pool:
            return Chance("turn up an event card for the display",
                          tuple(Outcome(card, state.tables.name(card)) for card in sorted(state.pool)))
        if state.phase == "picks":
            return Choice(state.picker, f"take an event card from the display ({state.picks} owed)",
                          self._pick_moves(state))
        turn = state.turn
        if turn.due:
            return self._payment(state, turn)
        if turn.conquest is not None:
            return self._conquest(state, turn.conquest)
        if turn.pending:
            return self._pending(state, turn.pending[0])
        return self._main(state, turn)

    def _pick_moves(self, state: DuellumState) -> tuple[Action, ...]:
        return tuple(a.PickEvent(card, label=f"take {state.tables.name(card)}") for card in sorted(state.display))

    def _payment(self, state: DuellumState, turn: Turn) -> Choice:
        need = current_need(turn.due)
        what = {"coin": "a coin", "any": "any resource or a coin"}.get(
            need, need[:-1] if need.endswith("!") else f"{need} (or a coin)")
        items = payable_items(state, turn.seat, turn.due)
        return Choice(turn.seat, f"pay for {turn.due_for}: {what}; still due: {describe_due(turn.due)}",
                      tuple(PAYS[item] for item in items))

    def _conquest(self, state: DuellumState, conquest: Conquest) -> Choice:
        name = state.tables.name(conquest.city)
        if conquest.stage == "fortress":
            moves: list[Action] = [a.PlayEventOn(card, conquest.city, label=f"play {state.tables.name(card)} on {name}")
                                   for card in fortress_cards(state, conquest.defender)]
            moves.append(a.DeclineFortress(label="let the conquest go ahead"))
            return Choice(conquest.defender,
                          f"{state.names[state.turn.seat]} conquers {name} (defence {defence(state, conquest.city)})",
                          tuple(moves))
        seat = state.turn.seat
        units = [u for u in UNITS if state.units(u)[seat].get(conquest.city)]
        return Choice(seat, f"conquest of {name}: remove a unit ({conquest.losses} to lose)",
                      tuple(a.Lose(u, label=f"lose a {u}") for u in units))

    def _pending_moves(self, state: DuellumState, pending: Pending) -> tuple[str, tuple[Action, ...]]:
        """The prompt and the moves of a pending sub-choice."""
        seat, kind = pending.seat, pending.kind
        goods = state.goods[seat]

        def resources(which: Sequence[str], verb: str) -> tuple[Action, ...]:
            return tuple(CHOICES[(r, verb)] for r in which)

        if kind == "coin":
            return "the bank has no coin: take a resource instead", resources(RESOURCES, "take")
        if kind == "gain":
            return f"HONORARIUM: take a resource ({pending.count} left)", resources(RESOURCES, "take")
        if kind == "trade_give":
            return (f"COMMERCIUM: give a resource ({pending.count} more)",
                    resources([r for r in RESOURCES if goods[r]], "give"))
        if kind == "trade_take":
            return f"COMMERCIUM: take a resource ({pending.count} more)", resources(RESOURCES, "take")
        if kind == "merchant_take":
            theirs = state.goods[opponent(seat)]
            return (f"MERCHANT: take a resource from {state.names[opponent(seat)]} ({pending.count} more)",
                    resources([r for r in RESOURCES if theirs[r]], "take"))
        if kind == "merchant_give":
            return (f"MERCHANT: give a resource to {state.names[opponent(seat)]} ({pending.count} more)",
                    resources([r for r in RESOURCES if goods[r]], "give"))
        if kind == "recruits":
            return f"RECRUITS: buy a unit into your recruitment box ({pending.count} at most)", self._recruits_moves(state, pending)
        if kind == "oracle":
            return "ORACLE: take an event card from the display", self._pick_moves(state)
        if kind == "mutiny":
            return "MUTINY: choose which of your units is destroyed", tuple(
                a.Destroy(unit, region, label=f"the {unit} in {state.tables.name(region)}")
                for unit, region in effects.units_on_board(state, seat))
        if kind == "sabotage":
            return "SABOTAGE: discard one of your event cards", tuple(
                a.Discard(card, label=f"discard {state.tables.name(card)}") for card in sorted(set(state.hand[seat])))
        raise AssertionError(f"unknown pending choice {kind}")

    def _pending(self, state: DuellumState, pending: Pending) -> Choice:
        prompt, moves = self._pending_moves(state, pending)
        return Choice(pending.seat, prompt, moves)

    def _recruits_moves(self, state: DuellumState, pending: Pending) -> tuple[Action, ...]:
        seat = pending.seat
        exactly = state.tables.options.recruits_exactly_two
        moves: list[Action] = []
        for unit in UNITS:
            price = BUY_GOLD[unit]
            if not state.reserve[seat][unit] or not can_pay(state, seat, {"gold": price}):
                continue
            if exactly and not effects.recruits_affordable(state, seat, pending.count - 1, bought=unit):
                continue  # the rest of the exactly-two purchase could not be made
            moves.append(BUYS[unit])
        if not exactly:
            moves.append(STOP)
        return tuple(moves)

    # -- the turn's main step ----------------------------------------------------------------

    def _main(self, state: DuellumState, turn: Turn) -> Choice:
        seat = turn.seat
        step_name = turn.step
        if step_name == "rondel":
            moves, prompt = self._rondel_moves(state, turn), "move your action marker"
        elif step_name == "action":
            moves = self._work_moves(state, turn)
            prompt = f"{turn.action}: {WORKS[turn.action]}"
        elif step_name == "move":
            moves = self._step_moves(state, seat) + [END_MOVEMENT]
            prompt = "DUELLUM: move your units"
        elif step_name == "conquer":
            moves = self._conquer_moves(state, seat) + [END_CONQUEST]
            prompt = "DUELLUM: conquer cities"
        elif step_name == "found":
            moves = self._found_moves(state, seat) + [END_TURN]
            prompt = "found cities"
        else:
            raise AssertionError(f"no decision at step {step_name}")
        moves += effects.plays(state, seat)
        if self._trade_problem(state, seat) is None:
            moves.append(a.Trade(label="trade 3 resources for 2 (COMMERCIUM)"))
        return Choice(seat, prompt, tuple(moves))

    def _rondel_moves(self, state: DuellumState, turn: Turn) -> list[Action]:
        tables = state.tables
        seat = turn.seat
        here = state.rondel[seat]
        if here is None:
            return [tables.action(("rondel", p, 0, 0), lambda p=p: a.MoveRondel(
                tables.rondel[p], 0, label=f"{tables.actions[p]} (first placement, free)"))
                for p in range(len(tables.rondel))]
        wealth = total_goods(state, seat) + state.coins[seat]
        moves: list[Action] = []
        for steps in range(1, len(tables.rondel) + 1):
            cost = max(0, steps - turn.free_steps)
            if cost <= wealth:
                p = (here + steps) % len(tables.rondel)
                moves.append(tables.action(("rondel", p, steps, cost), lambda p=p, steps=steps, cost=cost: a.MoveRondel(
                    tables.rondel[p], steps,
                    label=f"{tables.actions[p]} ({steps} step{'s' if steps > 1 else ''}, "
                          f"{f'costs {cost}' if cost else 'free'})")))
        return moves

    def _work_moves(self, state: DuellumState, turn: Turn) -> list[Action]:
        seat = turn.seat
        name = state.tables.name
        moves: list[Action] = []
        tables = state.tables
        if turn.action == "TEMPLUM":
            cities = own_cities(state, seat)
            moves += [tables.action(("temple", c), lambda c=c: a.BuildTemple(c, label=f"temple in {name(c)}"))
                      for c in cities if temple_problem(state, seat, c) is None]
            moves += [tables.action(("wall", c), lambda c=c: a.BuildWall(c, label=f"wall in {name(c)}"))
                      for c in cities if wall_problem(state, seat, c) is None]
        elif turn.action == "MILITIA":
            units = [u for u in UNITS if turn.recruitable.get(u, 0) > 0]
            if turn.special_recruitable:
                units.append(tables.special(seat))
            for city in own_cities(state, seat) if units else ():
                for unit in units:
                    if self._recruit_problem(state, seat, unit, city) is None:
                        moves.append(tables.action(("recruit", unit, city), lambda u=unit, c=city: a.Recruit(
                            u, c, label=f"recruit a {u} in {name(c)}")))
        else:
            for tech in TECHS:
                if tech in tables.techs and self._develop_problem(state, seat, tech) is None:
                    price = tech_price(state, seat, tech)
                    moves.append(tables.action(("develop", tech, price), lambda t=tech, p=price: a.Develop(
                        t, label=f"develop {TECH_NAMES[t]} ({p} gold)")))
            for unit in UNITS:
                if self._buy_problem(state, seat, unit) is None:
                    moves.append(BUYS[unit])
        moves.append(tables.action(("end", turn.action), lambda: a.EndAction(label=f"end {turn.action}")))
        return moves

    def _step_moves(self, state: DuellumState, seat: int) -> list[Action]:
        tables = state.tables
        cached = tables.step_actions
        moves: list[Action] = []
        for unit in UNITS:
            for region in sorted(state.units(unit)[seat]):
                if steps_left(state, seat, unit, region):
                    moves += [cached[(unit, region, to)] for to in tables.steps(unit)[region]]
        if state.special and state.special[seat]:
            special, region = tables.special(seat), state.special[seat]
            if steps_left(state, seat, special, region):
                moves += [cached[(special, region, to)] for to in tables.steps(special)[region]]
        return moves

    def _conquer_moves(self, state: DuellumState, seat: int) -> list[Action]:
        return [a.Conquer(city, label=f"conquer {state.tables.name(city)} (defence {defence(state, city)})")
                for city in own_cities(state, opponent(seat)) if self._conquer_problem(state, seat, city) is None]

    def _found_moves(self, state: DuellumState, seat: int) -> list[Action]:
        """Sites where a unit of yours stands (the same checks as ``city_problem``, cheaper)."""
        tables = state.tables
        here = set(state.legions[seat]) | set(state.galleys[seat])
        if state.special and state.special[seat]:
            here.add(state.special[seat])
        sites = sorted(r for r in here if r in tables.site_set and r not in state.owner)
        if not sites or total_goods(state, seat) + state.coins[seat] < 3:
            return []
        left = [r for r in RESOURCES if markers_left(state, r) > 0]
        cached = tables.found_actions
        return [cached[(site, r)] for site in sites for r in left
                if can_pay(state, seat, city_due(state, site, r))]

    # -- why a move is not allowed: the same checks build the lists of legal moves ----------

    def _recruit_problem(self, state: DuellumState, seat: int, unit: str, city: str) -> str | None:
        turn = state.turn
        name = state.tables.name(city)
        if turn.action != "MILITIA" or turn.step != "action":
            return "units are recruited with the MILITIA action"
        if state.owner.get(city) != seat:
            return f"{name} is not your city"
        limit = 3 if city in state.temples else 1
        if turn.placed.get(city, 0) >= limit:
            return f"{name} has taken its {limit} new unit{'s' if limit > 1 else ''} this turn"
        if unit in SPECIAL_MOVES_AS:
            if unit != state.tables.special(seat) or not state.tables.options.special_units:
                return f"you have no {unit}"
            if not turn.special_recruitable:
                return f"your {unit} was not in your recruitment box at the start of the turn"
            if city not in state.temples:
                return f"the {unit} is recruited only into a city with a temple"
            cost = {"iron": SPECIAL_RECRUIT_IRON}
        else:
            if turn.recruitable.get(unit, 0) <= 0:
                return f"no {unit} that was in your recruitment box at the start of the turn is left"
            cost = {} if turn.free.get(unit) else {"iron": RECRUIT_IRON}
        if not state.tables.holds(unit, city):
            terrain = "sea" if unit in ("legion", "commander") else "land"
            return f"{name} has only {terrain} borders: no {unit} can be placed there"
        if not can_pay(state, seat, cost):
            return f"a {unit} costs {describe_due(cost)}, more than you have"
        return None

    def _develop_problem(self, state: DuellumState, seat: int, tech: str) -> str | None:
        turn = state.turn
        if turn.action != "SCIENTIA" or turn.step != "action":
            return "technologies are developed with the SCIENTIA action"
        if tech not in state.tables.techs:
            return f"{tech} is not a technology of this game"
        if tech in state.techs[seat]:
            return f"you have {TECH_NAMES[tech]} already"
        price = tech_price(state, seat, tech)
        if not can_pay(state, seat, {"gold": price}):
            return f"{TECH_NAMES[tech]} costs you {price} gold, more than you have"
        return None

    def _buy_problem(self, state: DuellumState, seat: int, unit: str) -> str | None:
        turn = state.turn
        buying = turn.pending and turn.pending[0].kind == "recruits"
        if not buying and (turn.action != "SCIENTIA" or turn.step != "action"):
            return "units are bought with the SCIENTIA action (or RECRUITS)"
        if unit not in UNITS:
            return f"a {unit} cannot be bought"
        if not state.reserve[seat][unit]:
            return f"no {unit} is left in your reserve"
        if not can_pay(state, seat, {"gold": BUY_GOLD[unit]}):
            return f"a {unit} costs {BUY_GOLD[unit]} gold, more than you have"
        return None

    def _step_problem(self, state: DuellumState, seat: int, move: a.Step) -> str | None:
        tables = state.tables
        if state.turn.step != "move":
            return "units move in the DUELLUM action's movement step"
        if move.unit in SPECIAL_MOVES_AS and (not state.special or tables.special(seat) != move.unit):
            return f"you have no {move.unit}"
        here = special_here(state, seat, move.origin) if move.unit in SPECIAL_MOVES_AS else \
            state.units(move.unit)[seat].get(move.origin, 0) if move.unit in UNITS else 0
        if not here:
            return f"you have no {move.unit} in {tables.name(move.origin)}"
        if move.to not in tables.steps(move.unit).get(move.origin, ()):
            border = "land (red) or combined" if SPECIAL_MOVES_AS.get(move.unit, move.unit) == "legion" else "sea (blue) or combined"
            return f"a {move.unit} crosses only {border} borders, and none joins {tables.name(move.origin)} to {tables.name(move.to)}"
        if not steps_left(state, seat, move.unit, move.origin):
            return f"your {move.unit}s in {tables.name(move.origin)} have used their movement"
        return None

    def _conquer_problem(self, state: DuellumState, seat: int, city: str) -> str | None:
        name = state.tables.name(city)
        if state.turn.step != "conquer":
            return "cities are conquered in the DUELLUM action's conquest step, after all movement"
        if state.owner.get(city) != opponent(seat):
            return f"{name} is not an enemy city"
        units, needed = attackers(state, seat, city), defence(state, city)
        if not units:
            return f"you have no unit in {name}"
        if units < needed:
            return f"{name} defends at {needed}; you have only {units} unit{'s' if units > 1 else ''} there"
        return None

    def _trade_problem(self, state: DuellumState, seat: int) -> str | None:
        if "commercium" not in state.techs[seat]:
            return "trading needs COMMERCIUM"
        if state.turn.commercium_new:
            return "COMMERCIUM cannot be used in the turn it is developed"
        if total_goods(state, seat) < TRADE_GIVE:
            return f"a trade gives {TRADE_GIVE} resources; you have fewer"
        return None

    def _reason(self, state: DuellumState, decision: Choice, move: Action) -> str | None:
        """Why a well-formed move is not among the legal ones, in the game's words."""
        turn = state.turn
        seat = decision.seat
        if turn is None:
            return None
        at_main = not (turn.due or turn.conquest or turn.pending)
        if isinstance(move, a.Pay):
            if not turn.due:
                return "nothing is due"
            if move.item == "coin" and not state.coins[seat] or move.item in RESOURCES and not state.goods[seat][move.item]:
                return f"you have no {move.item}"
            if not accepts(current_need(turn.due), move.item):
                return f"{move.item} cannot pay what is due now ({current_need(turn.due).rstrip('!')})"
            return "paying that would leave the rest of the cost unpayable"
        if not at_main:
            return f"first finish: {decision.prompt}"
        if isinstance(move, a.MoveRondel):
            if turn.step != "rondel":
                return "the action marker has already moved this turn"
            return "the marker moves 1 to 8 segments clockwise; each beyond the free ones costs a resource or coin you lack"
        if isinstance(move, a.BuildTemple):
            if turn.action != "TEMPLUM" or turn.step != "action":
                return "temples are built with the TEMPLUM action (or ARCHITECT)"
            return temple_problem(state, seat, move.city)
        if isinstance(move, a.BuildWall):
            if turn.action != "TEMPLUM" or turn.step != "action":
                return "walls are built with the TEMPLUM action (or GANG)"
            return wall_problem(state, seat, move.city)
        if isinstance(move, a.Recruit):
            return self._recruit_problem(state, seat, move.unit, move.city)
        if isinstance(move, a.Develop):
            return self._develop_problem(state, seat, move.tech)
        if isinstance(move, a.Buy):
            return self._buy_problem(state, seat, move.unit)
        if isinstance(move, a.Step):
            return self._step_problem(state, seat, move)
        if isinstance(move, a.Conquer):
            return self._conquer_problem(state, seat, move.city)
        if isinstance(move, a.FoundCity):
            if turn.step != "found":
                return "cities are founded in phase 2, after the action"
            return city_problem(state, seat, move.site, move.resource)
        if isinstance(move, a.Trade):
            return self._trade_problem(state, seat)
        if isinstance(move, (a.PlayEvent, a.PlayEventOn)):
            if move.card not in state.hand[seat]:
                return "you do not hold that card"
            return f"{state.tables.name(move.card)} cannot be played now or would do nothing"
        return None

    # -- applying a move -----------------------------------------------------------------------

    def apply(self, state: DuellumState, move: Move) -> list[Event]:
        decision = self.decision(state)
        if isinstance(decision, End):
            raise IllegalAction("the game is over")
        if isinstance(decision, Chance):
            if move not in decision.outcomes:
                raise IllegalAction(f"{move} is not a possible outcome of: {decision.prompt}")
        # the identity scan first: a move taken from the list needs no field comparisons
        elif not any(m is move for m in decision.actions) and move not in decision.actions:
            if not isinstance(move, Action):
                raise IllegalAction(f"{state.names[decision.seat]} must choose: {decision.prompt}")
            reason = self._reason(state, decision, move)
            raise IllegalAction(reason or f"{move} is not allowed now ({state.names[decision.seat]}: {decision.prompt})")
        log: list[Event] = []
        state.decision = None
        getattr(self, f"_on_{type(move).__name__}")(state, move, log)
        self._advance(state, log)
        return log

    def _on_Outcome(self, state: DuellumState, outcome: Outcome, log: list[Event]) -> None:
        if state.phase == "start":
            first = int(outcome.value)
            state.active = first
            state.coins[opponent(first)] += 1  # the bank is full at setup: the coin is there
            log.append(Event(f"{state.names[first]} starts; {state.names[opponent(first)]} takes a coin in compensation"))
            state.phase = "turn"
            return
        card = str(outcome.value)
        state.pool.remove(card)
        state.display.append(card)
        log.append(Event(f"{state.tables.name(card)} is turned up for the display"))

    def _on_PickEvent(self, state: DuellumState, move: a.PickEvent, log: list[Event]) -> None:
        seat = state.picker if state.phase == "picks" else state.turn.pending[0].seat
        state.display.remove(move.card)
        state.hand[seat].append(move.card)
        log.append(Event(f"{state.names[seat]} takes {state.tables.name(move.card)} from the display"))
        if state.phase == "picks":
            state.picks -= 1
        else:
            self._consume(state, log)

    def _on_Pay(self, state: DuellumState, move: a.Pay, log: list[Event]) -> None:
        self._pay(state, move.item, log)

    def _pay(self, state: DuellumState, item: str, log: list[Event]) -> None:
        turn = state.turn
        pay_item(state, turn.seat, item)
        if not turn.due:
            log.append(Event(f"{state.names[turn.seat]} pays {describe(turn.paid)} for {turn.due_for}"))

    def _on_MoveRondel(self, state: DuellumState, move: a.MoveRondel, log: list[Event]) -> None:
        turn = state.turn
        tables = state.tables
        position = tables.rondel.index(move.space)
        state.rondel[turn.seat] = position
        turn.action = tables.actions[position]
        cost = max(0, move.steps - turn.free_steps) if move.steps else 0
        if cost:
            turn.due, turn.due_for, turn.paid = {"any": cost}, f"{cost} extra segment{'s' if cost > 1 else ''}", {}
        turn.step = "begin"
        log.append(Event(f"{state.names[turn.seat]} chooses {turn.action}"))

    def _begin_action(self, state: DuellumState, log: list[Event]) -> None:
        """Carry out a production at once; open the other actions' choices (§6.1-§6.5)."""
        turn = state.turn
        seat = turn.seat
        resource = PRODUCES.get(turn.action)
        if resource:
            amount = production(state, seat, resource)
            state.goods[seat][resource] += amount
            source = f" with {state.names[opponent(seat)]}'s cities" if turn.diplomacy else ""
            log.append(Event(f"{state.names[seat]} produces {amount} {resource}{source}"))
            gain_coins(state, seat, 1, log)
            self._to_founding(state)
        elif turn.action == "DUELLUM":
            turn.step = "move"
        else:
            turn.step = "action"
            if turn.action == "SCIENTIA" and turn.academy:
                effects.academy_payout(state, seat, turn.academy, log)
                turn.academy = 0

    def _to_founding(self, state: DuellumState) -> None:
        turn = state.turn
        turn.step = "found"
        if not state.tables.options.founding_fees_count_new:
            turn.fee_markers = dict(state.marker)

    def _on_BuildTemple(self, state: DuellumState, move: a.BuildTemple, log: list[Event]) -> None:
        build_temple(state, state.turn.seat, move.city, log)

    def _on_BuildWall(self, state: DuellumState, move: a.BuildWall, log: list[Event]) -> None:
        build_wall(state, state.turn.seat, move.city, log)

    def _on_Recruit(self, state: DuellumState, move: a.Recruit, log: list[Event]) -> None:
        turn = state.turn
        seat = turn.seat
        turn.placed[move.city] = turn.placed.get(move.city, 0) + 1
        if move.unit in SPECIAL_MOVES_AS:
            state.special[seat] = move.city
            turn.special_recruitable = False
            cost = SPECIAL_RECRUIT_IRON
        else:
            state.box[seat][move.unit] -= 1
            turn.recruitable[move.unit] -= 1
            add(state, seat, move.unit, move.city)
            cost = RECRUIT_IRON
            if turn.free.get(move.unit):
                turn.free[move.unit] -= 1
                cost = 0
        log.append(Event(f"{state.names[seat]} recruits a {move.unit} in {state.tables.name(move.city)}"
                         + ("" if cost else " free of iron")))
        if cost:
            turn.due, turn.due_for, turn.paid = {"iron": cost}, f"the {move.unit}", {}
        if move.unit in UNITS:  # a special unit placed beside enemies does not fight (§9.4)
            battle(state, move.city, move.unit, log)

    def _on_Develop(self, state: DuellumState, move: a.Develop, log: list[Event]) -> None:
        turn = state.turn
        seat = turn.seat
        price = tech_price(state, seat, move.tech)
        first = move.tech not in state.techs[opponent(seat)]
        state.techs[seat].append(move.tech)
        if first:
            state.firsts[seat].append(move.tech)
            turn.scholars += 1
        turn.commercium_new |= move.tech == "commercium"
        log.append(Event(f"{state.names[seat]} develops {TECH_NAMES[move.tech]}" + (" first" if first else "")))
        turn.due, turn.due_for, turn.paid = {"gold": price}, TECH_NAMES[move.tech], {}

    def _on_Buy(self, state: DuellumState, move: a.Buy, log: list[Event]) -> None:
        turn = state.turn
        seat = turn.seat
        state.reserve[seat][move.unit] -= 1
        state.box[seat][move.unit] += 1
        log.append(Event(f"{state.names[seat]} buys a {move.unit} into the recruitment box"))
        turn.due, turn.due_for, turn.paid = {"gold": BUY_GOLD[move.unit]}, f"the {move.unit}", {}
        if turn.pending and turn.pending[0].kind == "recruits":
            self._consume(state, log)

    def _on_EndAction(self, state: DuellumState, move: a.EndAction, log: list[Event]) -> None:
        self._to_founding(state)

    def _on_Step(self, state: DuellumState, move: a.Step, log: list[Event]) -> None:
        step(state, state.turn.seat, move.unit, move.origin, move.to, log)

    def _on_EndMovement(self, state: DuellumState, move: a.EndMovement, log: list[Event]) -> None:
        turn = state.turn
        turn.moved = {}
        turn.special_left = -1
        turn.step = "conquer"

    def _on_Conquer(self, state: DuellumState, move: a.Conquer, log: list[Event]) -> None:
        defender = state.owner[move.city]
        conquest = Conquest(move.city, defender)
        state.turn.conquest = conquest
        log.append(Event(f"{state.names[state.turn.seat]} declares a conquest of {state.tables.name(move.city)}"))
        if not (fortress_cards(state, defender) or state.tables.options.event_hands_secret):
            self._to_losses(state, conquest, log)

    def _to_losses(self, state: DuellumState, conquest: Conquest, log: list[Event]) -> None:
        """The FORTRESS window is closed: the city holds, or the attacker pays its defence."""
        seat = state.turn.seat
        units = attackers(state, seat, conquest.city)
        needed = defence(state, conquest.city)
        if units < needed:
            log.append(Event(f"{state.tables.name(conquest.city)} holds: the conquest is called off"))
            state.turn.conquest = None
            return
        plain = state.legions[seat].get(conquest.city, 0) + state.galleys[seat].get(conquest.city, 0)
        conquest.stage = "losses"
        conquest.losses = min(needed, plain)  # a special unit is never lost in a conquest (§9.4)

    def _on_DeclineFortress(self, state: DuellumState, move: a.DeclineFortress, log: list[Event]) -> None:
        self._to_losses(state, state.turn.conquest, log)

    def _on_PlayEventOn(self, state: DuellumState, move: a.PlayEventOn, log: list[Event]) -> None:
        conquest = state.turn.conquest
        if conquest is not None and conquest.stage == "fortress":
            effects.play(state, conquest.defender, move, log)
            self._to_losses(state, conquest, log)
        else:
            effects.play(state, state.turn.seat, move, log)

    def _on_PlayEvent(self, state: DuellumState, move: a.PlayEvent, log: list[Event]) -> None:
        effects.play(state, state.turn.seat, move, log)

    def _on_Lose(self, state: DuellumState, move: a.Lose, log: list[Event]) -> None:
        self._lose(state, move.unit, log)

    def _lose(self, state: DuellumState, unit: str, log: list[Event]) -> None:
        conquest = state.turn.conquest
        remove(state, state.turn.seat, unit, conquest.city, 1)
        conquest.losses -= 1

    def _on_EndConquest(self, state: DuellumState, move: a.EndConquest, log: list[Event]) -> None:
        self._to_founding(state)

    def _on_FoundCity(self, state: DuellumState, move: a.FoundCity, log: list[Event]) -> None:
        found_city(state, state.turn.seat, move.site, move.resource, log)

    def _on_EndTurn(self, state: DuellumState, move: a.EndTurn, log: list[Event]) -> None:
        state.turn.step = "end"

    def _on_Trade(self, state: DuellumState, move: a.Trade, log: list[Event]) -> None:
        seat = state.turn.seat
        state.turn.pending[:0] = [Pending("trade_give", seat, TRADE_GIVE), Pending("trade_take", seat, TRADE_TAKE)]

    def _on_ChooseResource(self, state: DuellumState, move: a.ChooseResource, log: list[Event]) -> None:
        resource = move.resource
        pending = state.turn.pending[0]
        seat, kind = pending.seat, pending.kind
        goods = state.goods[seat]
        if kind in ("trade_give", "merchant_give"):
            goods[resource] -= 1
            if kind == "merchant_give":
                state.goods[opponent(seat)][resource] += 1
        elif kind == "merchant_take":
            state.goods[opponent(seat)][resource] -= 1
        else:  # coin, gain, trade_take
            goods[resource] += 1
        pending.items[resource] = pending.items.get(resource, 0) + 1
        self._consume(state, log)

    def _consume(self, state: DuellumState, log: list[Event]) -> None:
        """One item of the first pending choice is done; log and hand over when all are."""
        turn = state.turn
        pending = turn.pending[0]
        pending.count -= 1
        if pending.count > 0:
            return
        turn.pending.pop(0)
        name = state.names[pending.seat]
        items = describe(pending.items)
        if pending.kind == "trade_give":
            turn.pending[0].items = {f"-{r}": n for r, n in pending.items.items()}
        elif pending.kind == "trade_take":
            given = describe({r[1:]: n for r, n in pending.items.items() if r.startswith("-")})
            taken = describe({r: n for r, n in pending.items.items() if not r.startswith("-")})
            log.append(Event(f"{name} trades {given} for {taken}"))
        elif pending.kind == "merchant_take":
            turn.pending[0].items = {f"+{r}": n for r, n in pending.items.items()}
        elif pending.kind == "merchant_give":
            taken = {r[1:]: n for r, n in pending.items.items() if r.startswith("+")}
            given = {r: n for r, n in pending.items.items() if not r.startswith("+")}
            for resource, n in taken.items():
                state.goods[pending.seat][resource] += n
            log.append(Event(f"{name} gives {describe(given)} to {state.names[opponent(pending.seat)]} "
                             f"and takes {describe(taken)}"))
        elif pending.kind in ("coin", "gain"):
            log.append(Event(f"{name} takes {items}"))

    def _on_Stop(self, state: DuellumState, move: a.Stop, log: list[Event]) -> None:
        state.turn.pending.pop(0)

    def _on_Destroy(self, state: DuellumState, move: a.Destroy, log: list[Event]) -> None:
        unit, region = move.unit, move.region
        seat = state.turn.pending[0].seat
        if unit in SPECIAL_MOVES_AS:
            state.special[seat] = None
        else:
            remove(state, seat, unit, region, 1)
        log.append(Event(f"{state.names[seat]}'s {unit} in {state.tables.name(region)} is destroyed"))
        self._consume(state, log)

    def _on_Discard(self, state: DuellumState, move: a.Discard, log: list[Event]) -> None:
        card = move.card
        seat = state.turn.pending[0].seat
        state.hand[seat].remove(card)
        state.discard.append(card)
        log.append(Event(f"{state.names[seat]} discards {state.tables.name(card)}"))
        self._consume(state, log)

    # -- what happens without a decision -------------------------------------------------------

    def _advance(self, state: DuellumState, log: list[Event]) -> None:
        while self._advance_once(state, log):
            pass

    def _advance_once(self, state: DuellumState, log: list[Event]) -> bool:
        """One automatic step; False when a decision (or the end) is next."""
        if state.phase in ("over", "start"):
            return False
        if len(state.display) < DISPLAY and not state.pool and state.discard:
            state.pool, state.discard = sorted(state.discard), []
            log.append(Event("the event deck is empty: the discard pile is shuffled into a new deck"))
        if len(state.display) < DISPLAY and state.pool:
            return False
        if state.phase == "picks":
            if state.picks > 0 and state.display:
                return False
            state.picks = 0
            self._next_turn(state, log)
            return True
        turn = state.turn
        if turn is None:
            self._start_turn(state, state.active, log)
            return True
        if turn.due:
            items = payable_items(state, turn.seat, turn.due)
            if len(items) == 1:
                self._pay(state, items[0], log)
                return True
            return False
        if turn.conquest is not None:
            return self._conquest_advance(state, turn.conquest, log)
        if turn.pending:
            return self._pending_advance(state, turn.pending[0], log)
        if turn.step == "begin":
            self._begin_action(state, log)
            return True
        if turn.step == "end":
            self._end_turn(state, log)
            return True
        choice = self._main(state, turn)
        if len(choice.actions) == 1 and isinstance(choice.actions[0], ENDS):
            end = choice.actions[0]  # nothing else is possible: the step ends by itself
            if isinstance(end, (a.EndAction, a.EndMovement)):
                log.append(Event(f"{state.names[turn.seat]} can do nothing more with {turn.action}"))
            getattr(self, f"_on_{type(end).__name__}")(state, end, log)
            return True
        state.decision = choice
        return False

    def _conquest_advance(self, state: DuellumState, conquest: Conquest, log: list[Event]) -> bool:
        if conquest.stage == "fortress":
            return False
        seat = state.turn.seat
        if conquest.losses:
            units = [u for u in UNITS if state.units(u)[seat].get(conquest.city)]
            plain = sum(state.units(u)[seat].get(conquest.city, 0) for u in UNITS)
            if len(units) > 1 and plain > conquest.losses:
                return False
            self._lose(state, units[0], log)
            return True
        take_city(state, conquest.city, log)
        state.turn.conquest = None
        return True

    def _pending_advance(self, state: DuellumState, pending: Pending, log: list[Event]) -> bool:
        """Take a pending sub-choice that has one possible answer; drop one with none."""
        _, moves = self._pending_moves(state, pending)
        if not moves:
            state.turn.pending.pop(0)
            return True
        if len(moves) > 1:
            return False
        getattr(self, f"_on_{type(moves[0]).__name__}")(state, moves[0], log)
        return True

    def _start_turn(self, state: DuellumState, seat: int, log: list[Event]) -> None:
        state.turn_number += 1
        state.active = seat
        state.turn = Turn(
            seat=seat,
            free_steps=FREE_STEPS,
            recruitable=dict(state.box[seat]),
            special_recruitable=bool(state.special) and state.special[seat] is None,
        )
        log.append(Event(f"turn {state.turn_number}: {state.names[seat]}"))

    def _end_turn(self, state: DuellumState, log: list[Event]) -> None:
        """Phase 3 and the end of the turn (§5.1): persons, then the opponent's event picks."""
        turn = state.turn
        seat = turn.seat
        gained = award(state, seat, log)
        if len(state.persons[seat]) >= VICTORY:
            state.winner = seat
            state.phase = "over"
            state.turn = None
            state.ended = f"{state.names[seat]} holds {VICTORY} persons and wins"
            log.append(Event(state.ended))
            return
        state.picks = gained + turn.city_lost
        state.picker = opponent(seat)
        state.phase = "picks"
        state.turn = None
        if state.picks:
            log.append(Event(f"{state.names[state.picker]} is owed {state.picks} event card{'s' if state.picks > 1 else ''}"))

    def _next_turn(self, state: DuellumState, log: list[Event]) -> None:
        if not any(can_still_win(state, seat) for seat in range(len(state.names))):
            state.phase = "over"
            state.ended = "neither player can reach 9 persons any more: the game ends"
            log.append(Event(state.ended))
            return
        limit = state.tables.options.turn_limit
        if limit and state.turn_number >= limit:
            state.phase = "over"
            state.ended = f"the turn limit of {limit} turns is reached: the game ends"
            log.append(Event(state.ended))
            return
        state.phase = "turn"
        self._start_turn(state, opponent(state.active), log)
