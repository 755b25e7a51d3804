"""Dungeon Lords (MK:21:Scen:DungeonLords): secret dungeon and tomb entrances next to revealed
villages and monasteries, no second visit to a conquered tomb or dungeon, tunnels between
conquered ones, and a new monster after a failed visit to a secret one.

The revealer chooses the space of a secret entrance (`secret` command, asked before anything
else in the turn); for tiles revealed at set-up nobody explores, so the space is drawn at random
(reading)."""

from __future__ import annotations

from collections import deque

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import key, unkey
from engine.games.mage_knight.map.tokens import draw_token
from engine.mechanics import hexgrid, zones

DL = "dungeon_lords"
RULE = "MK:21:Scen:DungeonLords"
SECRET = {"village": ("dungeon", "brown"), "monastery": ("tomb", "red")}
NO_PATH = ("lake", "swamp")


def active(game) -> bool:
    return game.scenario == DL


def candidates(game, near: str, kind: str) -> list[str]:
    """Revealed passable spaces next to the village (not swamp, no site) or next to the
    monastery (empty: no site, no enemies, no hero)."""
    heroes = {p.pos for p in game.players}
    out = []
    for n in hexgrid.neighbours(unkey(near)):
        k = key(n)
        sp = game.board.spaces.get(k)
        if sp is None or sp.site or sp.terrain == "swamp" or content().terrain[sp.terrain].day is None:
            continue
        if kind == "tomb" and (sp.enemies or k in heroes):
            continue
        out.append(k)
    return sorted(out)


def revealed(ctx, table, space: str, site: str, seat) -> None:
    """A village or monastery came up: its secret entrance is due (the revealer chooses)."""
    game = table.game
    if not active(game) or site not in SECRET:
        return
    kind, _ = SECRET[site]
    spots = candidates(game, space, kind)
    if not spots:
        return
    if seat is None:
        place(ctx, table, ctx.pick("secret_site", spots, 1, rule=RULE)[0], kind)
    else:
        ctx.emit("mk.secret_due", {"seat": seat, "kind": kind, "near": space}, rule=RULE)


def pending(game, seat: int) -> dict | None:
    return next((d for d in game.secret_due if d["seat"] == seat), None)


def commands(table, seat: int) -> list[dict]:
    d = pending(table.game, seat)
    if d is None:
        return []
    spots = candidates(table.game, d["near"], d["kind"])
    return [{"kind": "secret", "space": k} for k in spots] or [{"kind": "secret", "space": ""}]


def choose(ctx, table, seat: int, cmd: dict) -> None:
    d = pending(table.game, seat)
    assert d is not None, seat  # commands() offers a choice only while a placement is due
    ctx.emit("mk.secret_done", {"seat": seat, "near": d["near"]}, rule=RULE)
    if cmd["space"]:
        place(ctx, table, cmd["space"], d["kind"])


def place(ctx, table, space: str, kind: str) -> None:
    """The entrance: a face-down brown (dungeon) or red (tomb) token on the space."""

    if state.garrison(space) not in table.zones:
        zones.create(ctx, state.garrison(space), [], rule=RULE, vis="hidden")
    draw_token(
        ctx,
        table,
        SECRET["village" if kind == "dungeon" else "monastery"][1],
        state.garrison(space),
        rule=RULE,
    )
    ctx.emit("mk.secret_site", {"space": space, "site": kind}, rule=RULE)


def may_enter(game, space: str) -> bool:
    """No second visit to a conquered tomb or dungeon in this scenario."""
    sp = game.board.spaces[space]
    return not (active(game) and sp.site in ("dungeon", "tomb") and sp.conquered_by >= 0)


def face_down_monster(ctx, table, space: str) -> bool:
    """A secret entrance's face-down monster turns up to be fought (instead of a new draw)."""
    hidden = list(table.zone(state.garrison(space))) if state.garrison(space) in table.zones else []
    if not (active(table.game) and hidden):
        return False
    if state.at(space) not in table.zones:
        zones.create(ctx, state.at(space), [], rule=RULE)
    zones.move(ctx, state.garrison(space), state.at(space), hidden, rule=RULE)
    return True


def after_failure(ctx, table, space: str) -> None:
    """A failed visit to a secret entrance: the monster is discarded and a new one of its colour
    lies face down (reading for the tomb: red)."""

    game = table.game
    sp = game.board.spaces[space]
    if not active(game) or space not in game.secret_sites or not sp.enemies:
        return
    left = list(sp.enemies)
    colour = "brown" if sp.site == "dungeon" else "red"
    zones.move(ctx, state.at(space), state.enemy_discard(colour), left, rule=RULE)
    ctx.emit("mk.enemies", {"space": space, "tokens": []}, rule=RULE)
    draw_token(ctx, table, colour, state.garrison(space), rule=RULE)


def tunnel_cost(game, frm: str, to: str) -> int | None:
    """2 + the distance over revealed spaces, not through lakes or swamps; None without a path."""
    start, goal = unkey(frm), unkey(to)
    seen = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        if h == goal:
            return 2 + seen[h]
        for n in hexgrid.neighbours(h):
            sp = game.board.spaces.get(key(n))
            if n in seen or sp is None or (sp.terrain in NO_PATH and n != goal):
                continue
            seen[n] = seen[h] + 1
            q.append(n)
    return None


def tunnels(table, seat: int) -> list[dict]:
    """From a conquered tomb or dungeon to any other, paying the tunnel cost in move points."""
    game = table.game
    p = game.players[seat]
    if not active(game) or not p.pos or p.acted or game.combat is not None:
        return []
    here = game.board.spaces.get(p.pos)
    if here is None or here.site not in ("dungeon", "tomb") or here.conquered_by < 0:
        return []
    out = []
    for k in sorted(game.board.spaces):
        sp = game.board.spaces[k]
        if k == p.pos or sp.site not in ("dungeon", "tomb") or sp.conquered_by < 0:
            continue
        cost = tunnel_cost(game, p.pos, k)
        if cost is not None and cost <= p.move:
            out.append({"kind": "tunnel", "to": k})
    return out


def tunnel(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    cost = tunnel_cost(game, game.players[seat].pos, cmd["to"])
    ctx.emit("mk.moved", {"seat": seat, "to": cmd["to"], "cost": cost}, rule=RULE)
