"""Reading A22 of Mage Knight (catalog.toml `[readings.A22]`, MK:10:City:2): city defenders
defeated in an assault that does not conquer the city. Called by city_reveal.after_assault (one
hook line); its event `mk.city_restored` is folded here (apply.py's table names it)."""

from __future__ import annotations

import msgspec

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.mechanics import zones
from engine.mechanics.zones import card_name
from engine.readings import chosen

CITY_DEFENDERS = "A22"


def restore_defenders(ctx, table, space: str, beaten: list[str]) -> None:
    """A22 (MK:10:City:2): city defenders defeated in an assault that did not conquer the city.
    The digest: they stay defeated, their shields record them. Under `return_on_failure` they
    go back to the city, face up (the shields stay): the next assault faces them again."""
    if chosen(table, CITY_DEFENDERS) != "return_on_failure":
        return
    for tok in beaten:
        pile = state.enemy_discard(content().enemies[card_name(tok)].color)
        if tok in table.zone(pile):
            zones.move(ctx, pile, state.at(space), [tok], rule="MK:10:City:2")
    ctx.emit("mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:10:City:2")
    ctx.emit(
        "mk.city_restored",
        {"space": space, "tokens": list(beaten), "reading": CITY_DEFENDERS},
        rule="MK:10:City:2",
    )


def fold_restored(table, d: dict) -> None:
    """`mk.city_restored`: the defenders are the city's garrison again, no longer defeated."""
    game = table.game
    i = next(i for i, c in enumerate(game.cities) if d["space"] in c.spaces)
    c = game.cities[i]
    game.cities[i] = msgspec.structs.replace(
        c,
        garrison=c.garrison + [x for x in d["tokens"] if x not in c.garrison],
        defeated=[x for x in c.defeated if x not in d["tokens"]],
    )
