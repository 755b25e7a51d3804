"""Mage Knight map: tile placement by shape rules, terrain costs, exploring, provoking, safe spaces
(rules MK:7:Move:3-7, MK:14:Shape)."""

import pytest

from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map import board
from engine.mechanics import hexgrid


@pytest.fixture
def c():
    return content()


@pytest.fixture
def wedge(c):
    bd = board.Board(shape="wedge")
    board.place_tile(bd, c, "start_A", (0, 0))
    for tid, pos in zip(("countryside_1", "countryside_2"), board.initial_positions(bd), strict=True):
        board.place_tile(bd, c, tid, pos)
    return bd


def test_start_tile_places_seven_spaces_with_its_portal(c):
    bd = board.Board()
    spaces = board.place_tile(bd, c, "start_A", (0, 0))
    assert len(spaces) == 7 and len(bd.spaces) == 7
    assert bd.spaces["0,0"].site == "portal"
    # start tile A's sea faces away from the wedge: its land hexes touch the first tiles
    for pos in board.initial_positions(bd):
        touching = [
            h
            for h in hexgrid.tile_hexes((0, 0)).values()
            if any(hexgrid.adjacent(h, x) for x in hexgrid.tile_hexes(pos).values())
        ]
        assert all(bd.spaces[board.key(h)].terrain != "lake" for h in touching)
    with pytest.raises(board.MapError, match="already lies"):
        board.place_tile(bd, c, "countryside_3", (0, 0))


def test_terrain_costs_by_day_and_night_and_city_costs_two(c, wedge):
    forests = [sp for sp in wedge.spaces.values() if sp.terrain == "forest" and not sp.site]
    h = (forests[0].q, forests[0].r)
    assert board.move_cost(wedge, c, h, night=False) == 3
    assert board.move_cost(wedge, c, h, night=True) == 5
    assert board.move_cost(wedge, c, (0, 40), night=False) is None  # off the map
    lake = next(sp for sp in wedge.spaces.values() if sp.terrain == "lake")
    assert board.move_cost(wedge, c, (lake.q, lake.r), night=False) is None
    lake.site = "city"  # a city costs 2 whatever the terrain (p.7 Move 3)
    assert board.move_cost(wedge, c, (lake.q, lake.r), night=True) == 2


def test_countryside_and_core_placement_rules(c, wedge):
    # (2, 0) touches only the tile at (1, 0), which touches 2 tiles: countryside may go there
    assert board.may_place(wedge, c, board.centre_of(2, 0), "countryside") is None
    # but a core tile needs 2 touching tiles, and (2, 0) lies on the wedge's coastline anyway
    assert "coastline" in board.may_place(wedge, c, board.centre_of(2, 0), "core")
    wedge.coast_rule = False  # First Reconnaissance: "wedge without restrictions"
    assert "at least 2 tiles" in board.may_place(wedge, c, board.centre_of(2, 0), "core")
    # (1, 1) touches both first tiles and is inland
    wedge.coast_rule = True
    assert board.may_place(wedge, c, board.centre_of(1, 1), "core") is None
    assert "beyond the coastline" in board.may_place(wedge, c, board.centre_of(-1, 0), "countryside")
    assert "touches no placed tile" in board.may_place(wedge, c, board.centre_of(3, 0), "countryside")
    assert "refill tile must touch at least 3" in board.may_place(
        wedge, c, board.centre_of(1, 1), "countryside", refill=True
    )
    assert "taken" in board.may_place(wedge, c, (0, 0), "countryside")


def test_countryside_needs_support_of_two(c):
    bd = board.Board()
    board.place_tile(bd, c, "start_A", (0, 0))
    board.place_tile(bd, c, "countryside_1", board.centre_of(1, 0))
    # a lone chain: (2, 0) touches (1, 0), which touches only the start tile
    assert "touch 2 tiles or a tile that touches 2" in board.may_place(
        bd, c, board.centre_of(2, 0), "countryside"
    )


def test_explore_positions_are_next_to_the_hero(c, wedge):
    assert board.explore_positions(wedge, c, (0, 0), "countryside") == []  # the portal is inland
    edge = hexgrid.tile_hexes(board.centre_of(1, 0))["NW"]
    slots = board.explore_positions(wedge, c, edge, "countryside")
    assert slots, "a hero on the far edge of a tile can explore"
    for s in slots:
        assert any(hexgrid.adjacent(edge, h) for h in hexgrid.tile_hexes(s).values())
        assert board.may_place(wedge, c, s, "countryside") is None


def test_steps_and_provoking_rampaging_enemies(c, wedge):
    orc = next(sp for sp in wedge.spaces.values() if sp.rampaging == "green")
    orc.enemies = ["green_prowlers"]
    o = (orc.q, orc.r)
    ring = [n for n in hexgrid.neighbours(o) if board.key(n) in wedge.spaces]
    pairs = [
        (x, y)
        for x in ring
        for y in ring
        if hexgrid.adjacent(x, y) and board.move_cost(wedge, c, y, night=False) is not None
    ]
    assert pairs
    x, y = pairs[0]
    assert board.provoked(wedge, x, y) == [o]
    far = next(
        n for n in hexgrid.neighbours(x) if hexgrid.distance(n, o) == 2 and board.key(n) in wedge.spaces
    )
    assert board.provoked(wedge, x, far) == []
    assert "rampaging enemy" in board.step_fault(wedge, c, x, o, night=False, points=9)
    assert "not adjacent" in board.step_fault(wedge, c, x, (x[0] + 2, x[1]), night=False, points=9)
    cost = board.move_cost(wedge, c, y, night=False)
    assert "move points" in board.step_fault(wedge, c, x, y, night=False, points=cost - 1)
    assert board.step_fault(wedge, c, x, y, night=False, points=cost) is None


def test_assault_ends_move_and_safe_spaces(c, wedge):
    sp = wedge.spaces[board.key(hexgrid.tile_hexes(board.centre_of(1, 0))["C"])]
    h = (sp.q, sp.r)
    sp.site = "keep"
    assert board.ends_move(wedge, h, seat=0) and not board.is_safe(wedge, h, 0, [])
    sp.conquered_by = 0
    assert not board.ends_move(wedge, h, seat=0) and board.is_safe(wedge, h, 0, [])
    assert board.ends_move(wedge, h, seat=1)  # another player's keep
    assert board.is_safe(wedge, (0, 0), 0, [(0, 0)])  # the portal may hold several heroes
    plain = next(s for s in wedge.spaces.values() if s.terrain == "plains" and not s.site)
    assert not board.is_safe(wedge, (plain.q, plain.r), 0, [(plain.q, plain.r)])


def test_E23_moving_into_a_city_always_costs_two(c, wedge):
    """MK:7:Move:3: at night, a city on terrain that would cost 5 costs 2"""
    forest = next(sp for sp in wedge.spaces.values() if sp.terrain == "forest" and not sp.site)
    h = (forest.q, forest.r)
    assert board.move_cost(wedge, c, h, night=True) == 5
    forest.site = "city"
    assert board.move_cost(wedge, c, h, night=True) == 2 and board.move_cost(wedge, c, h, night=False) == 2


@pytest.mark.parametrize("night", [False, True])
def test_step_allowed_is_step_fault_without_words(c, wedge, night):
    """The listing of steps tests each neighbour with `step_allowed`: the same answer as
    `step_fault`, for every space next to every space of the map, with any move points left
    and a turn's terrain modifier."""
    orc = next(sp for sp in wedge.spaces.values() if sp.rampaging == "green")
    orc.enemies = ["green_prowlers"]
    mods = [{"terrain": "forest", "amount": -1, "minimum": 0}]
    checked = 0
    for k in wedge.spaces:
        for n in hexgrid.neighbours(board.unkey(k)):
            for points in range(5):
                for m in ((), mods):
                    fault = board.step_fault(wedge, c, board.unkey(k), n, night, points, m)
                    allowed = board.step_allowed(wedge, c, board.key(n), night, points, m)
                    assert allowed == (fault is None), (k, n, points, m, fault)
                    checked += allowed
    assert checked  # some steps are allowed, not only refused
