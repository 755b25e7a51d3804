"""Card data: the msgspec schema of content/*.toml and lookups by card id.

Rules are code, cards are data (DESIGN invariant 7): every ability is an entry of the
vocabulary in `vocabulary.py`, named by `on` (when it acts) and `do` (what it does).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from engine.content import Record, load
from engine.games.thunderstone.texts import KNOWN
from engine.mechanics.zones import card_name
from engine.readings import check_override_table
from engine.ruleset import with_ruleset

KINDS = (
    "hero",
    "weapon",
    "item",
    "spell",
    "villager",
    "disease",
    "monster",
    "guardian",
    "trap",
    "treasure",
    "thunderstone",
)
VILLAGE_KINDS = ("weapon", "item", "spell", "villager")


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    on: str
    do: str
    n: int = 0
    m: int = 0
    what: str = ""


class Card(Record, frozen=True, forbid_unknown_fields=True):  # type: ignore[misc]  # msgspec allows a frozen Struct on engine.content.Record (not frozen); mypy's dataclass rule does not
    name: str  # the print name players see (German where the rulebook names it)
    kind: str
    group: str
    stack: str = ""
    keywords: list[str] = msgspec.field(default_factory=list)
    level: int = 0
    count: int = 1
    price: int = 0
    gold: int | None = None  # None: no printed gold value (digest A47)
    strength: int = 0
    weight: int = 0
    attack: int = 0
    magic: int = 0
    light: int = 0
    health: int = 0
    xp: int = 0
    xp_cost: int = 0  # 0: cannot level up
    vp: int = 0
    abilities: list[Ability] = msgspec.field(default_factory=list)
    english: str = ""  # the English print name where it differs ("" = same)
    rulebook: dict[str, str] = msgspec.field(
        default_factory=dict
    )  # field -> "p.N": values the German rulebook gives (it wins)
    stand_in: list[str] = msgspec.field(
        default_factory=list
    )  # fields neither the rulebook nor the public list gives
    box: bool = True  # False: a rulebook-example card, never in a set-up

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: kind {self.kind!r} not in {KINDS}")
        for a in self.abilities:
            if (a.on, a.do) not in KNOWN:
                raise ValueError(f"{self.name}: ability on={a.on!r} do={a.do!r} is not in the vocabulary")

    def has(self, on: str, do: str | None = None) -> Ability | None:
        for a in self.abilities:  # a plain loop: no generator per call (a hot read)
            if a.on == on and (do is None or a.do == do):
                return a
        return None

    def all(self, on: str) -> list[Ability]:
        key = (id(self), on)
        got = _ALL.get(key)
        if got is None or got[0] is not self:
            got = _ALL[key] = (self, [a for a in self.abilities if a.on == on])
        return list(got[1])  # a copy: the caller may change its list, never the card's

    @property
    def is_monster(self) -> bool:
        return self.kind in ("monster", "guardian")

    @property
    def is_village_card(self) -> bool:
        """Village cards for effects that count them: basic Torch/Dagger/Provisions count (p.21)."""
        return self.kind in VILLAGE_KINDS


# Card.all by (card, on): cards are immutable and live as long as their pack (the card is kept
# in the entry, so a reused id() of a card gone is never taken for it)
_ALL: dict[tuple[int, str], tuple[Card, list[Ability]]] = {}


class Feature(Record, frozen=True, forbid_unknown_fields=True):  # type: ignore[misc]  # msgspec allows a frozen Struct on engine.content.Record (not frozen); mypy's dataclass rule does not
    name: str
    adds: str
    kind: str  # guardian | trap | treasure | scenario | pick_two
    english: str = ""


class Setting(Record, frozen=True, forbid_unknown_fields=True):  # type: ignore[misc]  # msgspec allows a frozen Struct on engine.content.Record (not frozen); mypy's dataclass rule does not
    """A Setting (scenario) card: `played` says whether the engine plays it (its effect is known)."""

    name: str
    english: str = ""
    played: bool = False
    text: str = ""


class Pack(msgspec.Struct, frozen=True):
    card: list[Card]
    feature: list[Feature] = []
    setting: list[Setting] = []


HERE = Path(__file__).parent


@cache
def pack(name: str = "base") -> Pack:
    return load(HERE / "content" / f"{name}.toml", Pack)


@cache
def cards(name: str = "base") -> dict[str, Card]:
    return {c.name: c for c in pack(name).card}


class _ById(dict):
    """Card by card id ("Dagger#3"), filled on first use: the lookup is one dict access."""

    def __missing__(self, cid: str) -> Card:
        k = self[cid] = cards()[card_name(cid)]
        return k


_by_id = _ById()
# The hottest read of the rules (hundreds of thousands per second): a bound dict lookup.
card = _by_id.__getitem__


class ById(dict):
    """Something derived once from the card of an id, by id: one dict access per read. Only
    for what no situation can override (kind, abilities, ...; not the OVERRIDABLE values)."""

    def __init__(self, derive) -> None:
        super().__init__()
        self.derive = derive

    def __missing__(self, cid: str):
        got = self[cid] = self.derive(card(cid))
        return got


kind_of = ById(lambda k: k.kind).__getitem__
"""The card's kind by id (a kind is never overridden)."""
is_monster = ById(lambda k: k.kind in ("monster", "guardian")).__getitem__
is_hero = ById(lambda k: k.kind == "hero").__getitem__
is_disease = ById(lambda k: k.kind == "disease").__getitem__
level_of = ById(lambda k: k.level).__getitem__
"""The printed level by id (a level is never overridden)."""


class _Names(dict):
    """Card names by id, filled on first use (ids of every kind, content or not)."""

    def __missing__(self, cid: str) -> str:
        got = self[cid] = card_name(cid)
        return got


name_of = _Names().__getitem__
"""`card_name` of an id, remembered: one dict access."""

_ACTING: dict[str | tuple[str, str], Any] = {}


def acting(on: str):
    """`card(id).all(on)` as a tuple by card id (built once per id; abilities are never
    overridden): for loops that only read a card's abilities of one kind."""
    got = _ACTING.get(on)
    if got is None:
        got = _ACTING[on] = ById(lambda k: tuple(a for a in k.abilities if a.on == on)).__getitem__
    return got


def acting_at(on: str):
    """(index, ability) of the card's abilities of one kind, by card id: `acting` with indexes."""
    key = ("@", on)
    got = _ACTING.get(key)
    if got is None:
        got = _ACTING[key] = ById(
            lambda k: tuple((i, a) for i, a in enumerate(k.abilities) if a.on == on)
        ).__getitem__
    return got


def text_rule(cid: str) -> str:
    """The catalog id of a card's printed text: the digest's card lists (CMP-3..7), which win
    over the rulebook (golden rule TRN-0d)."""
    k = card(cid)
    if k.group == "basic":
        return "CMP-3"
    return {"hero": "CMP-4", "village": "CMP-5", "monster": "CMP-6"}.get(k.group, "CMP-7")


def by_stack(stack: str) -> list[Card]:
    """The box's cards of one stack (rulebook-example cards are never in a stack)."""
    return list(_by_stack(stack))


@cache
def _by_stack(stack: str) -> tuple[Card, ...]:
    return tuple(c for c in pack().card if c.stack == stack and c.box)


def groups(kind: str) -> list[str]:
    """Stack names of one group (hero, village, monster...) in the box, in file order, without repeats."""
    return list(_groups(kind))


@cache
def _groups(kind: str) -> tuple[str, ...]:  # the box never changes: set-up asks this per card shown
    return tuple(dict.fromkeys(c.stack for c in pack().card if c.group == kind and c.box))


OVERRIDABLE = {
    "gold": int,
    "strength": int,
    "weight": int,
    "attack": int,
    "magic": int,
    "light": int,
    "health": int,
    "keywords": list,
    "price": int,
    "vp": int,
    "xp": int,
}
"""The card values a situation may override (docs/disputes.md): battle maths reads the first
eight, buying the price, scoring the VP and experience the XP, each through `value`."""


@with_ruleset
def check_overrides(rs, overrides: dict[str, Any]) -> dict[str, Any]:
    """A situation's card overrides (`Ruleset.check_overrides`): the OVERRIDABLE values of the
    box's cards."""
    return check_override_table(rs, overrides, OVERRIDABLE, cards())


def value(table, c: str) -> Card:
    """The card of id `c` as this game plays it: the content, with a situation's overrides."""
    over = table.options.get("overrides")
    if not over:  # the common case: no situation overrides anything
        return card(c)
    k = card(c)
    if k.name in over:
        return _patched(
            k, tuple(sorted((f, tuple(v) if isinstance(v, list) else v) for f, v in over[k.name].items()))
        )
    return k


def values(table):
    """`value` resolved once for a table: `card` itself when no situation overrides a value
    (the common case), for loops that look up many cards."""
    return card if not table.options.get("overrides") else (lambda c: value(table, c))


_PATCHED: dict[tuple[int, tuple], Card] = {}


def _patched(k: Card, values: tuple) -> Card:
    got = _PATCHED.get((id(k), values))
    if got is None:
        got = _PATCHED[(id(k), values)] = msgspec.structs.replace(
            k, **{f: list(v) if isinstance(v, tuple) else v for f, v in values}
        )
    return got
