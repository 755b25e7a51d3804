"""Cities (MK:10:City, MK:18:Scen:CityLevels, MK:8:Interact:4e): garrisons, bonuses, conquest,
leader, Megalopolis, city scoring."""

from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.content.schema import Attack


class PickFirst:
    """A ctx whose picks take the first candidates (the chance outcome is the caller's)."""

    def __init__(self):
        self.picks = []

    def pick(self, stream, population, k, rule=None):
        self.picks.append((stream, list(population), rule))
        return list(population)[:k]


def drawer():
    n = {}

    def draw(pile):
        n[pile] = n.get(pile, 0) + 1
        return f"{pile}#{n[pile]}"

    return draw


def test_defenders_drawn_by_colour_and_level_MK_10_City_1():
    assert cities_rules.defender_piles("white", 4) == ["gray", "gray", "white"]
    assert cities_rules.defender_piles("red", 1) == ["white"]
    for colour in cities_rules.CITY_COLOURS:
        sizes = [len(cities_rules.defender_piles(colour, lv)) for lv in cities_rules.LEVELS]
        assert sizes == sorted(sizes), colour  # a higher level never has fewer defenders
    with pytest.raises(cities_rules.CityError, match="MK:18:Scen:CityLevels"):
        cities_rules.defender_piles("blue", 12)
    with pytest.raises(cities_rules.CityError, match="MK:10:City:1"):
        cities_rules.defender_piles("black", 3)


def test_E16_megalopolis_level_split_MK_18_Scen_CityLevels():
    assert cities_rules.megalopolis_levels(15) == (8, 7)
    assert sum(cities_rules.megalopolis_levels(15)) == 15
    assert cities_rules.megalopolis_levels(12) == (6, 6)
    for bad in (1, 25):
        with pytest.raises(cities_rules.CityError, match=r"2..24"):
            cities_rules.megalopolis_levels(bad)
    assert cities_rules.megalopolis_piles("blue", "red", 15) == cities_rules.defender_piles(
        "blue", 8
    ) + cities_rules.defender_piles("red", 7)
    # it counts as one city for scoring: one leader's +7 (+5 title), nothing per half
    mega = cities_rules.City(
        colours=["blue", "red"],
        level=15,
        spaces=["0,0", "1,0"],
        shields=[0, 0, 1],
        status="conquered",
        leader=0,
    )
    assert cities_rules.city_fame([mega], [0, 1]) == {0: 7 + 5, 1: 4}
    assert cities_rules.megalopolis_allowed(3) and not cities_rules.megalopolis_allowed(4)


def test_megalopolis_reveal_draws_second_card_and_pools_garrison():
    ctx = PickFirst()
    (ev,) = cities_rules.reveal_city(
        ctx,
        "2,3",
        "white",
        0,
        drawer(),
        megalopolis=9,
        right_space="3,3",
        remaining=["white", "red", "green"],
    )
    assert ctx.picks == [("megalopolis", ["green", "red"], "MK:18:Scen:CityLevels")]
    assert ev.data["colours"] == ["white", "green"] and ev.data["spaces"] == ["2,3", "3,3"]
    assert len(ev.data["garrison"]) == len(cities_rules.defender_piles("white", 5)) + len(
        cities_rules.defender_piles("green", 4)
    )


def test_city_bonuses_per_colour_MK_10_City_1():
    e = content().enemies
    phys = next(
        x
        for x in e.values()
        if [a.element for a in x.attacks] == ["physical"]
        and "poison" not in x.abilities
        and "brutal" not in x.abilities
    )
    assert cities_rules.defender_bonus(["white"], phys) == cities_rules.DefenderBonus(armour=1, attack=(0,))
    assert cities_rules.defender_bonus(["red"], phys).abilities == ("brutal",)
    assert cities_rules.defender_bonus(["green"], phys).abilities == ("poison",)
    assert cities_rules.defender_bonus(["blue"], phys).attack == (0,)

    class Fake:
        attacks: ClassVar[list[Attack]] = [
            Attack(3, "fire"),
            Attack(4, "ice"),
            Attack(5, "coldfire"),
            Attack(2, "physical"),
        ]
        abilities: ClassVar[list[str]] = []

    b = cities_rules.defender_bonus(["blue"], Fake)
    assert b.attack == (2, 2, 1, 0) and b.fortified
    # a Megalopolis has both halves' bonuses (MK:18:Scen:CityLevels)
    both = cities_rules.defender_bonus(["blue", "white"], Fake)
    assert both.attack == (2, 2, 1, 0) and both.armour == 1


def test_conquest_over_two_assaults_and_leader_tie_to_earliest_MK_10_City_2():
    city = cities_rules.fold(None, cities_rules.reveal_city(PickFirst(), "1,1", "white", 4, drawer())[0])
    assert city.garrison == ["gray#1", "gray#2", "white#1"]
    assert cities_rules.assault_fault(city, 0) is None
    # seat 1 defeats one defender and fails; the defender stays defeated (reading A22)
    evs = cities_rules.defeat_defenders(city, 1, ["gray#1"])
    assert [e.type for e in evs] == ["mk.city_shields"]
    city = cities_rules.fold(city, evs[0])
    assert city.status == "hostile" and city.defeated == ["gray#1"]
    # seat 0 takes the other two: 2 shields to 1, seat 0 leads
    evs = cities_rules.defeat_defenders(city, 0, ["gray#2", "white#1"])
    assert [e.type for e in evs] == ["mk.city_shields", "mk.city_conquered"]
    for e in evs:
        city = cities_rules.fold(city, e)
    assert city.status == "conquered" and city.leader == 0
    assert cities_rules.leader([1, 0, 0, 1]) == 1  # tie: seat 1 placed first
    assert cities_rules.assault_fault(city, 1) is not None
    with pytest.raises(cities_rules.CityError, match="MK:10:City:2"):
        cities_rules.defeat_defenders(city, 0, ["gray#1"])


def test_conquered_city_bonuses_MK_8_Interact_3a_MK_11_EoT_7b():
    city = cities_rules.City(
        colours=["red"], level=4, spaces=["0,1"], shields=[2, 0, 2], status="conquered", leader=2
    )
    assert cities_rules.influence_bonus(city, 2) == 2 and cities_rules.influence_bonus(city, 0) == 1
    assert cities_rules.hand_limit_bonus(city, 2) == 2 and cities_rules.hand_limit_bonus(city, 0) == 1
    assert cities_rules.hand_limit_bonus(city, 1) == 0
    friendly = cities_rules.friendly_city("green", 1, "0,2", [0, 1, 2])
    assert friendly.leader == -1 and cities_rules.hand_limit_bonus(friendly, 1) == 1
    assert "MK:18:Scen:FirstRecon" in cities_rules.assault_fault(
        cities_rules.City(colours=["red"], level=1, spaces=[], garrison=["x"], status="sealed"), 0
    )


def test_city_scoring_back_of_card_MK_15_Score_MK_19_Scen_BlitzConquest():
    a = cities_rules.City(
        colours=["red"], level=4, spaces=[], shields=[0, 0, 1], status="conquered", leader=0
    )
    b = cities_rules.City(
        colours=["blue"], level=4, spaces=[], shields=[1, 1, 2], status="conquered", leader=1
    )
    hostile = cities_rules.City(colours=["white"], level=4, spaces=[], shields=[2], status="hostile")
    # seat 0: 7, seat 1: 4 + 7 = 11 (+5 title), seat 2: 4, hostile city counts nothing
    assert cities_rules.city_fame([a, b, hostile], [0, 1, 2, 3]) == {0: 7, 1: 16, 2: 4, 3: 0}
    c = cities_rules.City(colours=["white"], level=4, spaces=[], shields=[0], status="conquered", leader=0)
    assert cities_rules.city_fame([a, c], [0, 1]) == {0: 14 + 5, 1: 4}
    tie = cities_rules.City(
        colours=["green"], level=4, spaces=[], shields=[1, 1], status="conquered", leader=1
    )
    assert cities_rules.city_fame([c, tie], [0, 1]) == {0: 7 + 2, 1: 7 + 2}


def test_city_shops_as_data_MK_8_Interact_4e():
    assert {p.what for p in cities_rules.SHOPS["red"]} == {"artifact"}
    assert cities_rules.SHOPS["red"][0].influence == 12
    assert cities_rules.SHOPS["blue"][0].influence == 7 and cities_rules.SHOPS["blue"][0].mana
    assert cities_rules.SHOPS["white"][0].influence == 2
    assert "stand-in" in cities_rules.SHOPS["green"][0].note


def _mk_city():
    return cities_rules.City(colours=["red"], level=4, spaces=["2,2"], garrison=["a", "b", "c"])


def test_joint_assault_preconditions_MK_13_Coop_2_3():
    ok = [
        cities_rules.Invitee(1, True, True, 3),
        cities_rules.Invitee(2, True, False, 3),
        cities_rules.Invitee(3, False, True, 3),
    ]
    city = _mk_city()
    args = dict(acted=False, alone_on_space=True, adjacent=True, blocked=False, invitees=ok)
    assert cities_rules.joint_assault_fault(city, 0, shares=[(0, 2), (1, 1)], **args) is None
    assert "face up" in cities_rules.joint_assault_fault(city, 0, shares=[(0, 2), (2, 1)], **args)
    assert "face up" in cities_rules.joint_assault_fault(city, 0, shares=[(0, 2), (3, 1)], **args)
    assert "MK:13:Coop:3" in cities_rules.joint_assault_fault(city, 0, shares=[(0, 3), (1, 0)], **args)
    assert "MK:13:Coop:3" in cities_rules.joint_assault_fault(city, 0, shares=[(0, 1), (1, 1)], **args)
    assert "MK:13:Coop:2" in cities_rules.joint_assault_fault(
        city, 0, shares=[(0, 2), (1, 1)], **dict(args, acted=True)
    )
    assert "announced" in cities_rules.joint_assault_fault(
        city, 0, shares=[(0, 2), (1, 1)], **dict(args, blocked=True)
    )


def test_joint_assault_deals_shuffled_defenders_MK_13_Coop_5():
    class Rev:
        def pick(self, stream, population, k, rule=None):
            assert stream == "joint_assault" and rule == "MK:13:Coop:5"
            return list(reversed(population))[:k]

    ev = cities_rules.deal_defenders(Rev(), _mk_city(), [(2, 1), (0, 2)])
    assert ev.data["dealt"] == {"2": ["c"], "0": ["b", "a"]} and ev.data["order"] == [2, 0]


@settings(max_examples=80, deadline=None)
@given(
    level=st.integers(1, 11),
    colour=st.sampled_from(cities_rules.CITY_COLOURS),
    seats=st.lists(st.integers(0, 3), min_size=1, max_size=12),
)
def test_property_city_falls_exactly_when_the_last_defender_falls_MK_10_City_2(level, colour, seats):
    city = cities_rules.fold(None, cities_rules.reveal_city(PickFirst(), "0,0", colour, level, drawer())[0])
    n = len(city.garrison)
    for i, seat in enumerate(seats):
        if city.status == "conquered":
            break
        take = city.garrison[: 1 + i % 2]
        for e in cities_rules.defeat_defenders(city, seat, take):
            city = cities_rules.fold(city, e)
    shields_placed = len(city.shields)
    assert (city.status == "conquered") == (shields_placed == n) == (not city.garrison)
    if city.status == "conquered":
        counts = {s: city.shields.count(s) for s in city.shields}
        assert counts[city.leader] == max(counts.values())
        assert cities_rules.hand_limit_bonus(city, city.leader) == 2


def test_E17_team_hand_limit_bonus_only_for_ones_own_keep_MK_15_Team():
    # P1 stands next to ally P3's keep and owns no keep: 0
    assert cities_rules.site_hand_limit_bonus(0, own_keeps=0, next_to_own_keep=False) == 0
    # P1 owns a keep elsewhere: still not next to an own keep, still 0
    assert cities_rules.site_hand_limit_bonus(0, own_keeps=1, next_to_own_keep=False) == 0
    # next to an own keep with 2 keeps owned, and a city shield (+1): only the higher counts
    assert cities_rules.site_hand_limit_bonus(1, own_keeps=2, next_to_own_keep=True) == 2
    assert cities_rules.site_hand_limit_bonus(2, own_keeps=1, next_to_own_keep=True) == 2
