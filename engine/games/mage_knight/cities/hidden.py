"""Facts about face-down tokens kept outside zones, for a search bot's determinization.

A city's garrison lies face down in its zone (`garrison:<space>`) until its combat begins, and
the city also lists its defenders' token ids (`City.garrison`, read when they are defeated).
A bot that re-deals what it cannot see (bots.search.determinize) swaps the zone's tokens for
others of the same colour; this hook renames them in the city's list too, so the clone stays a
game the rules can play on and the list tells the bot nothing the zone does not."""

from __future__ import annotations


def redealt(table, renamed: dict[str, str]) -> None:
    """Rename every hidden card the determinization exchanged (old id -> new id)."""
    for city in table.game.cities:
        if any(t in renamed for t in city.garrison):
            city.garrison = [renamed.get(t, t) for t in city.garrison]
