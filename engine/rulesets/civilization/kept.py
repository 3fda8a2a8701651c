"""Facts worked out from the state once and kept until it changes, because every step asks for
them: who stands where, which abilities each seat has, which squares give coins.

Two tiers, as figures move on almost every step and the rest changes seldom:

- ``Occupancy`` (``state.board``): figures by square, the squares each seat's enemies hold,
  each seat's coins (and whether all are short of the economic victory) and abilities, each
  city's production, free squares and what it may produce (``production.Sites``, which names the
  squares it watches: the city's, its outskirts, its scouts'). Every figure placed, moved or
  removed calls ``board.figures_moved``, which finds again only the figures of the squares it
  names and keeps coins and abilities a move cannot have changed (a step of the moving group
  calls ``board.figures_stepped``, which finds them from the two squares' figures alone); a
  scout sent to a city (or called back at a new turn) and a hut or village taken call
  ``sites_changed`` with the squares, which drops the sites watching them.
- ``Layout`` (``state.layout``): cities by square and by owner, each seat's coin squares, the
  abilities per seat and set of working wonders, each square's icons. A city founded or
  destroyed calls ``changed`` (founded: ``city_founded``), a marker placed or removed
  ``marker_changed``, a square's look changed (a tile revealed, a disaster) ``looks_changed``; a technology learned or the coins on it
  changed, a government set or a wonder turned obsolete calls ``cards_changed`` (which drops
  every seat's abilities, coins and cities' sites, but not who stands where).

Both are left out of equality and the digest (``eq=False``) and dropped by ``clone``; the
random-games test checks the kept facts against fresh ones after every step."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from attrs import define, field

from engine.rulesets.civilization.icons import new_icons
from engine.rulesets.civilization.state import City, CivState, Figure


@define
class Occupancy:
    """Figures by square (in the order of ``state.figures``) and the squares of each seat's
    scouts; per seat, filled in when first asked, the squares its enemies stand on, its coins
    (``abilities.coins``) and its abilities (which depend on the figures through blockaded
    wonders)."""

    figures: dict[str, tuple[Figure, ...]]
    scouts: dict[int, list[Figure]] | None = None  # per seat, found when first asked (``scouts_of``)
    group: tuple[list[int], list[Figure]] | None = None  # ``state.moving`` and its figures (``movement.moving``)
    own: dict[int, list[Figure]] | None = None  # per seat, its figures (``figures_of``)
    enemies: dict[int, frozenset[str]] = field(factory=dict)
    coins: dict[int, int] = field(factory=dict)
    map_coins: dict[int, int] = field(factory=dict)  # the part of the coins on the map (``board.map_coins``)
    poor: bool = False  # every seat's coins are kept and below the economic victory's 15
    abilities: dict[int, Any] = field(factory=dict)
    rules: dict[int, tuple[bool, bool, int]] = field(factory=dict)  # per seat: abilities.movement_rules
    alone: dict[int, tuple[str, Any]] = field(factory=dict)  # per figure id: a square and its move from
    # there alone (``movement.square_moves``), found by the id instead of by a key of four parts
    choosing: dict[int, tuple[list[Figure], int, list[Any]]] = field(factory=dict)  # per seat: its figures
    # (``figures_of``), the turn and per square its unmoved figures and their moves (``movement.figure_moves``)
    sites: dict[str, Any] = field(factory=dict)  # per city square: production.Sites
    unsure: set[str] = field(factory=set)  # city squares whose sites may be stale (``production.sites``)
    memo: dict[Any, Any] = field(factory=dict)  # small facts of the seats' cards, by the cards: wonder costs
    # and resource abilities per seat and number of its techs; buildings per set of abilities


@define
class Layout:
    """Cities by square and by owner; filled in when first asked: per seat the squares of its
    cities' outskirts that give coins, its abilities per set of working wonders (and its
    techs' part of them per number of techs), and the icons of each square."""

    cities: dict[str, City]
    owned: dict[int, tuple[City, ...]]
    coin_squares: dict[int, tuple[tuple[str, int], ...]] = field(factory=dict)
    placed: dict[str, int] | None = None  # building markers on the map per basic building
    abilities: dict[tuple[int, int, str, tuple[str, ...]], Any] = field(factory=dict)  # abilities.abilities
    # per city square: the squares and walls its production moves were made from, and the moves by
    # item (``production.item_moves``), handed to its next sites made with the same
    moves: dict[str, tuple[tuple, dict[str, Any]]] = field(factory=dict)
    techs: dict[tuple[int, int], Any] = field(factory=dict)  # per seat and number of techs: abilities.tech_part
    icons: dict[str, Any] = field(factory=dict)  # per revealed square asked: board.square_icons
    outskirts: dict[int, frozenset[str]] = field(factory=dict)  # per seat: its cities' (board.own_outskirts)


def occupancy(state: CivState) -> Occupancy:
    found = state.board
    if found is None:
        at: dict[str, list[Figure]] = {}
        for f in state.figures:
            at.setdefault(f.square, []).append(f)
        found = state.board = Occupancy({sq: tuple(fs) for sq, fs in at.items()})
    return found


def scouts_of(state: CivState, seat: int) -> list[Figure]:
    """The seat's scouts, in the order of ``state.figures``; found again when first asked after
    a figure was placed or removed (``board.figures_moved``; a step keeps them, as it moves
    them without changing whose they are)."""
    board = state.board or occupancy(state)
    if board.scouts is None:
        board.scouts = {s: [] for s in range(state.tables.seats)}
        for f in state.figures:
            if f.kind == "scout":
                board.scouts[f.owner].append(f)
    return board.scouts[seat]


def figures_of(state: CivState, seat: int) -> list[Figure]:
    """The seat's figures, in the order of ``state.figures``: found again only after a figure
    was placed or removed (``board.figures_moved``), as a step moves them without changing whose
    they are; every choice of figures to move reads them."""
    board = state.board or occupancy(state)
    if board.own is None:
        board.own = {s: [] for s in range(state.tables.seats)}
        for f in state.figures:
            board.own[f.owner].append(f)
    return board.own[seat]


def scout_squares(state: CivState, seat: int) -> list[str]:
    """Where the seat's scouts stand, in the order of ``state.figures``."""
    return [f.square for f in scouts_of(state, seat)]


def layout(state: CivState) -> Layout:
    found = state.layout
    if found is None:
        owned: dict[int, list[City]] = {seat: [] for seat in range(state.tables.seats)}
        for c in state.cities:
            owned[c.owner].append(c)
        found = state.layout = Layout({c.square: c for c in state.cities},
                                      {seat: tuple(cs) for seat, cs in owned.items()})
    return found


def changed(state: CivState) -> None:
    """A city, a marker on a square or a square's look changed (figures too, when they changed
    with it)."""
    state.board = state.layout = None


def looks_changed(state: CivState, squares: Sequence[str]) -> None:
    """The look of ``squares`` changed: a tile was laid face up on them (no figure, city or
    marker stands on a face-down square; its huts and villages are placed next), or a disaster
    turned one's terrain: what the cities watching them may do and every seat's coins (an
    outskirts square may give some now, or no more) are stale, and the coin squares, the
    squares' icons and the cities' production moves (a building's squares are found by their
    terrain) of the layout; where figures and cities stand and the seats' abilities are not, so
    exploring (a tile every few turns) keeps them."""
    board = state.board
    if board is not None:
        drop_watching(board.sites, tuple(squares))
        drop_coins(board)
    kept = state.layout
    if kept is not None:
        kept.coin_squares.clear()
        kept.moves.clear()
        for square in squares:
            kept.icons.pop(square, None)


def city_founded(state: CivState, city: City) -> None:
    """``city`` was just founded (and is last of ``state.cities``) where a scout stood, on land
    with no hut, village or enemy figure around and no other city near (``start.city_site``):
    the layout takes it in; its owner's coin squares and outskirts, its coins and every city's
    sites (a gathering scout's square may now be a centre or the owner's outskirts) are stale.
    The seats' abilities, the other seats' coins and the squares' icons are not."""
    kept = state.layout
    if kept is not None:
        kept.cities[city.square] = city
        kept.owned[city.owner] = (*kept.owned[city.owner], city)
        kept.coin_squares.pop(city.owner, None)
        kept.outskirts.pop(city.owner, None)
    board = state.board
    if board is not None:
        board.sites.clear()
        drop_coins(board, (city.owner,))


def marker_changed(state: CivState, square: str) -> None:
    """A building, wonder or great person was placed on or taken off ``square`` (called with the
    marker there, and again once the square shows its new one), or a city there got its walls:
    the markers' counts and what the cities watching the square may do are stale; its icons if
    they changed, and if its coins changed the coins of the seats counting it
    (``coins_changed``), as most markers neither give coins nor cover any. A wonder changes its
    owner's abilities, and so every seat's coins and what every city may do. Where cities and
    figures stand is not."""
    found = state.layout
    before = None if found is None else found.icons.get(square)
    now = new_icons(state, square) if square in state.squares else None
    coins = before is None or now is None or before.coins != now.coins
    board = state.board
    if board is not None:
        if square in state.wonders:
            wonder_changed(board)
        else:
            if coins:
                coins_changed(state, square, board.figures.get(square, ()), looks=True)
            drop_watching(board.sites, (square,))
            for kept in board.sites.values():
                kept.offers.clear()  # what a city may build counts the markers left
    if found is not None:
        if before != now:
            found.icons.pop(square, None)
        owner = outskirts_owner(state, square) if coins else None
        if owner is not None:
            found.coin_squares.pop(owner, None)
        found.placed = None


def wonder_changed(board: Occupancy) -> None:
    """A wonder's square changed (a marker on it, a figure blockading or freeing it): the
    wonder may work or not, so every seat's abilities, coins (the map's part too) and what
    every city may do are stale."""
    drop_coins(board)
    board.abilities.clear()
    board.rules.clear()
    board.sites.clear()


def outskirts_owner(state: CivState, square: str) -> int | None:
    """The owner of the city whose outskirts hold ``square`` (cities stand 3 squares apart, so
    at most one), None when no city's do."""
    ring = state.tables.ring
    for city in (state.layout or layout(state)).cities.values():
        if square in ring[city.square]:
            return city.owner
    return None


def coins_changed(state: CivState, square: str, figures: Sequence[Figure], looks: bool = False) -> None:
    """Who counts the coins of ``square`` changed, with ``figures`` the figures on it before and
    after, or (``looks``) its icons did: drop the coins of the seats that may count them there,
    the owners of the scouts (§6.8) and the owner of the outskirts holding it, if its icons
    changed or another seat's figure came or went (blockaded or freed); every other seat's
    coins stay."""
    board = state.board
    if board is None:
        return
    seats = {f.owner for f in figures if f.kind == "scout"}
    owner = outskirts_owner(state, square)
    if owner is not None and (looks or any(f.owner != owner for f in figures)):
        seats.add(owner)
    if seats:
        drop_coins(board, seats)


def drop_coins(board: Occupancy, seats: Iterable[int] | None = None) -> None:
    """The coins of ``seats`` (None: every seat's), the map's part with them, are stale, and so
    is knowing every seat short of the economic victory (``Occupancy.poor``)."""
    if seats is None:
        board.coins.clear()
        board.map_coins.clear()
    else:
        for seat in seats:
            board.coins.pop(seat, None)
            board.map_coins.pop(seat, None)
    board.poor = False


def cards_changed(state: CivState, seat: int | None = None) -> None:
    """``seat``'s technologies, the coins on them or its government changed (None: a wonder
    turned obsolete, for every seat): its abilities, coins and what its cities may do are
    stale; where figures and cities stand and the coins on the map are not."""
    board = state.board
    if board is not None:
        board.poor = False  # the memo's facts are kept by the cards they are made from
        if seat is None:
            board.coins.clear()
            board.abilities.clear()
            board.rules.clear()
            board.sites.clear()
        else:
            board.coins.pop(seat, None)
            board.abilities.pop(seat, None)
            board.rules.pop(seat, None)
            for city in (state.layout or layout(state)).owned[seat]:
                kept = board.sites.get(city.square)
                if kept is not None:  # its squares stand unless the movement rules changed
                    kept.offers.clear()
                    board.unsure.add(city.square)
    kept = state.layout
    if kept is not None and seat is None:  # a seat's own cards are in the key of its abilities
        kept.abilities.clear()


def sites_changed(state: CivState, *squares: str) -> None:
    """A hut or village was taken on one of ``squares``, or a scout sent to (or back from) the
    city on one: what the cities watching them may do is stale."""
    if state.board is not None:
        drop_watching(state.board.sites, squares)


def scouts_sent(state: CivState, city: str) -> None:
    """A scout was sent to the city on ``city`` or called back from it. Most scouts are called
    back at a new turn and sent again to the city they gathered for, so the city's sites are
    not dropped but checked against what they were made from when next asked
    (``production.sites``)."""
    board = state.board
    if board is not None and city in board.sites:
        board.unsure.add(city)


def drop_watching(sites: dict[str, Any], squares: tuple[str, ...]) -> None:
    """Drop the sites (``production.Sites``) of the cities watching one of ``squares``."""
    for city, kept in list(sites.items()):
        if not kept.watched.isdisjoint(squares):
            del sites[city]
