"""Realm damage, elimination (ELM-1..3, H13) and the scenarios' victory conditions (§9)."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import (
    CITIES,
    OUT,
    alive,
    army,
    deck,
    discard,
    gold_pile,
    hand,
    neutral_pile,
    next_alive,
    play,
    realm,
)
from engine.games.rune_age.scenarios import CATACLYSM, MONUMENT, RUNEWARS
from engine.mechanics import damage, zones

ELIMINATION_DAMAGE = 20


def wound_realm(ctx, t, seat: int, n: int, rule: str, by: int | None) -> None:
    """Deal n damage to a home realm (BTL-6, SGE-4) and eliminate at 20 (ELM-1)."""
    if n <= 0 or t.over:
        return
    damage.deal(ctx, realm(seat), n, rule=rule, seat=seat)
    if damage.taken(t, realm(seat)) >= ELIMINATION_DAMAGE:
        eliminate(ctx, t, seat, by)


def eliminate(ctx, t, seat: int, by: int | None) -> None:
    """ELM-1/2 with A19: neutral and gold cards go home, cities turn neutral, the rest leaves."""
    g = t.game
    was_first = seat == g.first
    ctx.emit(
        "ra.eliminated", {"seat": seat, "by": by, "cause": "event" if by is None else "combat"}, rule="ELM-1"
    )
    for zone in (hand(seat), deck(seat), discard(seat), army(seat)):
        for card in list(t.zone(zone)):
            c = spec(g, card)
            if c.kind == "gold":
                zones.move(ctx, zone, gold_pile(c.gold), [card], rule="ELM-2")
            elif not c.race and c.kind in ("unit", "tactic"):
                zones.move(ctx, zone, neutral_pile(c.name), [card], rule="ELM-2")
            else:
                zones.move(ctx, zone, OUT, [card], rule="ELM-2")
    tired = [c for c in t.zone(play(seat)) if c in g.exhausted]
    if tired:
        ctx.emit("ra.refreshed", {"seat": seat, "cards": tired}, rule="ELM-2")
    for card in list(t.zone(play(seat))):
        kind = spec(g, card).kind
        if kind == "city":
            zones.move(ctx, play(seat), CITIES, [card], rule="ELM-2")
        elif kind == "rune" and g.scenario == RUNEWARS and by is not None:
            zones.move(ctx, play(seat), play(by), [card], rule="SCN-RW-2")
            offer_rune_choice(ctx, t, by)
        else:
            rule = {"event": "RWD-4", "rune": "SCN-RW-5"}.get(kind, "ELM-2")
            zones.move(ctx, play(seat), OUT, [card], rule=rule)
    for zone in [z for z in t.zones if z.startswith(f"barracks:{seat}:")] + [realm(seat)]:
        zones.move(ctx, zone, OUT, list(t.zone(zone)), rule="ELM-2")
    if was_first and alive(t):
        ctx.emit("ra.first_player", {"seat": next_alive(t, seat)}, rule="RND-3")
    check_elimination_end(ctx, t)


def check_elimination_end(ctx, t) -> None:
    """After each elimination (A21): the scenario may end the game at once."""
    g = t.game
    left = alive(t)
    if g.scenario == CATACLYSM:
        over(ctx, t, [], "a player was eliminated: all players lose", "SCN-WB-4")
    elif g.scenario == RUNEWARS and len(left) == 1:
        over(ctx, t, left, "last surviving player", "SCN-RW-6")
    elif not left:
        rule = "SCN-RW-6" if g.scenario == RUNEWARS else ("SCN-DL-3" if g.solo else "WIN-0")
        over(ctx, t, [], "all players eliminated", rule)


def over(ctx, t, winners: list[int], reason: str, rule: str, scores: dict | None = None) -> None:
    if not t.over:
        ctx.emit(
            "game.over", {"winners": sorted(winners), "scores": scores or {}, "reason": reason}, rule=rule
        )


def deck_strength(t, seat: int) -> int:
    """SCN-MO-4 tie-break (A23): printed strength of all unit cards in deck, hand and discard."""
    g = t.game
    return sum(
        spec(g, c).strength
        for z in (deck(seat), hand(seat), discard(seat))
        for c in t.zone(z)
        if spec(g, c).kind == "unit"
    )


def end_of_round(ctx, t) -> None:
    """SCN-MO-4 (A24: only builders still alive) and the optional round cap (ENG-CAP)."""
    g = t.game
    builders = [s for s in g.built if s not in g.eliminated]
    if g.scenario == MONUMENT and builders:
        totals = {str(s): deck_strength(t, s) for s in builders}
        best = max(totals.values())
        over(
            ctx,
            t,
            [s for s in builders if totals[str(s)] == best],
            "monument built" if len(builders) == 1 else "monuments built: deck strength decides",
            "SCN-MO-4",
            {"deck_strength": totals},
        )
    elif t.options["round_cap"] and g.round >= t.options["round_cap"]:
        over(ctx, t, [], f"round cap {g.round} reached", "ENG-CAP")


def offer_rune_choice(ctx, t, seat: int) -> None:
    """SCN-RW-3: a player holding two rune cards must choose the active one."""
    runes = [c for c in t.zone(play(seat)) if spec(t.game, c).kind == "rune"]
    if len(runes) > 1:
        ctx.emit("ra.rune_choice", {"seat": seat, "cards": runes}, rule="SCN-RW-3")
