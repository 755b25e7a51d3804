"""Carrying out a turn's decisions (MK:4:Deed, MK:7:Move, MK:8:Interact, MK:6:Turn:7): card play
through the effect interpreter, paying mana, moving, exploring, interacting at sites, units,
skills and rests. The pipeline has already checked each command against `legal`."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cards import banners, effects, turn_effects
from engine.games.mage_knight.cards import carry_out as card_effects
from engine.games.mage_knight.cards.resolving import (
    card_resolutions,
    seat_resolutions,
    situation,
    skill_resolutions,
    unit_resolutions,
)
from engine.games.mage_knight.combat import fight
from engine.games.mage_knight.combat.fight import add_points, enemy_effect
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import payment
from engine.games.mage_knight.map.board import ends_move, unkey
from engine.games.mage_knight.map.explore import gain_fame, place, reveal_adjacent_garrisons
from engine.games.mage_knight.map.rules import explore_cost, step_cost
from engine.games.mage_knight.readings.map import effect_colour  # reading A31
from engine.games.mage_knight.situations import card_overrides
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.skills.centre_tokens import overloaded, sources
from engine.games.mage_knight.turn.flow import end_turn, gain_crystal
from engine.games.mage_knight.turn.ledger import (
    change_reputation,
    hand_card,
    pay,
    take_wounds,
)
from engine.games.mage_knight.turn.tactics import blocked_dice
from engine.mechanics import zones
from engine.mechanics.per_state import state_memo
from engine.mechanics.zones import card_name

# reputation track position -> influence modifier; stand-in except the rulebook's anchors
# +2 -> +1, -2 -> -1, -4 -> -2 (MK:8:Interact:2a)
REPUTATION_MODIFIER = {
    -6: -5,
    -5: -3,
    -4: -2,
    -3: -1,
    -2: -1,
    -1: 0,
    0: 0,
    1: 0,
    2: 1,
    3: 1,
    4: 2,
    5: 2,
    6: 3,
    7: 5,
}
HEAL_PRICE = {"village": 3, "monastery": 2}  # MK:8:Interact:4b
AA_PRICE = 6  # MK:8:Interact:4c
SPELL_PRICE = 7  # MK:8:Interact:4d, plus 1 mana of its colour


def boosted(atoms, n: int) -> list:
    """A card played through Concentration/Will Focus: +n to its first move, influence, attack
    or block (MK:4:Deed:3a; reading in catalog.toml)."""
    return effects.bumped(atoms, n)


def play(ctx, table, seat: int, cmd: dict) -> None:
    name, mode = cmd["card"], cmd["mode"]
    card = content().cards[name]
    pay(ctx, table, seat, cmd.get("pay", ""))
    cid = hand_card(table, seat, name)
    destroy = mode == "powered" and card.kind == "artifact" and card.destroy_on_powered
    zones.move(
        ctx,
        state.hand(seat),
        state.OUT if destroy else state.play_area(seat),
        [cid],
        rule="MK:4:Deed:3c" if destroy else "MK:4:Deed:3a",
    )
    atoms = list(seat_resolutions(table, seat, name, mode)[cmd["option"]])
    ctx.emit(
        "mk.played",
        {
            "seat": seat,
            "card": name,
            "mode": mode,
            "option": cmd["option"],
            "effect": effects.words(atoms),
            **card_overrides.mark(table, name),
        },
        rule="MK:4:Deed:3e" if mode == "sideways" else "MK:4:Deed:3a",
    )
    if cmd.get("target"):
        enemy_effect(ctx, table, atoms, cmd["target"], name, effect_colour(table, card, mode))
    fx = table.game.players[seat].turn_effects
    if mode == "sideways" and (fx.get("wound_sideways") if name == "wound" else fx.get("sideways")):
        turn_effects.set_effect(ctx, seat, "wound_sideways" if name == "wound" else "sideways", None)
        if fx.get("sideways_match") and name != "wound":
            turn_effects.set_effect(ctx, seat, "sideways_match", None)
    if (
        fx.get("shapeshift")
        and mode != "sideways"
        and cmd["option"] >= len(card_resolutions(name, mode, *situation(table, seat)))
    ):
        turn_effects.set_effect(ctx, seat, "shapeshift", None)
    if mode != "sideways" and "movement" in card.categories:
        atoms = movement_bonus(ctx, table, seat, atoms)
    if mode != "sideways":
        atoms = attack_block_bonus(ctx, table, seat, atoms)
    if mode == "powered":  # Mana Overload's token in the centre (centre.py)
        atoms = overloaded(ctx, table, seat, [c for _, c in sources(table, cmd.get("pay", ""))], atoms)
    atoms = card_effects.inline_borrowed(ctx, table, seat, cmd, atoms)
    atoms = card_specific(ctx, table, seat, cmd, atoms)
    atoms = card_effects.run(ctx, table, seat, cmd, atoms)
    atoms = turn_effects.changed_attacks(table.game.players[seat].turn_effects, atoms)
    resolve(ctx, table, seat, atoms, "MK:5:Effects:1", source=name)


def dice_list(text: str) -> list[int]:
    """Source dice a command names: "2" or "0,3"."""
    return [int(x) for x in text.split(",")]


def card_specific(ctx, table, seat: int, cmd: dict, atoms: list) -> list:
    """Carry out the atoms that need what the command names (dice, a boosted card, a discarded
    card); the plain rest is returned for `resolve`."""
    rest = []
    for k, v in atoms:
        if k == "set_dice":  # Mana Draw / Mana Pull powered: not rerolled this turn
            for idx, colour in zip(dice_list(cmd["dice"]), v, strict=True):
                ctx.emit("mk.die_set", {"seat": seat, "index": idx, "colour": colour}, rule="MK:5:Mana:3")
        elif k == "card_boost":
            rest += boost(ctx, table, seat, cmd, v)
        elif k == "crystal_of_discard":  # Savage Harvesting, Offering: each discarded card's colour
            gone = [x.split(":")[1] for x in cmd.get("pay", "").split("+") if x.startswith("discard:")]
            for name in gone[:v]:
                colour = content().cards[name].color
                if colour:  # a two-colour card gives a crystal of its first colour (reading)
                    colour = colour.removeprefix("dual:").split("/")[0]
                    gain_crystal(ctx, table, seat, colour, "MK:5:Gain:2")
        elif k == "space_cost":  # Druidic Paths basic: the space the command names
            mod = {
                "terrain": "",
                "space": cmd["space"],
                "amount": v["amount"],
                "minimum": v["minimum"],
                "replace": None,
            }
            ctx.emit("mk.terrain_cost", {"seat": seat, "modifier": mod}, rule="MK:7:Move:7a")
        elif k == "defeat_bonus" and table.game.combat is not None:  # Axe Throw, Chivalry: this phase
            ctx.emit(
                "mk.card_offer",
                {
                    "seat": seat,
                    "field": "defeat_bonus",
                    "value": [v["fame"], v["reputation"], v["each"], table.game.combat.phase],
                },
                rule="MK:9:Ranged:5",
            )
        elif k == "all_enemies":
            from engine.games.mage_knight.combat.fight import all_enemies_effect

            all_enemies_effect(ctx, table, v, cmd["card"], content().cards[cmd["card"]].color)
        elif k == "influence_per_wound":  # In Need: wounds in hand and on units
            p = table.game.players[seat]
            n = sum(1 for c in table.zone(state.hand(seat)) if card_name(c) == "wound") + sum(
                1 for u in p.units if u.wounded
            )
            rest.append(("influence", v[0] + v[1] * n))
        elif k in ("recruit_bonus", "card_bonus", "terrain_hand_limit"):  # Heroic Tale, Ambush, Mountain Lore
            ctx.emit("mk.card_offer", {"seat": seat, "field": k, "value": list(v)}, rule="MK:5:Effects:1")
        elif k in ("recruit_discount", "ready_for_influence"):  # Ruthless Coercion
            ctx.emit("mk.card_offer", {"seat": seat, "field": k, "value": list(v)}, rule="MK:8:Interact:4a")
        elif k == "black_any":
            ctx.emit("mk.black_any", {"seat": seat}, rule="MK:5:Mana:3")
        elif k == "block_per_trait":  # Cold Toughness: the enemy the command names
            bonus = trait_count(table, cmd["blocked"])
            if bonus:
                rest.append(("block", {"value": bonus, "element": "ice"}))
        elif k == "move_bonus":
            ctx.emit("mk.move_bonus", {"seat": seat, "bonus": list(v)}, rule="MK:5:Effects:1")
        elif k == "interaction_bonus":
            ctx.emit("mk.interaction_bonus", {"seat": seat, "bonus": list(v)}, rule="MK:5:Effects:1")
            if table.game.players[seat].interacting:
                interaction_bonus(ctx, table, seat)
        else:
            rest.append((k, v))
    return rest


def trait_count(table, uid: str) -> int:
    """Abilities, resistances and attack colours of an enemy; none if arcane immune (Cold
    Toughness, reading in catalog.toml)."""
    foe = next(e for e in table.game.combat.enemies if e.uid == uid)
    if "arcane_immunity" in foe.abilities:
        return 0
    colours = {a.element for a in foe.attacks if a.element != "physical"}
    return len(set(foe.abilities)) + len(set(foe.resistances)) + len(colours)


def boost(ctx, table, seat: int, cmd: dict, n: int) -> list:
    """Play the named Action card's powered effect for free, with +n (MK:4:Deed:3a)."""
    name = cmd["boost"]
    zones.move(
        ctx, state.hand(seat), state.play_area(seat), [hand_card(table, seat, name)], rule="MK:4:Deed:3a"
    )
    atoms = boosted(seat_resolutions(table, seat, name, "powered")[cmd["boost_option"]], n)
    ctx.emit(
        "mk.played",
        {
            "seat": seat,
            "card": name,
            "mode": "powered",
            "option": cmd["boost_option"],
            "effect": effects.words(atoms),
        },
        rule="MK:4:Deed:3a",
    )
    if "movement" in content().cards[name].categories:
        atoms = movement_bonus(ctx, table, seat, atoms)
    return card_specific(ctx, table, seat, cmd, atoms)


def movement_bonus(ctx, table, seat: int, atoms: list) -> list:
    """Tirelessness: +amount move on a movement card played for its effect this turn."""
    bonus = table.game.players[seat].move_bonus
    if not bonus or not any(k == "move" for k, _ in atoms):
        return atoms
    amount, left = bonus
    ctx.emit(
        "mk.move_bonus",
        {"seat": seat, "bonus": [] if left == 1 else [amount, max(0, left - 1)]},
        rule="MK:5:Effects:1",
    )
    return [*atoms, ("move", amount)]


def attack_block_bonus(ctx, table, seat: int, atoms: list) -> list:
    """Ambush: the first card played for its attack gets +a, or for its block +b; then spent."""
    bonus = table.game.players[seat].card_bonus
    if not bonus:
        return atoms
    for i, (k, v) in enumerate(atoms):
        if k in ("attack", "block") and bonus[0 if k == "attack" else 1]:
            ctx.emit(
                "mk.card_offer", {"seat": seat, "field": "card_bonus", "value": []}, rule="MK:5:Effects:1"
            )
            return [
                *atoms[:i],
                (k, dict(v, value=v["value"] + bonus[0 if k == "attack" else 1])),
                *atoms[i + 1 :],
            ]
    return atoms


def interaction_bonus(ctx, table, seat: int) -> None:
    """Noble Manners: fame (and reputation) when the seat interacts this turn."""
    fame, rep = table.game.players[seat].interaction_bonus
    ctx.emit("mk.interaction_bonus", {"seat": seat, "bonus": []}, rule="MK:8:Interact:1")
    if fame:
        gain_fame(ctx, table, seat, fame, "MK:8:Interact:1")
    if rep:
        change_reputation(ctx, table, seat, rep, "MK:8:Interact:1")


def resolve(ctx, table, seat: int, atoms: list, rule: str, source: str = "") -> None:
    """Apply plain effect atoms (effects.py); in combat, attack, block and move points go to the
    combat's pool and healing is not allowed (MK:11:Wounds:3)."""
    game = table.game
    p = game.players[seat]
    if game.combat is not None:
        add_points(ctx, table, seat, atoms, source or rule)
        atoms = [(k, v) for k, v in atoms if k not in ("move", "influence", "heal", "attack", "block")]
    for kind, v in atoms:
        if kind in ("move", "influence", "extra_dice"):
            if kind == "move" and p.acted:
                continue  # move effects after the action are ignored (MK:6:Turn:5c)
            ctx.emit("mk.points", {"seat": seat, "kind": kind, "delta": v}, rule=rule)
        elif kind == "heal":
            heal(ctx, table, seat, v)
        elif kind == "terrain_cost":
            ctx.emit("mk.terrain_cost", {"seat": seat, "modifier": v}, rule="MK:7:Move:7a")
        elif kind == "draw_cards":
            zones.move_top(ctx, state.deck(seat), state.hand(seat), v, rule=rule)
        elif kind == "gain_mana_token":
            ctx.emit("mk.token", {"seat": seat, "colour": v, "delta": 1}, rule="MK:5:Mana:1")
        elif kind == "gain_crystal":
            gain_crystal(ctx, table, seat, v, "MK:5:Gain:2")
        elif kind == "fame":
            gain_fame(ctx, table, seat, v, rule)
        elif kind == "reputation":
            change_reputation(ctx, table, seat, v, rule)
        elif kind == "take_wound":
            take_wounds(ctx, table, seat, v, rule)
        elif kind == "ready_unit_max_level":
            # Another unit: the unit whose ability this is was spent to use it and does not
            # ready itself (reading of MK:5:Units:6; readying itself would change nothing).
            spent = [
                u for u in p.units if not u.ready and u.uid != source and content().units[u.unit].level <= v
            ]
            if spent:
                ctx.emit("mk.unit", {"seat": seat, "uid": spent[0].uid, "ready": True}, rule="MK:5:Units:6")


def heal_plan(table, seat: int, points: int) -> tuple[list[str], list[str], int]:
    """What `points` more healing points do with the turn's pool (a card's Heal and bought
    points are pooled, MK:11:Wounds:3): (the wound cards in hand they remove, 1 point each;
    the wounded units they heal, each for its level, lowest level first; the points left in
    the pool). Reading: the player's choice of order is not asked."""
    points += table.game.players[seat].healing
    wounds = [c for c in table.zone(state.hand(seat)) if card_name(c) == "wound"][:points]
    points -= len(wounds)
    hurt = sorted(
        (card_overrides.unit_number(table, u.unit, "level", content().units[u.unit].level), u.uid)
        for u in table.game.players[seat].units
        if u.wounded
    )
    healed = []
    for level, uid in hurt:
        if points >= level:
            points -= level
            healed.append(uid)
    return wounds, healed, points


def heal(ctx, table, seat: int, points: int) -> None:
    """Healing points join the turn's pool and heal what it pays for (`heal_plan`); what it
    cannot pay yet stays in the pool until the turn ends or a combat starts (MK:11:Wounds:3)."""
    held = table.game.players[seat].healing
    wounds, healed, left = heal_plan(table, seat, points)
    zones.move(ctx, state.hand(seat), state.WOUNDS, wounds, rule="MK:11:Wounds:3")
    for uid in healed:
        ctx.emit("mk.unit", {"seat": seat, "uid": uid, "wounded": False}, rule="MK:11:Wounds:3")
    if left != held:
        ctx.emit("mk.points", {"seat": seat, "kind": "healing", "delta": left - held}, rule="MK:11:Wounds:3")
    card_effects.after_heal(ctx, table, seat, len(wounds), healed)


def move(ctx, table, seat: int, cmd: dict) -> None:

    game = table.game
    cost = step_cost(table, seat, cmd["to"])
    frm = unkey(game.players[seat].pos)
    ctx.emit("mk.moved", {"seat": seat, "to": cmd["to"], "cost": cost}, rule="MK:7:Move:3")
    reveal_adjacent_garrisons(ctx, table, seat, game.players[seat].turn_effects.get("reveal_reach", 1))

    extra = cmd["challenge"].split(";") if cmd.get("challenge") else []  # MK:8:Combat:2c
    if ends_move(game.board, unkey(cmd["to"]), seat):
        fight.assault(ctx, table, seat, cmd["to"], extra, frm)  # an assault is a move (MK:8:Combat:2b)
    else:
        fight.provoke(ctx, table, seat, frm, unkey(cmd["to"]), extra)


def explore(ctx, table, seat: int, cmd: dict) -> None:

    ctx.emit(
        "mk.points", {"seat": seat, "kind": "move", "delta": -explore_cost(table, seat)}, rule="MK:7:Move:5"
    )
    ctx.emit("mk.explored", {"seat": seat, "at": cmd["at"]}, rule="MK:7:Move:5")
    place(ctx, table, table.zone(state.TILES)[0], unkey(cmd["at"]), seat)


def modifier(table, seat: int) -> int:
    if table.game.players[seat].turn_effects.get("ignore_reputation"):
        return 0  # Arcane Disguise
    return REPUTATION_MODIFIER.get(table.game.players[seat].reputation, 0)


def pool(table, seat: int) -> int:
    """Influence available for an interaction: points played plus, once, the reputation
    modifier (MK:8:Interact:2a)."""
    p = table.game.players[seat]
    return p.influence + (0 if p.interacting else modifier(table, seat))


def interact(ctx, table, seat: int, spend: int, rule: str) -> None:
    p = table.game.players[seat]
    if not p.interacting:
        ctx.emit(
            "mk.acted", {"seat": seat, "action": "interact", "interacting": True}, rule="MK:8:Interact:1"
        )
        m = modifier(table, seat)
        if m:
            ctx.emit("mk.points", {"seat": seat, "kind": "influence", "delta": m}, rule="MK:8:Interact:2a")
        if p.interaction_bonus:
            interaction_bonus(ctx, table, seat)
    ctx.emit("mk.points", {"seat": seat, "kind": "influence", "delta": -spend}, rule=rule)


def recruit_cost(table, seat: int, unit: str) -> int:
    """A unit's influence cost less a Ruthless Coercion discount and a free Bonds of Loyalty
    command token's (at least 0)."""
    off = table.game.players[seat].recruit_discount
    return max(
        0,
        card_overrides.unit_number(table, unit, "cost", content().units[unit].influence_cost)
        - (off[0] if off else 0)
        - passive_skills.bond_discount(table, seat),
    )


def recruit(ctx, table, seat: int, cmd: dict) -> None:
    uid = cmd["unit"]
    off = table.game.players[seat].recruit_discount
    interact(ctx, table, seat, recruit_cost(table, seat, card_name(uid)), "MK:8:Interact:4a")
    passive_skills.recruited(ctx, table, seat, uid)
    if off:
        ctx.emit(
            "mk.card_offer", {"seat": seat, "field": "recruit_discount", "value": []}, rule="MK:8:Interact:4a"
        )
        change_reputation(ctx, table, seat, off[1], "MK:8:Interact:4a")
    tale = table.game.players[seat].recruit_bonus  # Heroic Tale: per unit recruited this turn
    if tale:
        change_reputation(ctx, table, seat, tale[0], "MK:8:Interact:4a")
        if tale[1]:
            gain_fame(ctx, table, seat, tale[1], "MK:8:Interact:4a")
    if cmd.get("disband"):
        zones.move(ctx, state.units_zone(seat), state.OUT, [cmd["disband"]], rule="MK:5:Units:4a")
        ctx.emit("mk.unit_destroyed", {"seat": seat, "uid": cmd["disband"]}, rule="MK:5:Units:4a")
    card_effects.join_unit(ctx, table, seat, uid, "MK:8:Interact:4a")


def buy_heal(ctx, table, seat: int, cmd: dict) -> None:
    site = table.game.board.spaces[table.game.players[seat].pos].site
    interact(ctx, table, seat, HEAL_PRICE[site], "MK:8:Interact:4b")
    resolve(ctx, table, seat, [("heal", 1)], "MK:8:Interact:4b")


def buy_aa(ctx, table, seat: int, cmd: dict) -> None:
    interact(ctx, table, seat, AA_PRICE, "MK:8:Interact:4c")
    zones.move(ctx, state.UNIT_OFFER, state.deck(seat), [cmd["card"]], rule="MK:8:Interact:4c")


def buy_spell(ctx, table, seat: int, cmd: dict) -> None:
    """At a conquered mage tower: 7 influence and 1 mana of the spell's colour; the spell goes
    on top of the deed deck and the offer is refilled (MK:8:Interact:4d)."""
    pay(ctx, table, seat, cmd["pay"])
    interact(ctx, table, seat, SPELL_PRICE, "MK:8:Interact:4d")
    zones.move(ctx, state.SPELL_OFFER, state.deck(seat), [cmd["card"]], rule="MK:8:Interact:4d")
    zones.move_top(ctx, state.SPELL_DECK, state.SPELL_OFFER, 1, rule="MK:5:Gain:3a")


def plunder(ctx, table, seat: int, cmd: dict) -> None:
    """Plundering a village before the turn: reputation -1, draw 2 cards (site card,
    public-list; MK:6:Turn:1)."""
    ctx.emit("mk.played", {"seat": seat, "card": "", "mode": "plunder", "count": 0}, rule="MK:6:Turn:1")
    change_reputation(ctx, table, seat, -1, "MK:6:Turn:1")
    zones.move_top(ctx, state.deck(seat), state.hand(seat), 2, rule="MK:6:Turn:1")


def activate(ctx, table, seat: int, cmd: dict) -> None:
    """A ready, unwounded unit uses one ability and is spent until the round ends (MK:5:Units:5)."""
    p = table.game.players[seat]
    u = next(x for x in p.units if x.uid == cmd["unit"])
    pay(ctx, table, seat, cmd.get("pay", ""))
    ctx.emit(
        "mk.unit",
        {"seat": seat, "uid": u.uid, "ready": False, **card_overrides.mark(table, u.unit)},
        rule="MK:5:Units:5",
    )
    atoms = turn_effects.unit_bonus(
        ctx,
        table,
        seat,
        list(
            card_overrides.unit_values(table, u.unit, unit_resolutions(u.unit, cmd["ability"]))[cmd["option"]]
        ),
    )
    atoms = banners.on_activate(ctx, table, seat, u.uid, atoms)
    atoms = turn_effects.changed_attacks(
        table.game.players[seat].turn_effects, atoms
    )  # "your attacks": units' too
    if cmd.get("target"):
        enemy_effect(ctx, table, atoms, cmd["target"], u.uid, None)
    atoms = card_effects.run(ctx, table, seat, dict(cmd, card=u.uid), atoms)
    resolve(ctx, table, seat, atoms, "MK:5:Units:5", source=u.uid)


def ready_unit(ctx, table, seat: int, cmd: dict) -> None:
    """Ruthless Coercion powered: ready a spent unit for influence per level (MK:5:Units:6)."""
    p = table.game.players[seat]
    u = next(x for x in p.units if x.uid == cmd["uid"])
    price = p.ready_for_influence[1] * content().units[u.unit].level
    ctx.emit("mk.points", {"seat": seat, "kind": "influence", "delta": -price}, rule="MK:5:Units:6")
    ctx.emit("mk.unit", {"seat": seat, "uid": u.uid, "ready": True}, rule="MK:5:Units:6")


ROUND_USES = ("once_per_round", "interactive")  # interactive skills: once a round, then in the centre


def use_skill(ctx, table, seat: int, cmd: dict) -> None:
    """Once per turn, or once per round (flipped face down), MK:5:Skills:4a-c."""
    sk = content().skills[cmd["skill"]]
    pay(ctx, table, seat, cmd.get("pay", ""))
    ctx.emit(
        "mk.skill_used",
        {
            "seat": seat,
            "skill": sk.id,
            "per": "round" if sk.usage in ROUND_USES else "turn",
            **card_overrides.mark(table, sk.id),
        },
        rule="MK:5:Skills:4a" if sk.usage in ROUND_USES else "MK:5:Skills:4c",
    )
    atoms = list(
        card_overrides.skill_values(table, sk.id, skill_resolutions(sk.id, table, seat))[cmd["option"]]
    )
    if cmd.get("target"):
        enemy_effect(ctx, table, atoms, cmd["target"], sk.id, None)
    atoms = card_effects.run(ctx, table, seat, dict(cmd, card=sk.id), atoms)
    atoms = turn_effects.changed_attacks(table.game.players[seat].turn_effects, atoms)  # skills' attacks too
    resolve(ctx, table, seat, atoms, "MK:5:Skills:4c", source=sk.id)


def rest(ctx, table, seat: int, cmd: dict) -> None:
    """Standard rest: 1 non-wound card and any wounds to the discard pile; slow recovery: the
    hand holds only wounds and one is discarded (MK:6:Turn:7)."""
    hand = table.zone(state.hand(seat))
    if cmd["card"] == "wound":
        cards = [hand_card(table, seat, "wound")]
        rule = "MK:6:Turn:7a"
    else:
        cards = [
            hand_card(table, seat, cmd["card"]),
            *[c for c in hand if card_name(c) == "wound"][: cmd["wounds"]],
        ]
        rule = "MK:6:Turn:7"
    zones.move(ctx, state.hand(seat), state.discard(seat), cards, rule=rule)
    ctx.emit(
        "mk.rested",
        {
            "seat": seat,
            "kind": "slow" if cmd["card"] == "wound" else "standard",
            "discarded": [card_name(c) for c in cards],
        },
        rule=rule,
    )
    ctx.emit("mk.played", {"seat": seat, "card": cmd["card"], "mode": "rest", "count": len(cards)}, rule=rule)
    for sid in table.game.players[seat].round_skills:  # a skill flipped for its stronger option
        if "flip_for" in str(content().skills[sid].effect):  # turns face up again (Battle Frenzy)
            ctx.emit("mk.skill_flipped", {"seat": seat, "skill": sid}, rule="MK:5:Skills:4e")
    end_turn(ctx, table, seat)


def spell_buys(table, seat: int, pool: int) -> list[dict]:
    """Buying a spell of the offer: 7 influence and one mana of its colour, at a mage tower or a
    blue city (MK:8:Interact:4d)."""
    if pool < SPELL_PRICE:
        return []
    return [
        {"kind": "buy_spell", "card": cid, "pay": x}
        for cid in table.zone(state.SPELL_OFFER)
        for x in payment_options(table, seat, [(content().cards[card_name(cid)].color,)])
    ]


def payment_options(table, seat: int, need) -> list[str]:
    """The ways to pay `need` now, once per state and need (every card's plays ask alike)."""
    memo = state_memo(table)
    k = ("payment_options", seat, tuple(map(tuple, need)))
    got = memo.get(k)
    if got is None:
        game = table.game
        got = memo[k] = payment.options(game.players[seat], game.source, game.night, need, blocked_dice(game))
    return list(got)
