"""DragonLords' player panels (`Ruleset.panels`): per seat, each of its armies' gold (in the
kingdoms it holds, and the treasury not yet placed), units, kingdoms held and ships, and the
scroll hand's size; all public (a chip's role never shows here)."""

from __future__ import annotations

from engine.games.dragonlords.board import gold_of, kingdoms_held
from engine.games.dragonlords.map.world import run_on
from engine.panels import Number, Panel, seat_panels, size, words
from engine.ruleset import with_ruleset


@with_ruleset
def panels(rs, table, viewer: int | None) -> list[Panel]:
    return run_on(table.game, _panels, rs, table, viewer)


def _panels(rs, table, viewer: int | None) -> list[Panel]:
    game = table.game
    owned = {s: [i for i, a in enumerate(game.armies) if a.seat == s] for s in range(table.players)}

    def units(i: int) -> int:
        plain = sum(here.get(str(i), 0) for here in game.troops.values())
        return plain + sum(1 for h in game.heroes.values() if h.army == i)

    def numbers(s: int) -> list[Number]:
        out: list[Number] = []
        for i in owned[s]:
            race = words(game.armies[i].race)
            out += [
                (f"{race} gold", gold_of(game, i) + game.treasury.get(str(i), 0)),
                (f"{race} units", units(i)),
                (f"{race} kingdoms", len(kingdoms_held(game, i))),
                (f"{race} ships", sum(1 for x in game.ships.values() if x.army == i)),
            ]
        scrolls = sum(size(table, f"scrolls:{i}") for i in owned[s])
        return [*out, ("scrolls", scrolls)]

    def races(s: int) -> str:
        return ", ".join(words(game.armies[i].race).title() for i in owned[s])

    return seat_panels(rs, table, viewer, numbers, lambda s: [], name=races)
