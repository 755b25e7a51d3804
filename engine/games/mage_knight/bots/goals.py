"""Where a purposeful bot heads and when it fights (part 2 scenarios; First Reconnaissance keeps
part 1's bot so its golden games stay as they were). Only a choice among legal commands: the
rules are untouched. A real player's sense of direction, in four habits:

- explore towards the core: of the legal places to explore, the one farthest from the portal
  (the wedge and the open map grow outwards, and the core tiles lie at the far end);
- head for a revealed hostile city, else for the unexplored edge; in the last round of Only One
  Returns, for the portal;
- step into a hostile city only when strong enough (enough cards and ready units for the
  defenders left) or in the last round; otherwise wait next to it with a full hand;
- in combat, declare an attack as soon as one defeats enemies, play cards that add points of
  the phase's kind before giving up the phase, and block with cards that block.

Strength before an assault (bot_estimate.py): assault a city before the last round only when the
estimate wins, pick winnable fights (rampaging enemies, keeps, mage towers) meanwhile, recruit
and buy healing, advanced actions and spells, propose and accept co-op joint assaults when each
share holds, and in combat use units and spend no card on a block or ranged attack that fails.
"""

from __future__ import annotations

import heapq
from operator import attrgetter
from typing import Any

from engine.games.mage_knight import state
from engine.games.mage_knight.apply_scenario_events import city_at
from engine.games.mage_knight.bots.estimate import absorb, city_need, combat_power, space_need
from engine.games.mage_knight.cards.resolving import kept_plain, seat_resolutions
from engine.games.mage_knight.combat.abilities import armour_now, targetable
from engine.games.mage_knight.combat.machine import decide
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import (
    enter_cost,
    key,
    may_place,
    move_cost,
    neighbour_keys,
    placed_centres,
    unkey,
)
from engine.games.mage_knight.turn.actions import pool, recruit_cost
from engine.mechanics import hexgrid
from engine.mechanics.per_state import once, state_memo
from engine.mechanics.zones import card_name

ORIGIN = (0, 0)
CHALLENGE_STRENGTH = 5  # a full hand before challenging a rampaging enemy on the route
PICKED_FIGHTS = ("challenge", "enter", "burn")  # fights a player chooses to start


def hostile_cities(game) -> list:
    return [c for c in game.cities if c.status == "hostile"]


OPEN = "?"
"""The mark of a stand-in: a command of a known kind whose other fields are not known yet (an
option of a choice tree that leads to several commands: tree_policy.py). Every habit keeps the
stand-ins it cannot judge, so a narrowing over whole commands is the same with or without them."""


def stand_in(cmd: dict) -> dict:
    """A stand-in for the commands of `cmd`'s kind (the fields it has are known)."""
    return {**cmd, OPEN: True}


def is_open(cmd: dict) -> bool:
    return OPEN in cmd


def far_explore(legal: list[dict]) -> list[dict]:
    """The explorations farthest from the portal (towards the core tiles); stand-ins kept."""
    known = [c for c in legal if not is_open(c)]
    if not known:
        return legal
    far = max(hexgrid.distance(unkey(c["at"]), ORIGIN) for c in known)
    return [c for c in legal if is_open(c) or hexgrid.distance(unkey(c["at"]), ORIGIN) == far]


def strength(table, seat: int) -> int:
    p = table.game.players[seat]
    cards = sum(1 for x in table.zone(state.hand(seat)) if card_name(x) != "wound")
    return cards + 2 * sum(1 for u in p.units if u.ready and not u.wounded)


def need_of_space(table, seat: int, k: str) -> int:
    """`estimate.space_need`, kept across states by all it reads: the names of the enemies on
    the space and the damage the seat absorbs (the prey and fights are weighed again at every
    decision, the enemies rarely change)."""
    at = (tuple(card_name(x) for x in table.game.board.spaces[k].enemies), absorb(table, seat))
    got = _NEEDS.get(at)
    if got is None:
        got = _keep(at, space_need(table, seat, k))
    return got


def need_of_city(table, seat: int, city) -> int:
    """`estimate.city_need`, kept across states by all it reads: the city's spaces and
    defenders, the damage the seat absorbs and the face-down enemy tokens (which of its
    defenders the seat cannot see, and the average unseen token of a colour)."""
    at = (tuple(city.spaces), tuple(city.garrison), absorb(table, seat), _unseen(table))
    got = _NEEDS.get(at)
    if got is None:
        got = _keep(at, city_need(table, seat, city))
    return got


_NEEDS: dict[tuple, int] = {}  # (what a need read) -> the need
NEEDS_KEPT = 4_096  # the most kept at once (a long run meets many)


def _keep(at: tuple, need: int) -> int:
    if len(_NEEDS) >= NEEDS_KEPT:
        _NEEDS.clear()
    _NEEDS[at] = need
    return need


def _unseen(table) -> tuple:
    """The face-down enemy tokens, zone by zone (enemy stacks and garrisons), once per state."""
    return once(
        table,
        "unseen_foes",
        lambda: tuple(
            (name, tuple(z.cards))
            for name, z in table.zones.items()
            if z.vis == "hidden" and name.startswith(FOE_ZONES)
        ),
    )


FOE_ZONES = ("enemies:", "garrison:")  # where estimate.py reads face-down tokens


def ready_for(table, seat: int, city) -> bool:
    """The estimate says the assault wins (bot_estimate.py), or the last round (nothing to wait for:
    every defender defeated still scores)."""
    game = table.game
    return game.round >= game.rounds or combat_power(table, seat) >= need_of_city(table, seat, city)


def explore_goals(table) -> list[str]:
    """Revealed spaces next to an open tile position where the next tile may go (standing there,
    the hero may explore it). The bot asks for them at most questions of a turn while the map
    stays as it was, so the last answer is kept with what it reads: the placed tiles, the map's
    shape and the next tile's type."""
    tiles = table.zone(state.TILES)
    if not tiles:
        return []
    board, kind = table.game.board, content().tiles[tiles[0]].type
    read = (kind, board.shape, board.rows, board.coast_rule, tuple(board.tiles.items()))
    if _LAST_EXPLORE[0] != read:
        _LAST_EXPLORE[0], _LAST_EXPLORE[1] = read, _explore_goals(board, kind)
    return list(_LAST_EXPLORE[1])


_LAST_EXPLORE: list = [None, None]  # (what the last explore_goals read, its answer)


def _explore_goals(board, kind: str) -> list[str]:
    slots = [
        c
        for c in hexgrid.open_tile_slots(placed_centres(board))
        if may_place(board, content(), c, kind) is None
    ]
    edge = {key(n) for c in slots for h in hexgrid.tile_hexes(c).values() for n in hexgrid.neighbours(h)}
    return sorted(k for k in edge if k in board.spaces)


def _blocked(sp, goal: bool) -> bool:
    """A space a route does not pass through: rampaging enemies, an unconquered keep, tower or
    city (stepping in is a fight), unless it is the goal itself."""
    if goal:
        return False
    return sp.site in FORTIFIED and sp.conquered_by < 0


FORTIFIED = ("keep", "mage_tower", "city")
RAMPAGE_DETOUR = 8  # a route through a rampaging enemy (or another hero) counts 8 more move points
PROVOKE_DETOUR = 3  # a space next to a rampaging enemy counts 3 more


_LAST_ROUTE: list = [None, None]  # (what the last search read, its costs)
# What the search reads of a space (its enemies' list: compared, not only whether it is empty).
_SPACE_READ = attrgetter("terrain", "site", "conquered_by", "rampaging", "enemies")


def route_costs(table, goals: list[str]) -> dict[str, int]:
    """Move points from each known space to the nearest goal space over passable terrain
    (Dijkstra on the revealed map, day or night costs). The bot asks again after every card it
    plays while the map stays as it was (about half the calls), so the last answer is kept with
    everything the search reads: the goals, day or night, the other heroes' spaces and each
    space's terrain, site, owner and rampaging enemies. The costs are read, never changed."""
    memo = state_memo(table)
    got = memo.get(("route_costs", tuple(goals)))
    if got is not None:  # asked again in this state (the first question and the one below it)
        return got
    game = table.game
    spaces = game.board.spaces
    read = (
        tuple(goals),
        game.night,
        game.active,
        tuple(p.pos if i != game.active else None for i, p in enumerate(game.players)),
        tuple(spaces),
        tuple(map(_SPACE_READ, spaces.values())),  # (C-level: asked at every state)
    )
    if _LAST_ROUTE[0] != read:
        _LAST_ROUTE[0], _LAST_ROUTE[1] = read, _route_costs(game, goals)
    memo[("route_costs", tuple(goals))] = _LAST_ROUTE[1]
    return _LAST_ROUTE[1]


def _route_costs(game, goals: list[str]) -> dict[str, int]:
    board, c, night = game.board, content(), game.night
    spaces = board.spaces
    goals = [k for k in goals if move_cost(board, c, unkey(k), night) is not None]
    goal_set = set(goals)
    watched = {n for k, sp in spaces.items() if sp.rampaging and sp.enemies for n in neighbour_keys(k)}
    heroes = {p.pos for i, p in enumerate(game.players) if i != game.active and p.pos}
    best = {k: 0 for k in goals}
    heap = [(0, k) for k in sorted(goals)]
    pop, push, far = heapq.heappop, heapq.heappush, 1 << 30
    while heap:
        d, k = pop(heap)
        if d > best[k]:
            continue
        sp = spaces[k]
        if k not in goal_set and _blocked(sp, False):
            continue
        cost = enter_cost(sp, c, night, game.board.costs)
        if cost is None:
            continue
        if sp.rampaging and sp.enemies:  # passable once its rampaging enemy is defeated
            cost += RAMPAGE_DETOUR
        elif k in watched:  # passing a rampaging enemy may provoke it
            cost += PROVOKE_DETOUR
        if k in heroes:  # another hero's space: player against player
            cost += RAMPAGE_DETOUR
        reach = d + cost
        for nk in neighbour_keys(k):
            if nk in spaces and reach < best.get(nk, far):
                best[nk] = reach
                push(heap, (reach, nk))
    return best


def towards(table, seat: int, legal: list[dict], goals: list[str]) -> list[dict]:
    """The moves on a cheapest route to the nearest goal space; the challenge of a rampaging
    enemy that stands on that route when it is winnable, else the route around it (no hero
    steps onto a rampaging enemy: waiting for a fight it would not pick left it standing by)."""
    game = table.game
    costs = route_costs(table, goals)
    here = game.players[seat].pos
    now = costs.get(here)
    if now is None:
        return []
    fights = [c for c in winnable(table, seat, legal) if c["kind"] == "challenge"]
    prey_here = {c["space"] for c in fights}
    via = {}
    for n in hexgrid.neighbours(unkey(here)):
        k = key(n)
        sp = game.board.spaces.get(k)
        cost = move_cost(game.board, content(), n, game.night) if sp is not None else None
        if (
            cost is not None
            and k in costs
            and costs[k] < now
            and not _blocked(sp, k in goals)
            and not (sp.rampaging and sp.enemies and k not in prey_here)
            and not any(p.pos == k for p in game.players)
        ):
            via[k] = costs[k] + cost
    if not via:
        return []
    low = min(via.values())
    best = [k for k, v in via.items() if v == low]
    steps = [c for c in legal if c["kind"] == "move" and c["to"] in best]
    return [c for c in fights if c["space"] in best] or steps


def recruit(table, seat: int, legal: list[dict]) -> list[dict] | None:
    """Units before a city: recruit when one is affordable (not disbanding), and on a site with
    a unit in the offer, play influence cards while the hand could still pay for the cheapest."""
    game = table.game
    p = game.players[seat]
    if game.phase != "turn" or seat != game.active or game.combat is not None:
        return None
    if len(p.units) >= p.command:
        return [c for c in legal if c["kind"] in GROWTH] or None
    buys = [c for c in legal if c["kind"] == "recruit" and "disband" not in c]
    if buys:
        return buys
    growth = [c for c in legal if c["kind"] in GROWTH]
    if growth:
        return growth
    if not once(table, ("may_recruit", seat), lambda: _may_recruit(table, seat)):
        return None
    return strongest(table, legal, ("influence",)) or None


def _may_recruit(table, seat: int) -> bool:
    """On a site with a unit in the offer that the hand could still pay for (once per state:
    the habits ask at every question of a decision)."""
    game = table.game
    p = game.players[seat]
    sp = game.board.spaces.get(p.pos)
    if sp is None or sp.site not in RECRUIT_SITES:
        return False
    units = [card_name(u) for u in table.zone(state.UNIT_OFFER) if card_name(u) in _units()]
    if not units:
        return False
    cheapest = min(recruit_cost(table, seat, u) for u in units)
    return pool(table, seat) + 2 * strength(table, seat) >= cheapest


RECRUIT_SITES = ("village", "monastery", "keep", "city")
GROWTH = ("buy_heal", "buy_aa", "buy_spell")  # healing, advanced actions, spells: strength for later


def _units():
    return content().units


def travel(table, seat: int, legal: list[dict]) -> list[dict] | None:
    """Towards the nearest hostile city (into it when ready), else towards the legal frontier;
    cards for move points when no step nearer is paid for yet. None: no goal."""
    game = table.game
    if game.phase != "turn" or seat != game.active or not game.players[seat].pos or game.players[seat].acted:
        return None
    moves = [c for c in legal if c["kind"] == "move"]
    stepping = any(c["kind"] in ("move", "challenge") for c in legal)  # what `towards` chooses from
    cities = hostile_cities(game)
    last = game.round >= game.rounds
    wins = [] if last else winnable(table, seat, legal)
    if wins:
        return wins
    if cities:
        joint = joint_proposals(table, seat, legal)
        if joint:
            return joint
        assaults = [c for c in moves if city_at(game, c["to"]) in cities]
        ready = [c for c in assaults if ready_for(table, seat, city_at(game, c["to"]))]
        if ready:
            return ready
        if assaults:  # next to it but not strong enough: keep the hand for the next turn
            return [c for c in legal if c["kind"] == "end_turn"] or None
    if not stepping:  # no step to choose: only whether there is a goal
        return (strongest(table, legal, ("move",)) or None) if has_goal(table, seat) else None
    goals = travel_goals(table, seat, stepping)
    if not goals:
        return None
    step = towards(table, seat, legal, goals)
    if step:
        return step
    return strongest(table, legal, ("move",)) or None


def has_goal(table, seat: int) -> bool:
    """Whether `travel_goals(table, seat, False)` names any space, told without weighing the
    cities where every hostile city has spaces (the weakest one's are goals then) nor the
    prey where the edge is a goal: the questions below the first (which card, which way) ask
    only this, in a new state at every decision."""
    game = table.game
    if game.scenario == "only_one_returns" and game.round == game.rounds:
        if any(sp.site == "portal" for sp in game.board.spaces.values()):
            return True
    else:
        cities = hostile_cities(game)
        if cities and all(c.spaces for c in cities):
            return True
        if not cities:
            return bool(explore_goals(table)) or (game.round < game.rounds and bool(prey(table, seat)))
    return bool(travel_goals(table, seat, False))


def travel_goals(table, seat: int, stepping: bool) -> list[str]:
    """The spaces `travel` heads for: the weakest hostile city's (and winnable fights on the
    way while no city is ready), the portal in the last round of Only One Returns, else the
    explorable edge (and winnable fights); once per state and `stepping` (a step to choose,
    not only whether there is a goal). Shared: callers do not change it."""
    return once(table, ("travel_goals", seat, stepping), lambda: _travel_goals(table, seat, stepping))


def _travel_goals(table, seat: int, stepping: bool) -> list[str]:
    game = table.game
    cities = hostile_cities(game)
    goals: list[str] = []
    last = game.round >= game.rounds
    if cities:
        weakest = min(need_of_city(table, seat, c) for c in cities)  # the weakest city first
        goals = [s for c in cities if need_of_city(table, seat, c) == weakest for s in c.spaces]
        if stepping and not last and not any(ready_for(table, seat, c) for c in cities):
            goals += prey(table, seat)  # grow on winnable fights before the assault
    if game.scenario == "only_one_returns" and game.round == game.rounds:  # the one on the portal wins
        goals = [k for k, sp in game.board.spaces.items() if sp.site == "portal"]
    if not goals:
        goals = explore_goals(table)
        if not last and (stepping or not goals):  # (with no step to choose, only whether any)
            goals = goals + prey(table, seat)
    return goals


def _share_holds(table, seat: int, city, n: int) -> bool:
    """A participant's power covers its share: n of the garrison's defenders, at their average
    need (the defenders are dealt at random)."""
    return combat_power(table, seat) * len(city.garrison) >= n * need_of_city(table, seat, city)


def _shares(cmd: dict) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in (x.split(":") for x in cmd["shares"].split(","))]


def joint_proposals(table, seat: int, legal: list[dict]) -> list[dict]:
    """Co-op joint assaults (MK:13:Coop:2) in which every participant's power covers its share,
    the most participants first; in the last round any (nothing is left to wait for)."""
    game = table.game
    props = [c for c in legal if c["kind"] == "joint_assault"]
    if not props:
        return []
    here = game.players[seat].pos
    near = [city_at(game, key(n)) for n in hexgrid.neighbours(unkey(here))] if here else []
    city = next((c for c in near if c is not None and c.status == "hostile" and c.garrison), None)
    if city is None or not props:
        return []
    last = game.round >= game.rounds  # nothing to wait for: the more heroes, the better the odds
    ok = [c for c in props if last or all(_share_holds(table, s, city, n) for s, n in _shares(c))]
    most = max((len(_shares(c)) for c in ok), default=0)
    return [c for c in ok if len(_shares(c)) == most]


def joint_answer(table, seat: int, legal: list[dict]) -> list[dict]:
    """An invited hero agrees when its power covers its share of the defenders, or in the last
    round (MK:13:Coop:3)."""
    game = table.game
    answers = [c for c in legal if c["kind"] == "joint_answer"]
    if not answers or not game.joint:
        return answers
    city = city_at(game, game.joint["space"]) if game.joint.get("space") else None
    share = dict((s, n) for s, n in game.joint["shares"]).get(seat, 0)
    agree = city is None or game.round >= game.rounds or _share_holds(table, seat, city, share)
    return [c for c in answers if c["agree"] == agree] or answers


def _fight_space(table, seat: int, cmd: dict) -> str | None:
    """The space whose enemies a command fights: a challenge's, or a step into an unconquered
    keep or mage tower (an assault); None for anything else."""
    game = table.game
    if is_open(cmd):
        return None
    if cmd["kind"] == "challenge":
        return cmd["space"] if cmd["space"] in game.board.spaces else None
    if cmd["kind"] == "move":
        sp = game.board.spaces.get(cmd["to"])
        if sp is not None and sp.site in ("keep", "mage_tower") and sp.conquered_by < 0 and sp.enemies:
            return cmd["to"]
    return None


FIGHT_KINDS = ("challenge", "move")  # the kinds `_fight_space` finds a fight in


def winnable(table, seat: int, legal: list[dict]) -> list[dict]:
    """Fights the estimate says the seat wins (rampaging enemies, keeps, mage towers)."""
    fights = [(c, k) for c in legal if c["kind"] in FIGHT_KINDS and (k := _fight_space(table, seat, c))]
    if not fights:
        return []
    power = combat_power(table, seat)
    return [c for c, k in fights if need_of_space(table, seat, k) <= power]


def prey(table, seat: int) -> list[str]:
    """Spaces to walk to for a winnable fight: next to a rampaging enemy, or into a keep or mage
    tower, whose enemies the estimate says the seat defeats now (once per state; shared)."""
    return once(table, ("prey", seat), lambda: _prey(table, seat))


def _prey(table, seat: int) -> list[str]:
    game = table.game
    power = combat_power(table, seat)
    out = set()
    for k, sp in game.board.spaces.items():
        if not sp.enemies or need_of_space(table, seat, k) > power:
            continue
        if sp.rampaging:
            out |= {key(n) for n in hexgrid.neighbours(unkey(k)) if key(n) in game.board.spaces}
        elif sp.site in ("keep", "mage_tower") and sp.conquered_by < 0:
            out.add(k)
    return sorted(out)


def play_atoms(table, cmd: dict, known: dict | None = None, every: bool = False) -> Any:
    """The effects of a play's chosen option in the active seat's situation (`every`: of each
    option); `known` keeps each (card, mode)'s resolutions already found in this state (a bot
    scores many plays at once)."""
    k = (cmd["card"], cmd["mode"])
    res = known.get(k) if known is not None else None
    if res is None:
        res = seat_resolutions(table, table.game.active, cmd["card"], cmd["mode"])
        if known is not None:
            known[k] = res
    return res if every else res[cmd["option"]]


def points(
    table, cmd: dict, kinds: tuple[str, ...], types: tuple[str, ...] = (), known: dict | None = None
) -> int:
    """The points of `kinds` (move, attack, block) a play's chosen option yields, of one of the
    attack `types` when given; 0 for anything else. `known` keeps the resolutions of each
    (card, mode) already asked about in this state. A stand-in knowing its card (and maybe its
    mode): the most any of its options may yield."""
    if cmd["kind"] != "play" or cmd.get("boost"):
        return 0
    if is_open(cmd):  # (once per state: every question's habits weigh the same cards)
        k = ("open_points", cmd.get("card"), cmd.get("mode"), cmd.get("option"), kinds, types)
        return kept_plain(
            table, table.game.active, _OPEN_POINTS, k, _open_points, table, cmd, kinds, types, known
        )
    return _points(play_atoms(table, cmd, known), kinds, types)


_OPEN_POINTS: dict[tuple, int] = {}  # a stand-in's best points in a plain situation (resolving.py)


def _open_points(table, cmd: dict, kinds: tuple[str, ...], types: tuple[str, ...], known: dict | None) -> int:
    return max((_points(a, kinds, types) for a in _open_atoms(table, cmd, known)), default=0)


def _points(atoms, kinds: tuple[str, ...], types: tuple[str, ...]) -> int:
    total = 0
    for k, v in atoms:
        if k not in kinds:
            continue
        if isinstance(v, dict):
            if not types or v.get("type") in types:
                total += v.get("value", 0) if isinstance(v.get("value", 0), int) else 0
        elif isinstance(v, int):
            total += v
    return total


PLAY_MODES = ("basic", "powered", "sideways")


def card_known(cmd: dict) -> bool:
    """A play, or a stand-in for plays of one card whose name it knows."""
    return not is_open(cmd) or (isinstance(cmd.get("card"), str) and cmd["card"] in content().cards)


def _open_atoms(table, cmd: dict, known: dict | None) -> list:
    """Every option a stand-in for plays of one card may still choose (its mode's, or all)."""
    if not card_known(cmd) or cmd["card"] == "wound":
        return []
    out: list = []
    for mode in [cmd["mode"]] if cmd.get("mode") in PLAY_MODES else PLAY_MODES:
        res = play_atoms(table, {"card": cmd["card"], "mode": mode, "option": None}, known, every=True)
        out += (
            [res[cmd["option"]]] if isinstance(cmd.get("option"), int) and cmd["option"] < len(res) else res
        )
    return out


def strongest(table, legal: list[dict], kinds: tuple[str, ...], types: tuple[str, ...] = ()) -> list[dict]:
    """The plays giving the most points of `kinds` (a player gets the most out of a card); of
    stand-ins, those whose card may give the most, and those not knowing their card."""
    known: dict = {}
    plays = [c for c in legal if c["kind"] == "play"]
    unknown = [c for c in plays if not card_known(c)]  # (each play asked once)
    if unknown:
        ids = {id(u) for u in unknown}
        plays = [c for c in plays if id(c) not in ids]
    scored = [(points(table, c, kinds, types, known), c) for c in plays]
    top = max((v for v, _ in scored), default=0)
    return [c for v, c in scored if v == top and v > 0] + unknown


def open_kind(legal: list[dict], kind: str) -> list[dict]:
    """The stand-ins of one kind."""
    return [c for c in legal if c["kind"] == kind and is_open(c)]


def _unknown_plays(legal: list[dict]) -> bool:
    """A stand-in for plays not knowing its card: what they may give is unknown."""
    return any(not card_known(c) for c in open_kind(legal, "play"))


def unit_scores(table, legal: list[dict], keys: tuple[str, ...]) -> list[tuple[int, dict]]:
    """(points, activation) of each ready unit ability that gives points of these kinds."""
    game = table.game
    units = {u.uid: u.unit for u in game.players[game.active].units}
    scored = []
    for cmd in legal:
        if cmd["kind"] != "activate" or is_open(cmd) or cmd["unit"] not in units or cmd.get("pay"):
            continue
        ab = _units()[units[cmd["unit"]]].abilities[cmd["ability"]]
        value = max((ab[k] for k in keys if isinstance(ab.get(k), int)), default=0)
        if value:
            scored.append((value, cmd))
    return scored


def unit_help(table, legal: list[dict], keys: tuple[str, ...]) -> list[dict]:
    """Unit activations whose ability gives points of these kinds (attack, block), the most first:
    units fight beside the hero rather than stand by; stand-ins for activations kept."""
    scored = unit_scores(table, legal, keys)
    top = max((v for v, _ in scored), default=0)
    return [cmd for v, cmd in scored if v == top] + open_kind(legal, "activate")


def blocks_held(c, cmd: dict) -> bool:
    """The pooled block stops this attack (the combat's own pure decision, not applied)."""
    return any(k == "mk.combat.blocked" and d["success"] for k, d in decide(c, cmd))


def _spare_cards(table, c) -> int:
    """Points beyond what blocking the attacks left and defeating the weakest enemy need (the
    estimate of bot_estimate.py: a wound costs more turns than a card spent on a block)."""
    need = min((armour_now(c, e)[0] for e in targetable(c)), default=0)
    attacks = sum(a.value for e in targetable(c) for a in e.attacks if not a.blocked and not a.summon)
    return combat_power(table, table.game.active) - need - attacks + 1


def _block_reaches(table, c, legal: list[dict]) -> bool:
    """The block pooled and still playable (each card's best option) holds the largest attack
    left: no card is spent on a block that fails (unknown while a stand-in does not know its
    card; one that does counts its card's best option)."""
    if _unknown_plays(legal):
        return True
    need = max(
        (a.value for e in targetable(c) for a in e.attacks if not a.blocked and not a.summon), default=0
    )
    pooled = sum(p.value for p in c.pool if p.kind == "block")
    best: dict[str, int] = {}
    known: dict = {}
    for cmd in legal:
        if cmd["kind"] == "play":
            best[cmd["card"]] = max(best.get(cmd["card"], 0), points(table, cmd, ("block",), (), known))
    return pooled + sum(best.values()) >= need


def _ranged_reaches(table, c, legal: list[dict], types: tuple[str, ...], keys: tuple[str, ...]) -> bool:
    """The ranged points pooled and still playable (each card's best option, each unit's) reach
    the armour of the weakest enemy (unknown while activations or plays of unknown cards are
    stand-ins; a stand-in knowing its card counts that card's best option)."""
    if _unknown_plays(legal) or open_kind(legal, "activate"):
        return True
    need = min(armour_now(c, e)[0] for e in targetable(c))
    pooled = sum(p.value for p in c.pool if p.kind in types)
    best: dict[str, int] = {}
    known: dict = {}
    for cmd in legal:
        if cmd["kind"] == "play":
            best[cmd["card"]] = max(best.get(cmd["card"], 0), points(table, cmd, ("attack",), types, known))
    units = sum(v for v, _ in {cmd["unit"]: (v, cmd) for v, cmd in unit_scores(table, legal, keys)}.values())
    return pooled + sum(best.values()) + units >= need


def fight(table, legal: list[dict]) -> list[dict] | None:
    """Combat habits: attack when it defeats, add points of the phase's kind before ending it,
    block only with cards the attack will not need, take damage on units first. Once a card is
    chosen (a question of its plays: ending the phase is no option there), its strongest play
    for the phase."""
    c = table.game.combat
    nxt = [x for x in legal if x["kind"] == "next"]
    if c.phase in ("ranged", "attack"):
        attacks = [x for x in legal if x["kind"] == "attack"]
        if attacks:
            most = max((len(x["targets"]) for x in attacks if not is_open(x)), default=0)
            return [x for x in attacks if is_open(x) or len(x["targets"]) == most]
        if not targetable(c):  # all defeated: the rest of the hand stays for later turns
            return nxt or None
        types: tuple[str, ...] = ("ranged", "siege") if c.phase == "ranged" else ()
        if c.phase == "ranged" and c.fortified_site:
            types = ("siege",)
        keys: tuple[str, ...] = (
            ("ranged_attack", "siege_attack")
            if c.phase == "ranged"
            else ("attack", "ranged_attack", "siege_attack")
        )
        if c.phase == "ranged" and c.fortified_site:
            keys = ("siege_attack",)
        adds = strongest(table, legal, ("attack",), types) + unit_help(table, legal, keys)
        if c.phase == "ranged" and nxt and not _ranged_reaches(table, c, legal, types, keys):
            adds = []  # ranged points that defeat nobody lapse: keep the cards for melee
        return adds or nxt or None
    if c.phase == "block":
        held = [x for x in legal if x["kind"] == "block" and (is_open(x) or blocks_held(c, x))]
        if held:
            return held
        if not any(not a.blocked and not a.summon for e in targetable(c) for a in e.attacks):
            return nxt or None  # every attack blocked: the rest of the hand attacks
        units = unit_help(table, legal, ("block",))
        if units:
            return units
        adds = strongest(table, legal, ("block",))
        if nxt and not (_spare_cards(table, c) > 0 and _block_reaches(table, c, legal)):
            adds = []  # no card spent on a block that fails or that the attack needs
        return adds or nxt or None
    if c.phase == "damage":
        units = [x for x in legal if x["kind"] == "assign" and (is_open(x) or x["to"] != "hero")]
        return units or None
    return None
