"""A Source die claimed to the end of the round (Mana Claim, MK:5:Mana:3): nobody takes or rerolls
it this round; its owner gains tokens of its colour now, or one at the start of each of their
turns this round; with the curse (Mana Curse) every other player who pays mana of that colour
takes a wound, once a turn. The seat's `claimed` is [die index, colour, tokens per turn, curse,
round]; a claim of an earlier round has lapsed."""

from __future__ import annotations

RULE = "MK:5:Mana:3"


def active(game, p) -> bool:
    return bool(p.claimed) and p.claimed[4] == game.round


def claimed_dice(game) -> set[int]:
    return {p.claimed[0] for p in game.players if active(game, p)}


def claim(ctx, table, seat: int, index: int, v: tuple) -> list:
    """The die is set to its colour and kept; the tokens due now are returned as atoms."""
    now, per_turn, curse = v
    colour = table.game.source[index]
    ctx.emit("mk.die_set", {"seat": seat, "index": index, "colour": colour}, rule=RULE)
    ctx.emit(
        "mk.claimed", {"seat": seat, "claimed": [index, colour, per_turn, curse, table.game.round]}, rule=RULE
    )
    return [("gain_mana_token", colour)] * now


def turn_started(ctx, table, ev) -> None:
    """mk.turn: a claim giving a token a turn gives it now."""
    game = table.game
    seat = ev.data["seat"]
    p = game.players[seat]
    if active(game, p) and p.claimed[2]:
        for _ in range(p.claimed[2]):
            ctx.emit("mk.token", {"seat": seat, "colour": p.claimed[1], "delta": 1}, rule=RULE)


def cursed(ctx, table, seat: int, colours: list[str], take_wounds) -> None:
    """A seat paid mana of these colours: a wound if another seat's cursed claim names one
    (once a turn); `take_wounds` is the ledger's, handed in by it."""
    game = table.game
    p = game.players[seat]
    if p.turn_effects.get("cursed"):
        return
    hit = any(
        active(game, q) and q.claimed[3] and q.claimed[1] in colours
        for s, q in enumerate(game.players)
        if s != seat
    )
    if hit:
        ctx.emit("mk.turn_effect", {"seat": seat, "key": "cursed", "value": True}, rule=RULE)
        take_wounds(ctx, table, seat, 1, RULE)


def fold(table, d) -> None:
    table.game.players[d["seat"]].claimed = list(d["claimed"])
