"""Thunderstone's player panels (`Ruleset.panels`): XP, victory points, deck, hand and
discard sizes, the discard pile's and treasure pile's top cards.

Victory points count every card a seat owns, those in its deck and hand and those hidden
under its dragons too, so only the seat itself sees its points before the end (then the
scores are public)."""

from __future__ import annotations

from engine.games.thunderstone.experience import xp
from engine.games.thunderstone.places import deck, disc, hand, tres
from engine.games.thunderstone.scoring import score
from engine.panels import Number, Panel, piles_of, seat_panels, size, zone_words
from engine.ruleset import with_ruleset


def shows_points(table, s: int, viewer: int | None) -> bool:
    return viewer == s or table.over


@with_ruleset
def panels(rs, table, viewer: int | None) -> list[Panel]:
    def numbers(s: int) -> list[Number]:
        out: list[Number] = [("XP", xp(table, s) if s < len(table.game.xp) else 0)]
        if shows_points(table, s, viewer):
            out.append(("VP", score(table, s)))
        out += [(zone_words(rs, z), size(table, z)) for z in (deck(s), hand(s), disc(s))]
        return out

    def piles(s: int):
        return piles_of(rs, table, viewer, [disc(s), tres(s)])

    return seat_panels(rs, table, viewer, numbers, piles)
