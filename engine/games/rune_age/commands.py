"""Command handlers (one per command kind). The pipeline has already checked the command
against legal_commands, so each handler only carries it out and then advances the game."""

from __future__ import annotations

from engine.games.rune_age import abilities, combat, eventphase
from engine.games.rune_age.cards import spec
from engine.games.rune_age.flow import advance
from engine.games.rune_age.places import OUT, barracks, discard, hand, hand_card, play
from engine.games.rune_age.turn import (
    close_action,
    discard_hand,
    end_turn,
    exhaust,
    generate,
    open_action,
)
from engine.mechanics import zones


def _play_gold(ctx, table, seat, cmd):
    open_action(ctx, table, "purchase")
    card = hand_card(table, seat, cmd["card"])
    zones.move(ctx, hand(seat), discard(seat), [card], rule="ACT-BUY-1")
    ctx.emit(
        "ra.gained", {"seat": seat, "card": card, "amount": spec(table.game, card).gold}, rule="ACT-BUY-1"
    )


def _use_gold(ctx, table, seat, cmd):
    open_action(ctx, table, "purchase")
    generate(ctx, table, seat, cmd["card"], "gold", rule="RWD-2")


def _use_influence(ctx, table, seat, cmd):
    keep = table.game.phase == "keep"
    open_action(ctx, table, "keep" if keep else "influence")
    generate(ctx, table, seat, cmd["card"], "influence", rule="TRN-3" if keep else "ACT-INF-1")


def _buy(ctx, table, seat, cmd):
    """ACT-BUY-2/3/4: a unit to the discard pile; a stronghold (ready) or monument to the play area."""
    pile = barracks(seat, cmd["pile"])
    card = table.zone(pile)[0]
    c = spec(table.game, card)
    rule = {"stronghold": "ACT-BUY-3", "monument": "ACT-BUY-4"}.get(c.kind, "ACT-BUY-2")
    ctx.emit("ra.spent", {"seat": seat, "card": card, "amount": c.cost}, rule=rule)
    zones.move(ctx, pile, discard(seat) if rule == "ACT-BUY-2" else play(seat), [card], rule=rule)
    if c.kind == "monument":
        ctx.emit("ra.monument_built", {"seat": seat, "card": card}, rule="SCN-MO-2")


def _acquire(ctx, table, seat, cmd):
    card = table.zone(cmd["pile"])[0]
    c = spec(table.game, card)
    rule = "ACT-INF-3" if c.kind == "gold" else "ACT-INF-2"
    ctx.emit("ra.spent", {"seat": seat, "card": card, "amount": c.cost}, rule=rule)
    zones.move(ctx, cmd["pile"], discard(seat), [card], rule=rule)


def _end_action(ctx, table, seat, cmd):
    close_action(ctx, table)


def _card_action(ctx, table, seat, cmd):
    """ACT-CARD-1/2: a hand card is discarded after use; a play-area card is exhausted (A9)."""
    close_action(ctx, table)
    in_hand = "#" not in cmd["card"]
    card = hand_card(table, seat, cmd["card"]) if in_hand else cmd["card"]
    choice = {k: v for k, v in cmd.items() if k not in ("kind", "card")}
    if not in_hand:
        exhaust(ctx, table, seat, card, rule="ACT-CARD-2")
    abilities.use(ctx, table, seat, card, "action", choice)
    if in_hand and card in table.zone(hand(seat)):
        zones.move(ctx, hand(seat), discard(seat), [card], rule="ACT-CARD-1")


def _attack(ctx, table, seat, cmd):
    close_action(ctx, table)
    combat.declare(ctx, table, seat, cmd["target"])


def _end_turn(ctx, table, seat, cmd):
    end_turn(ctx, table)


def _keep(ctx, table, seat, cmd):
    card = table.zone(hand(seat))[cmd["slot"]]
    ctx.emit("ra.kept", {"seat": seat, "card": card}, rule="TRN-3", vis=[seat])


def _discard_hand(ctx, table, seat, cmd):
    discard_hand(ctx, table)


def _play(ctx, table, seat, cmd):
    combat.play_card(ctx, table, seat, hand_card(table, seat, cmd["card"]))


def _stop(ctx, table, seat, cmd):
    combat.stop(ctx, table)


def _pass(ctx, table, seat, cmd):
    combat.pass_(ctx, table, seat)


def _ability(ctx, table, seat, cmd):
    choice = {k: v for k, v in cmd.items() if k not in ("kind", "card")}
    combat.on_play(ctx, table, seat, cmd["card"], choice)


def _decline(ctx, table, seat, cmd):
    combat.on_play(ctx, table, seat, cmd["card"], None)


def _casualty(ctx, table, seat, cmd):
    combat.casualty(ctx, table, cmd["card"])


def _resolve(ctx, table, seat, cmd):
    choice = {k: v for k, v in cmd.items() if k not in ("kind", "card")}
    abilities.use(ctx, table, seat, cmd["card"], "resolution", choice)


def _end_ability(ctx, table, seat, cmd):
    choice = {k: v for k, v in cmd.items() if k not in ("kind", "card")}
    abilities.use(ctx, table, seat, cmd["card"], "end_of_combat", choice)


def _done(ctx, table, seat, cmd):
    """Skip the remaining optional abilities of this step (ABL-1: always optional)."""
    combat.resolver_done(ctx, table)


def _tribute(ctx, table, seat, cmd):
    eventphase.tribute(ctx, table, seat, table.zone(hand(seat))[cmd["slot"]])


def _keep_rune(ctx, table, seat, cmd):
    """SCN-RW-3: the chosen rune stays active, the other leaves the game."""
    for card in table.game.rune_choice.cards:
        if card != cmd["card"]:
            if card in table.game.exhausted:
                ctx.emit("ra.refreshed", {"seat": seat, "cards": [card]}, rule="SCN-RW-3")
            zones.move(ctx, play(seat), OUT, [card], rule="SCN-RW-3")
    ctx.emit("ra.rune_chosen", {"seat": seat, "card": cmd["card"]}, rule="SCN-RW-3")


def _take(ctx, table, seat, cmd):
    """SCN-MO-5: any card of the opponent's hand, race cards included."""
    victim = table.game.take.victim
    zones.move(ctx, hand(victim), hand(seat), [table.zone(hand(victim))[cmd["slot"]]], rule="SCN-MO-5")
    ctx.emit("ra.taken", {"seat": seat, "victim": victim}, rule="SCN-MO-5")


HANDLERS = {
    "play_gold": _play_gold,
    "use_gold": _use_gold,
    "use_influence": _use_influence,
    "buy": _buy,
    "acquire": _acquire,
    "end_action": _end_action,
    "card_action": _card_action,
    "attack": _attack,
    "end_turn": _end_turn,
    "keep": _keep,
    "discard_hand": _discard_hand,
    "play": _play,
    "stop": _stop,
    "pass": _pass,
    "ability": _ability,
    "decline": _decline,
    "casualty": _casualty,
    "resolve": _resolve,
    "end_ability": _end_ability,
    "done": _done,
    "tribute": _tribute,
    "keep_rune": _keep_rune,
    "take": _take,
}


def subscriptions() -> list[tuple[str, object]]:
    def wrap(fn):
        def handler(ctx, table, ev):
            fn(ctx, table, ev.actor, ev.data)
            advance(ctx, table)

        handler.__name__ = fn.__name__
        return handler

    return [(f"cmd.{kind}", wrap(fn)) for kind, fn in HANDLERS.items()]
