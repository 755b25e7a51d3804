"""The DragonLords world map: a content file (TOML) decoded into Structs and checked for faults.

The rulebook prints no map, so the shipped `content/map.toml` is a stand-in world. A user may
replace it with their own board without touching code; `load_map` then checks the file and names
every fault it finds at once (an edge to nothing, a realm without a kingdom, a harbour on no sea
zone, a missing island or teleportal, ...), citing the rule that makes it a fault.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from pathlib import Path

import msgspec

from engine.content import ContentError, decode, read_toml

MAP_FILE = Path(__file__).parent.parent / "content" / "map.toml"
TERRITORY_KINDS = ("kingdom", "ordinary", "gold", "island", "teleportal")
EDGE_KINDS = ("border", "bridge", "pass")
SPACE_KINDS = ("village", "witches_den", "shrine", "dragons_lair", "draw_quest")


class Realm(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    colour: str
    kingdom: str


class Territory(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    kind: str
    realm: str | None = None
    mine: bool = False
    harbours: list[str] = []
    tundra: bool = False
    grid: list[int] = []  # the cell of the stand-in's 8x4 grid (its left and right edges, F-Q4)
    x: int | None = None  # drawing position (a front end's, as every x and y here); rules never read it
    y: int | None = None


class LandEdge(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    via: str = "border"


class Impassable(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    why: str


class SeaZone(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    adjacent: list[str]
    x: int | None = None
    y: int | None = None


class Space(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    kind: str
    harbour: str | None = None
    x: int | None = None
    y: int | None = None


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    territory: str
    via: str
    space: str


class Wasteland(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    path: list[str]
    spaces: list[Space]
    entries: list[Entry]


class WorldMap(msgspec.Struct, forbid_unknown_fields=True):
    provenance: str
    name: str
    realms: list[Realm]
    territories: list[Territory]
    land_edges: list[LandEdge]
    sea_zones: list[SeaZone]
    teleportals: list[str]
    wastelands: list[Wasteland]
    impassable: list[Impassable] = []

    # -- queries the rules ask -------------------------------------------------------------
    def territory(self, tid: str) -> Territory:
        for t in self.territories:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def neighbours(self, tid: str) -> list[str]:
        """Land neighbours across passable borders, bridges and passes (§2.2/terrain), sorted."""
        out = {e.b for e in self.land_edges if e.a == tid} | {e.a for e in self.land_edges if e.b == tid}
        return sorted(out)

    def sea_neighbours(self, zone: str) -> list[str]:
        return sorted(next(z.adjacent for z in self.sea_zones if z.id == zone))

    def realm_territories(self, realm: str) -> list[str]:
        return sorted(t.id for t in self.territories if t.realm == realm)

    def placeable(self, short_game: bool = False) -> list[str]:
        """Territories open at set-up: no islands (§2.2/islands), no tundra in the short game (§5.1)."""
        return sorted(t.id for t in self.territories if t.kind != "island" and not (short_game and t.tundra))

    def adjacent(self, a: str, b: str, spellcaster_in_a: bool = False) -> bool:
        """Land adjacency (DL:2.2/terrain); two teleportals count as adjacent when a spellcaster of
        the mover stands in the one left from (DL:2.2/teleportals). The world does not wrap (F-Q4)."""
        if b in self.neighbours(a):
            return True
        return spellcaster_in_a and a != b and a in self.teleportals and b in self.teleportals

    def wasteland_of(self, space: str) -> Wasteland:
        for w in self.wastelands:
            if any(s.id == space for s in w.spaces):
                return w
        raise KeyError(space)

    def wasteland_moves(self, start: str, steps: int) -> list[str]:
        """Spaces a party ends on after exactly `steps` moves from `start`, never stepping straight
        back onto the space it just left; the whole roll must be used (DL:3.3/party, F-Q24).
        On entering, the space counting starts from (Village or Dragon's Lair) is position 0 by the
        default reading (INT-46, option `entry_space_counts`); with that option on, callers pass
        steps - 1."""
        w = self.wasteland_of(start)
        links: dict[str, set[str]] = {s.id: set() for s in w.spaces}
        for x, y in pairwise(w.path):
            links[x].add(y)
            links[y].add(x)
        frontier = [(start, "")]
        for _ in range(steps):
            frontier = [(n, here) for here, came in frontier for n in sorted(links[here]) if n != came]
        ends = {here for here, _ in frontier}
        return sorted(ends)

    def entry_moves(self, origin: str, roll: int, entry_space_counts: str = "no") -> list[str]:
        """Where a party entering at `origin` (Village by bridge or harbour, Lair by pass) may end
        with a roll (DL:3.3/party); INT-46 decides whether the origin is step 0 or step 1."""
        return self.wasteland_moves(origin, roll - 1 if entry_space_counts == "yes" else roll)


def faults(m: WorldMap, whole_board: bool = True) -> list[str]:
    """Every fault of the map, each naming the place and the rule it breaks (empty list: sound).
    `whole_board` False (a situation's own map, which may show part of a board) leaves out the
    counts only a whole board must meet: six realms, two mines, four islands, three teleportals,
    the two wasteland paths."""
    out: list[str] = []
    tids = [t.id for t in m.territories]
    zids = [z.id for z in m.sea_zones]
    spaces = [s.id for w in m.wastelands for s in w.spaces]
    for what, ids in (
        ("territory", tids),
        ("sea zone", zids),
        ("wasteland space", spaces),
        ("realm", [r.id for r in m.realms]),
    ):
        seen: set[str] = set()
        for i in ids:
            if i in seen:
                out.append(f"{what} {i!r} is defined twice")
            seen.add(i)
    all_ids = set(tids) | set(zids) | set(spaces)
    if len(all_ids) < len(tids) + len(zids) + len(spaces):
        clash = sorted(i for i in all_ids if (tids + zids + spaces).count(i) > 1)
        out.append(f"ids used by more than one kind of place: {clash}")
    by_id = {t.id: t for t in m.territories}
    realms = {r.id: r for r in m.realms}
    # realms and kingdoms (§2.2/kingdom, §7)
    if whole_board and len(m.realms) != 6:
        out.append(f"the board has 6 realms (§2.2/kingdom), this map has {len(m.realms)}")
    for r in m.realms:
        k = by_id.get(r.kingdom)
        if k is None:
            out.append(f"realm {r.id!r} has no kingdom: {r.kingdom!r} is no territory (§2.2/kingdom)")
        elif k.kind != "kingdom":
            out.append(
                f"realm {r.id!r} has no kingdom: {r.kingdom!r} is of kind {k.kind}, not a kingdom (§2.2/kingdom)"
            )
        elif k.realm != r.id:
            out.append(f"realm {r.id!r}: its kingdom {r.kingdom!r} lies in realm {k.realm!r} (§2.2/kingdom)")
    for t in m.territories:
        if t.kind not in TERRITORY_KINDS:
            out.append(
                f"territory {t.id!r} has unknown kind {t.kind!r} (one of {', '.join(TERRITORY_KINDS)})"
            )
        if t.kind in ("kingdom", "ordinary"):
            if t.realm is None:
                out.append(f"{t.kind} territory {t.id!r} belongs to no realm (§7)")
            elif t.realm not in realms:
                out.append(f"territory {t.id!r} names realm {t.realm!r}, which does not exist")
        elif t.realm is not None:
            out.append(
                f"{t.kind} territory {t.id!r} lies in realm {t.realm!r}; gold territories, islands "
                "and teleportals belong to no realm (§7)"
            )
        if t.mine and t.kind != "gold":
            out.append(
                f"territory {t.id!r} has a mine but is a {t.kind} territory; mines are gold territories (§2.2/gold)"
            )
        for h in t.harbours:
            if h not in zids:
                out.append(
                    f"territory {t.id!r} has a harbour on {h!r}, which is no sea zone (§2.2/sea-zones)"
                )
    kingdoms = [t for t in m.territories if t.kind == "kingdom"]
    for k in kingdoms:
        if k.realm in realms and realms[k.realm].kingdom != k.id:
            out.append(
                f"kingdom {k.id!r} is not the kingdom of its realm {k.realm!r} (§2.2/kingdom: one per realm)"
            )
    counts = (
        ("mine", sum(t.mine for t in m.territories), 2, "§2.2/gold"),
        ("island", sum(t.kind == "island" for t in m.territories), 4, "§2.2/islands"),
        ("teleportal", sum(t.kind == "teleportal" for t in m.territories), 3, "§2.2/teleportals"),
    )
    for what, n, want, rule in counts:
        if whole_board and n != want:
            out.append(f"the board has {want} {what} territories ({rule}), this map has {n}")
    tele = sorted(t.id for t in m.territories if t.kind == "teleportal")
    if sorted(m.teleportals) != tele:
        out.append(
            f"teleportals {sorted(m.teleportals)} differ from the teleportal territories {tele} (§2.2/teleportals)"
        )
    # land edges (§2.2/terrain)
    islands = {t.id for t in m.territories if t.kind == "island"}
    seen_edges: set[tuple[str, str]] = set()
    for e in m.land_edges:
        for end in (e.a, e.b):
            if end not in by_id:
                out.append(f"land edge {e.a!r}-{e.b!r} leads to nothing: {end!r} is no territory")
        if e.a == e.b:
            out.append(f"land edge {e.a!r}-{e.b!r} joins a territory to itself")
        if e.via not in EDGE_KINDS:
            out.append(
                f"land edge {e.a!r}-{e.b!r} has unknown kind {e.via!r} (one of {', '.join(EDGE_KINDS)})"
            )
        if e.a in islands or e.b in islands:
            out.append(
                f"land edge {e.a!r}-{e.b!r} touches an island; islands are reached only by ship (§2.2/islands)"
            )
        low, high = sorted((e.a, e.b))
        key = (low, high)
        if key in seen_edges:
            out.append(f"land edge {e.a!r}-{e.b!r} is listed twice")
        seen_edges.add(key)
    for x in m.impassable:
        for end in (x.a, x.b):
            if end not in by_id:
                out.append(f"impassable border {x.a!r}-{x.b!r} leads to nothing: {end!r} is no territory")
        if tuple(sorted((x.a, x.b))) in seen_edges:
            out.append(f"border {x.a!r}-{x.b!r} is both passable and impassable (§2.2/terrain)")
    # sea zones (§2.2/sea-zones)
    for z in m.sea_zones:
        for a in z.adjacent:
            if a not in zids:
                out.append(f"sea zone {z.id!r} borders {a!r}, which is no sea zone")
            elif z.id not in next(o.adjacent for o in m.sea_zones if o.id == a):
                out.append(f"sea zone {z.id!r} borders {a!r} but not the other way round")
    for i in sorted(islands):
        if not by_id[i].harbours:
            out.append(f"island {i!r} has no harbour, so no ship can reach it (§2.2/islands)")
    # wastelands (§2.2/wastelands, §3.3)
    if whole_board and sorted(w.id for w in m.wastelands) != ["bottom", "top"]:
        out.append(
            f"the board has two wasteland paths, top and bottom (§2.2/wastelands), this map has "
            f"{sorted(w.id for w in m.wastelands)}"
        )
    for w in m.wastelands:
        sids = [s.id for s in w.spaces]
        kinds = {s.kind for s in w.spaces}
        for s in w.spaces:
            if s.kind not in SPACE_KINDS:
                out.append(
                    f"wasteland space {s.id!r} has unknown kind {s.kind!r} (one of {', '.join(SPACE_KINDS)})"
                )
            if s.harbour is not None and s.harbour not in zids:
                out.append(
                    f"wasteland space {s.id!r} has a harbour on {s.harbour!r}, which is no sea zone (§2.2/sea-zones)"
                )
        for kind in SPACE_KINDS:
            if kind not in kinds:
                out.append(f"wasteland {w.id!r} has no {kind} space (§3.3: five kinds of space)")
        for s in w.spaces:
            if s.kind == "village" and s.harbour is None:
                out.append(f"the village {s.id!r} of wasteland {w.id!r} has no harbour (§3.3/party)")
        if sorted(w.path) != sorted(sids):
            out.append(f"wasteland {w.id!r}: its path {w.path} does not list each of its spaces {sids} once")
        for entry in w.entries:
            if entry.territory not in by_id:
                out.append(f"wasteland {w.id!r} entry leads to nothing: {entry.territory!r} is no territory")
            if entry.space not in sids:
                out.append(
                    f"wasteland {w.id!r} entry from {entry.territory!r} leads to {entry.space!r}, no space of it"
                )
                continue
            start = {"bridge": "village", "pass": "dragons_lair"}.get(entry.via)
            got = next(s.kind for s in w.spaces if s.id == entry.space)
            if start is None:
                out.append(
                    f"wasteland {w.id!r} entry from {entry.territory!r} has kind {entry.via!r}; bridge or pass (§3.3/party)"
                )
            elif got != start:
                out.append(
                    f"wasteland {w.id!r}: a {entry.via} entry counts from the {start}, but leads to "
                    f"{entry.space!r} ({got}) (§3.3/party)"
                )
    return out


def parse_map(doc: dict, source: str, whole_board: bool = True) -> WorldMap:
    """Decode and check a map document; a ContentError lists every fault found."""
    m = decode(doc, WorldMap, source)
    found = faults(m, whole_board)
    if found:
        raise ContentError(f"{source}: {len(found)} fault(s) in the map:\n  " + "\n  ".join(found))
    return m


def load_map(path: str | Path = MAP_FILE) -> WorldMap:
    return parse_map(read_toml(path), str(path))


@cache
def default_map() -> WorldMap:
    return load_map(MAP_FILE)
