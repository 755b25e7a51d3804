"""Hex maps in axial coordinates (pointy-top), for any game played on hexes.

A hex is a pair (q, r); the third cube coordinate is -q-r. Directions are
named so that rules and content files can say "the NE neighbour" instead of
carrying offsets around. Tiles of seven hexes (a centre and its six
neighbours, as Mage Knight's map tiles are) tile the plane on a lattice whose
neighbouring centres are TILE_OFFSETS away; the helpers here place such tiles
and find where new ones may go, leaving shape rules (wedge, open) to the game.
"""

from collections.abc import Iterable, Iterator

Hex = tuple[int, int]

DIRECTION_NAMES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
DIRECTIONS: dict[str, Hex] = {
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (0, -1),
}

# Offsets of the six neighbouring tile centres of a seven-hex tile, in the
# same clockwise order as DIRECTION_NAMES (each is a 60-degree turn of the last).
TILE_OFFSETS: dict[str, Hex] = {
    "NE": (3, -2),
    "E": (2, 1),
    "SE": (-1, 3),
    "SW": (-3, 2),
    "W": (-2, -1),
    "NW": (1, -3),
}

_TILE_STEPS: tuple[Hex, ...] = tuple(TILE_OFFSETS.values())

# Local positions of a seven-hex tile: "C" is the centre.
TILE_POSITIONS: tuple[str, ...] = ("C", *DIRECTION_NAMES)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, direction: str) -> Hex:
    """The hex next to h in the named direction; an unknown name is a ValueError."""
    d = DIRECTIONS.get(direction)
    if d is None:
        raise ValueError(f"unknown hex direction {direction!r}; expected one of {DIRECTION_NAMES}")
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbours of h, clockwise from NE (a fixed order, so rules stay deterministic).
    The offsets of DIRECTIONS written out: map searches call this tens of thousands of times
    per game (test_hexgrid checks it against DIRECTIONS)."""
    q, r = h
    return [(q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r), (q, r - 1)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Hex, b: Hex) -> bool:
    dq, dr = a[0] - b[0], a[1] - b[1]  # distance(a, b) == 1, inlined (map searches)
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == 1


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Turn h clockwise about the origin by 60 degrees per step."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q, r)


def ring(centre: Hex, radius: int) -> list[Hex]:
    """Hexes exactly `radius` away, in a fixed order."""
    if radius < 0:
        raise ValueError("ring radius must be >= 0")
    if radius == 0:
        return [centre]
    out: list[Hex] = []
    h = add(centre, (DIRECTIONS["SW"][0] * radius, DIRECTIONS["SW"][1] * radius))
    # walk the six sides; starting SW and going E, NE, NW, W, SW, SE visits each hex once
    for name in ("E", "NE", "NW", "W", "SW", "SE"):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, name)
    return out


def tile_hexes(centre: Hex) -> dict[str, Hex]:
    """Map each local position (C, NE, ...) of a seven-hex tile to its map hex."""
    q, r = centre  # DIRECTIONS written out, in DIRECTION_NAMES order (test_corepath checks it)
    return {
        "C": centre,
        "NE": (q + 1, r - 1),
        "E": (q + 1, r),
        "SE": (q, r + 1),
        "SW": (q - 1, r + 1),
        "W": (q - 1, r),
        "NW": (q, r - 1),
    }


def tile_neighbour_centres(centre: Hex) -> dict[str, Hex]:
    """Centres of the six tiles that can touch the tile at `centre`."""
    q, r = centre  # TILE_OFFSETS written out, in its order (test_hexgrid checks it)
    return {
        "NE": (q + 3, r - 2),
        "E": (q + 2, r + 1),
        "SE": (q - 1, r + 3),
        "SW": (q - 3, r + 2),
        "W": (q - 2, r - 1),
        "NW": (q + 1, r - 3),
    }


def tiles_adjacent(a: Hex, b: Hex) -> bool:
    """Whether two tile centres on the tile lattice share an edge."""
    return any(add(a, off) == b for off in TILE_OFFSETS.values())


def tile_neighbour_count(centre: Hex, placed: Iterable[Hex]) -> int:
    """How many already placed tiles touch a tile put at `centre` (shape rules count these)."""
    placed_set = set(placed)
    q, r = centre
    n = 0
    for dq, dr in _TILE_STEPS:
        if (q + dq, r + dr) in placed_set:
            n += 1
    return n


def open_tile_slots(placed: Iterable[Hex]) -> Iterator[Hex]:
    """Empty tile centres next to at least one placed tile, in a stable order
    (sorted), so choices offered to players never depend on set iteration."""
    placed_list = list(placed)
    placed_set = set(placed_list)
    seen: set[Hex] = set()
    offsets = _TILE_STEPS
    for q, r in sorted(placed_list):
        for dq, dr in offsets:
            n = (q + dq, r + dr)
            if n not in placed_set:
                seen.add(n)
    yield from sorted(seen)
