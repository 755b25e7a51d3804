"""Revealing map tiles and what lies on them (MK:7:Move:5): the tile comes off the hidden stack
as a reveal, its sites are populated (rampaging enemies face up, keep and mage tower garrisons
face down, ruins tokens face up by day and face down at night, a monastery's advanced action
into the unit offer), and First Reconnaissance scores +1 fame per tile and ends on a city."""

from __future__ import annotations

from typing import Any

from engine.games.mage_knight import state
from engine.games.mage_knight.cities.reveal import main_space, reveal
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import key, tile_spaces
from engine.games.mage_knight.map.tile_edges import mismatched
from engine.games.mage_knight.map.tokens import draw_token, gain_fame
from engine.games.mage_knight.scenarios.variants import on, tile_turn
from engine.mechanics import hexgrid, zones

GARRISON_PILE = {"keep": "gray", "mage_tower": "violet"}  # public-list (site cards)


def _zone(ctx, table, name: str, vis: str) -> None:
    if name not in table.zones:
        zones.create(ctx, name, [], rule="MK:7:Move:5", vis=vis)


def place(ctx, table, tile: str, centre: hexgrid.Hex, seat: int | None, from_stack: bool = True) -> None:
    """Put `tile` on the map at `centre` and populate its sites."""
    if from_stack:
        zones.move(ctx, state.TILES, state.MAP, [tile], rule="MK:7:Move:5")
    else:
        zones.add(ctx, state.MAP, [tile], rule="MK:3:Setup:15")

    turn = tile_turn(ctx, table)
    extra: dict[str, Any] = {"turn": turn} if turn else {}
    if on(table, "random_orientation"):  # a star may now touch a circle (tile_edges.py)
        odd = mismatched(table.game.board, centre, turn)
        extra.update({"mismatched": odd} if odd else {})
    ctx.emit(
        "mk.tile",
        {"tile": tile, "centre": list(centre), "seat": seat, **extra},
        rule="MK:16:Var:Map" if extra else "MK:7:Move:5",
    )
    game = table.game
    c = content()

    where = tile_spaces(game.board, centre)
    for h in c.tiles[tile].hexes:
        k = key(where[h.pos])
        sp = game.board.spaces[k]
        if sp.rampaging:
            _zone(ctx, table, state.at(k), "public")
            tok = draw_token(ctx, table, sp.rampaging, state.at(k), rule="MK:7:Move:5")
            if tok:
                ctx.emit(
                    "mk.enemies", {"space": k, "tokens": list(table.zone(state.at(k)))}, rule="MK:7:Move:5"
                )
        elif sp.site in GARRISON_PILE:
            _zone(ctx, table, state.garrison(k), "hidden")
            draw_token(ctx, table, GARRISON_PILE[sp.site], state.garrison(k), rule="MK:7:Move:5")
        elif sp.site == "ancient_ruins":
            dst = state.garrison(k) if game.night else state.at(k)
            _zone(ctx, table, dst, "hidden" if game.night else "public")
            zones.move_top(ctx, state.RUINS, dst, 1, rule="MK:7:Move:5")
        elif sp.site == "monastery":
            zones.move_top(ctx, state.AA_DECK, state.UNIT_OFFER, 1, rule="MK:7:Move:5")
            ctx.emit("mk.monastery", {"space": k}, rule="MK:7:Move:5")
            if game.scenario == "dungeon_lords":
                from engine.games.mage_knight.scenarios.dungeon_lords import revealed

                revealed(ctx, table, k, sp.site, seat)
        elif sp.site == "village" and game.scenario == "dungeon_lords":
            from engine.games.mage_knight.scenarios.dungeon_lords import revealed

            revealed(ctx, table, k, sp.site, seat)
        elif sp.site == "mine" and game.scenario == "mines_liberation":
            from engine.games.mage_knight.scenarios.special_rules import mine_tokens

            mine_tokens(ctx, table, k, tile)
    if seat is not None and game.scenario == "first_reconnaissance":
        gain_fame(ctx, table, seat, 1, "MK:18:Scen:FirstRecon")
        if c.tiles[tile].has_city and not game.scenario_end:
            ctx.emit("mk.city_revealed", {"seat": seat, "tile": tile}, rule="MK:18:Scen:FirstRecon")
    elif c.tiles[tile].has_city:
        reveal(ctx, table, tile, centre)


def reveal_adjacent_garrisons(ctx, table, seat: int, reach: int = 1) -> None:
    """By day, the face-down defenders of a keep or mage tower next to a hero (within `reach`
    spaces: Hawk Eyes) are turned face up (MK:7:Move:5 reading, site cards)."""
    game = table.game
    if game.night:
        return
    here = game.players[seat].pos
    if not here:
        return
    q, r = (int(x) for x in here.split(","))
    for n in [h for d in range(1, reach + 1) for h in hexgrid.ring((q, r), d)]:
        k = key(n)
        sp = game.board.spaces.get(k)
        if sp is not None and sp.site == "city" and game.cities:  # a Megalopolis: one garrison
            k = main_space(table, k)
        if (
            sp is None
            or (sp.site not in GARRISON_PILE and sp.site != "city")
            or not table.zones.get(state.garrison(k))
        ):
            continue
        hidden = list(table.zone(state.garrison(k)))
        if not hidden:
            continue
        _zone(ctx, table, state.at(k), "public")
        zones.move(ctx, state.garrison(k), state.at(k), hidden, rule="MK:7:Move:5")
        ctx.emit("mk.enemies", {"space": k, "tokens": list(table.zone(state.at(k)))}, rule="MK:7:Move:5")
