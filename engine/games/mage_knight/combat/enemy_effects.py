"""Effects of cards, skills and units on enemies beyond armour and attack changes
(MK:8:Combat:4): abilities or resistances lost or gained, enemies destroyed, armour per
resistance, several targets; and the effects that wait for a combat event (a successful block,
the attack phase). fight.py hands them over; the combat module's events carry them out."""

from __future__ import annotations

from itertools import combinations

from engine.games.mage_knight.cards import turn_effects
from engine.games.mage_knight.cards.turn_effects import effects_of, set_effect
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.abilities import armour_now
from engine.games.mage_knight.combat.arithmetic import reputation_for_defeat
from engine.games.mage_knight.combat.defeat_rewards import on_defeated
from engine.games.mage_knight.map.tokens import gain_fame


# -- enemies ------------------------------------------------------------------------------------
def extended(foe: dict) -> bool:
    return bool(
        foe.get("lose")
        or foe.get("gain")
        or foe.get("defeat")
        or foe.get("per_resistance")
        or foe.get("raise_attack")
        or foe.get("max_targets", 1) > 1
        or foe.get("if_blocked")
        or foe.get("exclude_fortified")
        or "aimed" in foe
        or "duel" in foe
    )


def enemy_targets(c, foe: dict, colour) -> list[str]:
    """Enemies such an effect may be played on now; a multi-target effect also offers the first
    `max_targets` of them together ("a,b")."""
    if foe["phase"] and c.phase != foe["phase"]:
        return []
    if c.phase in ("damage", "over"):
        return []
    out = []
    for e in c.enemies:
        if e.defeated or e.discarded or (e.summoned_by and foe.get("exclude_summoned")):
            continue
        if foe["exclude_resistance"] and foe["exclude_resistance"] in e.resistances:
            continue
        if "arcane_immunity" in e.abilities and (
            foe["exclude_arcane"] or foe["armour"] or foe.get("lose") or foe.get("per_resistance")
        ):
            continue  # MK:10:Abilities:ArcaneImmunity
        if foe.get("exclude_fortified") and "fortified" in e.abilities:
            continue
        if foe.get("if_blocked") and not all(a.blocked for a in e.attacks):
            continue
        out.append(e.uid)
    k = foe.get("max_targets", 1)
    if "aimed" in foe:
        return aimed_targets(c, foe, out, k)
    if k > 1 and len(out) > 1:
        out.append(",".join(out[:k]))
    return out


def aimed_targets(c, foe: dict, uids: list[str], k: int) -> list[str]:
    """An attack on each of up to `k` different enemies: every such set ("a,b"), none while the
    phase takes no points of the attack's kind (MK:8:Combat:3, MK:9:Ranged:4)."""
    if any(combat_machine.points_problem(c, point_kind(kind), el, n) for kind, el, n in foe["aimed"]):
        return []
    uids = [u for u in uids if not next(e for e in c.enemies if e.uid == u).summoned_by]
    return [",".join(g) for n in range(1, k + 1) for g in combinations(uids, n)]


def point_kind(attack_type: str) -> str:
    """The pool kind of an attack atom's type (fight.POINT_KIND: ranged and siege, else melee)."""
    return attack_type if attack_type in ("ranged", "siege") else "melee"


def aimed_points(ctx, table, foe: dict, target: str, source: str) -> None:
    """Each named enemy gets its own points, aimed at it (Points.target, MK:8:Combat:4)."""
    for uid in target.split(","):
        for kind, el, n in foe["aimed"]:
            ctx.emit(
                "mk.combat_points",
                {
                    "seat": table.game.active,
                    "kind": point_kind(kind),
                    "element": el,
                    "value": n,
                    "source": source,
                    "target": uid,
                },
                rule="MK:8:Combat:4",
            )


def duel(ctx, table, foe: dict, target: str, source: str) -> None:
    """Dueling: the named enemy gets an attack aimed at it in the attack phase; fame when it is
    defeated while no unit of the seat was spent or wounded since (reading, CONTENT.md)."""
    seat = table.game.active
    ready = sorted(u.uid for u in table.game.players[seat].units if u.ready)
    set_effect(ctx, seat, "duel", [target, foe["duel"][0], foe["duel"][1], ready, source])


def _units_kept_out(table, seat: int, ready: list[str]) -> bool:
    now = {u.uid: u for u in table.game.players[seat].units}
    hurt = any(u.wounds or u.destroyed for u in table.game.combat.units)
    return not hurt and all(uid in now and now[uid].ready for uid in ready)


def apply_enemy(ctx, table, foe: dict, target: str, source: str, colour) -> None:
    c = table.game.combat
    foe = dict({"armour": 0, "attack": 0, "prevent": False}, **foe)
    if "aimed" in foe:
        return aimed_points(ctx, table, foe, target, source)
    if "duel" in foe:
        return duel(ctx, table, foe, target, source)
    for uid in target.split(","):
        e = next(x for x in c.enemies if x.uid == uid)
        if foe.get("defeat") or foe.get("if_blocked"):
            rep, _ = reputation_for_defeat(e.pile, e.rampaging, e.reputation)
            ctx.emit(
                "mk.combat.defeated",
                {
                    "enemy": uid,
                    "token": e.enemy,
                    "pile": e.pile,
                    "fame": e.fame,
                    "reputation": rep,
                    "rule": "MK:8:Combat:4",
                    "audit": [f"{source}: {uid} destroyed, fame +{e.fame} (MK:8:Combat:4)"],
                },
                rule="MK:8:Combat:4",
            )
            continue
        armour = foe["armour"] * (len(e.resistances) if foe.get("per_resistance") else 1)
        if (armour or foe["attack"] or foe["prevent"]) and (
            combat_machine.effect_problem(
                c, uid, armour=armour, attack=foe["attack"], prevent=foe["prevent"], colour=colour
            )
            is None
        ):
            for typ, data in combat_machine.modify_enemy(
                c,
                uid,
                source=source,
                armour=armour,
                attack=foe["attack"],
                prevent=foe["prevent"],
                colour=colour,
            ):
                ctx.emit(typ, data, rule=data["rule"])
        if foe.get("lose") or foe.get("gain") or foe.get("raise_attack"):
            turn_effects.strip(
                ctx, table, uid, foe.get("lose", ()), foe.get("gain", ()), source, foe.get("raise_attack", 0)
            )


def blocked_armour(ctx, table, to: int, source: str) -> None:
    """Every enemy whose attacks are all blocked gets armour `to` (MK:8:Combat:4)."""
    c = table.game.combat
    for e in c.enemies:
        if (
            e.defeated
            or not e.attacks
            or not all(a.blocked for a in e.attacks)
            or "arcane_immunity" in e.abilities
        ):
            continue
        now, _ = armour_now(c, e)
        if now > to:
            for typ, data in combat_machine.modify_enemy(c, e.uid, source=source, armour=to - now):
                ctx.emit(typ, data, rule=data["rule"])


# -- combat and healing hooks ---------------------------------------------------------------------
def on_combat_event(ctx, table, seat: int, typ: str, data: dict) -> None:
    """Effects waiting for a combat event: a successful block (Burning Shield: fire attack in the
    attack phase, or the enemy destroyed; Shield Bash: armour -1 per point of excess block), the
    attack phase (Dodge and Weave: attack if no wound reached the hand), MK:9:Block:6."""
    fx = effects_of(table, seat)
    c = table.game.combat
    if c is None:
        return
    if typ == "mk.combat.defeated":
        on_defeated(ctx, table, seat, data)
        if fx.get("duel") and fx["duel"][0] == data["enemy"]:
            _uid, _, fame, ready, _source = fx["duel"]
            set_effect(ctx, seat, "duel", None)
            if fame and c.phase == "attack" and _units_kept_out(table, seat, ready):
                gain_fame(ctx, table, seat, fame, "MK:5:Skills:4c")
    if typ == "mk.combat.blocked" and data["success"] and fx.get("on_block"):
        mode, value = fx["on_block"]
        set_effect(ctx, seat, "on_block", None)
        e = next(x for x in c.enemies if x.uid == data["enemy"])
        if mode == "attack":
            set_effect(ctx, seat, "attack_phase_points", ["melee", "fire", value])
        elif mode == "destroy" and "arcane_immunity" not in e.abilities and "fire" not in e.resistances:
            apply_enemy(ctx, table, {"defeat": True}, e.uid, "burning_shield", "red")
        elif mode == "bash" and data["total"] > data["need"] and "arcane_immunity" not in e.abilities:
            for typ2, d2 in combat_machine.modify_enemy(
                c, e.uid, source="shield_bash", armour=data["need"] - data["total"]
            ):
                ctx.emit(typ2, d2, rule=d2["rule"])
    if typ == "mk.combat.phase" and data.get("phase") == "attack":
        points = []
        if fx.get("attack_phase_points"):
            points.append(tuple(fx["attack_phase_points"]))
        if fx.get("attack_if_unhurt") and not c.wounds_to_hand:
            points.append(("melee", "physical", fx["attack_if_unhurt"]))
        duelled = fx.get("duel")
        if duelled and any(e.uid == duelled[0] and not e.defeated for e in c.enemies):
            points.append(("melee", "physical", duelled[1], duelled[0], ""))
        for kind, element, value, *aim in points:
            d = {"seat": seat, "kind": kind, "element": element, "value": value, "source": "effect"}
            if aim and aim[0]:
                d["target"] = aim[0]
            if aim and aim[1:] and aim[1]:
                d["not_target"] = aim[1]
            ctx.emit("mk.combat_points", d, rule="MK:8:Combat:3")
