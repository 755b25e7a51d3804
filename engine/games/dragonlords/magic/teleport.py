"""Teleportation (§3.2/spellcaster, §3.2/dragonlord, §3.5) and the DragonLord fire attack
(§3.4/fire-attack): legal commands and their effects."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.dragonlords import board
from engine.games.dragonlords.map.world import world


def teleporters(game, a: int) -> list[str]:
    # the few found, then sorted (hero order), not every hero sorted first: asked at each decision
    return sorted(
        h for h, x in game.heroes.items() if x.army == a and board.knows(x, 3) and h not in game.teleported
    )


def must_teleport_home(game, a: int) -> list[str]:
    """DragonLords at sea or in the wastelands must teleport to own land in Transfer (§3.5)."""
    kind = world().kind
    return sorted(
        h
        for h, x in game.heroes.items()
        if x.army == a and x.role == "dragonlord" and x.loc not in kind and h not in game.teleported
    )


def teleport_legal(table, a: int, phase: str) -> list[dict]:
    """A Teleport caster carries itself and up to 5 units (a DragonLord 10) from its place, once in
    Naval Movement (any territory) and once in Transfer (own territories only). Stand-in scope:
    destinations are territories; the carried units are plain units of the caster's place and, to a
    territory, one other chip-bearer (the King included) with them (`with`)."""
    return list(teleports(table, a, phase))


def teleports(table, a: int, phase: str) -> Iterator[dict]:
    """`teleport_legal` one command at a time (a bot asking whether one is there stops at the first)."""
    game = table.game
    w = world()
    occ = board.occupancy(game)
    for h in teleporters(game, a):
        x = game.heroes[h]
        if x.loc not in w.kind and x.role != "dragonlord":
            continue
        cap = 10 if x.role == "dragonlord" else 5
        if x.role == "dragonlord" and game.short:
            cap = 99
        here = board.plain(game, x.loc, a)
        keep = (
            1
            if x.loc in w.kind and w.kind[x.loc] != "island" and board.heroes_at(game, x.loc, a) == [h]
            else 0
        )
        n_max = min(cap, max(0, here - keep)) if x.loc in w.kind else min(cap, here)
        for dest in w.territory_list:
            if dest == x.loc or (game.short and dest in w.tundra):
                continue
            who = occ.get(dest, [])
            own = who == [a]
            if phase == "transfer" and not own:
                continue
            if phase == "naval" and who and not own and any(board.allies(game, a, o) for o in who):
                continue
            for n in sorted({0, n_max}):
                yield {"kind": "teleport", "hero": h, "to": dest, "n": n}
            yield from _carry_options(game, a, h, x, dest, cap)
        if x.role != "dragonlord":
            # a wizard may join a party of its own on a wasteland space, 6 units at most there (DL:3.2/spellcaster)
            for p in game.parties:
                if p.army == a and p.space != x.loc:
                    room = 6 - board.units(game, p.space, a) - 1
                    for n in sorted({0, max(0, min(n_max, room))}) if room >= 0 else ():
                        yield {"kind": "teleport", "hero": h, "to": p.space, "n": n}
        if x.role == "dragonlord" and phase == "naval":
            # to a sea zone held by an enemy blockade, alone, for a fire attack (DL:3.2/dragonlord, INT-28)
            for z in sorted(w.sea):
                if z != x.loc and any(not board.allies(game, a, o) for o in board.blockade(game, z)):
                    yield {"kind": "teleport", "hero": h, "to": z, "n": 0}


def _carry_options(game, a: int, h: str, x, dest: str, cap: int) -> list[dict]:
    """A chip-bearer carried along counts as one of the units (the King may be teleported,
    DL:3.4/dragonlords; a DragonLord is never carried): with no plain units, or as many as fit."""
    w = world()
    if x.loc not in w.kind:
        return []
    out = []
    others = [o for o in board.heroes_at(game, x.loc, a) if o != h and game.heroes[o].role != "dragonlord"]
    for o in others:
        stay = [y for y in board.heroes_at(game, x.loc, a) if y not in (h, o)]
        keep = 1 if w.kind[x.loc] != "island" and not stay else 0
        n_max = min(cap - 1, board.plain(game, x.loc, a) - keep)
        if n_max < 0:
            continue
        for n in sorted({0, n_max}):
            out.append({"kind": "teleport", "hero": h, "to": dest, "n": n, "with": o})
    return out


def fire_legal(table, a: int) -> list[dict]:
    game = table.game
    sea = world().sea
    out = []
    for h in sorted(h for h, x in game.heroes.items() if x.army == a and x.role == "dragonlord"):
        x = game.heroes[h]
        if x.loc in sea:
            for o in board.blockade(game, x.loc):
                if not board.allies(game, a, o):
                    out.append({"kind": "burn", "hero": h, "zone": x.loc})
    return out
