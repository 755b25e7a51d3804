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


def wound_realm(ctx, table, seat: int, n: int, rule: str, by: int | None) -> None:
    """Deal n damage to a home realm (BTL-6, SGE-4) and eliminate at 20 (ELM-1)."""
    if n <= 0 or table.over:
        return
    damage.deal(ctx, realm(seat), n, rule=rule, seat=seat)
    if damage.taken(table, realm(seat)) >= ELIMINATION_DAMAGE:
        eliminate(ctx, table, seat, by)


def eliminate(ctx, table, seat: int, by: int | None) -> None:
    """ELM-1/2 with A19: neutral and gold cards go home, cities turn neutral, the rest leaves."""
    game = table.game
    was_first = seat == game.first
    ctx.emit(
        "ra.eliminated", {"seat": seat, "by": by, "cause": "event" if by is None else "combat"}, rule="ELM-1"
    )
    for zone in (hand(seat), deck(seat), discard(seat), army(seat)):
        for card in list(table.zone(zone)):
            c = spec(game, card)
            if c.kind == "gold":
                zones.move(ctx, zone, gold_pile(c.gold), [card], rule="ELM-2")
            elif not c.race and c.kind in ("unit", "tactic"):
                zones.move(ctx, zone, neutral_pile(c.name), [card], rule="ELM-2")
            else:
                zones.move(ctx, zone, OUT, [card], rule="ELM-2")
    tired = [c for c in table.zone(play(seat)) if c in game.exhausted]
    if tired:
        ctx.emit("ra.refreshed", {"seat": seat, "cards": tired}, rule="ELM-2")
    for card in list(table.zone(play(seat))):
        kind = spec(game, card).kind
        if kind == "city":
            zones.move(ctx, play(seat), CITIES, [card], rule="ELM-2")
        elif kind == "rune" and game.scenario == RUNEWARS and by is not None:
            zones.move(ctx, play(seat), play(by), [card], rule="SCN-RW-2")
            offer_rune_choice(ctx, table, by)
        else:
            rule = {"event": "RWD-4", "rune": "SCN-RW-5"}.get(kind, "ELM-2")
            zones.move(ctx, play(seat), OUT, [card], rule=rule)
    for zone in [z for z in table.zones if z.startswith(f"barracks:{seat}:")] + [realm(seat)]:
        zones.move(ctx, zone, OUT, list(table.zone(zone)), rule="ELM-2")
    if was_first and alive(table):
        ctx.emit("ra.first_player", {"seat": next_alive(table, seat)}, rule="RND-3")
    check_elimination_end(ctx, table)


def check_elimination_end(ctx, table) -> None:
    """After each elimination (A21): the scenario may end the game at once."""
    game = table.game
    left = alive(table)
    if game.scenario == CATACLYSM:
        over(ctx, table, [], "a player was eliminated: all players lose", "SCN-WB-4")
    elif game.scenario == RUNEWARS and len(left) == 1:
        over(ctx, table, left, "last surviving player", "SCN-RW-6")
    elif not left:
        rule = "SCN-RW-6" if game.scenario == RUNEWARS else ("SCN-DL-3" if game.solo else "WIN-0")
        over(ctx, table, [], "all players eliminated", rule)


def over(ctx, table, winners: list[int], reason: str, rule: str, scores: dict | None = None) -> None:
    if not table.over:
        ctx.emit(
            "game.over", {"winners": sorted(winners), "scores": scores or {}, "reason": reason}, rule=rule
        )


def deck_strength(table, seat: int) -> int:
    """SCN-MO-4 tie-break (A23): printed strength of all unit cards in deck, hand and discard."""
    game = table.game
    return sum(
        spec(game, c).strength
        for z in (deck(seat), hand(seat), discard(seat))
        for c in table.zone(z)
        if spec(game, c).kind == "unit"
    )


def end_of_round(ctx, table) -> None:
    """SCN-MO-4 (A24: only builders still alive) and the optional round cap (ENG-CAP)."""
    game = table.game
    builders = [s for s in game.built if s not in game.eliminated]
    if game.scenario == MONUMENT and builders:
        totals = {str(s): deck_strength(table, s) for s in builders}
        best = max(totals.values())
        over(
            ctx,
            table,
            [s for s in builders if totals[str(s)] == best],
            "monument built" if len(builders) == 1 else "monuments built: deck strength decides",
            "SCN-MO-4",
            {"deck_strength": totals},
        )
    elif table.options["round_cap"] and game.round >= table.options["round_cap"]:
        over(ctx, table, [], f"round cap {game.round} reached", "ENG-CAP")


def offer_rune_choice(ctx, table, seat: int) -> None:
    """SCN-RW-3: a player holding two rune cards must choose the active one."""
    runes = [c for c in table.zone(play(seat)) if spec(table.game, c).kind == "rune"]
    if len(runes) > 1:
        ctx.emit("ra.rune_choice", {"seat": seat, "cards": runes}, rule="SCN-RW-3")
