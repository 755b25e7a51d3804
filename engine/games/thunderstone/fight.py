"""The dungeon action after preparation: target, battle, spoils, trash, refill, traps,
breaches (TRN-D3..D4, AUTO-BATTLE, AUTO-SPOILS, AUTO-TRASH, AUTO-STR0)."""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone import figurines
from engine.games.thunderstone.battle import (
    assess,
    barring,
    bars_parties,
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
from engine.games.thunderstone.card_classes import matches_class
from engine.games.thunderstone.choices import settle
from engine.games.thunderstone.content import acting, card, is_monster, kind_of, text_rule, value
from engine.games.thunderstone.endturn import end_turn
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    board,
    board_zones,
    deck,
    defense_rule,
    disc,
    dungeon,
    hand,
    monsters_on_board,
    play,
    position_of,
    stack,
    top_of,
    tres,
    village_stacks,
    zone_holding,
)
from engine.games.thunderstone.solo import buyable
from engine.games.thunderstone.vocabulary import TARGET_LEAVES
from engine.mechanics import zones


def legal_targets(table, s: int, cards: list[str] | None = None, b: str | None = None) -> list[str]:
    """Monsters on position 0 and positions 1-3 of the dungeon entered (b) that the whole party
    is not prevented from attacking (CMD-TARGET)."""
    cards = list(table.zone(play(s))) if cards is None else cards
    b = table.game.t.board if b is None else b
    zones_ = table.zones
    return [
        m
        for _, z in board_zones(table, b)
        for m in zones_[z].cards
        if is_monster(m) and not (barring(m) and party_prevented(table, cards, m))
    ]


def has_legal_target(table, s: int, cards: list[str], b: str) -> bool:
    """Whether `legal_targets(t, s, cards, b)` is not empty, stopping at the first target."""
    zones_ = table.zones
    for _, z in board_zones(table, b):
        for m in zones_[z].cards:
            if is_monster(m) and not (barring(m) and party_prevented(table, cards, m)):
                return True
    return False


def kept_whatever_is_used(table, targets: list[str]) -> bool:
    """Whether one of the legal targets has no trait that bars a party (`bars_parties`): then
    every preparation step keeps a target, and `keeps_a_target` need not be asked per command."""
    return any(not bars_parties(table, m) for m in targets)


def keeps_a_target(table, s: int, cmd: dict[str, Any]) -> bool:
    """A25: a preparation step may not leave the party without any legal target."""
    gone = cmd.get("target") if card(cmd["card"]).abilities[cmd["ability"]].do in TARGET_LEAVES else None
    cards = [c for c in table.zone(play(s)) if c != gone]
    kind = card(cmd["card"]).kind
    return any(
        not party_prevented(table, cards, m, kind) for _, m in monsters_on_board(table, table.game.t.board)
    )


def attack(ctx, table, s: int, target: str) -> None:
    ctx.emit("ts.target", {"monster": target, "position": position_of(table, target)}, "TRN-D3")
    entries: list[dict[str, Any]] = [
        {"what": "reduce", "card": d, "rule": "BAT-5"} for d in table.zone(play(s)) if kind_of(d) == "disease"
    ]
    effects = acting("battle")(target)
    glob = acting("global")
    if any(
        a.do == "battle_twice"
        for p, g in board(table)
        if p == 0  # a card lies in one zone only
        for a in glob(g)
    ):
        effects = effects + effects  # Guardian of Torment at position 0
    for a in effects:
        if ignored(ctx, table, s, target, a.do):
            continue
        entries += battle_effect(ctx, table, s, target, a)
    ctx.emit("ts.step", {"step": "battle"}, "TRN-D4")
    if entries:
        ctx.emit("ts.pending", {"entries": entries}, "AUTO-BATTLE")
    proceed(ctx, table)


def ignored(ctx, table, s: int, target: str, do: str) -> bool:
    """Rubindrache: a seat's treasure is destroyed to ignore one battle effect aimed at it, also in
    another player's turn (p.21; used automatically on the first such effect)."""
    if not table.zone(tres(s)):  # no treasure at all: nothing to destroy
        return False
    ruby = next((c for c in table.zone(tres(s)) if card(c).has("treasure", "ignore_battle")), None)
    if ruby is None:
        return False
    destroy(ctx, table, tres(s), ruby, "AUTO-TREASURE")
    ctx.emit("ts.ignored", {"seat": s, "treasure": ruby, "effect": do, "monster": target}, "AUTO-TREASURE")
    return True


def battle_effect(ctx, table, s: int, target: str, a) -> list[dict[str, Any]]:
    """One BATTLE effect (AUTO-BATTLE): diseases at once, destructions as choices (A19: the active
    player chooses among the cards that fit; forced choices are taken without asking)."""
    laid = table.zone(play(s))
    doom = {"what": "doom", "source": target, "rule": "AUTO-BATTLE"}
    if a.do == "disease":
        for _ in range(a.n):
            gain_disease(ctx, table, s, "AUTO-BATTLE")
    elif a.do in ("disease_all", "disease_others"):
        for o in range(table.players):
            if o != s and ignored(ctx, table, o, target, a.do):  # another seat's Rubindrache
                continue
            if o != s or a.do == "disease_all":
                for _ in range(a.n):
                    gain_disease(ctx, table, o, "AUTO-BATTLE")
    elif a.do == "strength_minus":
        ctx.emit("ts.weakened", {"by": target, "n": a.n, **({"attack": a.m} if a.m else {})}, "AUTO-BATTLE")
    elif a.do == "destroy_any":
        return [dict(doom)]
    elif a.do == "destroy_all_class":
        classes = a.what.split(",")
        n = sum(1 for c in laid if matches_class(table, c, classes))
        return [{**doom, "test": "class", "classes": classes}] * n
    elif a.do == "destroy_weakest":
        return [{**doom, "test": "weakest"}] * a.n
    elif a.do == "destroy_hero_max_str":
        return [{**doom, "test": "max_str", "max": a.m}] * a.n
    elif a.do == "destroy_lightest_weapon":
        return [{**doom, "test": "lightest"}]
    elif a.do == "destroy_all_but":
        n = sum(1 for c in laid if card(c).kind == a.what) - a.n
        return [{**doom, "test": "all_but", "kind": a.what, "keep": a.n}] * max(0, n)
    elif a.do == "hero_pair":
        hero_pair(ctx, table, s, target)
    elif a.do == "ban_hero":
        return [{"what": "ban", "source": target, "rule": "AUTO-BATTLE"}]
    elif a.do == "destroy_weapon":
        return [{**doom, "test": "weapon"}]
    elif a.do == "destroy_class":  # n = 1: before the attack is totalled (Medusa)
        return [{**doom, "test": "class", "classes": a.what.split(","), **({"at_once": True} if a.n else {})}]
    elif a.do == "destroy_village_card":
        return [{**doom, "test": "village"}]
    elif a.do == "destroy_per_disease":
        return [dict(doom)] * sum(1 for c in laid if card(c).kind == "disease")
    return []


def hero_pair(ctx, table, s: int, target: str) -> None:
    """Hydra: every player shows 2 heroes (or all of fewer) and destroys the stronger; reading:
    each shows his two weakest by printed strength; the active seat's come from the laid-out cards."""
    for o in range(table.players):
        src = play(s) if o == s else hand(o)
        hs = sorted(
            (c for c in table.zone(src) if card(c).kind == "hero" and c not in table.game.t.doomed),
            key=lambda c: (card(c).strength, table.zone(src).index(c)),
        )[:2]
        if not hs:
            continue
        victim = hs[-1]
        if o == s:
            ctx.emit("ts.doomed", {"card": victim, "by": target}, "AUTO-BATTLE")
        else:
            destroy(ctx, table, src, victim, "AUTO-BATTLE")


def proceed(ctx, table) -> None:
    """Run the turn on until the active seat must choose again."""
    settle(ctx, table)
    tt = table.game.t
    if table.over or tt.pending:
        return
    if tt.step == "battle":
        resolve(ctx, table)
    elif tt.step == "after":
        wrap_up(ctx, table)
    elif tt.step == "rest":
        end_turn(ctx, table)


def resolve(ctx, table) -> None:
    """D4c-d: compare total attack with health; the monster goes to the discard pile or under the deck."""
    s, tt = table.game.active, table.game.t
    target = tt.target
    result = assess(table, s, target)
    p, where = result["position"], zone_holding(table, target)
    ctx.emit("ts.battle", {**result, "won": result["win"]}, "BAT-8")
    k = value(table, target)
    stays = k.kind == "guardian" or k.has("trait", "only_by_defeat")
    if result["win"]:
        zones.move(ctx, where, disc(s), [target], "TRN-D4", seat=s)
        change_xp(ctx, table, s, k.xp, "XP-1")
        after_defeat(ctx, table, s, target)
    elif not stays and table.game.variant:
        zones.move(ctx, where, "score:village", [target], defense_rule(table))
    elif not stays:
        zones.move(ctx, where, dungeon(tt.board), [target], "TRN-D4", to="bottom")
    left = p if (result["win"] or not stays) else -1
    ctx.emit("ts.gap", {"position": left, "defeated": result["win"]}, "AUTO-REFILL")
    sources = spoils_sources(table, s, target) if result["win"] else []
    if sources:
        gold = sum(gold_of(table, c) for c in table.zone(play(s)) if c not in tt.doomed)
        ctx.emit("ts.spoils", {"sources": sources, "gold": gold}, "AUTO-SPOILS")
        ctx.emit("ts.step", {"step": "spoils"}, "AUTO-SPOILS")
        if spoils_commands(table, s):
            return
    after_spoils(ctx, table)


def spoils_sources(table, s: int, monster: str) -> list[str]:
    """The defeated monster and every hero that attacked (AUTO-SPOILS)."""
    out = [monster] if card(monster).has("spoils", "buy") else []
    return out + [
        h
        for h in heroes(table.zone(play(s)))
        if card(h).has("spoils", "buy") and not can_attack(table, h, table.game.t.target)
    ]


def after_defeat(ctx, table, s: int, monster: str) -> None:
    """A won battle: global effects on a defeat (Plaguebearer), then the spoils that need no
    choice, of the monster and of every hero that attacked (AUTO-SPOILS)."""
    glob = acting("global")
    for _, m in board(table):
        for a in glob(m):
            if a.do == "disease_on_defeat" and m != monster:
                for o in range(table.players):
                    for _ in range(a.n):
                        gain_disease(ctx, table, o, "AUTO-GLOBAL")
    set_aside(ctx, table, s, monster)
    figurines.on_defeat(ctx, table, s, monster)
    sources = [monster] + [h for h in heroes(table.zone(play(s))) if not can_attack(table, h, monster)]
    for src in sources:
        for a in acting("spoils")(src):
            if a.do == "gain_xp":
                change_xp(ctx, table, s, a.n, "AUTO-SPOILS")
            elif a.do == "keep_aside":
                kept = [c for c in table.zone(play(s)) if a.what in card(c).keywords]
                if kept:
                    ctx.emit("ts.kept", {"cards": kept, "source": src}, "AUTO-SPOILS")
            elif a.do == "steal_monsters":
                steal_monsters(ctx, table, s, a.n, a.m)


def set_aside(ctx, table, s: int, monster: str) -> None:
    """Smaragddrache (p.21; Sapphire Dragon): a monster defeated is set aside with it, out of the
    deck, until the game ends, when both count as owned (reading: always, one monster per figure)."""
    figures = sum(1 for c in table.zone(tres(s)) if card(c).has("treasure", "keep_monster"))
    held = sum(1 for c in table.zone(tres(s)) if card(c).is_monster)
    if figures > held and monster in table.zone(disc(s)):
        zones.move(ctx, disc(s), tres(s), [monster], "AUTO-TREASURE")


def steal_monsters(ctx, table, s: int, n: int, vp: int) -> None:
    """Inferno (p.21): every other player reveals his top n deck cards; monsters of at most `vp`
    VP go to the active player's discard pile, the other revealed cards back on his deck."""
    for o in range(table.players):
        if o == s:
            continue
        shown = zones.draw(ctx, deck(o), disc(o), f"reveal{o}", n, "AUTO-SPOILS", reshuffle_rule="AUTO-DRAW")
        taken = [c for c in shown if card(c).is_monster and value(table, c).vp <= vp]
        if taken:
            zones.move(ctx, f"reveal{o}", disc(s), taken, "AUTO-SPOILS", seat=s)
        back = [c for c in shown if c not in taken]
        if back:
            zones.move(ctx, f"reveal{o}", deck(o), back, "AUTO-SPOILS")


def spoils_commands(table, s: int) -> list[dict[str, Any]]:
    tt = table.game.t
    out = []
    for src in tt.spoils:
        want = card(src).has("spoils").what
        for name in village_stacks(table):
            top = top_of(table, name)
            if (
                top
                and value(table, top).price <= tt.spoils_gold
                and buyable(table, top)
                and (card(top).kind == want or want in card(top).keywords)
            ):
                out.append({"kind": "spoils", "source": src, "stack": name})
    return out


def take_spoils(ctx, table, s: int, src: str, stack_name: str) -> None:
    got = zones.gain(ctx, stack(stack_name), disc(s), "AUTO-SPOILS")
    ctx.emit("ts.spoiled", {"source": src, "stack": stack_name, "card": got}, "AUTO-SPOILS")
    if not spoils_commands(table, s):
        after_spoils(ctx, table)


def after_spoils(ctx, table) -> None:
    """End-of-battle choices: Verdorbene Speise's victim, Feaynischer Sumpf (CMP-8)."""
    tt = table.game.t
    entries = [{"what": "kill", "source": "all_heroes", "rule": "CMP-5"}] * tt.kill_attacker
    if table.game.scenario == "Feaynischer Sumpf" and tt.won:
        entries.append({"what": "sumpf", "rule": "CMP-8"})
    ctx.emit("ts.step", {"step": "after"}, "TRN-D4")
    if entries:
        ctx.emit("ts.pending", {"entries": entries}, "TRN-D4")
    proceed(ctx, table)


def wrap_up(ctx, table) -> None:
    """D4f trash, D4g refill (traps inside), D4i breaches, then D5."""
    s, tt = table.game.active, table.game.t
    laid = table.zone(play(s))
    zero = [h for h in heroes(laid) if strength(table, h) == 0 and h not in tt.doomed]
    for h in zero:
        ctx.emit("ts.doomed", {"card": h, "by": "strength 0"}, "AUTO-STR0")
    for c in list(tt.doomed):
        if c not in table.zone(play(s)):
            continue
        shield = next((w for w in tt.equip.get(c, []) if card(w).has("static", "protect")), None)
        if shield:
            zones.move(ctx, play(s), disc(s), [c], text_rule(shield), protected_by=shield)
        else:
            destroy(ctx, table, play(s), c, "AUTO-STR0" if c in zero else "AUTO-TRASH")
    if tt.gap > 0:
        close_gap(ctx, table, tt.gap, tt.target, capture=tt.won and tt.gap == 1, b=tt.board)
    if not table.over:
        apply_breaches(ctx, table)
    if not table.over:
        end_turn(ctx, table)
