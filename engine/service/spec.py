"""What each method of the service takes and gives, declared once as attrs classes.

The server checks a request's params against these classes (names, types, defaults), and
the OpenRPC description (``rpc.discover``, docs/protocol.openrpc.json) is generated from the
same classes, so the published protocol cannot drift from what the server accepts. The
results' classes describe what the methods answer; a test checks every answer against them.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import field, frozen

from engine.core.picture import Picture
from engine.core.randomness import SEED_MAX, SEED_MIN


def described(text: str, default: Any = ..., **extra: Any) -> Any:
    metadata = {"help": text, **extra}
    return field(metadata=metadata) if default is ... else field(default=default, metadata=metadata)


SESSION = "the session id that open or load returned (a session belongs to the connection that opened it)"
SEAT = ("ask as this seat (a number from 0), seeing only what it may; left out, ask as the designer, who sees "
        "everything (a WebSocket player's token must name a seat)")
DRIVE = ("auto: a seat whose controller is a bot plays itself after open, apply and bot, until a person's seat "
         "must choose, chance must be decided or the game ends; manual: nothing moves unless asked")

# -- params ------------------------------------------------------------------------


@frozen(kw_only=True)
class NoParams:
    """No params."""


@frozen(kw_only=True)
class OpenParams:
    """Start a playtest session of a scenario."""

    scenario: str | dict[str, Any] = described("a .json path relative to the server's folder, or the scenario "
                                           "object itself")
    players: int | None = described("how many seats play, the scenario's first seats (left out: the ruleset's "
                                "fewest)", None)
    controllers: list[str] | None = described("one per playing seat: human, or the bot that plays it (greedy, random, "
                                          "search); left out: every seat human", None)
    options: dict[str, Any] | None = described("the ruleset's options, replacing the scenario's, checked as a file's "
                                           "are", None)
    seed: int = described("the seed of every chance step and bot choice: the same seed, the same game "
                          "(bounded as a playtest file's, so a save reopens)", 1, min=SEED_MIN, max=SEED_MAX)
    drive: Literal["auto", "manual"] = described(DRIVE, "auto")


@frozen(kw_only=True)
class SessionParams:
    """A question about one session."""

    session: str = described(SESSION)
    seat: int | None = described(SEAT, None)


@frozen(kw_only=True)
class ApplyParams:
    """Take the current step: a seat's action, or chance's outcome."""

    session: str = described(SESSION)
    seat: int | None = described(SEAT, None)
    move: str | None = described("an action id of the current choice; or, for the designer only, an outcome id of "
                             "the current chance step (forcing it)", None)
    roll: bool = described("true: chance decides the current chance step from the seed (any caller may roll)", False)
    forced: bool = described("with a forced outcome: record it as forced by a person (bots' undo skips it)", True)


@frozen(kw_only=True)
class GotoParams:
    """Travel to a step of the history tree (the designer only)."""

    session: str = described(SESSION)
    seat: int | None = described(SEAT, None)
    step: int = described("a step id of the history tree (tree's steps[].id), not a move count")


@frozen(kw_only=True)
class SaveParams:
    """Write the session as a playtest file (the designer only)."""

    session: str = described(SESSION)
    seat: int | None = described(SEAT, None)
    path: str = described("a .json path relative to the server's folder; its folder must exist")
    scenario_path: str | None = described("the scenario's path to record, relative to the server's folder (left out: "
                                      "the scenario is embedded)", None)
    overwrite: bool = described("replace a file this server did not write (a file it wrote is always replaced)", False)


@frozen(kw_only=True)
class LoadParams:
    """Open a playtest file as a new session, replayed and checked (the designer only)."""

    path: str = described("a .json playtest path relative to the server's folder")
    seat: int | None = described(SEAT, None)
    drive: Literal["auto", "manual"] = described(DRIVE, "auto")


@frozen(kw_only=True)
class CloseParams:
    """Forget a session."""

    session: str = described(SESSION)


# -- results -----------------------------------------------------------------------


@frozen(kw_only=True)
class RulesetInfo:
    id: str
    title: str
    min_players: int
    max_players: int


@frozen(kw_only=True)
class SeatInfo:
    seat: int = described("the seat number that params.seat names")
    id: str = described("the scenario's id of the seat")
    name: str
    colour: str = described("#rrggbb")
    controller: str = described("human or a bot's name")


@frozen(kw_only=True)
class Opened:
    """A session opened or loaded."""

    session: str
    ruleset: str
    title: str
    seats: list[SeatInfo]
    seed: int
    step: int = described("the current step id (after any bots' moves)")
    drive: Literal["auto", "manual"]


@frozen(kw_only=True)
class ActionInfo:
    id: str = described("what apply's move takes: stable across runs and label wording, e.g. "
                    "PickEmpire(card=e2-persia)")
    label: str
    spaces: list[str] = described("the board spaces the action concerns, for a frontend to highlight")


@frozen(kw_only=True)
class ChoiceDecision:
    """A seat must choose one of the legal actions."""

    step: int
    kind: Literal["choice"]
    seat: int
    prompt: str = described("for another seat: waiting for NAME")
    actions: list[ActionInfo] | None = described("the complete legal list; null for another seat than the chooser")


@frozen(kw_only=True)
class OutcomeInfo:
    id: str = described("outcome(VALUE): what the designer's apply move forces")
    value: int | str
    label: str


@frozen(kw_only=True)
class ChanceDecision:
    """Chance must decide: a client rolls it (apply roll: true, or bot)."""

    step: int
    kind: Literal["chance"]
    prompt: str
    outcomes: list[OutcomeInfo] | None = described("the possible outcomes, for the designer only")
    count: int = described("how many outcomes there are")
    weights: list[float] | None = described("their relative likelihoods, for the designer only; null: all equally likely")
    seen_by: list[int] | None = described("the seats that learn the outcome; null: everyone")
    visible: bool = described("whether the asking seat learns the outcome")


@frozen(kw_only=True)
class EndDecision:
    """The game is over."""

    step: int
    kind: Literal["end"]
    scores: list[float] = described("one per seat")
    ranking: list[int] = described("the seats from first to last")
    winners: list[int] = described("the game's verdict, ties broken where the rulebook breaks them")


@frozen(kw_only=True)
class EventInfo:
    text: str
    public: bool = described("true: every seat reads it; false: only some seats (the designer sees all)")


@frozen(kw_only=True)
class BotMove:
    step: int = described("the step id the bot's move made")
    seat: int
    move: str = described("the action id it played")


@frozen(kw_only=True)
class Moved:
    """A step taken, and the bots' steps that followed it (drive: auto)."""

    step: int = described("the current step id: the last one taken")
    events: list[EventInfo] = described("what happened, the bots' moves included, as the asking seat may read it")
    bots: list[BotMove] = described("the steps bots took after the asked one")


@frozen(kw_only=True)
class RegionInfo:
    id: str
    name: str
    colour: str


@frozen(kw_only=True)
class SpaceInfo:
    id: str
    name: str
    kind: str = described("land, sea, track, box, ... (the scenario's SpaceKind)")
    region: str | None
    polygon: list[list[float]] = described("the outline in board pixels, x right and y down")
    label: list[float] | None = described("where to write the name; null: the polygon's centre")


@frozen(kw_only=True)
class ConnectionInfo:
    a: str
    b: str
    kind: str


@frozen(kw_only=True)
class BoardInfo:
    """The printed board, the same for every seat."""

    width: float
    height: float
    regions: list[RegionInfo]
    spaces: list[SpaceInfo]
    connections: list[ConnectionInfo]


@frozen(kw_only=True)
class StepAt:
    step: int = described("the current step id")


@frozen(kw_only=True)
class TreeStep:
    id: int
    parent: int | None
    depth: int = described("the number of moves from the start")
    seat: int | None = described("who chose; null for chance")
    forced: bool
    move: str | None = described("the action or outcome id; null for the root")
    label: str
    note: str
    children: list[int]


@frozen(kw_only=True)
class Tree:
    current: int
    bookmarks: dict[str, int]
    steps: list[TreeStep]


@frozen(kw_only=True)
class Saved:
    path: str = described("relative to the server's folder")


@frozen(kw_only=True)
class Closed:
    closed: str


@frozen
class Method:
    """One method: its params class, its result (a class, a list of one, or a choice of classes)."""

    name: str
    summary: str
    params: type
    result: Any
    designer_only: bool = False


METHODS: tuple[Method, ...] = (
    Method("rulesets", "The rulesets this server plays.", NoParams, list[RulesetInfo]),
    Method("open", "Open a playtest session of a scenario.", OpenParams, Opened),
    Method("decision", "What the game asks next, as the asking seat may see it.", SessionParams,
           ChoiceDecision | ChanceDecision | EndDecision),
    Method("apply", "Take the current step: an action, a roll, or (the designer) a forced outcome.",
           ApplyParams, Moved),
    Method("view", "The Picture: the state as the asking seat may see it.", SessionParams, Picture),
    Method("board", "The printed board, public.", SessionParams, BoardInfo),
    Method("undo", "Go back one step of the current line.", SessionParams, StepAt, True),
    Method("redo", "Go forward along the line last followed.", SessionParams, StepAt, True),
    Method("goto", "Go to any step of the history tree.", GotoParams, StepAt, True),
    Method("tree", "The whole history tree.", SessionParams, Tree, True),
    Method("bot", "Let chance, or the acting seat's bot (random for a person's seat), take the step.",
           SessionParams, Moved),
    Method("save", "Write the session as a playtest file.", SaveParams, Saved, True),
    Method("load", "Open a playtest file as a new session.", LoadParams, Opened, True),
    Method("close", "Forget a session.", CloseParams, Closed),
    Method("rpc.discover", "This description (OpenRPC 1.3).", NoParams, dict[str, Any]),
)
BY_NAME = {method.name: method for method in METHODS}
