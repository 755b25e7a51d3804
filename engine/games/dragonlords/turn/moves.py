"""Legal commands of the turn's phases: purchase (§3.1), naval movement (§3.2), combat moves
(§3.4: attack, sneak attack, forced march, fire attack), transfer (§3.5), reinforcements (§3.7)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from engine.games.dragonlords import board, places
from engine.games.dragonlords.content import content
from engine.games.dragonlords.magic.teleport import fire_legal, must_teleport_home, teleport_legal
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.offers import Offer, as_offers, counted
from engine.games.dragonlords.setup.facts import purchase_cost
from engine.mechanics.per_state import once

SHIP_PIECES = 8
_NONE: dict[str, int] = {}  # read only: a place without troops


def price(game, a: int, what: str) -> int:
    """Marginal price of one more unit of `what` this turn (Orcs: 4 for 10, INT-01)."""
    if what == "ship":
        return content().ship.cost
    race = game.armies[a].race
    cost = content().units[race].cost
    if race == "orc":
        n = game.armies[a].orcs_bought
        return purchase_cost("orc", n + 1, cost) - purchase_cost("orc", n, cost)
    return cost


def reinforceable(game, a: int, occ=None) -> list[str]:
    """Own territories of a realm whose kingdom the army holds; no gold, island or teleportal
    (§3.7); from the occupancy kept across events unless another one is given."""
    if occ is None:
        return list(board.derived(game, ("reinforceable", a), lambda: _reinforceable(game, a, None)))
    return _reinforceable(game, a, occ)


def _reinforceable(game, a: int, occ) -> list[str]:
    w = world()
    ks = set(board.kingdoms_held(game, a, occ))
    return [x for x in board.held(game, a, occ) if w.realm.get(x) and w.kingdom_of[w.realm[x]] in ks]


def ship_spots(game, a: int, occ=None) -> list[tuple[str, str]]:
    """Where a ship bought may dock: a harbour of a `reinforceable` territory (§3.7)."""
    if occ is None:
        return list(board.derived(game, ("ship_spots", a), lambda: _ship_spots(game, a, None)))
    return _ship_spots(game, a, occ)


def _ship_spots(game, a: int, occ) -> list[tuple[str, str]]:
    w = world()
    return [(x, z) for x in reinforceable(game, a, occ) for z in w.harbours[x]]


def ships_total(game) -> int:
    return len(game.ships) + sum(x.bought.get("ship", 0) for x in game.armies)


def purchase_legal(table, a: int) -> list[dict]:
    game = table.game
    kingdoms = board.kingdoms_held(game, a)  # asked once: the gold and the harbours read them
    if not kingdoms:
        return []
    gold = sum(game.gold.get(k, 0) for k in kingdoms)  # board.gold_of: paid at once from them (rules.buy)
    out = []
    army = game.armies[a]
    race = army.race
    # `buy` takes the figure out of the box at once: the supply alone is what is left to buy
    if army.supply > 0 and price(game, a, race) <= gold:
        out.append({"kind": "buy", "what": race})
    if ships_total(game) < SHIP_PIECES and price(game, a, "ship") <= gold and ship_spots(game, a):
        out.append({"kind": "buy", "what": "ship"})
    return out


# -- naval movement ------------------------------------------------------------------------------


def loads(table, a: int, transfer: bool = False) -> list[Offer]:
    """Load from a harbour territory onto an own ship in that zone, unload onto a harbour territory
    of the zone (§3.2/ships; in Transfer only onto own or empty land, INT-31)."""
    return list(each_load(table, a, transfer))


def each_load(table, a: int, transfer: bool = False) -> Iterator[Offer]:
    """`loads` one offer at a time (a bot asking whether a kind is there stops at the first)."""
    game = table.game
    w = world()
    occ = board.occupancy(game)
    # read directly, not through board.plain/units/heroes_at/allies: asked for every harbour
    troops, by_place, key, alone = game.troops, board.heroes_by_place(game), str(a), [a]
    coast, kind, moved = w.coast, w.kind, game.moved
    barred = w.tundra if game.short else frozenset()
    seat = game.armies[a].seat
    friends = {i for i, x in enumerate(game.armies) if x.seat == seat}  # its own seat's armies
    for sid, s in sorted(game.ships.items()):
        if s.army != a:
            continue
        here = places.aboard(sid)
        on_heroes = by_place.get((here, a), ())
        n_on = troops.get(here, _NONE).get(key, 0) + len(on_heroes)
        aboard: tuple[int, list[str]] | None = None  # plain units and chip-bearers that may land
        for x in coast.get(s.zone, ()):
            who = occ.get(x)
            if who == alone and n_on < 8:
                keep = 0 if kind[x] == "island" else 1
                plain = troops.get(x, _NONE).get(key, 0)
                free = plain - moved.get(x, 0) if transfer else plain
                heroes = by_place.get((x, a), ())
                total = plain + len(heroes)
                room = min(8 - n_on, free, total - keep)
                yield Offer(
                    {"kind": "load", "ship": sid, "origin": x},
                    room,
                    tuple(heroes) if total - keep >= 1 else (),
                    False,
                )
            # unload onto own or empty land, or (not in transfer) onto land no army of the seat holds
            if (
                n_on
                and x not in barred
                and (not who or who == alone or (not transfer and friends.isdisjoint(who)))
            ):
                if aboard is None:  # the same for every harbour of the zone
                    aboard = (
                        troops.get(here, _NONE).get(key, 0),
                        [h for h in on_heroes if game.heroes[h].role != "dragonlord"],
                    )
                yield counted({"kind": "unload", "ship": sid, "to": x}, aboard[0], aboard[1])


def sails(table, a: int) -> Iterator[Offer]:
    """A ship with a unit aboard and range left sails into a neighbouring sea zone (§3.2/ships)."""
    game = table.game
    w = world()
    for sid in sorted(game.ships):
        s = game.ships[sid]
        if s.army != a or s.moves <= 0 or not board.ship_units(game, sid):
            continue
        for z in w.sea[s.zone]:
            yield Offer({"kind": "sail", "ship": sid, "to": z})


# -- combat ---------------------------------------------------------------------------------------


def can_fight(game, loc: str, a: int) -> int:
    return board.units(game, loc, a) - game.no_fight.get(loc, 0)


def enemy_held(game, a: int, x: str, occ) -> bool:
    who = occ.get(x, [])
    return bool(who) and not any(board.allies(game, a, o) for o in who)


class Ground(NamedTuple):
    """Where an army stands at the start of a combat decision: its own territories (sorted),
    the places enemies hold, and the places it must fight first (where it stands with an enemy
    after a landing, teleport or wasteland exit, or two blockades in one sea zone, §3.4/general)."""

    mine: list[str]
    enemies: set[str]
    fights: list[str]


def ground(table, a: int) -> Ground:
    """`Ground` of the army now, kept for the event (a bot's first question and the kind it
    opens read it both); its land part kept across events (occupation.Land)."""
    return once(table, ("dl.ground", a), lambda: _ground(table.game, a))


def _ground(game, a: int) -> Ground:
    mine, enemies, fights, _friends = board.land(game, a)
    sea = sea_fights(game, a)
    return Ground(mine, enemies, sorted({*fights, *sea}) if sea else fights)


def sea_fights(game, a: int) -> set[str]:
    """The sea zones where a manned ship of the army meets a manned ship of another seat (two
    blockades in one zone, §3.4/general), found from the army's own zones: the usual army
    without a ship looks at each ship once and builds nothing."""
    occ, ships = board.occupancy(game), game.ships
    zones = {s.zone for sid, s in ships.items() if s.army == a and "ship:" + sid in occ}
    if not zones:
        return zones
    armies, seat = game.armies, game.armies[a].seat
    return {
        s.zone
        for sid, s in ships.items()
        if s.zone in zones and armies[s.army].seat != seat and "ship:" + sid in occ
    }


COMBAT_KINDS = frozenset({"fight", "attack", "sneak", "march", "burn", "done"})


def combat_legal(table, a: int, marches: bool = True) -> list[Offer]:
    """The combat phase's offers. `marches=False`: the forced marches only until two are found
    (or one of several counts), enough for the choice tree's first question, which shows the
    kind as a further step then: a march's search is the costly part and is rarely chosen."""
    return list(combat_offers(table, a, COMBAT_KINDS, marches))


def combat_offers(table, a: int, want: frozenset[str], marches: bool = True) -> Iterator[Offer]:
    """`combat_legal`'s offers of the kinds in `want`, one at a time in its order; the work of
    the other kinds is skipped (a bot that opened "Attack" finds no marches)."""
    game = table.game
    w = world()
    mine, enemies, fights = ground(table, a)
    if fights:
        if "fight" in want:
            yield from (Offer({"kind": "fight", "at": x}) for x in fights)
        return
    race = game.armies[a].race
    attacks, marching = "attack" in want, "march" in want
    sneaks = "sneak" in want and race == "elf"
    occ = board.occupancy(game)
    sneak = None  # the elves' sneak targets, found once when first asked
    marched = 0  # march offers found so far when only two are wanted
    casters = caster_places(game, a)
    ready = sneak_ready(game, a) if sneaks else {}
    # read directly, not through board.plain/units/heroes_at: asked for every own territory
    troops, by_place, no_fights, key = game.troops, board.heroes_by_place(game), game.no_fight, str(a)
    barred = w.tundra if game.short else frozenset()
    for o in mine:
        here = by_place.get((o, a), ())
        plain = troops.get(o, _NONE).get(key, 0)
        units, no_fight = plain + len(here), no_fights.get(o, 0)
        # can_fight, and one stays behind: min(units - no_fight, units - 1), the mins of this
        # loop written out (it runs for every own territory at every combat decision)
        n = units - no_fight if no_fight > 1 else units - 1
        if n >= 1 and (attacks or sneaks):  # else no attack, no sneak
            heroes = tuple(here)
            most_att = plain - no_fight if plain - no_fight < n else n
            for x in w.neighbours(o, o in casters):
                if x not in enemies or x in barred:
                    continue
                if attacks:
                    yield Offer({"kind": "attack", "origin": o, "target": x}, most_att, heroes, False)
                if ready.get(o):
                    if sneak is None:
                        sneak = sneak_targets(game, a, occ, table.options.get("elf_realm", "kingdom"))
                    if x in sneak:
                        yield from sneak_commands(game, a, o, x, casters, ready)
        if not marching or marched >= 2:  # no march wanted, or enough are found
            continue
        most = plain if plain < units - 1 else units - 1
        if most <= 0:  # no unit may march from here
            continue
        ends = march_targets(game, a, o, occ, casters)
        yield from (Offer({"kind": "march", "origin": o, "to": x}, most, (), False) for x in ends)
        if not marches and ends:
            marched += 2 if most > 1 else len(ends)
    if "burn" in want:
        yield from as_offers(fire_legal(table, a))
    if "done" in want:
        yield Offer({"kind": "done"})


def sneakers(game, a: int, o: str) -> int:
    """How many elves of territory `o` may join a sneak attack: plain units that may fight and have
    not sneak attacked this turn (each elf once a turn), one unit staying behind (DL:3.4/sneak:
    "Elfen Einheiten dürfen bei einem Schleichangriff kein Gebiet unbesetzt lassen")."""
    units, no_fight = board.units(game, o, a), game.no_fight.get(o, 0)
    fresh = board.plain(game, o, a) - no_fight - game.sneaked.get(o, 0)
    return max(0, min(fresh, units - no_fight, units - 1))


def sneak_ready(game, a: int) -> dict[str, int]:
    """`sneakers` of every own territory, in the order of board.held (the troops and heroes
    read directly: asked for every own territory at every elf decision of the combat phase)."""
    troops, by_place, key = game.troops, board.heroes_by_place(game), str(a)
    no_fights, sneaked = game.no_fight, game.sneaked
    out = {}
    for o in board.held(game, a):
        plain = troops.get(o, _NONE).get(key, 0)
        units, no_fight = plain + len(by_place.get((o, a), ())), no_fights.get(o, 0)
        out[o] = max(0, min(plain - no_fight - sneaked.get(o, 0), units - no_fight, units - 1))
    return out


def sneak_sources(
    game, a: int, x: str, casters: set[str] | None = None, ready: dict[str, int] | None = None
) -> list[str]:
    """The own territories next to `x` whose elves may still join a sneak attack on it
    (`ready`: sneak_ready, when the caller has it)."""
    w = world()
    casters = casters if casters is not None else caster_places(game, a)
    ready = ready if ready is not None else sneak_ready(game, a)
    return [o for o, k in ready.items() if k and x in w.neighbours(o, o in casters)]


def sneak_commands(
    game, a: int, o: str, x: str, casters: set[str] | None = None, ready: dict[str, int] | None = None
) -> list[Offer]:
    """The elves of `o` sneak into `x`, 1..all that may: fighting at once, or (`wait`) waiting for
    the elves of another adjacent territory to join the same attack (DL:3.4/sneak: "Die Elfen
    Einheiten können aus mehr als einem angrenzendem Gebiet kommen"). `wait` is offered only while
    another territory's elves could still join."""
    ready = ready if ready is not None else sneak_ready(game, a)
    k = ready[o] if o in ready else sneakers(game, a, o)
    others = [p for p in sneak_sources(game, a, x, casters, ready) if p != o]
    cmd = {"kind": "sneak", "origin": o, "target": x}
    out = [counted(cmd, k)]
    if others:
        out.append(counted(cmd, k, tail={"wait": True}))
    return out


def sneak_targets(game, a: int, occ, reading: str = "kingdom") -> set[str]:
    """INT-27: territories in or next to a realm whose kingdom the elves hold (option elf_realm
    "presence": any realm where they hold a territory)."""
    w = world()
    if reading == "presence":
        realms = {w.realm[x] for x in board.held(game, a, occ) if w.realm[x]}
    else:
        realms = {w.realm[k] for k in board.kingdoms_held(game, a, occ)}
    inside = {x for x, r in w.realm.items() if r in realms}
    return inside | {n for x in inside for n in w.land[x]}


def caster_places(game, army: int) -> set[str]:
    """Where the army has a King, Wizard or DragonLord (B.caster_at for every place at once)."""
    return {x.loc for x in game.heroes.values() if x.army == army and x.role in board.CASTERS}


def march_targets(game, a: int, origin: str, occ, casters: set[str] | None = None) -> list[str]:
    """Forced march (INT-29): up to 4 steps through own territories, ending in an own or empty one."""
    w = world()
    casters = casters if casters is not None else caster_places(game, a)
    kind, alone = w.kind, [a]
    barred = w.tundra if game.short else frozenset()
    seen = {origin}
    frontier = [origin]
    ends = set()
    for _ in range(4):
        nxt = []
        for x in frontier:
            for y in w.neighbours(x, x in casters):
                if y in seen or kind[y] == "island" or y in barred:
                    continue
                who = occ.get(y)
                if who == alone:
                    seen.add(y)
                    nxt.append(y)
                    ends.add(y)
                elif not who:
                    seen.add(y)
                    ends.add(y)
        frontier = nxt
    return sorted(ends)


# -- transfer and reinforcements ------------------------------------------------------------------


def transfer_legal(table, a: int) -> list[Offer]:
    game = table.game
    forced = must_teleport_home(game, a)
    tele = teleport_legal(table, a, "transfer")
    if forced:
        return as_offers([c for c in tele if c["hero"] in forced] or [{"kind": "done"}])
    return [
        *transfer_moves(table, a),
        *loads(table, a, transfer=True),
        *as_offers(tele),
        Offer({"kind": "done"}),
    ]


def transfer_moves(table, a: int) -> Iterator[Offer]:
    """One step into an adjacent own or empty territory, one offer per origin and end (§3.5)."""
    game = table.game
    w = world()
    occ = board.occupancy(game)
    casters = caster_places(game, a)
    alone = [a]
    # read directly, not through board.plain/units/heroes_at: asked for every own territory
    troops, by_place, moved, key, kind = game.troops, board.heroes_by_place(game), game.moved, str(a), w.kind
    barred = w.tundra if game.short else frozenset()
    for o in board.held(game, a, occ):
        here = by_place.get((o, a), ())
        plain = troops.get(o, _NONE).get(key, 0)
        total = plain + len(here)
        keep = 0 if kind[o] == "island" else 1
        if total - keep < 1:  # nobody may leave: no move of any count from here
            continue
        most = min(plain - moved.get(o, 0), total - keep)
        heroes = None
        for x in w.neighbours(o, o in casters):
            who = occ.get(x)
            if (who and who != alone) or x in barred or kind[x] == "island":
                continue
            if heroes is None:
                heroes = tuple(h for h in here if h not in game.teleported)
            yield Offer({"kind": "move", "origin": o, "to": x}, most, heroes, False)


def reinforce_legal(table, a: int) -> list[dict]:
    game = table.game
    bought = game.armies[a].bought
    out = []
    if any(n for k, n in bought.items() if k != "ship"):
        out += [{"kind": "place", "to": x} for x in reinforceable(game, a)]
    if bought.get("ship"):
        out += [{"kind": "dock", "to": x, "zone": z} for x, z in ship_spots(game, a)]
    return out or [{"kind": "done"}]
