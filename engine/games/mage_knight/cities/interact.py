"""Conquered and friendly cities as places to interact (MK:8:Interact:3a, 4a, 4d, 4e): recruiting
(units with the city symbol; any unit in the White City), the Blue City's spells, the Red City's
artifacts, the White City's elite units, the Green City's advanced actions, and the +1 influence
per own shield. Revealing, assaulting and conquering cities is city_reveal.py."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.apply_scenario_events import city_at
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.turn import actions, rewards
from engine.games.mage_knight.turn.ledger import REPUTATION_MIN
from engine.mechanics import zones
from engine.mechanics.zones import card_name

CITY_PRICE = {"artifact": 12, "elite": 2, "advanced_action": 6}  # MK:8:Interact:4e (AA: stand-in, A6)
SHOP = {"red": "artifact", "white": "elite", "green": "advanced_action"}


INTERACTIONS = ("recruit", "buy_spell", "city_buy")


def bonus_due(table, seat: int) -> int:
    """+1 influence per own shield on the city, once per turn, with the first interaction there
    (MK:8:Interact:3a); a friendly city gives each player +1."""
    game = table.game
    p = game.players[seat]
    city = city_at(game, p.pos)
    if city is None or p.interacting:
        return 0
    return cities_rules.influence_bonus(city, seat)


def shield_bonus(ctx, table, seat: int, cmd: dict) -> None:
    n = bonus_due(table, seat)
    if n:
        ctx.emit("mk.points", {"seat": seat, "kind": "influence", "delta": n}, rule="MK:8:Interact:3a")


def interactions(table, seat: int) -> list[dict]:
    """Recruiting and buying in a conquered or friendly city (MK:8:Interact:4a, 4d, 4e)."""
    game = table.game
    p = game.players[seat]
    city = city_at(game, p.pos)
    if city is None or city.status not in ("conquered", "friendly") or p.reputation <= REPUTATION_MIN:
        return []
    if p.acted and not p.interacting:
        return []
    pool = actions.pool(table, seat) + bonus_due(table, seat)
    out: list[dict] = []
    anything = "white" in city.colours
    for uid in table.zone(state.UNIT_OFFER):
        u = content().units.get(card_name(uid))
        if u is None or not (anything or "city" in u.recruit_sites):
            continue
        if pool >= actions.recruit_cost(table, seat, u.id):
            if len(p.units) < p.command:
                out.append({"kind": "recruit", "unit": uid})
            else:
                out += [{"kind": "recruit", "unit": uid, "disband": x.uid} for x in p.units]
    if "blue" in city.colours:
        out += actions.spell_buys(table, seat, pool)
    for colour in city.colours:
        what = SHOP.get(colour)
        if what is None or pool < CITY_PRICE[what]:
            continue
        if (what == "artifact" and table.zone(state.ARTIFACT_DECK)) or (
            what == "elite" and table.zone(state.ELITE_UNITS)
        ):
            out.append({"kind": "city_buy", "what": what})
        elif what == "advanced_action":
            out += [{"kind": "city_buy", "what": what, "card": cid} for cid in table.zone(state.AA_OFFER)]
    return out


def buy(ctx, table, seat: int, cmd: dict) -> None:
    """The Red City's artifact (drawn like a reward), the White City's elite unit for the offer,
    the Green City's advanced action onto the deed deck (MK:8:Interact:4e)."""
    what = cmd["what"]
    actions.interact(ctx, table, seat, CITY_PRICE[what], "MK:8:Interact:4e")
    if what == "artifact":
        rewards.due(ctx, table, seat, "artifact", "MK:8:Interact:4e")
    elif what == "elite":
        zones.move_top(ctx, state.ELITE_UNITS, state.UNIT_OFFER, 1, rule="MK:8:Interact:4e")
    else:
        zones.move(ctx, state.AA_OFFER, state.deck(seat), [cmd["card"]], rule="MK:8:Interact:4e")
        zones.move_top(ctx, state.AA_DECK, state.AA_OFFER, 1, rule="MK:5:Gain:3a")
