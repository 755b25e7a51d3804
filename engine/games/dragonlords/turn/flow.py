"""Phase and turn order (§3): the seven phases of an army's turn, set-up placement order, income,
the end of a round, victory and the engine's round limit."""

from __future__ import annotations

from engine.games.dragonlords.battles.arithmetic import income
from engine.games.dragonlords.board import held, king_alive, kingdoms_held, occupancy
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn.ships import set_ship_moves

TURN = ("purchase", "naval", "quest", "combat", "transfer", "income", "reinforce")
SETUP = ("setup_kingdom", "setup_claim", "setup_extra", "setup_chips", "setup_ship", "setup_gold")


def claimable(g) -> list[str]:
    """Unoccupied territories open at set-up: no islands, no tundra in the short game (DL:2.3/placement)."""
    w, occ = world(), occupancy(g)
    return [
        t
        for t in w.territories
        if w.kind[t] != "island" and not (g.short and t in w.tundra) and not occ.get(t)
    ]


def next_setup(ctx, t) -> None:
    """Pass set-up placement to the next army in order, or on to the next step (DL:2.3/placement)."""
    g = t.game
    order, ph = g.order, g.phase
    i = order.index(g.active)
    nxt = order[(i + 1) % len(order)]
    if ph == "setup_kingdom":
        if i + 1 < len(order):
            return _set(ctx, "setup_kingdom", nxt)
        return _claim_from(ctx, t, order[0])
    if ph == "setup_claim":
        return _claim_from(ctx, t, nxt)
    if ph == "setup_extra":
        return _extra_from(ctx, t, nxt)
    if ph == "setup_chips":
        if i + 1 < len(order):
            return _set(ctx, "setup_chips", nxt)
        return _set(ctx, "setup_ship", order[0])
    if ph == "setup_ship":
        if i + 1 < len(order):
            return _set(ctx, "setup_ship", nxt)
        return finish_setup(ctx, t)


def _set(ctx, phase, army, **extra):
    ctx.emit("dl.phase", {"phase": phase, "active": army, **extra}, rule="DL:2.3/placement")


def _claim_from(ctx, t, army) -> None:
    """P2: each army in turn claims one unoccupied territory; an army without units skips (INT-14)."""
    g = t.game
    if not claimable(g) or not any(v > 0 for v in g.placing.values()):
        return _extra_from(ctx, t, g.order[0])
    order = g.order
    i = order.index(army)
    for k in range(len(order)):
        a = order[(i + k) % len(order)]
        if g.placing.get(str(a), 0) > 0:
            return _set(ctx, "setup_claim", a)


def _extra_from(ctx, t, army) -> None:
    g = t.game
    order = g.order
    i = order.index(army)
    for k in range(len(order)):
        a = order[(i + k) % len(order)]
        if g.placing.get(str(a), 0) > 0 and held(g, a):
            return _set(ctx, "setup_extra", a)
    return _set(ctx, "setup_chips", order[0])


def finish_setup(ctx, t) -> None:
    """P6: each army's gold goes into its kingdom; an army holding several splits it (`stash`)."""
    g = t.game
    occ = occupancy(g)
    for a in g.order:
        ks = kingdoms_held(g, a, occ)
        n = g.treasury.get(str(a), 0)
        if len(ks) > 1 and n:
            return _set(ctx, "setup_gold", a)
        if ks and n:
            ctx.emit("dl.treasury", {"army": a, "n": -n}, rule="DL:2.3.3")
            ctx.emit("dl.gold", {"kingdom": ks[0], "n": n, "army": a}, rule="DL:2.3.3")
    start_turn(ctx, t, g.order[0], 1)


def start_turn(ctx, t, army: int, rnd: int) -> None:
    ctx.emit("dl.phase", {"phase": "purchase", "active": army, "round": rnd, "new_turn": True}, rule="DL:3")
    ctx.emit("dl.army", {"army": army, "set": {"orcs_bought": 0}}, rule="DL:3.1")


def next_phase(ctx, t) -> None:
    """Move the active army to its next phase; after reinforcements the next living army's turn."""
    g = t.game
    ph = TURN[TURN.index(g.phase) + 1] if g.phase != "reinforce" else None
    if ph == "naval":
        ctx.emit("dl.phase", {"phase": ph, "active": g.active}, rule="DL:3.2/ships")
        set_ship_moves(ctx, t)
        return
    if ph == "transfer":
        ctx.emit("dl.phase", {"phase": ph, "active": g.active, "clear_moved": True}, rule="DL:3.5")
        return
    if ph == "income":
        if collect_income(ctx, t, g.active):
            return
        ph = "reinforce"
    if ph == "reinforce":
        if any(g.armies[g.active].bought.values()):
            ctx.emit("dl.phase", {"phase": ph, "active": g.active}, rule="DL:3.7")
            return
        ph = None
    if ph is None:
        return end_turn(ctx, t)
    rule = {"quest": "DL:3.3/party", "combat": "DL:3.4/general"}[ph]
    ctx.emit("dl.phase", {"phase": ph, "active": g.active}, rule=rule)


def collect_income(ctx, t, army: int) -> bool:
    """Phase 6 (DL:3.6): gold by territory kind, nothing without a kingdom. With one kingdom the gold
    goes there; a player holding several splits it among them (`stash`): True while that waits."""
    g = t.game
    w = world()
    occ = occupancy(g)
    mine = held(g, army, occ)
    dwarf = g.armies[army].race == "dwarf"
    total, parts = income([(w.kind[x], x in w.mine) for x in mine], dwarf, t.options.get("income", "typed"))
    ks = [x for x in mine if w.kind[x] == "kingdom"]
    ctx.emit(
        "dl.income",
        {
            "army": army,
            "gold": total,
            "kingdom": ks[0] if ks else "",
            "parts": [{"source": p.source, "gold": p.delta, "rule": p.rule} for p in parts],
        },
        rule="DL:3.6",
    )
    if total and len(ks) > 1:
        ctx.emit("dl.treasury", {"army": army, "n": total}, rule="DL:3.6")
        ctx.emit("dl.phase", {"phase": "income", "active": army}, rule="DL:3.6")
        return True
    if total and ks:
        ctx.emit("dl.gold", {"kingdom": ks[0], "n": total, "army": army}, rule="DL:3.6")
    return False


def end_turn(ctx, t) -> None:
    g = t.game
    if t.over:
        return
    order = g.order
    i = order.index(g.active)
    for k in range(1, len(order) + 1):
        a = order[(i + k) % len(order)]
        wrapped = i + k >= len(order)
        if g.armies[a].alive:
            rnd = g.round + (1 if wrapped else 0)
            limit = int(t.options.get("round_limit", 0) or 0)
            if wrapped and limit and g.round >= limit:
                return round_limit_end(ctx, t)
            return start_turn(ctx, t, a, rnd)


def seat_kingdoms(g, seat: int, occ) -> int:
    return sum(len(kingdoms_held(g, a, occ)) for a in range(len(g.armies)) if g.armies[a].seat == seat)


def check_victory(ctx, t) -> bool:
    """DL:4.1, checked after every change of ownership or elimination (INT-58): the only player with a
    King left, or a player holding the kingdoms needed (6; the agreed number in the short game)."""
    g = t.game
    if t.over:
        return True
    seats = sorted({a.seat for i, a in enumerate(g.armies) if a.alive and king_alive(g, i)})
    occ = occupancy(g)
    if len(seats) == 1:
        return _win(ctx, t, seats, "every other King is dead", occ)
    for s in seats:
        if seat_kingdoms(g, s, occ) >= g.kingdoms_to_win:
            return _win(ctx, t, [s], f"holds {g.kingdoms_to_win} kingdoms", occ)
    return False


def _scores(g, occ) -> dict:
    out = {}
    for s in sorted({a.seat for a in g.armies}):
        arm = [i for i, a in enumerate(g.armies) if a.seat == s]
        out[str(s)] = {
            "kingdoms": seat_kingdoms(g, s, occ),
            "territories": sum(len(held(g, a, occ)) for a in arm),
        }
    return out


def _win(ctx, t, seats, reason, occ) -> bool:
    ctx.emit("game.over", {"winners": seats, "scores": _scores(t.game, occ), "reason": reason}, rule="DL:4.1")
    return True


def round_limit_end(ctx, t) -> None:
    """ENG-CAP (not in the rulebook): after `round_limit` rounds the seat with most kingdoms, then
    most territories, wins; seats still tied share the win."""
    g = t.game
    occ = occupancy(g)
    sc = _scores(g, occ)
    alive = {a.seat for i, a in enumerate(g.armies) if a.alive}
    best = max((sc[str(s)]["kingdoms"], sc[str(s)]["territories"]) for s in alive)
    winners = sorted(s for s in alive if (sc[str(s)]["kingdoms"], sc[str(s)]["territories"]) == best)
    ctx.emit(
        "game.over",
        {"winners": winners, "scores": sc, "reason": f"round limit {t.options.get('round_limit')} reached"},
        rule="ENG-CAP",
    )
