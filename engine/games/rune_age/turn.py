"""A player's turn outside combat: refresh, open actions and their forfeits, TRN-3 and TRN-4."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import alive, deck, discard, hand, next_alive, play, ready
from engine.mechanics import zones

HAND_SIZE = 5


def start_round(ctx, table, number: int) -> None:
    ctx.emit("ra.round", {"round": number, "first": table.game.first}, rule="RND-1")
    start_turn(ctx, table, table.game.first)


def start_turn(ctx, table, seat: int) -> None:
    """RND-1 then TRN-1: refresh every exhausted card of the play area (A26)."""
    ctx.emit("ra.turn", {"seat": seat, "round": table.game.round}, rule="RND-1")
    tired = [c for c in table.zone(play(seat)) if c in table.game.exhausted]
    if tired:
        ctx.emit("ra.refreshed", {"seat": seat, "cards": tired}, rule="TRN-1")


def exhaust(ctx, table, seat: int, card: str, rule: str) -> None:
    ctx.emit("ra.exhausted", {"card": card, "seat": seat}, rule=rule)


def close_action(ctx, table) -> None:
    """ACT-BUY-5/6, ACT-INF-4, TRN-3 (A28): another action or the turn's end closes the open
    one; what it generated and did not spend is lost."""
    game = table.game
    if game.action:
        rule = {"purchase": "ACT-BUY-5", "influence": "ACT-INF-4", "keep": "TRN-3"}[game.action]
        if game.pool:
            ctx.emit(
                "ra.forfeited", {"seat": game.active, "action": game.action, "amount": game.pool}, rule=rule
            )
        ctx.emit("ra.action_ended", {"seat": game.active, "action": game.action}, rule=rule)


def open_action(ctx, table, kind: str) -> None:
    game = table.game
    if game.action != kind:
        close_action(ctx, table)
        rule = {"purchase": "ACT-BUY-1", "influence": "ACT-INF-1", "keep": "TRN-3"}[kind]
        ctx.emit("ra.action", {"seat": game.active, "action": kind}, rule=rule)


def generate(ctx, table, seat: int, card: str, resource: str, rule: str) -> None:
    """Exhaust a ready play-area card for its gold or influence (RWD-2, ACT-INF-1, TRN-3)."""
    exhaust(ctx, table, seat, card, rule)
    ctx.emit(
        "ra.gained",
        {"seat": seat, "card": card, "amount": getattr(spec(table.game, card), resource)},
        rule=rule,
    )


def end_turn(ctx, table) -> None:
    close_action(ctx, table)
    ctx.emit("ra.phase", {"phase": "keep"}, rule="TRN-3")


def keep_is_open(table) -> bool:
    """TRN-3 needs a decision only with hand cards and influence to pay with."""
    game = table.game
    s = game.active
    if not [c for c in table.zone(hand(s)) if c not in game.kept]:
        return False
    return game.pool >= 1 or bool(ready(table, s, "influence"))


def discard_hand(ctx, table) -> None:
    """TRN-3: the unkept hand goes to the discard pile; unspent influence is lost (A28)."""
    game = table.game
    s = game.active
    rest = [c for c in table.zone(hand(s)) if c not in game.kept]
    zones.move(ctx, hand(s), discard(s), rest, rule="TRN-3")
    close_action(ctx, table)
    ctx.emit("ra.phase", {"phase": "refill"}, rule="TRN-4")


def refill_all(ctx, table, rule: str) -> None:
    """TRN-4, EVT-5: every player draws up to five (ZON-5: no limit, nothing discarded)."""
    for s in alive(table):
        short = HAND_SIZE - len(table.zone(hand(s)))
        if short > 0:
            zones.draw(ctx, deck(s), discard(s), hand(s), short, rule=rule, reshuffle_rule="ZON-2")


def draw(ctx, table, seat: int, n: int, rule: str) -> None:
    zones.draw(ctx, deck(seat), discard(seat), hand(seat), n, rule=rule, reshuffle_rule="ZON-2")


def next_turn(table) -> int | None:
    """RND-1, RND-3: the next surviving player clockwise, or None when the round's turns are over."""
    game = table.game
    nxt = next_alive(table, game.active)
    return None if nxt == game.first else nxt
