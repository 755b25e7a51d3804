"""Choices inside a step (`ts.pending` entries), answered one at a time with `choose`.

Options are derived from the current state when asked, so a choice made earlier is already
seen by the next one; an entry with no option is skipped (A45), one with a single option is
taken without asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.thunderstone import coop, figurines
from engine.games.thunderstone.battle import assess, can_attack, heroes, party_prevented, strength
from engine.games.thunderstone.board import arrived_at_one, destroy
from engine.games.thunderstone.card_classes import matches_class
from engine.games.thunderstone.content import card
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    deck,
    dungeon,
    hand,
    look,
    monsters_on_board,
    play,
    position_of,
    zone_holding,
)
from engine.games.thunderstone.vocabulary import draw_into_play, swappable, used_any
from engine.mechanics import zones
from engine.mechanics.per_state import per_state

# An answer: a card id or a word, or the slot number (int) of a hidden card ("order", "pass_card").
Option = str | int


@per_state
def options(table, e: dict[str, Any]) -> Sequence[Option]:
    """The answers to the pending choice `e` now. The list is shared with the next call at the
    same table version: the caller must not change it."""
    s, tt, what = table.game.active, table.game.t, e["what"]
    laid = table.zone(play(s))
    if what == "reduce":
        partial = assess(
            table, s, tt.target, [c for c in laid if card(c).kind != "disease" or c in tt.reductions]
        )
        return [v for v, n in (("attack", partial["attack"]), ("magic", partial["magic"])) if n >= 1]
    if what == "doom":
        test = e.get("test", "")
        pool = [c for c in laid if c not in tt.doomed]
        if test == "weapon":
            return [c for c in pool if card(c).kind == "weapon"]
        if test == "class":
            return [c for c in pool if matches_class(table, c, e["classes"])]
        if test == "village":  # the one with the highest gold value (Rasende Flamme)
            vill = [c for c in pool if card(c).is_village_card]
            top = max((card(c).gold or 0 for c in vill), default=0)
            return [c for c in vill if (card(c).gold or 0) == top]
        if test in ("weakest", "max_str", "all_but", "lightest"):
            return ranked(table, pool, e)
        return [c for c in pool if card(c).kind != "disease"]
    if what == "ban":
        return [h for h in heroes(laid) if h not in tt.banned]
    if what == "kill":
        return [h for h in heroes(laid) if not can_attack(table, h, tt.target) and h not in tt.doomed]
    if what == "sumpf":
        return [c for c in laid if c not in tt.doomed]
    if what == "swap":
        seen = table.zone(look(s))
        if not (seen and card(seen[0]).kind == "monster"):
            return ["none"]

        def attackable(m: str) -> bool:
            return not party_prevented(table, laid, m)

        # A25: never swap the party's last legal target for one it may not attack
        return ["none"] + [
            x
            for x in swappable(table)
            if attackable(seen[0])
            or any(attackable(m) for _, m in monsters_on_board(table, tt.board) if m != x)
        ]
    if what == "order":  # a slot of the looked-at cards: decisions are public, the cards are not
        return list(range(len(table.zone(look(s)))))
    if what == "pass_card":  # hidden hand cards are named by their slot, never their id
        return ["keep", *range(len(table.zone(hand(s))))]
    if what == "give_back":
        return sorted({zones.card_name(c) for c in table.zone(hand(e["seat"]))})
    if what == "rest":
        return sorted({zones.card_name(c) for c in table.zone(hand(s))})  # by name: hand ids stay hidden
    if what == "return":
        return [c for c in laid if c != e["source"] and not used_any(table, c)]
    if what == "hide":  # Emerald Dragon: 'keep' declines
        return ["keep", *figurines.hide_options(table, s)]
    if what == "ivory":  # Ivory Dragon: hand cards by name, one at a time, until 'done'
        return ["done", *sorted({zones.card_name(c) for c in table.zone(hand(s))})]
    raise ValueError(f"unknown choice {what!r}")


def ranked(table, pool: list[str], e: dict[str, Any]) -> list[str]:
    """Battle effects that pick by strength or weight (Riesen): the weakest hero, heroes up to a
    strength, the lightest weapon, everything but the strongest/heaviest `keep`."""
    test = e["test"]
    if test == "lightest":
        ws = [c for c in pool if card(c).kind == "weapon"]
        low = min((card(c).weight for c in ws), default=0)
        return [c for c in ws if card(c).weight == low]
    kind = e.get("kind", "hero")
    group = [c for c in pool if card(c).kind == kind]
    value = (lambda c: card(c).weight) if kind == "weapon" else (lambda c: strength(table, c))
    if test == "weakest":
        low = min((value(c) for c in group), default=0)
        return [c for c in group if value(c) == low]
    if test == "max_str":
        return [c for c in group if value(c) <= e["max"]]
    vals = sorted((value(c) for c in group), reverse=True)
    if len(vals) <= e["keep"]:
        return []
    return [c for c in group if value(c) <= vals[e["keep"]]]


def settle(ctx, table) -> None:
    """Take forced choices and drop empty ones until a real choice waits or none is left."""
    while table.game.t.pending and not table.over:
        e = table.game.t.pending[0]
        opts = options(table, e)
        if len(opts) > 1:
            return
        take(ctx, table, e, opts[0] if opts else None)


def take(ctx, table, e: dict[str, Any], option: Any) -> None:
    """Answer the first pending choice (option None: nothing to choose, A45)."""
    s, what, rule = table.game.active, e["what"], e["rule"]
    ctx.emit(
        "ts.chose", {"what": what, "option": option, "source": e.get("source")}, rule, actor=e.get("seat", s)
    )
    if what == "give_back":
        coop.give_back(ctx, table, e["seat"], e["to"], option)
    if option is None:
        return
    if what == "reduce":
        ctx.emit("ts.reduced", {"disease": e["card"], "to": option}, rule)
    elif what in ("doom", "kill", "sumpf"):
        ctx.emit("ts.doomed", {"card": option, "by": e.get("source")}, rule)
        if e.get("at_once") and card(option).kind == "hero" and option not in table.game.t.banned:
            # destroyed before the attack is totalled (Medusa): it adds nothing to this battle
            ctx.emit("ts.banned", {"hero": option, "by": e.get("source")}, rule)
    elif what == "ban":
        ctx.emit("ts.banned", {"hero": option, "by": e.get("source")}, rule)
    elif what == "swap":
        swap(ctx, table, s, option, rule, e["source"])
        draw_into_play(ctx, table, s, card(e["source"]).has("dungeon", "swap_top").n, rule)
    elif what == "order":
        zones.move(ctx, look(s), dungeon(table.game.t.board), [table.zone(look(s))[option]], rule)
    elif what == "return":
        zones.move(ctx, play(s), deck(s), [option], rule)
    elif what == "pass_card" and option != "keep":
        coop.pass_card(ctx, table, s, e["to"], option)
    elif what == "rest":
        destroy(
            ctx, table, hand(s), next(c for c in table.zone(hand(s)) if zones.card_name(c) == option), rule
        )
    elif what == "hide" and option != "keep":
        figurines.hide(ctx, table, s, e["source"], option)
    elif what == "ivory" and option != "done":
        destroy(
            ctx, table, hand(s), next(c for c in table.zone(hand(s)) if zones.card_name(c) == option), rule
        )
        change_xp(ctx, table, s, e["n"], rule)
        if table.zone(hand(s)):  # any number: ask again, before any choice already waiting
            ctx.emit("ts.pending", {"entries": [dict(e)], "front": True}, rule)


def swap(ctx, table, s: int, option: str, rule: str, source: str) -> None:
    """Gestaltwandlung: the looked-at monster takes the chosen one's place, which goes on the deck."""
    seen, b = table.zone(look(s))[0], table.game.t.board
    if option == "none":
        zones.move(ctx, look(s), dungeon(b), [seen], rule)
        return
    p, where = position_of(table, option), zone_holding(table, option)
    zones.move(ctx, where, dungeon(b), [option], rule)
    zones.move(ctx, look(s), where, [seen], rule)
    if p == 1:
        arrived_at_one(
            ctx, table, seen, {"swap_by": source, "turn": table.game.turn, "replaced": option}, b=b
        )
