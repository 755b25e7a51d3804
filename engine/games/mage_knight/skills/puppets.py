"""Puppet Master (MK:5:Skills:4d): an enemy token defeated in this combat is kept (zone
`kept:<seat>`) instead of going to its discard pile; a kept token is later given up for an
attack of half its first attack value (its element) in the attack phase, or a block of half its
armour in the block phase, rounded down (reading, catalog.toml)."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:5:Skills:4d"


def zone(seat: int) -> str:
    return f"kept:{seat}"


def keepable(table) -> list[str]:
    """Defeated tokens of this combat still on their map spaces (summoned ones are not)."""
    game = table.game
    c = game.combat
    if c is None:
        return []
    beaten = {e.uid for e in c.enemies if e.defeated}
    return sorted(tok for k in game.combat_spaces for tok in game.board.spaces[k].enemies if tok in beaten)


def kept(table, seat: int) -> list[str]:
    return list(table.zone(zone(seat))) if zone(seat) in table.zones else []


def points(tok: str, mode: str) -> dict:
    e = content().enemies[card_name(tok)]
    if mode == "attack":
        hits = [a for a in e.attacks if not a.summon]
        return {
            "value": hits[0].value // 2 if hits else 0,
            "type": "melee",
            "element": hits[0].element if hits else "physical",
        }
    return {"value": e.armor // 2, "element": "physical"}


def options(table, seat: int, mode: str) -> list[dict]:
    c = table.game.combat
    if c is None:
        return []
    if mode == "keep":
        return [{"token": tok} for tok in keepable(table)]
    if c.phase != mode:
        return []
    return [{"token": tok} for tok in sorted(set(kept(table, seat))) if points(tok, mode)["value"] > 0]


def run(ctx, table, seat: int, mode: str, tok: str) -> list:
    if mode == "keep":
        space = next(k for k in table.game.combat_spaces if tok in table.game.board.spaces[k].enemies)
        if zone(seat) not in table.zones:
            zones.create(ctx, zone(seat), [], RULE, owner=seat)
        zones.move(ctx, state.at(space), zone(seat), [tok], rule=RULE)
        ctx.emit(
            "mk.enemies",
            {"space": space, "tokens": [x for x in table.game.board.spaces[space].enemies if x != tok]},
            rule=RULE,
        )
        return []
    zones.move(
        ctx, zone(seat), state.enemy_discard(content().enemies[card_name(tok)].color), [tok], rule=RULE
    )
    return [(mode, points(tok, mode))]
