"""Derived map look-ups the rules ask many times a command (built once per map, cached).

The map itself is data (content/map.toml, checked by map.py); this module only indexes it:
land neighbours, harbours by sea zone, realm members, wasteland entries.

A situation may state a map of its own (`[game.map]`, docs/disputes.md). Its document travels in
the game's `dl.setup` event and state (`map_key`, `map_doc`); `world()` answers for the map of the
game being worked on, which the ruleset's entry points set with `on_map` (a context variable, so
two games on different maps in one process never see each other's board). Games on the shipped
map have the key "" and pay nothing for this.
"""

from __future__ import annotations

import hashlib
import json
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, cached_property

from engine.games.dragonlords.map.load import WorldMap, default_map, parse_map

_CURRENT: ContextVar[str] = ContextVar("dragonlords_map", default="")
_MAPS: dict[str, WorldMap] = {}


@dataclass(frozen=True)
class World:
    m: WorldMap
    kind: dict  # territory -> kind
    realm: dict  # territory -> realm id or None
    kingdom_of: dict  # realm -> kingdom territory
    land: dict  # territory -> sorted land neighbours
    harbours: dict  # territory -> sorted sea zones it has a harbour on
    coast: dict  # sea zone -> sorted territories with a harbour on it
    sea: dict  # sea zone -> sorted neighbouring zones
    mine: frozenset
    tundra: frozenset
    teleportals: tuple
    space_kind: dict  # wasteland space -> kind
    space_harbour: dict  # village space -> sea zone
    entries: dict  # territory -> [(space, via)] wasteland entries from it
    exits: dict  # space -> [territory] a party may leave to (INT-20)

    @property
    def territories(self) -> list[str]:
        return list(self.territory_list)

    @cached_property
    def territory_list(self) -> tuple[str, ...]:
        """The territories, sorted, worked out once (`territories` is a fresh list of them)."""
        return tuple(sorted(self.kind))

    @property
    def kingdoms(self) -> list[str]:
        return list(self.kingdom_list)

    @cached_property
    def kingdom_list(self) -> tuple[str, ...]:
        """The kingdoms, sorted, worked out once (`kingdoms` is a fresh list of them)."""
        return tuple(sorted(t for t, k in self.kind.items() if k == "kingdom"))

    @cached_property
    def wasteland_by_space(self) -> dict[str, str]:
        """Wasteland space -> the id of the wasteland it lies in (asked for every entry, ship
        and party at each quest decision: a dict, not a search of the spaces)."""
        return {s.id: w.id for w in self.m.wastelands for s in w.spaces}

    def adjacent(self, a: str, b: str, caster_in_a: bool = False) -> bool:
        if b in self.land.get(a, ()):
            return True
        return caster_in_a and a != b and a in self.teleportals and b in self.teleportals

    def neighbours(self, a: str, caster_in_a: bool = False) -> list[str]:
        """Sorted; kept per place (the map never changes): callers read it, never change it."""
        key = (a, caster_in_a)
        got = self._around.get(key)
        if got is None:
            out = list(self.land.get(a, ()))
            if caster_in_a and a in self.teleportals:
                out += [p for p in self.teleportals if p != a and p not in out]
            got = self._around[key] = sorted(out)
        return got

    @cached_property
    def _around(self) -> dict[tuple[str, bool], list[str]]:
        return {}


def map_key(doc: dict) -> str:
    """The name a situation's map goes by: a digest of its document (the same map, the same key)."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "situation:" + hashlib.sha256(text.encode()).hexdigest()[:16]


def register_map(doc: dict, source: str = "situation [game.map]") -> str:
    """Check a situation's map with the loader's checks (every fault named, ContentError) and keep it
    under its key. A situation may show only the part of the board its dispute needs, so the whole
    board's counts (six realms, two mines, four islands, three teleportals, two wastelands) are not
    asked of it."""
    key = map_key(doc)
    if key not in _MAPS:
        _MAPS[key] = parse_map(doc, source, whole_board=False)
    return key


def run_on(game, fn, *args):
    """Call fn(*args) with `world()` answering for the map of game state `g`."""
    key = getattr(game, "map_key", "")
    if key == _CURRENT.get():
        return fn(*args)
    if key and key not in _MAPS:
        register_map(game.map_doc)
    token = _CURRENT.set(key)
    try:
        return fn(*args)
    finally:
        _CURRENT.reset(token)


class on_key:
    """`with on_key(key):` world() answers for that map (a situation being laid out)."""

    def __init__(self, key: str):
        self.key = key

    def __enter__(self):
        self.token = _CURRENT.set(self.key)

    def __exit__(self, *exc):
        _CURRENT.reset(self.token)


def world() -> World:
    return _built(_CURRENT.get())


@cache
def _built(key: str) -> World:
    m = _MAPS[key] if key else default_map()
    land: dict[str, set] = {t.id: set() for t in m.territories}
    for e in m.land_edges:
        land[e.a].add(e.b)
        land[e.b].add(e.a)
    coast: dict[str, set] = {z.id: set() for z in m.sea_zones}
    for t in m.territories:
        for z in t.harbours:
            coast[z].add(t.id)
    entries: dict[str, list] = {}
    exits: dict[str, list] = {}
    for w in m.wastelands:
        for entry in w.entries:
            entries.setdefault(entry.territory, []).append((entry.space, entry.via))
            exits.setdefault(entry.space, []).append(entry.territory)
    return World(
        m=m,
        kind={t.id: t.kind for t in m.territories},
        realm={t.id: t.realm for t in m.territories},
        kingdom_of={r.id: r.kingdom for r in m.realms},
        land={k: tuple(sorted(v)) for k, v in land.items()},
        harbours={t.id: tuple(sorted(t.harbours)) for t in m.territories},
        coast={k: tuple(sorted(v)) for k, v in coast.items()},
        sea={z.id: tuple(sorted(z.adjacent)) for z in m.sea_zones},
        mine=frozenset(t.id for t in m.territories if t.mine),
        tundra=frozenset(t.id for t in m.territories if t.tundra),
        teleportals=tuple(sorted(m.teleportals)),
        space_kind={s.id: s.kind for w in m.wastelands for s in w.spaces},
        space_harbour={s.id: s.harbour for w in m.wastelands for s in w.spaces if s.harbour},
        entries={k: tuple(sorted(v)) for k, v in entries.items()},
        exits={k: tuple(sorted(v)) for k, v in exits.items()},
    )
