"""The dungeon board: leaving, closing gaps and refilling, traps, treasures, breaches,
guardians and the Thunderstone reaching position 1 (AUTO-REFILL/TRAP/TREASURE/BREACH/GUARD, END-*)."""

from __future__ import annotations

from engine.games.thunderstone.content import card
from engine.games.thunderstone.outcome import finish
from engine.games.thunderstone.places import (
    board_of,
    deck,
    defense_rule,
    disc,
    dungeon,
    guardian_out,
    hand,
    play,
    pos,
    position_of,
    stack,
    stack_cards,
    tres,
    village_stacks,
    zone_of,
)
from engine.games.thunderstone.solo import back_to_village
from engine.mechanics import zones


def gain_disease(ctx, table, s: int, rule: str) -> None:
    """A suffered disease goes onto the discard pile; the supply never runs out (CMP-1, p.16)."""
    if not table.zone("diseases"):
        k = sum(c.startswith("Krankheit#m") for z in table.zones.values() for c in z.cards)
        zones.add(ctx, "diseases", [f"Krankheit#m{k}"], "CMP-1")
    zones.gain(ctx, "diseases", disc(s), rule)


def destroy(ctx, table, src: str, cid: str, rule: str) -> None:
    """To the trash; a disease goes back to its stack (AUTO-TRASH); in solo "Die Rueckkehr" a
    village card goes back to the village (VAR-S-R3)."""
    if back_to_village(ctx, table, src, cid, rule):
        return
    zones.move(ctx, src, "diseases" if card(cid).kind == "disease" else "trash", [cid], rule)


def close_gap(ctx, table, p: int, left: str, capture: bool = False, b: str = "") -> None:
    """AUTO-REFILL after `left` left position p of dungeon b: higher cards move down one, then refill."""
    for q in range(p + 1, 4):
        if table.zone(pos(q, b)):
            moving = table.zone(pos(q, b))[0]
            zones.move(ctx, pos(q, b), pos(q - 1, b), [moving], "AUTO-REFILL")
            how = {"refill_after": left, "turn": table.game.turn, "from": q, **({"dungeon": b} if b else {})}
            if q - 1 == 1 and arrived_at_one(ctx, table, moving, how, capture, b):
                return
    refill(ctx, table, b)


def arrived_at_one(ctx, table, cid: str, how: dict, capture: bool = False, b: str = "") -> bool:
    """A card reached position 1: a Thunderstone ends the game, a breach is queued. True = game over."""
    k = card(cid)
    if k.kind == "thunderstone":
        s, blocked = table.game.active, guardian_out(table)
        taken = capture and not blocked
        if taken:
            zones.move(ctx, pos(1, b), disc(s), [cid], "END-2", seat=s)
        ctx.emit(
            "ts.stone",
            {"stone": cid, "captured_by": s if taken else None, "guardian_out": blocked},
            "END-2" if taken else "END-3" if capture else "END-1",
        )
        finish(ctx, table, "the Thunderstone reached position 1")
        return True
    if k.all("breach"):
        ctx.emit("ts.breach_queued", {"monster": cid, "moved_by": how}, "AUTO-BREACH")
    return False


def refill(ctx, table, b: str = "") -> None:
    """Reveal dungeon cards onto empty position 3 until it holds a monster or a Thunderstone
    (A23: an empty dungeon deck leaves it empty)."""
    while not table.over and not table.zone(pos(3, b)) and table.zone(dungeon(b)):
        cid = table.zone(dungeon(b))[0]
        zones.move(ctx, dungeon(b), pos(3, b), [cid], "AUTO-REFILL")
        kind = card(cid).kind
        if table.game.variant:
            if table.game.guardian_in and card(cid).is_monster:
                ctx.emit("ts.angry", {"monster": cid}, defense_rule(table))
            if kind == "guardian" and not table.game.guardian_in:
                ctx.emit("ts.guardian_in", {"guardian": cid}, defense_rule(table))
        if kind == "trap":
            spring_trap(ctx, table, cid)
            zones.move(ctx, pos(3, b), "trash", [cid], "AUTO-TRAP")
        elif kind == "treasure":
            zones.move(
                ctx, pos(3, b), tres(table.game.active), [cid], "AUTO-TREASURE", seat=table.game.active
            )


def spring_trap(ctx, table, trap: str) -> None:
    """AUTO-TRAP: resolve at once; a Wegelagerer shown from hand avoids it for its owner (reading
    A35). Seats in turn from the active player's left, the active player last (Drachenmaul)."""
    act = table.game.active
    order = [(act + i) % table.players for i in range(1, table.players + 1)]
    for a in card(trap).all("trap"):
        seats = [s for s in order if a.m or a.do != "reveal_destroy" or s == act]
        safe = []
        for s in seats:
            guard = next((c for c in table.zone(hand(s)) if card(c).has("trophy", "avoid_trap")), None)
            if guard:
                ctx.emit("ts.trap_avoided", {"trap": trap, "seat": s, "shown": guard}, "AUTO-TRAP")
            else:
                safe.append(s)
        if a.do == "reveal_destroy":
            for s in safe:
                reveal_destroy(ctx, table, s, a, trap)
        elif a.do == "reveal_until":
            reveal_until(ctx, table, safe, a, trap)
        elif a.do == "thief_or_lose":
            for s in safe:
                thief_or_lose(ctx, table, s, a, trap)
        elif a.do == "cull_heroes":
            cull_heroes(ctx, table, safe, a, trap)
        elif a.do == "words":
            words(ctx, table, safe, a, trap)


def mine(table, s: int) -> str:
    """Where a seat's cards in hand are while a trap springs: the active player's are laid out."""
    return play(s) if s == table.game.active else hand(s)


def thief_or_lose(ctx, table, s: int, a, trap: str) -> None:
    """Dragon's Claws: show a thief, or destroy every card of kind `what` in hand."""
    held = table.zone(mine(table, s))
    if any("thief" in card(c).keywords for c in held):
        ctx.emit("ts.trap_avoided", {"trap": trap, "seat": s, "shown": "thief"}, "AUTO-TRAP")
        return
    for c in [c for c in held if card(c).kind == a.what]:
        destroy(ctx, table, mine(table, s), c, "AUTO-TRAP")


def reveal_until(ctx, table, seats: list[int], a, trap: str) -> None:
    """Drachenmaul (Dragon's Jaw): in turn, each player reveals his next deck card; every card of
    kind `what` is destroyed; after n such cards, or when every deck is shown, the rest go back
    (p.21: onto their owners' decks, i.e. they stay where they were)."""
    depth, hit = 0, 0
    while hit < a.n and any(depth < len(table.zone(deck(s))) for s in seats):
        for s in seats:
            cards = table.zone(deck(s))
            if depth < len(cards) and hit < a.n:
                c = cards[depth]
                if card(c).kind == a.what:
                    destroy(ctx, table, deck(s), c, "AUTO-TRAP")
                    hit += 1
                    continue
        depth += 1


def cull_heroes(ctx, table, seats: list[int], a, trap: str) -> None:
    """Dragon's Teeth: the active player destroys his weakest hero; every other player discards
    his top n deck cards and destroys the heroes among them except those of highest strength."""
    act = table.game.active
    for s in seats:
        if s == act:
            hs = [c for c in table.zone(play(s)) if card(c).kind == "hero"]
            if hs:
                low = min(card(c).strength for c in hs)
                destroy(ctx, table, play(s), next(c for c in hs if card(c).strength == low), "AUTO-TRAP")
            continue
        shown = zones.draw(ctx, deck(s), disc(s), f"reveal{s}", a.n, "AUTO-TRAP", reshuffle_rule="AUTO-DRAW")
        hs = [c for c in shown if card(c).kind == "hero"]
        top = max((card(c).strength for c in hs), default=0)
        for c in hs:
            if card(c).strength < top:
                destroy(ctx, table, f"reveal{s}", c, "AUTO-TRAP")
        rest = [c for c in shown if c in table.zone(f"reveal{s}")]
        if rest:
            zones.move(ctx, f"reveal{s}", disc(s), rest, "AUTO-TRAP")


def words(ctx, table, seats: list[int], a, trap: str) -> None:
    """Dragon's Words: a monster defeated this turn is destroyed unless the active player shows a
    thief; every other player destroys his deck's top card if it is a monster."""
    act, tt = table.game.active, table.game.t
    if (
        act in seats
        and tt.won
        and tt.target in table.zone(disc(act))
        and not any("thief" in card(c).keywords for c in table.zone(play(act)))
    ):
        destroy(ctx, table, disc(act), tt.target, "AUTO-TRAP")
    for s in seats:
        if s != act and table.zone(deck(s)) and card(table.zone(deck(s))[0]).is_monster:
            destroy(ctx, table, deck(s), table.zone(deck(s))[0], "AUTO-TRAP")


def reveal_destroy(ctx, table, s: int, a, trap: str) -> None:
    shown = zones.draw(ctx, deck(s), disc(s), f"reveal{s}", a.n, "AUTO-TRAP")
    hit = [c for c in shown if card(c).kind == a.what]
    for c in hit:
        destroy(ctx, table, f"reveal{s}", c, "AUTO-TRAP")
    back = [c for c in shown if c not in hit]
    if back:
        zones.move(ctx, f"reveal{s}", deck(s), back, "AUTO-TRAP", trap=trap)


def apply_breaches(ctx, table) -> None:
    """AUTO-BREACH after the refill and traps; a guardian breaks out to position 0 (AUTO-GUARD)."""
    while table.game.t.breaches and not table.over:
        due = table.game.t.breaches[0]
        cid = due["monster"]
        where = zone_of(table, cid)
        here = position_of(table, cid) == 1
        ctx.emit(
            "ts.breach",
            {
                "monster": cid,
                "moved_by": due["moved_by"],
                "applied": here,
                "effects": [a.do for a in card(cid).all("breach")],
            },
            "AUTO-BREACH",
        )
        if not here:
            continue
        assert where is not None, cid  # in position 1: on the board
        for a in card(cid).all("breach"):
            if a.do == "disease_all":
                for s in range(table.players):
                    for _ in range(a.n):
                        gain_disease(ctx, table, s, "AUTO-BREACH")
            elif a.do == "raze_village":
                raze_village(ctx, table, a.n, a.m)
            elif a.do == "mill_hero":
                for s in range(table.players):
                    mill_hero(ctx, table, s)
            elif a.do == "guardian":
                zones.move(ctx, where, pos(0), [cid], "AUTO-GUARD")
                close_gap(ctx, table, 1, cid, b=board_of(where))
                if table.over:
                    return


def raze_village(ctx, table, n: int, gold: int) -> None:
    """Wuetender Wind: the top n cards of every village stack whose top card has a gold value of
    `gold` or more leave the game (to the trash). In solo "Die Rueckkehr" a destroyed village card
    goes back to its stack (VAR-S-R3), so nothing changes there."""
    if table.game.returning:
        return
    for name in village_stacks(table):
        cards = stack_cards(table, name)
        if cards and (card(cards[0]).gold or 0) >= gold and card(cards[0]).kind != "disease":
            zones.move(ctx, stack(name), "trash", list(cards[:n]), "AUTO-BREACH")


def mill_hero(ctx, table, s: int) -> None:
    """Hydra: discard from the deck top until a hero shows, then destroy that hero (the discard
    pile is not shuffled in: a deck without a hero is discarded whole)."""
    cards = table.zone(deck(s))
    i = next((i for i, c in enumerate(cards) if card(c).kind == "hero"), None)
    upto = list(cards[: len(cards) if i is None else i])
    if upto:
        zones.move(ctx, deck(s), disc(s), upto, "AUTO-BREACH")
    if i is not None:
        destroy(ctx, table, deck(s), table.zone(deck(s))[0], "AUTO-BREACH")
