"""Content schema of Mage Knight: one msgspec Struct per kind of record, each with its provenance.

Provenance is one of three sources, said at the start of the text: `rulebook p.N` (the German
rulebook prints the value), `public-list` (public card and token lists; named in `lists`), or
`stand-in` (chosen by us because neither gives it). The engine's shared Record admits only the
first and last, so Mage Knight checks its own three here.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

PROVENANCE = re.compile(r"^(rulebook p\.\s?\d+|public-list|stand-in)")
MANA_COLOURS = ("red", "blue", "green", "white")
SPECIAL_MANA = ("gold", "black")
ELEMENTS = ("physical", "fire", "ice", "coldfire")
ENEMY_PILES = ("green", "gray", "brown", "violet", "white", "red")
TERRAINS = ("plains", "hills", "forest", "wasteland", "desert", "swamp", "lake", "mountain")
ENEMY_ABILITIES = (
    "fortified",
    "unfortified",
    "elusive",
    "swift",
    "brutal",
    "poison",
    "paralyze",
    "cumbersome",
    "assassination",
    "summon",
    "vampiric",
    "arcane_immunity",
)


class MKRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    provenance: str
    lists: list[str] = []  # the public lists that agree on the record (see CONTENT.md)

    def __post_init__(self) -> None:
        if not PROVENANCE.match(self.provenance):
            raise ValueError(
                "provenance must start with 'rulebook p.N', 'public-list' or "
                f"'stand-in', got {self.provenance!r}"
            )


class Card(MKRecord, kw_only=True, forbid_unknown_fields=True):
    """A deed card. Effects are trees of the effect vocabulary (see effects in CONTENT.md)."""

    id: str
    name: str
    kind: str  # basic_action advanced_action spell artifact
    color: str | None  # mana colour, "dual:a/b", or None (artifacts, wound)
    powered_by: list[str]
    categories: list[str]
    sideways_value: int
    structured_fully: bool
    basic_effect: Any
    powered_effect: Any
    effect: dict[str, str]  # one-line summaries of both sides
    hero: str = ""
    replaces: str = ""
    powered_name: str = ""
    destroy_on_powered: bool = False
    note: str = ""


class Attack(msgspec.Struct, forbid_unknown_fields=True):
    value: int = 0
    element: str = "physical"
    summon: bool = False
    summon_pile: str = ""


class Enemy(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    color: str
    category: str
    set: str
    copies: int
    armor: int
    attacks: list[Attack]
    fame: int
    reputation: int
    resistances: list[str]
    abilities: list[str]
    armor_elusive: int = 0
    faction: str = ""
    defend: int = 0
    disputed: dict[str, Any] = {}
    suspect: str = ""  # set: not drawn until checked against the physical tokens


class Unit(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    type: str  # regular elite
    level: int
    influence_cost: int
    armor: int
    resistances: list[str]
    recruit_sites: list[str]
    copies: int
    abilities: list[dict[str, Any]]
    set: str
    set_inferred: bool = False
    reversed_reputation: bool = False
    no_free_recruit: bool = False
    disputed: dict[str, Any] = {}
    placeholder: bool = False  # not a physical card; never put in the unit deck
    note: str = ""


class Skill(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    hero: str
    usage: str  # once_per_turn once_per_round interactive passive
    categories: list[str]
    effect: Any
    effect_text: str
    effect_text_source: str


class Tactic(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    time: str  # day night
    number: int  # turn order: lowest acts first
    effect_text: str
    effect: dict[str, Any] = {}  # the part the engine applies: when_taken (effect tree),
    #                                hand_limit_bonus with min_hand (end of turn)


class RuinsToken(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    kind: str  # altar enemies
    set: str
    pay: dict[str, int] = {}
    fame: int = 0
    draw: list[str] = []
    reward: list[str] = []
    digital_agrees: bool = True
    disputed: dict[str, Any] = {}


class TileHex(msgspec.Struct, forbid_unknown_fields=True):
    pos: str  # C NE E SE SW W NW
    terrain: str
    site: str = ""
    rampaging: str = ""  # orc_marauder (green pile) | draconum (red pile)
    mine_color: str = ""
    deep_mine_colors: list[str] = []
    city_color: str = ""
    disputed: list[str] = []
    alternatives: dict[str, Any] = {}
    resolution: str = ""


class Tile(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    type: str  # starting countryside core
    set: str
    has_city: bool
    hexes: list[TileHex]
    city_color: str = ""
    note: str = ""


class Hero(MKRecord, kw_only=True, forbid_unknown_fields=True):
    id: str
    starting_crystals: list[str]
    unique_cards: list[str]
    set: str
    note: str = ""


class Heroes(msgspec.Struct, forbid_unknown_fields=True):
    standard_starting_deck: list[str]
    deck_provenance: str
    heroes: list[Hero]


class TerrainCost(MKRecord, kw_only=True, forbid_unknown_fields=True):
    terrain: str
    day: int | None  # None: impassable
    night: int | None


class CityGarrison(MKRecord, kw_only=True, forbid_unknown_fields=True):
    city: str
    level: int
    piles: list[str]
