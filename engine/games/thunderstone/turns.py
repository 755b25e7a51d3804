"""Command handlers: the turn (TRN-0), village (TRN-V*), leveling (LVL-*), rest (TRN-R*),
dungeon preparation (TRN-D1..D3), treasures, and the end of the turn (TRN-E)."""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone import coop, experience, fight
from engine.games.thunderstone.battle import heroes, strength, weapon_slots
from engine.games.thunderstone.board import destroy
from engine.games.thunderstone.choices import take
from engine.games.thunderstone.content import ById, card, is_monster, kind_of, level_of, value, values
from engine.games.thunderstone.endturn import end_turn
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    deck,
    disc,
    hand,
    play,
    stack,
    stack_cards,
    tres,
    village_stacks,
    village_zones,
)
from engine.games.thunderstone.vocabulary import effect_commands, run_effect
from engine.mechanics import zones
from engine.mechanics.per_state import per_state


def lay_out(ctx, table, s: int, rule: str) -> None:
    zones.move(ctx, hand(s), play(s), list(table.zone(hand(s))), rule)


def on_action(ctx, table, ev) -> None:
    s, action = ev.actor, ev.data["action"]
    if action == "rest":
        ctx.emit("ts.step", {"step": "rest"}, "TRN-R1")
        return
    if action == "village":
        lay_out(ctx, table, s, "TRN-V1")
        ctx.emit("ts.step", {"step": "village"}, "TRN-V2")
        if not village_choices(table, s):
            total_gold(ctx, table, s)
        return
    lay_out(ctx, table, s, "TRN-D1")
    ctx.emit("ts.step", {"step": "prep"}, "TRN-D2")


def on_use(ctx, table, ev) -> None:
    s, cmd = ev.actor, ev.data
    mods = run_effect(ctx, table, s, cmd)
    rule = "TRN-V2" if table.game.t.step == "village" else "TRN-D2"
    ctx.emit(
        "ts.used",
        {
            "card": cmd["card"],
            "ability": cmd["ability"],
            "do": card(cmd["card"]).abilities[cmd["ability"]].do,
            **mods,
        },
        rule,
    )
    fight.proceed(ctx, table)
    if table.game.t.step == "village" and not table.game.t.pending and not village_choices(table, s):
        total_gold(ctx, table, s)


def village_choices(table, s: int) -> list[dict[str, Any]]:
    """What step 2 of a village visit still offers besides `done` (TRN-V2, VAR-C)."""
    return effect_commands(table, s, "village") + coop.offer_commands(table, s)


def on_done(ctx, table, ev) -> None:
    s, step = ev.actor, table.game.t.step
    if step == "village":
        total_gold(ctx, table, s)
    elif step in ("level", "prep"):  # prep: no legal target is left, so no battle (TRN-D3)
        end_turn(ctx, table)


def total_gold(ctx, table, s: int) -> None:
    """TRN-V3: printed gold of laid-out, not destroyed cards plus produced gold."""
    laid = table.zone(play(s))
    look, barrow = values(table), table.game.scenario == "Barrowsdale"
    printed = {}
    for c in laid:  # gold_of of each card with printed gold, the card read once
        if card(c).gold is not None:
            k = look(c)
            printed[c] = 0 if k.gold is None or (barrow and is_monster(c)) else k.gold
    total = sum(printed.values()) + table.game.t.gold
    ctx.emit("ts.gold", {"total": total, "printed": printed, "produced": table.game.t.gold}, "TRN-V3")
    ctx.emit("ts.step", {"step": "buy"}, "TRN-V4")
    if not buy_commands(table, s):
        to_level_step(ctx, table, s)


@per_state
def buy_commands(table, s: int) -> list[dict[str, Any]]:
    """TRN-V4: the village stacks whose top card the seat can pay now. The list is shared
    with the next call at the same table version: the caller must not change it."""
    return _buy_commands(table)


def _buy_commands(table) -> list[dict[str, Any]]:
    if table.game.t.bought > table.game.t.buys:
        return []
    gold, zones_ = table.game.t.total_gold - table.game.t.spent, table.zones
    returning = table.game.returning  # solo.buyable, read once (VAR-S-R2)
    look = values(table)
    out = []
    for key, n in village_zones(table):
        cards = zones_[key].cards
        if cards:
            k = look(cards[0])
            if (
                k.kind != "disease"
                and k.price <= gold
                and not (returning and k.group == "hero" and k.level != 1)
            ):
                out.append({"kind": "buy", "stack": n})
    return out


def on_buy(ctx, table, ev) -> None:
    s, name = ev.actor, ev.data["stack"]
    got = zones.gain(ctx, stack(name), disc(s), "TRN-V4")
    assert got is not None, name  # a stack is bought from only while it holds a card
    left = table.game.t.total_gold - table.game.t.spent
    ctx.emit(
        "ts.bought",
        {
            "card": got,
            "stack": name,
            "price": value(table, got).price,
            "gold": left,
            "forfeited": left - value(table, got).price,
        },
        "TRN-V4",
    )
    if not buy_commands(table, s):  # an extra buy (Stadtfuehrer) keeps the buy step open
        to_level_step(ctx, table, s)


def to_level_step(ctx, table, s: int) -> None:
    ctx.emit("ts.step", {"step": "level"}, "TRN-V5")
    if not level_commands(table, s):
        end_turn(ctx, table)


def level_commands(table, s: int) -> list[dict[str, Any]]:
    """LVL-1..4: heroes laid out from hand, paid with XP, into a card the stack still holds."""
    xp, out = experience.xp(table, s), []
    firsts = None  # the stacks holding a level-1 hero, found once per call
    for h in heroes(table.zone(play(s))):
        k = card(h)
        if not k.xp_cost or xp < k.xp_cost:
            continue
        if k.stack == "Miliz":
            if firsts is None:
                firsts = [
                    n for n in village_stacks(table) if any(map(_level_one_hero, stack_cards(table, n)))
                ]
            out += [{"kind": "level", "card": h, "stack": name} for name in firsts]
        elif k.level + 1 in map(level_of, stack_cards(table, k.stack)):
            out.append({"kind": "level", "card": h})
    return dedupe(out)


_level_one_hero = ById(lambda k: k.group == "hero" and k.level == 1).__getitem__


def dedupe(cmds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Identical cards give identical choices: keep the first card of each name."""
    seen, out = set(), []
    for c in cmds:
        key = tuple(sorted((k, zones.card_name(v) if k == "card" else v) for k, v in c.items()))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def on_level(ctx, table, ev) -> None:
    s, h = ev.actor, ev.data["card"]
    k = card(h)
    name = ev.data.get("stack", k.stack)
    level = 1 if k.stack == "Miliz" else k.level + 1
    new = next(c for c in table.zone(stack(name)) if card(c).level == level)
    rule = "LVL-4" if k.stack == "Miliz" else "LVL-1"
    change_xp(ctx, table, s, -k.xp_cost, rule)
    destroy(ctx, table, play(s), h, "LVL-6")
    zones.move(ctx, stack(name), disc(s), [new], "LVL-6")
    ctx.emit("ts.leveled", {"old": h, "new": new, "xp": k.xp_cost}, rule)
    if not level_commands(table, s):
        end_turn(ctx, table)


def on_destroy(ctx, table, ev) -> None:
    """TRN-R1: the resting player chooses to destroy a hand card; which one is the next choice."""
    ctx.emit(
        "ts.pending", {"entries": [{"what": "rest", "rule": "TRN-R1"}, *passes(table, ev.actor)]}, "TRN-R1"
    )
    fight.proceed(ctx, table)


def passes(table, s: int) -> list[dict[str, Any]]:
    return coop.passing_entries(table, s) if table.game.coop else []


def on_offer(ctx, table, ev) -> None:
    coop.offer(ctx, table, ev.actor, ev.data["card"])
    if not village_choices(table, ev.actor):
        total_gold(ctx, table, ev.actor)


def on_pass(ctx, table, ev) -> None:
    step = table.game.t.step
    if step == "rest":
        if passes(table, ev.actor):
            ctx.emit("ts.pending", {"entries": passes(table, ev.actor)}, "VAR-C")
        fight.proceed(ctx, table)
    elif step == "buy":
        to_level_step(ctx, table, ev.actor)
    elif step == "spoils":
        fight.after_spoils(ctx, table)


def equip_commands(table, s: int) -> list[dict[str, Any]]:
    """BAT-2: a free weapon to a hero with a free slot and strength >= its weight."""
    laid, equip = table.zone(play(s)), table.game.t.equip
    free = [w for w in laid if kind_of(w) == "weapon"]  # in laid-out order
    if free and equip:  # without the weapons already taken
        taken = {w for ws in equip.values() for w in ws}
        free = [w for w in free if w not in taken]
    if not free:
        return []
    out = []
    for h in heroes(laid):
        carries = equip.get(h)
        if carries and len(carries) >= weapon_slots(table, h):  # a free hand has a free slot
            continue
        st = strength(table, h)  # once per hero, not per weapon
        for w in free:
            if card(w).weight <= st:
                out.append({"kind": "equip", "weapon": w, "hero": h})
    return out


def on_equip(ctx, table, ev) -> None:
    ctx.emit("ts.equipped", {"weapon": ev.data["weapon"], "hero": ev.data["hero"]}, "BAT-2")


def on_attack(ctx, table, ev) -> None:
    fight.attack(ctx, table, ev.actor, ev.data["monster"])


def on_choose(ctx, table, ev) -> None:
    take(ctx, table, table.game.t.pending[0], ev.data["option"])
    fight.proceed(ctx, table)


def on_spoils(ctx, table, ev) -> None:
    fight.take_spoils(ctx, table, ev.actor, ev.data["source"], ev.data["stack"])


def on_treasure(ctx, table, ev) -> None:
    """AUTO-TREASURE: destroy a treasure in front of you to use it."""
    s, c = ev.actor, ev.data["card"]
    destroy(ctx, table, tres(s), c, "AUTO-TREASURE")
    for a in card(c).all("treasure"):
        if a.do == "draw":
            zones.draw(ctx, deck(s), disc(s), hand(s), a.n, "AUTO-TREASURE", reshuffle_rule="AUTO-DRAW")
        elif a.do == "gain_xp":
            change_xp(ctx, table, s, a.n, "AUTO-TREASURE")
        elif a.do == "xp_per_card" and table.zone(hand(s)):
            # Ivory Dragon: any number of hand cards, chosen one by one until 'done', n XP each
            ctx.emit(
                "ts.pending",
                {
                    "entries": [{"what": "ivory", "rule": "AUTO-TREASURE", "source": c, "n": a.n}],
                    "front": True,
                },
                "AUTO-TREASURE",
            )


HANDLERS = [
    ("cmd.action", on_action),
    ("cmd.use", on_use),
    ("cmd.done", on_done),
    ("cmd.buy", on_buy),
    ("cmd.pass", on_pass),
    ("cmd.level", on_level),
    ("cmd.destroy", on_destroy),
    ("cmd.equip", on_equip),
    ("cmd.attack", on_attack),
    ("cmd.choose", on_choose),
    ("cmd.spoils", on_spoils),
    ("cmd.treasure", on_treasure),
    ("cmd.offer", on_offer),
]
