"""The end of a turn: discard, draw 6, co-op upkeep, the next seat (TRN-V6, TRN-D5, TRN-R2, TRN-E)."""

from __future__ import annotations

from engine.games.thunderstone import coop
from engine.games.thunderstone.board import destroy
from engine.games.thunderstone.content import card, kind_of, text_rule
from engine.games.thunderstone.places import HAND_SIZE, deck, disc, hand, play
from engine.mechanics import zones


def end_turn(ctx, table) -> None:
    """TRN-V6/D5/R2 then TRN-E: discard everything, draw 6, the next seat plays."""
    s, tt = table.game.active, table.game.t
    step = tt.step
    rule = "TRN-R2" if step == "rest" else "TRN-V6" if step == "level" else "TRN-D5"
    laid, held = play(s), hand(s)
    if tt.won:
        armed = [w for ws in tt.equip.values() for w in ws if card(w).has("dungeon", "return_on_win")]
        for c in dict.fromkeys(tt.return_on_win + armed):  # A15: used or equipped
            if c in table.zone(laid):
                zones.move(ctx, laid, deck(s), [c], text_rule(c))
    used = tt.used
    if used:
        for u in dict.fromkeys(used):  # Stab des blauen Feuers: a spell used twice is destroyed
            c = u.split("/")[0]
            if used.count(u) > 1 and kind_of(c) == "spell" and c in table.zone(laid):
                destroy(ctx, table, laid, c, text_rule(c))
    kept = [c for c in tt.keep if c in table.zone(laid)] if tt.keep else []
    if kept:
        zones.move(ctx, laid, f"reveal{s}", kept, rule)
    zones.move(ctx, laid, disc(s), list(table.zone(laid)), rule)
    zones.move(ctx, held, disc(s), list(table.zone(held)), rule)
    zones.draw(ctx, deck(s), disc(s), held, HAND_SIZE + tt.extra_draw, rule, reshuffle_rule="AUTO-DRAW")
    if kept:
        zones.move(ctx, f"reveal{s}", held, kept, rule)
    if table.game.variant:  # co-op and solo: countdown, anger, marching (VAR-C, VAR-S-MARCH)
        coop.end_of_turn(ctx, table, s)
    if not table.over:
        ctx.emit("ts.turn", {"active": (s + 1) % table.players, "turn": table.game.turn + 1}, "TRN-E")
