"""The card catalogue a ruleset shows its users: every card with its values and their sources.

Why a core type: `runeledger cards`, the live table and exports all list cards the same way, and a
referee must see for every number where it comes from (the rulebook with its page, a public card
list, or a stand-in we chose). Rulesets build `CardInfo` records from their own content; front ends
only read them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import msgspec

VALUE_KEYS = ("cost", "gold", "strength", "light", "weight", "health", "xp", "vp")
"""The usual value keys, listed first and in this order; a ruleset may add its own after them."""

# A rulebook value names its page, or its section where the rulebook has no page numbers.
SOURCE_RE = re.compile(r"^(rulebook (p\.\d+(-\d+)?|§\d+(\.\d+)*)|public-list|stand-in)$")


class CardInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One card as a player holding the box sees it, plus where each value comes from."""

    name: str  # the print name players see (the rulebook's language)
    english_name: str | None  # the English print name where it differs, else None
    kind: str  # hero, monster, village, basic, trap, treasure, unit, ...
    values: dict[str, int | None]  # None: the card prints no such value (differs from 0)
    sources: dict[str, str]  # same keys as values: "rulebook p.N", "public-list", "stand-in"
    text: str  # its effects in words ("" for a card without text)
    group: str | None = None  # the stack, hero group or faction it belongs to
    count: int | None = None  # copies in the box (or in a game, where the box is unknown)
    count_source: str | None = None
    note: str = ""  # where the text comes from, for a referee (a rulebook section, a reading)

    @property
    def stand_in(self) -> bool:
        """Whether any part of the card is our stand-in, not the box's: the table and the CLI
        mark such a card, so nobody takes it for the printed one."""
        return (
            "stand-in" in self.sources.values()
            or self.count_source == "stand-in"
            or "stand-in" in self.note.casefold()
        )


class CatalogueError(ValueError):
    """A ruleset's catalogue breaks the contract (a value without a source, an unknown source)."""


def check(cards: Iterable[CardInfo]) -> list[CardInfo]:
    """Every value has a source of a known form; names are unique. Returns the list."""
    out, seen = [], set()
    for c in cards:
        if set(c.values) != set(c.sources):
            raise CatalogueError(
                f"card {c.name!r}: values {sorted(c.values)} and sources "
                f"{sorted(c.sources)} name different keys"
            )
        for k, s in c.sources.items():
            if not SOURCE_RE.match(s):
                raise CatalogueError(
                    f"card {c.name!r}: source of {k!r} is {s!r}, not "
                    "'rulebook p.N' (or 'rulebook §N.N' for an unpaginated rulebook), 'public-list' or 'stand-in'"
                )
        if c.count_source is not None and not SOURCE_RE.match(c.count_source):
            raise CatalogueError(f"card {c.name!r}: count source {c.count_source!r}")
        key = (c.kind, c.name)
        if key in seen:
            raise CatalogueError(f"card {c.name!r} ({c.kind}) is listed twice")
        seen.add(key)
        out.append(c)
    return out


def fold(text: str) -> str:
    """Case and accent insensitive form for lookups (Händler = Haendler = handler)."""
    text = text.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    text = text.replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue")
    norm = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in norm if not unicodedata.combining(ch)).casefold().strip()


def find(cards: list[CardInfo], name: str) -> list[CardInfo]:
    """Cards whose print or English name is `name`; failing that, those containing it."""
    want = fold(name)
    exact = [c for c in cards if want in (fold(c.name), fold(c.english_name or ""))]
    if exact:
        return exact
    return [c for c in cards if want in fold(c.name) or want in fold(c.english_name or "")]


def value_name(key: str) -> str:
    """A value's key as players say it: "magic_attack" -> "magic attack"."""
    return key.replace("_", " ")


def values_in_words(card: CardInfo) -> str:
    """ "cost 3, magic attack 1": the printed values (a value the card does not print left out)."""
    return ", ".join(f"{value_name(k)} {v}" for k, v, _ in ordered_values(card) if v is not None)


def ordered_values(card: CardInfo) -> list[tuple[str, int | None, str]]:
    """(key, value, source) with the usual keys first, then the ruleset's own, alphabetically."""
    keys = [k for k in VALUE_KEYS if k in card.values]
    keys += sorted(k for k in card.values if k not in VALUE_KEYS)
    return [(k, card.values[k], card.sources[k]) for k in keys]
