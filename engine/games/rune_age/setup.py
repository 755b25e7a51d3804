"""Set-up (SET-1..11, SET-T, scenario extended set-ups) and set-up from a situation file."""

from __future__ import annotations

from engine.content import decode
from engine.games.rune_age import cards
from engine.games.rune_age.combat import declare, targets
from engine.games.rune_age.endgame import eliminate
from engine.games.rune_age.places import (
    BOX,
    CITIES,
    ENEMIES,
    EVENT_DISCARD,
    EVENTS,
    LASTING,
    OBJECTIVE,
    OUT,
    REVEALED,
    RUNES,
    barracks,
    deck,
    discard,
    gold_pile,
    hand,
    neutral_pile,
    play,
    realm,
)
from engine.games.rune_age.scenarios import MONUMENT, RUNEWARS, SCENARIOS, resolve
from engine.games.rune_age.schema import Situation
from engine.mechanics import damage, zones
from engine.mechanics.zones import instances


def choose_scenario(ctx, table) -> str:
    """SET-2: the agreed scenario, or an objective card drawn at random."""
    key = resolve(table.options["scenario"])
    allowed = [k for k in SCENARIOS if cards.scenario(k).min_players <= table.players]
    if key == "random":
        key = ctx.pick("objective", allowed, 1, rule="SET-2")[0]
    if key not in allowed:
        raise ValueError(
            f"rune-age: scenario {key} needs at least {cards.scenario(key).min_players} players (§9.6)"
        )
    return key


def record_setup(ctx, table, key: str, rule: str, **extra) -> None:
    """ra.setup (schema 2): the content pack, the scenario key, solo or not, the casualty die."""
    ctx.emit(
        "ra.setup",
        {
            "pack": "base",
            "scenario": key,
            "solo": table.players == 1,
            "die": table.options["casualty_die"],
            **extra,
        },
        rule=rule,
    )


def choose_races(ctx, table) -> list[str]:
    """SET-3: races by agreement (option races) or assigned at random."""
    text = table.options["races"]
    if text == "random":
        return ctx.pick("races", list(cards.RACES), table.players, rule="SET-3")
    races = [r.strip() for r in text.split(",")]
    if len(races) != table.players or len(set(races)) != len(races) or set(races) - set(cards.RACES):
        raise ValueError(
            f"rune-age: races={text!r} must name {table.players} different races of {', '.join(cards.RACES)}"
        )
    return races


def neutral_types(table, key: str) -> list[str]:
    """SET-2 with OPT-1: the objective's neutral types, optionally swapped for same-cost ones."""
    base = cards.scenario(key).neutrals
    text = table.options["neutrals"]
    if not text:
        return list(base)
    chosen = [n.strip() for n in text.split(",")]
    known = {c.name: c for c in cards.cards("unit") + cards.cards("tactic") if not c.race}
    if len(chosen) != 3 or len(set(chosen)) != 3 or any(n not in known for n in chosen):
        raise ValueError(f"rune-age: neutrals={text!r} must name three neutral types")
    if sorted(known[n].cost for n in chosen) != sorted(known[n].cost for n in base):
        raise ValueError("rune-age: OPT-1 swaps neutral types only for types of the same influence cost")
    return chosen


def event_cards(table, key: str) -> list[list[str]]:
    """Event card ids per stage (stage 1 first), minus solo and optional removals."""
    scn = cards.scenario(key)
    removed = set(scn.solo_remove if table.players == 1 else [])
    if table.options["remove_brother"]:
        removed |= set(scn.optional_remove)
    stages = []
    for stage in range(1, scn.stages + 1):
        stages.append(
            [f"{c.name}#1" for c in cards.cards("event", scenario=key, stage=stage) if c.name not in removed]
        )
    return stages


def race_cards(race: str) -> dict[str, list[str]]:
    piles: dict[str, list[str]] = {}
    for c in (
        cards.cards("stronghold", race=race)
        + cards.cards("unit", race=race)
        + cards.cards("monument", race=race)
    ):
        piles.setdefault(c.pile, []).extend(instances(c.name, c.copies))
    return piles


def setup(ctx, table) -> None:
    key = choose_scenario(ctx, table)
    over = table.options.get("overrides")
    record_setup(ctx, table, key, "SET-2", **({"overrides": over} if over else {}))
    races = choose_races(ctx, table)
    ctx.emit("ra.races", {"races": races}, rule="SET-3")
    order = ctx.pick("seating", list(range(table.players)), table.players, rule="SET-4")
    ctx.emit("ra.seating", {"order": order}, rule="SET-4")
    row = cards.setup_row(table.players)
    for s, race in enumerate(races):
        zones.create(ctx, realm(s), [f"{cards.cards('realm', race=race)[0].name}#1"], rule="SET-5")
        for pile, ids in race_cards(race).items():
            if pile == "monument" and key != MONUMENT:
                continue
            zones.create(ctx, barracks(s, pile), ids, rule="SCN-MO-2" if pile == "monument" else "SET-6")
        for name, vis in (
            (deck(s), "hidden"),
            (hand(s), "owner"),
            (discard(s), "public"),
            (play(s), "public"),
            (f"army:{s}", "public"),
        ):
            zones.create(ctx, name, [], owner=s, vis=vis, rule="ZON-1")
    for value, count in ((1, row.gold1), (2, row.gold2), (3, row.gold3)):
        zones.create(ctx, gold_pile(value), instances(f"{value}-Gold", count), rule="SET-T")
    for name in neutral_types(table, key):
        zones.create(ctx, neutral_pile(name), instances(name, row.neutral), rule="SET-7")
    zones.create(ctx, BOX, [f"{c.name}#1" for c in cards.cards("city")], rule="SET-7")
    zones.create(ctx, CITIES, [], rule="SET-7")
    zones.move(
        ctx, BOX, CITIES, ctx.pick("cities", list(table.zone(BOX)), row.cities, rule="SET-7"), rule="SET-7"
    )
    for name in (ENEMIES, EVENT_DISCARD, LASTING, REVEALED, OUT):
        zones.create(ctx, name, [], rule="ZON-7")
    for s in range(table.players):
        zones.move(ctx, gold_pile(1), deck(s), table.zone(gold_pile(1))[:5], rule="SET-8")
        zones.move(ctx, barracks(s, "u1"), deck(s), table.zone(barracks(s, "u1"))[:3], rule="SET-8")
        ctx.shuffle(deck(s), rule="SET-8")
    for s in range(table.players):
        zones.draw(ctx, deck(s), discard(s), hand(s), 5, rule="SET-9")
    build_event_deck(ctx, table, key)
    zones.create(ctx, OBJECTIVE, [f"{cards.cards('objective', scenario=key)[0].name}#1"], rule="SET-11")
    if key == RUNEWARS:
        deal_runes(ctx, table)


def build_event_deck(ctx, table, key: str) -> None:
    """SET-10 (A5): shuffled stage 1 on shuffled stage 2 (on shuffled stage 3)."""
    zones.create(ctx, EVENTS, [], vis="hidden", rule="SET-10")
    stages = event_cards(table, key)
    for n in range(len(stages), 0, -1):
        name = f"stage:{n}"
        zones.create(ctx, name, stages[n - 1], vis="hidden", rule="SET-10")
        ctx.shuffle(name, rule="SET-10")
        zones.move(ctx, name, EVENTS, list(table.zone(name)), rule="SET-10")


def deal_runes(ctx, table) -> None:
    """SCN-RW-1: one random dragon rune per player; the rest stay face down (A27)."""
    zones.create(ctx, RUNES, [f"{c.name}#1" for c in cards.cards("rune")], vis="hidden", rule="SCN-RW-1")
    ctx.shuffle(RUNES, rule="SCN-RW-1")
    for s in range(table.players):
        zones.move(ctx, RUNES, play(s), table.zone(RUNES)[:1], rule="SCN-RW-1")


# ------------------------------------------------------------------ situations
def read_situation(table, raw: dict) -> Situation:
    sit = decode(raw, Situation, "situation [game]")
    if sit.standard_setup:  # the ordinary set-up lays out everything: other keys would be ignored
        others = sorted(k for k in raw if k != "standard_setup")
        if others:
            raise ValueError(
                f"situation [game] {others[0]}: standard_setup = true runs the ordinary "
                "set-up (SET-1..11), which takes no layout keys; give one or the other"
            )
    if sit.phase not in ("turn", "event"):
        raise ValueError(f"situation [game] phase: {sit.phase!r} (allowed: turn, event)")
    sit.scenario = resolve(sit.scenario)
    if sit.scenario == "random":
        raise ValueError("situation [game]: scenario must name a scenario, not random")
    if not sit.standard_setup and (len(sit.seat) != table.players or len(sit.races) != table.players):
        raise ValueError(f"situation [game]: {table.players} seats and races needed")
    return sit


def _owner_and_vis(zone: str) -> tuple[int | None, str]:
    kind, _, rest = zone.partition(":")
    owner = int(rest) if kind in ("deck", "hand", "discard", "play") else None
    vis = {"deck": "hidden", "hand": "owner", EVENTS: "hidden", RUNES: "hidden"}.get(kind, "public")
    return owner, vis


def lay_out(ctx, table, sit: Situation) -> None:
    """Lay out a situation: every listed card is taken from its place of origin by name."""
    key = sit.scenario
    record_setup(ctx, table, key, "SIT-0", overrides={**sit.fixture, **table.options.get("overrides", {})})
    ctx.emit("ra.races", {"races": sit.races}, rule="SIT-0")
    ctx.emit("ra.seating", {"order": sit.order or list(range(table.players))}, rule="SIT-0")
    row = cards.setup_row(table.players)
    layout: dict[str, list[str]] = {}
    for s, race in enumerate(sit.races):
        layout[realm(s)] = [f"{cards.cards('realm', race=race)[0].name}#1"]
        for pile, ids in race_cards(race).items():
            if pile != "monument" or key == MONUMENT:
                layout[barracks(s, pile)] = ids
    for value, count in ((1, row.gold1), (2, row.gold2), (3, row.gold3)):
        layout[gold_pile(value)] = instances(f"{value}-Gold", count)
    for name in sit.neutrals or cards.scenario(key).neutrals:
        layout[neutral_pile(name)] = instances(name, row.neutral)
    layout[BOX] = [f"{c.name}#1" for c in cards.cards("city")]
    layout[EVENTS] = [f"{c.name}#1" for c in cards.cards("event", scenario=key)]
    layout[OBJECTIVE] = [f"{cards.cards('objective', scenario=key)[0].name}#1"]
    if key == RUNEWARS:
        layout[RUNES] = [f"{c.name}#1" for c in cards.cards("rune")]

    def take(name: str) -> str:
        for zone in layout.values():
            for card in zone:
                if zones.card_name(card) == name:
                    zone.remove(card)
                    return card
        raise ValueError(f"situation: no {name!r} left to place")

    placed = {ENEMIES: [take(n) for n in sit.enemies], EVENT_DISCARD: [take(n) for n in sit.event_discard]}
    if sit.cities is not None:
        placed[CITIES] = [take(n) for n in sit.cities]
    events = None if sit.events is None else [take(n) for n in sit.events]
    for s, seat in enumerate(sit.seat):
        for part, zone in (("hand", hand(s)), ("deck", deck(s)), ("discard", discard(s)), ("play", play(s))):
            placed[zone] = [take(n) for n in getattr(seat, part)]
    if sit.cities is None:
        placed[CITIES] = [layout[BOX].pop(0) for _ in range(row.cities)]
    if events is not None:
        layout[BOX] += layout[EVENTS]
        layout[EVENTS] = events
    for zone, ids in {**layout, **placed}.items():
        owner, vis = _owner_and_vis(zone)
        zones.create(ctx, zone, ids, owner=owner, vis=vis, rule="SIT-0")
    for s in range(table.players):
        army = [take(n) for n in sit.seat[s].army] if s < len(sit.seat) else []
        zones.create(ctx, f"army:{s}", army, owner=s, rule="ZON-1")
    for name in (LASTING, REVEALED, OUT):
        zones.create(ctx, name, [], rule="ZON-7")
    for s, seat in enumerate(sit.seat):
        for name in seat.exhausted:
            card = next(
                c for c in table.zone(play(s)) if zones.card_name(c) == name and c not in table.game.exhausted
            )
            ctx.emit("ra.exhausted", {"card": card, "seat": s}, rule="SIT-0")
        damage.deal(ctx, realm(s), seat.damage, rule="SIT-0")


def start_inside(ctx, table, sit: Situation, active: int) -> None:
    """Seats marked eliminated leave (ELM-1); a `[game.combat]` is declared as ACT-CMB-1 does."""

    for s, seat in enumerate(sit.seat):
        if seat.eliminated:
            eliminate(ctx, table, s, None)
    if sit.combat is None:
        return
    attacker = active if sit.combat.attacker is None else sit.combat.attacker
    allowed = targets(table, attacker)
    want = sit.combat.target
    found = [x for x in allowed if want in (x, zones.card_name(x))]
    if not found:
        names = ", ".join(dict.fromkeys(x if x.startswith("realm:") else zones.card_name(x) for x in allowed))
        raise ValueError(
            f"situation [game.combat]: target {want!r} is not a combat target of seat "
            f"{attacker} (allowed: {names})"
        )
    declare(ctx, table, attacker, found[0])
    c = table.game.combat
    if sit.combat.passed:
        if c.kind != "siege" or set(sit.combat.passed) - {c.attacker, c.defender}:
            raise ValueError(
                f"situation [game.combat] passed: {sit.combat.passed} - only the "
                f"attacker and defender of a siege can pass (allowed: "
                f"{[c.attacker, c.defender] if c.kind == 'siege' else []})"
            )
        passed = sorted(set(sit.combat.passed))
        turn = c.defender if passed == [c.attacker] else c.attacker
        ctx.emit("ra.combat_step", {"set": {"passed": passed, "turn": turn}}, rule="SGE-2")
