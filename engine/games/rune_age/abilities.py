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


def ability(t, card: str, timing: str):
    for a in spec(t.game, card).abilities:
        if a.timing == timing:
            return a
    return None


def opponent(t, seat: int) -> int | None:
    c = t.game.combat
    if c is None or c.kind != "siege":
        return None
    return c.defender if seat == c.attacker else c.attacker


def nullified(t, seat: int) -> bool:
    """Naga (stand-in text): an opposing Naga in the combat silences resolution abilities."""
    o = opponent(t, seat)
    return o is not None and any(
        a.effect == "nullify_opponent_resolution" for c in t.zone(army(o)) for a in spec(t.game, c).abilities
    )


def _payments(t, seat: int, cost: int) -> list[dict]:
    """A28: an influence cost is paid by exhausting one ready card; any remainder is lost."""
    if cost <= 0:
        return [{}]
    return [{"pay": c} for c in ready(t, seat, "influence") if spec(t.game, c).influence >= cost]


def uses(t, seat: int, card: str, timing: str) -> list[dict]:
    """Every legal way to use `card`'s ability of this timing now ([] = not usable)."""
    g = t.game
    a = ability(t, card, timing)
    if a is None or card in g.used:
        return []
    if timing == "resolution" and nullified(t, seat):
        return []
    e = a.effect
    opp = opponent(t, seat)
    if e == "fetch_same":
        same = [c for c in t.zone(discard(seat)) if zones.card_name(c) == zones.card_name(card)]
        choices = [{"target": same[0]}] if same else []
    elif e in ("wound_opponent_unit", "destroy_opponent_unit"):
        pool = [] if opp is None else [c for c in t.zone(army(opp)) if is_unit(t, c)]
        if e == "wound_opponent_unit":
            pool = [c for c in pool if c not in g.combat.wounded]
        choices = [{"target": c} for c in pool]
    elif e == "wound_own_draw":
        choices = [{"target": c} for c in t.zone(army(seat)) if is_unit(t, c) and c not in g.combat.wounded]
    elif e in ("draw", "strength"):
        choices = [{}]
    elif e == "strength_if_wounded":
        choices = [{}] if card in g.combat.wounded else []
    elif e == "discard_for_strength":
        choices = [{"discard": n} for n in names(t.zone(hand(seat)))]
    elif e == "destroy_hand_card":
        choices = [{"target": n} for n in names([c for c in t.zone(hand(seat)) if c != card])]
    elif e == "other_draws":
        choices = [{"seat": s} for s in alive(t) if s != seat]
    elif e == "take_from_hand":
        choices = [{"seat": s} for s in alive(t) if s != seat and t.zone(hand(s))]
    else:
        choices = []
    if a.influence:
        choices = [{**c, **p} for c in choices for p in _payments(t, seat, a.influence)]
    return choices


def use(ctx, t, seat: int, card: str, timing: str, choice: dict) -> None:
    """Carry out one ability use (its legality was checked against uses())."""
    g = t.game
    a = ability(t, card, timing)
    rule = TIMING_RULE[timing]
    ctx.emit(
        "ra.ability_used", {"seat": seat, "card": card, "timing": timing, "effect": a.effect}, rule="ABL-1"
    )
    if "pay" in choice:
        exhaust(ctx, t, seat, choice["pay"], rule="RES-2")
        rest = spec(g, choice["pay"]).influence - a.influence
        if rest:
            ctx.emit("ra.forfeited", {"seat": seat, "action": "ability", "amount": rest}, rule="RES-2")
    # uses() offered a target to every effect that reads one; "" stands for none
    e, target = a.effect, choice.get("target", "")
    if e == "fetch_same":
        zones.move(ctx, discard(seat), army(seat), [target], rule=rule, added=True)
    elif e == "wound_opponent_unit":
        ctx.emit("ra.wounded", {"card": target, "by": card}, rule="DES-3")
    elif e == "destroy_opponent_unit":
        destroy_in_combat(ctx, t, target, rule="DES-1")
    elif e == "wound_own_draw":
        ctx.emit("ra.wounded", {"card": target, "by": card}, rule="DES-3")
        draw(ctx, t, seat, a.amount, rule=rule)
    elif e == "draw":
        draw(ctx, t, seat, a.amount, rule=rule)
    elif e in ("strength", "strength_if_wounded"):
        ctx.emit("ra.strength", {"side": side(t, seat), "amount": a.amount, "card": card}, rule=rule)
    elif e == "discard_for_strength":
        zones.move(ctx, hand(seat), discard(seat), [hand_card(t, seat, choice["discard"])], rule=rule)
        ctx.emit("ra.strength", {"side": side(t, seat), "amount": a.amount, "card": card}, rule=rule)
    elif e == "destroy_hand_card":
        target = hand_card(t, seat, target, besides=card)
        zones.move(ctx, hand(seat), origin(t, target), [target], rule="DES-1")
    elif e == "other_draws":
        draw(ctx, t, choice["seat"], a.amount, rule=rule)
    elif e == "take_from_hand":
        victim = choice["seat"]
        ctx.emit(
            "ra.hand_shown",
            {"seat": seat, "victim": victim, "cards": list(t.zone(hand(victim)))},
            rule="SCN-MO-5",
            vis=[seat, victim],
        )
        ctx.emit("ra.take", {"seat": seat, "victim": victim}, rule="SCN-MO-5")


def side(t, seat: int) -> int:
    c = t.game.combat
    return 1 if c.kind == "siege" and seat == c.defender else 0


def destroy_in_combat(ctx, t, card: str, rule: str) -> None:
    """DES-1: a destroyed unit leaves the combat at once and returns to its place of origin."""
    g = t.game
    src = next(army(s) for s in range(t.players) if card in t.zone(army(s)))
    if card in g.combat.wounded:
        ctx.emit(
            "ra.combat_step", {"set": {"wounded": [c for c in g.combat.wounded if c != card]}}, rule=rule
        )
    zones.move(ctx, src, origin(t, card), [card], rule=rule)


def action_cards(t, seat: int) -> list[str]:
    """ACT-CARD-1/2: hand cards and ready play-area cards with an Aktion ability."""
    g = t.game
    return [c for c in t.zone(hand(seat)) if ability(t, c, "action")] + [
        c for c in t.zone(play(seat)) if ability(t, c, "action") and c not in g.exhausted
    ]
