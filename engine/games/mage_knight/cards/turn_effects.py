"""Effects of cards and skills that last for the rest of the turn (Player.turn_effects,
MK:5:Effects:1): how they are recorded and folded, and the few rules that read them where wounds
are taken, a turn ends, points are converted or a unit is activated. A low module: the ledger,
the fold and the resolutions read it without importing card play."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.mechanics import zones
from engine.mechanics.zones import card_name


# -- turn-long effects --------------------------------------------------------------------------
def set_effect(ctx, seat: int, key: str, value) -> None:
    ctx.emit("mk.turn_effect", {"seat": seat, "key": key, "value": value}, rule="MK:5:Effects:1")


LISTED = ("convert", "safe", "attack_changes")  # turn effects that collect every value given


# raised sideways values: a number, or a pair [for a basic action, for the others]
SIDEWAYS = ("sideways", "wound_sideways")


def fold(table, d) -> None:
    """mk.turn_effect: numbers add up, LISTED keys collect, anything else replaces; None removes."""
    fx = table.game.players[d["seat"]].turn_effects
    k, v = d["key"], d["value"]
    if v is None:
        fx.pop(k, None)
    elif k in LISTED:
        fx[k] = [*fx.get(k, []), v]
    elif k in SIDEWAYS and k in fx and (isinstance(fx[k], list) or isinstance(v, list)):
        old, new = (x if isinstance(x, list) else [x, x] for x in (fx[k], v))
        fx[k] = [max(a, b) for a, b in zip(old, new, strict=True)]  # a pair and a number: the higher per kind
    elif isinstance(v, int) and not isinstance(v, bool):
        fx[k] = fx.get(k, 0) + v
    else:
        fx[k] = v


def effects_of(table, seat: int) -> dict:
    return table.game.players[seat].turn_effects


def strip(ctx, table, uid: str, lose, gain, source: str, raise_attack: int = 0) -> None:
    """An enemy loses abilities or resistances ("resistances" for all of them), gains abilities,
    or attacks harder, for this combat (MK:8:Combat:4)."""
    ctx.emit(
        "mk.enemy_changed",
        {"enemy": uid, "lose": list(lose), "gain": list(gain), "raise": raise_attack, "source": source},
        rule="MK:8:Combat:4",
    )


def fold_enemy(table, d) -> None:
    c = table.game.combat
    if c is None:
        return
    if "unit" in d:
        for u in c.units:
            if u.uid == d["unit"]:
                u.resistances = sorted(set(u.resistances) | set(d["gain"]))
        return
    e = next(x for x in c.enemies if x.uid == d["enemy"])
    if "fame" in d:  # another player's keep: half fame (map_rules)
        c.audit.append(
            f"{e.uid}: fame {e.fame} -> {d['fame']}, half for another player's keep (MK:8:Combat:1a)"
        )
        e.fame = d["fame"]
        return
    for what in d["lose"]:
        if what.startswith("element:"):  # "element:fire>physical" (Know Your Prey)
            frm, to = what.removeprefix("element:").split(">")
            for a in e.attacks:
                if a.element == frm or (frm == "fire/ice" and a.element in ("fire", "ice")):
                    a.element = to
        elif what == "resistances":
            e.resistances = []
        elif what in e.resistances:
            e.resistances = [r for r in e.resistances if r != what]
        elif what in e.abilities:
            e.abilities = [a for a in e.abilities if a != what]
            if what == "fortified":
                e.defends_fortified_site = False
    e.abilities = e.abilities + [a for a in d["gain"] if a not in e.abilities]
    for a in e.attacks:
        a.weakened -= d.get("raise", 0)
    c.audit.append(
        f"{d['source']}: {e.uid} "
        + ", ".join(
            [f"loses {x}" for x in d["lose"]]
            + [f"gains {x}" for x in d["gain"]]
            + ([f"attack +{d['raise']}"] if d.get("raise") else [])
        )
        + " for this combat (MK:8:Combat:4)"
    )


# -- hooks of other modules ---------------------------------------------------------------------
def wounds_due(ctx, table, seat: int, n: int, rule: str) -> int:
    """Before wounds go to the hand: an immunity to the first (Veil of Mist reading)."""
    fx = effects_of(table, seat)
    if fx.get("wound_immunity") and n and rule.startswith("MK:9:Damage"):
        set_effect(ctx, seat, "wound_immunity", None)
        return n - 1
    return n


def wounds_taken(ctx, table, seat: int, n: int) -> None:
    """After wounds reach the hand: cards drawn for them, the first thrown away (Rush of
    Adrenaline), and the count a throw-away at the end of the turn needs."""
    fx = effects_of(table, seat)
    set_effect(ctx, seat, "wounds_this_turn", n)
    if fx.get("throw_first_wound") and n:
        set_effect(ctx, seat, "throw_first_wound", None)
        wound = next(c for c in table.zone(state.hand(seat)) if card_name(c) == "wound")
        zones.move(ctx, state.hand(seat), state.WOUNDS, [wound], rule="MK:5:Effects:1")
        zones.move_top(ctx, state.deck(seat), state.hand(seat), 1, rule="MK:5:Effects:1")
        n -= 1
    left = fx.get("draw_on_wounds", 0)
    draw = min(left, n)
    if draw:
        set_effect(ctx, seat, "draw_on_wounds", -draw)
        zones.move_top(ctx, state.deck(seat), state.hand(seat), draw, rule="MK:5:Effects:1")


def end_of_turn(ctx, table, seat: int) -> None:
    """Crystals spent this turn come back (Crystal Mastery); wounds of this turn are thrown away
    (Banner of Protection)."""
    fx = effects_of(table, seat)
    if fx.get("crystal_refund"):
        for colour in fx.get("spent_crystals", []):
            ctx.emit("mk.crystal", {"seat": seat, "colour": colour, "delta": 1}, rule="MK:5:Effects:1")
    if fx.get("throw_turn_wounds"):
        wounds = [c for c in table.zone(state.hand(seat)) if card_name(c) == "wound"][
            : fx.get("wounds_this_turn", 0)
        ]
        if wounds:
            zones.move(ctx, state.hand(seat), state.WOUNDS, wounds, rule="MK:5:Effects:1")


def converted(fx: dict, resolutions, in_combat: bool) -> tuple:
    """In combat, move or influence points count as attack or block where a conversion of this
    turn (or of the resolution itself) allows it (Agility, Diplomacy)."""
    if not in_combat:
        return resolutions
    out = []
    for atoms in resolutions:
        convs = list(fx.get("convert", [])) + [v for k, v in atoms if k == "convert"]
        if not convs or not any(k in ("move", "influence") for k, _ in atoms):
            out.append(atoms)
            continue
        for cv in convs:
            new = []
            for k, v in atoms:
                if k == cv["from"] and isinstance(v, int) and v // cv["rate"]:
                    n = v // cv["rate"]
                    new.append(
                        ("attack", {"value": n, "type": cv["type"], "element": cv["element"]})
                        if cv["to"] == "attack"
                        else ("block", {"value": n, "element": cv["element"]})
                    )
                else:
                    new.append((k, v))
            out.append(new)
    return tuple(out)


def unit_bonus(ctx, table, seat: int, atoms: list) -> list:
    """Units activated this turn add the bonus to their attack or block; a one-use bonus is spent."""
    b = effects_of(table, seat).get("unit_bonus")
    if not b:
        return atoms
    att, blk, _, ranged, uses = b
    out, used = [], False
    for k, v in atoms:
        if k == "attack" and (att or (ranged and v["type"] in ("ranged", "siege"))):
            v, used = (
                dict(v, value=v["value"] + att + (ranged if v["type"] in ("ranged", "siege") else 0)),
                True,
            )
        elif k == "block" and blk:
            v, used = dict(v, value=v["value"] + blk), True
        out.append((k, v))
    if used and uses:
        set_effect(ctx, seat, "unit_bonus", None)
    return out


SHAPES = ("move", "attack", "block")


def shapeshifted(resolutions) -> list:
    """Each resolution of plain move, attack or block points also as each of the other two
    kinds, the same amount (Shapeshift): appended after the card's own resolutions."""
    out = []
    for atoms in resolutions:
        kinds = {k for k, _ in atoms}
        if len(atoms) != 1 or not kinds <= set(SHAPES):
            continue
        k, v = atoms[0]
        n = v if isinstance(v, int) else v["value"]
        el = "physical" if isinstance(v, int) else v.get("element", "physical")
        for other in SHAPES:
            if other == k:
                continue
            out.append(
                [
                    (
                        other,
                        n
                        if other == "move"
                        else (
                            {"value": n, "type": "melee", "element": el}
                            if other == "attack"
                            else {"value": n, "element": el}
                        ),
                    )
                ]
            )
    return out


def changed_attacks(fx: dict, atoms: list) -> list:
    """Attacks of this turn's cards doubled or made siege (Sword of Justice, Bow of Starsdawn),
    or all attacks made cold fire or siege (Altem Mages): `attack_changes` holds [how, attack
    kind or "all"] pairs."""
    out = []
    for k, v in atoms:
        if k == "attack":
            for how, what in fx.get("attack_changes", []):
                hit = what == "all" or (
                    v["element"] == "physical" if what == "physical" else v["type"] == what
                )
                if hit and how == "double":
                    v = dict(v, value=v["value"] * 2)
                elif hit and how == "siege":
                    v = dict(v, type="siege")
                elif hit and how == "coldfire":  # Altem Mages: every attack cold fire
                    v = dict(v, element="coldfire")
        out.append((k, v))
    return out
