"""The audit's why-chain of Mage Knight's decisive events outside a combat against enemies
(engine.explain; why.py does the combat steps): the fame a combat or a PvP win gives, the PvP
exchanges and result, a city's shields, conquest and restored defenders, a forced withdrawal and
the Source rolled at round preparation. Each input names its event and rule, so the readings of
those rules (A10, A11, A22, A23, A34) are listed with the alternative in force.
"""

from __future__ import annotations

from typing import Any

from engine.explain import given, link
from engine.games.mage_knight.mana.rules import source_valid
from engine.games.mage_knight.map.board import others_site
from engine.mechanics import zones
from engine.narration import seat_name


def why(table, ev, h) -> list[dict[str, Any]]:
    fn = {
        ("mk.fame", "MK:10:Result:1"): _combat_fame,
        ("mk.fame", "MK:13:PvPResult"): _pvp_fame,
        ("mk.pvp_over", None): _pvp_over,
        ("mk.pvp", None): _pvp_exchange,
        ("mk.city_shields", None): _city,
        ("mk.city_conquered", None): _city,
        ("mk.city_restored", None): _city,
        ("mk.placed", "MK:11:EoT:2"): _withdrawal,
        ("mk.source", "MK:4:Round:2b"): _source,
    }
    f = fn.get((ev.type, ev.rule)) or fn.get((ev.type, None))
    return f(table, ev, h) if f else []


def _since_start(h, before: int, kind: str | None = None):
    start = h.last(
        lambda e: e.type == "mk.combat_started" and (kind is None or e.data.get("kind") == kind), before
    )
    return start, [e for e in h.events[(start.version if start else 0) : before - 1]]


def _combat_fame(table, ev, h) -> list[dict[str, Any]]:
    """Fame at a combat's end: each defeated enemy's fame with its event, the total, and half of
    it for another player's keep (MK:8:Combat:1a, reading A10)."""

    start, events = _since_start(h, ev.version)
    if start is None:
        return []
    out = []
    total = 0
    for e in events:
        if e.type == "mk.combat.defeated":
            total += e.data.get("fame", 0)
            out.append(
                given(
                    f"fame of {e.data['enemy']}",
                    e.data.get("fame", 0),
                    e.rule,
                    [link(e, "defeated")],
                    card=e.data["enemy"],
                )
            )
    out.append(given("fame of the enemies defeated", total, "MK:10:Result:1"))
    space, seat = start.data["space"], ev.data["seat"]
    if others_site(table.game.board, space, seat):
        owner = table.game.board.spaces[space].conquered_by
        out.append(
            given(
                f"{space} is a keep of {seat_name(owner)}: half fame",
                f"{total} -> {ev.data['delta']}",
                "MK:8:Combat:1a",
                [link(start, "combat at the keep")],
            )
        )
    out.append(given("fame gained", ev.data["delta"], ev.rule))
    return out


def _pvp_state(h, before: int) -> tuple[Any, dict]:
    e = h.last(lambda x: x.type == "mk.pvp", before)
    return e, (e.data.get("pvp") or {}) if e else {}


def _pvp_fame(table, ev, h) -> list[dict[str, Any]]:
    """MK:13:PvPResult: the winner's and the loser's level and fame, and the formula (A11)."""
    _last, v = _pvp_state(h, ev.version)
    winner = ev.data["seat"]
    loser = v.get("defender") if winner == v.get("aggressor") else v.get("aggressor")
    out: list[dict[str, Any]] = []
    if loser is None:
        return out
    retreat = h.last(lambda x: x.type == "mk.placed" and x.rule == "MK:13:PvPMelee:2", ev.version)
    if retreat is not None:
        out.append(
            given(
                f"{seat_name(loser)} forced to retreat to {retreat.data['pos']}",
                retreat.data["pos"],
                retreat.rule,
                [link(retreat, "forced retreat")],
            )
        )
    for role, seat in (("winner", winner), ("loser", loser)):
        p = table.game.players[seat]
        out.append(
            given(
                f"{role}: {seat_name(seat)}, level {p.level}, fame {p.fame}",
                {"level": p.level, "fame": p.fame},
                ev.rule,
            )
        )
    w, lo = table.game.players[winner], table.game.players[loser]
    out.append(
        given(
            "fame = (1 if the loser has more fame) + 2 x levels the loser is above",
            f"({1 if lo.fame > w.fame else 0}) + 2 x {max(0, lo.level - w.level)}",
            ev.rule,
        )
    )
    if w.level == lo.level and w.fame == lo.fame:
        out.append(given("equal level and equal fame", True, ev.rule, note="the case reading A11 decides"))
    out.append(given("fame gained", ev.data["delta"], ev.rule))
    return out


def _exchanges(h, before: int) -> list:
    _start, events = _since_start(h, before, "pvp")
    return [
        e for e in events if e.type == "mk.pvp" or (e.type == "mk.placed" and e.rule == "MK:13:PvPMelee:2")
    ]


def _pvp_over(table, ev, h) -> list[dict[str, Any]]:
    """The PvP's result: every exchange with its event, then the winner (or a draw)."""
    out = []
    for e in _exchanges(h, ev.version):
        if e.type == "mk.placed":
            out.append(
                given(f"{seat_name(e.data['seat'])} forced to retreat", e.data["pos"], e.rule, [link(e)])
            )
            continue
        v = e.data["pvp"]
        words = {
            "attack": f"{seat_name(v['attacker'])} attacks {v['attack']} ({', '.join(v['elements'])})",
            "block": f"after the block, {v['remaining']} of the attack remain",
            "damage": f"damage spent, {v['remaining']} left",
            "pass": f"{seat_name(v['attacker'])}'s turn to attack after a pass",
            "commit": f"{seat_name(v['defender'])} commits {v['mode']}",
            "situation": f"the situation: {v['phase']} phase, {v['step']} step, {seat_name(v['attacker'])} attacking",
        }
        out.append(
            given(
                words.get(e.data["what"], f"{e.data['what']} ({v['phase']} phase)"),
                v.get("remaining"),
                e.rule,
                [link(e, e.data["what"])],
            )
        )
    w = ev.data["winner"]
    out.append(given("result", f"{seat_name(w)} wins" if w >= 0 else "a draw", ev.rule))
    return out


def _pvp_exchange(table, ev, h) -> list[dict[str, Any]]:
    """An attack or a block in a PvP: the points in the pool with their events and the totals."""
    if ev.data.get("what") not in ("attack", "block"):
        return []
    prev = h.last(lambda x: x.type == "mk.pvp", ev.version)
    since = prev.version if prev else 0
    out = []
    for e in h.events[since : ev.version - 1]:
        if e.type == "mk.combat_points":
            d = e.data
            out.append(
                given(
                    f"{d['kind']} {d['value']} ({d['element']}) from "
                    f"{zones.card_name(str(d.get('source', '?')))}",
                    d["value"],
                    e.rule,
                    [link(e, "points added")],
                )
            )
    v = ev.data["pvp"]
    out.append(given("attack", v["attack"], ev.rule))
    out.append(given("elements", v["elements"], ev.rule))
    if ev.data["what"] == "block":
        out.append(given("remaining after the block", v["remaining"], ev.rule))
    return out


def _city(table, ev, h) -> list[dict[str, Any]]:
    """A city's shields, conquest or restored defenders: the city, its garrison before, each
    defender defeated in this assault with its event, the shields, the leader (MK:10:City:2;
    reading A22)."""
    space = ev.data.get("space") or (ev.data.get("spaces") or [""])[0]
    city = next((c for c in table.game.cities if space in c.spaces), None)
    if city is None:
        return []
    out = [
        given(
            f"city at {space}: {'/'.join(city.colours)} level {city.level}, {city.status}",
            {
                "garrison": list(city.garrison),
                "defeated before": list(city.defeated),
                "shields": list(city.shields),
            },
            "MK:10:City:1",
        )
    ]
    start, events = _since_start(h, ev.version)
    tokens = city.garrison + city.defeated + list(ev.data.get("tokens") or [])
    for x in ((start.data.get("combat") or {}).get("enemies") or []) if start else []:
        if x.get("defeated") and x["uid"] in tokens:
            out.append(
                given(
                    f"defender {x['uid']} defeated in this assault before the situation's position",
                    x["uid"],
                    start.rule,
                    [link(start, "the combat as stated")],
                    card=x["uid"],
                )
            )
    for e in events:
        if e.type == "mk.combat.defeated" and e.data["enemy"] in tokens:
            out.append(
                given(
                    f"defender {e.data['enemy']} defeated in this assault",
                    e.data["enemy"],
                    e.rule,
                    [link(e, "defeated")],
                    card=e.data["enemy"],
                )
            )
    if ev.type == "mk.city_shields":
        out.append(given(f"shields for {seat_name(ev.data['seat'])}", len(ev.data["tokens"]), ev.rule))
    elif ev.type == "mk.city_conquered":
        out.append(
            given(
                "every defender defeated: the city is conquered; most shields lead, a tie to the earliest",
                ev.data["leader"],
                ev.rule,
            )
        )
    else:
        out.append(
            given(
                "defenders back in the city",
                ev.data["tokens"],
                ev.rule,
                note="they return after the failed assault",
            )
        )
    return out


def _withdrawal(table, ev, h) -> list[dict[str, Any]]:
    """Forced withdrawal at the end of the turn (MK:11:EoT:2; reading A23): where the hero was,
    this turn's path with its steps, and where it went."""
    seat = ev.data["seat"]
    p = table.game.players[seat]
    out = [given(f"{seat_name(seat)} ends the turn on {p.pos}, not a safe space", p.pos, "MK:7:Move:7d")]
    turn = h.last(lambda e: e.type == "mk.turn" and e.data.get("seat") == seat, ev.version)
    steps = [
        e
        for e in h.events[(turn.version if turn else 0) : ev.version - 1]
        if e.type == "mk.moved" and e.data.get("seat") == seat
    ]
    out.append(
        given(
            "this turn's path",
            list(p.path) or "none: the hero did not move this turn",
            ev.rule,
            [link(e, f"step to {e.data['to']}") for e in steps],
        )
    )
    out.append(given("withdrawn to", ev.data["pos"], ev.rule))
    if "wounds" in ev.data:
        out.append(given("wounds to the hand", ev.data["wounds"], ev.rule, note="one per space"))
    return out


def _source(table, ev, h) -> list[dict[str, Any]]:
    """The Source rolled at round preparation: each die with its roll, and the check that half
    show a basic colour (MK:3:Setup:12 as the round's rule refers to it; reading A34)."""

    rolls = []
    for e in reversed(h.events[: ev.version - 1]):
        if e.type != "dice.rolled" or e.rule != ev.rule:
            break
        rolls.append(e)
    rolls.reverse()
    n = len(ev.data["faces"])
    out = [
        given(f"die roll {i + 1}: {e.data['face']}", e.data["face"], e.rule, [link(e, "rolled")])
        for i, e in enumerate(rolls)
    ]
    if rolls:
        first = [e.data["face"] for e in rolls[:n]]
        out.append(given("first roll: at least half basic colours", source_valid(first), "MK:3:Setup:12"))
    out.append(given("the Source", ev.data["faces"], ev.rule))
    return out
