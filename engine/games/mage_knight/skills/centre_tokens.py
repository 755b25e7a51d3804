"""The interactive skills' tokens in the table's centre (MK:5:Skills:4b), the part other modules
hook into: placing and returning a token, what a payment spent, Source Opening's crystal for the
extra die and Mana Overload's +4 (centre.py holds the other players' use). Imports nothing of
the turn's modules, so the payment and the card play may call it."""

from __future__ import annotations

from engine.games.mage_knight.cards.effects import bumped

RULE = "MK:5:Skills:4b"


def sources(table, spec: str) -> list[tuple[str, str]]:
    """The mana a payment spends, as (kind, colour): dice, Mana Steal's die, crystals, tokens."""
    out = []
    for s in [x for x in spec.split("+") if x]:
        kind, what = s.split(":")
        if kind in ("die", "stolen"):
            out.append((kind, table.game.source[int(what)]))
        elif kind in ("crystal", "token"):
            out.append((kind, what))
    return out


def spec_of(table, owner: int, skill: str) -> dict:
    return dict(table.game.players[owner].centre.get(skill, {}))


def place(ctx, table, seat: int, skill: str, spec: tuple) -> None:
    ctx.emit("mk.centre", {"seat": seat, "skill": skill, "spec": dict(spec)}, rule=RULE)


def back(ctx, table, owner: int, skill: str) -> None:
    ctx.emit("mk.centre", {"seat": owner, "skill": skill, "spec": None}, rule=RULE)


def paid(ctx, table, seat: int, spent: list[tuple[str, str]], gain_crystal) -> None:
    """After a payment: Source Opening's extra die gives its owner a crystal of the die's colour
    (`gain_crystal` is the ledger's, handed in by it)."""
    p = table.game.players[seat]
    owner = p.turn_effects.get("opening_for")
    if owner is None:
        return
    dice = [colour for kind, colour in spent if kind == "die"]
    if dice and len(p.dice) >= 2:
        ctx.emit("mk.turn_effect", {"seat": seat, "key": "opening_for", "value": None}, rule=RULE)
        if dice[-1] in ("red", "blue", "green", "white"):
            gain_crystal(ctx, table, owner, dice[-1], RULE)


def overloaded(ctx, table, seat: int, colours: list[str], atoms: list) -> list:
    """A card powered with a colour a Mana Overload token in the centre names: +4 to its first
    move, influence, attack or block, and the token goes back to its owner."""
    for q, p in enumerate(table.game.players):
        for sid, spec in sorted(p.centre.items()):
            if (
                spec.get("overload")
                and spec.get("colour") in colours
                and any(k in ("move", "influence", "attack", "block") for k, _ in atoms)
            ):
                back(ctx, table, q, sid)
                return bumped(atoms, spec["overload"])
    return atoms


def fold(table, d) -> None:
    centre = table.game.players[d["seat"]].centre
    if d["spec"] is None:
        centre.pop(d["skill"], None)
    else:
        centre[d["skill"]] = dict(d["spec"])
