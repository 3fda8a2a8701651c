"""What the map gives: outskirts, blockades, the icons a square yields, cities' output, coins
(§3.3, §6.2, §6.3, §6.6-6.8). Derived from the state, never stored; what every step asks for
is kept in ``kept.py``."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from engine.rulesets.civilization.icons import new_icons
from engine.rulesets.civilization.kept import (
    Occupancy,
    coins_changed,
    drop_watching,
    layout,
    occupancy,
    scout_squares,
    scouts_of,
    wonder_changed,
)
from engine.rulesets.civilization.state import City, CivState, Figure
from engine.rulesets.civilization.tables import Icons

FIGURE_ID = attrgetter("id")


def figures_moved(state: CivState, *squares: str) -> None:
    """A figure was placed on, moved between or removed from ``squares``: their figures are
    found again and kept (``figures_changed``)."""
    board = state.board
    if board is None:
        return
    placed: dict[str, list[Figure]] = {sq: [] for sq in squares}
    for f in state.figures:
        if f.square in placed:
            placed[f.square].append(f)
    board.group = board.own = board.scouts = None
    figures_changed(state, board, {sq: tuple(found) for sq, found in placed.items()})


def figures_stepped(state: CivState, group: list[Figure], here: str, there: str) -> None:
    """The moving ``group`` (in id order) stepped from ``here`` to ``there``: the same as
    ``figures_moved(state, here, there)``, found from the figures the two squares held instead
    of from every figure (a step is the most frequent move of a game). Whose figures are where
    changes, but not which figures each seat has: its figures and scouts are kept."""
    board = state.board
    if board is None:
        return
    at = board.figures
    left = at[here]
    stay = () if len(left) == len(group) else tuple([f for f in left if f.square == here])
    found = at.get(there)
    figures_changed(state, board, {here: stay, there: tuple(group) if found is None
                                   else tuple(sorted((*found, *group), key=FIGURE_ID))})


def figures_changed(state: CivState, board: Occupancy, now: dict[str, tuple[Figure, ...]]) -> None:
    """The figures on the squares of ``now`` changed to ``now``'s: kept, and what they change is
    dropped: the squares enemies stand on and the sites of the cities watching one of them
    (``production.Sites.watched``). A seat's coins stay as they were unless one of the squares gives
    coins and it may count them there (its outskirts, blockaded or freed; its scout arriving or
    leaving: ``kept.coins_changed``), or a wonder there is blockaded or freed; its abilities (and
    so every city's sites) too unless a wonder is (a blockaded wonder does not work). Most figures
    on a wonder's square are its owner's, passing through their own outskirts."""
    at = board.figures
    wonders = state.wonders
    wonder = not wonders.keys().isdisjoint(now) and any(
        sq in wonders and has_enemy(at.get(sq, ()), wonders[sq][0]) != has_enemy(found, wonders[sq][0])
        for sq, found in now.items())
    looks, icons = state.squares, (state.layout or layout(state)).icons
    for sq, found in now.items():  # square_coins written out: asked for both squares of every step
        if not wonder and sq in looks and (icons.get(sq) or square_icons(state, sq)).coins:
            coins_changed(state, sq, (*at.get(sq, ()), *found))
        if found:
            at[sq] = found
        else:
            at.pop(sq, None)
    board.enemies.clear()
    if wonder:
        wonder_changed(board)
    else:
        drop_watching(board.sites, tuple(now))


# The kept facts are read as ``state.board or occupancy(state)``: these are the most frequent
# calls of a game, and the attribute read spares a function call while the facts are kept.


def city_at(state: CivState, square: str) -> City | None:
    return (state.layout or layout(state)).cities.get(square)


def cities_of(state: CivState, seat: int) -> Sequence[City]:
    return (state.layout or layout(state)).owned[seat]


def figures_at(state: CivState, square: str) -> Sequence[Figure]:
    return (state.board or occupancy(state)).figures.get(square, ())


def enemy_on(state: CivState, square: str, seat: int) -> bool:
    return has_enemy((state.board or occupancy(state)).figures.get(square, ()), seat)


def has_enemy(figures: Sequence[Figure], seat: int) -> bool:
    """Whether one of ``figures`` is not ``seat``'s: a loop, as asked for every square a group
    might enter, and a generator costs more to make than a square's figures take to scan."""
    for f in figures:
        if f.owner != seat:
            return True
    return False


def enemy_squares(state: CivState, seat: int) -> frozenset[str]:
    """Where ``seat``'s enemies stand."""
    board = state.board or occupancy(state)
    found = board.enemies.get(seat)
    if found is None:
        found = board.enemies[seat] = frozenset([f.square for f in state.figures if f.owner != seat])
    return found


def blockaded(state: CivState, square: str, seat: int) -> bool:
    """An enemy figure on one of ``seat``'s squares takes its yield (§6.7)."""
    return enemy_on(state, square, seat)


def revealed(state: CivState, square: str) -> bool:
    return square in state.squares


def square_icons(state: CivState, square: str) -> Icons:
    """A building, wonder or great person replaces the printed icons (§6.3.4, A16); a natural
    wonder is printed with its culture icon already. Kept with the layout (``kept.Layout.icons``)."""
    kept = (state.layout or layout(state)).icons
    found = kept.get(square)
    if found is None:
        found = kept[square] = new_icons(state, square)
    return found


def outskirts(state: CivState, city: City) -> tuple[str, ...]:
    return state.tables.ring[city.square]


def own_outskirts(state: CivState, seat: int) -> frozenset[str]:
    """The squares of the seat's cities' outskirts, kept with the layout (they change with the
    cities alone)."""
    kept = state.layout or layout(state)
    found = kept.outskirts.get(seat)
    if found is None:
        found = kept.outskirts[seat] = frozenset([sq for c in kept.owned[seat] for sq in state.tables.ring[c.square]])
    return found


def gathering_scouts(state: CivState, city: City) -> list[Figure]:
    """Scouts sent to this city that were not produced this turn (§6.6), among the owner's
    (``kept.scouts_of``): a city's sites are made anew after most moves, each city's in turn."""
    square, turn = city.square, state.turn
    return [f for f in scouts_of(state, city.owner) if f.city == square and f.made < turn]


def worked_squares(state: CivState, city: City) -> list[str]:
    """The squares whose icons the city's action uses: unblockaded outskirts plus its scouts'
    (``production.new_sites`` finds the same in its pass over the outskirts)."""
    enemies = enemy_squares(state, city.owner)
    revealed = state.squares
    squares = [sq for sq in outskirts(state, city) if sq in revealed and sq not in enemies]
    return squares + scouts_worked(state, city, gathering_scouts(state, city))


def scouts_worked(state: CivState, city: City, scouts: list[Figure]) -> list[str]:
    """The squares the city works through its gathering ``scouts`` (§6.6), besides its outskirts:
    revealed, no city centre, and (unless the table counts them twice) none of its owner's
    outskirts."""
    if not scouts:
        return []
    own = own_outskirts(state, city.owner) if not state.tables.options.scout_double_count else set()
    revealed, centres = state.squares, (state.layout or layout(state)).cities
    return [s.square for s in scouts if s.square not in own and s.square in revealed and s.square not in centres]


def city_yield(state: CivState, city: City, icon: str, worked: list[str] | None = None) -> int:
    """The city's ``icon`` count; ``worked`` is its ``worked_squares`` when the caller has them."""
    if worked is None:
        worked = worked_squares(state, city)
    kept = (state.layout or layout(state)).icons
    total = 0
    for sq in worked:
        icons = kept.get(sq)
        total += getattr(square_icons(state, sq) if icons is None else icons, icon)
    return total


def map_coins(state: CivState, seat: int) -> int:
    """Coins on squares the seat controls now: its cities' unblockaded outskirts and the squares
    its scouts stand on (§6.8), each square once. Kept apart from the seat's other coins, as a
    technology learned or a government set leaves them as they were."""
    kept = (state.board or occupancy(state)).map_coins
    found = kept.get(seat)
    if found is None:
        found = kept[seat] = count_map_coins(state, seat)
    return found


def count_map_coins(state: CivState, seat: int) -> int:
    total = 0
    counted = set()
    enemies = enemy_squares(state, seat)
    for sq, coins in coin_squares(state, seat):
        if sq not in enemies:
            total += coins
            counted.add(sq)
    centres = (state.layout or layout(state)).cities
    for square in scout_squares(state, seat):
        if square not in counted and square not in centres:
            counted.add(square)
            total += square_coins(state, square)
    return total


def coin_squares(state: CivState, seat: int) -> tuple[tuple[str, int], ...]:
    """The outskirts squares of the seat's cities that give coins, with how many."""
    kept = state.layout or layout(state)
    found = kept.coin_squares.get(seat)
    if found is None:
        squares = {sq for c in kept.owned[seat] for sq in state.tables.ring[c.square] if sq not in kept.cities}
        found = kept.coin_squares[seat] = tuple((sq, coins) for sq in sorted(squares)
                                                if (coins := square_coins(state, sq)))
    return found


def square_coins(state: CivState, square: str) -> int:
    if square not in state.squares:
        return 0
    icons = (state.layout or layout(state)).icons.get(square)
    return (square_icons(state, square) if icons is None else icons).coins
