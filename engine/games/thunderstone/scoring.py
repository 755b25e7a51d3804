"""Final scoring (SCORE-1..3) and the end of the game (END-1..4)."""
from __future__ import annotations

from engine.games.thunderstone.content import card
from engine.games.thunderstone.places import hidden_cards, owned_zones


def owned(t, s: int) -> list[str]:
    """SCORE-1: every card the seat owns, those hidden under his Emerald Dragons too."""
    return [c for z in owned_zones(s) for c in t.zone(z)] + hidden_cards(t, s)


def monsters_owned(t, s: int) -> int:
    return sum(1 for c in owned(t, s) if card(c).is_monster)


def stone_vp(t, s: int, stone: str) -> int:
    """SCORE-2: card-specific scores of the Thunderstones (reading A29)."""
    k = card(stone)
    contempt, terror = k.has("score", "contempt"), k.has("score", "terror")
    if contempt:
        mine = monsters_owned(t, s)
        others = [monsters_owned(t, o) for o in range(t.players) if o != s]
        return contempt.n if others and all(n > mine for n in others) else k.vp
    if terror:
        stones = sum(1 for c in owned(t, s) if card(c).kind == "thunderstone" and c != stone)
        return k.vp + terror.n * stones
    return k.vp


def score(t, s: int) -> int:
    total = 0
    for c in owned(t, s):
        total += stone_vp(t, s, c) if card(c).kind == "thunderstone" else card(c).vp
    return total


def finish(ctx, t, reason: str) -> None:
    """Score every seat and end the game; most VP wins, ties go to the Thunderstone owner (SCORE-3)."""
    if t.game.variant == "solo":
        from engine.games.thunderstone.solo import result
        scores, winners, outcome, rule = result(t)
        ctx.emit("game.over", {"winners": winners, "scores": scores, "reason": f"{reason}: {outcome}"}, rule)
        return
    if t.game.variant:
        from engine.games.thunderstone.coop import team_result
        scores, winners, outcome = team_result(t)
        ctx.emit("game.over", {"winners": winners, "scores": scores, "reason": f"{reason}: {outcome}"},
                 "VAR-C")
        return
    scores = {str(s): score(t, s) for s in range(t.players)}
    best = max(scores.values())
    tied = [s for s in range(t.players) if scores[str(s)] == best]
    holders = [s for s in tied if any(card(c).kind == "thunderstone" for c in owned(t, s))]
    winners = holders if len(tied) > 1 and holders else tied
    ctx.emit("game.over", {"winners": winners, "scores": scores, "reason": reason},
             "SCORE-3" if len(tied) > 1 else "SCORE-1")
