"""Places, units, chip-bearers and cards in words for the choice tree: the map's ids ("T1a",
"S3", "WT2") are never shown; a place is named by its realm's colour, its kind and its rank
among its like ("the red kingdom", "red territory B", "sea zone 3", "the village of the top
wasteland"), a chip-bearer by its role for its owner and as a chip-bearer for anyone else."""

from __future__ import annotations

from typing import Any

from engine.games.dragonlords.content import content
from engine.games.dragonlords.map.world import World, world
from engine.narration import humane

PLURAL = {"orc": "orcs", "elf": "elves", "dwarf": "dwarves", "barbarian": "barbarians"}
ROLE = {"king": "the King", "wizard": "the Wizard", "decoy": "the decoy", "dragonlord": "the DragonLord"}
SPACE = {
    "village": "the village",
    "draw_quest": "the quest space",
    "witches_den": "the witches' den",
    "shrine": "the shrine",
    "dragons_lair": "the Dragon's Lair",
}
KIND = {"gold": "gold territory"}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_BUILT: dict[int, tuple[World, dict[str, str], dict[str, str]]] = {}


def _index(w: World) -> tuple[dict[str, str], dict[str, str]]:
    """Every place of a map -> (its name, the region it is asked under in a long list)."""
    got = _BUILT.get(id(w))
    if got is not None and got[0] is w:
        return got[1], got[2]
    colour = {r.id: r.colour for r in w.m.realms}
    names: dict[str, str] = {}
    region: dict[str, str] = {}
    ranks: dict[tuple[str, str | None], int] = {}
    for t in sorted(w.kind):
        kind, realm = w.kind[t], w.realm.get(t)
        c = colour.get(realm or "", "")
        region[t] = f"the {c} realm" if c else f"the {humane(kind)} territories"
        if kind == "kingdom" and c:
            names[t] = f"the {c} kingdom"
            continue
        key = (kind, realm)
        ranks[key] = ranks.get(key, 0) + 1
        r = ranks[key]
        if kind == "ordinary":
            names[t] = f"{c} territory {LETTERS[(r - 1) % 26]}" if c else f"territory {r}"
        else:
            names[t] = f"{c + ' ' if c else ''}{KIND.get(kind, humane(kind))} {r}"
    for i, z in enumerate(sorted(w.sea, key=_natural), 1):
        names[z], region[z] = f"sea zone {i}", "the seas"
    for wl in w.m.wastelands:
        seen: dict[str, int] = {}
        for s in wl.spaces:
            seen[s.kind] = seen.get(s.kind, 0) + 1
            what = SPACE.get(s.kind, f"the {humane(s.kind)}")
            if sum(1 for x in wl.spaces if x.kind == s.kind) > 1:
                what = f"{what} {seen[s.kind]}"
            names[s.id], region[s.id] = f"{what} of the {humane(wl.id)} wasteland", "the wastelands"
    _BUILT[id(w)] = (w, names, region)
    return names, region


def _natural(z: str) -> tuple[int, str]:
    digits = "".join(ch for ch in z if ch.isdigit())
    return (int(digits) if digits else 0, z)


def place(game, p: Any) -> str:
    """A map place, a ship (its units aboard) or a scroll hand in words."""
    p = str(p)
    if p.startswith("ship:"):
        return ship(game, p[5:])
    if p.startswith("scrolls:"):
        return f"{army(game, int(p[8:]))}'s scrolls"
    return _index(world())[0].get(p, humane(p))


def known(p: Any) -> bool:
    """`p` is a place id of the map (a word of a sentence that must be named instead)."""
    return str(p).rstrip(".,;:)") in _index(world())[0]


def region(p: Any) -> str:
    """Where a place is asked under when a list of places is too long for one question."""
    return _index(world())[1].get(str(p), "elsewhere")


def ship(game, sid: str) -> str:
    """A ship by its sea zone ("the ship in sea zone 3"), ranked among its army's ships there."""
    s = game.ships.get(sid)
    if s is None:
        return "a ship"
    mates = sorted(x for x, o in game.ships.items() if o.zone == s.zone and o.army == s.army)
    rank = f" ({ordinal(mates.index(sid) + 1)})" if len(mates) > 1 else ""
    return f"the ship in {place(game, s.zone)}{rank}"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def army(game, a: int) -> str:
    return f"the {game.armies[a].race} army" if 0 <= a < len(game.armies) else "an army"


def units(game, a: int, n: int) -> str:
    """`n` plain units of army `a` by their race: "1 elf", "3 elves"."""
    race = game.armies[a].race
    return f"{n} {race if n == 1 else PLURAL.get(race, race + 's')}"


def one(race: str) -> str:
    """One unit of a race with its article: "an elf", "a dwarf"."""
    return f"{'an' if race[:1] in 'aeiou' else 'a'} {race}"


def hero(game, h: str, seat: int) -> str:
    """A chip-bearer: its role for its owner ("the Wizard"), else "a chip-bearer" (the chip is
    secret, DL:2.3/placement)."""
    x = game.heroes.get(h)
    if x is None:
        return "a chip-bearer"
    if game.armies[x.army].seat == seat:
        return ROLE.get(x.role, f"the {humane(x.role)}")
    return "a chip-bearer"


def card(name: str) -> str:
    """A scroll card by its print name (content/magic.toml), from its id or instance id."""
    key = str(name).split("#")[0]
    rec = content().scrolls.get(key)
    return rec.name if rec is not None else humane(key).title()


def spell(key: str) -> str:
    rec = content().spells.get(key)
    return rec.name if rec is not None else humane(key).title()


def tool(key: str) -> str:
    rec = content().tools.get(key)
    return rec.name if rec is not None else humane(key)


def thing(game, key: str, seat: int) -> str:
    """Any value of a decision in words: a chip-bearer, a place, a ship or a word of the rules."""
    if key in game.heroes:
        return hero(game, key, seat)
    if key in game.ships:
        return ship(game, key)
    names = _index(world())[0]
    if key in names or key.startswith(("ship:", "scrolls:")):
        return place(game, key)
    if key.isdigit():
        return key
    return humane(key)
