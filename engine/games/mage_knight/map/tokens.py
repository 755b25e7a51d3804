"""Drawing enemy tokens and gaining fame: the two small steps every site, scenario rule and
variant takes, kept below them all so none has to import the map or the turn."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.readings.scoring import blitz_bonus
from engine.games.mage_knight.scenarios.book import blitz_row_bonus
from engine.mechanics import zones

BLITZ = {"blitz_conquest": "MK:19:Scen:BlitzConquest", "blitz_cooperative": "MK:20:Scen:BlitzCoop"}


def draw_token(ctx, table, pile: str, dst: str, rule: str) -> str | None:
    """Top token of an enemy pile; an empty pile is refilled from its shuffled discard pile
    (MK:3:Setup:3)."""
    src = state.enemy_pile(pile)
    if not table.zone(src) and table.zone(state.enemy_discard(pile)):
        zones.move(
            ctx,
            state.enemy_discard(pile),
            src,
            list(table.zone(state.enemy_discard(pile))),
            rule="MK:3:Setup:3",
        )
        ctx.shuffle(src, rule="MK:3:Setup:3")
    got = zones.move_top(ctx, src, dst, 1, rule=rule)
    return got[0] if got else None


def gain_fame(ctx, table, seat: int, n: int, rule: str) -> None:
    """Fame; in the Blitz scenarios +1 more per fame row crossed, never chaining
    (MK:19:Scen:BlitzConquest, MK:20:Scen:BlitzCoop, reading A17)."""
    if n:
        old = table.game.players[seat].fame
        ctx.emit("mk.fame", {"seat": seat, "delta": n, "total": old + n}, rule=rule)
        if table.game.scenario in BLITZ:
            extra = blitz_bonus(table, old, old + n, blitz_row_bonus)  # reading A17
            if extra:
                ctx.emit(
                    "mk.fame",
                    {"seat": seat, "delta": extra, "total": old + n + extra},
                    rule=BLITZ[table.game.scenario],
                )
