"""A skill with a rotating token (Master of Chaos, MK:5:Skills:4d): the token is put on a random
one of its options when the skill is gained (the chance API), each use gives the option it shows
and turns it one step on. The seat's `token_shows` maps the skill to the option shown."""

from __future__ import annotations

from engine.games.mage_knight.content.load import content


def options(skill: str) -> int:
    """How many options the skill's rotating token has (0: not a rotating skill)."""
    sk = content().skills.get(skill)
    tree = sk.effect if sk is not None else None
    return len(tree["rotating"]) if isinstance(tree, dict) and isinstance(tree.get("rotating"), list) else 0


def on_gained(ctx, table, seat: int, skill: str) -> None:
    n = options(skill)
    if n:
        shows = ctx.pick("mk.rotating_token", list(range(n)), 1, rule="MK:5:Skills:4d")[0]
        ctx.emit("mk.token_turned", {"seat": seat, "skill": skill, "shows": shows}, rule="MK:5:Skills:4d")


def shows(table, seat: int, skill: str) -> int:
    return table.game.players[seat].token_shows.get(skill, 0)


def turn(ctx, table, seat: int, skill: str, v: tuple) -> None:
    i, n = v
    ctx.emit("mk.token_turned", {"seat": seat, "skill": skill, "shows": (i + 1) % n}, rule="MK:5:Skills:4d")


def fold(table, d) -> None:
    table.game.players[d["seat"]].token_shows[d["skill"]] = d["shows"]
