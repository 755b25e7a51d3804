"""Card zones: decks, hands, discard piles, the trash and supply piles.

Index 0 is the top of a zone. Who may see a zone's cards decides each move's visibility:
a move into a public zone is public; a move that shows cards to more seats is a reveal
(undo will not cross it, invariant 6).
"""

from __future__ import annotations

from typing import Any

from engine.context import Ctx
from engine.table import Table

PUBLIC, OWNER, HIDDEN = "public", "owner", "hidden"
_SCALARS = (str, int, bool, type(None))  # their JSON round trip gives them back as they are


def card_name(card_id: str) -> str:
    return card_id.split("#", 1)[0]


def instances(name: str, count: int, start: int = 1) -> list[str]:
    return [f"{name}#{i}" for i in range(start, start + count)]


def seers(table: Table, zone: str) -> list[int] | None:
    z = table.zones[zone]
    vis = z.vis
    if vis == PUBLIC:
        return None
    if vis == OWNER and z.owner is not None:
        return [z.owner]
    return []


def create(
    ctx: Ctx, name: str, cards: list[str], rule: str, owner: int | None = None, vis: str = PUBLIC
) -> None:
    if vis not in (PUBLIC, OWNER, HIDDEN):
        raise ValueError(f"zone {name}: visibility {vis!r}")
    see = None if vis == PUBLIC else ([owner] if vis == OWNER and owner is not None else [])
    ctx.emit(
        "zone.created",
        {"zone": name, "cards": list(cards), "owner": owner, "vis": vis, "n": len(cards)},
        rule,
        see,
    )


def add(ctx: Ctx, zone: str, cards: list[str], rule: str, to: str = "top") -> None:
    """Bring new cards into an existing zone (an unlimited supply minting another copy)."""
    ctx.emit(
        "zone.added",
        {"zone": zone, "cards": list(cards), "n": len(cards), "to": to},
        rule,
        seers(ctx.table, zone),
    )


def move(ctx: Ctx, src: str, dst: str, cards: list[str], rule: str, to: str = "top", **detail: Any) -> None:
    """Move named cards; the event is seen by whoever can see either zone."""
    if not cards:
        return
    zs = ctx.table.zones
    za, zb = zs[src], zs[dst]
    have = za.cards
    whole = cards == have  # (a whole zone moved, often: each card is there, no search)
    owned = True  # every card an exact str (see Ctx.emit's `_owned`)
    for c in cards:
        if not whole and c not in have:
            raise ValueError(f"{c} is not in {src}")
        if type(c) is not str:
            owned = False
    # who sees each zone: `seers`, written out (once per move)
    if za.vis == PUBLIC:
        vis, reveal = None, False
    elif zb.vis == PUBLIC:
        vis, reveal = None, True
    else:
        a = [za.owner] if za.vis == OWNER and za.owner is not None else []
        b = [zb.owner] if zb.vis == OWNER and zb.owner is not None else []
        if a == b:  # the same seers (both hidden, or both one owner's): nothing is shown
            vis, reveal = a, False
        else:
            vis = sorted(set(a) | set(b))
            reveal = not set(b) <= set(a)
    data = {"src": src, "dst": dst, "cards": list(cards), "n": len(cards), "to": to}
    if detail:
        data.update(detail)
        for v in detail.values():
            if type(v) not in _SCALARS:
                owned = False
    if reveal:
        data["reveal"] = True
    if owned and type(src) is str and type(dst) is str and type(to) is str and isinstance(ctx, Ctx):
        ctx.emit("zone.moved", data, rule, vis, None, True)
    else:
        ctx.emit("zone.moved", data, rule, vis)


def move_top(ctx: Ctx, src: str, dst: str, n: int, rule: str, to: str = "top", **detail: Any) -> list[str]:
    cards = ctx.table.zones[src].cards[:n]
    move(ctx, src, dst, cards, rule, to, **detail)
    return cards


def draw(
    ctx: Ctx, deck: str, discard: str, hand: str, n: int, rule: str, reshuffle_rule: str | None = None
) -> list[str]:
    """Draw n, shuffling the discard pile in as the new deck when the deck runs out."""
    drawn: list[str] = []
    table = ctx.table
    while len(drawn) < n:
        if not table.zones[deck].cards:
            if not table.zones[discard].cards:
                break
            rr = reshuffle_rule or rule
            move(ctx, discard, deck, list(table.zones[discard].cards), rr, to="bottom")
            ctx.shuffle(deck, rr)
        drawn += move_top(ctx, deck, hand, n - len(drawn), rule)
    return drawn


def gain(ctx: Ctx, supply: str, dst: str, rule: str, to: str = "top") -> str | None:
    got = move_top(ctx, supply, dst, 1, rule, to)
    return got[0] if got else None


def destroy(ctx: Ctx, src: str, card: str, rule: str, trash: str = "trash") -> None:
    move(ctx, src, trash, [card], rule)


def view(table: Table, seat: int | None) -> dict[str, dict[str, Any]]:
    """Zones as a seat sees them: hidden and others' owner zones show only their size."""
    out = {}
    for name, z in table.zones.items():
        visible = z.vis == PUBLIC or (z.vis == OWNER and seat is not None and z.owner == seat)
        out[name] = {
            "n": len(z.cards),
            "owner": z.owner,
            "vis": z.vis,
            **({"cards": list(z.cards)} if visible else {}),
        }
    return out
