"""The variant Interactive Combat (MK:17:Var:InteractiveCombat, E-31), `variants=interactive_combat`:
when a player starts a combat against exactly one enemy, the player who acted before them sets
an unused mana die to a colour in secret (`combat_die` {colour}, seen only by that player):
white gives the enemy armour +1 in the ranged and siege phase, red attack +1, blue armour +1 in
the attack phase, each +1 fame if the enemy is defeated; black, green or gold give nothing. The
die is revealed as "white or not" at the start of the ranged phase, "red or not" at the start of
the block phase, and fully at the start of the attack phase (or when the combat ends).

The secret colour lies in an owner-only zone until revealed; the public state only says that a
die was set and what has been revealed."""

from __future__ import annotations

from engine.games.mage_knight.scenarios.variants import on
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:17:Var:InteractiveCombat"
COLOURS = ("white", "red", "blue", "green", "gold", "black")
ORDER = ("ranged", "block", "damage", "attack", "over")
USED = "icombat:used"  # public: the dice of ended combats, revealed as they ended


def die_zone(seat: int) -> str:
    """Each chooser's own owner-only zone: the chooser changes with the player fighting."""
    return f"icombat:die:{seat}"


def chooser(game, seat: int) -> int:
    """The player who acted before the current one (cyclic turn order, the dummy left out)."""
    order = [s for s in game.order if s != game.dummy_seat and s < len(game.players)]
    if seat not in order or len(order) < 2:
        return -1
    return order[order.index(seat) - 1]


def started(ctx, table, seat: int) -> None:
    """After a combat starts: one enemy and another player to set the die."""

    game = table.game
    c = game.combat
    if c is None or game.pvp or not on(table, "interactive_combat") or len(c.enemies) != 1:
        return
    who = chooser(game, seat)
    if who < 0:
        return
    ctx.emit(
        "mk.icombat",
        {"chooser": who, "seat": seat, "enemy": c.enemies[0].uid, "revealed": [], "set": False, "colour": ""},
        rule=RULE,
    )


def commands(table, seat: int) -> list[dict]:
    return [{"kind": "combat_die", "colour": c} for c in COLOURS]


def set_die(ctx, table, seat: int, cmd: dict) -> None:
    """The secret colour goes into the chooser's own zone; the ranged phase reveals white or not."""
    zone = die_zone(seat)
    if zone not in table.zones:
        zones.create(ctx, zone, [], rule=RULE, owner=seat, vis="owner")
    n = len(table.zone(zone)) + (len(table.zone(USED)) if USED in table.zones else 0) + 1
    zones.add(
        ctx, zone, [f"{cmd['colour']}#{n}"], rule=RULE
    )  # numbered by count, not the version: undo-stable
    ctx.emit("mk.icombat", dict(table.game.icombat, set=True), rule=RULE)
    reveal(ctx, table)


def _colour(table) -> str:
    """The colour set for this combat: the die on top of the chooser's zone (the one added last;
    earlier combats' dice left it as they ended)."""
    zone = die_zone(table.game.icombat.get("chooser", -1))
    return card_name(table.zone(zone)[0]) if zone in table.zones and table.zone(zone) else ""


def _clear_die(ctx, table) -> None:
    """The combat is over and its die shown: it leaves the chooser's zone, so the chooser's next
    combat reads only the die set for it."""
    zone = die_zone(table.game.icombat.get("chooser", -1))
    if zone not in table.zones or not table.zone(zone):
        return
    if USED not in table.zones:
        zones.create(ctx, USED, [], rule=RULE)
    zones.move(ctx, zone, USED, list(table.zone(zone)), rule=RULE)


def _modify(ctx, table, armour: int = 0, attack: int = 0) -> None:
    game = table.game
    uid = game.icombat["enemy"]
    e = next((e for e in game.combat.enemies if e.uid == uid), None) if game.combat else None
    if e is None or e.defeated:
        return
    ctx.emit(
        "mk.combat.enemy_modified",
        {
            "enemy": uid,
            "armour": armour,
            "attack": -attack,
            "prevent": False,
            "source": "interactive combat die",
            "rule": RULE,
            "audit": [
                f"interactive combat die: {uid} "
                + (f"armour {armour:+d}" if armour else f"attack +{attack}")
                + f" ({RULE})"
            ],
        },
        rule=RULE,
    )


def reveal(ctx, table) -> None:
    """Reveal what the phase reached asks for, and apply or lift the die's effect."""
    game = table.game
    v = game.icombat
    if not v or not v.get("set"):
        return
    colour = _colour(table)
    phase = game.combat.phase if game.combat is not None else "over"
    done = list(v["revealed"])
    steps = []
    if "ranged" not in done:
        steps.append("ranged")
    if ORDER.index(phase) >= ORDER.index("block") and "block" not in done:
        steps.append("block")
    if ORDER.index(phase) >= ORDER.index("attack") and "attack" not in done:
        steps.append("attack")
    for step in steps:
        done.append(step)
        if step == "ranged":
            ctx.emit("mk.icombat", dict(v, revealed=list(done), white=colour == "white"), rule=RULE)
            if colour == "white":
                _modify(ctx, table, armour=1)
        elif step == "block":
            if colour == "white":
                _modify(ctx, table, armour=-1)  # the ranged and siege phase is over
            ctx.emit("mk.icombat", dict(game.icombat, revealed=list(done), red=colour == "red"), rule=RULE)
            if colour == "red":
                _modify(ctx, table, attack=1)
        else:
            ctx.emit("mk.icombat", dict(game.icombat, revealed=list(done), colour=colour), rule=RULE)
            if colour == "blue":
                _modify(ctx, table, armour=1)
        v = game.icombat


def fame_bonus(table, defeated: list[str]) -> int:
    """+1 fame for a defeated enemy when the die was white, red or blue."""
    game = table.game
    v = game.icombat
    if not v or not v.get("set"):
        return 0
    return 1 if v["enemy"] in defeated and _colour(table) in ("white", "red", "blue") else 0


def ended(ctx, table) -> None:
    """The combat is over: the die is shown if it was not yet, and the variant's state cleared."""
    game = table.game
    if not game.icombat:
        return
    if game.icombat.get("set") and "attack" not in game.icombat["revealed"]:
        ctx.emit(
            "mk.icombat",
            dict(game.icombat, revealed=game.icombat["revealed"] + ["attack"], colour=_colour(table)),
            rule=RULE,
        )
    if game.icombat.get("set"):
        _clear_die(ctx, table)
    ctx.emit("mk.icombat", {}, rule=RULE)
