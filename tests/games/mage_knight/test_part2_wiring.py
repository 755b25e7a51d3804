"""Part 2 wired into the ruleset: every scenario's set-up from its data (MK:3:Setup,
MK:18-22:Scen:*), cities on the table (MK:10:City:1-2), the dummy player's turns (MK:15:Dummy),
and the scenario's scoring (MK:15:Score)."""

from pathlib import Path
from typing import ClassVar

import pytest

from engine.errors import BadInput
from engine.games.mage_knight import state
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.scenarios.book import scenarios
from engine.mechanics.zones import card_name
from sim.testing import from_situation, new_game, play

SIT = Path(__file__).parent / "situations"
CASES = [(sid, n) for sid, s in scenarios().items() for n in s.players]


def test_every_scenario_is_an_option_of_new_MK_18_to_22():
    from engine.games.mage_knight import RULESET

    ids = set(scenarios())
    assert set(RULESET.options["scenario"].choices) == ids | {x.replace("_", "-") for x in ids}
    assert set(RULESET.catalog.rules) >= {"MK:10:City:1", "MK:15:Dummy", "MK:19:Scen:FullConquest"}


def test_a_hyphenated_scenario_name_is_the_same_scenario():
    eng, gid = new_game("mage-knight", 2, seed=1, options={"scenario": "full-conquest"})
    assert eng.table(gid).game.scenario == "full_conquest" and eng.table(gid).game.rounds == 6


@pytest.mark.parametrize("sid,players", [("full_conquest", 1), ("solo_conquest", 2), ("full_cooperative", 4)])
def test_a_player_count_the_scenario_does_not_allow_is_refused_with_its_rule(sid, players):
    s = scenarios()[sid]
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", players, seed=1, options={"scenario": sid})
    assert err.value.rule == s.rule and str(players) in err.value.reason


@pytest.mark.parametrize("sid,players", [c for c in CASES if c[0] != "first_reconnaissance"])
def test_set_up_follows_the_scenario_data_MK_3_Setup(sid, players):
    s = scenarios()[sid]
    su = s.setup(players)
    eng, gid = new_game("mage-knight", players, seed=5, options={"scenario": sid})
    t = eng.table(gid)
    g = t.game
    c = content()
    tiles = [x for x in t.zone(state.TILES)] + [x for x in t.zone(state.MAP) if not x.startswith("start")]
    assert f"start_{su.start_tile}" in t.zone(state.MAP)
    kinds = [c.tiles[x] for x in tiles]
    assert sum(1 for k in kinds if k.type == "countryside") == su.countryside
    assert sum(1 for k in kinds if k.type == "core" and k.has_city) == su.city_core
    assert sum(1 for k in kinds if k.type == "core" and not k.has_city) == su.noncity_core
    # core tiles lie under the countryside tiles (MK:3:Setup:14, digest reading)
    stack = [c.tiles[x].type for x in t.zone(state.TILES)]
    assert stack == sorted(stack, key=lambda k: k == "core")
    if s.city_colours:
        assert {c.tiles[x].city_color for x in tiles if c.tiles[x].has_city} == set(s.city_colours)
    assert g.rounds == su.rounds and g.city_levels == su.city_levels
    assert len(g.source) == su.source_dice  # MK:3:Setup:12
    units = [x for x in t.zone(state.UNIT_OFFER) if card_name(x) in c.units]  # (+ monastery AAs)
    assert len(units) == su.unit_offer  # MK:3:Setup:10
    assert all(p.fame == s.start_fame and p.reputation == s.start_reputation for p in g.players)
    assert (g.dummy is not None) == su.dummy  # MK:15:Dummy
    if su.dummy:
        assert g.dummy_seat == players and g.dummy_seat in g.order
        assert len(t.zone(state.DUMMY_DECK)) == 16 and t.zones[state.DUMMY_DECK].vis == "hidden"
        hero = next(h for h in c.heroes.heroes if h.id == g.dummy.hero)
        assert sum(g.dummy.crystals.values()) == len(hero.starting_crystals) == 3
        assert g.dummy.hero not in [p.hero for p in g.players]
    shape = {"wedge": ("wedge", True), "wedge_unrestricted": ("wedge", False)}.get(su.shape, ("open", False))
    assert (g.board.shape, g.board.coast_rule) == shape  # MK:14:Shape


def test_first_reconnaissance_keeps_its_own_stack_MK_18_Scen_FirstRecon():
    eng, gid = new_game("mage-knight", 2, seed=3)
    t = eng.table(gid)
    assert t.game.cities == [] and t.game.dummy is None
    country = [x for x in t.zone(state.TILES) if content().tiles[x].type == "countryside"]
    assert country == sorted(country, key=lambda x: int(x.rsplit("_", 1)[1]))


def _finish_combat(eng, gid, t, seat=0):
    rs = eng.ruleset(gid)
    for _ in range(60):
        if t.game.combat is None:
            return
        legal = [c for c in rs.legal_commands(t, seat) if c["kind"] in ("next", "assign")]
        play(eng, gid, seat, legal[0])
    raise AssertionError("the combat did not end")


def test_city_revealed_assaulted_and_retreated_from_MK_10_City_1_MK_10_City_2():
    """The Red City at level 4 (Full Conquest, 2 players): its defenders are drawn face down by
    colour and level; stepping in is an assault (reputation -1) against fortified defenders whose
    physical attacks are Brutal; a failed assault leaves the city hostile and the hero back on
    the space it attacked from."""
    eng, gid = from_situation(SIT / "part2_city_assault.toml")
    t = eng.table(gid)
    g = t.game
    play(eng, gid, 0, {"kind": "explore", "at": "4,-5"})
    [city] = g.cities
    assert city.colours == ["red"] and city.level == 4 and city.status == "hostile"
    piles = cities_rules.defender_piles("red", 4)
    assert sorted(content().enemies[card_name(x)].color for x in city.garrison) == sorted(piles)
    assert t.zones[state.garrison("4,-5")].vis == "hidden"
    view = eng.ruleset(gid).game_view(t, 1)
    assert view["cities"][0]["garrison"] == ["?"] * len(piles)  # face down in the view
    play(eng, gid, 0, {"kind": "move", "to": "3,-4"})
    rep = g.players[0].reputation
    play(eng, gid, 0, {"kind": "move", "to": "4,-5"})
    assert g.players[0].reputation == rep - 1  # MK:8:Combat:1a
    assert g.combat is not None and g.combat_kind == "assault"
    for e in g.combat.enemies:
        base = content().enemies[e.enemy]
        if e.uid not in city.garrison:  # the Draconum at 4,-4, provoked by the step (MK:8:Combat:2b)
            assert e.rampaging and not e.defends_fortified_site
            continue
        assert e.defends_fortified_site
        physical = any(a.element == "physical" and not a.summon for a in base.attacks)
        assert ("brutal" in e.abilities) == (physical or "brutal" in base.abilities)
    _finish_combat(eng, gid, t)
    [city] = g.cities
    assert city.status == "hostile" and city.shields == [] and len(city.garrison) == len(piles)
    assert g.players[0].pos == "3,-4"  # MK:10:City:2: retreat


def test_city_conquest_gives_shields_and_the_leader_MK_10_City_2():
    """Shields per defeated defender across assaults; the last defeat conquers, most shields
    lead, a tie goes to the earliest shield; a conquered city is entered, not assaulted."""
    from engine.games.mage_knight.apply_scenario_events import PART2_FOLD

    class T:
        game = state.MKState(players=[state.Player(), state.Player()])
        zones: ClassVar[dict] = {}

    t = T()
    from engine.games.mage_knight.map.board import Space

    t.game.board.spaces["4,-5"] = Space(q=4, r=-5, terrain="plains", tile="core_8", site="city")
    PART2_FOLD["mk.city"](
        t,
        {
            "colours": ["red"],
            "spaces": ["4,-5"],
            "level": 4,
            "defenders": 3,
            "status": "hostile",
            "shields": [],
        },
    )
    t.game.cities[0].garrison = ["a#1", "b#1", "c#1"]
    for seat, toks in ((1, ["a#1"]), (0, ["b#1", "c#1"])):
        for e in cities_rules.defeat_defenders(t.game.cities[0], seat, toks):
            PART2_FOLD[e.type](t, dict(e.data, space="4,-5"))
    city = t.game.cities[0]
    assert city.status == "conquered" and city.shields == [1, 0, 0] and city.leader == 0
    assert t.game.board.spaces["4,-5"].conquered_by == 0
    from engine.games.mage_knight.map.board import ends_move

    assert not ends_move(t.game.board, (4, -5), 1)


def test_dummy_turns_reveal_cards_and_announce_the_round_end_MK_15_Dummy():
    """Solo Conquest: the dummy picks its tactic after the player, reveals 3 cards a turn plus
    one per crystal of the last card's colour, and announces the end of the round when its deck
    is empty; at round preparation its revealed cards go back and it gains an AA and a crystal."""
    from sim.testing import run_bots

    eng, gid = new_game("mage-knight", 1, seed=2, options={"scenario": "solo_conquest"})
    t = eng.table(gid)
    g = t.game
    assert g.phase == "tactics" and g.pickers == [0, 1]  # players first (MK:19)
    crystals = dict(g.dummy.crystals)
    run_bots(eng, gid, 2)
    evs = eng.store.read(gid)
    turns = [e for e in evs if e.type == "mk.dummy_turn"]
    assert turns
    for e in turns:
        cards = e.data["cards"]
        assert len(cards) <= 3 + e.data["extra"]
    assert any(e.type == "mk.dummy_tactic" for e in evs)
    announced = [e for e in evs if e.type == "mk.dummy_announced"]
    if g.round > 1:
        assert any(e.type == "mk.dummy_crystal" for e in evs)
        assert sum(g.dummy.crystals.values()) > sum(crystals.values())
        removed = [e for e in evs if e.type == "mk.tactics_removed"]
        assert removed and all(len(e.data["tactics"]) == 2 for e in removed)  # MK:19: both used
    assert announced or any(e.type == "mk.announced" for e in evs)
    assert t.over and "0" in g.final and g.final["0"]["lines"][0].startswith("fame")


def test_objective_score_shows_in_the_view_MK_15_Score():
    from sim.testing import run_bots

    eng, gid = new_game("mage-knight", 2, seed=4, options={"scenario": "full_cooperative"})
    run_bots(eng, gid, 4)
    t = eng.table(gid)
    view = eng.ruleset(gid).game_view(t, 0)
    assert set(view["final"]) == {"0", "1"}
    assert view["final"]["0"]["total"] == view["final"]["1"]["total"]  # one team score
    assert any(x.startswith("rounds_saved") for x in view["final"]["0"]["lines"])
    assert t.winners == ([0, 1] if "won" in view["final"]["0"]["lines"] else [])


class _Table:
    """A bare table for rules that only read and fold the game's own state."""

    def __init__(self, players=2, scenario="full_conquest"):
        self.game = state.MKState(scenario=scenario, players=[state.Player() for _ in range(players)])
        self.zones: dict = {}
        self.players = players


class _Ctx:
    def __init__(self, t):
        self.t, self.events = t, []

    def emit(self, typ, data, rule):
        from types import SimpleNamespace

        from engine.games.mage_knight.apply import apply

        self.events.append((typ, data, rule))
        apply(self.t, SimpleNamespace(type=typ, data=data))


def _conquered_city(t, spaces=("4,-5",), shields=(0, 1, 0), colour="red"):
    from engine.games.mage_knight.map.board import Space

    for k in spaces:
        q, r = map(int, k.split(","))
        t.game.board.spaces[k] = Space(q=q, r=r, terrain="plains", tile="core_8", site="city")
    t.game.cities.append(
        cities_rules.City(
            colours=[colour],
            level=4,
            spaces=list(spaces),
            shields=list(shields),
            status="conquered",
            leader=cities_rules.leader(list(shields)),
        )
    )
    for k in spaces:
        t.game.board.spaces[k].conquered_by = cities_rules.leader(list(shields))


def test_city_hand_limit_bonus_the_higher_of_city_and_keep_MK_11_EoT_7b():
    from engine.games.mage_knight.map.board import Space
    from engine.games.mage_knight.turn.flow import hand_limit

    t = _Table()
    _conquered_city(t)
    p0, p1 = t.game.players
    p0.pos = p1.pos = "4,-4"  # next to the city
    assert hand_limit(t, 0) == p0.hand_limit + 2  # the leader
    assert hand_limit(t, 1) == p1.hand_limit + 1  # a shield
    t.game.board.spaces["5,-4"] = Space(q=5, r=-4, terrain="plains", tile="x", site="keep", conquered_by=1)
    t.game.board.spaces["6,-6"] = Space(q=6, r=-6, terrain="plains", tile="x", site="keep", conquered_by=1)
    assert hand_limit(t, 1) == p1.hand_limit + 2  # 2 keeps beat the +1 of the city
    p0.pos = "0,0"
    assert hand_limit(t, 0) == p0.hand_limit  # too far away


def test_city_shields_add_influence_once_per_turn_MK_8_Interact_3a():
    from engine.games.mage_knight.cities.interact import bonus_due, shield_bonus

    t = _Table()
    _conquered_city(t, shields=(0, 1, 0))
    t.game.players[0].pos = t.game.players[1].pos = "4,-5"
    assert bonus_due(t, 0) == 2 and bonus_due(t, 1) == 1
    ctx = _Ctx(t)
    shield_bonus(ctx, t, 0, {})
    assert t.game.players[0].influence == 2 and ctx.events[-1][2] == "MK:8:Interact:3a"
    t.game.players[0].interacting = True
    assert bonus_due(t, 0) == 0


def test_blitz_fame_row_bonus_never_chains_MK_19_Scen_BlitzConquest():
    from engine.games.mage_knight.map.explore import gain_fame
    from engine.games.mage_knight.turn import levels

    rows = [r.fame for r in levels.table()]
    t = _Table(scenario="blitz_conquest")
    ctx = _Ctx(t)
    gain_fame(ctx, t, 0, rows[1], "MK:10:Result:1")  # exactly onto the second row
    assert t.game.players[0].fame == rows[1] + 1
    assert [e[2] for e in ctx.events] == ["MK:10:Result:1", "MK:19:Scen:BlitzConquest"]
    t2 = _Table(scenario="full_conquest")
    gain_fame(_Ctx(t2), t2, 0, rows[1], "MK:10:Result:1")
    assert t2.game.players[0].fame == rows[1]
    t3 = _Table(scenario="blitz_conquest")
    t3.game.players[0].fame = rows[2] - 2
    c3 = _Ctx(t3)
    gain_fame(c3, t3, 0, 1, "MK:10:Result:1")  # no row crossed: no bonus
    assert t3.game.players[0].fame == rows[2] - 1 and len(c3.events) == 1


def test_solo_conquest_dummy_skills_join_the_offer_when_the_player_gains_one_MK_19_Scen_SoloConquest():
    from engine.context import Ctx
    from engine.games.mage_knight.turn.flow import level_choice

    eng, gid = new_game("mage-knight", 1, seed=3, options={"scenario": "solo_conquest"})
    t = eng.table(gid)
    g = t.game
    pool = list(t.zone(state.DUMMY_SKILLS))
    assert t.zones[state.DUMMY_SKILLS].vis == "hidden" and len(pool) >= 2
    assert {content().skills[x].hero for x in pool} == {g.dummy.hero}
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    ctx.emit(
        "mk.level",
        {"seat": 0, "level": 2, "armour": 2, "hand_limit": 5, "command": 1, "choice": True},
        rule="MK:11:EoT:6b",
    )
    from engine.mechanics import zones

    zones.move_top(ctx, state.skill_stack(0), state.skills_shown(0), 2, rule="MK:11:EoT:6b")
    skill = t.zone(state.skills_shown(0))[0]
    level_choice(ctx, t, 0, skill, "")
    assert skill in g.players[0].skills
    assert pool[0] in t.zone(state.SKILL_OFFER) and len(t.zone(state.DUMMY_SKILLS)) == len(pool) - 1
    eng2, gid2 = new_game("mage-knight", 2, seed=3, options={"scenario": "full_cooperative"})
    assert state.DUMMY_SKILLS not in eng2.table(gid2).zones  # co-op: no second pool


def test_megalopolis_the_last_city_on_two_spaces_with_a_pooled_garrison_MK_18_Scen_CityLevels():
    """Level 9: the Red City (printed) gets 5, the drawn second city 4; both garrisons pooled
    face down; either space is assaulted as the one city, with both colours' bonuses."""
    eng, gid = from_situation(SIT / "part2_megalopolis.toml")
    t = eng.table(gid)
    g = t.game
    play(eng, gid, 0, {"kind": "explore", "at": "4,-5"})
    [city] = g.cities
    left, right = city.colours
    assert left == "red" and right in cities_rules.CITY_COLOURS and right != "red"
    assert city.spaces == ["4,-5", "5,-5"] and city.level == 9
    assert g.board.spaces["5,-5"].site == "city"
    want = sorted(cities_rules.defender_piles("red", 5) + cities_rules.defender_piles(right, 4))
    assert sorted(content().enemies[card_name(x)].color for x in city.garrison) == want
    assert t.zones[state.garrison("4,-5")].vis == "hidden" and state.garrison("5,-5") not in t.zones
    rs = eng.ruleset(gid)
    steps = [c["to"] for c in rs.legal_commands(t, 0) if c["kind"] == "move"]
    assert "3,-4" in steps
    play(eng, gid, 0, {"kind": "move", "to": "3,-4"})
    play(eng, gid, 0, {"kind": "move", "to": "4,-5"})
    assert g.combat is not None and g.combat_space == "4,-5"
    defenders = [e.uid for e in g.combat.enemies if e.defends_fortified_site]
    assert sorted(defenders) == sorted(city.garrison)
    assert all(e.rampaging for e in g.combat.enemies if e.uid not in defenders)  # provoked (MK:8:Combat:2b)


def test_megalopolis_needs_a_scenario_with_at_most_three_cities_MK_18_Scen_CityLevels():
    for sid, players, spec in (
        ("full_conquest", 4, "megalopolis:9"),
        ("mines_liberation", 2, "megalopolis:9"),
        ("full_conquest", 2, "megalopolis:30"),
    ):
        with pytest.raises(BadInput) as err:
            new_game("mage-knight", players, seed=1, options={"scenario": sid, "variants": spec})
        assert err.value.rule == "MK:18:Scen:CityLevels"
