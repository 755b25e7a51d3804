"""DragonLords facts: battles, territories and kingdoms held by round and changing hands,
purchases, income by source, quests, spells and scrolls, eliminations.

Armies, not seats, fight and hold land (a seat of a two-player game leads two armies), so each
row names the army, its race and its seat. Who holds a place is not an event: one walk folds
the state (`Game.walk`) and reads the occupants at each round's start and at the end; the map's
places and their kinds come from the ruleset's public view of the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from analytics.facts.table import Column, FactTable, Game, Rows, name_cells, named, seats_table
from engine.table import Table

I32, I64, BOOL, STR = pa.int32(), pa.int64(), pa.bool_(), pa.string()
ARMY_COLUMNS = (
    Column("round", I64, "the game round (0 = set-up)"),
    Column("army", I64, "the army (0, 1, ...; a two-player seat leads two)"),
    Column("race", STR, "the army's race"),
)


@dataclass
class Walked:
    """What the fold tells about a game."""

    armies: list[tuple[str, int]] = field(default_factory=list)  # army -> (race, seat)
    places: dict[str, dict[str, Any]] = field(default_factory=dict)  # land place -> {kind, realm}
    kinds: dict[str, str] = field(default_factory=dict)  # every place -> its kind (sea, wasteland too)
    round: dict[int, int] = field(default_factory=dict)  # version -> round
    active: dict[int, int] = field(default_factory=dict)  # version -> the army whose turn it is
    holders: list[tuple[int, int, dict[str, int]]] = field(
        default_factory=list
    )  # (round, version, place -> army)
    battle_units: dict[int, tuple[int | None, int | None]] = field(
        default_factory=dict
    )  # start version -> units per side


def _occupants(st: Any) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for loc, by in st.troops.items():
        out.setdefault(loc, set()).update(int(a) for a, n in by.items() if n)
    for h in st.heroes.values():
        out.setdefault(h.loc, set()).add(h.army)
    return out


def _holders(st: Any, places: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Land place -> the one army occupying it (a contested or empty place is left out)."""
    occ = _occupants(st)
    return {p: next(iter(occ[p])) for p in places if len(occ.get(p, ())) == 1}


def _side_units(st: Any, loc: str, army: int) -> int:
    """Figures (units and heroes) of a side in a battle: on the place, or aboard its ships in a
    sea zone."""
    spots = [loc] + [f"ship:{sid}" for sid, s in st.ships.items() if s.zone == loc and s.army == army]
    units = sum(int(st.troops.get(p, {}).get(str(army), 0)) for p in spots)
    return units + sum(1 for h in st.heroes.values() if h.army == army and h.loc in spots)


def walked(g: Game) -> Walked:
    if "dl" in g.memo:
        return g.memo["dl"]
    w = Walked()
    last_round = None
    opened = 0  # the version of a battle whose sides are not counted yet
    table: Table | None = None
    for e, d, table in g.walk():
        st = table.game
        if not w.places and st.armies:
            m = g.rules.game_view(table, None).get("map") or {}
            w.places = {
                t["id"]: {"kind": t.get("kind"), "realm": t.get("realm")} for t in m.get("territories", [])
            }
            w.kinds = {p: v["kind"] for p, v in w.places.items()}
            w.kinds.update({z["id"]: "sea" for z in m.get("sea_zones", [])})
            w.kinds.update(
                {x["id"]: "wasteland" for p in m.get("wastelands", []) for x in p.get("spaces", [])}
            )
            w.armies = [(a.race, a.seat) for a in st.armies]
        w.round[e.version] = st.round
        w.active[e.version] = st.active
        if w.places and st.round != last_round and st.round >= 1:
            w.holders.append((st.round, e.version, _holders(st, w.places)))
            last_round = st.round
        if e.type == "dl.battle" and "battle" in d and st.battle is None:
            w.battle_units[e.version] = (None, None)
            opened = e.version
        elif opened and (e.type.startswith("cmd.") or e.type == "dl.round") and st.battle is not None:
            # the attackers move in after the battle opens: count both sides at the first
            # decision inside it
            b = st.battle
            w.battle_units[opened] = (_side_units(st, b.loc, b.attacker), _side_units(st, b.loc, b.defender))
            opened = 0
    if table is not None and w.places:
        w.holders.append((table.game.round, g.events[-1].version, _holders(table.game, w.places)))
    g.memo["dl"] = w
    return w


def _army(w: Walked, army: Any, prefix: str = "") -> dict[str, Any]:
    ok = isinstance(army, int) and 0 <= army < len(w.armies)
    return {
        f"{prefix}army": army if isinstance(army, int) and army >= 0 else None,
        f"{prefix}race": w.armies[army][0] if ok else None,
    }


def _seat(w: Walked, army: Any) -> int | None:
    return w.armies[army][1] if isinstance(army, int) and 0 <= army < len(w.armies) else None


def _row(g: Game, e: Any, army: Any) -> dict[str, Any]:
    w = walked(g)
    return {"version": e.version, "seat": _seat(w, army), "round": w.round.get(e.version), **_army(w, army)}


@dataclass
class Fight:
    start: Any
    battle: dict[str, Any]
    rounds: int = 0
    dice: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    hits: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    lost: dict[int, int] = field(default_factory=dict)
    spells: list[str] = field(default_factory=list)
    gold: int = 0


def battles(g: Game) -> Rows:
    w = walked(g)
    fight: Fight | None = None
    for e, d in zip(g.events, g.data, strict=True):
        if e.type == "dl.battle" and e.version in w.battle_units:
            fight = Fight(e, d["battle"])
        elif fight is None:
            continue
        elif e.type == "dl.round":
            fight.rounds += 1
            for side in ("attacker", "defender"):
                s = d.get(side) or {}
                fight.dice[side] += len(s.get("dice") or [])
                fight.hits[side] += s.get("hits") or 0
                fight.spells += [str(x.get("spell")) for x in s.get("spells") or []]
        elif e.type == "dl.casualties":
            army: Any = d.get("army")
            fight.lost[army] = fight.lost.get(army, 0) + len(d.get("lost") or [])
        elif e.type == "dl.captured":
            fight.gold += d.get("gold") or 0
        elif e.type == "dl.battle" and d.get("end"):
            yield _battle_row(g, w, fight, d.get("winner"))
            fight = None


def _battle_row(g: Game, w: Walked, f: Fight, winner: Any) -> dict[str, Any]:
    b = f.battle
    att: Any = b.get("attacker")
    dfn: Any = b.get("defender")
    loc: str = b.get("loc") or ""
    units = w.battle_units.get(f.start.version, (None, None))
    result = "attacker" if winner == att else "defender" if winner == dfn else "none"
    return {
        **_row(g, f.start, att),
        "kind": b.get("kind"),
        "place": loc,
        "place_kind": w.kinds.get(loc),
        "realm": (w.places.get(loc) or {}).get("realm"),
        "defender_seat": _seat(w, dfn),
        **_army(w, dfn, "defender_"),
        "attacker_units": units[0],
        "defender_units": units[1],
        "rounds": f.rounds,
        "attacker_dice": f.dice["attacker"],
        "defender_dice": f.dice["defender"],
        "attacker_hits": f.hits["attacker"],
        "defender_hits": f.hits["defender"],
        "attacker_lost": f.lost.get(att, 0),
        "defender_lost": f.lost.get(dfn, 0),
        "spells": f.spells,
        "result": result,
        "gold_captured": f.gold,
    }


def holdings(g: Game) -> Rows:
    w = walked(g)
    for rnd, version, holders in w.holders:
        for army in range(len(w.armies)):
            mine = sorted(p for p, a in holders.items() if a == army)
            kingdoms = [p for p in mine if w.places[p]["kind"] == "kingdom"]
            yield {
                "version": version,
                "seat": _seat(w, army),
                "round": rnd,
                **_army(w, army),
                "territories": len(mine),
                "kingdoms": len(kingdoms),
                "kingdom_ids": kingdoms,
                "final": version == g.events[-1].version,
            }


def changes(g: Game) -> Rows:
    w = walked(g)
    for (_, _, before), (rnd, version, after) in zip(w.holders, w.holders[1:], strict=False):
        for place in sorted(set(before) | set(after)):
            old, new = before.get(place), after.get(place)
            if old != new:
                yield {
                    "version": version,
                    "seat": _seat(w, new),
                    "round": rnd,
                    "place": place,
                    "place_kind": w.places[place]["kind"],
                    "realm": w.places[place]["realm"],
                    "from_army": old,
                    "from_race": _army(w, old)["race"],
                    **_army(w, new, "to_"),
                }


def purchases(g: Game) -> Rows:
    w = walked(g)
    row: dict[str, Any] | None = None
    for e, d in zip(g.events, g.data, strict=True):
        if e.type.startswith("cmd."):
            if row is not None:
                yield row
            row = None
            if e.type in ("cmd.buy", "cmd.shop"):
                what = d.get("what")
                army = w.active.get(e.version)
                kinds = ("unit", "ship") if e.type == "cmd.buy" or what == "unit" else ("tool",)
                if what == "unit" and army is not None and 0 <= army < len(w.armies):
                    what = w.armies[army][0]  # a shop's unit is one of the party's race
                row = {
                    **_row(g, e, army),
                    "shop": e.type == "cmd.shop",
                    **name_cells(g, "item", what, kinds),
                    "price": 0,
                }
                row["seat"] = e.actor
        elif row is not None and e.type in ("dl.gold", "dl.treasury") and (d.get("n") or 0) < 0:
            row["price"] -= d["n"]
    if row is not None:
        yield row


def income(g: Game) -> Rows:
    for e, d in g.each("dl.income"):
        for part in d.get("parts") or []:
            yield {
                **_row(g, e, d.get("army")),
                "source": part.get("source"),
                "gold": part.get("gold"),
                "total": d.get("gold"),
            }


def quests(g: Game) -> Rows:
    w = walked(g)
    open_quest: dict[str, Any] | None = None
    for e, d in zip(g.events, g.data, strict=True):
        if e.type == "dl.quest" and "card" in d:
            if open_quest is not None:
                yield open_quest
            army = w.active.get(e.version)
            open_quest = {
                **_row(g, e, army),
                "quest": d.get("name") or (g.name(d.get("card"), ("quest",)) or (None,))[0],
                "card_id": d.get("card"),
                "colour": d.get("colour"),
                "reward": d.get("reward"),
                "amount": d.get("amount"),
                "monster": d.get("monster") or None,
                "outcome": d.get("result") or ("fight" if d.get("monster") else "reward"),
            }
            if not d.get("monster"):
                yield open_quest
                open_quest = None
        elif open_quest is not None and e.type == "dl.quest" and "monster" in d:
            open_quest["outcome"] = d.get("result")
            yield open_quest
            open_quest = None
        elif open_quest is not None and e.type == "dl.qfight" and d.get("end"):
            open_quest["outcome"] = "charmed"
            yield open_quest
            open_quest = None
    if open_quest is not None:
        yield open_quest


def magic(g: Game) -> Rows:
    for e, d in g.each("cmd.spell", "cmd.scroll", "dl.scroll"):
        scroll = e.type != "cmd.spell"
        what = d.get("card") if scroll else d.get("spell")
        yield {
            **_row(g, e, walked(g).active.get(e.version)),
            "seat": e.actor,
            "kind": "scroll" if scroll else "spell",
            "resolved": e.type == "dl.scroll",
            **name_cells(g, "magic", what, ("scroll",) if scroll else ("spell",)),
            "caster": d.get("caster"),
            "place": d.get("at"),
            "victim": None if d.get("victim") is None else str(d.get("victim")),
            "roll": d.get("roll"),
            "lost": d.get("lose"),
        }


def eliminations(g: Game) -> Rows:
    for e, d in g.each("dl.army"):
        if (d.get("set") or {}).get("alive") is False:
            yield {**_row(g, e, d.get("army")), "rule": e.rule}


def races(g: Game) -> dict[int, str]:
    """Seat -> the races of its armies (a two-player seat leads two: "dwarf+orc")."""
    out: dict[int, list[str]] = {}
    for race, seat in walked(g).armies:
        out.setdefault(seat, []).append(race)
    return {s: "+".join(sorted(r)) for s, r in out.items()}


TABLES = (
    seats_table("dragonlords", races),
    FactTable(
        "dl_battles",
        "dragonlords",
        "battle (land, naval or sneak attack; a party fight in the wastelands is kind party)",
        (
            *ARMY_COLUMNS,
            Column("kind", STR, "land, naval, sneak or party"),
            Column("place", STR, "where (a territory, kingdom, sea zone or wasteland space id)"),
            Column(
                "place_kind",
                STR,
                "kingdom, gold, ordinary, island, teleportal (land); sea; wasteland",
            ),
            Column("realm", STR, "the realm of a land place"),
            Column("defender_seat", I32, "the defending army's seat"),
            Column("defender_army", I64, "the defending army"),
            Column("defender_race", STR, "its race"),
            Column(
                "attacker_units",
                I64,
                "attacking units at the first decision of the battle (on the place or aboard)",
            ),
            Column("defender_units", I64, "defending units at the start"),
            Column("rounds", I64, "rounds rolled"),
            Column("attacker_dice", I64, "dice the attacker rolled, all rounds"),
            Column("defender_dice", I64, "dice the defender rolled"),
            Column("attacker_hits", I64, "hits the attacker scored"),
            Column("defender_hits", I64, "hits the defender scored"),
            Column("attacker_lost", I64, "figures the attacker lost"),
            Column("defender_lost", I64, "figures the defender lost"),
            Column("spells", pa.list_(STR), "battle spells thrown (fireball, lightning, ...)"),
            Column("result", STR, "attacker, defender or none (nobody left)"),
            Column("gold_captured", I64, "kingdom gold the attacker captured"),
        ),
        battles,
        note="seat, army and race are the attacker's. Ownership changes are in dl_changes.",
    ),
    FactTable(
        "dl_holdings",
        "dragonlords",
        "army at the start of each round from round 1 (and at the game's end: final = true)",
        (
            *ARMY_COLUMNS,
            Column("territories", I64, "land places it alone occupies (kingdoms included)"),
            Column("kingdoms", I64, "kingdoms it alone occupies"),
            Column("kingdom_ids", pa.list_(STR), "which"),
            Column("final", BOOL, "the state at the game's end"),
        ),
        holdings,
        note="Occupancy is read from the folded state; a contested place counts for nobody.",
    ),
    FactTable(
        "dl_changes",
        "dragonlords",
        "land place whose holder changed since the previous round's start (seat = the new holder's)",
        (
            Column("round", I64, "the round that starts with the new holder"),
            Column("place", STR, "the place"),
            Column("place_kind", STR, "kingdom, gold, ordinary, island or teleportal"),
            Column("realm", STR, "its realm"),
            Column("from_army", I64, "the holder before (empty: nobody)"),
            Column("from_race", STR, "its race"),
            Column("to_army", I64, "the holder after (empty: nobody)"),
            Column("to_race", STR, "its race"),
        ),
        changes,
    ),
    FactTable(
        "dl_purchases",
        "dragonlords",
        "purchase (units or a ship in phase 1; a tool in a wasteland shop)",
        (
            *ARMY_COLUMNS,
            Column("shop", BOOL, "bought in a wasteland shop by a party"),
            *named("item", "what was bought"),
            Column("price", I64, "gold paid"),
        ),
        purchases,
    ),
    FactTable(
        "dl_income",
        "dragonlords",
        "source of an army's income in a round",
        (
            *ARMY_COLUMNS,
            Column("source", STR, "kingdom, gold, ordinary, teleportal, ... (the rule's income source)"),
            Column("gold", I64, "gold from this source"),
            Column("total", I64, "the army's income that round"),
        ),
        income,
    ),
    FactTable(
        "dl_quests",
        "dragonlords",
        "quest card drawn by a party",
        (
            *ARMY_COLUMNS,
            Column("quest", STR, "the quest's name"),
            Column("card_id", STR, "the quest card's id"),
            Column("colour", STR, "the crystal die's colour, which picks the outcome"),
            Column("reward", STR, "the reward (gold, dragonlord, lose_unit, nothing, ...)"),
            Column("amount", I64, "how much of it"),
            Column("monster", STR, "the monster to beat first (empty: none)"),
            Column("outcome", STR, "reward, beaten, lost, charmed or why it was discarded"),
        ),
        quests,
    ),
    FactTable(
        "dl_magic",
        "dragonlords",
        "spell cast or scroll used (the command), and a scroll's resolution",
        (
            *ARMY_COLUMNS,
            Column("kind", STR, "spell or scroll"),
            Column("resolved", BOOL, "a scroll's resolution (roll and losses), not the command"),
            *named("magic", "the spell or scroll"),
            Column("caster", STR, "the casting hero's id"),
            Column("place", STR, "the place it was aimed at"),
            Column("victim", STR, "the victim (unit, plain, an army)"),
            Column("roll", I64, "a scroll's roll"),
            Column("lost", I64, "units the victim lost to a scroll"),
        ),
        magic,
        note="Battle spells resolved inside a battle round are also listed in dl_battles.spells.",
    ),
    FactTable(
        "dl_eliminations",
        "dragonlords",
        "army eliminated (its King killed)",
        (*ARMY_COLUMNS, Column("rule", STR, "the rule that eliminated it")),
        eliminations,
    ),
)
