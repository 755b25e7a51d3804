"""Special rules of single scenarios, wired at a few hooks of the turn (MK:20-22:Scen:*):

- Only One Returns: the portal closes at the end of round 1 and every hero on it is eliminated;
  from then on it is a plains space for one hero (MK:22:Scen:OnlyOneReturns, reading A27, A38);
- the keep and tower scenario: no reputation loss for assaulting keeps and towers, towers owned
  like keeps, another player's site defended by 1-3 tokens by round (half fame), village units
  also at keeps and monastery units also at towers, and mana at the start of a turn next to an
  own tower (MK:22:Scen:ConquerKeepsTowers);
- Mines Liberation: a revealed mine gets a green (countryside) or red (core) enemy face up and a
  brown one face down; entering the mine is an action fought by night rules with units; the last
  defeat liberates it (reputation +1 / +2); mines give crystals only once liberated, and at the
  start of each round one per own liberated mine (MK:20:Scen:Mines).
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import key, others_site, unkey
from engine.games.mage_knight.map.tokens import draw_token
from engine.games.mage_knight.readings.map import (
    half_fame as read_half,  # reading A10: rounded up or down
)
from engine.games.mage_knight.readings.scenarios import liberation_crystal, off_map_on_portal
from engine.games.mage_knight.scenarios.book import (
    assault_reputation,
    has_rule,
    owned_site_garrison,
    scenarios,
)
from engine.games.mage_knight.turn.ledger import change_reputation, gain_reward_crystal
from engine.mechanics import hexgrid, zones

OOR, KT, MINES = "only_one_returns", "conquer_keeps_towers", "mines_liberation"
PORTAL = "0,0"


def scenario(game):
    return scenarios()[game.scenario]


# -- Only One Returns -------------------------------------------------------------------------
def portal_open(game) -> bool:
    """The portal holds any number of heroes, except in Only One Returns after round 1."""
    return not (game.scenario == OOR and game.round > 1)


def close_portal(ctx, table) -> None:
    """End of round 1 in Only One Returns: heroes on the portal are eliminated (they leave the
    map and take no more turns; their seats pick no tactic)."""
    game = table.game
    if game.scenario != OOR or game.round != 1:
        return
    for seat, p in enumerate(game.players):
        if p.pos == PORTAL and not p.out and off_map_on_portal(table):  # reading A38
            ctx.emit("mk.eliminated", {"seat": seat}, rule="MK:22:Scen:OnlyOneReturns")


def everyone_out(game) -> bool:
    return bool(game.players) and all(p.out for p in game.players)


# -- the keep and tower scenario --------------------------------------------------------------
def assault_rep(table, space: str) -> int:
    game = table.game
    if not game.scenario or game.scenario == "first_reconnaissance":
        return -1
    return assault_reputation(scenario(game), game.board.spaces[space].site)


def garrison_size(table, space: str, seat: int) -> int:
    """Tokens defending a site another player owns (MK:22:Scen:ConquerKeepsTowers); else 1."""
    game = table.game
    sp = game.board.spaces[space]
    if game.scenario == KT and sp.conquered_by >= 0 and sp.conquered_by != seat:
        return owned_site_garrison(scenario(game), game.round)
    return 1


def assault_fame(table, space: str, seat: int, fame: int) -> int:
    """The one place half fame is applied: the combat's total, rounded up, for defeating the
    defenders of another player's keep, or tower where towers are owned like keeps
    (MK:8:Combat:1a; MK:22:Scen:ConquerKeepsTowers; reading A10)."""

    return read_half(table, fame) if others_site(table.game.board, space, seat) else fame


def tower_spell(game) -> bool:
    """A conquered mage tower gives its spell, except where towers are owned like keeps."""
    return not (
        game.scenario
        and game.scenario != "first_reconnaissance"
        and has_rule(scenario(game), "towers_as_keeps")
    )


def recruit_sites(game, sites) -> tuple[str, ...]:
    """Village units are recruited at keeps too, monastery units at mage towers too."""
    out = tuple(sites)
    if game.scenario == KT:
        if "village" in out:
            out += ("keep",)
        if "monastery" in out:
            out += ("mage_tower",)
    return out


def tower_mana(ctx, table, seat: int) -> None:
    """Starting a turn on or next to an own tower: a gold (day) or black (night) mana token per
    tower owned (MK:22:Scen:ConquerKeepsTowers)."""

    game = table.game
    p = game.players[seat]
    if game.scenario != KT or not p.pos:
        return
    towers = [k for k, sp in game.board.spaces.items() if sp.site == "mage_tower" and sp.conquered_by == seat]
    near = {p.pos} | {key(n) for n in hexgrid.neighbours(unkey(p.pos))}
    if towers and near & set(towers):
        for _ in towers:
            ctx.emit(
                "mk.token",
                {"seat": seat, "colour": "black" if game.night else "gold", "delta": 1},
                rule="MK:22:Scen:ConquerKeepsTowers",
            )


# -- Mines Liberation -------------------------------------------------------------------------
def mine_tokens(ctx, table, space: str, tile: str) -> None:
    """A mine revealed in Mines Liberation gets its two defenders."""

    if table.game.scenario != MINES:
        return
    core = content().tiles[tile].type == "core"
    for name, vis in ((state.at(space), "public"), (state.garrison(space), "hidden")):
        if name not in table.zones:
            zones.create(ctx, name, [], rule="MK:20:Scen:Mines", vis=vis)
    draw_token(ctx, table, "red" if core else "green", state.at(space), rule="MK:20:Scen:Mines")
    draw_token(ctx, table, "brown", state.garrison(space), rule="MK:20:Scen:Mines")
    ctx.emit(
        "mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:20:Scen:Mines"
    )


def mine_to_liberate(table, seat: int) -> bool:
    game = table.game
    sp = game.board.spaces.get(game.players[seat].pos)
    return (
        game.scenario == MINES
        and sp is not None
        and sp.site == "mine"
        and sp.conquered_by == -1
        and (bool(sp.enemies) or bool(table.zones.get(state.garrison(game.players[seat].pos))))
    )


def enter_mine(ctx, table, seat: int, space: str) -> list[str]:
    """The face-down defender turns up; both are fought (MK:20:Scen:Mines)."""
    hidden = list(table.zone(state.garrison(space))) if state.garrison(space) in table.zones else []
    if hidden:
        zones.move(ctx, state.garrison(space), state.at(space), hidden, rule="MK:20:Scen:Mines")
    return list(table.zone(state.at(space)))


def night_fight(game, space: str) -> bool:
    sp = game.board.spaces[space]
    return game.scenario == MINES and sp.site == "mine"


def liberated(ctx, table, seat: int, space: str) -> None:
    """The last defender fell: the mine is the seat's, reputation +1 (countryside) or +2 (core)."""

    game = table.game
    sp = game.board.spaces[space]
    if game.scenario != MINES or sp.site != "mine":
        return
    change_reputation(
        ctx, table, seat, 2 if content().tiles[sp.tile].type == "core" else 1, "MK:20:Scen:Mines"
    )
    liberation_crystal(ctx, table, seat, space, gain_reward_crystal)  # reading A36


def mine_gives_crystal(game, sp) -> bool:
    return game.scenario != MINES or sp.conquered_by >= 0


def mine_output(ctx, table) -> None:
    """At the start of each day and night: 1 crystal per own liberated mine, none of a colour of
    which 3 are held ("liefern sie wie üblich": a mine's crystal, MK:11:EoT:4)."""

    game = table.game
    if game.scenario != MINES:
        return
    for k in sorted(game.board.spaces):
        sp = game.board.spaces[k]
        if sp.site == "mine" and sp.conquered_by >= 0 and sp.mine:
            gain_reward_crystal(ctx, table, sp.conquered_by, sp.mine, "MK:20:Scen:Mines")


def mines_held(game) -> dict[int, tuple[int, int]]:
    """(countryside, core) mines each seat liberated, for the scenario's fame."""
    out = {s: (0, 0) for s in range(len(game.players))}
    for sp in game.board.spaces.values():
        if sp.site == "mine" and sp.conquered_by >= 0:
            c, k = out[sp.conquered_by]
            core = content().tiles[sp.tile].type == "core"
            out[sp.conquered_by] = (c, k + 1) if core else (c + 1, k)
    return out


def all_mines_liberated(game) -> bool:
    mines = [sp for sp in game.board.spaces.values() if sp.site == "mine"]
    return bool(mines) and all(sp.conquered_by >= 0 for sp in mines)


def double_fame(game, fame: int) -> int:
    """Druid Nights: monsters summoned by a chant give double fame (MK:21:Scen:DruidNights)."""
    return fame * 2 if game.combat_kind == "chant" else fame


# -- retreat after a failed assault (every scenario) ------------------------------------------
def retreat_after_assault(ctx, table, seat: int, space: str) -> None:
    """A keep or mage tower not conquered: as the combat ends the hero retreats to the space it
    attacked from, in every scenario (First Reconnaissance makes no exception); that is no
    forced withdrawal, but if that space is not safe, forced withdrawal follows at the end of the
    turn ("musst du dich auf das Feld zurückziehen, von dem aus du angegriffen hast",
    MK:10:Result:3)."""
    game = table.game
    p = game.players[seat]
    back = state.came_from(p)
    if p.pos == space and back and back != space:
        ctx.emit("mk.placed", {"seat": seat, "pos": back}, rule="MK:10:Result:3")
