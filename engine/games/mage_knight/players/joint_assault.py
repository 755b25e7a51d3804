"""The cooperative city assault (MK:13:Coop:1-8, digest §8.6), wired on the pure check of
cities.py (`joint_assault_fault`); the deal is a hidden shuffle of the city's garrison zone.

1. `joint_assault` {"shares": "0:2,1:1"}: the active player, as the turn's action, next to a
   hostile city and alone on the space, invites eligible heroes (adjacent, turn token face up, a
   non-wound card in hand) and proposes how many defenders each takes (initiator first).
2. `joint_answer` {"agree": bool}: each invited hero in turn; one refusal ends the proposal and
   the initiator's turn goes on as if nothing was proposed.
3. All agree: every participant's turn token turns face down (each forfeits the next turn), the
   defenders are shuffled and dealt, and the participants fight one after the other, initiator
   first, each moving straight into the city (reputation -1) against its own defenders.
4. After the last fight: without conquest everyone retreats to the space they came from; the
   Source dice used are rerolled; the invited heroes clean up and draw as at the end of a turn;
   the initiator's turn goes on.
"""

from __future__ import annotations

from itertools import combinations

from engine.games.mage_knight import state
from engine.games.mage_knight.apply_scenario_events import city_at
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.combat.fight import _ensure, _start_on
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.map.board import key, unkey
from engine.games.mage_knight.scenarios.book import has_rule, scenarios
from engine.games.mage_knight.turn.ledger import change_reputation
from engine.games.mage_knight.turn.limits import hand_limit
from engine.mechanics import hexgrid, zones
from engine.mechanics.zones import card_name

RULE = "MK:13:Coop:2"


def allowed(game) -> bool:
    return (
        bool(game.scenario)
        and game.scenario != "first_reconnaissance"
        and has_rule(scenarios()[game.scenario], "joint_assault")
    )


def _adjacent_city(game, pos: str):
    if not pos:
        return None
    for n in hexgrid.neighbours(unkey(pos)):
        city = city_at(game, key(n))
        if city is not None and city.status == "hostile" and city.garrison:
            return city
    return None


def _invitee(table, game, seat: int, city) -> cities_rules.Invitee:
    p = game.players[seat]
    adjacent = bool(p.pos) and any(hexgrid.adjacent(unkey(p.pos), unkey(k)) for k in city.spaces)
    cards = sum(1 for c in table.zone(state.hand(seat)) if card_name(c) != "wound")
    return cities_rules.Invitee(
        seat=seat, adjacent=adjacent, token_face_up=seat not in game.face_down, non_wound_cards=cards
    )


def _splits(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)


def commands(table, seat: int) -> list[dict]:
    """Every proposal the active player may make now."""
    game = table.game
    p = game.players[seat]
    if not allowed(game) or game.joint or game.combat is not None or p.acted:
        return []
    city = _adjacent_city(game, p.pos)
    if city is None:
        return []
    others = [s for s in _turn_order_from(game, seat) if s != seat]
    invitees = [_invitee(table, game, s, city) for s in others]
    eligible = [i.seat for i in invitees if i.adjacent and i.token_face_up and i.non_wound_cards > 0]
    out = []
    alone = not any(q.pos == p.pos for s, q in enumerate(game.players) if s != seat)
    blocked = game.announced_by >= 0 or game.scenario_end
    for k in range(1, len(eligible) + 1):
        for group in combinations(eligible, k):
            seats = [seat, *group]
            for split in _splits(len(city.garrison), len(seats)):
                shares = list(zip(seats, split, strict=True))
                if (
                    cities_rules.joint_assault_fault(
                        city, seat, p.acted, alone, True, blocked, shares, invitees
                    )
                    is None
                ):
                    out.append({"kind": "joint_assault", "shares": ",".join(f"{s}:{n}" for s, n in shares)})
    return out


def _turn_order_from(game, seat: int) -> list[int]:
    order = [s for s in game.order if s != game.dummy_seat]
    i = order.index(seat) if seat in order else 0
    return order[i:] + order[:i]


def propose(ctx, table, seat: int, cmd: dict) -> None:
    shares = [[int(a), int(b)] for a, b in (x.split(":") for x in cmd["shares"].split(","))]
    city = _adjacent_city(table.game, table.game.players[seat].pos)
    ctx.emit(
        "mk.joint_proposed",
        {"initiator": seat, "shares": shares, "space": city.spaces[0]},
        rule="MK:13:Coop:3",
    )


def answering(game) -> int:
    """The invited hero whose answer is due, or -1."""
    if not game.joint or game.joint.get("started"):
        return -1
    return next((s for s, _ in game.joint["shares"][1:] if s not in game.joint["agreed"]), -1)


def answer(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    if not cmd["agree"]:
        ctx.emit("mk.joint_refused", {"seat": seat}, rule="MK:13:Coop:3")
        return
    ctx.emit("mk.joint_agreed", {"seat": seat}, rule="MK:13:Coop:3")
    if answering(game) < 0:
        start(ctx, table)


def start(ctx, table) -> None:
    """Tokens face down, the defenders dealt, the first fight (MK:13:Coop:4-6)."""
    game = table.game
    j = game.joint
    city = city_at(game, j["space"])
    seats = [s for s, _ in j["shares"]]
    ctx.emit("mk.acted", {"seat": j["initiator"], "action": "joint_assault"}, rule=RULE)
    ctx.emit("mk.face_down", {"seats": seats}, rule="MK:13:Coop:4")
    # the defenders, face up or not, are shuffled face down and dealt from the top in the agreed
    # numbers: the hidden zone keeps who fights which secret until each fight (MK:13:Coop:5)
    space = j["space"]
    up = (
        [tok for tok in table.zone(state.at(space)) if tok in city.garrison]
        if state.at(space) in table.zones
        else []
    )
    if up:
        zones.move(ctx, state.at(space), state.garrison(space), up, rule="MK:13:Coop:5")
        ctx.emit(
            "mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:13:Coop:5"
        )
    ctx.shuffle(state.garrison(space), rule="MK:13:Coop:5")
    ctx.emit(
        "mk.joint_started",
        {"dealt": {str(s): n for s, n in j["shares"]}, "from": {str(s): game.players[s].pos for s in seats}},
        rule="MK:13:Coop:5",
    )
    next_fight(ctx, table)


def next_fight(ctx, table) -> None:
    """The next participant moves into the city and fights its own defenders (MK:13:Coop:6)."""

    game = table.game
    j = game.joint
    left = [s for s, _ in j["shares"] if s not in j["fought"]]
    if not left:
        finish(ctx, table)
        return
    seat = left[0]
    space = j["space"]
    ctx.emit("mk.joint_fight", {"seat": seat}, rule="MK:13:Coop:6")
    ctx.emit("mk.moved", {"seat": seat, "to": space, "cost": 0}, rule="MK:13:Coop:6")
    change_reputation(ctx, table, seat, -1, "MK:8:Combat:1a")
    mine = list(table.zone(state.garrison(space))[: j["dealt"][str(seat)]])  # its share, from the top
    _ensure(ctx, table, state.at(space))
    if mine:
        zones.move(ctx, state.garrison(space), state.at(space), mine, rule="MK:13:Coop:6")
    ctx.emit("mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule="MK:13:Coop:6")
    if mine:
        _start_on(ctx, table, seat, [space], mine, kind="assault", fortified=True)
    else:
        ctx.emit("mk.joint_fought", {"seat": seat}, rule="MK:13:Coop:6")
        next_fight(ctx, table)


def after_fight(ctx, table) -> None:
    """Called once a participant's combat is over."""
    game = table.game
    if not game.joint or not game.joint.get("started") or game.combat is not None:
        return
    ctx.emit("mk.joint_fought", {"seat": game.active}, rule="MK:13:Coop:6")
    next_fight(ctx, table)


def finish(ctx, table) -> None:
    """Retreat without conquest, dice rerolled, the invited clean up and draw, the initiator's
    turn goes on (MK:13:Coop:7-8)."""
    game = table.game
    j = game.joint
    city = city_at(game, j["space"])
    seats = [s for s, _ in j["shares"]]
    if city.status != "conquered":
        for s in seats:
            ctx.emit("mk.placed", {"seat": s, "pos": j["from"][str(s)]}, rule="MK:13:Coop:7")
    for s in seats:
        for idx in sorted(game.players[s].dice):
            face = ctx.roll(mana.MANA_DIE, 1, rule="MK:13:Coop:7")[0]
            ctx.emit("mk.die_rerolled", {"index": idx, "face": face}, rule="MK:13:Coop:7")
    for s in seats[1:]:
        zones.move(
            ctx,
            state.play_area(s),
            state.discard(s),
            list(table.zone(state.play_area(s))),
            rule="MK:13:Coop:8",
        )

        short = hand_limit(table, s) - len(table.zone(state.hand(s)))
        if short > 0:
            zones.move_top(ctx, state.deck(s), state.hand(s), short, rule="MK:13:Coop:8")
    ctx.emit("mk.joint_over", {"initiator": j["initiator"]}, rule="MK:13:Coop:8")
