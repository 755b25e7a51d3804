"""Figurine treasures that act on a defeat by themselves: the Emerald Dragon's hidden card.

A hidden card lies face down in a zone of its own under its dragon (`under:<dragon>`), seen only
by the dragon's owner; other seats see how many cards lie there, never which. The card stays
owned (it counts at game end) until a defeat of a monster worth 6 VP or more hands it on.
"""

from __future__ import annotations

from engine.games.thunderstone.board import destroy
from engine.games.thunderstone.content import card, value
from engine.games.thunderstone.places import disc, play, tres, under
from engine.mechanics import zones

RULE = "AUTO-TREASURE"
HAND_ON_VP = 6  # the public card list: "a Monster worth 6+ VP"


def hides(c: str) -> bool:
    return card(c).has("treasure", "hide_card") is not None


def empty_dragons(table, s: int) -> list[str]:
    return [
        d for d in table.zone(tres(s)) if hides(d) and not (under(d) in table.zones and table.zone(under(d)))
    ]


def hide_options(table, s: int) -> list[str]:
    """What can go under a dragon: a card of the hand revealed in the dungeon (laid out) that no
    battle effect destroys, no hero carries and no spoils keep (reading: the laid-out cards are
    the hand shown in the battle)."""
    tt = table.game.t
    carried = {w for ws in tt.equip.values() for w in ws}
    return [
        c
        for c in table.zone(play(s))
        if c not in tt.doomed
        and c not in carried
        and not tt.equip.get(c)
        and c not in tt.keep
        and c not in tt.banned
    ]


def on_defeat(ctx, table, s: int, monster: str) -> None:
    """A defeat: a monster worth 6+ VP takes every hidden card (from the active player's seat on)
    to the defeater's discard pile, its dragon destroyed; then each of the defeater's dragons
    without a card offers to hide one (a choice with 'keep' to decline)."""
    if (value(table, monster).vp or 0) >= HAND_ON_VP:
        for o in [(s + i) % table.players for i in range(table.players)]:
            for d in [d for d in table.zone(tres(o)) if hides(d)]:
                if under(d) in table.zones and table.zone(under(d)):
                    hidden = list(table.zone(under(d)))
                    destroy(ctx, table, tres(o), d, RULE)
                    zones.move(ctx, under(d), disc(s), hidden, RULE, seat=s)
    entries = [{"what": "hide", "rule": RULE, "source": d} for d in empty_dragons(table, s)]
    if entries:
        ctx.emit("ts.pending", {"entries": entries}, RULE)


def hide(ctx, table, s: int, dragon: str, c: str) -> None:
    if under(dragon) not in table.zones:
        zones.create(ctx, under(dragon), [], RULE, owner=s, vis=zones.OWNER)
    zones.move(ctx, play(s), under(dragon), [c], RULE)
