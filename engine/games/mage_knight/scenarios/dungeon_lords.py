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
from engine.mechanics import hexgrid
from engine.mechanics import zones

DL = "dungeon_lords"
RULE = "MK:21:Scen:DungeonLords"
SECRET = {"village": ("dungeon", "brown"), "monastery": ("tomb", "red")}
NO_PATH = ("lake", "swamp")


def active(g) -> bool:
    return g.scenario == DL


def candidates(g, near: str, kind: str) -> list[str]:
    """Revealed passable spaces next to the village (not swamp, no site) or next to the
    monastery (empty: no site, no enemies, no hero)."""
    heroes = {p.pos for p in g.players}
    out = []
    for n in hexgrid.neighbours(unkey(near)):
        k = key(n)
        sp = g.board.spaces.get(k)
        if sp is None or sp.site or sp.terrain == "swamp" or content().terrain[sp.terrain].day is None:
            continue
        if kind == "tomb" and (sp.enemies or k in heroes):
            continue
        out.append(k)
    return sorted(out)


def revealed(ctx, t, space: str, site: str, seat) -> None:
    """A village or monastery came up: its secret entrance is due (the revealer chooses)."""
    g = t.game
    if not active(g) or site not in SECRET:
        return
    kind, _ = SECRET[site]
    spots = candidates(g, space, kind)
    if not spots:
        return
    if seat is None:
        place(ctx, t, ctx.pick("secret_site", spots, 1, rule=RULE)[0], kind)
    else:
        ctx.emit("mk.secret_due", {"seat": seat, "kind": kind, "near": space}, rule=RULE)


def pending(g, seat: int) -> dict | None:
    return next((d for d in g.secret_due if d["seat"] == seat), None)


def commands(t, seat: int) -> list[dict]:
    d = pending(t.game, seat)
    if d is None:
        return []
    spots = candidates(t.game, d["near"], d["kind"])
    return [{"kind": "secret", "space": k} for k in spots] or [{"kind": "secret", "space": ""}]


def choose(ctx, t, seat: int, cmd: dict) -> None:
    d = pending(t.game, seat)
    assert d is not None, seat  # commands() offers a choice only while a placement is due
    ctx.emit("mk.secret_done", {"seat": seat, "near": d["near"]}, rule=RULE)
    if cmd["space"]:
        place(ctx, t, cmd["space"], d["kind"])


def place(ctx, t, space: str, kind: str) -> None:
    """The entrance: a face-down brown (dungeon) or red (tomb) token on the space."""
    from engine.games.mage_knight.map.tokens import draw_token

    if state.garrison(space) not in t.zones:
        zones.create(ctx, state.garrison(space), [], rule=RULE, vis="hidden")
    draw_token(
        ctx, t, SECRET["village" if kind == "dungeon" else "monastery"][1], state.garrison(space), rule=RULE
    )
    ctx.emit("mk.secret_site", {"space": space, "site": kind}, rule=RULE)


def may_enter(g, space: str) -> bool:
    """No second visit to a conquered tomb or dungeon in this scenario."""
    sp = g.board.spaces[space]
    return not (active(g) and sp.site in ("dungeon", "tomb") and sp.conquered_by >= 0)


def face_down_monster(ctx, t, space: str) -> bool:
    """A secret entrance's face-down monster turns up to be fought (instead of a new draw)."""
    hidden = list(t.zone(state.garrison(space))) if state.garrison(space) in t.zones else []
    if not (active(t.game) and hidden):
        return False
    if state.at(space) not in t.zones:
        zones.create(ctx, state.at(space), [], rule=RULE)
    zones.move(ctx, state.garrison(space), state.at(space), hidden, rule=RULE)
    return True


def after_failure(ctx, t, space: str) -> None:
    """A failed visit to a secret entrance: the monster is discarded and a new one of its colour
    lies face down (reading for the tomb: red)."""
    from engine.games.mage_knight.map.tokens import draw_token

    g = t.game
    sp = g.board.spaces[space]
    if not active(g) or space not in g.secret_sites or not sp.enemies:
        return
    left = list(sp.enemies)
    colour = "brown" if sp.site == "dungeon" else "red"
    zones.move(ctx, state.at(space), state.enemy_discard(colour), left, rule=RULE)
    ctx.emit("mk.enemies", {"space": space, "tokens": []}, rule=RULE)
    draw_token(ctx, t, colour, state.garrison(space), rule=RULE)


def tunnel_cost(g, frm: str, to: str) -> int | None:
    """2 + the distance over revealed spaces, not through lakes or swamps; None without a path."""
    start, goal = unkey(frm), unkey(to)
    seen = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        if h == goal:
            return 2 + seen[h]
        for n in hexgrid.neighbours(h):
            sp = g.board.spaces.get(key(n))
            if n in seen or sp is None or (sp.terrain in NO_PATH and n != goal):
                continue
            seen[n] = seen[h] + 1
            q.append(n)
    return None


def tunnels(t, seat: int) -> list[dict]:
    """From a conquered tomb or dungeon to any other, paying the tunnel cost in move points."""
    g = t.game
    p = g.players[seat]
    if not active(g) or not p.pos or p.acted or g.combat is not None:
        return []
    here = g.board.spaces.get(p.pos)
    if here is None or here.site not in ("dungeon", "tomb") or here.conquered_by < 0:
        return []
    out = []
    for k in sorted(g.board.spaces):
        sp = g.board.spaces[k]
        if k == p.pos or sp.site not in ("dungeon", "tomb") or sp.conquered_by < 0:
            continue
        cost = tunnel_cost(g, p.pos, k)
        if cost is not None and cost <= p.move:
            out.append({"kind": "tunnel", "to": k})
    return out


def tunnel(ctx, t, seat: int, cmd: dict) -> None:
    g = t.game
    cost = tunnel_cost(g, g.players[seat].pos, cmd["to"])
    ctx.emit("mk.moved", {"seat": seat, "to": cmd["to"], "cost": cost}, rule=RULE)
