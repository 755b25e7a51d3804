"""Situation files: a position laid out directly (the rulebook examples as tests start from one).

[game] holds: `races` (per army; army i belongs to seat i mod players), `phase`, `active`, `round`,
`gold` (kingdom -> gold), `scrolls` (per army: card names in hand), `tools` (per army: stored),
and tables `units` (loc, army, n), `heroes` (id "H<n>", army, loc, role, spells, treasures),
`ships` (id "S<n>", army, zone, harbour) and `parties` (army, space, tools).
`map` states a board of the situation's own (the schema of content/map.toml, checked by the same
loader; docs/disputes.md). `eliminated` lists seats already out (their Kings dead, DL:3.4/king: every army of the seat is
marked dead). `[game.battle]` starts the position inside an open battle of the Combat phase
(DL:3.4/land.1): `loc`, `attacker` and `defender` (armies with units there; the attacker is the
active army), `kind` (land | naval | sneak), `step` (gather: more units may join before the
first round; after_round: fight on or retreat), `rounds` fought so far, `retreat_ok`, `origins`."""

from __future__ import annotations

from engine.content import ContentError
from engine.games.dragonlords import places
from engine.games.dragonlords.content import content
from engine.games.dragonlords.map.world import on_key, register_map, world
from engine.games.dragonlords.quests.cards import quest_deck
from engine.games.dragonlords.situations.overrides import by_id
from engine.games.dragonlords.situations.schema import check
from engine.games.dragonlords.turn.ships import set_ship_moves
from engine.mechanics import zones

PHASES = ("purchase", "naval", "quest", "combat", "transfer", "reinforce")
BATTLE_KINDS = ("land", "naval", "sneak")
BATTLE_STEPS = ("gather", "after_round")


class SituationError(ValueError):
    pass


def lay_out(ctx, table, doc: dict) -> None:
    """Lay out [game]; with `map` (a map of the situation's own, the schema of content/map.toml)
    everything is placed and checked on that board."""
    if doc.get("map") is None:
        return _lay_out(ctx, table, doc)

    if not isinstance(doc["map"], dict):
        raise SituationError(
            f"situation [game.map]: expected a table (the schema of map.toml), "
            f"not {type(doc['map']).__name__}"
        )
    try:
        key = register_map(doc["map"])
    except ContentError as exc:
        raise SituationError(str(exc)) from None
    with on_key(key):
        _lay_out(ctx, table, doc)


def _lay_out(ctx, table, doc: dict) -> None:

    check(doc, SituationError)
    races = list(doc.get("races") or [])
    if not races:
        raise SituationError("situation [game]: give races = [...] (one per army, DL:2.3.1)")
    phase = doc.get("phase", "purchase")
    if phase not in PHASES:
        raise SituationError(f"situation [game]: phase {phase!r} is not one of {', '.join(PHASES)}")
    w = world()
    on_board: dict[int, int] = {}
    for u in doc.get("units", []):
        on_board[u["army"]] = on_board.get(u["army"], 0) + u["n"]
    for h in doc.get("heroes", []):
        on_board[h["army"]] = on_board.get(h["army"], 0) + 1
    armies = [
        {
            "race": r,
            "seat": i % table.players,
            "supply": 40 - on_board.get(i, 0),
            "placing": 0,
            "gold": 0,
            "tools": list(
                (doc.get("tools") or [[]] * len(races))[i] if i < len(doc.get("tools", [])) else []
            ),
        }
        for i, r in enumerate(races)
    ]
    short = bool(table.options.get("short_game"))
    to_win = int(table.options.get("kingdoms_to_win") or 0) or (4 if short else 6)

    over = {"overrides": by_id(table.options)} if table.options.get("overrides") else {}
    own_map = {"map_doc": doc["map"]} if doc.get("map") is not None else {}
    ctx.emit(
        "dl.setup",
        {
            "map": w.m.name,
            "short": short,
            "kingdoms_to_win": to_win,
            "armies": armies,
            "treasures": sorted(content().treasures),
            **over,
            **own_map,
        },
        rule="SIT-0",
    )
    hands = [list(x) for x in doc.get("scrolls", [])] + [[] for _ in range(len(races))]
    counts: dict[str, int] = {}
    dealt: list[list[str]] = []
    for i in range(len(races)):
        mine = []
        for name in hands[i]:
            if name not in content().scrolls:
                raise SituationError(f"situation: scroll {name!r} unknown")
            counts[name] = counts.get(name, 0) + 1
            mine.append(f"{name}#{counts[name]}")
        dealt.append(mine)
    rest = []
    for s in content().scroll_deck():
        counts[s] = counts.get(s, 0) + 1
        rest.append(f"{s}#{counts[s]}")
    zones.create(ctx, places.SCROLL_DECK, rest, rule="SIT-0", vis="hidden")
    zones.create(ctx, places.SCROLL_DISCARD, [], rule="SIT-0")
    for i, a in enumerate(armies):
        zones.create(ctx, places.hand(i), dealt[i], rule="SIT-0", owner=a["seat"], vis="owner")
    zones.create(ctx, places.QUEST_DECK, quest_deck(), rule="SIT-0", vis="hidden")
    zones.create(ctx, places.QUEST_DISCARD, [], rule="SIT-0")
    ctx.shuffle(places.QUEST_DECK, rule="INT-12")
    ctx.emit("dl.order", {"order": list(range(len(races))), "blessed": 0}, rule="SIT-0")
    for u in doc.get("units", []):
        _place_check(u["loc"])
        ctx.emit("dl.units", {"loc": u["loc"], "army": u["army"], "n": u["n"]}, rule="SIT-0")
    for h in doc.get("heroes", []):
        _place_check(h["loc"])
        role = h.get("role", "")
        ctx.emit(
            "dl.hero_new",
            {
                "id": h["id"],
                "seq": int(h["id"][1:]),
                "army": h["army"],
                "loc": h["loc"],
                "race": races[h["army"]],
                "role": role,
                "spells": list(h.get("spells", [])),
                "treasures": list(h.get("treasures", [])),
            },
            rule="SIT-0",
        )
    for s in doc.get("ships", []):
        ctx.emit(
            "dl.ship_new",
            {
                "id": s["id"],
                "seq": int(s["id"][1:]),
                "army": s["army"],
                "zone": s["zone"],
                "harbour": s.get("harbour", ""),
            },
            rule="SIT-0",
        )
    for p in doc.get("parties", []):
        ctx.emit(
            "dl.party",
            {"new": True, "army": p["army"], "space": p["space"], "tools": list(p.get("tools", []))},
            rule="SIT-0",
        )
    for k, n in sorted((doc.get("gold") or {}).items()):
        ctx.emit("dl.gold", {"kingdom": k, "n": n, "army": -1}, rule="SIT-0")
    active = int(doc.get("active", 0))
    dead = _eliminated(doc, armies, active, table.players)
    for i in dead:
        ctx.emit("dl.army", {"army": i, "set": {"alive": False}}, rule="SIT-0")
    ctx.emit(
        "dl.phase",
        {"phase": phase, "active": active, "round": int(doc.get("round", 1)), "new_turn": True},
        rule="SIT-0",
    )
    if "battle" in doc:
        ctx.emit("dl.battle", {"battle": _battle(doc, phase, active, dead, len(armies))}, rule="SIT-0")
    if phase == "naval":
        set_ship_moves(ctx, table)


def _eliminated(doc: dict, armies: list[dict], active: int, players: int) -> list[int]:
    """The armies of the seats the situation marks as out (DL:3.4/king)."""
    seats = list(doc.get("eliminated") or [])
    for s in seats:
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < players:
            raise SituationError(f"situation [game]: eliminated seat {s!r} is not a seat 0..{players - 1}")
    if len(set(seats)) >= players:
        raise SituationError("situation [game]: every seat is eliminated; one must be left (DL:4.1)")
    dead = [i for i, a in enumerate(armies) if a["seat"] in seats]
    if active in dead:
        raise SituationError(
            f"situation [game]: the active army {active} belongs to an eliminated seat (DL:3.4/king)"
        )
    return dead


def _battle(doc: dict, phase: str, active: int, dead: list[int], n_armies: int) -> dict:
    """The open battle of [game.battle], checked: in the Combat phase, between two living armies
    that both have units at the place, the attacker being the active army (DL:3.4/land.1)."""
    b = dict(doc["battle"])
    unknown = sorted(
        set(b) - {"loc", "attacker", "defender", "kind", "step", "rounds", "retreat_ok", "origins"}
    )
    if unknown:
        raise SituationError(f"situation [game.battle]: unknown key(s) {', '.join(unknown)}")
    if phase != "combat":
        raise SituationError(
            f"situation [game.battle]: a battle is fought in the combat phase, not {phase!r} (DL:3.4/general)"
        )
    for key in ("loc", "attacker", "defender"):
        if key not in b:
            raise SituationError(f"situation [game.battle]: give {key} (DL:3.4/land.1)")
    loc, att, dfn = b["loc"], b["attacker"], b["defender"]
    _place_check(loc)
    for who in (att, dfn):
        if not isinstance(who, int) or not 0 <= who < n_armies or who in dead:
            raise SituationError(f"situation [game.battle]: army {who!r} is not a living army of the game")
    if att != active:
        raise SituationError(
            f"situation [game.battle]: the attacker must be the active army {active} (DL:3.4/general)"
        )
    if att == dfn:
        raise SituationError("situation [game.battle]: an army cannot fight itself")
    there = {(u["army"]) for u in doc.get("units", []) if u["loc"] == loc and u["n"] > 0}
    there |= {h["army"] for h in doc.get("heroes", []) if h["loc"] == loc}
    for who in (att, dfn):
        if who not in there:
            raise SituationError(f"situation [game.battle]: army {who} has no unit at {loc} (DL:3.4/land.1)")
    kind, step = b.get("kind", "land"), b.get("step", "gather")
    if kind not in BATTLE_KINDS:
        raise SituationError(
            f"situation [game.battle]: kind {kind!r} is not one of {', '.join(BATTLE_KINDS)}"
        )
    if step not in BATTLE_STEPS:
        raise SituationError(
            f"situation [game.battle]: step {step!r} is not one of {', '.join(BATTLE_STEPS)}"
        )
    return {
        "loc": loc,
        "attacker": att,
        "defender": dfn,
        "kind": kind,
        "step": step,
        "rounds": int(b.get("rounds", 0)),
        "retreat_ok": bool(b.get("retreat_ok", True)),
        "origins": list(b.get("origins", [])),
    }


def _place_check(loc: str) -> None:
    w = world()
    if loc not in w.kind and loc not in w.space_kind and not places.is_ship(loc) and loc not in w.sea:
        raise SituationError(f"situation: {loc!r} is no place of the map")
