"""Battles (BTL-1..8, CAS-1..4) and sieges (SGE-1..6) as small steps with recorded outcomes."""

from __future__ import annotations

from typing import Any

from engine import readings
from engine.games.rune_age import abilities
from engine.games.rune_age.cards import die_faces, spec
from engine.games.rune_age.endgame import over, wound_realm
from engine.games.rune_age.places import (
    CITIES,
    ENEMIES,
    EVENT_DISCARD,
    LASTING,
    OBJECTIVE,
    alive,
    army,
    army_strength,
    barracks,
    discard,
    hand,
    is_unit,
    origin,
    play,
    playable,
)
from engine.games.rune_age.scenarios import CATACLYSM, DRAGONLORDS, MONUMENT
from engine.mechanics import damage, zones
from engine.mechanics.dice import Die
from engine.mechanics.per_state import per_state


def lasting_bonus(table) -> int:
    """Stand-in lasting effects: every enemy has +amount strength while they last (EVT-4)."""
    return sum(spec(table.game, c).amount for c in table.zone(LASTING))


def battle_targets(table, seat: int) -> list[str]:
    """BTL-1, A32: own top stronghold, neutral cities, enemies, the scenario-1 objective."""
    game = table.game
    out = table.zone(barracks(seat, "stronghold"))[:1] + list(table.zone(CITIES)) + list(table.zone(ENEMIES))
    if game.scenario == DRAGONLORDS:
        out += list(table.zone(OBJECTIVE))
    return out


def siege_targets(table, seat: int) -> list[str]:
    """SGE-1, SCN-MO-3: other players' cities and (except in The Monument) home realms."""
    game = table.game
    out = []
    realms = game.scenario != MONUMENT
    zones_ = table.zones
    for o in alive(table):
        if o == seat:
            continue
        for c in zones_[play(o)].cards:
            if spec(game, c).kind == "city":
                out.append(c)
        if realms:
            out.append(f"realm:{o}")
    return out


@per_state
def targets(table, seat: int) -> list[str]:
    """ACT-CMB-2 (A10): each target at most once per round per attacking player. Kept per
    state: the listing and the random bot's narrowing of the same decision both ask (the
    list is shared: callers must not change it)."""
    out = battle_targets(table, seat) + siege_targets(table, seat)
    done = attacked_by(table.game.attacked, seat)
    return [x for x in out if x not in done] if done else out


_ATTACKED: list[Any] = [None, 0, {}]  # (the round's list, the entries read, {seat: its targets})


def attacked_by(attacked: list[str], seat: int) -> list[str]:
    """The targets `seat` attacked this round, from the round's "seat>target" list (a new one
    each round, only appended to): the entries are read once, as they come, where each of a
    seat's decisions read the whole list again. The list returned is shared: do not change it."""
    memo = _ATTACKED
    if memo[0] is not attacked:
        memo[:] = [attacked, 0, {}]
    if memo[1] < len(attacked):
        by = memo[2]
        for d in attacked[memo[1] :]:
            who, _, target = d.partition(">")
            got = by.get(who)
            if got is None:
                by[who] = [target]
            else:
                got.append(target)
        memo[1] = len(attacked)
    done: list[str] = memo[2].get(str(seat), [])
    return done


def controller(table, card: str) -> int | None:
    for s in range(table.players):
        if card in table.zone(play(s)):
            return s
    return None


def worn(table, card: str) -> bool:
    """Stand-in card text (EVT-8: some enemies take damage tokens): an enemy with the passive
    `wear_down` keeps damage tokens from every battle it wins; each token lowers its strength."""
    return any(a.timing == "passive" and a.effect == "wear_down" for a in spec(table.game, card).abilities)


def target_strength(table, card: str) -> int:
    c = spec(table.game, card)
    bonus = lasting_bonus(table) if c.kind in ("event", "objective") else 0
    tokens = damage.taken(table, card) if worn(table, card) else 0
    return max(0, c.strength + bonus - tokens)


def declare(ctx, table, seat: int, target: str) -> None:
    """ACT-CMB-1, BTL-1 / SGE-1: name the target; a siege when another player controls it."""
    ctx.emit("ra.attacked", {"seat": seat, "target": target}, rule="ACT-CMB-2")
    if target.startswith("realm:"):
        combat = {
            "kind": "siege",
            "attacker": seat,
            "target": target,
            "defender": int(target.split(":")[1]),
            "turn": seat,
        }
        rule = "SGE-1"
    elif controller(table, target) is not None:
        combat = {
            "kind": "siege",
            "attacker": seat,
            "target": target,
            "defender": controller(table, target),
            "turn": seat,
        }
        rule = "SGE-1"
    else:
        combat = {
            "kind": "battle",
            "attacker": seat,
            "target": target,
            "turn": seat,
            "target_strength": target_strength(table, target),
            "icons": spec(table.game, target).icons,
        }
        rule = "BTL-1"
    ctx.emit("ra.combat", {"combat": combat}, rule=rule)


def defend(ctx, table, seat: int, card: str, strength: int) -> None:
    """BTL-1 'Effekt', §8.4: a player fights a battle against an event attacking his realm."""
    combat = {
        "kind": "defend",
        "attacker": seat,
        "target": card,
        "turn": seat,
        "target_strength": strength,
        "icons": spec(table.game, card).icons,
    }
    ctx.emit("ra.combat", {"combat": combat}, rule="BTL-1")


def play_card(ctx, table, seat: int, card: str) -> None:
    """BTL-2 / SGE-2: one unit or tactic from hand into the army; its on-play ability may follow."""
    c = table.game.combat
    rule = "SGE-2" if c.kind == "siege" else "BTL-2"
    zones.move(ctx, hand(seat), army(seat), [card], rule=rule)
    if c.kind == "siege" and is_unit(table, card):
        ctx.emit("ra.announced", {"seat": seat, "total": army_strength(table, seat)}, rule="SGE-2")
    if abilities.uses(table, seat, card, "on_play"):
        ctx.emit("ra.combat_step", {"set": {"pending": card}}, rule="ABL-2")
    else:
        after_play(ctx, table, seat)


def after_play(ctx, table, seat: int) -> None:
    """SGE-2: play alternates while the other player has not passed."""
    c = table.game.combat
    if c.pending:
        ctx.emit("ra.combat_step", {"set": {"pending": ""}}, rule="ABL-2")
    if c.kind == "siege":
        other = c.defender if seat == c.attacker else c.attacker
        if other not in c.passed:
            ctx.emit("ra.combat_step", {"set": {"turn": other}}, rule="SGE-2")


def on_play(ctx, table, seat: int, card: str, choice: dict | None) -> None:
    if choice is not None:
        abilities.use(ctx, table, seat, card, "on_play", choice)
    after_play(ctx, table, seat)


def pass_(ctx, table, seat: int) -> None:
    """SGE-2: a pass is final for this siege."""
    c = table.game.combat
    other = c.defender if seat == c.attacker else c.attacker
    ctx.emit("ra.combat_step", {"set": {"passed": [*c.passed, seat], "turn": other}}, rule="SGE-2")


def stop(ctx, table) -> None:
    """BTL-2 then BTL-3 / CAS-1: roll the casualty die once per icon on the target card (A16)."""
    c = table.game.combat
    skulls = 0
    if c.icons and casualty_roll(table, c.target):
        faces = die_faces(table.game.die).faces
        rolled = ctx.roll(Die("casualty", tuple(faces)), n=c.icons, rule="CAS-1")
        skulls = sum(rolled)
        ctx.emit("ra.casualties", {"seat": c.attacker, "faces": rolled, "skulls": skulls}, rule="CAS-2")
    ctx.emit("ra.combat_step", {"set": {"step": "casualties", "skulls": skulls}}, rule="BTL-3")


def casualty_roll(table, target: str) -> bool:
    """A16: any target card with icons; reading A16 enemies_only spares cities/strongholds."""
    if readings.chosen(table, "A16") != "enemies_only":
        return True
    return spec(table.game, target).kind not in ("city", "stronghold")


def casualty(ctx, table, card: str) -> None:
    """CAS-2: destroy one participating unit per skull, chosen by the player."""
    c = table.game.combat
    abilities.destroy_in_combat(ctx, table, card, rule="CAS-2")
    ctx.emit("ra.combat_step", {"set": {"skulls": c.skulls - 1}}, rule="CAS-2")


def casualty_candidates(table, seat: int) -> list[str]:
    """CAS-3/4: participating units, except those an ability makes indestructible."""
    return [
        x
        for x in table.zone(army(seat))
        if is_unit(table, x) and not any(a.effect == "indestructible" for a in spec(table.game, x).abilities)
    ]


def to_resolution(ctx, table) -> None:
    c = table.game.combat
    rule = "SGE-3" if c.kind == "siege" else "BTL-4"
    ctx.emit("ra.combat_step", {"set": {"step": "resolution", "resolver": c.attacker}}, rule=rule)


def resolution_uses(table, seat: int) -> list[tuple[str, dict]]:
    return [
        (card, u) for card in table.zone(army(seat)) for u in abilities.uses(table, seat, card, "resolution")
    ]


def end_uses(table, seat: int) -> list[tuple[str, dict]]:
    return [
        (card, u)
        for card in table.zone(army(seat))
        for u in abilities.uses(table, seat, card, "end_of_combat")
    ]


def step(ctx, table) -> bool:
    """One automatic combat transition; False when a player must decide."""
    game = table.game
    c = game.combat
    if c.step == "deploy":
        if c.pending:
            return False
        if c.kind == "siege":
            if len(c.passed) == 2:
                to_resolution(ctx, table)
            elif not playable(table, c.turn):
                pass_(ctx, table, c.turn)
            else:
                return False
        elif not playable(table, c.attacker):
            stop(ctx, table)
        else:
            return False
        return True
    if c.step == "casualties":
        units = casualty_candidates(table, c.attacker)
        if c.skulls and units and len(units) > c.skulls:
            return False
        for x in units[: c.skulls]:
            abilities.destroy_in_combat(ctx, table, x, rule="CAS-4" if len(units) <= c.skulls else "CAS-2")
        to_resolution(ctx, table)
        return True
    uses = {"resolution": resolution_uses, "end_abilities": end_uses}[c.step]
    if c.resolver in alive(table) and uses(table, c.resolver):
        return False
    if c.resolver != -1:
        resolver_done(ctx, table)
    elif c.step == "resolution":
        outcome(ctx, table)
        if not table.over:
            ctx.emit(
                "ra.combat_step", {"set": {"step": "end_abilities", "resolver": c.attacker}}, rule="ABL-4"
            )
    else:
        finish(ctx, table)
    return True


def resolver_done(ctx, table) -> None:
    """SGE-3, ABL-3/4: the attacker applies his abilities first, then the defender; -1 = all done."""
    c = table.game.combat
    nxt = c.defender if c.kind == "siege" and c.resolver == c.attacker else -1
    rule = "ABL-4" if c.step == "end_abilities" else ("SGE-3" if c.kind == "siege" else "BTL-4")
    ctx.emit("ra.combat_step", {"set": {"resolver": nxt}}, rule=rule)


def attacker_total(table) -> int:
    """The attacking army's strength in the current combat: its units plus its combat bonus
    (the number BTL-5 and SGE-3 compare; previews show the same)."""
    c = table.game.combat
    return army_strength(table, c.attacker) + c.bonus[0]


def defender_total(table) -> int:
    """A siege's defending total (SGE-3): the defender's units, his combat bonus and, for a
    city, its defence bonus (previews show the same)."""
    c = table.game.combat
    city = 0 if c.target.startswith("realm:") else spec(table.game, c.target).defence
    return army_strength(table, c.defender) + c.bonus[1] + city


def outcome(ctx, table) -> None:
    """BTL-5/6 (tie to the army) and SGE-3/4 (tie to the defender)."""
    game = table.game
    c = game.combat
    att = attacker_total(table)
    if c.kind == "siege":
        city = not c.target.startswith("realm:")
        dfn = defender_total(table)
        won = att > dfn
        ctx.emit(
            "ra.outcome",
            {
                "attacker": att,
                "defender": dfn,
                "winner": "attacker" if won else "defender",
                "target": c.target,
            },
            rule="SGE-3",
        )
        ctx.emit("ra.combat_step", {"set": {"winner": "attacker" if won else "defender"}}, rule="SGE-3")
        if won and city:
            capture_city(ctx, table, c.target, c.defender, c.attacker)
        elif won:
            wound_realm(ctx, table, c.defender, att - dfn, rule="SGE-4", by=c.attacker)
        return
    need = c.target_strength
    won = att >= need
    ctx.emit(
        "ra.outcome",
        {"attacker": att, "target": need, "winner": "army" if won else "target", "target_card": c.target},
        rule="BTL-5",
    )
    ctx.emit("ra.combat_step", {"set": {"winner": "army" if won else "target"}}, rule="BTL-5")
    if c.kind == "defend":
        if not won:
            wound_realm(ctx, table, c.attacker, need - att, rule="BTL-6", by=None)
        return
    if not won:
        if worn(table, c.target):
            damage.deal(ctx, c.target, att, rule="EVT-8")
        return
    kind = spec(game, c.target).kind
    if kind in ("stronghold", "city"):
        src = barracks(c.attacker, "stronghold") if kind == "stronghold" else CITIES
        zones.move(ctx, src, play(c.attacker), [c.target], rule="BTL-5")
        if readings.chosen(table, "A11") == "exhausted":
            ctx.emit("ra.exhausted", {"card": c.target, "seat": c.attacker}, rule="BTL-5")
    elif kind == "objective":
        over(ctx, table, [c.attacker], "defeated the objective card", "SCN-DL-3" if game.solo else "SCN-DL-2")
    elif spec(game, c.target).reward:
        damage.clear(ctx, c.target, rule="EVT-8")
        zones.move(ctx, ENEMIES, play(c.attacker), [c.target], rule="RWD-1")
    else:
        damage.clear(ctx, c.target, rule="EVT-8")
        zones.move(ctx, ENEMIES, EVENT_DISCARD, [c.target], rule="EVT-7")


def capture_city(ctx, table, city: str, loser: int, winner: int) -> None:
    """SGE-4: the city enters ready; in Weltenbrand exhausted (SCN-WB-1, A12)."""
    game = table.game
    zones.move(ctx, play(loser), play(winner), [city], rule="SGE-4")
    if game.scenario == CATACLYSM:
        if city not in game.exhausted:
            ctx.emit("ra.exhausted", {"card": city, "seat": winner}, rule="SCN-WB-1")
    elif city in game.exhausted:
        ctx.emit("ra.refreshed", {"seat": winner, "cards": [city]}, rule="SGE-4")


def finish(ctx, table) -> None:
    """BTL-7 / SGE-5: wounded units are destroyed, the rest go to their owners' discard piles."""
    c = table.game.combat
    rule = "SGE-5" if c.kind == "siege" else "BTL-7"
    for s in (c.attacker, c.defender):
        if s < 0:
            continue
        for card in [x for x in table.zone(army(s)) if x in c.wounded]:
            zones.move(ctx, army(s), origin(table, card), [card], rule="DES-3")
        zones.move(ctx, army(s), discard(s), list(table.zone(army(s))), rule=rule)
    ctx.emit("ra.combat_ended", {"target": c.target, "winner": c.winner}, rule=rule)
