"""The dungeon action after preparation: target, battle, spoils, trash, refill, traps,
breaches (TRN-D3..D4, AUTO-BATTLE, AUTO-SPOILS, AUTO-TRASH, AUTO-STR0)."""
from __future__ import annotations

from typing import Any

from engine.games.thunderstone.battle import (
    assess,
    can_attack,
    gold_of,
    heroes,
    party_prevented,
    strength,
)
from engine.games.thunderstone.board import (
    apply_breaches,
    close_gap,
    destroy,
    gain_disease,
)
from engine.games.thunderstone.choices import settle
from engine.games.thunderstone.content import card, text_rule
from engine.games.thunderstone.endturn import end_turn
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    defense_rule,
    disc,
    dungeon,
    monsters_on_board,
    play,
    position_of,
    stack,
    top_of,
    village_stacks,
    zone_of,
)
from engine.games.thunderstone.solo import buyable
from engine.games.thunderstone.vocabulary import TARGET_LEAVES
from engine.mechanics import zones


def legal_targets(t, s: int, cards: list[str] | None = None, b: str | None = None) -> list[str]:
    """Monsters on position 0 and positions 1-3 of the dungeon entered (b) that the whole party
    is not prevented from attacking (CMD-TARGET)."""
    cards = list(t.zone(play(s))) if cards is None else cards
    b = t.game.t.board if b is None else b
    return [m for _, m in monsters_on_board(t, b) if not party_prevented(t, cards, m)]


def has_legal_target(t, s: int, cards: list[str], b: str) -> bool:
    """Whether `legal_targets(t, s, cards, b)` is not empty, stopping at the first target."""
    return any(not party_prevented(t, cards, m) for _, m in monsters_on_board(t, b))


def keeps_a_target(t, s: int, cmd: dict[str, Any]) -> bool:
    """A25: a preparation step may not leave the party without any legal target."""
    gone = cmd.get("target") if card(cmd["card"]).abilities[cmd["ability"]].do in TARGET_LEAVES else None
    cards = [c for c in t.zone(play(s)) if c != gone]
    kind = card(cmd["card"]).kind
    return any(not party_prevented(t, cards, m, kind) for _, m in monsters_on_board(t, t.game.t.board))


def attack(ctx, t, s: int, target: str) -> None:
    ctx.emit("ts.target", {"monster": target, "position": position_of(t, target)}, "TRN-D3")
    entries: list[dict[str, Any]] = [{"what": "reduce", "card": d, "rule": "BAT-5"}
                                     for d in t.zone(play(s)) if card(d).kind == "disease"]
    for a in card(target).all("battle"):
        if a.do == "disease":
            for _ in range(a.n):
                gain_disease(ctx, t, s, "AUTO-BATTLE")
        elif a.do == "disease_all":
            for o in range(t.players):
                for _ in range(a.n):
                    gain_disease(ctx, t, o, "AUTO-BATTLE")
        elif a.do == "strength_minus":
            ctx.emit("ts.weakened", {"by": target, "n": a.n}, "AUTO-BATTLE")
        elif a.do == "ban_hero":
            entries.append({"what": "ban", "source": target, "rule": "AUTO-BATTLE"})
        elif a.do == "destroy_weapon":
            entries.append({"what": "doom", "test": "weapon", "source": target, "rule": "AUTO-BATTLE"})
        elif a.do == "destroy_class":
            entries.append({"what": "doom", "test": "class", "classes": a.what.split(","),
                            "source": target, "rule": "AUTO-BATTLE"})
        elif a.do == "destroy_village_card":
            entries.append({"what": "doom", "test": "village", "source": target, "rule": "AUTO-BATTLE"})
        elif a.do == "destroy_per_disease":
            n = sum(1 for c in t.zone(play(s)) if card(c).kind == "disease")
            entries += [{"what": "doom", "source": target, "rule": "AUTO-BATTLE"}] * n
    ctx.emit("ts.step", {"step": "battle"}, "TRN-D4")
    if entries:
        ctx.emit("ts.pending", {"entries": entries}, "AUTO-BATTLE")
    proceed(ctx, t)


def proceed(ctx, t) -> None:
    """Run the turn on until the active seat must choose again."""
    settle(ctx, t)
    tt = t.game.t
    if t.over or tt.pending:
        return
    if tt.step == "battle":
        resolve(ctx, t)
    elif tt.step == "after":
        wrap_up(ctx, t)
    elif tt.step == "rest":
        end_turn(ctx, t)


def resolve(ctx, t) -> None:
    """D4c-d: compare total attack with health; the monster goes to the discard pile or under the deck."""
    s, tt = t.game.active, t.game.t
    target = tt.target
    result = assess(t, s, target)
    p, where = result["position"], zone_of(t, target)
    ctx.emit("ts.battle", {**result, "won": result["win"]}, "BAT-8")
    k = card(target)
    stays = k.kind == "guardian" or k.has("trait", "only_by_defeat")
    if result["win"]:
        zones.move(ctx, where, disc(s), [target], "TRN-D4", seat=s)
        change_xp(ctx, t, s, k.xp, "XP-1")
    elif not stays and t.game.variant:
        zones.move(ctx, where, "score:village", [target], defense_rule(t))
    elif not stays:
        zones.move(ctx, where, dungeon(tt.board), [target], "TRN-D4", to="bottom")
    left = p if (result["win"] or not stays) else -1
    ctx.emit("ts.gap", {"position": left, "defeated": result["win"]}, "AUTO-REFILL")
    sources = spoils_sources(t, s, target) if result["win"] else []
    if sources:
        gold = sum(gold_of(t, c) for c in t.zone(play(s)) if c not in tt.doomed)
        ctx.emit("ts.spoils", {"sources": sources, "gold": gold}, "AUTO-SPOILS")
        ctx.emit("ts.step", {"step": "spoils"}, "AUTO-SPOILS")
        if spoils_commands(t, s):
            return
    after_spoils(ctx, t)


def spoils_sources(t, s: int, monster: str) -> list[str]:
    """The defeated monster and every hero that attacked (AUTO-SPOILS)."""
    out = [monster] if card(monster).has("spoils") else []
    return out + [h for h in heroes(t.zone(play(s))) if card(h).has("spoils")
                  and not can_attack(t, h, t.game.t.target)]


def spoils_commands(t, s: int) -> list[dict[str, Any]]:
    tt = t.game.t
    out = []
    for src in tt.spoils:
        want = card(src).has("spoils").what
        for name in village_stacks(t):
            top = top_of(t, name)
            if top and card(top).price <= tt.spoils_gold and buyable(t, top) and (
                    card(top).kind == want or want in card(top).keywords):
                out.append({"kind": "spoils", "source": src, "stack": name})
    return out


def take_spoils(ctx, t, s: int, src: str, stack_name: str) -> None:
    got = zones.gain(ctx, stack(stack_name), disc(s), "AUTO-SPOILS")
    ctx.emit("ts.spoiled", {"source": src, "stack": stack_name, "card": got}, "AUTO-SPOILS")
    if not spoils_commands(t, s):
        after_spoils(ctx, t)


def after_spoils(ctx, t) -> None:
    """End-of-battle choices: Verdorbene Speise's victim, Feaynischer Sumpf (CMP-8)."""
    tt = t.game.t
    entries = [{"what": "kill", "source": "all_heroes", "rule": "CMP-5"}] * tt.kill_attacker
    if t.game.scenario == "Feaynischer Sumpf" and tt.won:
        entries.append({"what": "sumpf", "rule": "CMP-8"})
    ctx.emit("ts.step", {"step": "after"}, "TRN-D4")
    if entries:
        ctx.emit("ts.pending", {"entries": entries}, "TRN-D4")
    proceed(ctx, t)


def wrap_up(ctx, t) -> None:
    """D4f trash, D4g refill (traps inside), D4i breaches, then D5."""
    s, tt = t.game.active, t.game.t
    laid = t.zone(play(s))
    zero = [h for h in heroes(laid) if strength(t, h) == 0 and h not in tt.doomed]
    for h in zero:
        ctx.emit("ts.doomed", {"card": h, "by": "strength 0"}, "AUTO-STR0")
    for c in list(tt.doomed):
        if c not in t.zone(play(s)):
            continue
        shield = next((w for w in tt.equip.get(c, []) if card(w).has("static", "protect")), None)
        if shield:
            zones.move(ctx, play(s), disc(s), [c], text_rule(shield), protected_by=shield)
        else:
            destroy(ctx, t, play(s), c, "AUTO-STR0" if c in zero else "AUTO-TRASH")
    if tt.gap > 0:
        close_gap(ctx, t, tt.gap, tt.target, capture=tt.won and tt.gap == 1, b=tt.board)
    if not t.over:
        apply_breaches(ctx, t)
    if not t.over:
        end_turn(ctx, t)
