"""The dungeon board: leaving, closing gaps and refilling, traps, treasures, breaches,
guardians and the Thunderstone reaching position 1 (AUTO-REFILL/TRAP/TREASURE/BREACH/GUARD, END-*)."""
from __future__ import annotations

from engine.games.thunderstone.content import card
from engine.games.thunderstone.places import (
    board_of,
    deck,
    defense_rule,
    disc,
    dungeon,
    guardian_out,
    hand,
    pos,
    position_of,
    tres,
    zone_of,
)
from engine.games.thunderstone.scoring import finish
from engine.games.thunderstone.solo import back_to_village
from engine.mechanics import zones


def gain_disease(ctx, t, s: int, rule: str) -> None:
    """A suffered disease goes onto the discard pile; the supply never runs out (CMP-1, p.16)."""
    if not t.zone("diseases"):
        k = sum(c.startswith("Krankheit#m") for z in t.zones.values() for c in z.cards)
        zones.add(ctx, "diseases", [f"Krankheit#m{k}"], "CMP-1")
    zones.gain(ctx, "diseases", disc(s), rule)


def destroy(ctx, t, src: str, cid: str, rule: str) -> None:
    """To the trash; a disease goes back to its stack (AUTO-TRASH); in solo "Die Rueckkehr" a
    village card goes back to the village (VAR-S-R3)."""
    if back_to_village(ctx, t, src, cid, rule):
        return
    zones.move(ctx, src, "diseases" if card(cid).kind == "disease" else "trash", [cid], rule)


def close_gap(ctx, t, p: int, left: str, capture: bool = False, b: str = "") -> None:
    """AUTO-REFILL after `left` left position p of dungeon b: higher cards move down one, then refill."""
    for q in range(p + 1, 4):
        if t.zone(pos(q, b)):
            moving = t.zone(pos(q, b))[0]
            zones.move(ctx, pos(q, b), pos(q - 1, b), [moving], "AUTO-REFILL")
            how = {"refill_after": left, "turn": t.game.turn, "from": q, **({"dungeon": b} if b else {})}
            if q - 1 == 1 and arrived_at_one(ctx, t, moving, how, capture, b):
                return
    refill(ctx, t, b)


def arrived_at_one(ctx, t, cid: str, how: dict, capture: bool = False, b: str = "") -> bool:
    """A card reached position 1: a Thunderstone ends the game, a breach is queued. True = game over."""
    k = card(cid)
    if k.kind == "thunderstone":
        s, blocked = t.game.active, guardian_out(t)
        taken = capture and not blocked
        if taken:
            zones.move(ctx, pos(1, b), disc(s), [cid], "END-2", seat=s)
        ctx.emit("ts.stone", {"stone": cid, "captured_by": s if taken else None, "guardian_out": blocked},
                 "END-2" if taken else "END-3" if capture else "END-1")
        finish(ctx, t, "the Thunderstone reached position 1")
        return True
    if k.all("breach"):
        ctx.emit("ts.breach_queued", {"monster": cid, "moved_by": how}, "AUTO-BREACH")
    return False


def refill(ctx, t, b: str = "") -> None:
    """Reveal dungeon cards onto empty position 3 until it holds a monster or a Thunderstone
    (A23: an empty dungeon deck leaves it empty)."""
    while not t.over and not t.zone(pos(3, b)) and t.zone(dungeon(b)):
        cid = t.zone(dungeon(b))[0]
        zones.move(ctx, dungeon(b), pos(3, b), [cid], "AUTO-REFILL")
        kind = card(cid).kind
        if t.game.variant:
            if t.game.guardian_in and card(cid).is_monster:
                ctx.emit("ts.angry", {"monster": cid}, defense_rule(t))
            if kind == "guardian" and not t.game.guardian_in:
                ctx.emit("ts.guardian_in", {"guardian": cid}, defense_rule(t))
        if kind == "trap":
            spring_trap(ctx, t, cid)
            zones.move(ctx, pos(3, b), "trash", [cid], "AUTO-TRAP")
        elif kind == "treasure":
            zones.move(ctx, pos(3, b), tres(t.game.active), [cid], "AUTO-TREASURE",
                       seat=t.game.active)


def spring_trap(ctx, t, trap: str) -> None:
    """AUTO-TRAP: resolve at once; a Wegelagerer shown from hand avoids it (reading A35)."""
    for a in card(trap).all("trap"):
        seats = range(t.players) if a.m else [t.game.active]
        for s in seats:
            guard = next((c for c in t.zone(hand(s)) if card(c).has("trophy", "avoid_trap")), None)
            if guard:
                ctx.emit("ts.trap_avoided", {"trap": trap, "seat": s, "shown": guard}, "AUTO-TRAP")
                continue
            if a.do == "reveal_destroy":
                reveal_destroy(ctx, t, s, a, trap)


def reveal_destroy(ctx, t, s: int, a, trap: str) -> None:
    shown = zones.draw(ctx, deck(s), disc(s), f"reveal{s}", a.n, "AUTO-TRAP")
    hit = [c for c in shown if card(c).kind == a.what]
    for c in hit:
        destroy(ctx, t, f"reveal{s}", c, "AUTO-TRAP")
    back = [c for c in shown if c not in hit]
    if back:
        zones.move(ctx, f"reveal{s}", deck(s), back, "AUTO-TRAP", trap=trap)


def apply_breaches(ctx, t) -> None:
    """AUTO-BREACH after the refill and traps; a guardian breaks out to position 0 (AUTO-GUARD)."""
    while t.game.t.breaches and not t.over:
        due = t.game.t.breaches[0]
        cid = due["monster"]
        where = zone_of(t, cid)
        here = position_of(t, cid) == 1
        ctx.emit("ts.breach", {"monster": cid, "moved_by": due["moved_by"], "applied": here,
                               "effects": [a.do for a in card(cid).all("breach")]}, "AUTO-BREACH")
        if not here:
            continue
        for a in card(cid).all("breach"):
            if a.do == "disease_all":
                for s in range(t.players):
                    for _ in range(a.n):
                        gain_disease(ctx, t, s, "AUTO-BREACH")
            elif a.do == "guardian":
                zones.move(ctx, where, pos(0), [cid], "AUTO-GUARD")
                close_gap(ctx, t, 1, cid, b=board_of(where))
                if t.over:
                    return
