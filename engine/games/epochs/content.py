"""Content of `epochs`: card data decoded from the pack's TOML files (rules are code, cards are
data). The page prints no card values, so the base pack is stand-in throughout (CONTENT.md)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine.content import Record, load
from engine.mechanics.dice import Die
from engine.readings import check_override_table
from engine.ruleset import with_ruleset

LINES = ("ranged", "normal", "melee")  # rulebook p.5: always resolved in this order


class Unit(Record, kw_only=True):
    name: str
    hp: int  # damage symbols
    ranged: int | None = None  # None: the card prints no value for that line
    normal: int | None = None
    melee: int | None = None
    epoch: str | None = None  # set for the elite units and heroes of an epoch deck
    hero: bool = False
    count: int = 1


class Marker(Record, kw_only=True):
    name: str
    count: int
    ranged: int = 0
    normal: int = 0
    melee: int = 0


class Relic(Record, kw_only=True):
    name: str
    count: int
    points: int


class Medal(Record, kw_only=True):
    name: str
    points: int


class DieFaces(Record, kw_only=True):
    name: str
    faces: list[str]


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    count: int


class Setup(Record, kw_only=True):
    epochs: list[str]
    spaces_per_epoch: int
    attacker_slots: int
    defender_slots: int
    defender_markers: int
    hand_size: int
    marker_display: int
    honour_points: int
    start_deck: list[Entry]


class Units(msgspec.Struct):
    unit: list[Unit]


class Markers(msgspec.Struct):
    marker: list[Marker]


class Relics(msgspec.Struct):
    relic: list[Relic]


class Medals(msgspec.Struct):
    medal: list[Medal]


class Dice(msgspec.Struct):
    die: list[DieFaces]


class SetupFile(msgspec.Struct):
    setup: Setup


class Pack:
    """One content pack, indexed by card name."""

    def __init__(self, folder: Path):
        self.setup = load(folder / "setup.toml", SetupFile).setup
        self.units = {u.name: u for u in load(folder / "units.toml", Units).unit}
        self.markers = {m.name: m for m in load(folder / "markers.toml", Markers).marker}
        self.relics = {r.name: r for r in load(folder / "relics.toml", Relics).relic}
        self.medals = {m.name: m for m in load(folder / "medals.toml", Medals).medal}
        die = load(folder / "dice.toml", Dice).die[0]
        self.die = Die(die.name, tuple(die.faces))
        self._check()

    def _check(self) -> None:
        s = self.setup
        for e in s.start_deck:
            if e.name not in self.units or self.units[e.name].epoch is not None:
                raise ValueError(f"setup.start_deck: {e.name!r} is not a starting unit")
        for u in self.units.values():
            if u.epoch is not None and u.epoch not in s.epochs:
                raise ValueError(f"unit {u.name!r}: unknown epoch {u.epoch!r}")
        for face in self.die.faces:
            int(face)  # a face's name is its modifier

    def elites(self, epoch: str) -> list[Unit]:
        return [u for u in self.units.values() if u.epoch == epoch]


PACK = Pack(Path(__file__).with_name("content") / "base")


@with_ruleset
def check_overrides(rs, overrides: dict) -> dict:
    """A situation's card overrides (`Ruleset.check_overrides`): a unit's damage symbols and
    line values (docs/disputes.md)."""
    return check_override_table(
        rs, overrides, {"hp": int, "ranged": int, "normal": int, "melee": int}, PACK.units
    )
