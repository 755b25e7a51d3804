"""DragonLords set-up facts and the winning test."""

import pytest

from engine.games.dragonlords.content import content
from engine.games.dragonlords.setup.facts import (
    PHASES,
    STARTING_GOLD,
    army_size,
    purchase_cost,
    winner,
)


def test_E01_starting_gold():
    """§2.3.3: 5 large (5) and 5 small (1) nuggets."""
    assert STARTING_GOLD == 5 * 5 + 5 * 1


def test_army_sizes_and_player_count():
    assert [army_size(n) for n in (2, 3, 4)] == [35, 30, 30]
    with pytest.raises(ValueError, match="2-4 players"):
        army_size(5)


def test_seven_phases_in_order():
    assert len(PHASES) == 7 and PHASES[0] == "purchase" and PHASES[-1] == "reinforcements"
    assert PHASES.index("naval_movement") < PHASES.index("combat") < PHASES.index("transfer")


def test_INT01_orc_bulk_price():
    c = content()
    orc = c.units["orc"].cost
    assert [purchase_cost("orc", n, orc) for n in (1, 4, 5, 8)] == [3, 10, 13, 20]
    assert purchase_cost("barbarian", 3, c.units["barbarian"].cost) == 12


def test_winning_by_last_king_or_all_kingdoms():
    assert winner({0: True, 1: False, 2: False}, {}) == 0
    assert winner({0: True, 1: True}, {1: 6}) == 1
    assert winner({0: True, 1: True}, {1: 5}) is None
    assert winner({0: True, 1: True}, {0: 3}, kingdoms_to_win=3) == 0  # short game by agreement
