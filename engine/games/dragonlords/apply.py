"""The fold of dl.* events into DLState (events are the truth; nothing here decides a rule)."""

from __future__ import annotations

import msgspec

from engine.games.dragonlords.state import Army, Battle, Hero, Party, Ship


def _setup(g, d):
    g.map_name, g.short, g.kingdoms_to_win = d["map"], d["short"], d["kingdoms_to_win"]
    if "map_doc" in d:  # a situation's own map (world.py): the events after this one use it
        from engine.games.dragonlords.map.world import register_map

        g.map_doc = d["map_doc"]
        g.map_key = register_map(g.map_doc)
    g.armies = [
        Army(race=a["race"], seat=a["seat"], supply=a["supply"], tools=list(a["tools"])) for a in d["armies"]
    ]
    g.placing = {str(i): a["placing"] for i, a in enumerate(d["armies"])}
    g.treasury = {str(i): a["gold"] for i, a in enumerate(d["armies"]) if a["gold"]}
    g.treasure_pool = list(d["treasures"])
    g.overrides = dict(d.get("overrides", {}))


def _order(g, d):
    g.order = list(d["order"])


def _phase(g, d):
    g.phase, g.active = d["phase"], d["active"]
    if "round" in d:
        g.round = d["round"]
    if d.get("new_turn"):
        g.no_fight, g.moved, g.sneaked, g.teleported = {}, {}, {}, []
        g.quested, g.shop_at, g.qmove, g.no_retreat = [], "", None, []
        for s in g.ships.values():
            s.fought = False
        for p in g.parties:
            p.moved = False
    if d.get("clear_moved"):
        g.moved, g.teleported = {}, []


def _units(g, d):
    here = g.troops.setdefault(d["loc"], {})
    key = str(d["army"])
    here[key] = here.get(key, 0) + d["n"]
    if here[key] == 0:
        del here[key]
    if not here:
        del g.troops[d["loc"]]
    if "placing" in d:
        g.placing[key] = g.placing.get(key, 0) - d["placing"]


def _hero_new(g, d):
    g.heroes[d["id"]] = Hero(
        army=d["army"],
        loc=d["loc"],
        race=d["race"],
        role=d.get("role", ""),
        spells=list(d.get("spells", [])),
        treasures=list(d.get("treasures", [])),
    )
    if d.get("from_troops"):
        _units(g, {"loc": d["loc"], "army": d["army"], "n": -1})
    g.next_id = max(g.next_id, d["seq"] + 1)
    if d.get("role") == "wizard":
        g.armies[d["army"]].wizards += 1


def _hero(g, d):
    h = g.heroes[d["id"]]
    was = h.role
    for k, v in d["set"].items():
        setattr(h, k, v)
    if was == "wizard" and h.role != "wizard":
        g.armies[h.army].wizards -= 1
    if h.role == "wizard" and was != "wizard":
        g.armies[h.army].wizards += 1


def _hero_gone(g, d):
    h = g.heroes.pop(d["id"])
    if h.role == "wizard":
        g.armies[h.army].wizards -= 1
    if d.get("to_troops"):
        _units(g, {"loc": h.loc, "army": h.army, "n": 1})


def _ship_new(g, d):
    g.ships[d["id"]] = Ship(army=d["army"], zone=d["zone"], harbour=d.get("harbour", ""))
    g.next_id = max(g.next_id, d["seq"] + 1)


def _ship(g, d):
    s = g.ships[d["id"]]
    for k, v in d["set"].items():
        setattr(s, k, v)


def _ship_gone(g, d):
    g.ships.pop(d["id"])


def _gold(g, d):
    g.gold[d["kingdom"]] = g.gold.get(d["kingdom"], 0) + d["n"]
    if g.gold[d["kingdom"]] == 0:
        del g.gold[d["kingdom"]]


def _treasury(g, d):
    k = str(d["army"])
    g.treasury[k] = g.treasury.get(k, 0) + d["n"]
    if g.treasury[k] == 0:
        del g.treasury[k]


def _army(g, d):
    a = g.armies[d["army"]]
    for k, v in d["set"].items():
        setattr(a, k, v)


def _battle(g, d):
    g.battle = None if d.get("end") else msgspec.convert(d["battle"], Battle)


def _mark(g, d):
    m = getattr(g, d["field"])
    if isinstance(m, list):
        m.append(d["key"])
    else:
        m[d["key"]] = m.get(d["key"], 0) + d["n"]


def _party(g, d):
    if d.get("new"):
        g.parties.append(Party(army=d["army"], space=d["space"], tools=list(d.get("tools", []))))
        return
    p = next(p for p in g.parties if p.army == d["army"] and p.space == d["space"])
    if d.get("gone"):
        g.parties.remove(p)
        return
    for k, v in d["set"].items():
        setattr(p, k, v)


def _treasure_pool(g, d):
    if d.get("take"):
        g.treasure_pool.remove(d["take"])
    if d.get("back"):
        g.treasure_pool.append(d["back"])


def _winner(g, d):
    g.winner = d["army"]


def _qmove(g, d):
    from engine.games.dragonlords.state import QMove

    g.qmove = None if d.get("end") else msgspec.convert(d["move"], QMove)
    if "shop_at" in d:
        g.shop_at = d["shop_at"]
    if d.get("wasteland") and d["wasteland"] not in g.quested:
        g.quested.append(d["wasteland"])


def _ask(g, d):
    from engine.games.dragonlords.state import Ask

    g.ask = None if d.get("end") else msgspec.convert(d["ask"], Ask)


def _spoils(g, d):
    if "add" in d:
        g.spoils.append(dict(d["add"]))
    else:
        g.spoils.pop(0)


def _qfight(g, d):
    from engine.games.dragonlords.state import QFight

    g.qfight = None if d.get("end") else msgspec.convert(d["fight"], QFight)


FOLD = {
    "dl.ask": _ask,
    "dl.spoils": _spoils,
    "dl.qfight": _qfight,
    "dl.setup": _setup,
    "dl.order": _order,
    "dl.phase": _phase,
    "dl.units": _units,
    "dl.hero_new": _hero_new,
    "dl.hero": _hero,
    "dl.hero_gone": _hero_gone,
    "dl.ship_new": _ship_new,
    "dl.ship": _ship,
    "dl.ship_gone": _ship_gone,
    "dl.gold": _gold,
    "dl.treasury": _treasury,
    "dl.army": _army,
    "dl.battle": _battle,
    "dl.mark": _mark,
    "dl.party": _party,
    "dl.treasure_pool": _treasure_pool,
    "dl.winner": _winner,
    "dl.qmove": _qmove,
}


def apply(table, ev) -> None:
    fn = FOLD.get(ev.type)
    if fn is not None:
        fn(table.game, ev.data)
