"""A card's sideways ways counted once for every card (legal.sideways_ways: in a plain situation
every card but a wound has the same sideways resolutions) equal the count from the card's own
resolutions, at every decision of seeded bot games, in and out of combats."""

from __future__ import annotations

import pytest

from bots.random_bot import play_out
from engine.games.mage_knight import legal, state
from engine.games.mage_knight.cards.carry_out import useful
from engine.games.mage_knight.cards.resolving import seat_resolutions
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import MemoryStore

GAMES = (
    ("full_conquest", 2, "f1"),
    ("blitz_conquest", 2, "b1"),
    ("first_reconnaissance", 2, "r1"),
    ("dungeon_lords", 2, "d1"),
)


def _fresh(table, seat: int, name: str) -> int:
    p = table.game.players[seat]
    if name == "wound" and not p.turn_effects.get("wound_sideways"):
        return 0
    return sum(
        1 for atoms in seat_resolutions(table, seat, name, "sideways") if useful(table, atoms, p.acted)
    )


@pytest.mark.parametrize(("scenario", "players", "seed"), GAMES)
def test_facts_sideways_ways_equal_each_cards_own_count(scenario, players, seed):
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", players, seed, {"scenario": scenario}, game_id="g")
    played = eng.play_chosen
    seen = {"combat": 0, "free": 0}

    def checked(game_id, seat, cmd):
        table = eng.table(game_id)
        if table.game.phase == "turn" and seat == table.game.active:
            seen["combat" if table.game.combat is not None else "free"] += 1
            for name in sorted({card_name(c) for c in table.zone(state.hand(seat))}):
                assert legal.sideways_ways(table, seat, name) == _fresh(table, seat, name), (
                    table.version,
                    name,
                )
        return played(game_id, seat, cmd)

    eng.play_chosen = checked  # type: ignore[method-assign]
    with eng.batch():
        play_out(eng, gid, seed)
    assert eng.table(gid).over
    assert seen["free"] > 0 and (seen["combat"] > 0 or scenario == "first_reconnaissance")
