"""Mage Knight facts: combats, sites and cities conquered, cards played, units, level-ups, fame,
reputation and the final score by category.

A combat spans many events (its start, the points played, the attacks and blocks, the damage,
the outcome); the site on a space, a seat's hero and the shields on a city are in the game's
state, not in the events, so one walk folds the state alongside (`Game.walk`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from analytics.facts.table import (
    NAME_LIST,
    Column,
    FactTable,
    Game,
    Rows,
    name_cells,
    name_list,
    named,
    seat_of,
    seats_table,
)

I32, I64, BOOL, STR = pa.int32(), pa.int64(), pa.bool_(), pa.string()
PLAYED = ("basic", "powered", "sideways")
DISBAND = "MK:5:Units:4a"  # a unit given up to recruit another (mk.unit_destroyed under this rule)  # mk.played also records rests and discards
SHIELDS = pa.list_(pa.struct([("seat", I32), ("shields", I64)]))


@dataclass
class Walked:
    """What the fold tells about a game, by event version."""

    scenario: str = ""
    round: dict[int, int] = field(default_factory=dict)
    hero: dict[int, str] = field(default_factory=dict)  # seat -> hero id
    site: dict[int, dict[str, Any]] = field(default_factory=dict)  # version -> {site, rampaging}
    city: dict[int, dict[str, Any]] = field(default_factory=dict)  # version -> city record


def walked(g: Game) -> Walked:
    if "mk" in g.memo:
        return g.memo["mk"]
    w = Walked()
    table = None
    for e, d, table in g.walk():
        st = table.game
        w.round[e.version] = st.round
        if e.type in ("mk.combat_started", "mk.conquered"):
            sp = st.board.spaces.get(d.get("space", ""))
            w.site[e.version] = {
                "site": (sp.site or None) if sp else None,
                "rampaging": bool(sp and sp.rampaging),
            }
        elif e.type == "mk.city_conquered":
            city = next((c for c in st.cities if list(c.spaces) == list(d.get("spaces") or [])), None)
            if city is not None:
                w.city[e.version] = {
                    "colours": list(city.colours),
                    "level": city.level,
                    "shields": list(city.shields),
                }
    if table is not None:  # the last state, over or not (a dispute's or a situation's game)
        w.scenario = table.game.scenario
        w.hero = {i: p.hero for i, p in enumerate(table.game.players)}
    g.memo["mk"] = w
    return w


def _who(g: Game, e: Any, seat: int | None) -> dict[str, Any]:
    """The columns every Mage Knight fact shares: round, hero and scenario."""
    w = walked(g)
    hero = w.hero.get(seat) if seat is not None else None
    return {
        "version": e.version,
        "seat": seat,
        "round": w.round.get(e.version),
        "hero": hero.title() if hero else None,
        "scenario": w.scenario or None,
    }


WHO = (
    Column("round", I64, "the round (1 = the first day)"),
    Column("hero", STR, "the seat's hero"),
    Column("scenario", STR, "the scenario played"),
)


@dataclass
class Fight:
    """One combat while it is read: what its events add up to."""

    start: Any
    data: dict[str, Any]
    phase: str = "ranged"
    points: dict[str, int] = field(default_factory=lambda: {"ranged": 0, "block": 0, "attack": 0})
    attack: dict[str, int] = field(default_factory=lambda: {"ranged": 0, "attack": 0})
    block: int = 0
    blocked: int = 0
    fame_events: int = 0


def combats(g: Game) -> Rows:
    w = walked(g)
    fight: Fight | None = None
    for e, d in zip(g.events, g.data, strict=True):
        if e.type == "mk.combat_started":
            fight = Fight(e, d)
        elif fight is None:
            continue
        elif e.type == "mk.combat.phase":
            fight.phase = d.get("phase", fight.phase)
        elif e.type == "mk.combat_points" and fight.phase in fight.points:
            fight.points[fight.phase] += d.get("value") or 0
        elif e.type == "mk.combat.attacked" and fight.phase in fight.attack:
            fight.attack[fight.phase] += d.get("total") or 0
        elif e.type == "mk.combat.blocked":
            fight.block += d.get("total") or 0
            fight.blocked += bool(d.get("success"))
        elif e.type == "mk.fame" and seat_of(e, d) == seat_of(fight.start, fight.data):
            fight.fame_events += d.get("delta") or 0
        elif e.type == "mk.combat_over":
            yield _combat_row(g, w, fight, d.get("outcome") or {})
            fight = None


def _combat_row(g: Game, w: Walked, f: Fight, out: dict[str, Any]) -> dict[str, Any]:
    start = f.data
    enemies = [x.get("uid") or x.get("enemy") for x in (start.get("combat") or {}).get("enemies") or []]
    where = w.site.get(f.start.version, {})
    return {
        **_who(g, f.start, seat_of(f.start, start)),
        "space": start.get("space"),
        "kind": start.get("kind"),
        "site": where.get("site"),
        "rampaging": where.get("rampaging"),
        "enemies": name_list(g, enemies),
        "enemy_count": len(enemies),
        "ranged_points": f.points["ranged"],
        "block_points": f.points["block"],
        "attack_points": f.points["attack"],
        "ranged_attack": f.attack["ranged"],
        "attack": f.attack["attack"],
        "block": f.block,
        "attacks_blocked": f.blocked,
        "defeated": name_list(g, out.get("defeated") or []),
        "undefeated": len(out.get("undefeated") or []),
        "wounds": (out.get("wounds_to_hand") or 0) + (out.get("wounds_to_discard") or 0),
        "unit_wounds": sum(v for v in (out.get("unit_wounds") or {}).values() if isinstance(v, int)),
        "units_destroyed": len(out.get("units_destroyed") or []),
        "knocked_out": out.get("knocked_out"),
        "won": out.get("all_defeated"),
        "fame": out.get("fame"),
        "fame_total": f.fame_events,
        "reputation": out.get("reputation"),
    }


def conquests(g: Game) -> Rows:
    w = walked(g)
    for e, d in g.each("mk.conquered"):
        yield {
            **_who(g, e, seat_of(e, d)),
            "space": d.get("space"),
            "site": w.site.get(e.version, {}).get("site"),
        }


def cities(g: Game) -> Rows:
    w = walked(g)
    for e, d in g.each("mk.city_conquered"):
        city = w.city.get(e.version, {})
        shields = city.get("shields") or []
        leader = d.get("leader")
        yield {
            **_who(g, e, leader if isinstance(leader, int) and leader >= 0 else None),
            "spaces": list(d.get("spaces") or []),
            "colours": city.get("colours"),
            "level": city.get("level"),
            "shields": [{"seat": s, "shields": shields.count(s)} for s in sorted(set(shields))],
        }


def _paid(pay: str, colours: list[str]) -> tuple[str | None, str | None, list[str]]:
    """(mana source, colour, cards discarded) from a play command's `pay` ("die:3",
    "crystal:red", "token:gold+discard:rage") and the colours its events named."""
    source = colour = None
    discards = []
    for part in filter(None, pay.split("+")):
        kind, _, arg = part.partition(":")
        if kind == "discard":
            discards.append(arg)
        else:
            source = kind
            colour = arg if kind in ("crystal", "token") else (colours[0] if colours else None)
    return source, colour, discards


def cards_played(g: Game) -> Rows:
    cmd: dict[str, Any] | None = None
    colours: list[str] = []
    for e, d in zip(g.events, g.data, strict=True):
        if e.type == "cmd.play":
            cmd, colours = d, []
        elif e.type in ("mk.die", "mk.stolen_used") and cmd is not None:
            colours.append(str(d.get("colour")))
        elif e.type == "mk.played" and d.get("mode") in PLAYED:
            mine = cmd is not None and cmd.get("card") == d.get("card") and cmd.get("mode") == d.get("mode")
            pay = str(cmd.get("pay") or "") if mine and cmd is not None else ""
            source, colour, discards = _paid(pay, colours)
            yield {
                **_who(g, e, seat_of(e, d)),
                **name_cells(g, "card", d.get("card")),
                "mode": d.get("mode"),
                "option": d.get("option"),
                "effect": d.get("effect"),
                "mana_source": source,
                "mana_colour": colour,
                "discarded": name_list(g, discards),
                "by_command": mine,
            }
            if mine:
                cmd = None


def units(g: Game) -> Rows:
    for e, d in g.each("mk.recruited", "mk.unit_destroyed"):
        yield {
            **_who(g, e, seat_of(e, d)),
            "event": "recruited"
            if e.type == "mk.recruited"
            else "disbanded"
            if e.rule == DISBAND
            else "destroyed",
            **name_cells(g, "unit", d.get("uid") or d.get("unit"), ("unit (regular)", "unit (elite)")),
        }


def levels(g: Game) -> Rows:
    chosen = {(d.get("seat"), d.get("level")): d for _, d in g.each("mk.level_chosen")}
    for e, d in g.each("mk.level"):
        pick = chosen.get((d.get("seat"), d.get("level")), {})
        yield {
            **_who(g, e, seat_of(e, d)),
            "level": d.get("level"),
            "armour": d.get("armour"),
            "hand_limit": d.get("hand_limit"),
            "command": d.get("command"),
            **name_cells(g, "skill", pick.get("skill")),
            **name_cells(g, "card", pick.get("card")),
        }


def fame(g: Game) -> Rows:
    for e, d in g.each("mk.fame"):
        yield {**_who(g, e, seat_of(e, d)), "delta": d.get("delta"), "total": d.get("total"), "rule": e.rule}


def reputation(g: Game) -> Rows:
    for e, d in g.each("mk.reputation"):
        yield {**_who(g, e, seat_of(e, d)), "delta": d.get("delta"), "total": d.get("total"), "rule": e.rule}


_LINE = re.compile(r"^(?P<category>.*?)\s+(?P<points>[+-]?\d+)$")


def scores(g: Game) -> Rows:
    for e, d in g.each("mk.score"):
        for line in d.get("lines") or []:
            m = _LINE.match(str(line))
            yield {
                **_who(g, e, seat_of(e, d)),
                "category": m.group("category") if m else str(line),
                "value": int(m.group("points")) if m else None,
                "total": d.get("total"),
            }


MANA = (
    Column(
        "mana_source", STR, "powered plays: die, crystal, token or stolen (the Mana Steal die); empty: none"
    ),
    Column("mana_colour", STR, "the colour of the mana paid"),
)

TABLES = (
    seats_table("mage-knight", lambda g: {s: h.title() for s, h in walked(g).hero.items() if h}),
    FactTable(
        "mk_combats",
        "mage-knight",
        "combat fought (from its start to its outcome)",
        (
            *WHO,
            Column("space", STR, "the map space fought at (q,r)"),
            Column("kind", STR, "assault (a site), challenge, provoked (rampaging enemies), adventure, burn"),
            Column(
                "site",
                STR,
                "the site on the space (keep, mage_tower, city, dungeon, ...); empty for rampaging",
            ),
            Column("rampaging", BOOL, "the enemies were rampaging on the map"),
            Column("enemies", NAME_LIST, "the enemies fought, by name"),
            Column("enemy_count", I64, "how many"),
            Column("ranged_points", I64, "combat points gained in the ranged and siege phase"),
            Column("block_points", I64, "combat points gained in the block phase"),
            Column("attack_points", I64, "combat points gained in the attack phase"),
            Column(
                "ranged_attack", I64, "ranged and siege attack committed against enemies (sum of attacks)"
            ),
            Column("attack", I64, "attack committed in the attack phase (sum of attacks)"),
            Column("block", I64, "block committed (sum of blocks)"),
            Column("attacks_blocked", I64, "enemy attacks blocked"),
            Column("defeated", NAME_LIST, "the enemies defeated"),
            Column("undefeated", I64, "enemies left undefeated"),
            Column("wounds", I64, "wounds the hero took (into hand and discard)"),
            Column("unit_wounds", I64, "wounds units took"),
            Column("units_destroyed", I64, "units destroyed"),
            Column("knocked_out", BOOL, "the hero was knocked out"),
            Column("won", BOOL, "every enemy was defeated"),
            Column("fame", I64, "fame for the enemies defeated (the combat's outcome)"),
            Column("fame_total", I64, "all fame the seat gained during the combat (scenario bonuses too)"),
            Column("reputation", I64, "reputation change from the combat"),
        ),
        combats,
        note="The *_points columns add up the combat points the seat's cards and skills produced "
        "in each phase; ranged_attack, attack and block add up what was committed against the "
        "enemies (each attack's or block's total).",
    ),
    FactTable(
        "mk_conquests",
        "mage-knight",
        "site conquered (a shield placed on a keep, tower, ...)",
        (*WHO, Column("space", STR, "the space (q,r)"), Column("site", STR, "the site conquered")),
        conquests,
    ),
    FactTable(
        "mk_cities",
        "mage-knight",
        "city conquered (seat = the leader, most shields)",
        (
            *WHO,
            Column("spaces", pa.list_(STR), "the city's spaces (two for a Megalopolis)"),
            Column("colours", pa.list_(STR), "its colour(s)"),
            Column("level", I64, "its level"),
            Column("shields", SHIELDS, "shields on it per seat"),
        ),
        cities,
    ),
    FactTable(
        "mk_cards_played",
        "mage-knight",
        "card played for its effect (basic, powered or sideways)",
        (
            *WHO,
            *named("card", "the card"),
            Column("mode", STR, "basic, powered or sideways"),
            Column("option", I64, "which of the card's effects was chosen (0 = the first)"),
            Column("effect", STR, "the effect in words"),
            *MANA,
            Column("discarded", NAME_LIST, "cards discarded as part of the cost"),
            Column("by_command", BOOL, "played by the seat's own play command (false: by another effect)"),
        ),
        cards_played,
    ),
    FactTable(
        "mk_units",
        "mage-knight",
        "unit recruited, disbanded or destroyed",
        (
            *WHO,
            Column("event", STR, "recruited, disbanded (to make room for a recruit) or destroyed"),
            *named("unit", "the unit"),
        ),
        units,
    ),
    FactTable(
        "mk_levels",
        "mage-knight",
        "level reached",
        (
            *WHO,
            Column("level", I64, "the new level"),
            Column("armour", I64, "armour after it"),
            Column("hand_limit", I64, "hand limit after it"),
            Column("command", I64, "command tokens after it"),
            *named("skill", "the skill taken (even levels)"),
            *named("card", "the advanced action taken with it"),
        ),
        levels,
    ),
    FactTable(
        "mk_fame",
        "mage-knight",
        "fame change",
        (
            *WHO,
            Column("delta", I64, "fame gained"),
            Column("total", I64, "the seat's fame after it"),
            Column("rule", STR, "the rule that gave it"),
        ),
        fame,
    ),
    FactTable(
        "mk_reputation",
        "mage-knight",
        "reputation change",
        (
            *WHO,
            Column("delta", I64, "the change"),
            Column("total", I64, "the seat's reputation after it (-7 is the X space)"),
            Column("rule", STR, "the rule that changed it"),
        ),
        reputation,
    ),
    FactTable(
        "mk_scores",
        "mage-knight",
        "final score line of a seat (a category and its points)",
        (
            *WHO,
            Column(
                "category", STR, "the scoring category in the rules' words (fame, knowledge, beating, ...)"
            ),
            Column(
                "value",
                I64,
                "the line's number: points (fame 10, beating -18), or a count where the scenario "
                "scores counts (keeps 1)",
            ),
            Column("total", I64, "the seat's final score"),
        ),
        scores,
    ),
)
