"""DragonLords content (units, monsters, spells, scrolls, treasures, tools) decoded into Structs.

Each record says where its values come from: `rulebook §...` (the German rulebook prints it) or
`stand-in` (neither the rulebook nor a public list gives it; see CONTENT.md). `validate` checks
what one record cannot: the component counts the rulebook prints (24 scrolls, 12 treasures, 6
spells numbered 1-6, 4 races of 40 units).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import msgspec

from engine.content import ContentError, decode, read_toml

HERE = Path(__file__).parent / "content"
PROVENANCE = re.compile(r"^(rulebook §\d|stand-in)")


class DLRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    german: str
    provenance: str

    def __post_init__(self) -> None:
        if not PROVENANCE.match(self.provenance):
            raise ValueError(
                f"provenance must start with 'rulebook §' or 'stand-in', got {self.provenance!r}"
            )

    @property
    def stand_in(self) -> bool:
        return self.provenance.startswith("stand-in")


class Bulk(msgspec.Struct, forbid_unknown_fields=True):
    units: int
    gold: int


class Unit(DLRecord, kw_only=True, forbid_unknown_fields=True):
    cost: int
    attack: int
    defense: int
    per_race: int
    special: str
    bulk: Bulk | None = None


class Ship(DLRecord, kw_only=True, forbid_unknown_fields=True):
    cost: int
    capacity: int
    range: int
    barbarian_range: int
    count: int


class Monster(DLRecord, kw_only=True, forbid_unknown_fields=True):
    attack: int
    defense: int
    special: str


class Spell(DLRecord, kw_only=True, forbid_unknown_fields=True):
    number: int
    effect: str
    naval: bool


class Scroll(DLRecord, kw_only=True, forbid_unknown_fields=True):
    count: int
    caster: str  # king | wizard | spellcaster
    effect: str


class Treasure(DLRecord, kw_only=True, forbid_unknown_fields=True):
    own: int = 0  # attack modifier to the bearer's side in its location
    enemy: int = 0  # attack modifier to the other side
    own_at_sea: int = 0  # only in a sea blockade
    grants: str = ""  # an extra spell attack the bearer may make
    protects: list[str] = []  # effects the bearer's side is immune to in its location
    saving_roll: int = 0  # a destroyed unit survives on a d6 at most this
    unlimited_ship_range: bool = False


class Tool(DLRecord, kw_only=True, forbid_unknown_fields=True):
    sold_at: str
    price: int
    single_use: bool
    count: int


class UnitsFile(msgspec.Struct, forbid_unknown_fields=True):
    units: list[Unit]
    ships: list[Ship]
    monsters: list[Monster]


class MagicFile(msgspec.Struct, forbid_unknown_fields=True):
    spells: list[Spell]
    scrolls: list[Scroll]
    treasures: list[Treasure]
    tools: list[Tool]


class Content(msgspec.Struct, frozen=True):
    units: dict[str, Unit]
    ship: Ship
    monsters: dict[str, Monster]
    spells: dict[str, Spell]
    scrolls: dict[str, Scroll]
    treasures: dict[str, Treasure]
    tools: dict[str, Tool]

    def scroll_deck(self) -> list[str]:
        """The 24 scroll cards as ids, in file order (the game shuffles them as a chance event)."""
        return [s.id for s in self.scrolls.values() for _ in range(s.count)]


def _index(records: list, what: str) -> dict:
    out: dict = {}
    for r in records:
        if r.id in out:
            raise ContentError(f"{what}: id {r.id!r} appears twice")
        out[r.id] = r
    return out


def validate(c: Content) -> None:
    """Check the printed component counts; raise ContentError naming each fault and its rule."""
    faults = []
    if sorted(c.units) != ["barbarian", "dwarf", "elf", "orc"]:
        faults.append(f"the four races are Orc, Elf, Dwarf, Barbarian (§2.1), got {sorted(c.units)}")
    for u in c.units.values():
        if u.defense != 6:
            faults.append(f"unit {u.id!r}: every unit defends on 6 (§3.4/land.3), got {u.defense}")
    if sorted(s.number for s in c.spells.values()) != [1, 2, 3, 4, 5, 6]:
        faults.append("the six spells are numbered 1-6 on the reference card (§2.3.5)")
    if len(c.scroll_deck()) != 24:
        faults.append(f"there are 24 scroll cards (§2.1), the counts add up to {len(c.scroll_deck())}")
    if len(c.treasures) != 12:
        faults.append(f"there are 12 treasures (§3.3/treasures), got {len(c.treasures)}")
    for s in c.scrolls.values():
        if s.caster not in ("king", "wizard", "spellcaster"):
            faults.append(f"scroll {s.id!r}: caster {s.caster!r} is not king, wizard or spellcaster")
    for t in c.tools.values():
        if t.sold_at not in ("village", "witches_den", "shrine"):
            faults.append(f"tool {t.id!r}: sold at {t.sold_at!r}, no shop space (§3.3)")
    if faults:
        raise ContentError("dragonlords content: " + "; ".join(faults))


def load_dir(folder: Path = HERE) -> Content:
    u = decode(read_toml(folder / "units.toml"), UnitsFile, "units.toml")
    m = decode(read_toml(folder / "magic.toml"), MagicFile, "magic.toml")
    if len(u.ships) != 1:
        raise ContentError(f"units.toml: expected one ship record, got {len(u.ships)}")
    c = Content(
        units=_index(u.units, "units.toml units"),
        ship=u.ships[0],
        monsters=_index(u.monsters, "units.toml monsters"),
        spells=_index(m.spells, "magic.toml spells"),
        scrolls=_index(m.scrolls, "magic.toml scrolls"),
        treasures=_index(m.treasures, "magic.toml treasures"),
        tools=_index(m.tools, "magic.toml tools"),
    )
    validate(c)
    return c


@cache
def content() -> Content:
    return load_dir(HERE)
