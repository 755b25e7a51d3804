"""Drive the game forward through every step that needs no decision (invariant 5: afterwards
the state names who must act)."""

from __future__ import annotations

from engine.games.rune_age import combat, eventphase
from engine.games.rune_age.turn import discard_hand, keep_is_open, next_turn, refill_all, start_turn

MAX_STEPS = 10_000


def advance(ctx, table) -> None:
    for _ in range(MAX_STEPS):
        if table.over or not _step(ctx, table):
            return
    raise RuntimeError("rune-age: the game made no decision point in 10000 steps")


def _step(ctx, table) -> bool:
    game = table.game
    if game.rune_choice or game.take:
        return False
    if game.combat:
        return combat.step(ctx, table)
    if game.ev:
        return eventphase.step(ctx, table)
    if game.phase == "keep":
        if keep_is_open(table):
            return False
        discard_hand(ctx, table)
        return True
    if game.phase == "refill":
        refill_all(ctx, table, rule="TRN-4")
        nxt = next_turn(table)
        if nxt is None:
            eventphase.begin(ctx, table)
        else:
            start_turn(ctx, table, nxt)
        return True
    if game.phase == "turn" and game.active in game.eliminated:
        ctx.emit("ra.phase", {"phase": "refill"}, rule="RND-3")
        return True
    return False
