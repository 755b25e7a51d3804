"""Player against player combat (MK:12-13:PvP*) and its rulebook examples E-01, E-02, E-24."""

import pytest

from engine.games.mage_knight.combat.arithmetic import Part
from engine.games.mage_knight.players import pvp


def test_E01_pvp_ranged_efficient_partial_block_MK_12_PvPRanged_4c():
    r = pvp.ranged_reduction(4, ["fire"], [Part(4, "ice")])
    assert (r.block_total, r.reduction, r.remaining) == (4, 2, 2)


def test_E02_pvp_ranged_inefficient_partial_block_MK_12_PvPRanged_4c():
    for element in ("physical", "fire"):
        r = pvp.ranged_reduction(4, ["fire"], [Part(7, element)])
        assert (r.block_total, r.reduction, r.remaining) == (3, 1, 3)


def test_losing_swift_makes_the_ranged_block_count_in_full_MK_12_PvPRanged_4():
    r = pvp.ranged_reduction(4, ["fire"], [Part(3, "ice")], swift_lost=True)
    assert r.remaining == 1
    assert pvp.ranged_reduction(2, ["fire"], [Part(9, "ice")]).remaining == 0  # never below 0


def test_a_block_efficient_against_one_element_of_a_mixed_attack_counts_in_full_MK_12_PvPRanged_4():
    total, _ = pvp.block_total([Part(4, "ice")], ["fire", "physical"])
    assert total == 4
    total, _ = pvp.block_total([Part(4, "physical")], ["fire", "ice"])
    assert total == 2


def test_E24_pvp_melee_one_sideways_card_makes_the_attack_physical_MK_13_PvPMelee_1c():
    parts = [Part(4, "fire")]
    assert pvp.melee_elements(parts, 1) == ("physical",)
    r = pvp.melee_reduction(parts, 1, [Part(3, "fire")])  # fire block fully efficient now
    assert (r.block_total, r.remaining) == (3, 2)
    cost = pvp.unit_wound_cost(2, ["physical"], pvp.melee_elements(parts, 1))
    assert cost == 4 and pvp.assignment_fault(r.remaining, cost)  # the unit is out of reach
    assert pvp.assignment_fault(r.remaining, 2) is None and pvp.hero_wounds(r.remaining, 2) == 1
    # without the sideways card the fire attack meets a fire block: inefficient, halved
    r2 = pvp.melee_reduction(parts, 0, [Part(3, "fire")])
    assert (r2.block_total, r2.remaining) == (1, 3)


def test_stealing_an_artifact_MK_13_PvPMelee_2():
    assert pvp.steal_fault(5, "discard") is None and pvp.steal_fault(4, "play")
    assert pvp.steal_fault(9, "hand") and pvp.steal_fault(9, "deck")
    assert (
        pvp.steal_fault(9, "unit", unit_wounded=False)
        and pvp.steal_fault(9, "unit", unit_wounded=True) is None
    )


@pytest.mark.parametrize(
    "w_level,l_level,w_fame,l_fame,fame",
    [
        (1, 3, 5, 20, 5),  # two levels below: 1 + 2 x 2
        (2, 2, 10, 12, 1),  # equal level, less fame: 1
        (3, 3, 30, 20, 0),  # more fame, equal level: 0
        (4, 2, 40, 10, 0),  # higher level: 0
        (2, 2, 10, 10, 0),  # equal fame at equal level: 0 (reading)
    ],
)
def test_pvp_result_fame_SUM23_MK_13_PvPResult(w_level, l_level, w_fame, l_fame, fame):
    assert pvp.result_fame(w_level, l_level, w_fame, l_fame) == fame


def test_who_may_start_pvp_MK_12_PvP_1():
    ok = dict(
        space_site="",
        other_hero_there=True,
        round_end_announced=False,
        scenario_end=False,
        target_token_face_up=True,
        pvp_allowed=True,
        allies=False,
        would_provoke=False,
    )
    assert pvp.start_fault(**ok) is None
    for change, words in (
        ({"space_site": "portal"}, "portal"),
        ({"space_site": "city"}, "city"),
        ({"round_end_announced": True}, "announced"),
        ({"target_token_face_up": False}, "face down"),
        ({"pvp_allowed": False}, "no player-against-player"),
        ({"allies": True}, "allies"),
        ({"would_provoke": True}, "provokes"),
    ):
        assert words in pvp.start_fault(**{**ok, **change})
