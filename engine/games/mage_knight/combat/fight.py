"""Wiring the pure combat module (combat.py) into the turn (MK:8:Combat:1-3, MK:10:Result):
which enemies a combat starts with (provoked rampagers, a site's defenders, an adventure
site's draws), points from played effects, the combat's own commands, summon draws through
chance, and the outcome applied to the table (fame, reputation, wounds, units, conquest,
site rewards)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.banners import absorbs_wound, equip
from engine.games.mage_knight.cities.reveal import after_assault, main_space, strengthen
from engine.games.mage_knight.combat import enemy_effects
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.map.board import key, provoked, unkey
from engine.games.mage_knight.map.explore import GARRISON_PILE, draw_token, gain_fame
from engine.games.mage_knight.players.pvp_targets import unit_effect
from engine.games.mage_knight.scenarios.dungeon_lords import after_failure, face_down_monster
from engine.games.mage_knight.scenarios.interactive_combat import ended, fame_bonus, reveal
from engine.games.mage_knight.scenarios.interactive_combat import started as interactive_started
from engine.games.mage_knight.scenarios.special_rules import (
    assault_fame,
    assault_rep,
    double_fame,
    enter_mine,
    garrison_size,
    liberated,
    night_fight,
    retreat_after_assault,
    tower_spell,
)
from engine.games.mage_knight.scenarios.variants import defeated_bonus
from engine.games.mage_knight.situations.combat_overrides import used
from engine.games.mage_knight.turn import rewards
from engine.games.mage_knight.turn.ledger import change_reputation, gain_reward_crystal, pay, take_wounds
from engine.mechanics import zones
from engine.mechanics.zones import card_name

ADVENTURE_DRAWS = {  # site -> enemy piles drawn on entering (site cards, public-list)
    "monster_den": ("brown",),
    "spawning_grounds": ("brown", "brown"),
    "dungeon": ("brown",),
    "tomb": ("red",),
}
CRYSTAL_REWARDS = {"monster_den": 2, "spawning_grounds": 3}  # random crystals (site cards, public-list)
UNDERGROUND = ("dungeon", "tomb")  # no units, night rules in the fight (site cards, public-list)
POINT_KIND = {"melee": "melee", "ranged": "ranged", "siege": "siege"}


def combat_zone(table) -> str:
    return "combat:enemies"


def begin(
    ctx,
    table,
    seat: int,
    space: str,
    tokens: list[str],
    *,
    kind: str,
    fortified: bool = False,
    rampaging: Sequence[str] = (),
) -> None:
    """Start a combat against `tokens` (token ids already face up on `space` or drawn for it)."""
    game = table.game
    p = game.players[seat]
    underground = game.board.spaces[space].site in UNDERGROUND
    c = combat_machine.start(
        content(),
        [(tok, card_name(tok)) for tok in tokens],
        units=[] if underground else [(u.uid, u.unit, u.wounded, u.ready) for u in p.units],
        hero_armour=p.armour,
        hand_limit=p.hand_limit,
        night=game.night or underground or night_fight(game, space),
        site=game.board.spaces[space].site or None,
        fortified_site=fortified,
        rampaging=list(rampaging),
        readings=table.options.get("readings"),
        overrides=table.options.get("overrides"),
    )
    if game.board.spaces[space].site == "city":
        strengthen(table, space, c)

    equip(table, seat, c)  # banners' armour and resistances (MK:5:Units:8)
    started(ctx, table, seat, space, kind, c)

    interactive_started(ctx, table, seat)  # the variant Interactive Combat


def started(ctx, table, seat: int, space: str, kind: str, c, rule: str = "MK:8:Combat:1") -> None:
    """The combat's start event; a situation's readings and overridden values only when given
    (combat_overrides), so other games keep their exact events."""

    data = {"seat": seat, "space": space, "kind": kind, "combat": _builtins(c)}
    if not c.readings:
        del data["combat"]["readings"]
    if not c.hero_damage_off:  # skills' damage reduction: only once used (mkcards)
        del data["combat"]["hero_damage_off"]
    over = used(table.options.get("overrides"), c.enemies, c.units)
    if over:
        data["overridden"] = over
    ctx.emit("mk.combat_started", data, rule=rule)


def _builtins(c):

    return msgspec.to_builtins(c)


def provoked_spaces(table, seat: int, frm, to) -> list[str]:
    """The rampaging spaces a step from `frm` to `to` provokes: adjacent to both spaces
    (MK:7:Move:4c), none under an effect that moves without provoking."""

    game = table.game
    if game.players[seat].turn_effects.get("no_provoke"):
        return []
    return [key(h) for h in provoked(game.board, frm, to)]


def provoke(ctx, table, seat: int, frm, to, extra=()) -> bool:
    """After a step: rampaging enemies adjacent to both spaces attack (MK:7:Move:4c); `extra`
    rampaging spaces challenged with the step join them (MK:8:Combat:2b)."""
    game = table.game
    spaces = provoked_spaces(table, seat, frm, to)
    if not spaces:
        return False
    spaces += list(extra)
    tokens = [tok for k in spaces for tok in game.board.spaces[k].enemies]
    ctx.emit("mk.acted", {"seat": seat, "action": "provoked"}, rule="MK:7:Move:4")
    _start_on(ctx, table, seat, spaces, tokens, kind="provoked")
    return True


def _start_on(ctx, table, seat, spaces, tokens, kind, fortified=False):
    game = table.game
    ctx.emit("mk.combat_spaces", {"spaces": spaces}, rule="MK:8:Combat:1")
    begin(
        ctx,
        table,
        seat,
        spaces[0],
        tokens,
        kind=kind,
        fortified=fortified,
        rampaging=[
            tok for k in spaces for tok in game.board.spaces[k].enemies if game.board.spaces[k].rampaging
        ],
    )


def assault(ctx, table, seat: int, space: str, extra=(), frm=None) -> None:
    """Entering an unconquered keep, mage tower or city: reputation -1 and combat with its
    defenders, who are fortified (MK:8:Combat:1a). The assault is a move, so the step from
    `frm` provokes rampaging enemies adjacent to both spaces; they and the ones on `extra`
    spaces, challenged with the step, join the defenders unfortified (MK:8:Combat:2b-c)."""

    game = table.game
    provoked = provoked_spaces(table, seat, frm, unkey(space)) if frm is not None else []
    extra = provoked + [k for k in extra if k not in provoked]
    if game.board.spaces[space].site == "city":  # a Megalopolis: either space, one garrison
        space = main_space(table, space)
    ctx.emit("mk.acted", {"seat": seat, "action": "assault"}, rule="MK:8:Combat:1a")
    change_reputation(ctx, table, seat, assault_rep(table, space), "MK:8:Combat:1a")
    hidden = list(table.zone(state.garrison(space))) if state.garrison(space) in table.zones else []
    if hidden:
        _ensure(ctx, table, state.at(space))
        zones.move(ctx, state.garrison(space), state.at(space), hidden, rule="MK:8:Combat:1a")
        ctx.emit(
            "mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:8:Combat:1a"
        )
    tokens = list(game.board.spaces[space].enemies)
    if not tokens:
        _ensure(ctx, table, state.at(space))
        pile = GARRISON_PILE.get(game.board.spaces[space].site)
        drawn = [
            draw_token(ctx, table, pile, state.at(space), rule="MK:8:Combat:1a") if pile else None
            for _ in range(garrison_size(table, space, seat))
        ]
        ctx.emit(
            "mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:8:Combat:1a"
        )
        tokens = [tok for tok in drawn if tok]
    if not tokens:
        conquer(ctx, table, seat, space)
        if extra:  # no defenders: the provoked and challenged rampagers still fight
            _start_on(
                ctx,
                table,
                seat,
                list(extra),
                [tok for k in extra for tok in game.board.spaces[k].enemies],
                kind="provoked" if provoked else "challenge",
            )
        return
    tokens += [tok for k in extra for tok in game.board.spaces[k].enemies]
    _start_on(
        ctx,
        table,
        seat,
        [space, *extra],
        tokens,
        kind="assault",
        fortified=not table.game.players[seat].turn_effects.get("ignore_fortification"),
    )


def challenge(ctx, table, seat: int, space: str) -> None:
    """Challenging a rampaging enemy on an adjacent space is the turn's action (MK:8:Combat:1e)."""
    ctx.emit("mk.acted", {"seat": seat, "action": "challenge"}, rule="MK:8:Combat:1e")
    spaces = space.split(";")  # several adjacent rampaging spaces at once (map_rules)
    _start_on(
        ctx,
        table,
        seat,
        spaces,
        [tok for k in spaces for tok in table.game.board.spaces[k].enemies],
        kind="challenge",
    )


def enter_site(ctx, table, seat: int, space: str) -> None:
    """Entering an adventure site: its enemies are drawn face up and all fought (MK:8:Combat:1b)."""
    game = table.game
    sp = game.board.spaces[space]
    ctx.emit("mk.acted", {"seat": seat, "action": "enter"}, rule="MK:8:Combat:1b")
    _ensure(ctx, table, state.at(space))
    if sp.site == "ancient_ruins":
        hidden = list(table.zone(state.garrison(space))) if state.garrison(space) in table.zones else []
        if hidden:
            zones.move(ctx, state.garrison(space), state.at(space), hidden, rule="MK:8:Combat:1b")
        ruin = next(x for x in table.zone(state.at(space)) if x in content().ruins)
        for pile in content().ruins[ruin].draw:
            draw_token(ctx, table, pile, state.at(space), rule="MK:8:Combat:1b")
    elif sp.site == "mine":  # Mines Liberation (MK:20:Scen:Mines)
        enter_mine(ctx, table, seat, space)
    elif face_down_monster(ctx, table, space):  # a secret entrance (MK:21:Scen:DungeonLords)
        pass
    elif not sp.enemies:
        for pile in ADVENTURE_DRAWS[sp.site]:
            draw_token(ctx, table, pile, state.at(space), rule="MK:8:Combat:1b")
    tokens = [x for x in table.zone(state.at(space)) if x not in content().ruins]
    ctx.emit("mk.enemies", {"space": space, "tokens": tokens}, rule="MK:8:Combat:1b")
    _start_on(ctx, table, seat, [space], tokens, kind="adventure")


def burn(ctx, table, seat: int, space: str) -> None:
    """Burning a monastery: reputation -3 and a violet defender (MK:8:Combat:1c)."""

    ctx.emit("mk.acted", {"seat": seat, "action": "burn"}, rule="MK:8:Combat:1c")
    change_reputation(ctx, table, seat, -3, "MK:8:Combat:1c")
    _ensure(ctx, table, state.at(space))
    tok = draw_token(ctx, table, "violet", state.at(space), rule="MK:8:Combat:1c")
    ctx.emit(
        "mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:8:Combat:1c"
    )
    _start_on(ctx, table, seat, [space], [tok], kind="burn")


def _ensure(ctx, table, name: str) -> None:
    if name not in table.zones:
        zones.create(ctx, name, [], rule="MK:7:Move:5")


def add_points(ctx, table, seat: int, atoms, source: str) -> None:
    """Attack, block and (block phase) move points of a played effect join the combat's pool."""
    c = table.game.combat
    for kind, v in atoms:
        if kind == "attack":
            k, el, n = POINT_KIND.get(v["type"], "melee"), v["element"], v["value"]
        elif kind == "block":
            k, el, n = "block", v["element"], v["value"]
        elif kind == "move":
            k, el, n = "move", "physical", v
        else:
            continue
        if combat_machine.points_problem(c, k, el, n) is None:
            ctx.emit(
                "mk.combat_points",
                {"seat": seat, "kind": k, "element": el, "value": n, "source": source},
                rule="MK:8:Combat:3",
            )


def targets(c, atoms, colour: str | None) -> list[str]:
    """Enemies a resolution's enemy effect may be played on now (MK:8:Combat:4): the phase the
    card asks for, its exclusions, and the combat's own immunity rules."""
    foe = next((v for k, v in atoms if k == "enemy_effect"), None)
    if foe is None:
        return []
    if enemy_effects.extended(foe):
        return enemy_effects.enemy_targets(c, foe, colour)
    if foe["phase"] and c.phase != foe["phase"]:
        return []
    out = []
    for e in c.enemies:
        if foe["exclude_resistance"] and foe["exclude_resistance"] in e.resistances:
            continue
        if foe["exclude_arcane"] and "arcane_immunity" in e.abilities:
            continue
        if foe.get("exclude_summoned") and e.summoned_by:
            continue
        if (
            combat_machine.effect_problem(
                c, e.uid, armour=foe["armour"], attack=foe["attack"], prevent=foe["prevent"], colour=colour
            )
            is None
        ):
            out.append(e.uid)
    return out


def fortified(e) -> bool:
    return "fortified" in e.abilities or e.defends_fortified_site


def all_enemies_effect(ctx, table, v: dict, source: str, colour: str | None) -> None:
    """An armour change on every enemy it may affect (Tremor)."""
    for e in affected(table.game.combat, v, colour):
        amount = v["fortified_armour"] if fortified(e) else v["armour"]
        for typ, data in combat_machine.modify_enemy(
            table.game.combat, e.uid, source=source, armour=amount, colour=colour
        ):
            ctx.emit(typ, data, rule=data["rule"])


def affected(c, v: dict, colour: str | None) -> list:
    return [
        e
        for e in c.enemies
        if not (v["exclude_resistance"] and v["exclude_resistance"] in e.resistances)
        and combat_machine.effect_problem(c, e.uid, armour=v["armour"], colour=colour) is None
    ]


def enemy_effect(ctx, table, atoms, target: str, source: str, colour: str | None) -> None:
    if table.game.pvp:  # on the opponent's unit (pvp_targets.py, MK:13:PvPSpecial)
        return unit_effect(ctx, table, atoms, target, source)
    foe = next(v for k, v in atoms if k == "enemy_effect")
    if enemy_effects.extended(foe):
        return enemy_effects.apply_enemy(ctx, table, foe, target, source, colour)
    e = next(x for x in table.game.combat.enemies if x.uid == target)
    if "fortified_armour" in foe and fortified(e):
        foe = dict(foe, armour=foe["fortified_armour"])
    for typ, data in combat_machine.modify_enemy(
        table.game.combat,
        target,
        source=source,
        armour=foe["armour"],
        attack=foe["attack"],
        prevent=foe["prevent"],
        colour=colour,
    ):
        ctx.emit(typ, data, rule=data["rule"])


def points_fit(c, atoms) -> bool:
    """Whether a resolution gives the combat something it can use now: attack points only when
    an enemy of this phase can be their target (MK:9:Ranged:2-3a)."""
    for kind, v in atoms:
        k = POINT_KIND.get(v["type"], "melee") if kind == "attack" else ""
        if (
            kind == "attack"
            and combat_machine.points_problem(c, k, v["element"], v["value"]) is None
            and combat_machine.target_problem(c, k) is None
        ):
            return True
        if kind == "block" and combat_machine.points_problem(c, "block", v["element"], v["value"]) is None:
            return True
        if (
            kind == "move"
            and combat_machine.points_problem(c, "move", "physical", v) is None
            and any("cumbersome" in e.abilities for e in c.enemies)
        ):
            return True
    return False


def command(ctx, table, seat: int, cmd: dict) -> None:
    """A combat decision: the module's events, then summon draws, then the outcome."""
    for typ, data in combat_machine.decide(table.game.combat, cmd):
        ctx.emit(typ, data, rule=data["rule"])
        consequences(ctx, table, seat, typ, data)
    settle(ctx, table, seat)
    if table.game.icombat:  # Interactive Combat: the die revealed phase by phase
        reveal(ctx, table)


def consequences(ctx, table, seat: int, typ: str, data: dict) -> None:
    """Wounds and discards happen as the damage is assigned, so a knocked-out or paralyzed
    hero has no cards left for the attack phase (MK:9:Damage:5, MK:9:Damage:5c, MK:10:Damage:6a-b)."""

    enemy_effects.on_combat_event(ctx, table, seat, typ, data)
    if typ == "mk.combat.damage" and data.get("to") == "hero":
        if data.get("wounds_to_hand"):
            take_wounds(ctx, table, seat, data["wounds_to_hand"], "MK:9:Damage:5")
        if data.get("wounds_to_discard"):
            take_wounds(ctx, table, seat, data["wounds_to_discard"], "MK:10:Damage:6a")
            wounds = [x for x in table.zone(state.hand(seat)) if card_name(x) == "wound"][
                : data["wounds_to_discard"]
            ]
            zones.move(ctx, state.hand(seat), state.discard(seat), wounds, rule="MK:10:Damage:6a")
        if data.get("paralyze"):
            _discard_hand(ctx, table, seat, "MK:10:Damage:6b")
    elif typ == "mk.combat.damage":
        if data.get("destroyed"):
            zones.move(ctx, state.units_zone(seat), state.OUT, [data["to"]], rule="MK:10:Damage:6b")
            ctx.emit("mk.unit_destroyed", {"seat": seat, "uid": data["to"]}, rule="MK:10:Damage:6b")
        # a wound, unless the Banner of Fortitude absorbs it (MK:5:Units:8)
        elif data.get("wounds") and not absorbs_wound(ctx, table, seat, data["to"]):
            ctx.emit("mk.unit", {"seat": seat, "uid": data["to"], "wounded": True}, rule="MK:9:Damage:4a")
    elif typ == "mk.combat.knocked_out":
        _discard_hand(ctx, table, seat, "MK:9:Damage:5c")
    elif typ == "mk.combat.defeated":
        bonus = table.game.players[seat].defeat_bonus
        if bonus and bonus[3] == table.game.combat.phase:  # Axe Throw, Chivalry (catalog.toml)
            from engine.games.mage_knight.turn.ledger import change_reputation

            fame, rep, each = bonus[:3]
            if not each:
                ctx.emit(
                    "mk.card_offer",
                    {"seat": seat, "field": "defeat_bonus", "value": []},
                    rule="MK:9:Ranged:5",
                )
            if fame:
                gain_fame(ctx, table, seat, fame, "MK:9:Ranged:5")
            if rep:
                change_reputation(ctx, table, seat, rep, "MK:9:Ranged:5")


def _discard_hand(ctx, table, seat: int, rule: str) -> None:
    keep = [x for x in table.zone(state.hand(seat)) if card_name(x) != "wound"]
    zones.move(ctx, state.hand(seat), state.discard(seat), keep, rule=rule)


def settle(ctx, table, seat: int) -> None:
    game = table.game
    c = game.combat
    for req in combat_machine.pending_summons(c):
        _ensure(ctx, table, combat_zone(table))
        tok = draw_token(
            ctx, table, req.get("pile", "brown"), combat_zone(table), rule="MK:10:Abilities:Summon"
        )
        typ, data = combat_machine.summoned(
            content(),
            c,
            req["summoner"],
            req["attack"],
            card_name(tok) if tok else None,
            table.options.get("overrides"),
        )
        ctx.emit(typ, data, rule=data["rule"])
    if c.phase == "over":
        finish(ctx, table, seat)


def finish(ctx, table, seat: int) -> None:
    """Apply the outcome (MK:10:Result:1-3); wounds were applied as they were dealt."""

    game = table.game
    c = game.combat
    out = combat_machine.outcome(c)

    gain_fame(
        ctx,
        table,
        seat,
        double_fame(game, assault_fame(table, game.combat_space, seat, out.fame))
        + fame_bonus(table, list(out.defeated)),
        "MK:10:Result:1",
    )
    ended(ctx, table)
    if out.reputation:
        change_reputation(ctx, table, seat, out.reputation, "MK:10:Result:2a")
    # defeated tokens leave the map for their discard piles; summoned ones too
    for k in list(game.combat_spaces):
        sp = game.board.spaces[k]
        beaten = [tok for tok in sp.enemies if tok in out.defeated]
        if sp.rampaging and beaten:
            defeated_bonus(ctx, table, seat, len(beaten))
        for tok in beaten:
            zones.move(
                ctx,
                state.at(k),
                state.enemy_discard(content().enemies[card_name(tok)].color),
                [tok],
                rule="MK:10:Result:1",
            )
        if beaten:
            ctx.emit(
                "mk.enemies",
                {"space": k, "tokens": [x for x in sp.enemies if x not in beaten]},
                rule="MK:10:Result:1",
            )
    if combat_zone(table) in table.zones and table.zone(combat_zone(table)):
        for tok in list(table.zone(combat_zone(table))):
            zones.move(
                ctx,
                combat_zone(table),
                state.enemy_discard(content().enemies[card_name(tok)].color),
                [tok],
                rule="MK:9:Block:7a",
            )
    space = game.combat_space
    kind = game.combat_kind
    sp = game.board.spaces[space]
    if sp.site == "city" and kind == "assault":
        after_assault(ctx, table, seat, space, list(out.defeated))
    elif kind in ("assault", "adventure", "burn") and not sp.enemies:
        reward(ctx, table, seat, space, kind)
    elif kind == "adventure":
        after_failure(ctx, table, space)
        if sp.site in UNDERGROUND:
            discard_undefeated(ctx, table, space)
    elif kind == "burn":
        discard_undefeated(ctx, table, space)
    elif kind == "assault":
        retreat_after_assault(ctx, table, seat, space)
    ctx.emit("mk.combat_over", {"seat": seat, "outcome": _builtins(out)}, rule="MK:10:Result:1")


def discard_undefeated(ctx, table, space: str) -> None:
    """Enemies left undefeated in a dungeon, a tomb or a monastery whose burning failed go to
    their discard piles; a later visitor draws new ones ("Wenn du Feinde in einem Dungeon,
    Kloster oder einer Grabstätte nicht besiegt hast, lege sie ab", MK:10:Result:3)."""
    left = list(table.game.board.spaces[space].enemies)
    for tok in left:
        zones.move(
            ctx,
            state.at(space),
            state.enemy_discard(content().enemies[card_name(tok)].color),
            [tok],
            rule="MK:10:Result:3",
        )
    if left:
        ctx.emit("mk.enemies", {"space": space, "tokens": []}, rule="MK:10:Result:3")


def reward(ctx, table, seat: int, space: str, kind: str) -> None:
    """A cleared site: conquest shield and the site's reward (site cards, public-list; rewards
    simplified, see CONTENT.md)."""
    game = table.game
    sp = game.board.spaces[space]
    if kind == "burn":
        ctx.emit("mk.burned", {"seat": seat, "space": space}, rule="MK:8:Combat:1c")
        conquer(ctx, table, seat, space)
        _artifact(ctx, table, seat)
        return
    conquer(ctx, table, seat, space)
    liberated(ctx, table, seat, space)
    if sp.site in CRYSTAL_REWARDS:
        random_crystals(ctx, table, seat, CRYSTAL_REWARDS[sp.site], "MK:11:EoT:5a")
    if sp.site in ("spawning_grounds", "tomb", "dungeon"):
        _artifact(ctx, table, seat)
    if sp.site == "tomb" or (sp.site == "mage_tower" and tower_spell(game)):
        rewards.due(ctx, table, seat, "spell", "MK:11:EoT:5c")
    if sp.site == "ancient_ruins":
        ruin = next((x for x in table.zone(state.at(space)) if x in content().ruins), None)
        if ruin:
            ruins_reward(ctx, table, seat, space, ruin)


def random_crystals(ctx, table, seat: int, n: int, rule: str) -> None:
    """n mana dice: a crystal of each basic colour rolled, the seat's choice on gold, 1 fame on
    black (monster den and spawning grounds, site cards, public-list); a colour of which 3
    crystals are held gives nothing (MK:11:EoT:5a)."""

    for face in ctx.roll(mana.MANA_DIE, n, rule=rule):
        if face == "black":
            gain_fame(ctx, table, seat, 1, rule)
        elif face == "gold":  # the seat chooses the colour (rewards.py)
            rewards.due(ctx, table, seat, "crystal", rule)
        else:
            gain_reward_crystal(ctx, table, seat, face, rule)


def ruins_reward(ctx, table, seat: int, space: str, ruin: str) -> None:
    """The rewards printed on a ruins token (public-list), then the token is discarded. Its
    crystals are a reward: none of a colour of which 3 are held (MK:11:EoT:5a)."""

    tok = content().ruins[ruin]
    gain_fame(ctx, table, seat, tok.fame, "MK:11:EoT:5")
    for r in tok.reward:
        if r == "artifact":
            _artifact(ctx, table, seat)
        elif r in ("spell", "advanced_action"):
            rewards.due(ctx, table, seat, r, "MK:11:EoT:5c")
        elif r == "unit":
            p = table.game.players[seat]
            units = [u for u in table.zone(state.UNIT_OFFER) if card_name(u) in content().units]
            if units and len(p.units) < p.command:
                zones.move(ctx, state.UNIT_OFFER, state.units_zone(seat), [units[0]], rule="MK:11:EoT:5d")
                ctx.emit(
                    "mk.recruited",
                    {"seat": seat, "uid": units[0], "unit": card_name(units[0])},
                    rule="MK:11:EoT:5d",
                )
        elif r == "crystals_one_of_each_colour":
            for colour in mana.BASIC:
                gain_reward_crystal(ctx, table, seat, colour, "MK:11:EoT:5")
    zones.move(ctx, state.at(space), state.RUINS_DISCARD, [ruin], rule="MK:11:EoT:5")


def altar(ctx, table, seat: int, space: str, spec: str) -> None:
    """An altar in the ruins: pay its mana for its fame; the ruins are conquered (site card)."""

    ctx.emit("mk.acted", {"seat": seat, "action": "enter"}, rule="MK:8:Combat:1b")
    pay(ctx, table, seat, spec)
    ruin = next(x for x in table.zone(state.at(space)) if x in content().ruins)
    ruins_reward(ctx, table, seat, space, ruin)
    conquer(ctx, table, seat, space)


def _artifact(ctx, table, seat: int) -> None:
    rewards.due(ctx, table, seat, "artifact", "MK:11:EoT:5b")


def conquer(ctx, table, seat: int, space: str) -> None:
    ctx.emit("mk.conquered", {"seat": seat, "space": space}, rule="MK:10:Result:3")
