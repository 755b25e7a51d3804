"""The fold of dl.* events into DLState (events are the truth; nothing here decides a rule).

The events that change who stands where also update the occupation kept for the game object
being played (occupation.py), when it has one: a test of one global in a plain fold."""

from __future__ import annotations

import msgspec

from engine.games.dragonlords import occupation
from engine.games.dragonlords.map.world import register_map
from engine.games.dragonlords.state import Army, Ask, Battle, Hero, Party, QFight, QMove, Ship


def _setup(game, d):
    occupation.drop(game)
    game.map_name, game.short, game.kingdoms_to_win = d["map"], d["short"], d["kingdoms_to_win"]
    if "map_doc" in d:  # a situation's own map (world.py): the events after this one use it
        game.map_doc = d["map_doc"]
        game.map_key = register_map(game.map_doc)
    game.armies = [
        Army(race=a["race"], seat=a["seat"], supply=a["supply"], tools=list(a["tools"])) for a in d["armies"]
    ]
    game.placing = {str(i): a["placing"] for i, a in enumerate(d["armies"])}
    game.treasury = {str(i): a["gold"] for i, a in enumerate(d["armies"]) if a["gold"]}
    game.treasure_pool = list(d["treasures"])
    game.overrides = dict(d.get("overrides", {}))


def _order(game, d):
    game.order = list(d["order"])


def _phase(game, d):
    game.phase, game.active = d["phase"], d["active"]
    if "round" in d:
        game.round = d["round"]
    if d.get("new_turn"):
        game.no_fight, game.moved, game.sneaked, game.teleported = {}, {}, {}, []
        game.quested, game.shop_at, game.qmove, game.no_retreat = [], "", None, []
        for s in game.ships.values():
            s.fought = False
        for p in game.parties:
            p.moved = False
    if d.get("clear_moved"):
        game.moved, game.teleported = {}, []


def _units(game, d):
    loc, key, troops = d["loc"], str(d["army"]), game.troops
    here = troops.get(loc)
    if here is None:
        here = troops[loc] = {}
    was = here.get(key, 0)
    n = was + d["n"]
    if n:
        here[key] = n
    else:
        here.pop(key, None)
        if not here:
            del troops[loc]
    if "placing" in d:
        game.placing[key] = game.placing.get(key, 0) - d["placing"]
    if not (was and n):  # the army came to the place or left it
        kept = occupation.kept
        if kept is not None and kept.game is game:
            kept.touch(loc)


def _hero_new(game, d):
    kept = occupation.kept
    if kept is not None and kept.game is not game:
        kept = None
    game.heroes[d["id"]] = Hero(
        army=d["army"],
        loc=d["loc"],
        race=d["race"],
        role=d.get("role", ""),
        spells=list(d.get("spells", [])),
        treasures=list(d.get("treasures", [])),
    )
    if kept is not None:
        kept.hero_moved(d["id"], None, (d["loc"], d["army"]))
    if d.get("from_troops"):
        _units(game, {"loc": d["loc"], "army": d["army"], "n": -1})
    game.next_id = max(game.next_id, d["seq"] + 1)
    if d.get("role") == "wizard":
        game.armies[d["army"]].wizards += 1


def _hero(game, d):
    h = game.heroes[d["id"]]
    was, where = h.role, (h.loc, h.army)
    for k, v in d["set"].items():
        setattr(h, k, v)
    kept = occupation.kept
    if kept is not None and kept.game is game and (h.loc, h.army) != where:
        kept.hero_moved(d["id"], where, (h.loc, h.army))
    if was == "wizard" and h.role != "wizard":
        game.armies[h.army].wizards -= 1
    if h.role == "wizard" and was != "wizard":
        game.armies[h.army].wizards += 1


def _hero_gone(game, d):
    h = game.heroes.pop(d["id"])
    kept = occupation.kept
    if kept is not None and kept.game is game:
        kept.hero_moved(d["id"], (h.loc, h.army), None)
    if h.role == "wizard":
        game.armies[h.army].wizards -= 1
    if d.get("to_troops"):
        _units(game, {"loc": h.loc, "army": h.army, "n": 1})


def _ship_new(game, d):
    game.ships[d["id"]] = Ship(army=d["army"], zone=d["zone"], harbour=d.get("harbour", ""))
    game.next_id = max(game.next_id, d["seq"] + 1)


def _ship(game, d):
    s = game.ships[d["id"]]
    for k, v in d["set"].items():
        setattr(s, k, v)


def _ship_gone(game, d):
    game.ships.pop(d["id"])


def _gold(game, d):
    game.gold[d["kingdom"]] = game.gold.get(d["kingdom"], 0) + d["n"]
    if game.gold[d["kingdom"]] == 0:
        del game.gold[d["kingdom"]]


def _treasury(game, d):
    k = str(d["army"])
    game.treasury[k] = game.treasury.get(k, 0) + d["n"]
    if game.treasury[k] == 0:
        del game.treasury[k]


def _army(game, d):
    a = game.armies[d["army"]]
    for k, v in d["set"].items():
        setattr(a, k, v)


def _battle(game, d):
    game.battle = None if d.get("end") else msgspec.convert(d["battle"], Battle)


def _mark(game, d):
    m = getattr(game, d["field"])
    if isinstance(m, list):
        m.append(d["key"])
    else:
        m[d["key"]] = m.get(d["key"], 0) + d["n"]


def _party(game, d):
    if d.get("new"):
        game.parties.append(Party(army=d["army"], space=d["space"], tools=list(d.get("tools", []))))
        return
    p = next(p for p in game.parties if p.army == d["army"] and p.space == d["space"])
    if d.get("gone"):
        game.parties.remove(p)
        return
    for k, v in d["set"].items():
        setattr(p, k, v)


def _treasure_pool(game, d):
    if d.get("take"):
        game.treasure_pool.remove(d["take"])
    if d.get("back"):
        game.treasure_pool.append(d["back"])


def _winner(game, d):
    game.winner = d["army"]


def _qmove(game, d):

    game.qmove = None if d.get("end") else msgspec.convert(d["move"], QMove)
    if "shop_at" in d:
        game.shop_at = d["shop_at"]
    if d.get("wasteland") and d["wasteland"] not in game.quested:
        game.quested.append(d["wasteland"])


def _ask(game, d):

    game.ask = None if d.get("end") else msgspec.convert(d["ask"], Ask)


def _spoils(game, d):
    if "add" in d:
        game.spoils.append(dict(d["add"]))
    else:
        game.spoils.pop(0)


def _qfight(game, d):

    game.qfight = None if d.get("end") else msgspec.convert(d["fight"], QFight)


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
