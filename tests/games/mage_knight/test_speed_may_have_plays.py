"""`legal.may_have_plays`, the cheap test that spares listing a card's paid plays (the first
question's test for any play, "Which card?"): it says no only where `card_plays` lists
nothing, at every state of seeded games, in and out of combat."""

from __future__ import annotations

import pytest

from bots.random_bot import bot_rng, step
from engine.games.mage_knight import legal, state
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import MemoryStore


def _checked(scenario: str, seed: str) -> tuple[int, int, int]:
    """Play a seeded game; at each state of the active seat's turn, compare the test with the
    listing for every card in hand: (no without plays, no with plays, states seen)."""
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 2, seed, {"scenario": scenario}, game_id="g")
    rng = bot_rng(seed)
    right = wrong = states = 0
    while True:
        table = eng.table("g")
        game = table.game
        if not table.over and game.phase == "turn" and not game.asks:
            seat = game.active
            states += 1
            for name in sorted({card_name(c) for c in table.zone(state.hand(seat))}):
                if not legal.may_have_plays(table, seat, name):
                    if legal.card_plays(table, seat, name):
                        wrong += 1
                    else:
                        right += 1
        if not step(eng, "g", rng):
            return right, wrong, states


@pytest.mark.parametrize(("scenario", "seed"), [("full_conquest", "mhp-1"), ("blitz_conquest", "mhp-2")])
def test_no_play_is_hidden(scenario, seed):
    right, wrong, states = _checked(scenario, seed)
    assert states > 100
    assert wrong == 0
    assert right > 0  # it spares some listings (cards with no play in a combat's phase)
