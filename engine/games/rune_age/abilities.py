"""Card abilities (ABL-1..6). Card data names an effect; this module lists each effect's legal
uses as extra command fields (so legal_commands can enumerate them) and carries them out."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import (
    alive,
    army,
    discard,
    hand,
    hand_card,
    is_unit,
    names,
    origin,
    play,
    ready,
)
from engine.games.rune_age.turn import draw, exhaust
from engine.mechanics import zones

TIMING_RULE = {"on_play": "ABL-2", "resolution": "ABL-3", "end_of_combat": "ABL-4", "action": "ABL-5"}


def ability(table, card: str, timing: str):
    for a in spec(table.game, card).abilities:
        if a.timing == timing:
            return a
    return None


def opponent(table, seat: int) -> int | None:
    c = table.game.combat
    if c is None or c.kind != "siege":
        return None
    return c.defender if seat == c.attacker else c.attacker


def nullified(table, seat: int) -> bool:
    """Naga (stand-in text): an opposing Naga in the combat silences resolution abilities."""
    o = opponent(table, seat)
    return o is not None and any(
        a.effect == "nullify_opponent_resolution"
        for c in table.zone(army(o))
        for a in spec(table.game, c).abilities
    )


def _payments(table, seat: int, cost: int) -> list[dict]:
    """A28: an influence cost is paid by exhausting one ready card; any remainder is lost."""
    if cost <= 0:
        return [{}]
    return [{"pay": c} for c in ready(table, seat, "influence") if spec(table.game, c).influence >= cost]


def uses(table, seat: int, card: str, timing: str) -> list[dict]:
    """Every legal way to use `card`'s ability of this timing now ([] = not usable)."""
    game = table.game
    a = ability(table, card, timing)
    if a is None or card in game.used:
        return []
    if timing == "resolution" and nullified(table, seat):
        return []
    e = a.effect
    opp = opponent(table, seat)
    if e == "fetch_same":
        same = [c for c in table.zone(discard(seat)) if zones.card_name(c) == zones.card_name(card)]
        choices = [{"target": same[0]}] if same else []
    elif e in ("wound_opponent_unit", "destroy_opponent_unit"):
        pool = [] if opp is None else [c for c in table.zone(army(opp)) if is_unit(table, c)]
        if e == "wound_opponent_unit":
            pool = [c for c in pool if c not in game.combat.wounded]
        choices = [{"target": c} for c in pool]
    elif e == "wound_own_draw":
        choices = [
            {"target": c}
            for c in table.zone(army(seat))
            if is_unit(table, c) and c not in game.combat.wounded
        ]
    elif e in ("draw", "strength"):
        choices = [{}]
    elif e == "strength_if_wounded":
        choices = [{}] if card in game.combat.wounded else []
    elif e == "discard_for_strength":
        choices = [{"discard": n} for n in names(table.zone(hand(seat)))]
    elif e == "destroy_hand_card":
        choices = [{"target": n} for n in names([c for c in table.zone(hand(seat)) if c != card])]
    elif e == "other_draws":
        choices = [{"seat": s} for s in alive(table) if s != seat]
    elif e == "take_from_hand":
        choices = [{"seat": s} for s in alive(table) if s != seat and table.zone(hand(s))]
    else:
        choices = []
    if a.influence:
        choices = [{**c, **p} for c in choices for p in _payments(table, seat, a.influence)]
    return choices


def use(ctx, table, seat: int, card: str, timing: str, choice: dict) -> None:
    """Carry out one ability use (its legality was checked against uses())."""
    game = table.game
    a = ability(table, card, timing)
    rule = TIMING_RULE[timing]
    ctx.emit(
        "ra.ability_used", {"seat": seat, "card": card, "timing": timing, "effect": a.effect}, rule="ABL-1"
    )
    if "pay" in choice:
        exhaust(ctx, table, seat, choice["pay"], rule="RES-2")
        rest = spec(game, choice["pay"]).influence - a.influence
        if rest:
            ctx.emit("ra.forfeited", {"seat": seat, "action": "ability", "amount": rest}, rule="RES-2")
    # uses() offered a target to every effect that reads one; "" stands for none
    e, target = a.effect, choice.get("target", "")
    if e == "fetch_same":
        zones.move(ctx, discard(seat), army(seat), [target], rule=rule, added=True)
    elif e == "wound_opponent_unit":
        ctx.emit("ra.wounded", {"card": target, "by": card}, rule="DES-3")
    elif e == "destroy_opponent_unit":
        destroy_in_combat(ctx, table, target, rule="DES-1")
    elif e == "wound_own_draw":
        ctx.emit("ra.wounded", {"card": target, "by": card}, rule="DES-3")
        draw(ctx, table, seat, a.amount, rule=rule)
    elif e == "draw":
        draw(ctx, table, seat, a.amount, rule=rule)
    elif e in ("strength", "strength_if_wounded"):
        ctx.emit("ra.strength", {"side": side(table, seat), "amount": a.amount, "card": card}, rule=rule)
    elif e == "discard_for_strength":
        zones.move(ctx, hand(seat), discard(seat), [hand_card(table, seat, choice["discard"])], rule=rule)
        ctx.emit("ra.strength", {"side": side(table, seat), "amount": a.amount, "card": card}, rule=rule)
    elif e == "destroy_hand_card":
        target = hand_card(table, seat, target, besides=card)
        zones.move(ctx, hand(seat), origin(table, target), [target], rule="DES-1")
    elif e == "other_draws":
        draw(ctx, table, choice["seat"], a.amount, rule=rule)
    elif e == "take_from_hand":
        victim = choice["seat"]
        ctx.emit(
            "ra.hand_shown",
            {"seat": seat, "victim": victim, "cards": list(table.zone(hand(victim)))},
            rule="SCN-MO-5",
            vis=[seat, victim],
        )
        ctx.emit("ra.take", {"seat": seat, "victim": victim}, rule="SCN-MO-5")


def side(table, seat: int) -> int:
    c = table.game.combat
    return 1 if c.kind == "siege" and seat == c.defender else 0


def destroy_in_combat(ctx, table, card: str, rule: str) -> None:
    """DES-1: a destroyed unit leaves the combat at once and returns to its place of origin."""
    game = table.game
    src = next(army(s) for s in range(table.players) if card in table.zone(army(s)))
    if card in game.combat.wounded:
        ctx.emit(
            "ra.combat_step", {"set": {"wounded": [c for c in game.combat.wounded if c != card]}}, rule=rule
        )
    zones.move(ctx, src, origin(table, card), [card], rule=rule)


def action_cards(table, seat: int) -> list[str]:
    """ACT-CARD-1/2: hand cards and ready play-area cards with an Aktion ability."""
    game = table.game
    return [c for c in table.zone(hand(seat)) if ability(table, c, "action")] + [
        c for c in table.zone(play(seat)) if ability(table, c, "action") and c not in game.exhausted
    ]
