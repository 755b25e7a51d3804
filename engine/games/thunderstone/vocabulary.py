"""The card-ability vocabulary: what each `do` of a VILLAGE or DUNGEON effect may target
(`options`) and what it does (`run`). Battle maths (`static`, `trait`) lives in battle.py;
monster BATTLE effects in fight.py; board effects (trap, breach, guardian) in board.py.

Every option is one complete, single choice, so legal_commands lists every answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.thunderstone.battle import carried, gold_of, strength
from engine.games.thunderstone.board import destroy
from engine.games.thunderstone.content import (
    Ability,
    acting_at,
    card,
    is_disease,
    is_hero,
    kind_of,
    name_of,
    text_rule,
    value,
)
from engine.games.thunderstone.experience import change_xp, xp
from engine.games.thunderstone.places import (
    deck,
    disc,
    dungeon,
    hand,
    look,
    monsters_on_board,
    play,
    stack,
    top_of,
    village_stacks,
)
from engine.mechanics import zones

Options = Callable[[Any, int, str, Ability], list[dict[str, Any]]]
Run = Callable[[Any, Any, int, str, Ability, dict[str, Any]], dict[str, Any]]


def laid(table, s: int) -> list[str]:
    return table.zone(play(s))


def one_per_name(table, cards: list[str]) -> list[str]:
    """Cards of one name in the same condition (use, equipment, bonuses) are interchangeable
    choices: offer the first of each."""
    if not cards:
        return []
    tt = table.game.t
    armed = {x for h, ws in tt.equip.items() for x in (h, *ws)}
    used = {u.split("/")[0] for u in tt.used}  # used_any of every card, read once
    seen: dict[tuple, str] = {}
    for c in cards:
        key = (name_of(c), c in used, c in armed, tt.str_mod.get(c, 0), tt.atk_mod.get(c, 0))
        seen.setdefault(key, c)
    return list(seen.values())


def used_any(table, c: str) -> bool:
    return any(u.split("/")[0] == c for u in table.game.t.used)


def draw_into_play(ctx, table, s: int, n: int, rule: str) -> list[str]:
    """Cards drawn during an action are laid out at once and are usable (TRN-V2, TRN-D2)."""
    return zones.draw(ctx, deck(s), disc(s), play(s), n, rule, reshuffle_rule="AUTO-DRAW")


def targets(kind_test: Callable[[str], bool]) -> Options:
    def opts(table, s, c, a):
        return [
            {"target": x} for x in one_per_name(table, [x for x in laid(table, s) if x != c and kind_test(x)])
        ]

    return opts


def just_once(table, s, c, a):
    return [{}]


# -- run functions: do the deed, return the modifiers recorded in the `ts.used` event ----------
def run_gold(ctx, table, s, c, a, p):
    return {"gold": a.n}


def run_destroy_disease_gold(ctx, table, s, c, a, p):
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    return {"gold": a.n}


def disease_or_what(table, s, c, a):
    def ok(x: str) -> bool:
        return is_disease(x) or (bool(a.what) and (card(x).kind == a.what or a.what in card(x).keywords))

    return [{"target": x} for x in one_per_name(table, [x for x in laid(table, s) if x != c and ok(x)])]


def run_destroy_disease_draw(ctx, table, s, c, a, p):
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {}


def run_discard_disease_draw(ctx, table, s, c, a, p):
    zones.move(ctx, play(s), disc(s), [p["target"]], text_rule(c))
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {"atk": {c: a.m}} if a.m else {}


def trade_options(table, s, c, a):
    goods = []  # (stack, price of its top) of the tops a trade may take, in stack order
    for name in village_stacks(table):
        top = top_of(table, name)
        if top and card(top).group in ("village", "basic") and card(top).kind not in ("disease", "hero"):
            goods.append((name, value(table, top).price))
    out = []
    for x in one_per_name(table, [x for x in laid(table, s) if x != c]):
        limit = value(table, x).price + a.n
        for name, price in goods:
            if price <= limit:
                out.append({"target": x, "stack": name})
    return out


def run_trade(ctx, table, s, c, a, p):
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    zones.gain(ctx, stack(p["stack"]), disc(s), text_rule(c))
    return {}


def run_burn(ctx, table, s, c, a, p):
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    return {"gold": a.n, **({"extra_draw": a.m} if a.m else {})}


def run_gold_per_card(ctx, table, s, c, a, p):
    n = sum(1 for x in laid(table, s) if x != c and card(x).is_village_card)
    return {"gold": a.n * (n // max(1, a.m))}


def run_quartermaster(ctx, table, s, c, a, p):
    before = {zones.card_name(x) for x in laid(table, s)}
    drawn = draw_into_play(ctx, table, s, a.n, text_rule(c))
    kept: set[str] = set()
    for x in drawn:
        name = zones.card_name(x)
        twins = sum(1 for y in drawn if zones.card_name(y) == name)
        if name not in before and twins > 1:
            if name in kept:
                zones.move(ctx, play(s), disc(s), [x], text_rule(c))
            kept.add(name)
    return {}


def run_scout_village(ctx, table, s, c, a, p):
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    ctx.emit(
        "ts.pending", {"entries": [{"what": "return", "source": c, "rule": text_rule(c)}] * a.n}, text_rule(c)
    )
    return {}


def run_draw(ctx, table, s, c, a, p):
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {}


def run_strength_one(ctx, table, s, c, a, p):
    return {"str": {p["target"]: a.n}}


def all_heroes_options(table, s, c, a):
    return [{}] if any(is_hero(x) for x in laid(table, s)) else []


def run_all_heroes(ctx, table, s, c, a, p):
    hs = [x for x in laid(table, s) if is_hero(x)]
    return {"atk": {h: a.n for h in hs}, "str": {h: a.m for h in hs}, "kill_attacker": 1}


def of_kind(x: str, what: str) -> bool:
    """A card of type or keyword `what` ('' = any card); Militia counts as a hero (p.21)."""
    k = card(x)
    return not what or k.kind == what or what in k.keywords


def destroy_for_attack_options(table, s, c, a):
    return [
        {"target": x}
        for x in one_per_name(
            table, [x for x in laid(table, s) if x != c and of_kind(x, a.what) and not used_any(table, x)]
        )
    ]


def run_destroy_for_attack(ctx, table, s, c, a, p):
    """Destroy an unused laid-out card for ATTACK +n (Halb-Ork-Pluenderer eats food, p.12);
    m > 0: every other player then discards m hand cards."""
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    if a.m:
        others_discard(ctx, table, s, c, a.m, "")
    return {"atk": {c: a.n}}


def run_discard_for_attack(ctx, table, s, c, a, p):
    zones.move(ctx, play(s), disc(s), [p["target"]], text_rule(c))
    return {"atk": {c: a.n}}


def light_options(table, s, c, a):
    return [{}] if any(is_hero(x) for x in laid(table, s)) else []


def run_light_per_level(ctx, table, s, c, a, p):
    return {"light": a.n * max(card(x).level for x in laid(table, s) if is_hero(x))}


def run_axe(ctx, table, s, c, a, p):

    if any(strength(table, h) >= a.n for h in laid(table, s) if is_hero(h)):
        return {}
    drawn = draw_into_play(ctx, table, s, 1, text_rule(c))
    return {"str": {drawn[0]: a.m}} if drawn and is_hero(drawn[0]) else {}


def xp_options(table, s, c, a):
    return [{}] if xp(table, s) >= 1 else []


def run_destroy_xp(ctx, table, s, c, a, p):
    change_xp(ctx, table, s, -1, text_rule(c))
    return {"mag_any": {c: a.n}, **({"light": a.m} if a.m else {})}


def run_swap_top(ctx, table, s, c, a, p):
    if table.zone(dungeon(table.game.t.board)):
        zones.move_top(ctx, dungeon(table.game.t.board), look(s), 1, text_rule(c))
        ctx.emit(
            "ts.pending", {"entries": [{"what": "swap", "source": c, "rule": text_rule(c)}]}, text_rule(c)
        )
    else:
        draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {}


def swappable(table) -> list[str]:
    """Monsters on positions 1-3 that may leave by an effect (AUTO-GUARD, only-by-defeat trait)."""
    return [
        m
        for p, m in monsters_on_board(table, table.game.t.board)
        if p >= 1 and card(m).kind != "guardian" and not card(m).has("trait", "only_by_defeat")
    ]


def scout_dungeon_options(table, s, c, a):
    return [{}] if table.zone(dungeon(table.game.t.board)) else []


def run_scout_dungeon(ctx, table, s, c, a, p):
    got = zones.move_top(ctx, dungeon(table.game.t.board), look(s), a.n, text_rule(c))
    ctx.emit(
        "ts.pending",
        {"entries": [{"what": "order", "source": c, "rule": text_rule(c)}] * len(got)},
        text_rule(c),
    )
    return {}


def run_return_on_win(ctx, table, s, c, a, p):
    return {"return_on_win": c}


def run_sacrifice_gold_magic(ctx, table, s, c, a, p):
    """Gorinthischer Sammler: MAGIC ATTACK + the destroyed card's gold (a printed 0 gives +0, p.20)."""

    gold = gold_of(table, p["target"])
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    return {"mag": {c: gold}} if gold else {}


def run_sacrifice_draw(ctx, table, s, c, a, p):
    destroy(ctx, table, play(s), p["target"], text_rule(c))
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {}


def per_card_draw_options(table, s, c, a):
    return [{}] if any(x != c and a.what in card(x).keywords for x in laid(table, s)) else []


def run_draw_per_card(ctx, table, s, c, a, p):
    n = sum(1 for x in laid(table, s) if x != c and a.what in card(x).keywords)
    draw_into_play(ctx, table, s, n, text_rule(c))
    return {}


def others_options(table, s, c, a):
    return [{}] if table.players > 1 else []


def victim_of(ctx, table, s: int, o: int, c: str) -> int:
    """A Belzurischer Bischof shown from hand turns an effect aimed at o on the active player (p.20)."""
    bishop = next((x for x in table.zone(hand(o)) if card(x).has("react", "redirect")), None)
    if bishop:
        ctx.emit("ts.redirected", {"seat": o, "shown": bishop, "to": s}, text_rule(c))
        return s
    return o


def cheapest(table, cards: list[str]) -> str:
    """The card a player gives up when he chooses (reading): the lowest price, then hand order."""
    return min(cards, key=lambda x: (value(table, x).price, cards.index(x)))


def others_discard(ctx, table, s: int, c: str, n: int, what: str) -> int:
    """Every other player discards n hand cards of kind `what` ('' = any) onto his own discard
    pile (p.20), or shows a hand without one; returns how many were discarded."""
    got = 0
    for o in range(table.players):
        if o == s:
            continue
        v = victim_of(ctx, table, s, o, c)
        src = hand(v) if v != s else play(s)
        for _ in range(n):
            pool = [x for x in table.zone(src) if of_kind(x, what) and x != c]
            if not pool:
                ctx.emit("ts.shown", {"seat": v, "none_of": what or "card", "source": c}, text_rule(c))
                break
            zones.move(ctx, src, disc(v), [cheapest(table, pool)], text_rule(c), seat=v)
            got += 1
    return got


def run_others_discard(ctx, table, s, c, a, p):
    got = others_discard(ctx, table, s, c, a.n, a.what)
    return {"atk": {c: a.m * got}} if a.m and got else {}


def guess_options(table, s, c, a):
    if not (table.zone(deck(s)) or table.zone(disc(s))):
        return []
    return [{"guess": g} for g in ("hero", "village", "monster")]


def run_guess_top(ctx, table, s, c, a, p):
    """Haeuptlingstrommel: Torch, Dagger and Provisions count as village cards, Militia as a hero (p.21)."""
    shown = zones.draw(ctx, deck(s), disc(s), f"reveal{s}", 1, text_rule(c), reshuffle_rule="AUTO-DRAW")
    if not shown:
        return {}
    k = card(shown[0])
    hit = {"hero": k.kind == "hero", "village": k.is_village_card, "monster": k.is_monster}[p["guess"]]
    zones.move(ctx, f"reveal{s}", disc(s), shown, text_rule(c))
    if hit:
        draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {}


def run_extra_buy(ctx, table, s, c, a, p):
    return {"buys": a.n}


def run_discard_hero_draw(ctx, table, s, c, a, p):
    zones.move(ctx, play(s), disc(s), [p["target"]], text_rule(c))
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    return {}


def mill_options(table, s, c, a):
    others = [{"opponent": o} for o in range(table.players) if o != s]
    return others or [{}]


def run_draw_and_mill(ctx, table, s, c, a, p):
    """Ring des Donners: draw n; the chosen player reveals and discards his deck's top card."""
    draw_into_play(ctx, table, s, a.n, text_rule(c))
    if "opponent" not in p:
        return {}
    o = victim_of(ctx, table, s, p["opponent"], c)
    shown = zones.draw(ctx, deck(o), disc(o), f"reveal{o}", 1, text_rule(c), reshuffle_rule="AUTO-DRAW")
    if not shown:
        return {}
    zones.move(ctx, f"reveal{o}", disc(o), shown, text_rule(c), seat=o)
    return {"mag": {c: a.m}} if of_kind(shown[0], a.what) else {}


def run_draw_more_if(ctx, table, s, c, a, p):
    drawn = draw_into_play(ctx, table, s, a.n, text_rule(c))
    if drawn and any(of_kind(x, a.what) or (a.what == "monster" and card(x).is_monster) for x in drawn):
        draw_into_play(ctx, table, s, 1, text_rule(c))
    return {}


# effects whose `target` leaves the laid-out cards
TARGET_LEAVES = {
    "destroy_disease_gold",
    "destroy_disease_draw",
    "discard_disease_draw",
    "trade",
    "burn_for_gold",
    "destroy_for_attack",
    "discard_for_attack",
    "sacrifice_gold_magic",
    "sacrifice_nogold",
    "discard_hero_draw",
}

VOCABULARY: dict[str, tuple[Options, Run]] = {
    "gold": (just_once, run_gold),
    "destroy_disease_gold": (targets(is_disease), run_destroy_disease_gold),
    "destroy_disease_draw": (targets(is_disease), run_destroy_disease_draw),
    "discard_disease_draw": (disease_or_what, run_discard_disease_draw),
    "trade": (trade_options, run_trade),
    "burn_for_gold": (targets(lambda x: True), run_burn),
    "gold_per_card": (just_once, run_gold_per_card),
    "quartermaster": (just_once, run_quartermaster),
    "scout_village": (just_once, run_scout_village),
    "draw": (just_once, run_draw),
    "strength_one": (targets(is_hero), run_strength_one),
    "all_heroes": (all_heroes_options, run_all_heroes),
    "destroy_for_attack": (destroy_for_attack_options, run_destroy_for_attack),
    "discard_for_attack": (destroy_for_attack_options, run_discard_for_attack),
    "light_per_level": (light_options, run_light_per_level),
    "axe_draw": (just_once, run_axe),
    "destroy_xp_magic": (xp_options, run_destroy_xp),
    "swap_top": (just_once, run_swap_top),
    "scout_dungeon": (scout_dungeon_options, run_scout_dungeon),
    "return_on_win": (just_once, run_return_on_win),
    "sacrifice_gold_magic": (targets(lambda x: card(x).gold is not None), run_sacrifice_gold_magic),
    "sacrifice_nogold": (targets(lambda x: card(x).gold is None), run_sacrifice_draw),
    "draw_per_card": (per_card_draw_options, run_draw_per_card),
    "others_discard": (others_options, run_others_discard),
    "guess_top": (guess_options, run_guess_top),
    "extra_buy": (just_once, run_extra_buy),
    "discard_hero_draw": (targets(is_hero), run_discard_hero_draw),
    "draw_and_mill": (mill_options, run_draw_and_mill),
    "draw_more_if": (just_once, run_draw_more_if),
}


def effect_commands(table, s: int, where: str) -> list[dict[str, Any]]:
    """Every legal use of a VILLAGE or DUNGEON effect now (TRN-V2, TRN-D2, TRN-0b)."""
    out = []
    used = table.game.t.used
    again = None  # staff_ready, computed only when a used spell effect asks for it
    acting = acting_at(where)
    for c in table.zones[play(s)].cards:
        for i, a in acting(c):
            if a.what != "repeat" and used:
                times = used.count(f"{c}/{i}")
                if times:
                    if kind_of(c) == "spell" and where == "dungeon":
                        if again is None:
                            again = staff_ready(table, s)
                        if times > (1 if again else 0):
                            continue
                    else:
                        continue
            for params in VOCABULARY[a.do][0](table, s, c, a):
                out.append({"kind": "use", "card": c, "ability": i, **params})
    return out


def staff_ready(table, s: int) -> bool:
    """Stab des blauen Feuers (p.21): carried by a hero, it lets one spell's effect be used a
    second time this turn; reading: a spell's DUNGEON effect, once per staff."""

    def fits(h: str, w: str) -> bool:  # only a cleric or wizard may use the staff so
        a = card(w).has("static", "spell_twice")
        return bool(a) and (not a.what or bool(set(card(h).keywords) & set(a.what.split(","))))

    staffs = sum(1 for h in table.game.t.equip for w in carried(table, h) if fits(h, w))
    used = table.game.t.used
    doubled = sum(1 for u in set(used) if used.count(u) > 1)
    return staffs > doubled


def run_effect(ctx, table, s: int, cmd: dict[str, Any]) -> dict[str, Any]:
    c, i = cmd["card"], cmd["ability"]
    a = card(c).abilities[i]
    params = {k: v for k, v in cmd.items() if k not in ("kind", "card", "ability")}
    return VOCABULARY[a.do][1](ctx, table, s, c, a, params)
