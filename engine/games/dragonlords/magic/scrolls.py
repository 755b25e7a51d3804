"""Scroll cards (§3.4/scrolls): one-use spells in a hidden hand, cast by a spellcaster of the kind the
card names, in the caster's own place (Summon Elemental: the King, at any place but a wasteland
space). Reflect answers an enemy scroll by itself (the defender's only scroll), and the Invincible
Shield makes its bearer's side immune to scroll effects."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.dragonlords import board, places
from engine.games.dragonlords.battles import battle
from engine.games.dragonlords.content import content
from engine.games.dragonlords.dice import D6, D8, D12
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn import decisions
from engine.games.dragonlords.turn.flow import check_victory
from engine.mechanics import zones

RULE = {
    "elemental": "DL:3.4/scrolls.elemental",
    "berserk": "DL:3.4/scrolls.berserk",
    "inferno": "DL:3.4/scrolls.inferno",
    "tempest": "DL:3.4/scrolls.inferno",
    "ship": "DL:3.4/scrolls.ship",
    "legion": "DL:3.4/scrolls.legion",
    "clairvoyance": "DL:3.4/scrolls.clairvoyance",
    "reflect": "DL:3.4/scrolls.reflect",
    "charm": "DL:3.4/scrolls.charm",
}


def kind_of(card: str) -> str:
    name = card.split("#")[0]
    return "elemental" if name.startswith("elemental") else name


def in_hand(table, a: int) -> list[str]:
    return sorted({c.split("#")[0] for c in table.zone(places.hand(a))})


def may_cast(x, card: str) -> bool:
    need = content().scrolls[card].caster
    if need == "king":
        return x.role == "king"
    if need == "wizard":
        return x.role == "wizard"
    return x.role in board.CASTERS


def enemy_at(game, loc: str, a: int) -> int:
    if loc in world().sea:
        return next((o for o in board.blockade(game, loc) if not board.allies(game, a, o)), -1)
    return next((o for o in board.armies_at(game, loc) if not board.allies(game, a, o)), -1)


def legal(table, a: int) -> list[dict]:
    return list(each(table, a))


def each(table, a: int) -> Iterator[dict]:
    """`legal` one command at a time (a bot asking whether one is there stops at the first)."""
    game = table.game
    w = world()
    cards = in_hand(table, a)
    if not cards:
        return
    heroes = game.heroes  # the army's casters in hero order (the few sorted, not every hero)
    casters = [
        (h, heroes[h])
        for h in sorted(h for h, x in heroes.items() if x.army == a and x.role in board.CASTERS)
    ]
    targets: list[str] | None = None  # an elemental's: every territory with an enemy, found once
    foes: dict[str, int] = {}  # enemy_at of each caster's place, found once
    for card in cards:
        k = kind_of(card)
        if k in ("reflect", "charm"):
            continue
        for h, x in casters:
            if not may_cast(x, card):
                continue
            loc = x.loc
            if k == "elemental":
                if targets is None:
                    targets = sorted(
                        p
                        for p, who in board.occupancy(game).items()
                        if p in w.kind and any(not board.allies(game, a, o) for o in who)
                    )
                yield from ({"kind": "scroll", "card": card, "caster": h, "at": p} for p in targets)
            elif k in ("berserk", "inferno", "tempest"):
                if loc not in foes:
                    foes[loc] = enemy_at(game, loc, a)
                if foes[loc] >= 0 and loc in w.kind:
                    yield {"kind": "scroll", "card": card, "caster": h, "at": loc}
            elif k == "ship":
                zones_ = list(w.harbours.get(loc, ())) + (
                    [w.space_harbour[loc]] if loc in w.space_harbour else []
                )
                if len(game.ships) < 8:
                    yield from ({"kind": "scroll", "card": card, "caster": h, "at": z} for z in zones_)
            elif k == "legion":
                if game.armies[a].supply:
                    yield {"kind": "scroll", "card": card, "caster": h, "at": loc}
            elif k == "clairvoyance":
                yield from (
                    {"kind": "scroll", "card": card, "caster": h, "at": places.hand(o)}
                    for o in range(len(game.armies))
                    if o != a and table.zone(places.hand(o))
                )


def discard(ctx, table, a: int, name: str, rule: str) -> None:
    card = next(c for c in sorted(table.zone(places.hand(a))) if c.split("#")[0] == name)
    zones.move(ctx, places.hand(a), places.SCROLL_DISCARD, [card], rule=rule)


def cast(ctx, table, seat, cmd):
    game = table.game
    a = game.active
    card, at = cmd["card"], cmd["at"]
    k = kind_of(card)
    rule = RULE[k]
    caster = game.heroes[cmd["caster"]]
    discard(ctx, table, a, card, rule)
    if k == "ship":
        harbour = caster.loc if caster.loc in world().kind else ""
        ctx.emit(
            "dl.ship_new",
            {
                "id": f"S{game.next_id}",
                "seq": game.next_id,
                "army": a,
                "zone": at,
                "harbour": harbour or caster.loc,
            },
            rule=rule,
        )
        return
    if k == "legion":
        cap = 6 if at in world().space_kind else (8 if places.is_ship(at) else 99)
        n = max(0, min(5, game.armies[a].supply, cap - board.units(game, at, a)))
        if n:
            ctx.emit("dl.units", {"loc": at, "army": a, "n": n}, rule=rule)
            ctx.emit("dl.army", {"army": a, "set": {"supply": game.armies[a].supply - n}}, rule="INT-02")
        return
    if k == "clairvoyance":
        o = int(at.split(":")[1])
        ctx.emit(
            "dl.seen",
            {"army": o, "cards": sorted(c.split("#")[0] for c in table.zone(at))},
            rule=rule,
            vis=[seat],
        )
        return
    target = at if k == "elemental" else caster.loc
    victim = enemy_at(game, target, a)
    if victim < 0:
        return
    data = {
        "card": card,
        "kind": k,
        "target": target,
        "victim": victim,
        "caster_army": a,
        "caster_loc": caster.loc,
    }
    # Reflect: the victim may answer with Reflect if a spellcaster of its own stands in the target
    # place (DL:3.4/scrolls.reflect). The question goes to every victim with a chip-bearer there and
    # a scroll card in hand, so it tells the others nothing about which cards those are.
    if (
        board.heroes_at(game, target, victim)
        and table.zone(places.hand(victim))
        and not _shielded(game, caster.loc, a)
    ):
        opts = (
            ["reflect"]
            if "reflect" in in_hand(table, victim) and board.caster_at(game, target, victim)
            else []
        )
        return decisions.ask(
            ctx,
            table,
            victim,
            "reflect",
            RULE["reflect"],
            [*opts, "no_reflect"],
            "reflect",
            data,
            loc=target,
            always=True,
        )
    _strike(ctx, table, data)


@decisions.then("reflect")
def reflect_answer(ctx, table, pick, q) -> None:
    game = table.game
    d = dict(q.data)
    if pick == "reflect":
        discard(ctx, table, d["victim"], "reflect", RULE["reflect"])
        ctx.emit(
            "dl.scroll",
            {"card": d["card"], "reflected": True, "back_at": d["caster_loc"]},
            rule=RULE["reflect"],
        )
        d["victim"], d["target"] = d["caster_army"], d["caster_loc"]
        d["caster_army"] = q.army if game.armies[q.army].alive else -1
    _strike(ctx, table, d)


def _strike(ctx, table, d) -> None:
    game = table.game
    if _shielded(game, d["target"], d["victim"]):
        ctx.emit(
            "dl.scroll",
            {"card": d["card"], "at": d["target"], "effect": "none: Invincible Shield"},
            rule="DL:3.3/treasures",
        )
        return
    effect(ctx, table, d["kind"], d["card"], d["target"], d["victim"], d["caster_army"])


def _shielded(game, loc, army) -> bool:
    return "invincible_shield" in battle.magic(game, loc, army).treasures


def effect(ctx, table, k, card, loc, victim, caster_army) -> None:
    game = table.game
    rule = RULE[k]
    n_there = battle.side_units(game, loc, victim)
    if k == "elemental":
        n = ctx.roll(D12, 1, rule=rule)[0]
    elif k == "berserk":
        hs = [game.heroes[h] for h in battle.side_heroes(game, loc, victim)]
        if any(x.role == "king" or board.knows(x, 1) for x in hs):
            ctx.emit(
                "dl.scroll",
                {"card": card, "at": loc, "effect": "none: led by a King or a Heal caster"},
                rule="DL:3.4/king",
            )
            return
        faces = ctx.roll(D6, n_there, rule=rule) if n_there else []
        base = board.base_attack(game, victim)
        n = sum(1 for f in faces if f <= base)
    else:
        protect = {"inferno": {"dragon_shield", "ring_of_fire"}, "tempest": {"trident"}}[k]
        have = protect & set(battle.magic(game, loc, victim).treasures)
        both = k == "inferno" and table.options.get("inferno_protection", "either") == "both"
        if have and (not both or have == protect):
            ctx.emit("dl.scroll", {"card": card, "at": loc, "effect": "none: protected"}, rule="INT-05")
            return
        n = ctx.roll(D8, 1, rule=rule)[0]
    ctx.emit(
        "dl.scroll",
        {"card": card, "at": loc, "victim": victim, "roll": n, "lose": min(n, n_there)},
        rule=rule,
    )
    decisions.lose(ctx, table, loc, victim, min(n, n_there), caster_army, rule, card, "scroll_done")


@decisions.then("scroll_done")
def scroll_done(ctx, table, pick, q) -> None:
    """After the scroll's losses: a battle with one side left ends (DL:3.4/general)."""
    game = table.game
    if game.battle is not None and not (
        battle.side_units(game, game.battle.loc, game.battle.attacker)
        and battle.side_units(game, game.battle.loc, game.battle.defender)
    ):
        battle.end_battle(ctx, table)
    else:
        check_victory(ctx, table)
