"""Questions about the position that the rules ask: who holds a place, how many units stand
there, who may cast, which armies are enemies (the two races of one player are allies, §5.1).

Who stands where is read from the occupation kept across events (occupation.py): callers read
the dicts and lists it answers with, never change them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.games.dragonlords import occupation
from engine.games.dragonlords.map.world import world

CASTERS = ("king", "wizard", "dragonlord")
T = TypeVar("T")
RACE_BASE = {"orc": 3, "elf": 3, "dwarf": 3, "barbarian": 4}  # content/units.toml (DL:3.4/land.2)


def _facts(game) -> occupation.Facts:
    f = occupation.kept
    return f if f is not None and f.game is game else occupation.facts(game)


_NO_TROOPS: dict[str, int] = {}  # read only: a place without troops


def plain(game, loc: str, army: int) -> int:
    return game.troops.get(loc, _NO_TROOPS).get(str(army), 0)


def heroes_at(game, loc: str, army: int | None = None) -> list[str]:
    if army is not None:
        return list(_facts(game).heroes.get((loc, army), ()))
    return sorted([h for h, x in game.heroes.items() if x.loc == loc])


def heroes_by_place(game) -> dict[tuple[str, int], list[str]]:
    """(place, army) -> its heroes, sorted (read only)."""
    return _facts(game).heroes


def derived(game, key, compute: Callable[[], T]) -> T:
    """A fact worked out from who stands where (the occupancy, the blockades) and the map
    alone: kept until either changes (occupation.Facts.memo)."""
    memo = _facts(game).memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = compute()
    return got


def land(game, army: int) -> occupation.Land:
    """Where the army stands against the others (its own territories, the enemies' places,
    the territories it shares with an enemy), kept across events (read only)."""
    return _facts(game).land(army)


def blockades(game) -> dict[str, list[int]]:
    """Sea zone -> `blockade` of it, for every zone that has one (read only)."""
    return _facts(game).blockades()


def units(game, loc: str, army: int) -> int:
    return game.troops.get(loc, _NO_TROOPS).get(str(army), 0) + len(_facts(game).heroes.get((loc, army), ()))


def armies_at(game, loc: str) -> list[int]:
    return list(_facts(game).occ.get(loc, ()))


def occupancy(game) -> dict[str, list[int]]:
    """Place -> armies with units there, sorted, kept across events (occupation.py): callers
    read it, never change it."""
    return _facts(game).occ


def owner(game, loc: str) -> int:
    """The army occupying a place, -1 when empty or contested."""
    a = armies_at(game, loc)
    return a[0] if len(a) == 1 else -1


def allies(game, a: int, b: int) -> bool:
    return game.armies[a].seat == game.armies[b].seat


def held(game, army: int, occ: dict | None = None) -> list[str]:
    """The territories the army occupies alone, sorted: kept across events (occupation.py),
    or from `occ` when another occupancy is given."""
    f = _facts(game)
    if occ is None or occ is f.occ:
        return list(f.held(army))
    return _held(army, occ)


def _held(army: int, occ: dict) -> list[str]:
    kind, only = world().kind, [army]
    return sorted([t for t, who in occ.items() if who == only and t in kind])


def holds_any(game, army: int) -> bool:
    return bool(_facts(game).held(army))


def kingdom_counts(game) -> dict[int, int]:
    """Army -> kingdoms it holds alone (`len(kingdoms_held)` of every army in one pass over
    the kingdoms)."""
    out: dict[int, int] = {}
    occ = _facts(game).occ
    for k in world().kingdom_list:
        who = occ.get(k)
        if who is not None and len(who) == 1:
            out[who[0]] = out.get(who[0], 0) + 1
    return out


def kingdoms_held(game, army: int, occ: dict | None = None) -> list[str]:
    """The kingdoms among `held`, sorted."""
    f = _facts(game)
    kind = f.kind
    if occ is None or occ is f.occ:  # kept with the occupation (Facts.memo) until it changes
        got = f.memo.get(("kingdoms", army))
        if got is None:
            got = f.memo["kingdoms", army] = [t for t in f.held(army) if kind[t] == "kingdom"]
        return list(got)
    return [t for t in _held(army, occ) if kind[t] == "kingdom"]


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
    occ = _facts(game).occ
    return sorted({s.army for sid, s in game.ships.items() if s.zone == zone and "ship:" + sid in occ})


def manned(game, loc: str) -> bool:
    """Some unit (troops or a hero) is at `loc`."""
    return loc in occupancy(game)


def ships_in(game, zone: str, army: int) -> list[str]:
    return sorted(sid for sid, s in game.ships.items() if s.zone == zone and s.army == army)


def king_alive(game, army: int) -> bool:
    return any(x.army == army and x.role == "king" for x in game.heroes.values())
