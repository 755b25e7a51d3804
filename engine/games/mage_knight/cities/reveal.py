"""Cities on the map (MK:10:City, MK:18:Scen:CityLevels): the wiring of the pure cities.py into
exploring, moving and combat.

- a city tile revealed: its city gets its level and its defenders drawn face down by colour and
  level (hostile), every player's shield (friendly), or nothing (closed, sealed); the last city
  may be a Megalopolis (variant `megalopolis:N`);
- a hero steps into a hostile city: an assault (fight.assault) whose defenders are fortified and
  get the colour bonus (`strengthen`);
- after the combat: a shield per defeated defender, conquest and the leader when the last falls;
  a failed assault retreats to the space the hero came from (MK:10:City:2).
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.apply_scenario_events import city_at
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.combat.state import raise_armour
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import key, tile_spaces, unkey
from engine.games.mage_knight.map.tokens import draw_token
from engine.games.mage_knight.readings.city import (
    restore_defenders,  # reading A22: do they stay defeated?
)
from engine.games.mage_knight.scenarios.book import scenarios
from engine.games.mage_knight.scenarios.variants import megalopolis_level, random_city_colour
from engine.mechanics import hexgrid, zones


def reveal(ctx, table, tile: str, centre) -> None:
    """A city tile came up (MK:7:Move:5, MK:10:City:1, MK:18:Scen:CityLevels)."""
    game = table.game
    c = content()

    where = tile_spaces(game.board, centre)
    space = next(key(where[h.pos]) for h in c.tiles[tile].hexes if h.site == "city")

    colour = random_city_colour(ctx, table, c.tiles[tile].city_color)
    status = scenarios()[game.scenario].city_status
    level, tokens, shields = 0, [], []
    mega = megalopolis_level(table)
    if (
        status == "hostile"
        and mega
        and len(game.cities) == scenarios()[game.scenario].setup(table.players).city_core - 1
    ):
        megalopolis(ctx, table, space, colour, mega)
        return
    if status == "hostile":
        level = game.city_levels[0] if game.city_levels else 1
        if state.garrison(space) not in table.zones:
            zones.create(ctx, state.garrison(space), [], rule="MK:10:City:1", vis="hidden")
        for pile in cities_rules.defender_piles(colour, level):
            tok = draw_token(ctx, table, pile, state.garrison(space), rule="MK:10:City:1")
            if tok:
                tokens.append(tok)
    elif status == "friendly":
        shields = list(range(table.players))
    ctx.emit(
        "mk.city",
        {
            "colours": [colour],
            "spaces": [space],
            "level": level,
            "defenders": len(tokens),
            "status": status,
            "shields": shields,
        },
        rule="MK:10:City:1",
    )


def megalopolis(ctx, table, space: str, colour: str, level: int) -> None:
    """The last city revealed is a Megalopolis (MK:18:Scen:CityLevels): a second city card drawn
    from the remaining ones stands on the space to the right; each half gets half the level (the
    left rounds up); both garrisons are pooled face down into one."""

    game = table.game
    c = content()
    on_tiles = {
        c.tiles[x].city_color for x in table.zone(state.TILES) + table.zone(state.MAP) if c.tiles[x].has_city
    }
    used = on_tiles | {x for city in game.cities for x in city.colours} | {colour}
    remaining = [x for x in cities_rules.CITY_COLOURS if x not in used] or [
        x for x in cities_rules.CITY_COLOURS if x != colour
    ]
    right = key(hexgrid.neighbour(unkey(space), "E"))
    other = ctx.pick("megalopolis", sorted(remaining), 1, rule="MK:18:Scen:CityLevels")[0]
    if state.garrison(space) not in table.zones:
        zones.create(ctx, state.garrison(space), [], rule="MK:18:Scen:CityLevels", vis="hidden")
    tokens = [
        tok
        for tok in (
            draw_token(ctx, table, pile, state.garrison(space), rule="MK:18:Scen:CityLevels")
            for pile in cities_rules.megalopolis_piles(colour, other, level)
        )
        if tok
    ]
    ctx.emit(
        "mk.city",
        {
            "colours": [colour, other],
            "spaces": [space, right],
            "level": level,
            "defenders": len(tokens),
            "status": "hostile",
            "shields": [],
        },
        rule="MK:18:Scen:CityLevels",
    )


def main_space(table, space: str) -> str:
    """The space holding a city's garrison: a Megalopolis is assaulted and revealed from either
    of its two spaces as one city."""
    city = city_at(table.game, space)
    return city.spaces[0] if city is not None else space


def enterable(game, space: str) -> bool:
    """A hostile city may be assaulted, a conquered or friendly one entered; a sealed (First
    Reconnaissance) or closed one never (MK:18:Scen:FirstRecon, MK:22:Scen:ConquerKeepsTowers)."""
    city = city_at(game, space)
    return city is not None and city.status in ("hostile", "conquered", "friendly")


def strengthen(table, space: str, combat) -> None:
    """City defenders get the colour bonus on top of being fortified (MK:10:City:1); the White
    City's armour bonus raises both values of an Elusive defender (MK:10:Abilities:Elusive)."""

    city = city_at(table.game, space)
    if city is None:
        return
    for e in combat.enemies:
        if e.uid not in city.garrison:
            continue
        bonus = cities_rules.defender_bonus(city.colours, content().enemies[e.enemy])
        raise_armour(e, bonus.armour)
        # bonus.attack follows the printed attacks; a token whose attacks an override changed
        # takes the bonus of those it lines up with, as before
        for a, extra in zip(e.attacks, bonus.attack, strict=False):
            a.value += extra
        e.abilities = e.abilities + [x for x in bonus.abilities if x not in e.abilities]


def after_assault(ctx, table, seat: int, space: str, defeated: list[str]) -> None:
    """Shields for the defeated defenders, conquest when none is left; otherwise the hero
    retreats to the space it attacked from (MK:10:City:2)."""
    game = table.game
    city = city_at(game, space)
    beaten = [tok for tok in defeated if tok in city.garrison]
    for e in cities_rules.defeat_defenders(city, seat, beaten):
        ctx.emit(e.type, dict(e.data, space=space), rule=e.rule)
    city = city_at(game, space)
    if city.status != "conquered" and beaten:
        restore_defenders(ctx, table, space, beaten)
    if city.status != "conquered" and not game.joint:  # a joint assault retreats all at its end
        back = state.came_from(game.players[seat])
        if back and back != space:
            ctx.emit("mk.placed", {"seat": seat, "pos": back}, rule="MK:10:City:2")
