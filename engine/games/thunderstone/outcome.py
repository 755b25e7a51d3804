"""The end of the game: who wins, by variant (SCORE-3, VAR-C, VAR-S, VAR-S-R4; END-1..4 call it).

Competitive games compare the seats' VP (scoring.py); the co-op team compares its XP with the
village score pile; the solo seat compares its VP with the village pile. The board (board.py)
ends the game here when a Thunderstone reaches position 1.
"""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone.content import card, value
from engine.games.thunderstone.places import owned_zones
from engine.games.thunderstone.scoring import owned, score
from engine.games.thunderstone.solo import TOP_HEROES, top_heroes


def finish(ctx, table, reason: str) -> None:
    """Score every seat and end the game: the solo and co-op results below, or (competitive)
    most VP wins, ties go to the Thunderstone owner (SCORE-3)."""
    if table.game.variant == "solo":
        scores, winners, outcome, rule = solo_result(table)
        ctx.emit("game.over", {"winners": winners, "scores": scores, "reason": f"{reason}: {outcome}"}, rule)
        return
    if table.game.variant:
        scores, winners, outcome = team_result(table)
        ctx.emit(
            "game.over", {"winners": winners, "scores": scores, "reason": f"{reason}: {outcome}"}, "VAR-C"
        )
        return
    scores = {str(s): score(table, s) for s in range(table.players)}
    best = max(scores.values())
    tied = [s for s in range(table.players) if scores[str(s)] == best]
    holders = [s for s in tied if any(card(c).kind == "thunderstone" for c in owned(table, s))]
    winners = holders if len(tied) > 1 and holders else tied
    ctx.emit(
        "game.over",
        {"winners": winners, "scores": scores, "reason": reason},
        "SCORE-3" if len(tied) > 1 else "SCORE-1",
    )


def solo_result(table) -> tuple[dict[str, Any], list[int], str, str]:
    """Scores, winners, outcome and rule: VP of the seat (SCORE-1/2) against the VP of the
    monsters on the village score pile (VAR-S); "Die Rueckkehr" also counts top heroes (VAR-S-R4)."""
    mine = score(table, 0)
    village = sum(value(table, c).vp for c in table.zone("score:village"))
    scores: dict[str, Any] = {"0": mine, "village": village}
    won = mine > village
    why = "more VP than the village score pile" if won else "no more VP than the village score pile"
    rule = "VAR-S"
    if table.game.returning:
        n = top_heroes(table)
        scores["top_heroes"] = n
        rule = "VAR-S-R4"
        if won and n < TOP_HEROES:
            won, why = False, f"only {n} heroes of their highest level (needs {TOP_HEROES})"
        elif won:
            why += f" and {n} heroes of their highest level"
    return (
        scores,
        [0] if won else [],
        (f"the player wins: {why}" if won else f"the village falls: {why}"),
        rule,
    )


def team_result(table) -> tuple[dict[str, Any], list[int], str]:
    """Players' XP (defeated monsters they own, the shared pile, the pool) against the village pile."""
    defeated = sum(
        value(table, c).xp
        for s in range(table.players)
        for z in owned_zones(s)
        for c in table.zone(z)
        if card(c).is_monster
    )
    players = defeated + sum(value(table, c).xp for c in table.zone("score:players")) + table.game.pool
    village = sum(value(table, c).xp for c in table.zone("score:village"))
    scores = {**{str(s): players for s in range(table.players)}, "village": village}
    won = players > village
    return (
        scores,
        list(range(table.players)) if won else [],
        ("the players beat the monsters" if won else "the monsters destroyed the village"),
    )
