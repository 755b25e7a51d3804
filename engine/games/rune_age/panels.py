"""Rune Age's player panels (`Ruleset.panels`): gold and influence ready in the play area,
units and strength of the army, the realm (home realm and cities held), hand and deck sizes;
all public."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import army, deck, discard, hand, is_unit, names, play, ready, realm
from engine.panels import Number, Panel, piles_of, seat_panels, size, words
from engine.ruleset import with_ruleset


@with_ruleset
def panels(rs, table, viewer: int | None) -> list[Panel]:
    game = table.game

    def zone(name: str) -> list[str]:
        return table.zones[name].cards if name in table.zones else []

    def resource(s: int, what: str) -> int:
        pooled = (
            game.pool if s == game.active and game.action == ("purchase" if what == "gold" else what) else 0
        )
        if play(s) not in table.zones:  # a state before the set-up
            return pooled
        return pooled + sum(getattr(spec(game, c), what) for c in ready(table, s, what))

    def numbers(s: int) -> list[Number]:
        units = [c for c in zone(army(s)) if is_unit(table, c)]
        return [
            ("gold", resource(s, "gold")),
            ("influence", resource(s, "influence")),
            ("units", len(units)),
            ("strength", sum(spec(game, c).strength for c in units)),
            ("realm", ", ".join(names(zone(realm(s)))) or "none"),
            ("hand", size(table, hand(s))),
            ("deck", size(table, deck(s))),
        ]

    def piles(s: int):
        return piles_of(rs, table, viewer, [discard(s), play(s)])

    def race(s: int) -> str:
        return words(game.races[s]).title() if s < len(game.races) else ""

    return seat_panels(rs, table, viewer, numbers, piles, name=race)
