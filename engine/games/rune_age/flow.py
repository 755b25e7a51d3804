"""Drive the game forward through every step that needs no decision (invariant 5: afterwards
the state names who must act)."""

from __future__ import annotations

from engine.games.rune_age import combat, eventphase
from engine.games.rune_age.turn import discard_hand, keep_is_open, next_turn, refill_all, start_turn

MAX_STEPS = 10_000


def advance(ctx, t) -> None:
    for _ in range(MAX_STEPS):
        if t.over or not _step(ctx, t):
            return
    raise RuntimeError("rune-age: the game made no decision point in 10000 steps")


def _step(ctx, t) -> bool:
    g = t.game
    if g.rune_choice or g.take:
        return False
    if g.combat:
        return combat.step(ctx, t)
    if g.ev:
        return eventphase.step(ctx, t)
    if g.phase == "keep":
        if keep_is_open(t):
            return False
        discard_hand(ctx, t)
        return True
    if g.phase == "refill":
        refill_all(ctx, t, rule="TRN-4")
        nxt = next_turn(t)
        if nxt is None:
            eventphase.begin(ctx, t)
        else:
            start_turn(ctx, t, nxt)
        return True
    if g.phase == "turn" and g.active in g.eliminated:
        ctx.emit("ra.phase", {"phase": "refill"}, rule="RND-3")
        return True
    return False
