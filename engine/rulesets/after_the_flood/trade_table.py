"""The trade table's written form: which resources are handed in for which goods (§9.3).

The printed table is lost (issue 1), so the table is an option a designer writes as
'give|give > get|get; ...'. Its form is declared once, as a regular expression on the option,
so ``epoch validate``, the JSON Schema and every other frontend refuse the same texts; the
rules read the table parsed into (give, get) pairs.
"""

from __future__ import annotations

# §9.2: the resources, in order of value
RESOURCES = ("grain", "textiles", "wood", "metal", "tools", "oil", "gold", "lapis")

_SPACE = r"[ \t\n]*"  # the blanks a scenario's text may hold (other control characters are refused)
_RESOURCE = rf"{_SPACE}(?:{'|'.join(RESOURCES)}){_SPACE}"
_SIDE = rf"{_RESOURCE}(?:\|{_RESOURCE})*"
_PART = rf"(?:{_SPACE}|{_SIDE}>{_SIDE})"
# Rules separated by ';' (empty ones ignored), each resources '|'-separated on both sides of '>'.
PATTERN = rf"^{_PART}(?:;{_PART})*$"
FORM = f"as 'give|give > get|get; ...' with the resources {', '.join(RESOURCES)}"


def parse_trade_table(text: str) -> frozenset[tuple[str, str]]:
    """'grain|textiles > wood|metal; tools > gold' as (give, get) pairs; raises ValueError."""
    pairs = set()
    for rule in filter(None, (part.strip() for part in text.split(";"))):
        gives, arrow, gets = rule.partition(">")
        if not arrow:
            raise ValueError(f"{rule!r} has no '>'")
        for resource in (*gives.split("|"), *gets.split("|")):
            if resource.strip() not in RESOURCES:
                raise ValueError(f"unknown resource {resource.strip()!r} in {rule!r}")
        pairs |= {(give.strip(), get.strip()) for give in gives.split("|") for get in gets.split("|")}
    return frozenset(pairs)
