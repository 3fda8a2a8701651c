"""A deck as a spreadsheet: a row per card, a column per field, lists in one cell.

Designers write card sets in spreadsheets; this is the way in and out. The columns come
from the deck's card types (the model's field metadata), after the reserved columns every
card has. Reading never trusts a cell: each is turned into the JSON value its field
expects where it plainly is one, and otherwise kept as text, so the scenario's own
validation reports it located (``decks[empires].cards[e12].data.armies: expected a whole
number, found text 'ten'``) together with the sheet's row and column. Cells are data both
ways: text is never written as a formula (``docs/security.md``), and a sheet past the
limits below is refused at its row and column before the rest is read.
"""

from __future__ import annotations

import csv
import enum
import io
import re
import types
import typing
import zipfile
import zlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.scenario.atomic import replacing
from engine.scenario.games import GameLookup
from engine.scenario.model import CardData
from engine.scenario.problems import Problem
from engine.scenario.reading import Unreadable, check_regular, read_regular

RESERVED = ("id", "name", "copies", "type", "text", "art")
TRUE = {"true", "yes", "1"}
FALSE = {"false", "no", "0"}
Cell = str | int | float | bool | None


def data_fields(card_types: Sequence[type[CardData]]) -> list[str]:
    """Every data field of ``card_types``, in declaration order, each once."""
    names: list[str] = []
    for card_type in card_types:
        for field in attrs.fields(card_type):
            if field.name not in names and field.name not in RESERVED:
                names.append(field.name)
    return names


def _field_types(card_types: Mapping[str, type[CardData]]) -> dict[str, dict[str, Any]]:
    return {name: typing.get_type_hints(card_type) for name, card_type in card_types.items()}


def _text(value: Any) -> Cell:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(_text(item)) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{key}={_text(item)}" for key, item in value.items())
    return value


def deck_table(raw_deck: Mapping[str, Any], card_types: Sequence[type[CardData]]) -> tuple[list[str], list[list[Cell]]]:
    """The header and rows of one deck, from its parsed JSON (as saved, so nothing is lost)."""
    header = [*RESERVED, *data_fields(card_types)]
    rows = []
    for card in raw_deck.get("cards", []):
        data = card.get("data", {})
        row = [_text(card.get("id")), _text(card.get("name")), card.get("copies", 1), _text(data.get("type")),
               _text(card.get("text", "")), _text(card.get("art"))]
        row += [_text(data.get(name)) for name in header[len(RESERVED):]]
        rows.append(row)
    return header, rows


# -- files ------------------------------------------------------------------------------

MAX_ROWS = 10_000  # cards below the header (a deck of History of the World has 40)
MAX_COLUMNS = 200  # the reserved columns and every data field, with room to spare
MAX_CELL = 32_767  # characters in one cell, Excel's own limit
MAX_BYTES = 32 * 2**20  # a CSV file, or everything inside an XLSX once unpacked
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula (OWASP)
QUOTE = "'"


class SheetError(ValueError):
    """A spreadsheet that cannot be read, with the file and, where known, the row and column."""


def _guarded(cell: Cell) -> Cell:
    """A CSV cell as OWASP advises: text a spreadsheet would run as a formula gets a leading
    quote, and so does text that begins with a quote, so reading removes exactly one."""
    return QUOTE + cell if isinstance(cell, str) and cell.startswith((*FORMULA_STARTS, QUOTE)) else cell


def _unguarded(cell: str) -> str:
    return cell[1:] if cell.startswith(QUOTE) else cell


def write_sheet(path: Path, header: list[str], rows: list[list[Cell]]) -> None:
    """CSV through the standard library, XLSX through openpyxl; written beside, then moved.
    Text is always text: XLSX cells are typed as strings, CSV cells guarded by ``_guarded``."""
    with replacing(path) as temporary:
        if path.suffix.lower() == ".xlsx":
            _write_xlsx(temporary, path.name, header, rows)
        else:
            with temporary.open("w", encoding="utf-8", newline="") as file:
                writer = csv.writer(file)
                writer.writerow(header)
                writer.writerows(["" if cell is None else _guarded(cell) for cell in row] for row in rows)


def _write_xlsx(path: Path, name: str, header: list[str], rows: list[list[Cell]]) -> None:
    from openpyxl import Workbook
    from openpyxl.utils.exceptions import IllegalCharacterError

    book = Workbook()
    sheet = book.active
    sheet.title = "cards"
    for number, row in enumerate([header, *rows], start=1):
        for index, value in enumerate(row):
            if value in (None, ""):
                continue
            try:
                cell = sheet.cell(row=number, column=index + 1, value=value)
            except IllegalCharacterError:
                raise SheetError(f"{name}: row {number}, column {column_letter(index)}: a control character, "
                                 "which XLSX cannot store") from None
            if isinstance(value, str):
                cell.data_type = "s"  # openpyxl takes text beginning with = for a formula
    book.save(path)


def read_sheet(path: Path) -> tuple[list[str], list[list[Cell]]]:
    """The header and rows of a CSV or XLSX file (the first sheet), within the limits above;
    whatever the file holds, a failure is a ``SheetError`` (or an ``OSError`` reading a CSV)."""
    rows = _xlsx_rows(path) if path.suffix.lower() == ".xlsx" else _csv_rows(path)
    values = [row for row in _bounded(path.name, rows) if any(cell not in (None, "") for cell in row)]
    if not values:
        return [], []
    header = [str(cell).strip() if cell is not None else "" for cell in values[0]]
    return header, values[1:]


def _bounded(name: str, rows: Iterator[Sequence[Cell]]) -> list[list[Cell]]:
    """The rows, refused at the first that passes a limit: nothing is read past it."""
    values = []
    for number, row in enumerate(rows, start=1):
        if number > MAX_ROWS + 1:
            raise SheetError(f"{name}: row {number}: a sheet holds at most {MAX_ROWS:,} cards below its header")
        cells = list(row)
        while cells and cells[-1] in (None, ""):
            cells.pop()
        if len(cells) > MAX_COLUMNS:
            raise SheetError(f"{name}: row {number}, column {column_letter(MAX_COLUMNS)}: "
                             f"a sheet has at most {MAX_COLUMNS} columns")
        for index, cell in enumerate(cells):
            if isinstance(cell, str) and len(cell) > MAX_CELL:
                raise SheetError(f"{name}: row {number}, column {column_letter(index)}: a cell of "
                                 f"{len(cell):,} characters (at most {MAX_CELL:,})")
        values.append(cells)
    return values


def _too_big(name: str, size: int, what: str) -> SheetError:
    return SheetError(f"{name}: {what} {size:,} bytes (a sheet may hold at most {MAX_BYTES:,})")


def _csv_rows(path: Path) -> Iterator[list[str]]:
    try:
        text = read_regular(path, MAX_BYTES, "a sheet").decode("utf-8-sig")  # a CR inside a quoted cell is kept
    except Unreadable as error:
        raise SheetError(f"{path.name}: {error}") from None
    except UnicodeDecodeError as error:
        raise SheetError(f"{path.name}: byte {error.start}: not UTF-8 text; save the sheet as CSV UTF-8") from None
    reader = csv.reader(io.StringIO(text))
    try:
        for row in reader:
            yield [_unguarded(cell) for cell in row]
    except csv.Error as error:
        raise SheetError(f"{path.name}: line {reader.line_num}: {error}") from None


def _xlsx_rows(path: Path) -> Iterator[tuple[Cell, ...]]:
    """The first sheet's values, at most ``MAX_COLUMNS + 1`` a row; an archive that unpacks
    past ``MAX_BYTES`` is refused before openpyxl reads it. openpyxl reports a damaged file
    with whatever its parsers raise (a bad offset is an OSError, XML's ParseError a SyntaxError, an
    unknown compression a NotImplementedError), so each is caught here and told as the file's
    problem; found by flipping bytes of an exported sheet 5,000 times."""
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    errors = (zipfile.BadZipFile, zlib.error, InvalidFileException, OSError, KeyError, ValueError, TypeError,
              AttributeError, IndexError, SyntaxError, EOFError, MemoryError, RuntimeError, OverflowError)
    try:
        check_regular(path, MAX_BYTES, "a sheet")
        with zipfile.ZipFile(path) as archive:
            size = sum(info.file_size for info in archive.infolist())
        if size > MAX_BYTES:
            raise _too_big(path.name, size, "unpacked, the XLSX holds")
        book = load_workbook(path, read_only=True, data_only=True)
        try:
            sheet = book.worksheets[0]
            sheet.reset_dimensions()  # the stored size may claim a million rows it does not hold
            yield from sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1)
        finally:
            book.close()
    except SheetError:
        raise
    except Unreadable as error:
        raise SheetError(f"{path.name}: {error}") from None
    except errors as error:
        raise SheetError(f"{path.name}: not a readable XLSX workbook ({type(error).__name__}: {error})") from None


# -- reading cells ----------------------------------------------------------------------


def _parse(cell: Cell, hint: Any) -> Any:
    """The JSON value ``cell`` plainly is for a field of type ``hint``; text when unsure."""
    text = cell.strip() if isinstance(cell, str) else cell
    origin = typing.get_origin(hint)
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if origin in (typing.Union, types.UnionType):
        if text in ("", None):
            return None
        return _parse(cell, args[0]) if len(args) == 1 else text
    if origin is list:
        if text in ("", None):
            return []
        items = [item.strip() for item in str(text).split(",")]
        return [_parse(item, args[0] if args else str) for item in items]
    if hint is bool:
        if isinstance(text, bool):
            return text
        lowered = str(text).lower()
        return True if lowered in TRUE else False if lowered in FALSE else text
    if hint is int:
        if isinstance(text, float) and text.is_integer():
            return int(text)
        if isinstance(text, str) and re.fullmatch(r"-?[0-9]{1,19}", text):
            return int(text)
        return text
    if hint is float:
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            return text
        try:
            return float(text) if isinstance(text, str) and text else text
        except ValueError:
            return text
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "" if text is None else str(text)
    if hint is str:
        if text is None:
            return ""
        return str(cell) if isinstance(cell, str) else str(text)
    return text


def column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def cards_from_table(
    header: list[str], rows: list[list[Cell]], card_types: Mapping[str, type[CardData]], deck_id: str
) -> tuple[list[dict[str, Any]], list[Problem], dict[tuple[str, str], str]]:
    """Card objects as a scenario file holds them, the problems of the sheet's shape, and
    where each (card id, field) came from as ``row R, column C`` for located messages."""
    problems = []
    missing = [name for name in ("id", "name", "type") if name not in header]
    if missing:
        return [], [Problem("", f"the sheet needs the columns {', '.join(missing)} in its first row")], {}
    known = set(RESERVED) | {name for t in card_types.values() for name in (f.name for f in attrs.fields(t))}
    for index, name in enumerate(header):
        if name and name not in known:
            problems.append(Problem(f"column {column_letter(index)} ({name})", "not a field of this deck's cards"))
    hints = _field_types(card_types)
    cards = []
    origins: dict[tuple[str, str], str] = {}
    for number, row in enumerate(rows, start=2):
        cells = dict(zip(header, list(row) + [None] * (len(header) - len(row))))
        card_id = str(_parse(cells.get("id"), str))
        type_name = str(_parse(cells.get("type"), str))
        for index, name in enumerate(header):
            if name:
                origins[(card_id, name)] = f"row {number}, column {column_letter(index)}"
        card: dict[str, Any] = {"id": card_id, "name": _parse(cells.get("name"), str)}
        if "copies" in cells:
            card["copies"] = _parse(cells["copies"], int) if cells["copies"] not in ("", None) else 1
        if "text" in cells:
            card["text"] = _parse(cells["text"], str)
        if "art" in cells:
            card["art"] = _parse(cells["art"], str | None)
        data: dict[str, Any] = {"type": type_name}
        type_hints = hints.get(type_name, {})
        for name, hint in type_hints.items():
            if name in cells and not (name in RESERVED and name != "type"):
                data[name] = _parse(cells[name], hint)
        if type_name not in card_types:
            problems.append(Problem(f"decks[{deck_id}].cards[{card_id}].data.type",
                                    f"unknown card type {type_name!r} (row {number})"))
        card["data"] = data
        cards.append(card)
    return cards, problems, origins


# -- comparing --------------------------------------------------------------------------


@attrs.frozen
class CardChange:
    """One card's difference between the scenario and a sheet: what a preview lists."""

    card: str
    kind: str  # added, changed, removed
    fields: tuple[str, ...] = ()


def _flat(card: Mapping[str, Any]) -> dict[str, Any]:
    flat = {key: value for key, value in card.items() if key != "data"}
    flat.update({f"data.{key}": value for key, value in card.get("data", {}).items()})
    return flat


def deck_diff(before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]) -> list[CardChange]:
    old = {card.get("id"): _flat(card) for card in before}
    new = {card.get("id"): _flat(card) for card in after}
    changes = []
    for card_id, fields in new.items():
        if card_id not in old:
            changes.append(CardChange(str(card_id), "added"))
            continue
        changed = tuple(sorted(k for k in fields.keys() | old[card_id].keys() if fields.get(k) != old[card_id].get(k)))
        if changed:
            changes.append(CardChange(str(card_id), "changed", changed))
    changes += [CardChange(str(card_id), "removed") for card_id in old if card_id not in new]
    return changes


def card_types_of(ruleset_types: Mapping[str, type[CardData]], raw_deck: Mapping[str, Any]) -> list[type[CardData]]:
    """The card types a deck's columns come from: those its cards use, else every type."""
    used = [card.get("data", {}).get("type") for card in raw_deck.get("cards", [])]
    chosen = [ruleset_types[name] for name in dict.fromkeys(used) if name in ruleset_types]
    return chosen or list(ruleset_types.values())


# -- a whole import ---------------------------------------------------------------------


@attrs.frozen
class SheetImport:
    """What importing a sheet into a deck would do: the scenario it gives (None when there
    are problems), the per-card changes, and every problem located in scenario and sheet."""

    scenario: Any
    changes: list[CardChange]
    problems: list[Problem]


def _where(problem: Problem, deck_id: str, origins: Mapping[tuple[str, str], str]) -> Problem:
    prefix = f"decks[{deck_id}].cards["
    if not problem.path.startswith(prefix):
        return problem
    card_id, _, rest = problem.path[len(prefix):].partition("]")
    field = rest.lstrip(".").removeprefix("data.").split(".")[0].split("[")[0] or "id"
    origin = origins.get((card_id, field)) or origins.get((card_id, "id"))
    return Problem(problem.path, f"{problem.message} ({origin})") if origin else problem


def import_sheet(raw: dict[str, Any], deck_id: str, header: list[str], rows: list[list[Cell]],
                 card_types: Mapping[str, type[CardData]], base_dir: Path | None,
                 games: GameLookup) -> SheetImport:
    """Put the sheet's cards in place of the deck's, in a copy of the parsed scenario ``raw``,
    and validate the whole scenario as a file would be (``games`` as for ``load_scenario``)."""
    from engine.scenario.io import scenario_from_data, scenario_to_data

    decks = raw.get("decks") if isinstance(raw.get("decks"), list) else []
    index = next((i for i, deck in enumerate(decks) if isinstance(deck, dict) and deck.get("id") == deck_id), None)
    if index is None:
        known = ", ".join(str(d.get("id")) for d in decks if isinstance(d, dict))
        return SheetImport(None, [], [Problem("decks", f"no deck {deck_id!r} (decks: {known or 'none'})")])
    before, _ = scenario_from_data(raw, base_dir, games)
    cards, problems, origins = cards_from_table(header, rows, card_types, deck_id)
    if problems:
        return SheetImport(None, [], problems)
    changed = {**raw, "decks": [*decks[:index], {**decks[index], "cards": cards}, *decks[index + 1:]]}
    after, problems = scenario_from_data(changed, base_dir, games)
    if problems:
        return SheetImport(None, [], [_where(p, deck_id, origins) for p in problems])
    old = scenario_to_data(before, games)["decks"][index]["cards"] if before is not None else decks[index].get("cards", [])
    new = scenario_to_data(after, games)["decks"][index]["cards"]
    return SheetImport(after, deck_diff(old, new), [])
