"""Tile orientation and edge symbols (MK:7:Move:5d, MK:16:Var:Map): standard games never turn a
tile and their edges always match; Random Tile Orientation turns each revealed tile by a random
sixth at the same positions, and a turned tile may meet a star against a circle (told in the
tile event as `mismatched`)."""

from engine.games.mage_knight.map.board import Board, key, unkey
from engine.games.mage_knight.map.tile_edges import SIDES, facing, mismatched, symbols
from engine.mechanics import hexgrid
from sim.testing import new_game, run_bots


def test_opposite_sides_carry_the_same_symbol_so_unturned_tiles_always_match_MK_7_Move_5d():
    sym = symbols()
    assert set(sym) == {"star", "circle"}
    assert all(sym[i] == sym[(i + 3) % 6] for i in range(6))


def test_a_turned_neighbour_puts_a_star_against_a_circle():
    board = Board(tiles={"0,0": "start_A"})
    ne = hexgrid.tile_neighbour_centres((0, 0))["NE"]
    assert mismatched(board, ne, 0) == []
    assert facing(1, 3) != facing(0, 0)
    assert mismatched(board, ne, 1) == ["SW"]  # its SW side meets the start tile's NE side
    assert mismatched(board, ne, 3) == []  # half a turn keeps the pattern


def _tiles(eng, gid):
    return [e for e in eng.store.read(gid) if e.type == "mk.tile"]


def test_standard_games_never_turn_a_tile_and_every_edge_matches_MK_7_Move_5d():
    eng, gid = new_game("mage-knight", 2, seed="edges-1", options={"scenario": "full_conquest"})
    run_bots(eng, gid, 1)
    tiles = _tiles(eng, gid)
    assert len(tiles) > 4
    assert all("turn" not in e.data and "mismatched" not in e.data for e in tiles)
    board = eng.table(gid).game.board
    assert board.turns == {}
    for k in board.tiles:
        others = Board(tiles={x: y for x, y in board.tiles.items() if x != k})
        assert mismatched(others, unkey(k), 0) == []


def test_random_orientation_turns_tiles_at_the_same_positions_and_tells_the_mismatches_MK_16_Var_Map():
    turns, told = [], 0
    for seed in range(3):
        eng, gid = new_game(
            "mage-knight",
            2,
            seed=f"edges-{seed}",
            options={"scenario": "full_conquest", "variants": "random_orientation"},
        )
        run_bots(eng, gid, seed)
        board = Board(tiles={})
        for e in _tiles(eng, gid):
            centre = tuple(e.data["centre"])
            turn = e.data.get("turn", 0)
            assert turn in range(6)
            if board.tiles:  # on the lattice, next to a placed tile, as in the standard rules
                assert any(key(n) in board.tiles for n in hexgrid.tile_neighbour_centres(centre).values())
            assert e.data.get("mismatched", []) == mismatched(board, centre, turn)
            told += bool(e.data.get("mismatched"))
            board.tiles[key(centre)] = e.data["tile"]
            if turn:
                board.turns[key(centre)] = turn
            turns.append(turn)
    assert len(set(turns)) > 2 and told > 0
    assert SIDES == ("NE", "E", "SE", "SW", "W", "NW")
