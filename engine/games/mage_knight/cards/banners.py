"""Banner artifacts assigned to units (MK:5:Units:8): a banner played from the hand is slid under
one of the seat's units (zone `banners:<seat>`) and the unit has its basic effect while it stays;
the stronger side is then not usable. A new banner on the same unit, or the unit destroyed or
disbanded, puts the old banner on the discard pile (MK:5:Units:8a); at the round's start each
banner's owner keeps it or discards it (MK:5:Units:8b, an `asks.py` prompt of that seat: a
discarded banner is shuffled into the new deed deck) and face-down banners turn face up (a banner
used once this round holds that round's number).

A banner's basic effect is a `banner` node of content/readings.json: `armour`, `resistances`
(the unit in combat), `attack` / `block` (added to its activated ability), `fame_on_use` (fame
when it attacks or blocks), `ready_once` (once a round: ready the unit), `ignore_wound_once`
(once a round: the unit's first wound is ignored), `cancel_attack` (spend the unit in the block
phase: an enemy does not attack, fame as given)."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.turn_effects import set_effect
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.tokens import gain_fame
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:5:Units:8"


def zone(seat: int) -> str:
    return f"banners:{seat}"


def spec(banner_cid: str) -> dict:
    tree = content().cards[card_name(banner_cid)].basic_effect
    return tree.get("banner", {}) if isinstance(tree, dict) else {}


def of_unit(table, seat: int, uid: str) -> dict:
    cid = table.game.players[seat].banners.get(uid, "")
    return spec(cid) if cid else {}


def unused(table, seat: int, uid: str) -> bool:
    cid = table.game.players[seat].banners.get(uid, "")
    return bool(cid) and table.game.players[seat].banner_used.get(cid, -1) != table.game.round


def assign(ctx, table, seat: int, name: str, uid: str) -> None:
    """The played banner (in the play area) goes under the unit; an old banner is discarded."""
    cid = next(c for c in reversed(table.zone(state.play_area(seat))) if card_name(c) == name)
    if zone(seat) not in table.zones:
        zones.create(ctx, zone(seat), [], RULE, owner=seat)
    old = table.game.players[seat].banners.get(uid, "")
    if old:
        zones.move(ctx, zone(seat), state.discard(seat), [old], rule="MK:5:Units:8a")
    zones.move(ctx, state.play_area(seat), zone(seat), [cid], rule=RULE)
    ctx.emit("mk.banner", {"seat": seat, "unit": uid, "banner": cid}, rule=RULE)


def unit_gone(ctx, table, ev) -> None:
    """mk.unit_destroyed (destroyed in combat, or disbanded): its banner goes to the discard pile."""
    seat, uid = ev.data["seat"], ev.data["uid"]
    cid = table.game.players[seat].banners.get(uid, "")
    if cid:
        zones.move(ctx, zone(seat), state.discard(seat), [cid], rule="MK:5:Units:8a")
        ctx.emit("mk.banner", {"seat": seat, "unit": uid, "banner": ""}, rule="MK:5:Units:8a")


def discard(ctx, table, seat: int, uid: str) -> None:
    """The owner gives the banner up at the round's start: the round's shuffle is done, so it is
    shuffled into the new deed deck (reading, catalog.toml MK:5:Units:8c)."""
    cid = table.game.players[seat].banners[uid]
    zones.move(ctx, zone(seat), state.deck(seat), [cid], rule="MK:5:Units:8b")
    ctx.emit("mk.banner", {"seat": seat, "unit": uid, "banner": ""}, rule="MK:5:Units:8b")
    ctx.shuffle(state.deck(seat), rule="MK:4:Round:2g")


def equip(table, seat: int, c) -> None:
    """A combat's units with their banners' armour and resistances (before the start event)."""
    for u in c.units:
        b = of_unit(table, seat, u.uid)
        u.armour += b.get("armour", 0)
        u.resistances = list(u.resistances) + [r for r in b.get("resistances", ()) if r not in u.resistances]


def on_activate(ctx, table, seat: int, uid: str, atoms: list) -> list:
    """The banner's attack and block bonus on the unit's ability, and its fame for using it;
    fame +1 once per unit that attacks or blocks while a turn effect asks it (Banner of Glory
    powered)."""
    fx = table.game.players[seat].turn_effects
    fights = any(k in ("attack", "block") for k, _ in atoms)
    if fx.get("unit_fame") and fights and uid not in fx.get("unit_fame_given", []):
        set_effect(ctx, seat, "unit_fame_given", [*fx.get("unit_fame_given", []), uid])
        gain_fame(ctx, table, seat, 1, RULE)
    b = of_unit(table, seat, uid)
    if not b:
        return atoms
    out = []
    for k, v in atoms:
        if k in ("attack", "block") and b.get(k):
            v = dict(v, value=v["value"] + b[k])
        out.append((k, v))
    if b.get("fame_on_use") and any(k in ("attack", "block") for k, _ in atoms):
        gain_fame(ctx, table, seat, b["fame_on_use"], RULE)
    return out


def absorbs_wound(ctx, table, seat: int, uid: str) -> bool:
    """Once a round the banner takes the unit's wound instead (the banner turns face down)."""
    if not (of_unit(table, seat, uid).get("ignore_wound_once") and unused(table, seat, uid)):
        return False
    _used(ctx, table, seat, uid)
    return True


def _used(ctx, table, seat: int, uid: str) -> None:
    cid = table.game.players[seat].banners[uid]
    ctx.emit("mk.banner_used", {"seat": seat, "banner": cid, "round": table.game.round}, rule=RULE)


def commands(table, seat: int) -> list[dict]:
    """Banner uses: ready the spent unit (once a round), or spend it to stop an enemy's attack
    in the block phase."""
    p = table.game.players[seat]
    c = table.game.combat
    out = []
    for u in p.units:
        b = of_unit(table, seat, u.uid)
        if b.get("ready_once") and not u.ready and unused(table, seat, u.uid):
            out.append({"kind": "banner", "unit": u.uid})
        if b.get("cancel_attack") and c is not None and c.phase == "block" and u.ready and not u.wounded:
            for e in c.enemies:
                if (
                    any(not a.blocked and not a.resolved for a in e.attacks)
                    and combat_machine.effect_problem(c, e.uid, prevent=True) is None
                ):
                    out.append({"kind": "banner", "unit": u.uid, "target": e.uid})
    return out


def use(ctx, table, seat: int, cmd: dict) -> None:
    uid = cmd["unit"]
    b = of_unit(table, seat, uid)
    if cmd.get("target"):
        ctx.emit("mk.unit", {"seat": seat, "uid": uid, "ready": False}, rule="MK:5:Units:5")
        for typ, data in combat_machine.modify_enemy(
            table.game.combat, cmd["target"], source=uid, prevent=True
        ):
            ctx.emit(typ, data, rule=data["rule"])
        if b.get("fame"):
            gain_fame(ctx, table, seat, b["fame"], RULE)
        return
    _used(ctx, table, seat, uid)
    ctx.emit("mk.unit", {"seat": seat, "uid": uid, "ready": True}, rule="MK:5:Units:6")


def fold(table, d) -> None:
    banners = table.game.players[d["seat"]].banners
    if d["banner"]:
        banners[d["unit"]] = d["banner"]
    else:
        banners.pop(d["unit"], None)


def fold_used(table, d) -> None:
    table.game.players[d["seat"]].banner_used[d["banner"]] = d["round"]
