"""Card names from instance ids, through each ruleset's public catalogue (`Ruleset.cards()`).

Events name card instances (`Miliz#s0.1`, `green_diggers#1`, `tempest`): an analyst groups by
the card, in a language they read. The catalogue has no ids, so an id is matched to a card by
its letters alone (case, accents, spaces and punctuation ignored), also with the card's group or
kind qualifier in front (`green_diggers` is the green enemy "Diggers", `wolfhawk_motivation`
Wolfhawk's skill "Motivation"), failing that by a catalogue key it begins with, or by the one card
whose name holds all its words. An id the catalogue does not list keeps its own words.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from engine import language, registry
from engine.cards import CardInfo, fold

_QUALIFIER = re.compile(r"\((.*)\)")
MIN_PREFIX = 4  # a catalogue key shorter than this never matches an id by prefix


class Name(NamedTuple):
    en: str  # the English name (the print name where the catalogue gives no other)
    de: str | None  # the German print name, for rulesets whose cards print in German


def key(text: str) -> str:
    """The letters and digits of `text`, folded: "Nature's Vengeance" -> "naturesvengeance"."""
    return re.sub(r"[^0-9a-z]", "", fold(text.replace("_", " ")))


def _words(text: str) -> list[str]:
    return re.findall(r"[0-9a-z]+", fold(text.replace("_", " ").replace("'", "")))


def base(instance: str) -> str:
    """The card an instance id names: `Miliz#s0.1` -> `Miliz`."""
    return instance.split("#", 1)[0]


def _keys(card: CardInfo) -> set[str]:
    names = {card.name, card.english_name or card.name}
    q = _QUALIFIER.search(card.kind)
    quals = {x for x in (card.group, q.group(1) if q else None) if x}
    return {key(n) for n in names} | {key(f"{x} {n}") for x in quals for n in names}


class Names:
    """One ruleset's lookup from ids to `Name`s. The print names are German exactly where the
    catalogue pairs them with English names (Thunderstone, DragonLords, Rune Age); else the
    print name is the English one and `de` is None. The names in each language are the ones
    every front end shows (engine.language): a German print name whose English is unknown reads
    "Ork I (print name)" in English."""

    def __init__(self, cards: list[CardInfo], ruleset: str | None = None):
        self.cards, self.ruleset = cards, ruleset
        self.german = any(c.english_name for c in cards)
        self.by_key: dict[str, dict[str, CardInfo]] = {}
        for c in cards:
            for k in _keys(c):
                self.by_key.setdefault(k, {}).setdefault(c.kind, c)
        self.prefixes = sorted((k for k in self.by_key if len(k) >= MIN_PREFIX), key=len, reverse=True)

    def _by_words(self, ident: str) -> dict[str, CardInfo] | None:
        """The one card whose name has every word of the id (`elemental_fire`: "Summon
        Elemental (Fire)"), else None."""
        want = set(_words(ident))
        hits = {
            (c.kind, c.name): c for c in self.cards if want and want <= set(_words(c.english_name or c.name))
        }
        if len(hits) != 1:
            return None
        (c,) = hits.values()
        return {c.kind: c}

    def card(self, instance: str, kinds: tuple[str, ...] = ()) -> CardInfo | None:
        """The catalogue card of an id (of one of `kinds` when given), or None."""
        k = key(base(instance))
        found = (
            self.by_key.get(k)
            or next((self.by_key[p] for p in self.prefixes if k.startswith(p)), None)
            or self._by_words(base(instance))
        )
        if not found:
            return None
        if kinds:
            return next((found[kind] for kind in kinds if kind in found), None)
        return next(iter(found.values()))

    def of(self, instance: str | None, kinds: tuple[str, ...] = ()) -> Name | None:
        if not instance:
            return None
        c = self.card(instance, kinds)
        if c is None:
            words = base(instance).replace("_", " ")
            words = words[:1].upper() + words[1:]
            return Name(words, words if self.german else None)
        return Name(
            language.card_name(c, "en", self.ruleset),
            language.card_name(c, "de", self.ruleset) if self.german else None,
        )


@cache
def names(ruleset: str) -> Names:
    try:
        cards = registry.get(ruleset).cards()
    except Exception:  # a ruleset whose catalogue fails to build: ids keep their words
        cards = []
    return Names(cards, ruleset)


def readable(token: str) -> str:
    """An id-like word as a person reads it ('dwarf' -> 'Dwarf', 'full_conquest' -> 'Full
    conquest'); a name already written as one ('Waiqar the Undying') is kept."""
    if token != token.lower():
        return token
    words = token.replace("_", " ").strip()
    return words[:1].upper() + words[1:]
