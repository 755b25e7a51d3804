"""Going for a city (bot habit, not a rule): what the end of a turn is worth on the way to a
conquest, beside worth.py's fame and strength, and the lines the planner tries.

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
  the edge to explore, a fight it wins (an adventure site's too), a place to recruit while it
  commands fewer units than it may and its hand pays for one there (a level-3 hero with two
  units takes a defender of a level-4 city per assault, one with a single unit seldom), and
  a place to buy healing, an advanced action or a spell its hand pays for; in the last LATE
  rounds, to the weakest hostile city, which both heroes wear down. Without it, a turn of
  rests and one of walking scored alike; with places the hand cannot pay at, a hero stood on
  one turn after turn.

A city is taken in the last rounds, as a player does once it is strong enough: worth.py
weighs strength less there (it has few turns left to bring fame), so wounds taken for a
defender come cheap, and the assault line is tried from a whole turn's walk away. Tried and
dropped (10 seeded games each): the city's pull from round 4 on (no city taken, 3 assaults),
a stronger pull to the edge while no city shows (none taken in 20), PROGRESS 6 (as 3). With
the siege habits below, the last three rounds (LATE 3, from round 4 of Full Conquest's 6)
took more defenders than the last two on both seed sets (11 / 12 against 10 / 8 of seeds 0-29
/ 30-59; 9 games of 60 ended two defenders into a city's three, against 5), fame at round 6
12.7 / 12.8 against 13.2 / 12.5. The last four took a city in one game of 30-59 but did worse
on 0-29 (6 defenders, fame 11.8).

The siege line (`lines`, SIEGE) leads ASSAULT_PLANS of the planner's candidate turns into a
hostile city the hero could reach this turn: it steps in as soon as the step is paid for,
picking no other fight and exploring nothing on the way; the cards for move points are the
habits'. Inside the assault it blocks and takes damage as a besieger (`siege_block`,
`siege_damage`; the attack is the habits'), and when the planner plans again there (the
revealed garrison is not the one its determinization drew) every candidate follows it
(INSIDE). The worth of the turn's end judges the assault by the garrison it met on the
determinization (the revealed defenders as they are, fortified, with the city's bonus and
resistances) against everything the hero brought: it is kept only if the defenders it
defeated are worth more than its wounds, beside the other plans' ends.

Why a besieger's habits: every defender strikes before the attack phase, and a full level-4
garrison deals an unblocked hero 7-11 wounds on average (2,000 drawn garrisons of each colour:
a knock-out, which discards the hand, in 95-100% of them); with its heaviest blow blocked or
taken by a unit, an armour-3 hero stands in 50-73% of them (armour 2: 17-29%). The shared
habits block with cards only where the attack would not need them, never so in a city.
Measured (bench/mk_strong.py, FC 2p, seeds 0-29 / 30-59, beside main the same day, LATE 2):
assaults 15 / 22 (main 19 / 16), defenders defeated 10 / 8 (10 / 7), knock-outs 5 / 13 (7 /
9), fame at round 6 13.2 / 12.5 (13.1 / 12.2), no city taken either way. Every defender fell
in the last rounds (a pull from any round to a city with a shield on it changed no decision).
Tried and dropped: judging the line by its
candidates' mean (the garrison is face down until the fight) with a pull to the city from
the round it shows whenever a full hand of the hero's deck and its units would take one
defender and survive the rest (assaults 17 / 13, defenders 7 / 4, fame 12.5 / 12.1), and that
pull alone (17 / 19, 10 / 7, 12.9 / 12.4).

Three more lines grow the hero before the city: entering an adventure site it stands on when
the estimate says it wins there (ADVENTURE, judged by its candidates' mean worth: each draws
its own enemy token); on a place to buy healing, an advanced action or a spell its hand pays
for, pooling influence and buying (SHOP: the habits pool influence only for a unit); and,
with an empty deck, turns played with the hand left instead of the habits' announcing the
round's end, which throws the hand away (PLAY_ON). Measured together on seeds 0-29 / 30-59
(bots/strong.py): fame at round 4 9.6 / 9.5 against 9.1 / 8.5, rests 25% of turns against
29-31%, no city taken yet.

The turn economy (2026-11-29 (5); main traced over seeds 0-9, 576 turns): the rests (27%) and
the turns doing nothing (18%) gather at the end, 160 of those 259 turns in rounds 5-6; of the
201 in rounds 4-6, 93 found the hero within 5 move points of a hostile city, 71 of them with
its defenders left needing 20-47 points against the 1-10 of the hero's hand and units (the
habits end the turn beside a city they would not win, and the late pull keeps the hero there;
in 6 the estimate said the assault wins and it still waited). 79 rests came with two
wounds or more in hand (the habits rest those away), 75 with fewer (the planner found nothing
better). They are idle because the hero stops growing: its combat power at the turns of rounds
1-6 is 5.9, 7.1, 8.0, 8.0, 7.4, 7.4, and its units are wounded at a turn's start in 7%, 27%,
46%, 74%, 78% of cases in rounds 2-6 (a wounded unit fights no more until healed for its level
in one effect; the engine lists bought healing only with a wound in hand and resolves each
purchase as one point, so it never heals a unit; a rules fix of the same day, 69a20be,
pools the points): the fights within reach are gone. In 6
games the heroes took 119 wounds: 38 in 3 city assaults, 26 at keeps and towers, 32 in 36
challenges, 14 burning monasteries. 63 turns began with a wound and a healing card in hand: the
card was rested away or played sideways in 24 of them and kept in 26.

Noise: one seat's fame at the end has a spread of about 6.6 (bench/mk_strong.py prints it),
so a 30-game mean has a 95% margin of about 1.7 and two versions' means differ by up to about
2.4 by chance alone; no difference below (nor most in bots/strong.py's table) is beyond it.
Tried and dropped that day (FC 2p, fame at round 6 on seeds 0-29 / 30-59 / 60-89, main 12.7 /
12.8 / 11.6 measured beside them; 11.0-13.5 ms a decision, main 11.9-12.2): the sieges' pull
only in the last round (LATE 1): 12.4 on 0-29, nothing 15%; the hero's place counted up to 48
move points from its goal instead of 12 (a hero farther from every goal had no pull): 13.2 /
13.1 / 11.3, level 3.14 over the 90 games either way; and with that, a line playing the hand's
healing card before the habits rest it away: 12.4, rests 22%, nothing 20%; a line walking to
the nearest place to grow while the habits wait beside a city, the city's pull flat within a
turn's walk: 12.6, nothing 13%, moving 14% (the walks found nothing it wins); the hero taking
each blow that does not knock it out (the habits give units every blow they may take) with a
wounded unit costing 3 fame a level: 13.1 / 11.7; a line recruiting at a village when every
command token is taken, disbanding a wounded unit: 13.2 / 12.2, 0.83 of 1.30 units wounded
at the end of 0-29 (main 1.02 of 1.35); a line playing on with two wounds in hand beside three
cards instead of resting: 12.2 / 11.1, rests 22-24%. A city was taken only in seed 23 (the 48
cap, and three of its variants) and seed 6 (LATE 1); main took none of 90.

Healing units, tried and dropped (2026-11-29 (6), after 69a20be pooled bought healing; main
c297dfd beside each, bench/mk_strong.py FC 2p, fame at round 6 / units wounded at the end of
the units / cities): a village or monastery where the hand's influence pays the healing of a
wounded unit's level (the hand's wounds first, `heal_plan`) joining `shop_spaces`, so it
pulls the hero and SHOP buys there: 12.9 / 0.87 of 1.32 / 0 on seeds 0-29 (main 13.3 / 0.98
of 1.42 / 1), 12.8 / 0.90 of 1.35 / 1 on 30-59 (main 12.4 / 0.88 of 1.27 / 0); 11.5 / 11.0
ms a decision (main 11.5 / 10.8). It bought 127 healing points, and units were healed 39
times, in 30 other seeded games (main 89, 28): too few to show, a unit of level 2-3 costs 6-9
influence at a village. With it, on 0-29: a wounded unit costing 2 fame a level, not 1.5 a unit
(worth.py): 12.4, 0.80 of 1.37; only those places pulling while they heal a unit: 12.2, 0.77
of 1.28; no pull, SHOP alone buying for a unit where the hero stands: 12.7, 0.82 of 1.22.
Fewer wounded units, no more fame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.mage_knight import state
from engine.games.mage_knight.bots.estimate import (
    combat_power,
    enemies_need,
    influence_power,
    space_need,
    unit_points,
)
from engine.games.mage_knight.bots.goals import (
    blocks_held,
    explore_goals,
    hostile_cities,
    is_open,
    need_of_city,
    points,
    prey,
    route_costs,
    strongest,
    unit_help,
    unit_scores,
)
from engine.games.mage_knight.choices.tree import turn_commands
from engine.games.mage_knight.cities.rules import city_fame
from engine.games.mage_knight.combat.abilities import block_need, has, open_attacks
from engine.games.mage_knight.combat.arithmetic import damage_hero, unblocked_damage
from engine.games.mage_knight.combat.state import strength
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.turn.actions import AA_PRICE, HEAL_PRICE, SPELL_PRICE, recruit_cost
from engine.mechanics.per_state import once
from engine.mechanics.zones import card_name

EXPLORE = 0.5  # a tile placed: the core tiles (and the cities) come closer
PROGRESS = 3.0  # a shield on a hostile city
REACH = 6  # move points from a hostile city within which an assault is tried this turn
LATE = 3  # the last rounds, the sieges': every hero heads for a city and steps in (2: fewer defenders)
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
    gives the command to play now or None, `avoid` the kinds kept off, `plans` its candidates,
    `averaged` judged by their mean worth (an enemy drawn decides it)."""

    lead: Any
    avoid: tuple[str, ...] = ()
    plans: int = 1
    averaged: bool = False


def city_spaces(game) -> list[str]:
    return sorted(s for c in hostile_cities(game) if c.garrison for s in c.spaces)


def weakest_spaces(table, seat: int) -> list[str]:
    """The spaces of the hostile city whose defenders left need the fewest points (as the seat
    judges them): the one both heroes wear down, a defeated defender staying so."""
    cities = [c for c in hostile_cities(table.game) if c.garrison]
    if not cities:
        return []
    weakest = min(need_of_city(table, seat, c) for c in cities)
    return sorted(s for c in cities if need_of_city(table, seat, c) == weakest for s in c.spaces)


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
    goals = (
        explore_goals(table)
        + prey(table, seat)
        + adventure_spaces(table, seat)
        + recruit_spaces(table, seat)
        + shop_spaces(table, seat)
    )
    return AHEAD * min(distance(table, seat, goals), AHEAD_CAP) if goals else 0.0


OPEN_SITES = ("village", "monastery")  # recruiting there needs no conquest first


def recruit_spaces(table, seat: int) -> list[str]:
    """Where the hero could recruit a unit of the offer that its hand pays for, while it
    commands fewer than it may: villages and monasteries, and keeps, mage towers and cities it
    holds (units take the damage a city's defenders deal and fight beside the hero); once per
    state. (A site whose units the hand cannot pay held a hero there, turn after turn.)"""
    return once(table, ("recruit_spaces", seat), lambda: _recruit_spaces(table, seat))


def _recruit_spaces(table, seat: int) -> list[str]:
    game = table.game
    p = game.players[seat]
    if len(p.units) >= p.command:
        return []
    units = content().units
    purse = influence_power(table, seat)
    sites = {
        s
        for u in table.zone(state.UNIT_OFFER)
        if card_name(u) in units and recruit_cost(table, seat, card_name(u)) <= purse
        for s in units[card_name(u)].recruit_sites
    }
    return sorted(
        k
        for k, sp in game.board.spaces.items()
        if sp.site in sites and (sp.site in OPEN_SITES or sp.conquered_by == seat)
    )


def shop_spaces(table, seat: int) -> list[str]:
    """Where the hero could buy what makes it stronger with the influence its hand pays: healing
    for the wounds in its hand (villages, monasteries), an advanced action of the offer
    (monasteries), a spell (mage towers it holds); once per state."""
    return once(table, ("shop_spaces", seat), lambda: _shop_spaces(table, seat))


def _shop_spaces(table, seat: int) -> list[str]:
    game = table.game
    purse = influence_power(table, seat)
    hand = [card_name(x) for x in table.zone(state.hand(seat))]
    heal = {site for site, price in HEAL_PRICE.items() if "wound" in hand and purse >= price}
    aa = any(card_name(u) not in content().units for u in table.zone(state.UNIT_OFFER))
    spell = purse >= SPELL_PRICE and bool(table.zone(state.SPELL_OFFER))
    out = []
    for k, sp in game.board.spaces.items():
        if sp.site == "monastery" and k not in game.monasteries:
            continue  # burned
        if (
            sp.site in heal
            or (sp.site == "monastery" and aa and purse >= AA_PRICE)
            or (sp.site == "mage_tower" and spell and sp.conquered_by == seat)
        ):
            out.append(k)
    return sorted(out)


BUYS = ("buy_heal", "buy_aa", "buy_spell")


def shop(table, seat: int) -> dict[str, Any] | None:
    """On a place to buy what its hand pays for (`shop_spaces`): the buy once the influence is
    pooled, else the play giving the most influence; None elsewhere (the habits play cards for
    influence only where a unit may be recruited)."""
    game = table.game
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return None
    if game.players[seat].pos not in shop_spaces(table, seat):
        return None
    buys = [c for k in BUYS for c in turn_commands(table, seat, k)]
    if buys:
        return buys[0]
    return next(iter(strongest(table, turn_commands(table, seat, "play"), ("influence",))), None)


SHOP = Line(shop, (), 2)


# adventure site -> enemy tokens drawn on entering (brown; a tomb's red: combat/fight.py)
ADVENTURES = {"monster_den": 1, "spawning_grounds": 2, "dungeon": 1, "tomb": 1}
UNDERGROUND = ("dungeon", "tomb")  # no units fight there


def adventure_spaces(table, seat: int) -> list[str]:
    """Adventure sites not yet conquered whose enemies the estimate says the hero defeats now
    (the tokens still to draw as the average unseen token of their colour; underground, its
    units stay outside): fame, crystals, spells and artifacts; once per state."""
    return once(table, ("adventure_spaces", seat), lambda: _adventure_spaces(table, seat))


def _adventure_spaces(table, seat: int) -> list[str]:
    game = table.game
    power = combat_power(table, seat)
    alone = power - sum(unit_points(u.unit) for u in game.players[seat].units if u.ready and not u.wounded)
    out = []
    for k, sp in game.board.spaces.items():
        n = ADVENTURES.get(sp.site, 0)
        if not n or sp.conquered_by >= 0:
            continue
        if sp.enemies:
            need = space_need(table, seat, k)
        else:
            need = enemies_need(table, seat, [], 0, ("red" if sp.site == "tomb" else "brown",) * n)
        if need <= (alone if sp.site in UNDERGROUND else power):
            out.append(k)
    return sorted(out)


def adventure(table, seat: int) -> dict[str, Any] | None:
    """Entering the adventure site the hero stands on when the estimate says it wins there
    (outside combat, in its turn); None otherwise (the habits play on)."""
    game = table.game
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return None
    if game.players[seat].pos not in adventure_spaces(table, seat):
        return None
    return next(iter(turn_commands(table, seat, "enter")), None)


ADVENTURE = Line(adventure, (), 4, averaged=True)


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


PLAY_ON = Line(None, ("announce",), 4)  # a turn played with the hand left instead of the round's end
PLAY_ON_CARDS = 3  # cards (not wounds) in a hand worth a turn


def playing_on(table, seat: int) -> bool:
    """The deck is empty at the start of a turn with PLAY_ON_CARDS or more cards in hand: the
    habits announce the round's end, throwing the hand away (it is shuffled back), where a
    player would first play it (a walk, a fight, a recruit)."""
    p = table.game.players[seat]
    if not p.fresh or table.zone(state.deck(seat)):
        return False
    return sum(1 for x in table.zone(state.hand(seat)) if card_name(x) != "wound") >= PLAY_ON_CARDS


# -- the siege: the strong bot's own habits inside a city assault (the others keep goals.fight) --
#
# A city's defenders stay defeated between assaults (MK:10:City:2), so an assault that takes one
# of them is worth making; what loses it is the knock-out (the hand is discarded before the
# attack phase). The shared habits block only with cards an attack would not need, which in a
# city assault is never: all three defenders hit, the hero is knocked out and defeats none.
# A besieger blocks while the attacks left would knock it out (or paralyze it), gives its units
# the heaviest blows and attacks the weakest defender with what is left (the habits' attack).

KNOCK = 1 << 10  # a paralyzing blow on the hero counts as a knock-out (the hand is discarded)


def blow(c, e, a) -> int:
    """Wounds into hand one open attack brings the hero (KNOCK if it paralyzes)."""
    dmg = unblocked_damage(strength(a) if a.left < 0 else a.left, has(e, "brutal"))[0]
    dmg -= min(dmg, c.hero_damage_off.get(a.element, 0))
    if dmg <= 0:
        return 0
    n = damage_hero(dmg, c.hero_armour).wounds_to_hand
    return KNOCK if has(e, "paralyze") else n


def _takers(c) -> list:
    return sorted(
        (u for u in c.units if not u.wounded and not u.destroyed and not u.resisted), key=lambda u: -u.armour
    )


def wounds_coming(c, skip: tuple[str, int] | None = None) -> int:
    """Wounds into hand the open attacks (but `skip`) would bring, the heaviest going to the
    units that may take them, the best armoured first."""
    hits = sorted(
        ((blow(c, e, a), e, a) for e, i, a in open_attacks(c) if (e.uid, i) != skip),
        key=lambda x: -x[0],
    )
    takers, total = _takers(c), 0
    for n, e, a in hits:
        if takers and not has(e, "assassination") and n:
            u = takers.pop(0)
            dmg = unblocked_damage(strength(a), has(e, "brutal"))[0]
            left = max(0, dmg - u.armour)
            total += -(-left // c.hero_armour) if left and not has(e, "paralyze") else (KNOCK if left else 0)
        else:
            total += n
    return total


def knocked(c, skip: tuple[str, int] | None = None) -> bool:
    """The attacks left (but `skip`) would knock the hero out or paralyze it."""
    return c.wounds_to_hand + c.other_hand_wounds + wounds_coming(c, skip) >= c.hand_limit


def _listed(table, seat: int, cmd: dict) -> dict | None:
    return cmd if cmd in turn_commands(table, seat, cmd["kind"]) else None


def _block_potential(table, seat: int) -> int:
    """Block points the hand's cards (each its best play) and ready units could still add."""
    known: dict = {}
    best: dict[str, int] = {}
    for cmd in turn_commands(table, seat, "play"):
        best[cmd["card"]] = max(best.get(cmd["card"], 0), points(table, cmd, ("block",), (), known))
    units = {
        cmd["unit"]: v for v, cmd in unit_scores(table, turn_commands(table, seat, "activate"), ("block",))
    }
    return sum(best.values()) + sum(units.values())


def siege_block(table, seat: int) -> dict[str, Any] | None:
    """The block phase of a city assault: block with the pool where it holds (the attack it
    spares most wounds from), else, while the attacks left would knock the hero out, add the
    strongest block (units first) towards the attack whose block spares most that the hand
    can reach; otherwise end the phase and keep the hand for the attack."""
    c = table.game.combat
    opens = [(e, i, a) for e, i, a in open_attacks(c)]
    nxt = _listed(table, seat, {"kind": "next"})
    if not opens:
        return nxt
    now = wounds_coming(c)
    if any(p.kind == "block" for p in c.pool):
        held = [(now - wounds_coming(c, (e.uid, i)), e.uid, i) for e, i, a in opens]
        held = [h for h in held if blocks_held(c, {"kind": "block", "enemy": h[1], "attack": h[2]})]
        if held:
            _, uid, i = max(held, key=lambda h: h[0])
            return _listed(table, seat, {"kind": "block", "enemy": uid, "attack": i})
    if not knocked(c):
        return nxt
    pooled = sum(p.value for p in c.pool if p.kind == "block")
    reach = pooled + _block_potential(table, seat)
    aims = [
        (now - wounds_coming(c, (e.uid, i)), -need, e.uid, i)
        for e, i, a in opens
        for need in [block_need(e, a)[0] * (1 if a.element == "physical" else 2)]
        if need <= reach
    ]
    if not aims:
        return nxt
    units = unit_help(table, turn_commands(table, seat, "activate"), ("block",))
    adds = [x for x in units if not is_open(x)] or strongest(
        table, turn_commands(table, seat, "play"), ("block",)
    )
    return next(iter(adds), nxt)


def siege_damage(table, seat: int) -> dict[str, Any] | None:
    """The damage phase of a city assault: the heaviest blow to the best armoured unit that may
    take it, the rest to the hero."""
    c = table.game.combat
    cmds = turn_commands(table, seat, "assign")
    if not cmds:
        return None
    takers = {u.uid: u.armour for u in _takers(c)}
    enemies = {e.uid: e for e in c.enemies}

    def weight(cmd: dict) -> tuple:
        e = enemies[cmd["enemy"]]
        heavy = blow(c, e, e.attacks[cmd["attack"]])
        return (heavy, cmd["to"] != "hero", takers.get(cmd["to"], 0))

    return max(cmds, key=weight)


def siege(table, seat: int) -> dict[str, Any] | None:
    """The assault line's lead: the step into a hostile city (`assault`), then in the city's
    combat the besieger's block and damage habits; None where the shared habits go on."""
    game = table.game
    c = game.combat
    if c is None:
        return assault(table, seat)
    if game.active != seat or c.site != "city":
        return None
    if c.phase == "block":
        return siege_block(table, seat)
    if c.phase == "damage":
        return siege_damage(table, seat)
    return None


SIEGE = Line(siege, SIDESTEPS, ASSAULT_PLANS)
INSIDE_PLANS = 24  # inside an assault, every candidate of the planner's (bots/planner.py PLANS)
INSIDE = Line(siege, SIDESTEPS, INSIDE_PLANS)
"""The siege line inside an assault: the shared habits never block there, and candidates
following them were kept over the siege's when the draw after the fight was luckier."""


def lines(table, seat: int) -> list[Line]:
    """Purposeful candidate turns worth trying now, outside combat in the seat's own turn: an
    assault when a hostile city is within REACH move points; before the last rounds, entering
    the adventure site the hero stands on when it wins there; buying on a place its hand pays
    at; a turn played on instead of announcing the round's end with a hand worth playing."""
    game = table.game
    if game.combat is not None and game.combat.site == "city" and game.active == seat:
        return [INSIDE]  # (planning again inside an assault: every candidate besieges)
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return []
    reach = LATE_REACH if late(game) else REACH
    out = [SIEGE] if distance(table, seat, city_spaces(game)) <= reach else []
    if not late(game) and adventure(table, seat) is not None:
        out.append(ADVENTURE)
    if shop(table, seat) is not None:
        out.append(SHOP)
    return [*out, PLAY_ON] if playing_on(table, seat) else out
