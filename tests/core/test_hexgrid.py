"""Axial hex grid: neighbours, distance, rotation, rings and seven-hex tile placement."""

import pytest

from engine.mechanics import hexgrid


def test_neighbours_are_six_distinct_hexes_at_distance_one():
    ns = hexgrid.neighbours((2, -1))
    assert len(set(ns)) == 6
    assert all(hexgrid.distance((2, -1), n) == 1 for n in ns)
    assert hexgrid.neighbour((0, 0), "E") == (1, 0)


def test_unknown_direction_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown hex direction 'N'"):
        hexgrid.neighbour((0, 0), "N")


def test_distance_is_symmetric_and_cube_based():
    assert hexgrid.distance((0, 0), (3, -1)) == 3
    assert hexgrid.distance((3, -1), (0, 0)) == 3
    assert hexgrid.distance((-2, 4), (1, 1)) == 3
    assert hexgrid.distance((0, 0), (2, 2)) == 4


def test_rotation_cycles_directions_in_order():
    for i, name in enumerate(hexgrid.DIRECTION_NAMES):
        nxt = hexgrid.DIRECTION_NAMES[(i + 1) % 6]
        assert hexgrid.rotate(hexgrid.DIRECTIONS[name]) == hexgrid.DIRECTIONS[nxt]
        assert hexgrid.rotate(hexgrid.TILE_OFFSETS[name]) == hexgrid.TILE_OFFSETS[nxt]
    assert hexgrid.rotate((3, -2), 6) == (3, -2)


@pytest.mark.parametrize("radius", [0, 1, 2, 3])
def test_ring_has_the_right_hexes(radius):
    ring = hexgrid.ring((1, 1), radius)
    assert len(ring) == max(1, 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(hexgrid.distance((1, 1), h) == radius for h in ring)


def test_seven_hex_tiles_around_a_centre_are_disjoint_and_touch():
    centres = [(0, 0), *hexgrid.tile_neighbour_centres((0, 0)).values()]
    covered = [h for c in centres for h in hexgrid.tile_hexes(c).values()]
    assert len(covered) == len(set(covered)) == 49
    home = set(hexgrid.tile_hexes((0, 0)).values())
    for c in centres[1:]:
        other = set(hexgrid.tile_hexes(c).values())
        # a neighbouring tile shares an edge: some hex of it is adjacent to the home tile
        assert any(hexgrid.adjacent(a, b) for a in home for b in other)
        assert hexgrid.tiles_adjacent((0, 0), c)
    # no gap next to the home tile: every hex within distance 2 of its centre is covered
    within_two = {h for r in range(3) for h in hexgrid.ring((0, 0), r)}
    assert within_two <= set(covered)


def test_open_slots_and_neighbour_count():
    placed = [(0, 0), (2, 1)]
    slots = list(hexgrid.open_tile_slots(placed))
    assert slots == sorted(slots)
    assert (0, 0) not in slots and (2, 1) not in slots
    assert len(slots) == 8  # two touching tiles share two common neighbours
    assert hexgrid.tile_neighbour_count((3, -2), placed) == 2
    assert hexgrid.tile_neighbour_count((5, -1), placed) == 1
