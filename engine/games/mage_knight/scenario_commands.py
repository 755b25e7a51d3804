"""Command handlers of part 2 (cities, scenarios, the joint assault, PvP, variants), merged into
commands.HANDLERS; plus the handlers that run before or after another kind's own: the city's
shield influence before a purchase, and after a play or a combat decision what follows it (a
sideways card in PvP, the next fighter of a joint assault)."""

from __future__ import annotations

from engine.games.mage_knight.cities.interact import INTERACTIONS, shield_bonus
from engine.games.mage_knight.cities.interact import buy as city_buy
from engine.games.mage_knight.players import joint_assault as joint
from engine.games.mage_knight.players import pvp_turn
from engine.games.mage_knight.scenarios import draft, improved_actions
from engine.games.mage_knight.scenarios import hero_auction as auction
from engine.games.mage_knight.scenarios.druid_nights import chant
from engine.games.mage_knight.scenarios.druid_nights import mark as glade_mark
from engine.games.mage_knight.scenarios.dungeon_lords import choose as secret_choice
from engine.games.mage_knight.scenarios.dungeon_lords import tunnel
from engine.games.mage_knight.scenarios.interactive_combat import set_die
from engine.games.mage_knight.scenarios.setup import after_heroes
from engine.games.mage_knight.turn.flow import begin_round, game_over


def _improve(ctx, table, seat, cmd):
    """Improved Actions: once every player picked, the round that waited begins."""

    n = improved_actions.pick(ctx, table, seat, cmd)
    if n:
        begin_round(ctx, table, n, improved=True)


def _auction(step):
    def handler(ctx, table, seat, cmd):
        """Hero Auction: once every player has a hero, decks, the dummy and round 1 follow."""

        step(ctx, table, seat, cmd)
        if table.game.auction.get("done"):
            after_heroes(ctx, table)

    return handler


def _concede(ctx, table, seat, cmd):
    """The keep and tower scenario ends when one side concedes: the seat and its ally give up,
    and the game is scored at once (MK:22:Scen:ConquerKeepsTowers)."""

    game = table.game
    side = next((list(x) for x in game.board.teams if seat in x), [seat])
    ctx.emit("mk.conceded", {"seats": side}, rule="MK:22:Scen:ConquerKeepsTowers")
    game_over(ctx, table, f"seat {seat + 1} conceded")


def _draft(step, resumed):
    def handler(ctx, table, seat, cmd):
        """The Draft: once every pick (or day-end addition) is made, the round that waited begins."""

        n = step(ctx, table, seat, cmd)
        if n:
            begin_round(ctx, table, n, improved=resumed)

    return handler


def _next_fighter(ctx, table, seat, cmd):
    """After a combat decision: the next participant of a joint assault, once a fight is over."""
    joint.after_fight(ctx, table)


PART2_HANDLERS = {
    "city_buy": city_buy,
    "secret": secret_choice,
    "tunnel": tunnel,
    "glade": glade_mark,
    "chant": chant,
    "joint_assault": joint.propose,
    "joint_answer": joint.answer,
    "pvp": pvp_turn.start,
    "pvp_commit": pvp_turn.commit,
    "pvp_attack": pvp_turn.declare,
    "pvp_pass": pvp_turn.pass_,
    "pvp_block": pvp_turn.block,
    "pvp_damage": pvp_turn.assign,
    "improve": _improve,
    "combat_die": set_die,
    "auction_name": _auction(auction.name),
    "auction_bid": _auction(auction.bid),
    "concede": _concede,
    "draft_pick": _draft(draft.pick, False),
    "draft_add": _draft(draft.add, True),
}
COMBAT = ("attack", "block", "cumbersome", "assign", "next")


def pre_handlers():
    return [(kind, shield_bonus) for kind in INTERACTIONS]


def post_handlers():
    return [("play", pvp_turn.note_play)] + [(kind, _next_fighter) for kind in COMBAT]
