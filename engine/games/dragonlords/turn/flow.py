"""Phase and turn order (§3): the seven phases of an army's turn, set-up placement order, income,
the end of a round, victory and the engine's round limit."""

from __future__ import annotations

from engine.games.dragonlords.battles.arithmetic import income
from engine.games.dragonlords.board import held, holds_any, kingdom_counts, kingdoms_held, occupancy
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn.ships import set_ship_moves

TURN = ("purchase", "naval", "quest", "combat", "transfer", "income", "reinforce")
SETUP = ("setup_kingdom", "setup_claim", "setup_extra", "setup_chips", "setup_ship", "setup_gold")


def claimable(game) -> list[str]:
    """Unoccupied territories open at set-up: no islands, no tundra in the short game (DL:2.3/placement)."""
    occ = occupancy(game)  # a place with troops or a hero there (kept across events)
    return [t for t in _open_land(world(), bool(game.short)) if not occ.get(t)]


_OPEN: dict[tuple[int, bool], tuple[object, tuple[str, ...]]] = {}


def _open_land(w, short: bool) -> tuple[str, ...]:
    """The territories of a map open at set-up when empty, sorted: worked out once per map
    (a map never changes; the map itself is kept with them, so its id names no other)."""
    got = _OPEN.get((id(w), short))
    if got is None or got[0] is not w:
        land = tuple(t for t in w.territory_list if w.kind[t] != "island" and not (short and t in w.tundra))
        got = _OPEN[(id(w), short)] = (w, land)
    return got[1]


def next_setup(ctx, table) -> None:
    """Pass set-up placement to the next army in order, or on to the next step (DL:2.3/placement)."""
    game = table.game
    order, ph = game.order, game.phase
    i = order.index(game.active)
    nxt = order[(i + 1) % len(order)]
    if ph == "setup_kingdom":
        if i + 1 < len(order):
            return _set(ctx, "setup_kingdom", nxt)
        return _claim_from(ctx, table, order[0])
    if ph == "setup_claim":
        return _claim_from(ctx, table, nxt)
    if ph == "setup_extra":
        return _extra_from(ctx, table, nxt)
    if ph == "setup_chips":
        if i + 1 < len(order):
            return _set(ctx, "setup_chips", nxt)
        return _set(ctx, "setup_ship", order[0])
    if ph == "setup_ship":
        if i + 1 < len(order):
            return _set(ctx, "setup_ship", nxt)
        return finish_setup(ctx, table)


def _set(ctx, phase, army, **extra):
    ctx.emit("dl.phase", {"phase": phase, "active": army, **extra}, rule="DL:2.3/placement")


def _claim_from(ctx, table, army) -> None:
    """P2: each army in turn claims one unoccupied territory; an army without units skips (INT-14)."""
    game = table.game
    if not claimable(game) or not any(v > 0 for v in game.placing.values()):
        return _extra_from(ctx, table, game.order[0])
    order = game.order
    i = order.index(army)
    for k in range(len(order)):
        a = order[(i + k) % len(order)]
        if game.placing.get(str(a), 0) > 0:
            return _set(ctx, "setup_claim", a)


def _extra_from(ctx, table, army) -> None:
    game = table.game
    order = game.order
    i = order.index(army)
    for k in range(len(order)):
        a = order[(i + k) % len(order)]
        if game.placing.get(str(a), 0) > 0 and holds_any(game, a):
            return _set(ctx, "setup_extra", a)
    return _set(ctx, "setup_chips", order[0])


def finish_setup(ctx, table) -> None:
    """P6: each army's gold goes into its kingdom; an army holding several splits it (`stash`)."""
    game = table.game
    occ = occupancy(game)
    for a in game.order:
        ks = kingdoms_held(game, a, occ)
        n = game.treasury.get(str(a), 0)
        if len(ks) > 1 and n:
            return _set(ctx, "setup_gold", a)
        if ks and n:
            ctx.emit("dl.treasury", {"army": a, "n": -n}, rule="DL:2.3.3")
            ctx.emit("dl.gold", {"kingdom": ks[0], "n": n, "army": a}, rule="DL:2.3.3")
    start_turn(ctx, table, game.order[0], 1)


def start_turn(ctx, table, army: int, rnd: int) -> None:
    ctx.emit("dl.phase", {"phase": "purchase", "active": army, "round": rnd, "new_turn": True}, rule="DL:3")
    ctx.emit("dl.army", {"army": army, "set": {"orcs_bought": 0}}, rule="DL:3.1")


def next_phase(ctx, table) -> None:
    """Move the active army to its next phase; after reinforcements the next living army's turn."""
    game = table.game
    ph = TURN[TURN.index(game.phase) + 1] if game.phase != "reinforce" else None
    if ph == "naval":
        ctx.emit("dl.phase", {"phase": ph, "active": game.active}, rule="DL:3.2/ships")
        set_ship_moves(ctx, table)
        return
    if ph == "transfer":
        ctx.emit("dl.phase", {"phase": ph, "active": game.active, "clear_moved": True}, rule="DL:3.5")
        return
    if ph == "income":
        if collect_income(ctx, table, game.active):
            return
        ph = "reinforce"
    if ph == "reinforce":
        if any(game.armies[game.active].bought.values()):
            ctx.emit("dl.phase", {"phase": ph, "active": game.active}, rule="DL:3.7")
            return
        ph = None
    if ph is None:
        return end_turn(ctx, table)
    rule = {"quest": "DL:3.3/party", "combat": "DL:3.4/general"}[ph]
    ctx.emit("dl.phase", {"phase": ph, "active": game.active}, rule=rule)


def collect_income(ctx, table, army: int) -> bool:
    """Phase 6 (DL:3.6): gold by territory kind, nothing without a kingdom. With one kingdom the gold
    goes there; a player holding several splits it among them (`stash`): True while that waits."""
    game = table.game
    w = world()
    occ = occupancy(game)
    mine = held(game, army, occ)
    dwarf = game.armies[army].race == "dwarf"
    total, parts = income(
        [(w.kind[x], x in w.mine) for x in mine], dwarf, table.options.get("income", "typed")
    )
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


def end_turn(ctx, table) -> None:
    game = table.game
    if table.over:
        return
    order = game.order
    i = order.index(game.active)
    for k in range(1, len(order) + 1):
        a = order[(i + k) % len(order)]
        wrapped = i + k >= len(order)
        if game.armies[a].alive:
            rnd = game.round + (1 if wrapped else 0)
            limit = int(table.options.get("round_limit", 0) or 0)
            if wrapped and limit and game.round >= limit:
                return round_limit_end(ctx, table)
            return start_turn(ctx, table, a, rnd)


def seat_kingdoms(game, seat: int, occ) -> int:
    return sum(
        len(kingdoms_held(game, a, occ)) for a in range(len(game.armies)) if game.armies[a].seat == seat
    )


def check_victory(ctx, table) -> bool:
    """DL:4.1, checked after every change of ownership or elimination (INT-58): the only player with a
    King left, or a player holding the kingdoms needed (6; the agreed number in the short game)."""
    game = table.game
    if table.over:
        return True
    armies = game.armies
    kings = {x.army for x in game.heroes.values() if x.role == "king"}  # king_alive, every army at once
    seats = sorted({armies[i].seat for i in kings if armies[i].alive})
    if len(seats) == 1:
        return _win(ctx, table, seats, "every other King is dead", occupancy(game))
    held_by = kingdom_counts(game)  # seat_kingdoms of every seat from one pass over the kingdoms
    if sum(held_by.values()) < game.kingdoms_to_win:  # not even all seats together hold enough
        return False
    by_seat: dict[int, int] = {}
    for a, n in held_by.items():
        by_seat[armies[a].seat] = by_seat.get(armies[a].seat, 0) + n
    for s in seats:
        if by_seat.get(s, 0) >= game.kingdoms_to_win:
            return _win(ctx, table, [s], f"holds {game.kingdoms_to_win} kingdoms", occupancy(game))
    return False


def _scores(game, occ) -> dict:
    out = {}
    for s in sorted({a.seat for a in game.armies}):
        arm = [i for i, a in enumerate(game.armies) if a.seat == s]
        out[str(s)] = {
            "kingdoms": seat_kingdoms(game, s, occ),
            "territories": sum(len(held(game, a, occ)) for a in arm),
        }
    return out


def _win(ctx, table, seats, reason, occ) -> bool:
    ctx.emit(
        "game.over", {"winners": seats, "scores": _scores(table.game, occ), "reason": reason}, rule="DL:4.1"
    )
    return True


def round_limit_end(ctx, table) -> None:
    """ENG-CAP (not in the rulebook): after `round_limit` rounds the seat with most kingdoms, then
    most territories, wins; seats still tied share the win."""
    game = table.game
    occ = occupancy(game)
    sc = _scores(game, occ)
    alive = {a.seat for i, a in enumerate(game.armies) if a.alive}
    best = max((sc[str(s)]["kingdoms"], sc[str(s)]["territories"]) for s in alive)
    winners = sorted(s for s in alive if (sc[str(s)]["kingdoms"], sc[str(s)]["territories"]) == best)
    ctx.emit(
        "game.over",
        {
            "winners": winners,
            "scores": sc,
            "reason": f"round limit {table.options.get('round_limit')} reached",
        },
        rule="ENG-CAP",
    )
