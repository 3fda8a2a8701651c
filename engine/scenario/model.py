"""The scenario a designer edits and saves: one attrs tree, written to JSON by cattrs.

Field metadata drives both the editors and the validator: ``label`` and ``help`` are
shown to the designer, ``ref`` names what kind of thing a string refers to
(space, region, deck, card, seat, asset) so one validator can check every reference, and
``min``/``max`` bound a number, ``choices`` and ``pattern`` a value (checked by ``bounds.py``,
written into the JSON Schema).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from attrs import Factory, define, field

Scalar = str | int | float | bool
Point = tuple[float, float]


def described(
    label: str,
    help: str = "",
    ref: str | None = None,
    rule: str = "",
    *,
    min: float | None = None,
    max: float | None = None,
    choices: tuple[Scalar, ...] | None = None,
    pattern: str | None = None,
    form: str = "",
    quiet: bool = False,
    labels: dict[str, str] | None = None,
    **kwargs: Any,
) -> Any:
    """An attrs field carrying the metadata that editors and the validator read.

    ``help`` is for the designer choosing a value, in the game's words; ``rule`` is a short tag
    pointing into the rules digest ("A2", "§10.1"), for whoever wants the reasoning behind it;
    ``min`` and ``max`` bound a number, ``choices`` lists the only values a field takes and
    ``pattern`` (a regular expression, searched as JSON Schema does) is the form a text must
    have, ``form`` saying it in words. The validator, the JSON Schema and the editors read these
    alone, so a bound is declared once. A ``quiet`` field is written to the file only when it
    differs from its default: a flag added to the format later leaves every file that does not
    use it as it was. ``labels`` marks a field that holds an id the rules implement (an ability,
    an effect): a card prints the id's label, or the id in words where the table has none.
    """
    metadata: dict[str, Any] = {"label": label, "help": help}
    if choices is not None:
        metadata["choices"] = tuple(choices)
    if pattern is not None:
        metadata["pattern"] = pattern
        metadata["form"] = form or "as its help says"
    if quiet:
        metadata["quiet"] = True
    if ref is not None:
        metadata["ref"] = ref
    if rule:
        metadata["rule"] = rule
    if labels is not None:
        metadata["labels"] = labels
    if min is not None:
        metadata["min"] = min
    if max is not None:
        metadata["max"] = max
    return field(metadata=metadata, **kwargs)


# Board coordinates and sizes: generous, but a typo of many digits is caught.
BOARD_LIMIT = 1_000_000
# Card sizes in millimetres: a poster is still a card, a kilometre is not.
CARD_LIMIT_MM = 1000


class CardData:
    """Base of every ruleset's card data classes; the file tags each with its ``type``."""

    type_name: str = ""


@define
class RawCardData(CardData):
    """Card data kept as written, for a scenario whose ruleset is unknown: nothing is lost."""

    type: str
    fields: dict[str, Any]


class RulesetOptions:
    """Base of every ruleset's options class; every field has a default."""


@define
class RawOptions(RulesetOptions):
    """Options of an unknown ruleset, kept as written."""

    fields: dict[str, Any] = Factory(dict)


class SpaceKind(Enum):
    LAND = "land"
    SEA = "sea"
    OCEAN = "ocean"
    WASTELAND = "wasteland"
    BOX = "box"
    TRACK = "track"


class ConnectionKind(Enum):
    LAND = "land"
    SEA = "sea"
    STRAIT = "strait"
    ARROW = "arrow"  # one-way, from a to b


@define
class Provisional:
    path: str = described("Path", "Where the guessed value lives, e.g. board.spaces[gaul].polygon")
    note: str = described("Note", "Why it is a guess and what a physical copy should confirm", default="")


@define
class Meta:
    title: str = described("Title")
    author: str = described("Author", default="")
    description: str = described("Description", default="")
    version: str = described("Version", "The designer's own version of this scenario", default="1")
    provisional: list[Provisional] = described(
        "Provisional values", "Values not taken from a rulebook, to be checked", factory=list
    )


@define
class RulesetRef:
    id: str = described("Ruleset", "Which game's rules this scenario is played with")
    options: RulesetOptions = described("Options", factory=RawOptions)


@define
class Space:
    id: str = described("Id")
    name: str = described("Name")
    kind: SpaceKind = described("Kind", default=SpaceKind.LAND)
    region: str | None = described("Region", ref="region", default=None)
    terrain: list[str] = described("Terrain", "Tags such as mountain, forest, coast", factory=list)
    resources: list[str] = described("Resources", "Resource icons printed on the space", factory=list)
    polygon: list[Point] = described("Outline", "Corners in board coordinates", factory=list)
    label: Point | None = described("Label point", "Where the name is drawn", default=None)
    props: dict[str, Scalar] = described("Properties", "Free values a ruleset may read", factory=dict)
    isolated: bool = described("Isolated on purpose", "No connection reaches this space: it is reached by a rule "
                               "(a port workers are sent to, a holding box), so the map check does not report it",
                               default=False, quiet=True)


@define
class Region:
    id: str = described("Id")
    name: str = described("Name")
    colour: str = described("Colour", "#rrggbb", ref="colour", default="#c8b78a")
    props: dict[str, Scalar] = described("Properties", factory=dict)


@define
class Connection:
    a: str = described("From", ref="space")
    b: str = described("To", ref="space")
    kind: ConnectionKind = described("Kind", default=ConnectionKind.LAND)
    props: dict[str, Scalar] = described(
        "Properties", "Free values a ruleset may read, e.g. no_fleet", factory=dict
    )


@define
class Board:
    width: float = described("Width", "Board width in board coordinates", default=1000.0, min=1, max=BOARD_LIMIT)
    height: float = described("Height", default=1000.0, min=1, max=BOARD_LIMIT)
    background: str | None = described("Background image", ref="asset", default=None)
    regions: list[Region] = described("Regions", factory=list)
    spaces: list[Space] = described("Spaces", factory=list)
    connections: list[Connection] = described("Connections", factory=list)
    schematic: bool = described("Schematic", "A diagram of boxes rather than a drawn map: connected spaces need "
                                "not touch, so the map check does not report land connections between spaces far "
                                "apart", default=False, quiet=True)

    def space(self, space_id: str) -> Space:
        return next(s for s in self.spaces if s.id == space_id)


@define
class Card:
    id: str = described("Id")
    name: str = described("Name")
    data: CardData = described("Data", "The values this card's ruleset reads")
    text: str = described("Text", default="")
    art: str | None = described("Art", ref="asset", default=None)
    copies: int = described("Copies", "How many of this card the box holds", default=1, min=1, max=1000)


@define
class Deck:
    id: str = described("Id")
    name: str = described("Name")
    cards: list[Card] = described("Cards", factory=list)


@define
class Seat:
    id: str = described("Id")
    name: str = described("Name")
    colour: str = described("Colour", "#rrggbb", ref="colour", default="#808080")


@define
class Epoch:
    """One epoch of the game, so a card's epoch number can print in the epoch's colour."""

    number: int = described("Number", "The number the cards' epoch field holds", min=1, max=1000)
    name: str = described("Name", "As the game prints it, e.g. Epoch I", default="")
    colour: str = described("Colour", "#rrggbb; a zone's fill or colour from {epoch} takes it", ref="colour",
                            default="#808080")


@define
class Placement:
    space: str = described("Space", ref="space")
    piece: str = described("Piece", "What is placed, in the game's words (army, city, marker)")
    owner: str | None = described("Owner", ref="seat", default=None)
    count: int = described("Count", default=1, min=1, max=1000)


class ZoneKind(Enum):
    TEXT = "text"
    IMAGE = "image"
    SHAPE = "shape"
    ICONS = "icons"


class Align(Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


@define
class Zone:
    kind: ZoneKind = described("Kind", "text, image, shape or a row of icons", default=ZoneKind.TEXT)
    x: float = described("X (mm)", "From the card's left edge (trim line)", default=0.0,
                         min=-CARD_LIMIT_MM, max=CARD_LIMIT_MM)
    y: float = described("Y (mm)", "From the card's top edge (trim line)", default=0.0,
                         min=-CARD_LIMIT_MM, max=CARD_LIMIT_MM)
    width: float = described("Width (mm)", default=10.0, min=0, max=CARD_LIMIT_MM)
    height: float = described("Height (mm)", default=5.0, min=0, max=CARD_LIMIT_MM)
    content: str = described(
        "Content", "Text with {field} bindings ({name}, {text}, {armies}); for an image, an asset path or "
        "builtin:icon; for icons, the list field whose items name them, e.g. {resources}, or a number field "
        "repeating the icon prefix that many times, e.g. {armies}", default="")
    icon_prefix: str = described("Icon prefix", "Put before each item of an icon row, e.g. builtin:resource/",
                                 default="builtin:")
    font: str = described("Font", "A font family; DejaVu Sans ships with the studio", default="DejaVu Sans")
    size: float = described("Size (pt)", default=8.0, min=0.5, max=500)
    bold: bool = described("Bold", default=False)
    colour: str = described("Colour", "#rrggbb of text, or a shape's outline", ref="colour", default="#000000")
    fill: str | None = described("Fill", "#rrggbb behind the zone; none for transparent", ref="colour",
                                 default=None)
    fill_from: str | None = described(
        "Fill from field", "A field whose colour fills the zone instead: a region, seat, epoch or space reference (a "
        "space by its region's colour, an epoch by the scenario's epochs table) or a #rrggbb the card writes, e.g. "
        "{region} or {epoch}; the fill above when it names none",
        default=None, quiet=True)
    colour_from: str | None = described(
        "Colour from field", "A field whose colour the text or outline takes instead, as fill from field does",
        default=None, quiet=True)
    align: Align = described("Alignment", default=Align.LEFT)
    show_if: str | None = described("Show if", "Draw this zone only when this field has a value, or (field=value) "
                                    "only when it has that value as the file writes it, e.g. epoch=2, or (field^=value) "
                                    "only when it starts with it; join conditions with &, e.g. "
                                    "kind=kingdom & capital=yes", default=None)


@define
class CardLayout:
    id: str = described("Id")
    card_type: str = described("Card type", "The card type this layout draws")
    extends: str | None = described("Extends", "Another layout whose zones are drawn first", default=None)
    width: float = described("Width (mm)", "Trim size; poker cards are 63.5 x 88.9", default=63.5,
                             min=1, max=CARD_LIMIT_MM)
    height: float = described("Height (mm)", default=88.9, min=1, max=CARD_LIMIT_MM)
    bleed: float = described("Bleed (mm)", "Printed beyond the trim line, cut away", default=3.0,
                             min=0, max=CARD_LIMIT_MM)
    safe: float = described("Safe margin (mm)", "Text must stay this far inside the trim line", default=3.0,
                            min=0, max=CARD_LIMIT_MM)
    background: str = described("Background", "#rrggbb", default="#ffffff")
    corner_radius: float = described(
        "Corner radius (mm)", "The trim line's rounded corners, as the cutter rounds them; poker cards are about "
        "3, tiles 0. The bleed follows it outside", default=0.0, min=0, max=CARD_LIMIT_MM / 2, quiet=True)
    zones: list[Zone] = described("Zones", factory=list)


@define
class Scenario:
    meta: Meta = described("About")
    ruleset: RulesetRef = described("Ruleset")
    board: Board = described("Board", factory=Board)
    decks: list[Deck] = described("Decks", factory=list)
    seats: list[Seat] = described("Seats", factory=list)
    setup: list[Placement] = described("Setup", "Initial placements", factory=list)
    layouts: list[CardLayout] = described("Card layouts", "How each card type's face is drawn", factory=list)
    epochs: list[Epoch] = described(
        "Epochs", "Each epoch's number, name and colour, for a game whose cards name an epoch", factory=list,
        quiet=True)

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)
