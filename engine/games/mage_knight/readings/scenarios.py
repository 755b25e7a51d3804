"""Mage Knight's scenario ambiguities a judge may read otherwise (catalog.toml `[readings.A*]`,
the digest's numbering): a fully committed PvP defender on a crystal mine (A9), a friendly
city's hand limit (A21), who gets a last turn once an "all conquered" end fires (A15), the
dummy's round reshuffle (A25), PvP on the closed portal of Only One Returns (A27) and who stands on it
when it closes (A38), and the liberator's crystal in Mines Liberation (A36).

Each function is called by one hook line in the module owning the rule (part2_round.py,
dummy_turn.py, limits.py, pvp_turn.py, scenario_rules.py) and asks the game's reading only where the alternatives differ,
so `runeledger dispute` lists just the readings a position touches. Without a choice each gives
what the engine always played.
"""

from __future__ import annotations

from engine.readings import chosen

LAST_TURN, CLOSED_PORTAL, MINE_CRYSTAL, DUMMY_RESHUFFLE = "A15", "A27", "A36", "A25"
OFF_MAP, FRIENDLY_CITY, COMMITTED_MINE = "A38", "A21", "A9"
OOR, MINES = "only_one_returns", "mines_liberation"


def last_turns(table, seats: list[int], trigger: int) -> list[int]:
    """A15 (MK:19:Scen:FullConquest, MK:20-21): the end fired at the end of `trigger`'s turn
    ("who revealed the last city" where the condition is "all conquered"). The digest: the seat
    that completed it also gets a last turn; under `others_only` only the other seats do.
    `seats` is scenarios.final_turns'; asked only when it holds the trigger seat."""
    if trigger not in seats or chosen(table, LAST_TURN) != "others_only":
        return seats
    return [s for s in seats if s != trigger]


def closed_portal_site(table, space: str, site: str) -> str:
    """A27 (MK:22:Scen:OnlyOneReturns): the portal closed after round 1. The digest: "combat can
    be initiated there", so it is a plains space for PvP (`site` is "" then); under
    `no_pvp_on_portal` it stays a portal and PvP cannot start there (MK:12:PvP:1). Asked only
    for the closed portal."""
    game = table.game
    sp = game.board.spaces.get(space)
    if game.scenario != OOR or site or sp is None or sp.site != "portal":
        return site
    return "portal" if chosen(table, CLOSED_PORTAL) == "no_pvp_on_portal" else site


def liberation_crystal(ctx, table, seat: int, space: str, gain_crystal) -> None:
    """A36 (MK:20:Scen:Mines): "production starts at once; the liberator gets a crystal in that
    turn". The digest: the liberator stands on the mine, so the end-of-turn mine benefit
    (MK:11:EoT:4) is that crystal and nothing extra is granted; under `crystal_at_once` the
    liberator also gains a crystal of the mine's colour at once. `gain_crystal` is the owning
    module's (ledger.gain_reward_crystal: a mine's crystal, none with 3 held, MK:11:EoT:4). Asked
    at every liberation."""
    sp = table.game.board.spaces[space]
    if table.game.scenario != MINES or sp.site != "mine" or not sp.mine:
        return
    if chosen(table, MINE_CRYSTAL) == "crystal_at_once":
        gain_crystal(ctx, table, seat, sp.mine, "MK:20:Scen:Mines")


def dummy_reshuffled(table, discard: str) -> list[str]:
    """A25 (MK:4:Round:2g with MK:15:Dummy): the cards of the dummy's discard pile shuffled back
    into its deck at round preparation. The digest: all of them, each round; under
    `no_reshuffle` none (the deck goes on, with the advanced action it gains, and runs out
    sooner). Asked only when the discard pile holds cards."""
    cards = list(table.zone(discard))
    if not cards or chosen(table, DUMMY_RESHUFFLE) != "no_reshuffle":
        return cards
    return []


def off_map_on_portal(table) -> bool:
    """A38 (MK:22:Scen:OnlyOneReturns): a hero who ended a turn on the portal has his figure off
    the map until his next turn (the portal rule, rulebook p.7); the engine keeps such a hero on the portal space.
    The digest: he counts as on the portal, so the end of round 1 eliminates him; under
    `off_map_not_on_portal` he is not on it and stays in the game. Asked for each hero on the
    portal when it closes (every such hero ended his turn there)."""
    return chosen(table, OFF_MAP) != "off_map_not_on_portal"


def friendly_hand_limit(table, city, bonus: int) -> int:
    """A21 (MK:20:Scen:Mines, MK:11:EoT:7b): a friendly city (every player's shield, no leader)
    counts as conquered by the digest, so it gives +1 hand limit on or next to it; under
    `not_conquered` it opens its shops but, never conquered, gives no hand limit. `bonus` is
    cities.hand_limit_bonus's; asked only for a friendly city's bonus."""
    if city.status != "friendly" or not bonus:
        return bonus
    return 0 if chosen(table, FRIENDLY_CITY) == "not_conquered" else bonus


def committed_defender_mine(ctx, table, seat: int, gain_crystal) -> None:
    """A9 (MK:12:PvP:3, MK:11:EoT:4): a fully committed PvP defender on a crystal mine. The
    digest: it carries out the full end of turn, so it gains the mine's crystal as every hero
    ending a turn there (the p.12 "mana token at the start of the turn" is read as an example of
    start-of-turn benefits); under `mana_token` it gains a mana token of the mine's colour
    instead (the p.12 wording). `gain_crystal` is ledger.gain_reward_crystal (a mine's crystal:
    none with 3 held, MK:11:EoT:4). Asked only for a defender on a producing mine."""
    game = table.game
    sp = game.board.spaces.get(game.players[seat].pos)
    if sp is None or sp.site != "mine" or not sp.mine or (game.scenario == MINES and sp.conquered_by < 0):
        return
    if chosen(table, COMMITTED_MINE) == "mana_token":
        ctx.emit("mk.token", {"seat": seat, "colour": sp.mine, "delta": 1}, rule="MK:12:PvP:3")
    else:
        gain_crystal(ctx, table, seat, sp.mine, "MK:11:EoT:4")
