"""The symbols on map tile edges (content/tiles.json `edges`, MK:7:Move:5d, MK:16:Var:Map):
which sides of a newly placed tile meet a placed neighbour with a different symbol. Unturned
tiles always match (the standard rules); only Random Tile Orientation can put a star against a
circle, which changes nothing but the look of the map (irregular shapes), so it is only told."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from engine.games.mage_knight.map.board import key
from engine.mechanics import hexgrid

SIDES = hexgrid.DIRECTION_NAMES  # the six tile sides, towards the six neighbouring tile positions


@cache
def symbols() -> tuple[str, ...]:
    """The stand-in edge symbols, one per side in SIDES order."""
    doc = json.loads((Path(__file__).parent.parent / "content" / "tiles.json").read_text())
    edges = doc["edges"]
    if tuple(edges["sides"]) != SIDES or len(edges["symbols"]) != 6:
        raise ValueError("tiles.json: edges must give one symbol for each of NE E SE SW W NW (MK:7:Move:5d)")
    return tuple(edges["symbols"])


def facing(turn: int, direction: int) -> str:
    """The symbol on the side of a tile turned by `turn` sixths that faces `direction` (0-5):
    local side i lies towards direction i + turn (board.tile_spaces)."""
    return symbols()[(direction - turn) % 6]


def mismatched(board, centre: hexgrid.Hex, turn: int) -> list[str]:
    """Directions (NE ... NW) where a tile at `centre` turned by `turn` meets a placed tile with
    another symbol (a star against a circle)."""
    out = []
    for i, name in enumerate(SIDES):
        other = hexgrid.tile_neighbour_centres(centre)[name]
        k = key(other)
        if k not in board.tiles:
            continue
        theirs = facing(board.turns.get(k, 0), (i + 3) % 6)
        if facing(turn, i) != theirs:
            out.append(name)
    return out
