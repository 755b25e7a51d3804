"""Questions about the position that the rules ask: who holds a place, how many units stand
there, who may cast, which armies are enemies (the two races of one player are allies, §5.1).

Who stands where is read from the occupation kept across events (occupation.py); inside
`still` it is worked out from the troops and heroes instead (the tests compare the two)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.games.dragonlords import occupation
from engine.games.dragonlords.map.world import world

CASTERS = ("king", "wizard", "dragonlord")
T = TypeVar("T")
RACE_BASE = {"orc": 3, "elf": 3, "dwarf": 3, "barbarian": 4}  # content/units.toml (DL:3.4/land.2)


class still:
    """`with still(game):` the position stays as it is, and is worked out from the troops and
    heroes themselves, once inside instead of at every ask, not read from the occupation kept
    across events (the tests hold the kept answers to these). Nested for the same game, a no-op.
    `version`, the table's event number: a still of the same game at the same event as the
    last one takes over what that one worked out (a bot's questions of one decision share it;
    the position changes only with an event)."""

    __slots__ = ("blocks", "game", "heroes", "holds", "occ", "outer", "version")

    def __init__(self, game, version: int | None = None):
        self.game = game
        self.version = version
        self.occ: dict[str, list[int]] | None = None
        self.heroes: dict[tuple[str, int], list[str]] | None = None
        self.blocks: dict[str, list[int]] | None = None
        self.holds: dict[int, list[str]] = {}  # held, by army
        self.outer: still | None = None

    def __enter__(self) -> None:
        global _still
        self.outer = _still
        if _still is None or _still.game is not self.game:
            last = _last
            if (
                self.version is not None
                and last is not None
                and last.game is self.game
                and last.version == self.version
            ):
                self.occ, self.heroes, self.blocks, self.holds = (
                    last.occ,
                    last.heroes,
                    last.blocks,
                    last.holds,
                )
            _still = self

    def __exit__(self, *exc) -> None:
        global _still, _last
        if _still is self:
            _last = self if self.version is not None else None
        _still = self.outer

    def by_place(self) -> dict[tuple[str, int], list[str]]:
        if self.heroes is None:
            out: dict[tuple[str, int], list[str]] = {}
            for h in sorted(self.game.heroes):
                x = self.game.heroes[h]
                out.setdefault((x.loc, x.army), []).append(h)
            self.heroes = out
        return self.heroes

    def blockades(self) -> dict[str, list[int]]:
        """`blockade` of every sea zone that has one, in one pass over the ships."""
        if self.blocks is None:
            game = self.game
            crewed = {loc for loc, _a in self.by_place()}
            out: dict[str, set[int]] = {}
            for sid, s in game.ships.items():
                loc = "ship:" + sid
                if game.troops.get(loc) or loc in crewed:
                    out.setdefault(s.zone, set()).add(s.army)
            self.blocks = {z: sorted(armies) for z, armies in out.items()}
        return self.blocks


_still: still | None = None
_last: still | None = None  # the last still left that knows its event (`still.version`)


def _kept(game) -> still | None:
    s = _still
    return s if s is not None and s.game is game else None


def _facts(game) -> occupation.Facts:
    f = occupation.kept
    return f if f is not None and f.game is game else occupation.facts(game)


_NO_TROOPS: dict[str, int] = {}  # read only: a place without troops


def plain(game, loc: str, army: int) -> int:
    return game.troops.get(loc, _NO_TROOPS).get(str(army), 0)


def heroes_at(game, loc: str, army: int | None = None) -> list[str]:
    if army is not None:
        s = _kept(game)
        return list((s.by_place() if s is not None else _facts(game).heroes).get((loc, army), ()))
    if army is None:
        return sorted([h for h, x in game.heroes.items() if x.loc == loc])
    return sorted([h for h, x in game.heroes.items() if x.loc == loc and x.army == army])


def heroes_by_place(game) -> dict[tuple[str, int], list[str]]:
    """(place, army) -> its heroes, sorted: kept inside `still`, else found now (read only)."""
    s = _kept(game)
    return s.by_place() if s is not None else _facts(game).heroes


def derived(game, key, compute: Callable[[], T]) -> T:
    """A fact worked out from who stands where (the occupancy, the blockades) and the map
    alone: kept until either changes (occupation.Facts.memo)."""
    memo = _facts(game).memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = compute()
    return got


def blockades(game) -> dict[str, list[int]]:
    """Sea zone -> `blockade` of it, for every zone that has one (read only)."""
    s = _kept(game)
    return s.blockades() if s is not None else _facts(game).blockades()


def units(game, loc: str, army: int) -> int:
    s = _kept(game)
    by_place = s.by_place() if s is not None else _facts(game).heroes
    return game.troops.get(loc, _NO_TROOPS).get(str(army), 0) + len(by_place.get((loc, army), ()))


def armies_at(game, loc: str) -> list[int]:
    return list(occupancy(game).get(loc, ()))


_SORTED: dict[tuple[str, ...], list[int]] = {}  # a place's army keys -> the armies, sorted


def occupancy(game) -> dict[str, list[int]]:
    """Place -> armies with units there, sorted (one pass over the state; asked several times
    per legal-command list, so written for speed: places in the order troops then heroes).
    Kept across events (occupation.py), or inside `still` worked out once: callers read it,
    never change it."""
    s = _kept(game)
    if s is None:
        return _facts(game).occ
    if s.occ is None:
        s.occ = _occupancy(game)
    return s.occ


def _occupancy(game) -> dict[str, list[int]]:
    """The lists are shared with _SORTED (one per tuple of army keys), never changed: a hero's
    army joining a place's makes a new list."""
    known = _SORTED.get
    out = {
        loc: known(keys) or _sorted_armies(keys) for loc, by in game.troops.items() for keys in (tuple(by),)
    }
    for x in game.heroes.values():
        armies = out.get(x.loc)
        if armies is None:
            out[x.loc] = [x.army]
        elif x.army not in armies:
            out[x.loc] = sorted([*armies, x.army])
    return out


def _sorted_armies(keys: tuple[str, ...]) -> list[int]:
    armies = _SORTED[keys] = sorted(map(int, keys))
    return armies


def owner(game, loc: str) -> int:
    """The army occupying a place, -1 when empty or contested."""
    a = armies_at(game, loc)
    return a[0] if len(a) == 1 else -1


def allies(game, a: int, b: int) -> bool:
    return game.armies[a].seat == game.armies[b].seat


def held(game, army: int, occ: dict | None = None) -> list[str]:
    """The territories the army occupies alone, sorted: kept across events (occupation.py)
    or per army inside `still`; from `occ` when another occupancy is given."""
    s = _kept(game)
    if s is not None and (occ is None or occ is s.occ):
        got = s.holds.get(army)
        if got is None:
            got = s.holds[army] = _held(game, army, s.occ)
        return list(got)
    if s is None:
        f = _facts(game)
        if occ is None or occ is f.occ:
            return list(f.held(army))
    return _held(game, army, occ)


def _held(game, army: int, occ: dict | None) -> list[str]:
    kind, only = world().kind, [army]
    if occ is not None:
        return sorted([t for t, who in occ.items() if who == only and t in kind])
    key, mine = str(army), {army}
    by_hero = _hero_armies(game)
    out = [
        t
        for t, by in game.troops.items()
        if key in by and len(by) == 1 and t in kind and (t not in by_hero or by_hero[t] == mine)
    ]
    if by_hero:
        out += [t for t, who in by_hero.items() if who == mine and t in kind and not game.troops.get(t)]
    return sorted(out)


def _hero_armies(game) -> dict[str, set[int]]:
    """Place -> the armies with a hero there (one pass over the heroes)."""
    out: dict[str, set[int]] = {}
    for x in game.heroes.values():
        out.setdefault(x.loc, set()).add(x.army)
    return out


def holds_any(game, army: int) -> bool:
    """`bool(held(game, army))`; inside `still`, stopping at the first territory found (no
    occupancy built)."""
    if _kept(game) is None:
        return bool(_facts(game).held(army))
    kind, key = world().kind, str(army)
    by_hero = _hero_armies(game)
    for loc, by in game.troops.items():
        if key in by and len(by) == 1 and loc in kind and by_hero.get(loc, {army}) == {army}:
            return True
    return any(who == {army} and loc in kind and not game.troops.get(loc) for loc, who in by_hero.items())


def kingdom_counts(game) -> dict[int, int]:
    """Army -> kingdoms it holds alone (`len(kingdoms_held)` of every army in one pass over
    the kingdoms; inside `still`, no occupancy built)."""
    out: dict[int, int] = {}
    if _kept(game) is None:
        occ = _facts(game).occ
        for k in world().kingdom_list:
            who = occ.get(k)
            if who is not None and len(who) == 1:
                out[who[0]] = out.get(who[0], 0) + 1
        return out
    by_hero = _hero_armies(game)
    for k in world().kingdom_list:
        by, hs = game.troops.get(k), by_hero.get(k)
        if by:  # troops of one army, and no other army's hero
            if len(by) != 1:
                continue
            (key,) = by
            a = int(key)
            if hs and hs != {a}:
                continue
        elif hs and len(hs) == 1:  # heroes of one army alone
            (a,) = hs
        else:
            continue
        out[a] = out.get(a, 0) + 1
    return out


def kingdoms_held(game, army: int, occ: dict | None = None) -> list[str]:
    """The kingdoms among `held`, sorted; inside `still` where no occupancy or holdings are at
    hand, each kingdom asked alone (a handful) instead of finding every holding."""
    w = world()
    s = _kept(game)
    if s is None:
        f = _facts(game)
        if occ is None or occ is f.occ:
            kind = f.kind
            return [t for t in f.held(army) if kind[t] == "kingdom"]
        return [t for t in _held(game, army, occ) if w.kind[t] == "kingdom"]
    if occ is None and s.occ is None and army not in s.holds:
        by_hero = _hero_armies(game)
        key, mine, troops = str(army), {army}, game.troops
        out = []
        for k in w.kingdom_list:
            by = troops.get(k)
            if by:  # troops of this army alone, and no other army's hero
                if key in by and len(by) == 1 and by_hero.get(k, mine) == mine:
                    out.append(k)
            elif by_hero.get(k) == mine:  # heroes of this army alone
                out.append(k)
        return out
    return [t for t in held(game, army, occ) if w.kind[t] == "kingdom"]


def caster_at(game, loc: str, army: int) -> bool:
    return any(x.loc == loc and x.army == army and x.role in CASTERS for x in game.heroes.values())


def knows(x, spell: int) -> bool:
    """Spells a hero knows: learnt ones, King: Hope and Heal; DragonLord: Teleport, Panic (§3.4)."""
    if spell in x.spells:
        return True
    if x.role == "king":
        return spell in (1, 4)
    if x.role == "dragonlord":
        return spell in (3, 6)
    return False


def base_attack(game, army: int) -> int:
    race = game.armies[army].race
    return game.overrides.get(race, {}).get("strength", RACE_BASE[race])


def gold_of(game, army: int, occ: dict | None = None) -> int:
    """Gold an army can spend: what lies in the kingdoms it holds (§2.2/kingdom, INT-24)."""
    return sum(game.gold.get(k, 0) for k in kingdoms_held(game, army, occ))


def ship_units(game, ship: str) -> int:
    return units(game, "ship:" + ship, game.ships[ship].army)


def blockade(game, zone: str) -> list[int]:
    """Armies holding a sea blockade in a zone: a ship with at least one unit aboard (§2.2/sea-zones)."""
    s = _kept(game)
    if s is not None:
        return list(s.blockades().get(zone, ()))
    occ = _facts(game).occ
    return sorted({s.army for sid, s in game.ships.items() if s.zone == zone and "ship:" + sid in occ})


def manned(game, loc: str) -> bool:
    """Some unit (troops or a hero) is at `loc`."""
    return loc in occupancy(game)


def ships_in(game, zone: str, army: int) -> list[str]:
    return sorted(sid for sid, s in game.ships.items() if s.zone == zone and s.army == army)


def king_alive(game, army: int) -> bool:
    return any(x.army == army and x.role == "king" for x in game.heroes.values())
