"""A player's turn outside combat: refresh, open actions and their forfeits, TRN-3 and TRN-4."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import alive, deck, discard, hand, next_alive, play, ready
from engine.mechanics import zones

HAND_SIZE = 5


def start_round(ctx, t, number: int) -> None:
    ctx.emit("ra.round", {"round": number, "first": t.game.first}, rule="RND-1")
    start_turn(ctx, t, t.game.first)


def start_turn(ctx, t, seat: int) -> None:
    """RND-1 then TRN-1: refresh every exhausted card of the play area (A26)."""
    ctx.emit("ra.turn", {"seat": seat, "round": t.game.round}, rule="RND-1")
    tired = [c for c in t.zone(play(seat)) if c in t.game.exhausted]
    if tired:
        ctx.emit("ra.refreshed", {"seat": seat, "cards": tired}, rule="TRN-1")


def exhaust(ctx, t, seat: int, card: str, rule: str) -> None:
    ctx.emit("ra.exhausted", {"card": card, "seat": seat}, rule=rule)


def close_action(ctx, t) -> None:
    """ACT-BUY-5/6, ACT-INF-4, TRN-3 (A28): another action or the turn's end closes the open
    one; what it generated and did not spend is lost."""
    g = t.game
    if g.action:
        rule = {"purchase": "ACT-BUY-5", "influence": "ACT-INF-4", "keep": "TRN-3"}[g.action]
        if g.pool:
            ctx.emit("ra.forfeited", {"seat": g.active, "action": g.action, "amount": g.pool}, rule=rule)
        ctx.emit("ra.action_ended", {"seat": g.active, "action": g.action}, rule=rule)


def open_action(ctx, t, kind: str) -> None:
    g = t.game
    if g.action != kind:
        close_action(ctx, t)
        rule = {"purchase": "ACT-BUY-1", "influence": "ACT-INF-1", "keep": "TRN-3"}[kind]
        ctx.emit("ra.action", {"seat": g.active, "action": kind}, rule=rule)


def generate(ctx, t, seat: int, card: str, resource: str, rule: str) -> None:
    """Exhaust a ready play-area card for its gold or influence (RWD-2, ACT-INF-1, TRN-3)."""
    exhaust(ctx, t, seat, card, rule)
    ctx.emit(
        "ra.gained", {"seat": seat, "card": card, "amount": getattr(spec(t.game, card), resource)}, rule=rule
    )


def end_turn(ctx, t) -> None:
    close_action(ctx, t)
    ctx.emit("ra.phase", {"phase": "keep"}, rule="TRN-3")


def keep_is_open(t) -> bool:
    """TRN-3 needs a decision only with hand cards and influence to pay with."""
    g = t.game
    s = g.active
    if not [c for c in t.zone(hand(s)) if c not in g.kept]:
        return False
    return g.pool >= 1 or bool(ready(t, s, "influence"))


def discard_hand(ctx, t) -> None:
    """TRN-3: the unkept hand goes to the discard pile; unspent influence is lost (A28)."""
    g = t.game
    s = g.active
    rest = [c for c in t.zone(hand(s)) if c not in g.kept]
    zones.move(ctx, hand(s), discard(s), rest, rule="TRN-3")
    close_action(ctx, t)
    ctx.emit("ra.phase", {"phase": "refill"}, rule="TRN-4")


def refill_all(ctx, t, rule: str) -> None:
    """TRN-4, EVT-5: every player draws up to five (ZON-5: no limit, nothing discarded)."""
    for s in alive(t):
        short = HAND_SIZE - len(t.zone(hand(s)))
        if short > 0:
            zones.draw(ctx, deck(s), discard(s), hand(s), short, rule=rule, reshuffle_rule="ZON-2")


def draw(ctx, t, seat: int, n: int, rule: str) -> None:
    zones.draw(ctx, deck(seat), discard(seat), hand(seat), n, rule=rule, reshuffle_rule="ZON-2")


def next_turn(t) -> int | None:
    """RND-1, RND-3: the next surviving player clockwise, or None when the round's turns are over."""
    g = t.game
    nxt = next_alive(t, g.active)
    return None if nxt == g.first else nxt
