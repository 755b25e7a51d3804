"""The Mage Knight map: tiles placed on the hex grid, terrain costs, exploring and provoking.

Pure functions over a `Board` value (no randomness here: the caller draws tiles as chance
events and passes the drawn id in). Rule ids are those of catalog entries to come (`MK:7:Move`,
`MK:14:Shape`). Spaces are keyed "q,r" so the board serialises as plain data.

Readings (the rulebook's map illustrations are not in the text we work from):
- Tile lattice: the start tile's centre is (0, 0); a wedge grows into the 60-degree sector between
  the NW and NE tile directions (the two whose edges touch only land hexes of start tile A: its
  sea faces away from the map), so a tile at a*NW + b*NE (a, b >= 0) is in the wedge, and the
  "coastline" columns are a == 0 and b == 0 (p.14: no core tile there unless the scenario says
  "without restrictions").
- An open map of n rows keeps b - a within a window of n rows around the start row: 5 rows
  -2..2, 4 rows -1..2 (it opens further to the right, p.14), 3 rows -1..1; and a + b >= 0 so it
  grows away from the start.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from engine.games.mage_knight.content.load import Content
from engine.mechanics import hexgrid

FORTIFIED_SITES = ("keep", "mage_tower", "city")
RAMPAGING_PILES = {"orc_marauder": "green", "draconum": "red"}


class Space(msgspec.Struct, kw_only=True):
    q: int
    r: int
    terrain: str
    tile: str
    site: str = ""
    mine: str = ""  # crystal colour of a mine (MK:11:EoT:4)
    mines: list[str] = []  # the crystal colours a deep mine offers, one chosen (site rules)
    rampaging: str = ""  # pile a rampaging token on it came from, until defeated
    enemies: list[str] = []  # enemy token ids on the space (face up or down: see view)
    conquered_by: int = -1  # seat owning the shield; -1 unconquered


class Board(msgspec.Struct, kw_only=True):
    shape: str = "wedge"  # wedge | open
    rows: int = 5  # open maps: 5, 4 or 3 rows
    coast_rule: bool = True  # wedge: no core tile on the coastline columns
    tiles: dict[str, str] = {}  # tile centre "q,r" -> tile id
    spaces: dict[str, Space] = {}
    owned_towers: bool = False  # mage towers are owned like keeps (MK:22:Scen:ConquerKeepsTowers)
    teams: list[list[int]] = []  # allies enter each other's keeps without assault (MK:15:Team)
    turns: dict[str, int] = {}  # tile centre -> sixths of a turn clockwise (Random Tile Orientation)
    costs: dict[str, list[int]] = {}  # terrain -> [day, night] a situation's overrides set (SIT-0)


def allied(board: Board, a: int, b: int) -> bool:
    return a == b or any(a in team and b in team for team in board.teams)


# A game converts between hex and "q,r" some 200 k times (route searches, neighbour scans); the
# map holds a few hundred spaces, so both directions are remembered once made. Same values as the
# conversions below; a list or a non-int hex is converted without the cache.
_KEYS: dict[hexgrid.Hex, str] = {}
_HEXES: dict[str, hexgrid.Hex] = {}


def key(h: hexgrid.Hex) -> str:
    try:
        return _KEYS[h]
    except KeyError:
        k = f"{h[0]},{h[1]}"
        if type(h[0]) is int and type(h[1]) is int:  # 1.0 == 1 would share an entry
            _KEYS[h] = k
        return k
    except TypeError:
        return f"{h[0]},{h[1]}"


def unkey(k: str) -> hexgrid.Hex:
    try:
        return _HEXES[k]
    except (KeyError, TypeError):
        q, r = k.split(",")
        h = (int(q), int(r))
        if type(k) is str:
            _HEXES[k] = h
        return h


class MapError(ValueError):
    """An illegal map operation; the message names the fault and the rule."""


def lattice(centre: hexgrid.Hex) -> tuple[int, int]:
    """(a, b) with centre = a*NW + b*NE on the tile lattice; MapError when off it."""
    (nq, nr), (eq, er) = hexgrid.TILE_OFFSETS["NW"], hexgrid.TILE_OFFSETS["NE"]
    det = nq * er - eq * nr
    q, r = centre
    a_num, b_num = q * er - eq * r, nq * r - q * nr
    if a_num % det or b_num % det:
        raise MapError(f"{centre} is not a tile position (MK:7:Move:5)")
    return a_num // det, b_num // det


def centre_of(a: int, b: int) -> hexgrid.Hex:
    """The tile centre at lattice coordinates (a, b)."""
    (nq, nr), (eq, er) = hexgrid.TILE_OFFSETS["NW"], hexgrid.TILE_OFFSETS["NE"]
    return (a * nq + b * eq, a * nr + b * er)


def initial_positions(board: Board) -> list[hexgrid.Hex]:
    """Where the tiles revealed at set-up go around the start tile: a wedge's first two (p.14);
    an open map places a third (MK:14:Shape): to the right where its rows allow, else to the left
    (reading: the illustration is not in our text; a 3-row map has room for two only)."""
    out = [centre_of(1, 0), centre_of(0, 1)]
    if board.shape == "open":
        out += [c for c in (centre_of(-1, 1), centre_of(1, -1)) if in_shape(board, c)][:1]
    return out


def in_shape(board: Board, centre: hexgrid.Hex) -> bool:
    a, b = lattice(centre)
    if board.shape == "wedge":
        return a >= 0 and b >= 0
    window = {5: (-2, 2), 4: (-1, 2), 3: (-1, 1)}[board.rows]
    return a + b >= 0 and window[0] <= b - a <= window[1]


def on_coast(board: Board, centre: hexgrid.Hex) -> bool:
    a, b = lattice(centre)
    return board.shape == "wedge" and (a == 0 or b == 0)


def tile_spaces(board: Board, centre: hexgrid.Hex, turn: int | None = None) -> dict[str, hexgrid.Hex]:
    """Each local position (C, NE, ...) of the tile at `centre` on the map, turned clockwise by
    `turn` sixths (the tile's own turn on the board by default; 0 but for Random Tile
    Orientation, MK:16:Var:Map)."""
    turn = board.turns.get(key(centre), 0) if turn is None else turn
    where = hexgrid.tile_hexes(centre)
    if not turn:
        return where
    names = hexgrid.DIRECTION_NAMES
    return {"C": centre, **{n: where[names[(i + turn) % 6]] for i, n in enumerate(names)}}


def place_tile(
    board: Board, content: Content, tile_id: str, centre: hexgrid.Hex, turn: int = 0
) -> list[Space]:
    """Put a tile's seven spaces on the board (orientation fixed, p.7 Move 5, unless a variant
    turns it). Returns them."""
    if key(centre) in board.tiles:
        raise MapError(f"a tile already lies at {centre} (MK:7:Move:5)")
    tile = content.tiles[tile_id]
    if turn:
        board.turns[key(centre)] = turn
    where = tile_spaces(board, centre)
    new = []
    for h in tile.hexes:
        q, r = where[h.pos]
        sp = Space(
            q=q,
            r=r,
            terrain=h.terrain,
            tile=tile_id,
            site=h.site,
            mine=h.mine_color,
            mines=list(h.deep_mine_colors),
            rampaging=RAMPAGING_PILES.get(h.rampaging, ""),
        )
        board.spaces[key((q, r))] = sp
        new.append(sp)
    board.tiles[key(centre)] = tile_id
    return new


def placed_centres(board: Board) -> list[hexgrid.Hex]:
    return sorted(unkey(k) for k in board.tiles)


def may_place(
    board: Board, content: Content, centre: hexgrid.Hex, tile_type: str, refill: bool = False
) -> str | None:
    """None if a tile of `tile_type` may go at `centre`, else the reason with its rule id.

    Countryside: touch >= 2 placed tiles, or touch a tile that touches >= 2; core: touch >= 2;
    a tile drawn after the stack ran out (refill) must touch >= 3 (p.7 Move 5)."""
    placed = placed_centres(board)
    if key(centre) in board.tiles:
        return "the position is taken (MK:7:Move:5)"
    if not in_shape(board, centre):
        return "the position is beyond the coastline of the map shape (MK:14:Shape)"
    touching = hexgrid.tile_neighbour_count(centre, placed)
    if touching == 0:
        return "the position touches no placed tile (MK:7:Move:5)"
    if refill:
        return None if touching >= 3 else "a refill tile must touch at least 3 tiles (MK:7:Move:5)"
    if tile_type == "core":
        if board.coast_rule and on_coast(board, centre):
            return "a core tile may not lie on the coastline of a wedge (MK:14:Shape)"
        return None if touching >= 2 else "a core tile must touch at least 2 tiles (MK:7:Move:5)"
    if touching >= 2:
        return None
    for n in hexgrid.tile_neighbour_centres(centre).values():
        if key(n) in board.tiles and hexgrid.tile_neighbour_count(n, placed) >= 2:
            return None
    return "a countryside tile must touch 2 tiles or a tile that touches 2 (MK:7:Move:5)"


def explore_positions(board: Board, content: Content, hero: hexgrid.Hex, tile_type: str) -> list[hexgrid.Hex]:
    """Open tile positions next to the hero's space where the next tile may go, in a fixed order."""
    out = []
    for c in hexgrid.open_tile_slots(placed_centres(board)):
        if hexgrid.distance(hero, c) > 2:  # (no hex of the tile is next to the hero: the cheap test first)
            continue
        if not any(hexgrid.adjacent(hero, h) for h in hexgrid.tile_hexes(c).values()):
            continue
        if may_place(board, content, c, tile_type) is None:
            out.append(c)
    return out


def enter_cost(sp: Space, content: Content, night: bool, costs=None) -> int | None:
    """Move points to enter a space before the turn's modifiers, None if impassable (a city
    always costs 2, p.7 Move 3). `costs`: the board's overridden [day, night] by terrain."""
    terrain = "city" if sp.site == "city" else sp.terrain
    if costs and terrain in costs:
        return costs[terrain][1 if night else 0]
    cost = content.terrain[terrain]
    return cost.night if night else cost.day


def neighbour_keys(k: str) -> tuple[str, ...]:
    """The keys of the six hexes next to space `k`, in `hexgrid.neighbours` order (remembered:
    route searches ask for them tens of thousands of times per game)."""
    try:
        return _NEIGHBOUR_KEYS[k]
    except KeyError:
        out = _NEIGHBOUR_KEYS[k] = tuple(key(n) for n in hexgrid.neighbours(unkey(k)))
        return out


_NEIGHBOUR_KEYS: dict[str, tuple[str, ...]] = {}


def move_cost(board: Board, content: Content, to: hexgrid.Hex, night: bool, mods=()) -> int | None:
    """Move points to enter a space, None if it is impassable (p.7 Move 3: a city always costs 2).
    `mods` are the turn's terrain cost modifiers ({terrain, amount, minimum, replace}, or a
    `space` instead of a terrain), applied
    in order; they never make impassable terrain passable here, and never go below 0 (p.7 Move 7a)."""
    return _entry(board, content, key(to), night, mods)[0]


def _entry(board: Board, content: Content, k: str, night: bool, mods=()) -> tuple[int | None, Space | None]:
    """(`move_cost` of space `k`, the space): what a step reads of the space it enters."""
    sp = board.spaces.get(k)
    if sp is None:
        return None, None
    value = enter_cost(sp, content, night, board.costs)
    if value is None or sp.site == "city":
        return value, sp
    for m in mods:
        if m["terrain"] in ("all", sp.terrain) or m.get("space") == k:
            if m.get("replace") is not None:
                value = m["replace"]
            else:
                value = max(m.get("minimum", 0), value + m.get("amount", 0), 0)
    return value, sp


def rampaging_adjacent(board: Board, h: hexgrid.Hex) -> list[hexgrid.Hex]:
    spaces = board.spaces  # (asked for every step listed: the keys of the neighbours kept)
    return [
        unkey(k)
        for k in neighbour_keys(key(h))
        if (sp := spaces.get(k)) is not None and sp.rampaging and sp.enemies
    ]


def provoked(board: Board, frm: hexgrid.Hex, to: hexgrid.Hex) -> list[hexgrid.Hex]:
    """Rampaging enemies adjacent to both spaces of a step: they attack (p.7 Move 4c)."""
    before = rampaging_adjacent(board, frm)
    if not before:  # (most steps: nothing to look up at the other end)
        return []
    after = set(rampaging_adjacent(board, to))
    return [h for h in before if h in after]


def step_fault(
    board: Board, content: Content, frm: hexgrid.Hex, to: hexgrid.Hex, night: bool, points: int, mods=()
) -> str | None:
    """None if the hero may step from `frm` to `to` with `points` move points, else why not."""
    if not hexgrid.adjacent(frm, to):
        return f"{to} is not adjacent to {frm} (MK:7:Move:3)"
    cost, sp = _entry(board, content, key(to), night, mods)
    if cost is None or sp is None:
        return f"{to} is impassable or off the map (MK:7:Move:3)"
    if sp.rampaging and sp.enemies:
        return f"{to} holds a rampaging enemy (MK:7:Move:4)"
    if cost > points:
        return f"entering {to} costs {cost} move points, {points} left (MK:7:Move:3)"
    return None


def step_allowed(board: Board, content: Content, k: str, night: bool, points: int, mods=()) -> bool:
    """`step_fault` is None for a step into space `k` from a space next to it, told without
    the words of a fault (the listing of steps asks for each neighbour)."""
    cost, sp = _entry(board, content, k, night, mods)
    return cost is not None and sp is not None and not (sp.rampaging and sp.enemies) and cost <= points


def owned_like_keep(board: Board, site: str) -> bool:
    """Keeps are owned by their conqueror; mage towers too where the scenario says so
    (MK:8:Combat:1a; MK:22:Scen:ConquerKeepsTowers)."""
    return site == "keep" or (site == "mage_tower" and board.owned_towers)


def others_site(board: Board, space: str, seat: int) -> bool:
    """A keep (or tower owned like one) that another, not allied, player owns: assaulting it
    is allowed and its defenders give half fame (MK:8:Combat:1a; MK:22:Scen:ConquerKeepsTowers)."""
    sp = board.spaces.get(space)
    return (
        sp is not None
        and owned_like_keep(board, sp.site)
        and sp.conquered_by >= 0
        and not allied(board, sp.conquered_by, seat)
    )


def ends_move(board: Board, to: hexgrid.Hex, seat: int) -> bool:
    """Entering an unconquered fortified site (or a keep another seat owns) is an assault (p.7 Move 4a)."""
    sp = board.spaces[key(to)]
    if sp.site in FORTIFIED_SITES:
        return sp.conquered_by == -1 or others_site(board, key(to), seat)
    return False


def is_safe(board: Board, h: hexgrid.Hex, seat: int, others: Iterable[hexgrid.Hex]) -> bool:
    """A safe space (p.7 Move 7d): passable, not an unconquered fortified site or another's
    keep, and no other hero there except on the portal or a conquered city."""
    sp = board.spaces.get(key(h))
    if sp is None or sp.terrain in ("lake", "mountain"):
        return False
    if sp.site in FORTIFIED_SITES and ends_move(board, h, seat):
        return False
    return not (
        h in set(others) and not (sp.site == "portal" or (sp.site == "city" and sp.conquered_by != -1))
    )
