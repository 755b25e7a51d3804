"""Going for a city (bot habit, not a rule): what the end of a turn is worth on the way to a
conquest, beside worth.py's fame and strength, and the assault line the planner tries.

Why: fame alone rewards a turn spent anywhere, so a planner judged by it explored little (the
first city came to light in round 4-5: the core tiles lie under the countryside tiles) and
never stepped into a city (its habits step in only when an estimate says the whole garrison
falls, and candidate turns drawn from them never try it). A player going for a city opens the
map towards the core and assaults when the fight is worth it; the city's defenders stay
defeated between assaults (MK:10:City:2), so an assault that takes one or two of them is
progress the next one (or the other hero) finishes. Weighed in fame:

- every tile on the map (EXPLORE: light; over 10 seeded Full Conquest games, 2.0 brought the
  first city a round earlier, round 3.3 against 4.3, for a quarter of the fame; 0.5 round 3.5
  for a tenth);
- a shield on a hostile city (PROGRESS: the city scoring's +4 or +7 once it falls, and the
  conquest it brings nearer), a conquered city's scoring as the back of the card gives it;
- the hero's place (`nearness`): before the last rounds, the move points to the nearest of
  the edge to explore, a fight it wins and a place to recruit while it commands fewer units
  than it may (a level-3 hero with two units takes a defender of a level-4 city per assault,
  one with a single unit seldom); in the last LATE rounds, to the weakest hostile city, which
  both heroes wear down. Without it, a turn of rests and one of walking scored alike.

A city is taken in the last rounds, as a player does once it is strong enough: worth.py
weighs strength less there (it has few turns left to bring fame), so wounds taken for a
defender come cheap, and the assault line is tried from a whole turn's walk away. Tried and
dropped (10 seeded games each): the city's pull from round 4 on (no city taken, 3 assaults),
a stronger pull to the edge while no city shows (none taken in 20), PROGRESS 6 (as 3).

The assault line (`lines`) leads ASSAULT_PLANS of the planner's candidate turns into a hostile
city the hero could reach this turn: it steps in as soon as the step is paid for, picking no
other fight and exploring nothing on the way; the rest (cards for move points, the fight) is
the habits'. The worth of the turn's end judges the assault by the garrison it met on the
determinization (the revealed defenders as they are, fortified, with the city's bonus and
resistances) against everything the hero brought: it is kept only if the defenders it
defeated are worth more than its wounds, beside the other plans' ends.

Every candidate (the assault line's and the others', `STEADY`) walks by the planner's own
habits over the random bot's where those fail it (`habits`, asked per decision): blocking in
a fight that would otherwise knock the hero out (the random bot's habits keep the hand for
the attack, so three city defenders' 12-15 damage discarded it before the attack phase), and
leaving a recruit site whose offer the hand cannot pay (the random bot's recruit habit plays
influence there turn after turn). The random bot and its pinned games keep their habits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import choices as tree
from engine.games.mage_knight import state
from engine.games.mage_knight.bots.estimate import DOUBLED, card_best, city_need, combat_power, space_need
from engine.games.mage_knight.bots.goals import (
    RECRUIT_SITES,
    explore_goals,
    hostile_cities,
    prey,
    route_costs,
    stand_in,
    strongest,
)
from engine.games.mage_knight.choices.tree import turn_commands
from engine.games.mage_knight.cities.rules import city_fame
from engine.games.mage_knight.combat.abilities import targetable
from engine.games.mage_knight.combat.fight import provoked_spaces
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import key, unkey
from engine.games.mage_knight.scenarios.special_rules import recruit_sites
from engine.games.mage_knight.turn.actions import AA_PRICE, HEAL_PRICE, pool, recruit_cost
from engine.mechanics import hexgrid
from engine.mechanics.per_state import once
from engine.mechanics.zones import card_name

EXPLORE = 0.5  # a tile placed: the core tiles (and the cities) come closer
PROGRESS = 3.0  # a shield on a hostile city
REACH = 6  # move points from a hostile city within which an assault is tried this turn
LATE = 2  # the last rounds, the assaults': every hero heads for a city and steps in
LATE_REACH = 12  # move points within which an assault is tried in them (a whole turn's walk)
APPROACH = 0.5  # in them, per move point nearer a hostile city
AHEAD = 0.25  # before them, per move point nearer the edge to explore or a fight the hero wins
AHEAD_CAP = 12  # move points beyond which farther is no worse
FAR = 1 << 20  # no route
ASSAULT_PLANS = 8  # of the planner's candidates, those trying an assault
SIDESTEPS = ("challenge", "explore")  # what an assault line leaves for another turn


@dataclass(frozen=True)
class Line:
    """A purposeful line for the turn planner (bots/planner.py reads these fields): `lead`
    gives the command to play now or None, `avoid` the kinds kept off, `plans` its candidates
    (0: every candidate no other line takes), `habits` the planner's own habits."""

    lead: Any
    avoid: tuple[str, ...] = ()
    plans: int = 1
    habits: Any = None


def city_spaces(game) -> list[str]:
    return sorted(s for c in hostile_cities(game) if c.garrison for s in c.spaces)


def weakest_spaces(table, seat: int) -> list[str]:
    """The spaces of the hostile city whose defenders left need the fewest points (as the seat
    judges them): the one both heroes wear down, a defeated defender staying so."""
    cities = [c for c in hostile_cities(table.game) if c.garrison]
    if not cities:
        return []
    weakest = min(city_need(table, seat, c) for c in cities)
    return sorted(s for c in cities if city_need(table, seat, c) == weakest for s in c.spaces)


def distance(table, seat: int, goals: list[str]) -> int:
    """Move points from the seat's hero to the nearest goal space (FAR when none is reachable)."""
    pos = table.game.players[seat].pos
    if not goals or not pos:
        return FAR
    return route_costs(table, goals).get(pos, FAR)


def campaign_worth(table, seat: int) -> float:
    """The fame the seat's way towards a conquest stands for (see the module's text)."""
    game = table.game
    shields = sum(PROGRESS * c.shields.count(seat) for c in game.cities if c.status == "hostile")
    scored = city_fame(game.cities, range(len(game.players))).get(seat, 0) if game.cities else 0
    return EXPLORE * len(game.board.tiles) + shields + scored - nearness(table, seat)


def nearness(table, seat: int) -> float:
    """What the hero's place costs in fame: in the last rounds the move points to a hostile
    city, before them to the edge still to explore or a fight it wins (a turn that ends
    nowhere nearer anything is worth less than one that does: without it, a turn of rests
    and a turn of walking scored alike and the planner kept the first)."""
    game = table.game
    spaces = weakest_spaces(table, seat) if late(game) else []
    if spaces:
        return APPROACH * min(distance(table, seat, spaces), 2 * LATE_REACH)
    goals = explore_goals(table) + prey(table, seat) + recruit_spaces(table, seat)
    return AHEAD * min(distance(table, seat, goals), AHEAD_CAP) if goals else 0.0


OPEN_SITES = ("village", "monastery")  # recruiting there needs no conquest first


def recruit_spaces(table, seat: int) -> list[str]:
    """Where the hero could recruit a unit of the offer, while it commands fewer than it may:
    villages and monasteries, and keeps, mage towers and cities it holds (units take the
    damage a city's defenders deal and fight beside the hero); once per state."""
    return once(table, ("recruit_spaces", seat), lambda: _recruit_spaces(table, seat))


def _recruit_spaces(table, seat: int) -> list[str]:
    game = table.game
    p = game.players[seat]
    if len(p.units) >= p.command:
        return []
    sites = {s for u in offered(table) for s in content().units[u].recruit_sites}
    return sorted(k for k, sp in game.board.spaces.items() if sp.site in sites and open_to(sp, seat))


def offered(table) -> list[str]:
    """The units of the offer (content ids)."""
    units = content().units
    return [card_name(u) for u in table.zone(state.UNIT_OFFER) if card_name(u) in units]


def open_to(sp, seat: int) -> bool:
    return sp.site in OPEN_SITES or sp.conquered_by == seat


def late(game) -> bool:
    """The last LATE rounds, with a hostile city on the map: time to assault it."""
    return game.round > game.rounds - LATE and bool(game.cities)


def assault(table, seat: int) -> dict[str, Any] | None:
    """The step into a hostile city, when the seat may take it now (outside combat, in its
    turn): the first of them in listed order; None otherwise (the habits play on)."""
    game = table.game
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return None
    spaces = set(city_spaces(game))
    if not spaces:
        return None
    return next((c for c in turn_commands(table, seat, "move") if c.get("to") in spaces), None)


def habits(table, seat: int):
    """The planner's own habits for the seat's decision now (an overlay of the random bot's,
    bots/planner.Line.habits), or None where they add nothing: block in a fight where the
    hand can stop an attack (`blocking`), and leave a site where no unit can be recruited
    (`leaving`)."""
    game = table.game
    c = game.combat
    if c is not None:
        return blocking if c.phase == "block" and block_helps(table, seat, c) else None
    if game.phase != "turn" or game.active != seat:
        return None
    idle, near = idle_site(table, seat), not late(game) and beside_danger(table, seat)
    if idle and near:
        return lambda inner, *asked: wary(lambda *a: leaving(inner, *a), *asked)
    return leaving if idle else wary if near else None


def beside_danger(table, seat: int) -> list[str]:
    """The rampaging spaces beside the hero whose enemies it would not defeat (the habits'
    estimate): a step that stays beside one provokes it (MK:7:Move:4c)."""
    game = table.game
    pos = game.players[seat].pos
    if not pos:
        return []
    spaces = game.board.spaces
    near = [
        k
        for k in map(key, hexgrid.neighbours(unkey(pos)))
        if (sp := spaces.get(k)) is not None and sp.rampaging and sp.enemies
    ]
    if not near:  # (asked at every step of every candidate turn: the estimate only when needed)
        return []
    power = combat_power(table, seat)
    return [k for k in near if space_need(table, seat, k) > power]


def wary(inner, table, seat: int, path: list[Any], options: list) -> list:
    """Where to step, beside an enemy the hero would not defeat: not a step that provokes it
    (heroes walking past rampaging dragons took 3-5 wounds a step and rested for turns),
    unless every step does. Not in the last LATE rounds, when the heroes go for a city, often
    past the dragons beside it (always wary, seeds 0-59: 18 city assaults against 36)."""
    kept = inner(table, seat, path, options)
    if path != [["kind", "move"]]:
        return kept
    danger = set(beside_danger(table, seat))
    frm = unkey(table.game.players[seat].pos)

    def safe(o) -> bool:
        to = o.command.get("to") if o.command is not None else None
        return not (isinstance(to, str) and danger & set(provoked_spaces(table, seat, frm, unkey(to))))

    return [o for o in kept if safe(o)] or [o for o in options if safe(o)] or kept


def block_helps(table, seat: int, c) -> bool:
    """The attacks not blocked yet would knock the hero out (`knocked_out_ahead`), and the
    block pooled and the hand's best block reach the smallest of them."""
    attacks = [a.value for e in targetable(c) for a in e.attacks if not a.blocked and not a.summon]
    if not attacks or not knocked_out_ahead(table, seat, c):
        return False
    pooled = sum(x.value for x in c.pool if x.kind == "block")
    hand = sum(card_best(card_name(x), ("block",)) for x in table.zone(state.hand(seat)))
    return pooled + hand >= min(attacks)


def knocked_out_ahead(table, seat: int, c) -> bool:
    """The damage of the attacks not blocked yet (doubled by Brutal or Poison), less what the
    ready units' armour takes, wounds the hero up to its hand limit: a knock-out, the whole hand
    discarded before the attack phase (MK:9:Damage). In a lesser fight the habits' way stands:
    keep the cards for the attack and take the wounds (blocking there lost more fights than it
    saved wounds: fame 11.1 against 12.2 over seeds 0-29)."""
    p = table.game.players[seat]
    damage = sum(
        a.value * (2 if set(e.abilities) & set(DOUBLED) else 1)
        for e in targetable(c)
        for a in e.attacks
        if not a.blocked and not a.summon
    )
    units = sum(content().units[u.unit].armor for u in p.units if not u.wounded)
    return max(damage - units, 0) > p.armour * (p.hand_limit - 1)


def blocking(inner, table, seat: int, path: list[Any], options: list) -> list:
    """Where the random bot's habits end the block phase (they block only with cards the
    attack phase will not need, so three city defenders knock out a hero who never blocks),
    also the cards to block with: a wound short of a knock-out keeps the hand for the attack.
    The planner keeps whichever turn ends worth more."""
    kept = inner(table, seat, path, options)
    if path or any(tree.kind_of(o) != "next" for o in kept):
        return kept
    return [o for o in options if tree.kind_of(o) == "play"] + list(kept)


def idle_site(table, seat: int) -> bool:
    """The hero stands on a site where the random bot's recruit habit spends the turn on
    influence (it looks only for a unit in the offer and counts 2 influence a card), though
    the hand's influence cannot pay for anything there: a unit of the offer recruited there,
    healing a wound in hand, an advanced action of a monastery. (Checking units alone left
    the heals and advanced actions that influence buys too: solo, 8 games, recruiting or
    buying fell from 10% of turns to 4%.)"""
    game = table.game
    p = game.players[seat]
    sp = game.board.spaces.get(p.pos) if p.pos else None
    if sp is None or sp.site not in RECRUIT_SITES or len(p.units) >= p.command or game.combat is not None:
        return False
    prices = buys_here(table, seat, sp)
    if not prices:
        return True
    hand = sum(card_best(card_name(x), ("influence",)) for x in table.zone(state.hand(seat)))
    return pool(table, seat) + hand < min(prices)


def buys_here(table, seat: int, sp) -> list[int]:
    """The influence prices of what the seat could buy on this site (MK:8:Interact:4)."""
    units = content().units
    prices = [
        recruit_cost(table, seat, u)
        for u in offered(table)
        if open_to(sp, seat) and sp.site in recruit_sites(table.game, units[u].recruit_sites)
    ]
    if sp.site in HEAL_PRICE and any(card_name(x) == "wound" for x in table.zone(state.hand(seat))):
        prices.append(HEAL_PRICE[sp.site])
    if sp.site == "monastery" and any(card_name(u) not in units for u in table.zone(state.UNIT_OFFER)):
        prices.append(AA_PRICE)  # (the monastery's advanced actions lie in the unit offer)
    return prices


STEPS = ("move", "challenge")  # how a hero leaves a site (travel's step or a fight on the way)


def leaving(inner, table, seat: int, path: list[Any], options: list) -> list:
    """On an idle site: at the turn's first question the step the travel habit takes when no
    card is played for influence (else the cards, as the habits keep them); choosing a card,
    the one with the most move points."""
    if not path:
        kept = inner(table, seat, path, options)
        if not kept or any(tree.kind_of(o) != "play" for o in kept):
            return kept
        rest = [o for o in options if tree.kind_of(o) != "play"]
        steps = [o for o in (inner(table, seat, path, rest) if rest else []) if tree.kind_of(o) in STEPS]
        return steps or kept
    if not options or path[0] != ["kind", "play"]:
        return inner(table, seat, path, options)
    cmds = [o.command if o.command is not None else stand_in(_fields(o.expand)) for o in options]
    best = strongest(table, cmds, ("move",))
    return [o for o, c in zip(options, cmds, strict=True) if any(c is b for b in best)] or inner(
        table, seat, path, options
    )


def _fields(path: Any) -> dict[str, Any]:
    """The fields a lazy step's path names (`[field, value]` steps)."""
    return {step[0]: step[1] for step in path if isinstance(step, list) and len(step) == 2}


STEADY_PLANS = 0  # the planner's other candidates (bots/planner.Line: plans 0)
STEADY = Line(None, (), STEADY_PLANS, habits)
ASSAULT = Line(assault, SIDESTEPS, ASSAULT_PLANS, habits)


def lines(table, seat: int) -> list[Line]:
    """Purposeful candidate turns worth trying now, outside combat in the seat's own turn: an
    assault when a hostile city is within REACH move points; every candidate with the
    planner's own habits (`habits`)."""
    game = table.game
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return [STEADY]
    reach = LATE_REACH if late(game) else REACH
    return [STEADY, ASSAULT] if distance(table, seat, city_spaces(game)) <= reach else [STEADY]
