"""Command handlers (one per command kind). The pipeline has already checked each command against
legal_commands, so a handler only carries it out and then moves the game on."""

from __future__ import annotations

from engine.games.dragonlords import board, places
from engine.games.dragonlords.battles import (
    battle,
    spoils,  # noqa: F401  (registers the end-of-fight questions with battle.py)
)
from engine.games.dragonlords.magic.scrolls import cast
from engine.games.dragonlords.magic.teleport import must_teleport_home
from engine.games.dragonlords.map.world import run_on, world
from engine.games.dragonlords.quests.activity import HANDLERS as QH
from engine.games.dragonlords.turn import decisions
from engine.games.dragonlords.turn.decisions import ask
from engine.games.dragonlords.turn.flow import check_victory, finish_setup, next_phase, next_setup
from engine.games.dragonlords.turn.moves import price


def _army(table):
    """The army whose turn (or set-up step) it is: the one every command acts for."""
    return table.game.active


# -- set-up ---------------------------------------------------------------------------------------


def place(ctx, table, seat, cmd):
    game = table.game
    a = _army(table)
    to = cmd["to"]
    if game.phase == "reinforce":
        race = next(k for k, n in sorted(game.armies[a].bought.items()) if n and k != "ship")
        bought = dict(game.armies[a].bought)
        bought[race] -= 1
        ctx.emit(
            "dl.army", {"army": a, "set": {"bought": {k: v for k, v in bought.items() if v}}}, rule="DL:3.7"
        )
        ctx.emit("dl.units", {"loc": to, "army": a, "n": 1}, rule="DL:3.7")
        return _reinforce_next(ctx, table)
    n = 2 if game.phase == "setup_kingdom" else 1
    rule = "INT-13" if game.phase == "setup_kingdom" else "DL:2.3/placement"
    ctx.emit("dl.units", {"loc": to, "army": a, "n": n, "placing": n}, rule=rule)
    next_setup(ctx, table)


def chips(ctx, table, seat, cmd):
    """P4: the chips go face down under three different units; which unit carries which is secret
    (the public sees three chip-bearers; their ids are dealt in a hidden random order)."""
    a = _army(table)
    roles = ["king", "wizard", "decoy"]
    order = ctx.pick("chips", [0, 1, 2], 3, rule="DL:2.3/placement", vis=[seat])
    for k in order:
        role = roles[k]
        spells = [1, 2] if role == "wizard" else []
        # One rule for all three: a redacted event still shows its rule, and the wizard's own
        # (DL:2.3.5, its Heal and Fireball pegs) would tell the others which unit it is.
        battle.new_hero(ctx, table, a, cmd[role], role, spells=spells, rule="DL:2.3/placement", vis=[seat])
    next_setup(ctx, table)


def dock(ctx, table, seat, cmd):
    game = table.game
    a = _army(table)
    if game.phase == "reinforce":
        bought = dict(game.armies[a].bought)
        bought["ship"] -= 1
        ctx.emit(
            "dl.army", {"army": a, "set": {"bought": {k: v for k, v in bought.items() if v}}}, rule="INT-16"
        )
        _new_ship(ctx, table, a, cmd["zone"], cmd["to"], "INT-16")
        return _reinforce_next(ctx, table)
    _new_ship(ctx, table, a, cmd["zone"], cmd["to"], "DL:2.3/placement")
    next_setup(ctx, table)


def _new_ship(ctx, table, a, zone, harbour, rule):
    game = table.game
    ctx.emit(
        "dl.ship_new",
        {"id": f"S{game.next_id}", "seq": game.next_id, "army": a, "zone": zone, "harbour": harbour},
        rule=rule,
    )


def _reinforce_next(ctx, table):
    game = table.game
    if not any(game.armies[game.active].bought.values()):
        next_phase(ctx, table)


# -- purchase -------------------------------------------------------------------------------------


def buy(ctx, table, seat, cmd):
    """Pay from the gold in the kingdoms held (DL:3.1, INT-24); the piece waits for phase 7."""
    game = table.game
    a = _army(table)
    what = cmd["what"]
    cost = price(game, a, what)
    left = cost
    for k in board.kingdoms_held(game, a):
        take = min(left, game.gold.get(k, 0))
        if take:
            ctx.emit("dl.gold", {"kingdom": k, "n": -take, "army": a}, rule="DL:3.1")
            left -= take
    army = game.armies[a]
    bought = dict(army.bought)
    bought[what] = bought.get(what, 0) + 1
    upd = {"bought": bought}
    if what != "ship":
        upd["supply"] = army.supply - 1
    if what == "orc":
        upd["orcs_bought"] = army.orcs_bought + 1
    ctx.emit(
        "dl.army",
        {"army": a, "set": upd, "bought_one": what, "price": cost},
        rule="INT-01" if what == "orc" else "DL:3.1",
    )


# -- naval movement and transfer ------------------------------------------------------------------


def sail(ctx, table, seat, cmd):
    """One sea zone further; entering an enemy blockade ends the move (INT-18)."""
    game = table.game
    s = game.ships[cmd["ship"]]
    to = cmd["to"]
    hostile = [o for o in board.blockade(game, to) if not board.allies(game, s.army, o)]
    ctx.emit(
        "dl.ship",
        {"id": cmd["ship"], "set": {"zone": to, "harbour": "", "moves": 0 if hostile else s.moves - 1}},
        rule="INT-18" if hostile else "DL:3.2/ships",
    )


def load(ctx, table, seat, cmd):
    game = table.game
    a = _army(table)
    here = places.aboard(cmd["ship"])
    rule = "DL:3.5" if game.phase == "transfer" else "DL:3.2/ships"
    if cmd.get("hero"):
        ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": here}}, rule=rule)
    else:
        ctx.emit("dl.units", {"loc": cmd["origin"], "army": a, "n": -cmd["n"]}, rule=rule)
        ctx.emit("dl.units", {"loc": here, "army": a, "n": cmd["n"]}, rule=rule)
    ctx.emit("dl.ship", {"id": cmd["ship"], "set": {"harbour": ""}}, rule=rule)


def unload(ctx, table, seat, cmd):
    game = table.game
    a = _army(table)
    here = places.aboard(cmd["ship"])
    to = cmd["to"]
    rule = "DL:3.5" if game.phase == "transfer" else "DL:3.2/ships"
    if cmd.get("hero"):
        ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": to}}, rule=rule)
        n = 1
    else:
        n = cmd["n"]
        ctx.emit("dl.units", {"loc": here, "army": a, "n": -n}, rule=rule)
        ctx.emit("dl.units", {"loc": to, "army": a, "n": n}, rule=rule)
    if game.phase == "transfer":
        ctx.emit("dl.mark", {"field": "moved", "key": to, "n": n}, rule="DL:3.5")
    if not board.ship_units(game, cmd["ship"]):
        ctx.emit("dl.ship", {"id": cmd["ship"], "set": {"harbour": to}}, rule="DL:2.2/sea-zones")
    if board.owner(game, to) == a:
        check_victory(ctx, table)


def move(ctx, table, seat, cmd):
    """Transfer: one step into an adjacent own or empty territory (DL:3.5, INT-31)."""
    a = _army(table)
    o, to = cmd["origin"], cmd["to"]
    if cmd.get("hero"):
        ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": to}}, rule="DL:3.5")
        ctx.emit("dl.mark", {"field": "teleported", "key": cmd["hero"]}, rule="DL:3.5")
    else:
        ctx.emit("dl.units", {"loc": o, "army": a, "n": -cmd["n"]}, rule="DL:3.5")
        ctx.emit("dl.units", {"loc": to, "army": a, "n": cmd["n"]}, rule="DL:3.5")
        ctx.emit("dl.mark", {"field": "moved", "key": to, "n": cmd["n"]}, rule="DL:3.5")
    check_victory(ctx, table)


def teleport(ctx, table, seat, cmd):
    """The caster and n units of its place (INT-19) to the destination (DL:3.2/spellcaster,
    DL:3.2/dragonlord, DL:3.5); teleported units cannot retreat from a battle there."""
    game = table.game
    a = _army(table)
    x = game.heroes[cmd["hero"]]
    rule = "DL:3.2/dragonlord" if x.role == "dragonlord" else "DL:3.2/spellcaster"
    src = x.loc
    if any(not board.allies(game, a, o) for o in board.armies_at(game, cmd["to"])):
        ctx.emit("dl.mark", {"field": "no_retreat", "key": cmd["to"]}, rule="DL:3.4/retreat")
    if cmd["n"]:
        ctx.emit("dl.units", {"loc": src, "army": a, "n": -cmd["n"]}, rule=rule)
        ctx.emit("dl.units", {"loc": cmd["to"], "army": a, "n": cmd["n"]}, rule=rule)
    ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": cmd["to"]}}, rule=rule)
    if cmd.get("with"):
        # a chip-bearer carried along as one of the units (the King may be, DL:3.4/dragonlords)
        ctx.emit("dl.hero", {"id": cmd["with"], "set": {"loc": cmd["to"]}}, rule=rule)
    ctx.emit("dl.mark", {"field": "teleported", "key": cmd["hero"]}, rule=rule)
    if game.phase == "transfer":
        n = cmd["n"] + (1 if cmd.get("with") else 0)
        ctx.emit("dl.mark", {"field": "moved", "key": cmd["to"], "n": n}, rule="DL:3.5")
    check_victory(ctx, table)


# -- combat ---------------------------------------------------------------------------------------


def attack(ctx, table, seat, cmd):
    """Step 1 (DL:3.4/land.1): move units in from an adjacent own territory, keeping one there."""
    game = table.game
    a = _army(table)
    o, x = cmd["origin"], cmd["target"]
    if game.battle is None:
        d = next(w for w in board.armies_at(game, x) if w != a)
        tele = world().adjacent(o, x) is False
        ctx.emit(
            "dl.battle",
            {
                "battle": {
                    "loc": x,
                    "attacker": a,
                    "defender": d,
                    "kind": "land",
                    "retreat_ok": not tele,
                    "origins": [o],
                }
            },
            rule="DL:3.4/land.1",
        )
    _move_in(ctx, table, a, o, x, cmd)


def _move_in(ctx, table, a, o, x, cmd):
    game = table.game
    if cmd.get("hero"):
        ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": x}}, rule="DL:3.4/land.1")
    else:
        ctx.emit("dl.units", {"loc": o, "army": a, "n": -cmd["n"]}, rule="DL:3.4/land.1")
        ctx.emit("dl.units", {"loc": x, "army": a, "n": cmd["n"]}, rule="DL:3.4/land.1")
    b = game.battle
    if o not in b.origins:
        ctx.emit("dl.battle", {"battle": battle._with(b, origins=[*b.origins, o])}, rule="DL:3.4/land.1")


def sneak(ctx, table, seat, cmd):
    """Elves move in for one round without strike-back (DL:3.4/sneak). With `wait` they wait for
    the elves of other adjacent territories to join ("Die Elfen Einheiten können aus mehr als einem
    angrenzendem Gebiet kommen"); without it the round starts at once with every elf gathered."""
    game = table.game
    a = _army(table)
    o, x = cmd["origin"], cmd["target"]
    if game.battle is None:
        d = next(w for w in board.armies_at(game, x) if w != a)
        ctx.emit(
            "dl.battle",
            {
                "battle": {
                    "loc": x,
                    "attacker": a,
                    "defender": d,
                    "kind": "sneak",
                    "retreat_ok": False,
                    "origins": [o],
                }
            },
            rule="DL:3.4/sneak",
        )
    _move_in(ctx, table, a, o, x, cmd)
    if not cmd.get("wait"):
        battle.fight_round(ctx, table)


def fight(ctx, table, seat, cmd):
    game = table.game
    a = _army(table)
    if game.battle is None:
        x = cmd["at"]
        naval = x in world().sea
        if naval:
            d = next(o for o in board.blockade(game, x) if not board.allies(game, a, o))
        else:
            d = next(w for w in board.armies_at(game, x) if w != a)
        tele = x in game.no_retreat
        ctx.emit(
            "dl.battle",
            {
                "battle": {
                    "loc": x,
                    "attacker": a,
                    "defender": d,
                    "kind": "naval" if naval else "land",
                    "retreat_ok": not naval and not tele,
                    "step": "after_round",
                }
            },
            rule="DL:3.4/naval" if naval else "DL:3.4/land.1",
        )
        # a landing that finds the place empty of the enemy after all simply takes it
        if not naval and not battle.side_units(game, x, d):
            return battle.end_battle(ctx, table)
    battle.fight_round(ctx, table)


def stand(ctx, table, seat, cmd):
    b = table.game.battle
    battle.finish_round(ctx, table, b.volley, None)


def teleport_away(ctx, table, seat, cmd):
    """The defending spellcaster teleports alone and does not strike back (DL:3.4/retreat)."""
    b = table.game.battle
    ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": cmd["to"]}}, rule="DL:3.4/retreat")
    battle.finish_round(ctx, table, b.volley, cmd["hero"])


def retreat(ctx, table, seat, cmd):
    """The attackers withdraw to adjacent own territories (DL:3.4/retreat): all at once, or split
    among several, n plain units or one chip-bearer at a time (INT-40); once begun, every
    attacker must go, and the defender keeps the place."""
    game = table.game
    b = game.battle
    if cmd.get("hero"):
        ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": cmd["to"]}}, rule="INT-40")
    elif cmd.get("n"):
        ctx.emit("dl.units", {"loc": b.loc, "army": b.attacker, "n": -cmd["n"]}, rule="INT-40")
        ctx.emit("dl.units", {"loc": cmd["to"], "army": b.attacker, "n": cmd["n"]}, rule="INT-40")
    else:
        battle.withdraw(ctx, table, b.loc, cmd["to"], b.attacker, "DL:3.4/retreat")
    if battle.side_units(game, b.loc, b.attacker):
        ctx.emit("dl.battle", {"battle": battle._with(b, retreating=True)}, rule="INT-40")
        return
    ctx.emit(
        "dl.battle", {"end": True, "winner": b.defender, "loc": b.loc, "retreat": True}, rule="DL:3.4/retreat"
    )


def march(ctx, table, seat, cmd):
    """Forced march: the units cannot fight this turn (DL:3.4/forced-march, INT-29)."""
    a = _army(table)
    ctx.emit("dl.units", {"loc": cmd["origin"], "army": a, "n": -cmd["n"]}, rule="DL:3.4/forced-march")
    ctx.emit("dl.units", {"loc": cmd["to"], "army": a, "n": cmd["n"]}, rule="DL:3.4/forced-march")
    ctx.emit("dl.mark", {"field": "no_fight", "key": cmd["to"], "n": cmd["n"]}, rule="DL:3.4/forced-march")
    check_victory(ctx, table)


def burn(ctx, table, seat, cmd):
    """DragonLord fire attack: every enemy ship in the zone burns with its units, who escape to an
    adjacent territory of their own if there is one, the one its owner picks (DL:3.4/fire-attack,
    INT-43)."""
    game = table.game
    a = _army(table)
    targets = [o for o in board.blockade(game, cmd["zone"]) if not board.allies(game, a, o)]
    _burn_next(ctx, table, {"zone": cmd["zone"], "army": a, "targets": targets})


def _burn_next(ctx, table, data) -> None:
    game = table.game
    zone = data["zone"]
    sid = next((s for o in data["targets"] for s in board.ships_in(game, zone, o)), None)
    if sid is None:
        check_victory(ctx, table)
        return
    o = game.ships[sid].army
    land = [x for x in world().coast.get(zone, ()) if board.owner(game, x) == o]
    if len(land) > 1 and board.ship_units(game, sid):
        return ask(ctx, table, o, "escape", "INT-43", land, "burn_escape", {**data, "ship": sid})
    _burn_ship(ctx, table, data, sid, land[0] if land else "")


def _burn_ship(ctx, table, data, sid, to) -> None:
    game = table.game
    o = game.ships[sid].army
    here = places.aboard(sid)
    if to:
        battle.withdraw(ctx, table, here, to, o, "DL:3.4/fire-attack")
    elif board.ship_units(game, sid):
        battle.kill(
            ctx, table, here, o, board.units(game, here, o), data["army"], "DL:3.4/fire-attack", "fire attack"
        )
    ctx.emit("dl.ship_gone", {"id": sid, "why": "burnt"}, rule="DL:3.4/fire-attack")
    if not table.over:
        _burn_next(ctx, table, data)


def _burn_escape(ctx, table, pick, q) -> None:
    _burn_ship(ctx, table, q.data, q.data["ship"], pick)


def stash(ctx, table, seat, cmd):
    """Put income into one of the kingdoms held (DL:3.6); the rest waits for the next `stash`."""
    game = table.game
    a = game.active
    rule = "DL:2.3.3" if game.phase == "setup_gold" else "DL:3.6"
    ctx.emit("dl.treasury", {"army": a, "n": -cmd["n"]}, rule=rule)
    ctx.emit("dl.gold", {"kingdom": cmd["kingdom"], "n": cmd["n"], "army": a}, rule=rule)
    if not game.treasury.get(str(a)):
        if game.phase == "setup_gold":
            return finish_setup(ctx, table)
        next_phase(ctx, table)


def done(ctx, table, seat, cmd):
    game = table.game
    if game.phase == "setup_ship":
        ctx.emit("dl.ship_lost", {"army": game.active}, rule="DL:2.3/placement")
        return next_setup(ctx, table)
    if game.phase == "transfer":
        for h in must_teleport_home(game, game.active):
            battle.hero_dies(ctx, table, h, -1, "DL:3.5")
    if game.phase == "reinforce":
        ctx.emit("dl.army", {"army": game.active, "set": {"bought": {}}}, rule="DL:3.7")
    next_phase(ctx, table)


HANDLERS = {
    "place": place,
    "chips": chips,
    "dock": dock,
    "buy": buy,
    "sail": sail,
    "load": load,
    "unload": unload,
    "move": move,
    "teleport": teleport,
    "attack": attack,
    "sneak": sneak,
    "fight": fight,
    "stand": stand,
    "teleport_away": teleport_away,
    "retreat": retreat,
    "march": march,
    "burn": burn,
    "stash": stash,
    "done": done,
}


def subscriptions():

    decisions.THEN["burn_escape"] = _burn_escape

    out = []
    for kind, fn in {
        **HANDLERS,
        **QH,
        "scroll": cast,
        "casualty": decisions.casualty,
        "choose": decisions.choose,
        "spell": battle.spell,
        "roll": battle.roll,
    }.items():
        out.append((f"cmd.{kind}", _wrap(fn)))
    return out


def _wrap(fn):

    def handler(ctx, table, ev):
        run_on(table.game, fn, ctx, table, ev.actor, ev.data)

    handler.__name__ = fn.__name__
    return handler
