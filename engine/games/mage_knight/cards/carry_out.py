"""Carrying out the atoms of effect_nodes (MK:5:Effects:1): what a play of an advanced action,
spell, artifact, skill or unit ability does beyond plain points, and what a legal play of it
must name (a card of an offer, Source dice, mana colours, a unit, the cards given up). The
turn-long effects it leaves are kept by turn_effects.py, effects on enemies by enemy_effects.py.
Every function works on atoms, never on a card's name."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from engine.games.mage_knight import state
from engine.games.mage_knight.cards import banners, effects, other_players, resolving
from engine.games.mage_knight.cards.turn_effects import effects_of, set_effect, strip
from engine.games.mage_knight.combat import defeat_rewards
from engine.games.mage_knight.combat.enemy_effects import blocked_armour
from engine.games.mage_knight.combat.fight import points_fit
from engine.games.mage_knight.combat.state import aim_of
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import claims as mana_claims
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.map import rules as map_rules
from engine.games.mage_knight.map.explore import gain_fame, reveal_adjacent_garrisons
from engine.games.mage_knight.situations.card_overrides import recruit_mark
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.skills import puppets, rotating
from engine.games.mage_knight.turn.ledger import hand_card
from engine.games.mage_knight.turn.tactics import blocked_dice
from engine.mechanics import zones
from engine.mechanics.zones import card_name

BASIC = ("red", "blue", "green", "white")
ALL_MANA = (*BASIC, "gold", "black")
OFFERS = {
    "aa": state.AA_OFFER,
    "spell": state.SPELL_OFFER,
    "unit": state.UNIT_OFFER,
    "skill": state.SKILL_OFFER,
}
# atoms an effect used from an offer may hold: nothing the play would have to name
BORROWABLE = (
    *effects.PLAIN,
    "terrain_cost",
    "turn_effect",
    "hand_limit_next",
    "convert",
    "unit_bonus",
    "card_bonus",
    "ready_units",
    "all_units",
    "heal_unit",
    "bonus_per",
    "conditional",
    "stand_in",
    "all_enemies",
    "all_enemies_strip",
    "blocked_armour_to",
    "defeat_bonus",
    "extra_dice",
    "black_any",
    "extra_turn",
    "reroll_source",
    "crystal_refund",
    "discard_to_deck",
    "wound_per_crystal",
    "roll_wound",
    "roll_crystals",
    "discard_wounds",
    "unit_resistances",
)
DEST = {"hand": state.hand, "discard": state.discard, "deck": state.deck, "units": state.units_zone}
# atoms worth playing in combat although they add no points (MK:8:Combat:3)
COMBAT_USEFUL = (
    "puppet",
    "redirect_damage",
    "hero_damage_off",
    "banner",
    "on_defeat",
    "others",
    "unit_bonus",
    "unit_resistances",
    "all_enemies_strip",
    "convert",
    "turn_effect",
    "card_bonus",
    "blocked_armour_to",
    "mana_any",
    "gain_mana_token",
    "gain_crystal",
    "draw_cards",
    "extra_dice",
    "defeat_bonus",
    "use_offered",
    "repeat",
    "attack_change",
    "conditional",
)
ACTION_KINDS = ("basic_action", "advanced_action")


# -- legal side ---------------------------------------------------------------------------------
def combat_useful(atoms) -> bool:
    return any(k in COMBAT_USEFUL for k, _ in atoms)


def _offer_cards(table, spec: dict) -> list[str]:
    zone = OFFERS[spec["offer"]]
    cards = list(table.zone(zone)) if zone in table.zones else []
    if spec["colour"] == "any":
        return cards
    return [c for c in cards if _colour_matches(content().cards[card_name(c)].color, spec["colour"])]


def _colour_matches(colour, want: str) -> bool:
    if not colour:
        return False
    return want in colour.removeprefix("dual:").split("/")


def _offered_spell_colours(table) -> list[str | None]:
    return (
        [content().cards[card_name(c)].color for c in table.zone(state.SPELL_OFFER)]
        if state.SPELL_OFFER in table.zones
        else []
    )


def feasible(table, seat: int, atoms) -> bool:
    """Whether a resolution's conditions hold now (`requires`, offers with a card to take, a free
    command token for a unit, a wounded or spent unit to heal or ready)."""
    p = table.game.players[seat]
    for k, v in atoms:
        if k == "requires":
            test, arg = v
            if test == "crystal_owned" and not p.crystals.get(arg):
                return False
            if test == "crystal_missing" and p.crystals.get(arg):
                return False
            if test == "wound_in_hand" and "wound" not in [
                card_name(c) for c in table.zone(state.hand(seat))
            ]:
                return False
            offered = _offered_spell_colours(table)
            if test == "offered_spell" and arg not in offered:
                return False
            if test == "offered_spell_pair" and (
                arg[0] not in offered
                or arg[1] not in offered
                or (arg[0] == arg[1] and offered.count(arg[0]) < 2)
            ):
                return False
        elif k == "influence_cost":
            gain = sum(x for kk, x in atoms if kk == "influence")
            if p.influence + gain < v or table.game.combat is not None:
                return False
        elif k == "take_offer":
            spec = dict(v)
            if not _offer_cards(table, spec):
                return False
            if spec["offer"] == "unit" and len(p.units) >= p.command:
                return False
        elif (
            (k == "heal_unit" and not any(u.wounded for u in p.units))
            or (
                k in ("influence_to_heal", "influence_to_ready")
                and (p.acted or table.game.combat is not None)
            )
            or (k in ("claim_die", "die_crystal", "claim_round") and not _basic_dice(table, seat))
            or (k in ("unit_resistances", "banner") and not p.units)
            or (k == "rotating" and rotating.shows(table, seat, _skill_of(table, seat, v)) != v[0])
            or (k == "choose_to_deck" and not table.zone(state.discard(seat)))
            or (k == "look" and not map_rules.face_down_within(table, seat, v[0]))
            or (k == "puppet" and not puppets.options(table, seat, v))
        ):
            return False
    return True


def _skill_of(table, seat: int, v) -> str:
    """The seat's rotating skill with this many options (one such skill per hero)."""
    return next((s for s in table.game.players[seat].skills if rotating.options(s) == v[1]), "")


def _basic_dice(table, seat: int) -> list[int]:
    game = table.game
    p = game.players[seat]
    return [
        i
        for i, face in enumerate(game.source)
        if face in BASIC and i not in p.dice and i not in p.held_dice and i not in blocked_dice(game)
    ]


def expand(table, seat: int, atoms, cmds: list[dict]) -> list[dict]:
    """The commands of a resolution with what its atoms ask the play to name; none if it is not
    feasible now."""
    if not feasible(table, seat, atoms):
        return []
    p = table.game.players[seat]
    for k, v in atoms:
        extra: list[dict] = []
        if k == "take_offer":
            extra = [{"gain": c} for c in sorted(set(_offer_cards(table, dict(v))))]
        elif k == "mana_any":
            extra = [{"mana": ",".join(m)} for m in combinations_with_replacement(ALL_MANA, v)]
        elif k in ("claim_die", "die_crystal", "reroll_die", "claim_round"):
            dice = _basic_dice(table, seat) if k != "reroll_die" else list(range(len(table.game.source)))
            extra = [{"dice": str(i)} for i in dice]
        elif k == "banner":
            extra = [{"unit": u.uid} for u in p.units]
        elif k == "look":
            extra = [{"space": s} for s in map_rules.face_down_within(table, seat, v[0])]
        elif k == "puppet":
            extra = puppets.options(table, seat, v)
        elif k == "unit_resistances" and not v["all"]:
            extra = [{"unit": u.uid} for u in p.units if not u.wounded]
        elif k == "repeat":
            extra = _repeat_targets(table, seat, cmds, v)
        elif k == "use_offered":
            extra = _offered_targets(table, seat, v)
        elif k == "others":
            extra = other_players.expand(table, seat, dict(v))
            if not extra:
                continue
        elif k == "choose_to_deck":
            pile = sorted(card_name(c) for c in table.zone(state.discard(seat)))
            extra = [{"cards": ",".join(x)} for x in sorted(set(combinations(pile, min(v, len(pile)))))]
        else:
            continue
        cmds = [dict(c, **e) for c in cmds for e in extra if not _paid_with(c, e.get("dice"))]
    return cmds


def _paid_with(cmd: dict, die) -> bool:
    """Whether the command's payment spends the Source die the effect would take."""
    return die is not None and f"die:{die}" in (cmd.get("pay") or "").split("+")


def _repeat_targets(table, seat: int, cmds, v) -> list[dict]:
    """Action cards in hand (not the played one) whose effect in `mode` is plain points."""
    mode = v[0]
    hand = [card_name(c) for c in table.zone(state.hand(seat))]
    if cmds:
        hand.remove(cmds[0]["card"])
    out = []
    for other in sorted(set(hand)):
        card = content().cards[other]
        if other == "wound" or card.kind not in ACTION_KINDS:
            continue
        for i, atoms in enumerate(resolving.seat_resolutions(table, seat, other, mode)):
            if (
                all(k in ("move", "influence", "attack", "block", "heal", "draw_cards") for k, _ in atoms)
                and atoms
                and useful(table, atoms, table.game.players[seat].acted)
            ):
                out.append({"boost": other, "boost_option": i})
    return out


def borrowed(table, seat: int, cid: str, mode: str) -> tuple:
    """Resolutions of an offered card, skill or unit used as one's own (skills have one side; a
    unit's abilities without a mana cost, one after another: Call to Arms)."""
    if cid in content().skills:
        return resolving.skill_resolutions(cid, table, seat)
    if cid in content().units:
        abilities = content().units[cid].abilities
        return tuple(
            r
            for i, ab in enumerate(abilities)
            if not ab.get("mana_cost")
            for r in resolving.unit_resolutions(cid, i)
        )
    return resolving.seat_resolutions(table, seat, cid, mode)


def _offered_targets(table, seat: int, v) -> list[dict]:
    """Cards (or skills) of an offer, of the colour asked, whose effect in `mode` the play can
    use without naming more; the play names it ("boost") and its resolution."""
    offer, colour, mode = v
    zone = OFFERS[offer]
    if zone not in table.zones:
        return []
    out = []
    for cid in table.zone(zone):
        name = card_name(cid)
        if (
            offer not in ("skill", "unit")
            and colour != "any"
            and not _colour_matches(content().cards[name].color, colour)
        ):
            continue
        for i, atoms in enumerate(borrowed(table, seat, name, mode)):
            if (
                atoms
                and all(k in BORROWABLE for k, _ in atoms)
                and useful(table, atoms, table.game.players[seat].acted)
            ):
                out.append({"boost": cid, "boost_option": i})
    return out


def discard_payments(table, seat: int, played: str, atoms, pays: list[str]) -> list[str]:
    """A discard or throw-away cost names the cards given up as part of the payment
    ("discard:march", "throw:rage"); wounds never pay it unless the effect says so (MK:4:Deed:6)."""
    n = sum(v for k, v in atoms if k in ("discard_cost", "throw_cost"))
    if not n:
        return pays
    word = "throw" if any(k == "throw_cost" for k, _ in atoms) else "discard"
    hand = [card_name(c) for c in table.zone(state.hand(seat))]
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
        pool, wounds = [], wounds  # Stout Resolve basic: a wound only
        choices = [("wound",)] if wounds else []
    else:
        choices = sorted(set(combinations(sorted(pool), n)))
        if "any_max_one_wound" in kinds and wounds:
            choices += sorted(set((*c, "wound") for c in combinations(sorted(pool), n - 1)))
    return ["+".join(x for x in [p] + [f"{word}:{c}" for c in combo] if x) for p in pays for combo in choices]


# -- play side ----------------------------------------------------------------------------------
def run(ctx, table, seat: int, cmd: dict, atoms) -> list:
    """Carry out this module's atoms; the plain rest is returned for actions.resolve."""
    rest = []
    p = table.game.players[seat]
    for k, v in atoms:
        if k in ("requires", "discard_colour", "discard_kind", "throw_cost", "stand_in", "discard_wound"):
            continue
        if k == "redirect_damage":  # Shocktroops: the targeted enemy's damage to this unit
            if cmd.get("target"):
                set_effect(
                    ctx,
                    seat,
                    "redirect",
                    dict(p.turn_effects.get("redirect", {}), **{cmd["target"]: cmd["card"]}),
                )
            continue
        if k == "turn_effect":
            set_effect(ctx, seat, v[0], list(v[1]) if isinstance(v[1], tuple) else v[1])
            if v[0] == "reveal_reach":  # Hawk Eyes: garrisons within reach, now and after each step
                reveal_adjacent_garrisons(ctx, table, seat, v[1])
        elif k == "card_bonus":  # skills (cards have it set by actions.card_specific)
            ctx.emit(
                "mk.card_offer",
                {"seat": seat, "field": "card_bonus", "value": list(v)},
                rule="MK:5:Effects:1",
            )
        elif k == "attack_change":
            attack_change(ctx, table, seat, v)
        elif k == "hand_limit_next":
            set_effect(ctx, seat, "hand_limit_next", v)
        elif k == "convert":
            set_effect(ctx, seat, "convert", dict(v))
        elif k == "unit_bonus":
            set_effect(
                ctx, seat, "unit_bonus", [v["attack"], v["block"], v["armour"], v.get("ranged", 0), v["uses"]]
            )
        elif k == "bonus_per":
            rest += bonus_per(ctx, table, seat, v)
        elif k == "conditional":
            rest += run(ctx, table, seat, cmd, list(v["then"] if test(table, seat, v["test"]) else v["else"]))
        elif k == "take_offer":
            take_offer(ctx, table, seat, dict(v), cmd["gain"])
        elif k == "influence_cost":
            ctx.emit("mk.points", {"seat": seat, "kind": "influence", "delta": -v}, rule="MK:5:Effects:1")
        elif k == "influence_to_heal":
            have = p.influence + sum(x for kk, x in rest if kk == "influence")
            n = have // v
            ctx.emit("mk.acted", {"seat": seat, "action": "heal"}, rule="MK:6:Turn:6")
            rest.append(("influence", -n * v))
            rest.append(("heal", n))
        elif k == "influence_to_ready":  # as the action: units readied for n influence per level
            ctx.emit("mk.acted", {"seat": seat, "action": "ready"}, rule="MK:6:Turn:6")
            ctx.emit(
                "mk.card_offer",
                {"seat": seat, "field": "ready_for_influence", "value": [4, v]},
                rule="MK:5:Units:6",
            )
        elif k == "mana_any":
            for colour in cmd["mana"].split(","):
                ctx.emit("mk.token", {"seat": seat, "colour": colour, "delta": 1}, rule="MK:5:Mana:1")
        elif k in ("claim_die", "die_crystal"):
            i = int(cmd["dice"])
            colour = table.game.source[i]
            if k == "claim_die":
                ctx.emit("mk.die_set", {"seat": seat, "index": i, "colour": colour}, rule="MK:5:Mana:3")
                rest += [("gain_mana_token", colour)] * v
            else:
                rest.append(("gain_crystal", colour))
                reroll(ctx, table, [i])
        elif k == "reroll_die":
            reroll(ctx, table, [int(cmd["dice"])])
        elif k == "claim_round":
            rest += mana_claims.claim(ctx, table, seat, int(cmd["dice"]), v)
        elif k == "reroll_source":
            reroll(ctx, table, [i for i in range(len(table.game.source)) if i not in p.held_dice])
        elif k == "crystal_refund":
            set_effect(ctx, seat, "crystal_refund", True)
        elif k == "ready_units":
            ready_units(ctx, table, seat, v)
        elif k == "all_units":
            for u in p.units:
                change = {"ready": True} if v == "ready" else {"wounded": False}
                if (v == "ready" and not u.ready) or (v == "heal" and u.wounded):
                    ctx.emit("mk.unit", dict({"seat": seat, "uid": u.uid}, **change), rule="MK:5:Units:6")
        elif k == "heal_unit":
            hurt = sorted((-content().units[u.unit].level, u.uid) for u in p.units if u.wounded)
            if hurt:
                ctx.emit(
                    "mk.unit", {"seat": seat, "uid": hurt[0][1], "wounded": False}, rule="MK:11:Wounds:3"
                )
        elif k == "unit_resistances":
            unit_resistances(ctx, table, seat, v, cmd.get("unit", ""))
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
            wounds = [c for c in table.zone(state.hand(seat)) if card_name(c) == "wound"][:v]
            zones.move(ctx, state.hand(seat), state.WOUNDS, wounds, rule="MK:11:Wounds:3")
        elif k == "extra_turn":
            ctx.emit("mk.tactic_state", {"seat": seat, "extra_turn": True}, rule="MK:5:Effects:1")
        elif k == "discard_to_deck":
            pile = list(table.zone(state.discard(seat)))
            if pile:
                picked = ctx.pick("mk.discard_pick", pile, min(v, len(pile)), rule="MK:5:Effects:1")
                zones.move(ctx, state.discard(seat), state.deck(seat), list(picked), rule="MK:5:Effects:1")
        elif k == "wound_per_crystal":
            n = p.crystals.get(v, 0)
            if n:
                rest.append(("take_wound", n))
        elif k == "blocked_armour_to" and table.game.combat is not None:
            blocked_armour(ctx, table, v, cmd["card"])
        elif k == "all_enemies_strip" and table.game.combat is not None:
            for e in table.game.combat.enemies:
                if not e.defeated and not (v["exclude_arcane"] and "arcane_immunity" in e.abilities):
                    strip(ctx, table, e.uid, v["lose"], (), cmd["card"])
        elif k == "wound_unit":
            ctx.emit("mk.unit", {"seat": seat, "uid": cmd["unit"], "wounded": True}, rule="MK:5:Units:5")
        elif k == "on_defeat":
            defeat_rewards.start(ctx, table, seat, v, cmd.get("card") or cmd.get("skill", ""))
        elif k == "others":
            other_players.apply(ctx, table, seat, dict(v), cmd)
        elif k == "choose_to_deck":
            chosen = []
            pile = list(table.zone(state.discard(seat)))
            for name in cmd["cards"].split(","):
                cid = next(c for c in pile if card_name(c) == name and c not in chosen)
                chosen.append(cid)
            zones.move(ctx, state.discard(seat), state.deck(seat), chosen, rule="MK:5:Effects:1")
        elif k == "rotating":
            rotating.turn(ctx, table, seat, cmd["skill"], v)
        elif k == "banner":
            banners.assign(ctx, table, seat, cmd["card"], cmd["unit"])
        elif k == "look":
            map_rules.look(ctx, table, seat, cmd["space"], v[1])
        elif k == "puppet":
            rest += puppets.run(ctx, table, seat, v, cmd["token"])
        elif k == "black_any":  # skills (cards have it set by actions.card_specific)
            ctx.emit("mk.black_any", {"seat": seat}, rule="MK:5:Mana:3")
        elif k == "to_centre":
            from engine.games.mage_knight.skills.centre_tokens import place

            place(ctx, table, seat, cmd["skill"], v)
        elif k == "hero_damage_off" and table.game.combat is not None:
            ctx.emit("mk.hero_damage_off", {"elements": list(v[0]), "amount": v[1]}, rule="MK:5:Skills:4d")
        elif k == "possess" and table.game.combat is not None and cmd.get("target"):
            e = next(x for x in table.game.combat.enemies if x.uid == cmd["target"])
            hit = [a for a in e.attacks if not a.summon]
            if hit and table.game.combat.phase == "attack":  # against the other enemies only
                ctx.emit(
                    "mk.combat_points",
                    {
                        "seat": seat,
                        "kind": "melee",
                        "element": hit[0].element,
                        "value": hit[0].value,
                        "source": "effect",
                        "not_target": e.uid,
                    },
                    rule="MK:8:Combat:3",
                )
            elif hit:  # its first attack, value and element, joins the attack phase (enemy_effects)
                set_effect(
                    ctx, seat, "attack_phase_points", ["melee", hit[0].element, hit[0].value, "", e.uid]
                )
        elif k == "flip_skill":  # face down: not usable until the seat rests (actions.rest)
            ctx.emit(
                "mk.skill_used", {"seat": seat, "skill": cmd["skill"], "per": "round"}, rule="MK:5:Skills:4e"
            )
        else:
            rest.append((k, v))
    return rest


def test(table, seat: int, name: str) -> bool:
    game = table.game
    p = game.players[seat]
    if name == "lowest_fame":
        return p.fame <= min(q.fame for q in game.players)
    if name == "no_unit_recruited_this_turn":
        return not p.turn_effects.get("recruited")
    if name == "no_source_die":
        return not p.dice
    if name == "attack_phase":
        return game.combat is not None and game.combat.phase == "attack"
    raise ValueError(f"unknown condition {name!r}")


def count(table, seat: int, what: str) -> int:
    p = table.game.players[seat]
    if what == "crystal_sets":
        return min(p.crystals.get(c, 0) for c in BASIC)
    if what == "crystal_colours":
        return sum(1 for c in BASIC if p.crystals.get(c))
    if what == "ready_units":
        return sum(1 for u in p.units if u.ready and not u.wounded)
    if what == "free_command":
        return max(0, p.command - len(p.units))
    raise ValueError(f"unknown count {what!r}")


def bonus_per(ctx, table, seat: int, v: dict) -> list:
    n = min(v.get("max", 99), v["base"] + v["per"] * count(table, seat, v["count"]))
    if v["kind"] == "sideways":
        set_effect(ctx, seat, "sideways", n)
        return []
    return [(v["kind"], n)] if n else []


def take_offer(ctx, table, seat: int, spec: dict, cid: str) -> None:
    """A card of an offer to the seat (MK:5:Gain:3a); offers of deed cards are refilled."""
    zone = OFFERS[spec["offer"]]
    if spec["offer"] == "skill":  # a skill of the common offer becomes the seat's own
        ctx.emit("mk.skill", {"seat": seat, "skill": cid}, rule="MK:5:Skills:4d")
        passive_skills.on_gained(ctx, table, seat, cid)
        zones.move(ctx, zone, state.OUT, [cid], rule="MK:5:Skills:4d")
        return
    if spec["offer"] == "unit":
        join_unit(ctx, table, seat, cid, "MK:5:Units:4a")
        return
    zones.move(ctx, zone, DEST[spec["to"]](seat), [cid], rule="MK:5:Gain:3a")
    deck = {state.AA_OFFER: state.AA_DECK, state.SPELL_OFFER: state.SPELL_DECK}[zone]
    if table.zone(deck):
        zones.move_top(ctx, deck, zone, 1, rule="MK:5:Gain:3a")


def reroll(ctx, table, dice: list[int]) -> None:
    for i in dice:
        face = ctx.roll(mana.MANA_DIE, 1, rule="MK:5:Mana:3")[0]
        ctx.emit("mk.die_rerolled", {"index": i, "face": face}, rule="MK:5:Mana:3")


def ready_units(ctx, table, seat: int, budget: int) -> None:
    """Spent units of up to `budget` levels in total, highest level first (reading)."""
    for u in sorted(table.game.players[seat].units, key=lambda u: (-content().units[u.unit].level, u.uid)):
        lvl = content().units[u.unit].level
        if not u.ready and lvl <= budget:
            budget -= lvl
            ctx.emit("mk.unit", {"seat": seat, "uid": u.uid, "ready": True}, rule="MK:5:Units:6")


def unit_resistances(ctx, table, seat: int, v: dict, uid: str) -> None:
    """Units gain resistances for the turn: in a combat now, its units at once."""
    uids = [u.uid for u in table.game.players[seat].units] if v["all"] else [uid]
    set_effect(ctx, seat, "unit_resistances", {u: list(v["resistances"]) for u in uids})
    c = table.game.combat
    if c is not None:
        for u in c.units:
            if u.uid in uids:
                ctx.emit(
                    "mk.enemy_changed", {"unit": u.uid, "gain": list(v["resistances"])}, rule="MK:5:Effects:1"
                )


def inline_borrowed(ctx, table, seat: int, cmd: dict, atoms: list) -> list:
    """A thrown-away card used several times (Maximal Effect) or an offered card or skill used
    once (use_offered; it stays in its offer): its atoms in place of the atom that names it, so
    the card play carries them out like its own."""
    out = []
    for k, v in atoms:
        if k == "repeat":
            out += repeat(ctx, table, seat, cmd, v)
        elif k == "use_offered":
            name = card_name(cmd["boost"])
            out += list(borrowed(table, seat, name, v[2])[cmd["boost_option"]])
            ctx.emit(
                "mk.played",
                {
                    "seat": seat,
                    "card": name,
                    "mode": v[2],
                    "option": cmd["boost_option"],
                    "count": 0,
                    "borrowed": True,
                },
                rule="MK:5:Effects:1b",
            )
        else:
            out.append((k, v))
    return out


def repeat(ctx, table, seat: int, cmd: dict, v) -> list:
    """Throw away another Action card and use its effect `times` times (MK:4:Deed:3a)."""
    mode, times = v
    name = cmd["boost"]
    zones.move(ctx, state.hand(seat), state.OUT, [hand_card(table, seat, name)], rule="MK:5:Effects:1")
    atoms = list(resolving.seat_resolutions(table, seat, name, mode)[cmd["boost_option"]])
    return atoms * times


def after_heal(ctx, table, seat: int, from_hand: int, units: list[str]) -> None:
    """Healing effects waiting for wounds healed this turn: fame per point spent on wounds from
    hand (Golden Grail), a card per such wound (Golden Grail powered, Cure), healed units readied
    (Cure), MK:11:Wounds:3."""
    fx = effects_of(table, seat)
    if fx.get("heal_fame") and from_hand:
        n = min(fx["heal_fame"], from_hand)
        set_effect(ctx, seat, "heal_fame", -n)
        gain_fame(ctx, table, seat, n, "MK:11:Wounds:3")
    if fx.get("heal_draw") and from_hand:
        zones.move_top(ctx, state.deck(seat), state.hand(seat), from_hand, rule="MK:11:Wounds:3")
    if fx.get("heal_ready"):
        for uid in units:
            ctx.emit("mk.unit", {"seat": seat, "uid": uid, "ready": True}, rule="MK:11:Wounds:3")


def join_unit(ctx, table, seat: int, uid: str, rule: str) -> None:
    """A unit of the offer joins the seat's units (recruited, or for free by a card)."""
    zones.move(ctx, state.UNIT_OFFER, state.units_zone(seat), [uid], rule=rule)
    ctx.emit(
        "mk.recruited",
        {"seat": seat, "uid": uid, "unit": card_name(uid), **recruit_mark(table, card_name(uid), rule)},
        rule="MK:5:Units:4a",
    )
    set_effect(ctx, seat, "recruited", True)


_COMBAT_ONLY = frozenset(effects.COMBAT_ONLY)  # (asked of every resolution listed)


def worth(atoms, acted: bool) -> bool:
    return any(k not in _COMBAT_ONLY and not (k in ("move", "terrain_cost") and acted) for k, _ in atoms)


def useful(table, atoms, acted: bool) -> bool:
    """Worth offering: in combat it must add points the phase takes (MK:8:Combat:3)."""
    c = table.game.combat
    if c is not None:
        return points_fit(c, atoms) or combat_useful(atoms)
    return worth(atoms, acted)


def attack_change(ctx, table, seat: int, v) -> None:
    """From now on this turn attacks are doubled or made siege; attack points already pooled in
    the combat are changed too (their extra or their siege copy joins the pool)."""
    how, what = v
    set_effect(ctx, seat, "attack_changes", [how, what])
    c = table.game.combat
    if c is None:
        return
    for p in list(c.pool):
        hit = (
            p.element == "physical" and p.kind in ("melee", "ranged", "siege")
            if what == "physical"
            else p.kind == what
        )
        if hit and how == "double":
            ctx.emit(
                "mk.combat_points",
                {
                    "seat": seat,
                    "kind": p.kind,
                    "element": p.element,
                    "value": p.value,
                    "source": "doubled",
                    **aim_of(p),
                },
                rule="MK:8:Combat:3",
            )
