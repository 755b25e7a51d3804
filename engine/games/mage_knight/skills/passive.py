"""Skills that act when gained or all the time, not by a `skill` command (MK:5:Skills:4d): a
rotating token put on a random option (rotating.py), and an extra command token whose unit
costs less to recruit and cannot be disbanded (Bonds of Loyalty: a `command_token` node with its
`discount`). The seat's `bond_unit` names the unit in that token ("" while it is free)."""

from __future__ import annotations

from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.skills import rotating

RULE = "MK:5:Skills:4d"


def command_token(skill: str) -> dict:
    tree = content().skills[skill].effect if skill in content().skills else None
    spec = tree.get("command_token") if isinstance(tree, dict) else None
    return spec if isinstance(spec, dict) else {}


def extra_command(p) -> int:
    """Command tokens the seat's skills add to its level's (kept through level-ups)."""
    return sum(1 for s in p.skills if command_token(s))


def on_gained(ctx, table, seat: int, skill: str) -> None:
    rotating.on_gained(ctx, table, seat, skill)
    if command_token(skill):
        ctx.emit("mk.command", {"seat": seat, "command": table.game.players[seat].command + 1}, rule=RULE)


def bond_discount(table, seat: int) -> int:
    """The influence off a recruit while the skill's command token is free."""
    p = table.game.players[seat]
    if p.bond_unit:
        return 0
    return max([command_token(s).get("discount", 0) for s in p.skills if command_token(s)] or [0])


def recruited(ctx, table, seat: int, uid: str) -> None:
    """A recruit with the discount takes the skill's command token."""
    if bond_discount(table, seat):
        ctx.emit("mk.bond", {"seat": seat, "unit": uid}, rule=RULE)


def unit_gone(ctx, table, ev) -> None:
    """mk.unit_destroyed: the skill's command token is free again."""
    seat, uid = ev.data["seat"], ev.data["uid"]
    if table.game.players[seat].bond_unit == uid:
        ctx.emit("mk.bond", {"seat": seat, "unit": ""}, rule=RULE)


def fold_command(table, d) -> None:
    table.game.players[d["seat"]].command = d["command"]


def fold_bond(table, d) -> None:
    table.game.players[d["seat"]].bond_unit = d["unit"]
