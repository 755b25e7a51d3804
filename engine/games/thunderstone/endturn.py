"""The end of a turn: discard, draw 6, co-op upkeep, the next seat (TRN-V6, TRN-D5, TRN-R2, TRN-E)."""
from __future__ import annotations

from engine.games.thunderstone import coop
from engine.games.thunderstone.board import destroy
from engine.games.thunderstone.content import card, text_rule
from engine.games.thunderstone.places import HAND_SIZE, deck, disc, hand, play
from engine.mechanics import zones


def end_turn(ctx, t) -> None:
    """TRN-V6/D5/R2 then TRN-E: discard everything, draw 6, the next seat plays."""
    s, tt = t.game.active, t.game.t
    rule = {"rest": "TRN-R2", "level": "TRN-V6"}.get(tt.step, "TRN-D5")
    if tt.won:
        armed = [w for ws in tt.equip.values() for w in ws if card(w).has("dungeon", "return_on_win")]
        for c in dict.fromkeys(tt.return_on_win + armed):  # A15: used or equipped
            if c in t.zone(play(s)):
                zones.move(ctx, play(s), deck(s), [c], text_rule(c))
    used = tt.used
    for u in dict.fromkeys(used):  # Stab des blauen Feuers: a spell used twice is destroyed
        c = u.split("/")[0]
        if used.count(u) > 1 and card(c).kind == "spell" and c in t.zone(play(s)):
            destroy(ctx, t, play(s), c, text_rule(c))
    kept = [c for c in tt.keep if c in t.zone(play(s))]
    if kept:
        zones.move(ctx, play(s), f"reveal{s}", kept, rule)
    zones.move(ctx, play(s), disc(s), list(t.zone(play(s))), rule)
    zones.move(ctx, hand(s), disc(s), list(t.zone(hand(s))), rule)
    zones.draw(ctx, deck(s), disc(s), hand(s), HAND_SIZE + tt.extra_draw, rule, reshuffle_rule="AUTO-DRAW")
    if kept:
        zones.move(ctx, f"reveal{s}", hand(s), kept, rule)
    if t.game.variant:  # co-op and solo: countdown, anger, marching (VAR-C, VAR-S-MARCH)
        coop.end_of_turn(ctx, t, s)
    if not t.over:
        ctx.emit("ts.turn", {"active": (s + 1) % t.players, "turn": t.game.turn + 1}, "TRN-E")
