"""Carrying out the atoms of effect_nodes (MK:5:Effects:1): what a play of an advanced action,
spell, artifact, skill or unit ability does beyond plain points, the turn-long effects it leaves
(`Player.turn_effects`), and what a legal play of it must name (a card of an offer, Source dice,
mana colours, a unit). Every function works on atoms, never on a card's name."""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from engine.mechanics import zones
from engine.mechanics.zones import card_name

from . import mana
from . import state as S
from .content import content

BASIC = ("red", "blue", "green", "white")
ALL_MANA = BASIC + ("gold", "black")
OFFERS = {"aa": S.AA_OFFER, "spell": S.SPELL_OFFER, "unit": S.UNIT_OFFER, "skill": S.SKILL_OFFER}
# atoms an effect used from an offer may hold: nothing the play would have to name
BORROWABLE = ("move", "influence", "heal", "draw_cards", "gain_mana_token", "gain_crystal", "fame", "reputation",
              "take_wound", "ready_unit_max_level", "attack", "block", "terrain_cost", "turn_effect",
              "hand_limit_next", "convert", "unit_bonus", "card_bonus", "ready_units", "all_units", "heal_unit",
              "bonus_per", "conditional", "stand_in", "all_enemies", "all_enemies_strip", "blocked_armour_to",
              "defeat_bonus", "extra_dice", "black_any", "extra_turn", "reroll_source", "crystal_refund",
              "discard_to_deck", "wound_per_crystal", "roll_wound", "roll_crystals", "discard_wounds",
              "unit_resistances")
DEST = {"hand": S.hand, "discard": S.discard, "deck": S.deck, "units": S.units_zone}
# atoms worth playing in combat although they add no points (MK:8:Combat:3)
COMBAT_USEFUL = ("unit_bonus", "unit_resistances", "all_enemies_strip", "convert", "turn_effect", "card_bonus",
                 "blocked_armour_to", "mana_any", "gain_mana_token", "gain_crystal", "draw_cards", "extra_dice",
                 "defeat_bonus", "use_offered", "repeat")
ACTION_KINDS = ("basic_action", "advanced_action")


# -- turn-long effects --------------------------------------------------------------------------
def set_effect(ctx, seat: int, key: str, value) -> None:
    ctx.emit("mk.turn_effect", {"seat": seat, "key": key, "value": value}, rule="MK:5:Effects:1")


LISTED = ("convert", "path", "safe")      # turn effects that collect every value given


def fold(t, d) -> None:
    """mk.turn_effect: numbers add up, LISTED keys collect, anything else replaces; None removes."""
    fx = t.game.players[d["seat"]].turn_effects
    k, v = d["key"], d["value"]
    if v is None:
        fx.pop(k, None)
    elif k in LISTED:
        fx[k] = list(fx.get(k, [])) + [v]
    elif isinstance(v, int) and not isinstance(v, bool):
        fx[k] = fx.get(k, 0) + v
    else:
        fx[k] = v


def effects_of(t, seat: int) -> dict:
    return t.game.players[seat].turn_effects


# -- legal side ---------------------------------------------------------------------------------
def combat_useful(atoms) -> bool:
    return any(k in COMBAT_USEFUL for k, _ in atoms)


def _offer_cards(t, spec: dict) -> list[str]:
    zone = OFFERS[spec["offer"]]
    cards = list(t.zone(zone)) if zone in t.zones else []
    if spec["colour"] == "any":
        return cards
    return [c for c in cards if _colour_matches(content().cards[card_name(c)].color, spec["colour"])]


def _colour_matches(colour, want: str) -> bool:
    if not colour:
        return False
    return want in colour.removeprefix("dual:").split("/")


def _offered_spell_colours(t) -> list[str]:
    return [content().cards[card_name(c)].color for c in t.zone(S.SPELL_OFFER)] if S.SPELL_OFFER in t.zones else []


def feasible(t, seat: int, atoms) -> bool:
    """Whether a resolution's conditions hold now (`requires`, offers with a card to take, a free
    command token for a unit, a wounded or spent unit to heal or ready)."""
    p = t.game.players[seat]
    for k, v in atoms:
        if k == "requires":
            test, arg = v
            if test == "crystal_owned" and not p.crystals.get(arg):
                return False
            if test == "crystal_missing" and p.crystals.get(arg):
                return False
            if test == "wound_in_hand" and "wound" not in [card_name(c) for c in t.zone(S.hand(seat))]:
                return False
            offered = _offered_spell_colours(t)
            if test == "offered_spell" and arg not in offered:
                return False
            if test == "offered_spell_pair" and (arg[0] not in offered or arg[1] not in offered or
                                                 (arg[0] == arg[1] and offered.count(arg[0]) < 2)):
                return False
        elif k == "influence_cost":
            gain = sum(x for kk, x in atoms if kk == "influence")
            if p.influence + gain < v or t.game.combat is not None:
                return False
        elif k == "take_offer":
            spec = dict(v)
            if not _offer_cards(t, spec):
                return False
            if spec["offer"] == "unit" and len(p.units) >= p.command:
                return False
        elif k == "heal_unit" and not any(u.wounded for u in p.units):
            return False
        elif k == "influence_to_heal" and (p.acted or t.game.combat is not None):
            return False
        elif k in ("claim_die", "die_crystal") and not _basic_dice(t, seat):
            return False
        elif k == "unit_resistances" and not p.units:
            return False
    return True


def _basic_dice(t, seat: int) -> list[int]:
    g = t.game
    p = g.players[seat]
    from .tactics import blocked_dice
    return [i for i, face in enumerate(g.source) if face in BASIC and i not in p.dice and i not in p.held_dice
            and i not in blocked_dice(g)]


def expand(t, seat: int, atoms, cmds: list[dict]) -> list[dict]:
    """The commands of a resolution with what its atoms ask the play to name; none if it is not
    feasible now."""
    if not feasible(t, seat, atoms):
        return []
    p = t.game.players[seat]
    for k, v in atoms:
        extra: list[dict] = []
        if k == "take_offer":
            extra = [{"gain": c} for c in sorted(set(_offer_cards(t, dict(v))))]
        elif k == "mana_any":
            extra = [{"mana": ",".join(m)} for m in combinations_with_replacement(ALL_MANA, v)]
        elif k in ("claim_die", "die_crystal", "reroll_die"):
            dice = _basic_dice(t, seat) if k != "reroll_die" else list(range(len(t.game.source)))
            extra = [{"dice": str(i)} for i in dice]
        elif k == "unit_resistances" and not v["all"]:
            extra = [{"unit": u.uid} for u in p.units if not u.wounded]
        elif k == "repeat":
            extra = _repeat_targets(t, seat, cmds, v)
        elif k == "use_offered":
            extra = _offered_targets(t, seat, v)
        else:
            continue
        cmds = [dict(c, **e) for c in cmds for e in extra]
    return cmds


def _repeat_targets(t, seat: int, cmds, v) -> list[dict]:
    """Action cards in hand (not the played one) whose effect in `mode` is plain points."""
    from . import actions as A
    from .legal import useful
    mode = v[0]
    hand = [card_name(c) for c in t.zone(S.hand(seat))]
    if cmds:
        hand.remove(cmds[0]["card"])
    out = []
    for other in sorted(set(hand)):
        card = content().cards[other]
        if other == "wound" or card.kind not in ACTION_KINDS:
            continue
        for i, atoms in enumerate(A.seat_resolutions(t, seat, other, mode)):
            if all(k in ("move", "influence", "attack", "block", "heal", "draw_cards") for k, _ in atoms) and atoms \
                    and useful(t, atoms, t.game.players[seat].acted):
                out.append({"boost": other, "boost_option": i})
    return out


def borrowed(t, seat: int, cid: str, mode: str) -> tuple:
    """Resolutions of an offered card or skill used as one's own (skills have one side)."""
    from . import actions as A
    if cid in content().skills:
        return A.skill_resolutions(cid, t, seat)
    return A.seat_resolutions(t, seat, cid, mode)


def _offered_targets(t, seat: int, v) -> list[dict]:
    """Cards (or skills) of an offer, of the colour asked, whose effect in `mode` the play can
    use without naming more; the play names it ("boost") and its resolution."""
    from .legal import useful
    offer, colour, mode = v
    zone = OFFERS[offer]
    if zone not in t.zones:
        return []
    out = []
    for cid in t.zone(zone):
        name = card_name(cid)
        if offer != "skill" and colour != "any" and not _colour_matches(content().cards[name].color, colour):
            continue
        for i, atoms in enumerate(borrowed(t, seat, name, mode)):
            if atoms and all(k in BORROWABLE for k, _ in atoms) and useful(t, atoms, t.game.players[seat].acted):
                out.append({"boost": cid, "boost_option": i})
    return out


def discard_payments(t, seat: int, played: str, atoms, pays: list[str]) -> list[str]:
    """A discard or throw-away cost names the cards given up as part of the payment
    ("discard:march", "throw:rage"); wounds never pay it unless the effect says so (MK:4:Deed:6)."""
    n = sum(v for k, v in atoms if k in ("discard_cost", "throw_cost"))
    if not n:
        return pays
    word = "throw" if any(k == "throw_cost" for k, _ in atoms) else "discard"
    hand = [card_name(c) for c in t.zone(S.hand(seat))]
    if played in hand:
        hand.remove(played)
    kinds = [v for k, v in atoms if k == "discard_kind"]
    colours = [v for k, v in atoms if k == "discard_colour"]
    wounds = hand.count("wound")
    pool = [c for c in hand if c != "wound"]
    if any(k == "crystal_of_discard" for k, _ in atoms):
        pool = [c for c in pool if content().cards[c].color]
    if colours:
        pool = [c for c in pool if _colour_matches(content().cards[c].color, colours[0])]
    if "action" in kinds:
        pool = [c for c in pool if content().cards[c].kind in ACTION_KINDS]
    if any(k == "discard_wound" for k, _ in atoms):
        pool, wounds = [], wounds           # Stout Resolve basic: a wound only
        choices = [("wound",)] if wounds else []
    else:
        choices = sorted(set(combinations(sorted(pool), n)))
        if "any_max_one_wound" in kinds and wounds:
            choices += sorted(set(c + ("wound",) for c in combinations(sorted(pool), n - 1)))
    return ["+".join(x for x in [p] + [f"{word}:{c}" for c in combo] if x) for p in pays for combo in choices]


# -- play side ----------------------------------------------------------------------------------
def run(ctx, t, seat: int, cmd: dict, atoms) -> list:
    """Carry out this module's atoms; the plain rest is returned for actions.resolve."""
    rest = []
    p = t.game.players[seat]
    for k, v in atoms:
        if k in ("requires", "discard_colour", "discard_kind", "throw_cost", "stand_in", "discard_wound"):
            continue
        if k == "turn_effect":
            set_effect(ctx, seat, v[0], list(v[1]) if isinstance(v[1], tuple) else v[1])
        elif k == "hand_limit_next":
            set_effect(ctx, seat, "hand_limit_next", v)
        elif k == "convert":
            set_effect(ctx, seat, "convert", dict(v))
        elif k == "unit_bonus":
            set_effect(ctx, seat, "unit_bonus", [v["attack"], v["block"], v["armour"], v.get("ranged", 0), v["uses"]])
        elif k == "bonus_per":
            rest += bonus_per(ctx, t, seat, v)
        elif k == "conditional":
            rest += run(ctx, t, seat, cmd, list(v["then"] if test(t, seat, v["test"]) else v["else"]))
        elif k == "take_offer":
            take_offer(ctx, t, seat, dict(v), cmd["gain"])
        elif k == "influence_cost":
            ctx.emit("mk.points", {"seat": seat, "kind": "influence", "delta": -v}, rule="MK:5:Effects:1")
        elif k == "influence_to_heal":
            have = p.influence + sum(x for kk, x in rest if kk == "influence")
            n = have // v
            ctx.emit("mk.acted", {"seat": seat, "action": "heal"}, rule="MK:6:Turn:6")
            rest.append(("influence", -n * v))
            rest.append(("heal", n))
        elif k == "mana_any":
            for colour in cmd["mana"].split(","):
                ctx.emit("mk.token", {"seat": seat, "colour": colour, "delta": 1}, rule="MK:5:Mana:1")
        elif k in ("claim_die", "die_crystal"):
            i = int(cmd["dice"])
            colour = t.game.source[i]
            if k == "claim_die":
                ctx.emit("mk.die_set", {"seat": seat, "index": i, "colour": colour}, rule="MK:5:Mana:3")
                rest += [("gain_mana_token", colour)] * v
            else:
                rest.append(("gain_crystal", colour))
                reroll(ctx, t, [i])
        elif k == "reroll_die":
            reroll(ctx, t, [int(cmd["dice"])])
        elif k == "reroll_source":
            reroll(ctx, t, [i for i in range(len(t.game.source)) if i not in p.held_dice])
        elif k == "crystal_refund":
            set_effect(ctx, seat, "crystal_refund", True)
        elif k == "ready_units":
            ready_units(ctx, t, seat, v)
        elif k == "all_units":
            for u in p.units:
                change = {"ready": True} if v == "ready" else {"wounded": False}
                if (v == "ready" and not u.ready) or (v == "heal" and u.wounded):
                    ctx.emit("mk.unit", dict({"seat": seat, "uid": u.uid}, **change), rule="MK:5:Units:6")
        elif k == "heal_unit":
            hurt = sorted((-content().units[u.unit].level, u.uid) for u in p.units if u.wounded)
            if hurt:
                ctx.emit("mk.unit", {"seat": seat, "uid": hurt[0][1], "wounded": False}, rule="MK:11:Wounds:3")
        elif k == "unit_resistances":
            unit_resistances(ctx, t, seat, v, cmd.get("unit", ""))
        elif k == "roll_wound":
            faces = ctx.roll(mana.MANA_DIE, v["dice"], rule="MK:5:Effects:1") if v["dice"] else []
            hits = sum(1 for f in faces if f in v["colours"])
            if hits:
                rest.append(("take_wound", hits))
        elif k == "roll_crystals":
            for face in ctx.roll(mana.MANA_DIE, v, rule="MK:5:Effects:1"):
                if face in BASIC:
                    rest.append(("gain_crystal", face))
                elif face == "gold":
                    rest.append(("gain_mana_token", "gold"))
                else:
                    rest.append(("fame", 1))
        elif k == "discard_wounds":
            wounds = [c for c in t.zone(S.hand(seat)) if card_name(c) == "wound"][:v]
            zones.move(ctx, S.hand(seat), S.WOUNDS, wounds, rule="MK:11:Wounds:3")
        elif k == "extra_turn":
            ctx.emit("mk.tactic_state", {"seat": seat, "extra_turn": True}, rule="MK:5:Effects:1")
        elif k == "discard_to_deck":
            pile = list(t.zone(S.discard(seat)))
            if pile:
                picked = ctx.pick("mk.discard_pick", pile, min(v, len(pile)), rule="MK:5:Effects:1")
                zones.move(ctx, S.discard(seat), S.deck(seat), list(picked), rule="MK:5:Effects:1")
        elif k == "wound_per_crystal":
            n = p.crystals.get(v, 0)
            if n:
                rest.append(("take_wound", n))
        elif k == "blocked_armour_to":
            blocked_armour(ctx, t, v, cmd["card"])
        elif k == "all_enemies_strip":
            for e in t.game.combat.enemies:
                if not e.defeated and not (v["exclude_arcane"] and "arcane_immunity" in e.abilities):
                    strip(ctx, t, e.uid, v["lose"], (), cmd["card"])
        elif k == "repeat":
            rest += repeat(ctx, t, seat, cmd, v)
        elif k == "use_offered":       # the card stays in its offer
            rest += use_offered(ctx, t, seat, cmd, v[2])
        elif k == "wound_unit":
            ctx.emit("mk.unit", {"seat": seat, "uid": cmd["unit"], "wounded": True}, rule="MK:5:Units:5")
        else:
            rest.append((k, v))
    return rest


def test(t, seat: int, name: str) -> bool:
    g = t.game
    p = g.players[seat]
    if name == "lowest_fame":
        return p.fame <= min(q.fame for q in g.players)
    if name == "no_unit_recruited_this_turn":
        return not p.turn_effects.get("recruited")
    if name == "no_source_die":
        return not p.dice
    raise ValueError(f"unknown condition {name!r}")


def count(t, seat: int, what: str) -> int:
    p = t.game.players[seat]
    if what == "crystal_sets":
        return min(p.crystals.get(c, 0) for c in BASIC)
    if what == "crystal_colours":
        return sum(1 for c in BASIC if p.crystals.get(c))
    if what == "ready_units":
        return sum(1 for u in p.units if u.ready and not u.wounded)
    if what == "free_command":
        return max(0, p.command - len(p.units))
    raise ValueError(f"unknown count {what!r}")


def bonus_per(ctx, t, seat: int, v: dict) -> list:
    n = min(v.get("max", 99), v["base"] + v["per"] * count(t, seat, v["count"]))
    if v["kind"] == "sideways":
        set_effect(ctx, seat, "sideways", n)
        return []
    return [(v["kind"], n)] if n else []


def take_offer(ctx, t, seat: int, spec: dict, cid: str) -> None:
    """A card of an offer to the seat (MK:5:Gain:3a); offers of deed cards are refilled."""
    zone = OFFERS[spec["offer"]]
    if spec["offer"] == "skill":     # a skill of the common offer becomes the seat's own
        ctx.emit("mk.skill", {"seat": seat, "skill": cid}, rule="MK:5:Skills:4d")
        zones.move(ctx, zone, S.OUT, [cid], rule="MK:5:Skills:4d")
        return
    if spec["offer"] == "unit":
        from .actions import join_unit
        join_unit(ctx, t, seat, cid, "MK:5:Units:4a")
        return
    zones.move(ctx, zone, DEST[spec["to"]](seat), [cid], rule="MK:5:Gain:3a")
    deck = {S.AA_OFFER: S.AA_DECK, S.SPELL_OFFER: S.SPELL_DECK}[zone]
    if t.zone(deck):
        zones.move_top(ctx, deck, zone, 1, rule="MK:5:Gain:3a")


def reroll(ctx, t, dice: list[int]) -> None:
    for i in dice:
        face = ctx.roll(mana.MANA_DIE, 1, rule="MK:5:Mana:3")[0]
        ctx.emit("mk.die_rerolled", {"index": i, "face": face}, rule="MK:5:Mana:3")


def ready_units(ctx, t, seat: int, budget: int) -> None:
    """Spent units of up to `budget` levels in total, highest level first (reading)."""
    for u in sorted(t.game.players[seat].units, key=lambda u: (-content().units[u.unit].level, u.uid)):
        lvl = content().units[u.unit].level
        if not u.ready and lvl <= budget:
            budget -= lvl
            ctx.emit("mk.unit", {"seat": seat, "uid": u.uid, "ready": True}, rule="MK:5:Units:6")


def unit_resistances(ctx, t, seat: int, v: dict, uid: str) -> None:
    """Units gain resistances for the turn: in a combat now, its units at once."""
    uids = [u.uid for u in t.game.players[seat].units] if v["all"] else [uid]
    set_effect(ctx, seat, "unit_resistances", {u: list(v["resistances"]) for u in uids})
    c = t.game.combat
    if c is not None:
        for u in c.units:
            if u.uid in uids:
                ctx.emit("mk.enemy_changed", {"unit": u.uid, "gain": list(v["resistances"])}, rule="MK:5:Effects:1")


def use_offered(ctx, t, seat: int, cmd: dict, mode: str) -> list:
    """An offered card's (or skill's) effect used as the seat's own; the offer keeps it."""
    from .actions import card_specific
    name = card_name(cmd["boost"])
    atoms = list(borrowed(t, seat, name, mode)[cmd["boost_option"]])
    ctx.emit("mk.played", {"seat": seat, "card": name, "mode": mode, "option": cmd["boost_option"],
                           "count": 0, "borrowed": True}, rule="MK:5:Effects:1b")
    if name in content().cards:
        atoms = card_specific(ctx, t, seat, dict(cmd, card=name), atoms)
    return run(ctx, t, seat, cmd, atoms)


def repeat(ctx, t, seat: int, cmd: dict, v) -> list:
    """Throw away another Action card and use its effect `times` times (MK:4:Deed:3a)."""
    from . import actions as A
    from .ledger import hand_card
    mode, times = v
    name = cmd["boost"]
    zones.move(ctx, S.hand(seat), S.OUT, [hand_card(t, seat, name)], rule="MK:5:Effects:1")
    atoms = list(A.seat_resolutions(t, seat, name, mode)[cmd["boost_option"]])
    return atoms * times


# -- enemies ------------------------------------------------------------------------------------
def extended(foe: dict) -> bool:
    return bool(foe.get("lose") or foe.get("gain") or foe.get("defeat") or foe.get("per_resistance")
                or foe.get("raise_attack") or foe.get("max_targets", 1) > 1 or foe.get("if_blocked")
                or foe.get("exclude_fortified"))


def enemy_targets(c, foe: dict, colour) -> list[str]:
    """Enemies such an effect may be played on now; a multi-target effect also offers the first
    `max_targets` of them together ("a,b")."""
    if foe["phase"] and c.phase != foe["phase"]:
        return []
    if c.phase in ("damage", "over"):
        return []
    out = []
    for e in c.enemies:
        if e.defeated or e.discarded or e.summoned_by and foe.get("exclude_summoned"):
            continue
        if foe["exclude_resistance"] and foe["exclude_resistance"] in e.resistances:
            continue
        if "arcane_immunity" in e.abilities and (foe["exclude_arcane"] or foe["armour"] or foe.get("lose")
                                                 or foe.get("per_resistance")):
            continue    # MK:10:Abilities:ArcaneImmunity
        if foe.get("exclude_fortified") and "fortified" in e.abilities:
            continue
        if foe.get("if_blocked") and not all(a.blocked for a in e.attacks):
            continue
        out.append(e.uid)
    k = foe.get("max_targets", 1)
    if k > 1 and len(out) > 1:
        out.append(",".join(out[:k]))
    return out


def apply_enemy(ctx, t, foe: dict, target: str, source: str, colour) -> None:
    from . import combat as C
    from .combat_math import reputation_for_defeat
    c = t.game.combat
    foe = dict({"armour": 0, "attack": 0, "prevent": False}, **foe)
    for uid in target.split(","):
        e = next(x for x in c.enemies if x.uid == uid)
        if foe.get("defeat") or foe.get("if_blocked"):
            rep, _ = reputation_for_defeat(e.pile, e.rampaging, e.reputation)
            ctx.emit("mk.combat.defeated", {"enemy": uid, "token": e.enemy, "pile": e.pile, "fame": e.fame,
                                            "reputation": rep, "rule": "MK:8:Combat:4",
                                            "audit": [f"{source}: {uid} destroyed, fame +{e.fame} (MK:8:Combat:4)"]},
                     rule="MK:8:Combat:4")
            continue
        armour = foe["armour"] * (len(e.resistances) if foe.get("per_resistance") else 1)
        if armour or foe["attack"] or foe["prevent"]:
            if C.effect_problem(c, uid, armour=armour, attack=foe["attack"], prevent=foe["prevent"], colour=colour) is None:
                for typ, data in C.modify_enemy(c, uid, source=source, armour=armour, attack=foe["attack"],
                                                prevent=foe["prevent"], colour=colour):
                    ctx.emit(typ, data, rule=data["rule"])
        if foe.get("lose") or foe.get("gain") or foe.get("raise_attack"):
            strip(ctx, t, uid, foe.get("lose", ()), foe.get("gain", ()), source, foe.get("raise_attack", 0))


def strip(ctx, t, uid: str, lose, gain, source: str, raise_attack: int = 0) -> None:
    """An enemy loses abilities or resistances ("resistances" for all of them), gains abilities,
    or attacks harder, for this combat (MK:8:Combat:4)."""
    ctx.emit("mk.enemy_changed", {"enemy": uid, "lose": list(lose), "gain": list(gain), "raise": raise_attack,
                                  "source": source}, rule="MK:8:Combat:4")


def fold_enemy(t, d) -> None:
    c = t.game.combat
    if c is None:
        return
    if "unit" in d:
        for u in c.units:
            if u.uid == d["unit"]:
                u.resistances = sorted(set(u.resistances) | set(d["gain"]))
        return
    e = next(x for x in c.enemies if x.uid == d["enemy"])
    if "fame" in d:          # another player's keep: half fame (map_rules)
        c.audit.append(f"{e.uid}: fame {e.fame} -> {d['fame']}, half for another player's keep (MK:8:Combat:1a)")
        e.fame = d["fame"]
        return
    for what in d["lose"]:
        if what == "resistances":
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
    c.audit.append(f"{d['source']}: {e.uid} " + ", ".join(
        [f"loses {x}" for x in d["lose"]] + [f"gains {x}" for x in d["gain"]] +
        ([f"attack +{d['raise']}"] if d.get("raise") else [])) + " for this combat (MK:8:Combat:4)")


def blocked_armour(ctx, t, to: int, source: str) -> None:
    """Every enemy whose attacks are all blocked gets armour `to` (MK:8:Combat:4)."""
    from . import combat as C
    from .combat_abilities import armour_now
    c = t.game.combat
    for e in c.enemies:
        if e.defeated or not e.attacks or not all(a.blocked for a in e.attacks) or "arcane_immunity" in e.abilities:
            continue
        now, _ = armour_now(c, e)
        if now > to:
            for typ, data in C.modify_enemy(c, e.uid, source=source, armour=to - now):
                ctx.emit(typ, data, rule=data["rule"])


# -- hooks of other modules ---------------------------------------------------------------------
def wounds_due(ctx, t, seat: int, n: int, rule: str) -> int:
    """Before wounds go to the hand: an immunity to the first (Veil of Mist reading)."""
    fx = effects_of(t, seat)
    if fx.get("wound_immunity") and n and rule.startswith("MK:9:Damage"):
        set_effect(ctx, seat, "wound_immunity", None)
        return n - 1
    return n


def wounds_taken(ctx, t, seat: int, n: int) -> None:
    """After wounds reach the hand: cards drawn for them, the first thrown away (Rush of
    Adrenaline), and the count a throw-away at the end of the turn needs."""
    fx = effects_of(t, seat)
    set_effect(ctx, seat, "wounds_this_turn", n)
    if fx.get("throw_first_wound") and n:
        set_effect(ctx, seat, "throw_first_wound", None)
        wound = next(c for c in t.zone(S.hand(seat)) if card_name(c) == "wound")
        zones.move(ctx, S.hand(seat), S.WOUNDS, [wound], rule="MK:5:Effects:1")
        zones.move_top(ctx, S.deck(seat), S.hand(seat), 1, rule="MK:5:Effects:1")
        n -= 1
    left = fx.get("draw_on_wounds", 0)
    draw = min(left, n)
    if draw:
        set_effect(ctx, seat, "draw_on_wounds", -draw)
        zones.move_top(ctx, S.deck(seat), S.hand(seat), draw, rule="MK:5:Effects:1")


def end_of_turn(ctx, t, seat: int) -> None:
    """Forced withdrawal off an unsafe space (map_rules); crystals spent this turn come back (Crystal Mastery); wounds of this turn are thrown away
    (Banner of Protection)."""
    from .map_rules import withdraw
    withdraw(ctx, t, seat)
    fx = effects_of(t, seat)
    if fx.get("crystal_refund"):
        for colour in fx.get("spent_crystals", []):
            ctx.emit("mk.crystal", {"seat": seat, "colour": colour, "delta": 1}, rule="MK:5:Effects:1")
    if fx.get("throw_turn_wounds"):
        wounds = [c for c in t.zone(S.hand(seat)) if card_name(c) == "wound"][:fx.get("wounds_this_turn", 0)]
        if wounds:
            zones.move(ctx, S.hand(seat), S.WOUNDS, wounds, rule="MK:5:Effects:1")


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
                    new.append(("attack", {"value": n, "type": cv["type"], "element": cv["element"]})
                               if cv["to"] == "attack" else ("block", {"value": n, "element": cv["element"]}))
                else:
                    new.append((k, v))
            out.append(new)
    return tuple(out)


def unit_bonus(ctx, t, seat: int, atoms: list) -> list:
    """Units activated this turn add the bonus to their attack or block; a one-use bonus is spent."""
    b = effects_of(t, seat).get("unit_bonus")
    if not b:
        return atoms
    att, blk, _, ranged, uses = b
    out, used = [], False
    for k, v in atoms:
        if k == "attack" and (att or (ranged and v["type"] in ("ranged", "siege"))):
            v, used = dict(v, value=v["value"] + att + (ranged if v["type"] in ("ranged", "siege") else 0)), True
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
            out.append([(other, n if other == "move" else
                         ({"value": n, "type": "melee", "element": el} if other == "attack" else {"value": n, "element": el}))])
    return out


# -- combat and healing hooks ---------------------------------------------------------------------
def on_combat_event(ctx, t, seat: int, typ: str, data: dict) -> None:
    """Effects waiting for a combat event: a successful block (Burning Shield: fire attack in the
    attack phase, or the enemy destroyed; Shield Bash: armour -1 per point of excess block), the
    attack phase (Dodge and Weave: attack if no wound reached the hand), MK:9:Block:6."""
    fx = effects_of(t, seat)
    c = t.game.combat
    if c is None:
        return
    if typ == "mk.combat.blocked" and data["success"] and fx.get("on_block"):
        mode, value = fx["on_block"]
        set_effect(ctx, seat, "on_block", None)
        e = next(x for x in c.enemies if x.uid == data["enemy"])
        if mode == "attack":
            set_effect(ctx, seat, "attack_phase_points", ["melee", "fire", value])
        elif mode == "destroy" and "arcane_immunity" not in e.abilities and "fire" not in e.resistances:
            apply_enemy(ctx, t, {"defeat": True}, e.uid, "burning_shield", "red")
        elif mode == "bash" and data["total"] > data["need"] and "arcane_immunity" not in e.abilities:
            from . import combat as C
            for typ2, d2 in C.modify_enemy(c, e.uid, source="shield_bash", armour=data["need"] - data["total"]):
                ctx.emit(typ2, d2, rule=d2["rule"])
    if typ == "mk.combat.phase" and data.get("phase") == "attack":
        points = []
        if fx.get("attack_phase_points"):
            points.append(tuple(fx["attack_phase_points"]))
        if fx.get("attack_if_unhurt") and not c.wounds_to_hand:
            points.append(("melee", "physical", fx["attack_if_unhurt"]))
        for kind, element, value in points:
            ctx.emit("mk.combat_points", {"seat": seat, "kind": kind, "element": element, "value": value,
                                          "source": "effect"}, rule="MK:8:Combat:3")


def after_heal(ctx, t, seat: int, from_hand: int, units: list[str]) -> None:
    """Healing effects waiting for wounds healed this turn: fame per point spent on wounds from
    hand (Golden Grail), a card per such wound (Golden Grail powered, Cure), healed units readied
    (Cure), MK:11:Wounds:3."""
    fx = effects_of(t, seat)
    if fx.get("heal_fame") and from_hand:
        n = min(fx["heal_fame"], from_hand)
        set_effect(ctx, seat, "heal_fame", -n)
        from .explore import gain_fame
        gain_fame(ctx, t, seat, n, "MK:11:Wounds:3")
    if fx.get("heal_draw") and from_hand:
        zones.move_top(ctx, S.deck(seat), S.hand(seat), from_hand, rule="MK:11:Wounds:3")
    if fx.get("heal_ready"):
        for uid in units:
            ctx.emit("mk.unit", {"seat": seat, "uid": uid, "ready": True}, rule="MK:11:Wounds:3")
