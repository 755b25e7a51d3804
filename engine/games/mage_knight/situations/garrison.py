"""A situation's combat against a site's own defenders (`garrison = true` in `[game.combat]`):
the city's garrison, or a keep's or mage tower's, turned face up as an assault turns them
(MK:8:Combat:1a, MK:10:City:1), so a city assault in progress can be stated with the very tokens
the city drew, its shields and its defenders already defeated in earlier assaults."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "SIT-0"


def garrison_tokens(ctx, table, space: str, marks: list, fail) -> tuple[list[str], list]:
    """The defenders' token ids on `space` and, for each, its mark or None (`marks` name some of
    them by content id: rampaging, defeated or blocked already; the rest are fresh).
    `fail(key, why)` raises the situation's error."""
    hidden = list(table.zone(state.garrison(space))) if state.garrison(space) in table.zones else []
    if hidden:
        if state.at(space) not in table.zones:
            zones.create(ctx, state.at(space), [], rule=RULE)
        zones.move(ctx, state.garrison(space), state.at(space), hidden, rule=RULE)
        ctx.emit("mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule=RULE)
    tokens = list(table.zone(state.at(space))) if state.at(space) in table.zones else []
    if not tokens:
        fail("garrison", f"{space!r} has no defenders left (MK:8:Combat:1a)")
    out = [None] * len(tokens)
    for m in marks:
        free = [i for i, tok in enumerate(tokens) if out[i] is None and card_name(tok) == m.id]
        if not free:
            fail(
                "enemy.id",
                f"{m.id!r} does not defend {space} (its defenders: "
                f"{', '.join(card_name(x) for x in tokens)}) (MK:8:Combat:1a)",
            )
        out[free[0]] = m
    return tokens, out
