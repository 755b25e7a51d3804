"""Round preparation and the end trigger of every scenario but First Reconnaissance
(MK:4:Round:2b-c, MK:4:Round:4c, MK:18-22:Scen:*)."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.players.dummy_turn import prepare as dummy_prepare
from engine.games.mage_knight.readings.scenarios import last_turns
from engine.games.mage_knight.scenarios.book import END_READS, EndFacts, end_triggered, final_turns, scenarios
from engine.games.mage_knight.scenarios.druid_nights import all_chanted
from engine.games.mage_knight.scenarios.special_rules import all_mines_liberated
from engine.mechanics import zones
from engine.mechanics.zones import card_name


def elites_now(table) -> bool:
    """Whether the new unit offer mixes in elite units: once a core tile is revealed (standard),
    never (First Reconnaissance), or in the second half of the game (MK:22:Scen:ConquerKeepsTowers)."""
    game = table.game
    rule = scenarios()[game.scenario].elite_units
    if rule == "none":
        return False
    if rule == "second_half":
        return game.round > game.rounds // 2
    return game.core_revealed


def prepare_offers(ctx, table) -> None:
    """The Source rerolled (real players + 2, Blitz +1) and a new unit offer: elite, regular,
    elite, ... once a core tile is revealed; one AA per monastery (MK:4:Round:2b-c)."""
    game = table.game
    su = scenarios()[game.scenario].setup(table.players)
    ctx.emit(
        "mk.source",
        {"faces": mana.roll_source(ctx, su.source_dice, rule="MK:4:Round:2b")},
        rule="MK:4:Round:2b",
    )
    offer = list(table.zone(state.UNIT_OFFER))
    units = content().units
    aas = [c for c in offer if card_name(c) not in units]
    elite = [c for c in offer if card_name(c) in units and units[card_name(c)].type == "elite"]
    zones.move(ctx, state.UNIT_OFFER, state.AA_DECK, aas, rule="MK:4:Round:2c", to="bottom")
    zones.move(ctx, state.UNIT_OFFER, state.ELITE_UNITS, elite, rule="MK:4:Round:2c", to="bottom")
    zones.move(
        ctx,
        state.UNIT_OFFER,
        state.REGULAR_UNITS,
        [c for c in offer if c not in aas and c not in elite],
        rule="MK:4:Round:2c",
        to="bottom",
    )
    mixed = elites_now(table)
    for i in range(su.unit_offer):
        deck = state.ELITE_UNITS if mixed and i % 2 == 0 else state.REGULAR_UNITS
        if not table.zone(deck):
            deck = state.REGULAR_UNITS if deck == state.ELITE_UNITS else state.ELITE_UNITS
        zones.move_top(
            ctx, deck, state.UNIT_OFFER, 1, rule="MK:4:Round:2c:Elite" if mixed else "MK:4:Round:2c"
        )
    zones.move_top(ctx, state.AA_DECK, state.UNIT_OFFER, len(game.monasteries), rule="MK:4:Round:2c")
    renew_offers(ctx, table)


def _cities_conquered(table) -> bool:
    game = table.game
    core = scenarios()[game.scenario].city_core[str(table.players)]  # (Scenario.setup's, without the rest)
    return core > 0 and sum(1 for c in game.cities if c.status == "conquered") == core


def _dungeons_conquered(table) -> bool:
    under = [sp for sp in table.game.board.spaces.values() if sp.site in ("dungeon", "tomb")]
    return bool(under) and all(sp.conquered_by >= 0 for sp in under)


_FACTS = {
    "all_cities_conquered": _cities_conquered,
    "all_tiles_revealed": lambda table: not table.zone(state.TILES),
    "all_dungeons_conquered": _dungeons_conquered,
    "all_mines_liberated": lambda table: all_mines_liberated(table.game),
    "all_chanted_second_night": lambda table: all_chanted(table.game),
}


def facts(table, kind: str | None = None) -> EndFacts:
    """What the end conditions ask about the table now; with `kind`, only what that end
    condition reads (END_READS: asked after every turn, the others would scan the board)."""
    wanted = _FACTS if kind is None else END_READS.get(kind, ())
    return EndFacts(**{name: _FACTS[name](table) for name in wanted if name in _FACTS})


def check_end(ctx, table, seat: int) -> None:
    """The scenario's end condition, checked after every turn (MK:4:Round:4c): once it holds,
    the seats due a last turn are listed and the game ends after them."""
    game = table.game
    s = scenarios()[game.scenario]
    if not end_triggered(s, facts(table, s.end.kind)):
        return
    last = last_turns(table, final_turns(s, game.order, seat, game.dummy_seat), seat)  # reading A15
    ctx.emit("mk.scenario_end", {"seat": seat, "final_turns": last}, rule=s.end.rule)


def renew_offers(ctx, table) -> None:
    """The advanced action and spell offers: the lowest card goes under its deck (into the
    dummy's deck, for an AA), a new one on top (MK:4:Round:2d-e, MK:15:Dummy)."""
    game = table.game
    leaving = {}
    for deck, offer_zone, rule in (
        (state.AA_DECK, state.AA_OFFER, "MK:4:Round:2d"),
        (state.SPELL_DECK, state.SPELL_OFFER, "MK:4:Round:2e"),
    ):
        if table.zone(offer_zone):
            leaving[offer_zone] = table.zone(offer_zone)[-1]
            if not (game.dummy_seat >= 0 and offer_zone == state.AA_OFFER):
                zones.move(ctx, offer_zone, deck, [leaving[offer_zone]], rule=rule, to="bottom")
        if game.dummy_seat >= 0 and offer_zone == state.SPELL_OFFER:
            dummy_prepare(ctx, table, leaving.get(state.AA_OFFER, ""), leaving.get(state.SPELL_OFFER, ""))
        zones.move_top(ctx, deck, offer_zone, 1, rule=rule)
