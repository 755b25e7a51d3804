"""Effects aimed at enemies in player against player combat (MK:13:PvPSpecial, digest §8.5):
they may target the opponent's unwounded units, never the hero.

- a red card's effect never touches a fire-resistant unit, a blue card's an ice-resistant one
  (besides the effect's own exclusions);
- "destroy an enemy" wounds the unit instead;
- an armour change lasts the whole combat (§8.5.3) and never takes a unit below armour 1; it
  counts when damage is assigned to the unit (pvp_turn.damage_options);
- reading (MK:13:PvPSpecial): effects that only lower an attack or stop it ("does not attack")
  are not offered on units, since a unit's contribution to a PvP attack or block is not kept
  apart from the pooled points, nor those that wait for a successful block; several-target
  effects take one unit.
"""

from __future__ import annotations

from engine.games.mage_knight.content.load import content

RULE = "MK:13:PvPSpecial"
IMMUNE = {"red": "fire", "blue": "ice"}  # card colour -> the resistance that ignores it


def opponent(table, seat: int) -> int:
    v = table.game.pvp
    return v["defender"] if seat == v["aggressor"] else v["aggressor"]


def _foe(atoms) -> dict | None:
    return next((v for k, v in atoms if k == "enemy_effect"), None)


def applies(foe: dict) -> bool:
    """An effect with something a unit can take: an armour change or a destruction (not one that
    waits for a successful block: a PvP block must bring the whole attack to 0 for it)."""
    return not foe.get("if_blocked") and bool(
        foe.get("armour") or foe.get("fortified_armour") or foe.get("defeat")
    )


def unit_targets(table, seat: int, atoms, colour: str | None) -> list[str]:
    """The opponent's unwounded units such an effect may be played on now (uids)."""
    game = table.game
    foe = _foe(atoms)
    if foe is None or not applies(foe) or game.combat is None:
        return []
    if foe.get("phase") and game.combat.phase != foe["phase"]:
        return []
    out = []
    for u in game.players[opponent(table, seat)].units:
        res = content().units[u.unit].resistances
        if u.wounded or (foe.get("exclude_resistance") and foe["exclude_resistance"] in res):
            continue
        if colour in IMMUNE and IMMUNE[colour] in res:
            continue
        out.append(u.uid)
    return out


def armour(table, seat: int, u) -> int:
    """A unit's armour in this PvP: printed, changed by effects, never below 1 (MK:13:PvPSpecial)."""
    delta = (table.game.pvp.get("unit_armour") or {}).get(u.uid, 0)
    return max(1, content().units[u.unit].armor + delta)


def unit_effect(ctx, table, atoms, target: str, source: str) -> None:
    """Carry out an enemy effect on the opponent's unit `target`."""
    game = table.game
    foe = _foe(atoms)
    assert foe is not None, atoms  # fight.enemy_effect() passes the atoms of an enemy effect
    seat = game.active
    owner = opponent(table, seat)
    u = next(x for x in game.players[owner].units if x.uid == target)
    if foe.get("defeat"):
        ctx.emit("mk.unit", {"seat": owner, "uid": target, "wounded": True, "source": source}, rule=RULE)
        return
    delta = foe.get("armour", 0)
    if foe.get("per_resistance"):
        delta *= len(content().units[u.unit].resistances)
    v = dict(game.pvp)
    changed = dict(v.get("unit_armour") or {})
    changed[target] = changed.get(target, 0) + delta
    v["unit_armour"] = changed
    ctx.emit(
        "mk.pvp",
        {"what": "unit_armour", "pvp": v, "phase": game.combat.phase, "active": game.active, "clear": False},
        rule=RULE,
    )
