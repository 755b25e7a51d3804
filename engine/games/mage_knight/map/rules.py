"""Map rules that effects and positions add to plain movement (MK:7:Move:7b, MK:11:EoT:2,
MK:8:Combat:1a, MK:8:Combat:1e): entering lakes and mountains where a turn's effect gives them
a cost, the forced withdrawal of a hero whose turn ends off a safe space, challenging several
rampaging enemies at once, and the half fame of another player's keep."""

from __future__ import annotations

from itertools import combinations

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.turn_effects import set_effect
from engine.games.mage_knight.combat.fight import provoked_spaces
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import ends_move, is_safe, key, move_cost, neighbour_keys, unkey
from engine.games.mage_knight.readings.map import (
    withdraw_elsewhere,  # reading A23: no safe space on the path
)
from engine.games.mage_knight.scenarios.special_rules import portal_open
from engine.games.mage_knight.turn.ledger import take_wounds
from engine.mechanics import hexgrid

IMPASSABLE = ("lake", "mountain")


def opened_cost(table, seat: int, to: str) -> int | None:
    """The cost of entering a lake or mountain space that a turn effect opened (Frost Bridge,
    Mountain Lore, Song of Wind, Secret Ways), else None (MK:7:Move:7b)."""
    game = table.game
    sp = game.board.spaces.get(to)
    if sp is None or sp.terrain not in IMPASSABLE or sp.site:
        return None
    cost = None
    for m in game.players[seat].terrain_mods:
        if m.get("terrain") == sp.terrain and m.get("replace") is not None:
            cost = m["replace"]
    return cost


def opened_steps(table, seat: int) -> list[str]:
    """Lake or mountain spaces the hero may step onto now with the move points left, adjacent
    ones, or two away while Space Bending makes them adjacent (MK:7:Move:7b)."""
    game = table.game
    p = game.players[seat]
    if not p.pos or p.acted:
        return []
    out = bent_steps(table, seat)
    for k in neighbour_keys(p.pos):
        cost = opened_cost(table, seat, k)
        sp = game.board.spaces.get(k)
        if (
            cost is not None
            and cost <= p.move
            and not (sp.rampaging and sp.enemies)
            and sp.terrain not in p.turn_effects.get("prohibit", ())
        ):
            out.append(k)
    return out


def bent_steps(table, seat: int) -> list[str]:
    """Space Bending: revealed spaces two away count as adjacent this turn, at their own cost;
    not cities, not rampaging enemies' spaces, not another hero's (MK:7:Move:3)."""
    game = table.game
    p = game.players[seat]
    if not p.turn_effects.get("space_bending"):
        return []
    here = unkey(p.pos)
    others = {q.pos for i, q in enumerate(game.players) if i != seat}
    out = []
    for k, sp in sorted(game.board.spaces.items()):
        if (
            hexgrid.distance(here, unkey(k)) != 2
            or sp.site == "city"
            or (sp.rampaging and sp.enemies)
            or k in others
        ):
            continue
        cost = step_cost(table, seat, k)
        if cost is not None and cost <= p.move and sp.terrain not in p.turn_effects.get("prohibit", ()):
            out.append(k)
    return out


def step_cost(table, seat: int, to: str) -> int | None:

    game = table.game
    cost = move_cost(game.board, content(), unkey(to), game.night, game.players[seat].terrain_mods)
    return cost if cost is not None else opened_cost(table, seat, to)


def safe_here(table, seat: int) -> bool:
    """A safe space for the end of the turn; lakes or mountains only where an effect made them
    safe this turn (Mountain Lore, Secret Ways; MK:7:Move:7d). The portal once closed (Only One
    Returns after round 1) holds one hero like any space: a second one there is withdrawn (E-25)."""

    game = table.game
    p = game.players[seat]
    sp = game.board.spaces.get(p.pos)
    if sp is None:
        return True
    others = [unkey(q.pos) for i, q in enumerate(game.players) if i != seat and q.pos]
    if sp.site == "portal" and not portal_open(game) and unkey(p.pos) in set(others):
        return False
    if (
        sp.terrain in IMPASSABLE
        and sp.terrain in p.turn_effects.get("safe", [])
        and unkey(p.pos) not in set(others)
    ):
        return True
    return is_safe(game.board, unkey(p.pos), seat, others)


def withdraw(ctx, table, seat: int) -> None:
    """Forced withdrawal, the one for every scenario: a turn ending on a space that is not safe
    goes back along this turn's path (Player.path, folded from the move events) to the last safe
    space, a wound to the hand for each space entered on the way back; with none safe, to the
    path's start (MK:7:Move:7d, MK:11:EoT:2). A retreat after a failed assault already stepped
    back onto the path: the way back starts before that space."""

    p = table.game.players[seat]
    if not p.pos or safe_here(table, seat):
        return

    others = [unkey(q.pos) for i, q in enumerate(table.game.players) if i != seat and q.pos]
    if withdraw_elsewhere(
        ctx, table, seat, lambda k: is_safe(table.game.board, unkey(k), seat, others), take_wounds
    ):
        return
    path = p.path
    if p.pos in path:
        path = path[: len(path) - 1 - path[::-1].index(p.pos)]
    steps = 0
    for space in reversed(path):
        steps += 1
        ctx.emit("mk.placed", {"seat": seat, "pos": space}, rule="MK:11:EoT:2")
        if safe_here(table, seat):
            break
    if steps:
        take_wounds(ctx, table, seat, steps, "MK:11:EoT:2")


def challenge_groups(table, seat: int) -> list[str]:
    """Two or more adjacent rampaging spaces challenged together ("a;b"), MK:8:Combat:1e."""
    game = table.game
    p = game.players[seat]
    near = sorted(
        key(n)
        for n in hexgrid.neighbours(unkey(p.pos))
        if (sp := game.board.spaces.get(key(n))) is not None and sp.rampaging and sp.enemies
    )
    return [";".join(c) for n in range(2, len(near) + 1) for c in combinations(near, n)]


def forced_combat(table, seat: int, to: str) -> list[str]:
    """The spaces a step to `to` fights at once: the site assaulted and the rampaging spaces
    provoked, an assault being a move (MK:8:Combat:1a, MK:7:Move:4c, MK:8:Combat:2b); none if
    the step starts no combat."""

    game = table.game
    p = game.players[seat]
    stirred = provoked_spaces(table, seat, unkey(p.pos), unkey(to))
    return ([to] if ends_move(game.board, unkey(to), seat) else []) + stirred


def challenge_moves(table, seat: int, steps: list[str]) -> list[dict]:
    """Steps that start a combat (provoking, or an assault) may also challenge other rampaging
    enemies adjacent to the space moved into, all fought together (MK:8:Combat:2b-c): one
    command per set of such spaces ("a;b")."""
    game = table.game
    out = []
    for to in steps:
        fought = forced_combat(table, seat, to)
        if not fought:
            continue
        near = sorted(
            key(n)
            for n in hexgrid.neighbours(unkey(to))
            if (sp := game.board.spaces.get(key(n))) is not None
            and sp.rampaging
            and sp.enemies
            and key(n) not in fought
        )
        out += [
            {"kind": "move", "to": to, "challenge": ";".join(c)}
            for n in range(1, len(near) + 1)
            for c in combinations(near, n)
        ]
    return out


def explore_cost(table, seat: int) -> int:
    """2 move points (MK:7:Move:5), less by a turn effect (Hawk Eyes by night)."""
    return max(0, 2 - table.game.players[seat].turn_effects.get("explore_discount", 0))


def explore_from(table, seat: int) -> list:
    """Spaces whose neighbouring tile positions the hero may explore: its own, and with a turn
    effect `explore_reach` (Scouts) the map spaces next to it too, so tiles two spaces away
    (MK:7:Move:5)."""
    game = table.game
    here = unkey(game.players[seat].pos)
    if not game.players[seat].turn_effects.get("explore_reach"):
        return [here]
    return [here] + [n for n in hexgrid.neighbours(here) if key(n) in game.board.spaces]


def face_down_within(table, seat: int, reach: int) -> list[str]:
    """Spaces within `reach` of the hero holding face-down enemy tokens (garrisons), in order."""

    game = table.game
    here = unkey(game.players[seat].pos)
    return sorted(
        k
        for k in game.board.spaces
        if hexgrid.distance(here, unkey(k)) <= reach
        and state.garrison(k) in table.zones
        and table.zone(state.garrison(k))
    )


def look(ctx, table, seat: int, space: str, fame: int) -> None:
    """The seat alone sees the face-down tokens on `space` (an event only it may read); they are
    marked for fame +`fame` if defeated this turn (defeat_rewards)."""

    tokens = list(table.zone(state.garrison(space)))
    ctx.emit("mk.looked", {"seat": seat, "space": space, "tokens": tokens}, rule="MK:7:Move:5", vis=[seat])
    if fame:
        set_effect(ctx, seat, "marked", [tokens, fame])
