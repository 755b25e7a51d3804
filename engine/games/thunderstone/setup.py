"""Set-up: random (randomizers, SET-R1..R13), the first game (SET-F), and situation files."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from engine.content import decode
from engine.games.thunderstone import coop, fight, solo
from engine.games.thunderstone.content import by_stack, card, cards, groups, pack
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    HAND_SIZE,
    board_zones,
    boards,
    deck,
    defense_rule,
    disc,
    dungeon,
    hand,
    look,
    play,
    pos,
    stack,
    tres,
)
from engine.mechanics import zones
from engine.situation import stated

FIRST_GAME = {
    "monster": ["Dunkles Fabelwesen", "Ork - Humanoid", "Untoter - Seuche"],
    "hero": ["Belzurier", "Gorinther", "Halb-Ork", "Steinwache"],
    "village": [
        "Torischer Panzerhandschuh",
        "Reflexbogen",
        "Beschuetzerklinge",
        "Gestaltwandlung",
        "Stadtfuehrer",
        "Frostblitz",
        "Seelenjuwel",
        "Silbersturm",
    ],
}
BASIC = ["Miliz", "Fackel", "Proviant", "Dolch"]
STARTING = [("Miliz", 6), ("Fackel", 2), ("Dolch", 2), ("Proviant", 2)]
FEATURE_RANDOMIZERS = 3  # reading A3: Drachenturm alone uses 3 dungeon-feature randomizers


class Minter:
    """Unique card ids for one game: Name#1, Name#2, ..."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def __call__(self, name: str, n: int = 1) -> list[str]:
        if name not in cards():
            raise ValueError(f"unknown card {name!r}")
        start = self.seen.get(name, 0) + 1
        self.seen[name] = start + n - 1
        return zones.instances(name, n, start)


def new_stack(mint: Minter, name: str, small: bool = False) -> list[str]:
    """A village or hero stack, heroes ordered by level with level 1 on top (SET-R9); `small`:
    one card of each kind, i.e. 1 village card or 1 hero of each level (VAR-S-R1)."""
    return [
        c
        for k in sorted(by_stack(name), key=lambda k: k.level)
        for c in mint(k.name, 1 if small else k.count)
    ]


def seat_zones(ctx, s: int, rule: str, cards_: dict[str, list[str]]) -> None:
    zones.create(ctx, deck(s), cards_.get("deck", []), rule, owner=s, vis=zones.HIDDEN)
    zones.create(ctx, hand(s), cards_.get("hand", []), rule, owner=s, vis=zones.OWNER)
    zones.create(ctx, disc(s), cards_.get("discard", []), rule, owner=s)
    zones.create(ctx, play(s), cards_.get("play", []), rule, owner=s)
    zones.create(ctx, tres(s), cards_.get("treasures", []), rule, owner=s)
    zones.create(ctx, look(s), [], rule, owner=s, vis=zones.OWNER)
    zones.create(ctx, f"reveal{s}", [], rule, owner=s)
    zones.create(ctx, f"gift{s}", [], rule, owner=s, vis=zones.OWNER)


def lay_out_board(
    ctx,
    mint: Minter,
    village: list[str],
    rule: str,
    hall: dict[str, list[str]] | None = None,
    small: bool = False,
) -> None:
    """The village stacks, the disease stack, the trash and the score piles, and the dungeon
    positions of every dungeon (`hall`: cards already on a position zone, for situations)."""
    for name in village:
        zones.create(ctx, stack(name), new_stack(mint, name, small), rule)
    zones.create(ctx, "diseases", mint("Krankheit", card("Krankheit").count), "SET-R11")
    zones.create(ctx, "trash", [], "SET-R11")
    zones.create(ctx, "score:village", [], defense_rule(ctx.table))
    zones.create(ctx, "score:players", [], defense_rule(ctx.table))
    for _, z in board_zones(ctx.table):
        zones.create(ctx, z, (hall or {}).get(z, []), "SET-B")


def reveal_randomizers(ctx, kind: str, pool: list[str], want, rule: str) -> list[str]:
    """Shuffle a randomizer stack and reveal from its top while `want(shown)` asks for more."""
    zones.create(ctx, f"rand:{kind}", pool, "SET-R1", vis=zones.HIDDEN)
    zones.create(ctx, f"shown:{kind}", [], "SET-R1")
    ctx.shuffle(f"rand:{kind}", "SET-R1")
    shown: list[str] = []
    while want(shown) and ctx.table.zone(f"rand:{kind}"):
        shown += zones.move_top(ctx, f"rand:{kind}", f"shown:{kind}", 1, rule)
    return shown


def bury_packet(ctx, table, extra: list[str], rule: str, b: str = "") -> None:
    """Shuffle `extra` into the top 10 cards of dungeon deck b and put the packet under it (SET-R4/R5)."""
    name = f"packet{len([z for z in table.zones if z.startswith('packet')])}"
    zones.create(ctx, name, extra, rule, vis=zones.HIDDEN)
    zones.move_top(ctx, dungeon(b), name, 10, rule)
    ctx.shuffle(name, rule)
    zones.move(ctx, name, dungeon(b), list(table.zone(name)), rule, to="bottom")


def choose_sets(ctx, table, variant: str, scenario: str) -> tuple[dict[str, list[str]], list[str]]:
    """SET-F or SET-R1/R2/R4/R9/R10: the monster, hero and village sets, and any dungeon features."""
    if table.options["setup"] == "first_game" and not variant:
        ctx.emit("ts.first_game", dict(FIRST_GAME), "SET-F")
        return FIRST_GAME, []
    n_groups = coop.monster_groups(table.players) if variant else 4 if scenario == "Doomgate" else 3
    n_heroes, n_village, rule = (
        (solo.RETURN_HEROES, solo.RETURN_VILLAGE, "VAR-S-R1") if table.game.returning else (4, 8, "")
    )
    pool = groups("monster") + [f"Dungeon-Merkmal {i + 1}" for i in range(FEATURE_RANDOMIZERS)]
    shown = reveal_randomizers(
        ctx, "monster", pool, lambda got: sum(g in groups("monster") for g in got) < n_groups, "SET-R2"
    )
    chosen = {
        "monster": [g for g in shown if g in groups("monster")],
        "hero": reveal_randomizers(
            ctx, "hero", groups("hero"), lambda got: len(got) < n_heroes, rule or "SET-R9"
        ),
        "village": reveal_randomizers(
            ctx, "village", groups("village"), lambda got: len(got) < n_village, rule or "SET-R10"
        ),
    }
    f = len(shown) - len(chosen["monster"])
    if not f:
        return chosen, []
    zones.create(ctx, "features", [x.name for x in pack().feature], "SET-R4", vis=zones.HIDDEN)
    ctx.shuffle("features", "SET-R4")
    zones.create(ctx, "features:drawn", [], "SET-R4")
    drawn = zones.move_top(ctx, "features", "features:drawn", f, "SET-R4")
    kinds = {x.name: x.kind for x in pack().feature}
    while any(kinds[x] == "pick_two" for x in drawn) and table.zone("features"):
        # "Pick Two": two more features instead (public list); each draws at most once
        drawn.remove(next(x for x in drawn if kinds[x] == "pick_two"))
        drawn += zones.move_top(ctx, "features", "features:drawn", 2, "SET-R4")
    return chosen, [x for x in drawn if kinds[x] != "pick_two"]


def setup(ctx, table) -> None:
    opts, mint = table.options, Minter()
    variant = solo.variant_of(table)
    extra, solo_rule = solo.setup_data(table, variant)
    ctx.emit(
        "ts.setup",
        {"players": table.players, "mode": opts["setup"], "variant": variant, **extra},
        solo_rule or ("VAR-C" if variant else "SET-0b"),
    )
    scenario = "" if opts["scenario"] == "none" else opts["scenario"]
    if scenario == "Drachenturm":
        ctx.emit("ts.boards", {"boards": ["", "b:"]}, "CMP-8")
    chosen, features = choose_sets(ctx, table, variant, scenario)
    if table.game.returning:  # VAR-S-R1: no basic stacks; 1 card per village card, 1 per hero level
        lay_out_board(ctx, mint, chosen["hero"] + chosen["village"], "VAR-S-R1", small=True)
    else:
        lay_out_board(ctx, mint, BASIC + chosen["hero"] + chosen["village"], "SET-R8")
    cards_ = [c for g in chosen["monster"] for k in by_stack(g) for c in mint(k.name, k.count)]
    adds = {x.name: x for x in pack().feature}
    guardians: list[str] = []
    for fname in features:
        x = adds[fname]
        if x.kind in ("trap", "treasure"):
            cards_ += [c for k in by_stack(x.adds) for c in mint(k.name, k.count)]
        elif x.kind == "guardian":  # a random one of the box's guardians
            spare_g = [
                k.name for k in by_stack(x.adds) if not any(g.startswith(k.name + "#") for g in guardians)
            ]
            if spare_g:
                guardians += mint(ctx.pick("guardian", spare_g, 1, "SET-R4")[0])
        elif not scenario:
            scenario = x.adds
    spare = [
        k.name
        for k in pack().card
        if k.kind == "guardian" and k.box and not any(g.startswith(k.name + "#") for g in guardians)
    ]
    if (
        variant and spare
    ):  # VAR-C, VAR-S-SETUP: one guardian more than the features brought, while any is left
        guardians += mint(spare[0])
    zones.create(ctx, dungeon(), cards_, "SET-R3", vis=zones.HIDDEN)
    ctx.shuffle(dungeon(), "SET-R3")
    if guardians:
        bury_packet(ctx, table, guardians, "SET-R4")
    if scenario:
        ctx.emit("ts.scenario", {"scenario": scenario}, "CMP-8")
    stones = [k.name for k in by_stack("Donnersteine")]
    stone = opts["thunderstone"]
    if stone == "random":
        stone = ctx.pick("thunderstone", stones, 1, "SET-R5")[0]
    if scenario == "Drachenturm":  # reading: the top half becomes the second deck, with the other stone
        zones.create(ctx, dungeon("b:"), [], "CMP-8", vis=zones.HIDDEN)
        zones.move_top(ctx, dungeon(), dungeon("b:"), len(table.zone(dungeon())) // 2, "CMP-8")
        bury_packet(ctx, table, mint(next(x for x in stones if x != stone)), "SET-R5", "b:")
    bury_packet(ctx, table, mint(stone), "SET-R5")
    for b in boards(table):
        for target in (3, 2, 1):
            place_initial(ctx, table, target, b)
    if variant:
        ctx.emit("ts.countdown", {"left": coop.countdown_start(table)}, countdown_rule(table))
    for s in range(table.players):
        start = [f"{name}#s{s}.{i}" for name, n in STARTING for i in range(1, n + 1)]
        seat_zones(ctx, s, "SET-R12", {"deck": start})
        ctx.shuffle(deck(s), "SET-R12")
        zones.draw(ctx, deck(s), disc(s), hand(s), HAND_SIZE, "SET-R12")
    ctx.emit("ts.turn", {"active": 0, "turn": 1}, "SET-R13")


def countdown_rule(table) -> str:
    return "VAR-S-LEVEL" if table.game.variant == "solo" else "VAR-C"


def place_initial(ctx, table, target: int, b: str = "") -> None:
    """SET-R7: reveal onto positions 3, 2, 1 in turn; traps and treasures go under the deck."""
    while not table.zone(pos(target, b)) and table.zone(dungeon(b)):
        c = zones.move_top(ctx, dungeon(b), pos(target, b), 1, "SET-R7")[0]
        if card(c).kind in ("trap", "treasure"):
            zones.move(ctx, pos(target, b), dungeon(b), [c], "SET-R7", to="bottom")


# -- situation files ------------------------------------------------------------------------
class SeatSit(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[str] = []
    deck: list[str] = []  # top first
    discard: list[str] = []
    treasures: list[str] = []
    xp: int = 0


class BattleSit(msgspec.Struct, forbid_unknown_fields=True):
    """Start inside the active seat's dungeon action (docs/disputes.md): its party laid out
    (TRN-D1), weapons equipped (BAT-2), and, if `target` names a monster, the battle fought."""

    laid_out: list[str] = []
    equip: list[list[str]] = []  # [hero name, weapon name] pairs, among the laid-out cards
    target: str = ""  # a monster name on the board: attacked at set-up (TRN-D3)


class Sit(msgspec.Struct, forbid_unknown_fields=True):
    seat: list[SeatSit]
    battle: BattleSit | None = None
    hall: list[str] = []  # positions 1, 2, 3; "" leaves a position empty
    pos0: list[str] = []  # guardians that broke out
    dungeon: list[str] = []  # dungeon deck, top first
    hall_b: list[str] | UnsetType = UNSET  # Drachenturm scenario: the second dungeon's positions 1-3
    dungeon_b: list[str] | UnsetType = UNSET  # and its deck
    village: list[str] = []  # stacks laid out in full, as in content
    stacks: dict[str, list[str]] = {}  # stacks with the given cards, top first
    scenario: str = ""
    active: int = 0
    countdown: int | UnsetType = UNSET  # co-op and solo: countdown XP left (default: the level's start value)
    pool: int | UnsetType = UNSET  # co-op and solo: shared XP
    score_village: list[str] | UnsetType = UNSET  # co-op and solo: monsters already on the village score pile


def _check_keys(sit: Sit, variant: str, two: bool) -> None:
    """Keys that cannot act in the game stated are refused naming them, never skipped."""
    for key in ("hall_b", "dungeon_b"):
        if getattr(sit, key) is not UNSET and not two:
            raise ValueError(
                f"situation [game] {key}: a second dungeon is only in the Drachenturm "
                'scenario (CMP-8): give scenario = "Drachenturm" or leave it out'
            )
    for key in ("countdown", "pool", "score_village"):
        value = getattr(sit, key)
        if value is not UNSET and not variant:
            raise ValueError(
                f"situation [game] {key}: only in the co-op and solo variants "
                "(option variant), not in a competitive game"
            )
        if isinstance(value, int) and value < 0:
            raise ValueError(f"situation [game] {key} = {value}: 0 or more")


@stated
def situation(ctx, table, doc: dict[str, Any]) -> None:
    sit = decode(doc, Sit, "situation [game]")
    if len(sit.seat) != table.players:
        raise ValueError(f"situation [game]: {len(sit.seat)} seats given for {table.players} players")
    mint = Minter()

    def ids(names: list[str]) -> list[str]:
        return [c for n in names for c in mint(n)]

    variant = solo.variant_of(table)
    extra, _ = solo.setup_data(table, variant)
    ctx.emit(
        "ts.setup", {"players": table.players, "mode": "situation", "variant": variant, **extra}, "SET-0b"
    )
    two = sit.scenario == "Drachenturm"
    _check_keys(sit, variant, two)
    if two:
        ctx.emit("ts.boards", {"boards": ["", "b:"]}, "CMP-8")
    hall = {pos(0): ids(sit.pos0)}
    for b, names in [("", sit.hall)] + ([("b:", sit.hall_b or [])] if two else []):
        hall.update({pos(i + 1, b): ids([n]) for i, n in enumerate(names) if n})
    lay_out_board(ctx, mint, list(sit.village), "SET-R8", hall)
    for name, names in sit.stacks.items():
        zones.create(ctx, stack(name), ids(names), "SET-R8")
    if sit.score_village:
        zones.add(ctx, "score:village", ids(sit.score_village), defense_rule(table))
    zones.create(ctx, dungeon(), ids(sit.dungeon), "SET-R6", vis=zones.HIDDEN)
    if two:
        zones.create(ctx, dungeon("b:"), ids(sit.dungeon_b or []), "CMP-8", vis=zones.HIDDEN)
    if sit.scenario:
        ctx.emit("ts.scenario", {"scenario": sit.scenario}, "CMP-8")
    laid = ids(sit.battle.laid_out) if sit.battle else []
    for s, seat in enumerate(sit.seat):
        seat_zones(
            ctx,
            s,
            "SET-R12",
            {
                "deck": ids(seat.deck),
                "hand": ids(seat.hand),
                "discard": ids(seat.discard),
                "treasures": ids(seat.treasures),
                "play": laid if s == sit.active else [],
            },
        )
        if seat.xp:
            change_xp(ctx, table, s, seat.xp, "XP-1")
    if variant:
        ctx.emit(
            "ts.countdown",
            {"left": coop.countdown_start(table) if sit.countdown is UNSET else sit.countdown},
            countdown_rule(table),
        )
        if sit.pool:
            change_xp(ctx, table, 0, sit.pool, "VAR-C")
    ctx.emit("ts.turn", {"active": sit.active, "turn": 1}, "SET-R13")
    if sit.battle:
        start_battle(ctx, table, sit.active, sit.battle, laid)


def start_battle(ctx, table, s: int, b: BattleSit, laid: list[str]) -> None:
    """The dungeon action from its preparation step on; errors name the key and the choices."""

    ctx.emit("ts.step", {"step": "prep"}, "TRN-D2")
    for pair in b.equip:
        if len(pair) != 2:
            raise ValueError(f"situation [game.battle] equip: {pair!r} must be [hero, weapon]")
        hero = _laid(laid, pair[0], "hero", "equip")
        weapon = _laid(laid, pair[1], "weapon", "equip")
        ctx.emit("ts.equipped", {"weapon": weapon, "hero": hero}, "BAT-2")
    if b.target:
        allowed = fight.legal_targets(table, s)
        found = [m for m in allowed if card(m).name == b.target or m == b.target]
        if not found:
            names = ", ".join(card(m).name for m in allowed) or "none"
            raise ValueError(
                f"situation [game.battle] target: {b.target!r} is not a legal target "
                f"of this party (CMD-TARGET; allowed: {names})"
            )
        fight.attack(ctx, table, s, found[0])


def _laid(laid: list[str], name: str, kind: str, key: str) -> str:
    got = [c for c in laid if card(c).name == name and card(c).kind == kind]
    if not got:
        names = ", ".join(card(c).name for c in laid if card(c).kind == kind) or "none"
        raise ValueError(f"situation [game.battle] {key}: no laid-out {kind} {name!r} (allowed: {names})")
    return got[0]
