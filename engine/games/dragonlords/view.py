"""Hidden information (§2.3/placement, §3.3/treasures, §3.4/scrolls): which unit carries the King,
a Wizard, the decoy or a treasure chip is secret to the other players, and so are a wizard's
spells; a DragonLord is a figure everyone sees. Scroll hands and deck orders are zones the core
redacts."""

from __future__ import annotations

import msgspec

from engine.games.dragonlords.map.world import world


def game_view(table, seat: int | None) -> dict:
    game = table.game
    out = msgspec.to_builtins(game)
    mine = {i for i, a in enumerate(game.armies) if seat is not None and a.seat == seat}
    heroes = {}
    for h, x in game.heroes.items():
        if x.army in mine:
            heroes[h] = out["heroes"][h]
        else:
            heroes[h] = {
                "army": x.army,
                "loc": x.loc,
                "race": x.race,
                "role": "dragonlord" if x.role == "dragonlord" else "chip",
                "poisoned": x.poisoned,
            }
    out["heroes"] = heroes
    if game.ask is not None and game.ask.army not in mine:
        # a pending decision: others see who decides on what, never the options (decisions.py)
        out["ask"] = {"army": game.ask.army, "kind": game.ask.kind, "loc": game.ask.loc}
    out["spoils"] = [x for x in out["spoils"] if x["army"] in mine]  # a captured chip stays face down
    out["treasure_pool"] = len(game.treasure_pool)  # face-down chips: only their number shows
    out["map"] = board()  # the printed board: public, the same for all
    return out


def board() -> dict:
    """The map as front ends draw it (server/static/board_places.js): every place with its kind
    and drawing position (x, y from the map file, None where it gives none), the realms with
    their colour, the land edges (border, bridge, pass), impassable borders, sea zones with their
    neighbours, teleportals and the wasteland paths with their entries. Rules read `world()`."""
    m = world().m
    return {
        "name": m.name,
        "realms": [{"id": r.id, "colour": r.colour, "kingdom": r.kingdom} for r in m.realms],
        "territories": [
            {
                "id": t.id,
                "realm": t.realm,
                "kind": t.kind,
                "mine": t.mine,
                "tundra": t.tundra,
                "harbours": list(t.harbours),
                "x": t.x,
                "y": t.y,
            }
            for t in m.territories
        ],
        "land_edges": [{"a": e.a, "b": e.b, "via": e.via} for e in m.land_edges],
        "impassable": [{"a": e.a, "b": e.b, "why": e.why} for e in m.impassable],
        "sea_zones": [{"id": z.id, "adjacent": list(z.adjacent), "x": z.x, "y": z.y} for z in m.sea_zones],
        "teleportals": list(m.teleportals),
        "wastelands": [
            {
                "id": w.id,
                "path": list(w.path),
                "spaces": [
                    {"id": s.id, "kind": s.kind, "harbour": s.harbour, "x": s.x, "y": s.y} for s in w.spaces
                ],
                "entries": [{"territory": e.territory, "via": e.via, "space": e.space} for e in w.entries],
            }
            for w in m.wastelands
        ],
    }


def public_data(ev) -> dict:
    """What the other seats see of a seat-only event: a chip went under a unit at a place."""
    d = ev.data
    if ev.type == "dl.hero_new":
        return {
            "id": d["id"],
            "army": d["army"],
            "loc": d["loc"],
            "from_troops": d.get("from_troops", False),
            "seq": d["seq"],
        }
    if ev.type == "dl.ask":
        q = d.get("ask") or d
        return {"army": q.get("army"), "kind": q.get("kind"), "end": bool(d.get("end"))}
    if ev.type == "cmd.choose":
        return {"kind": "choose"}
    if ev.type == "cmd.chips":
        return {"kind": "chips", "places": sorted([d["king"], d["wizard"], d["decoy"]])}
    return {}
