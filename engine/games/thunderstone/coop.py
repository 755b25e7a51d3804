"""The co-op variant "Vereint halten wir stand" and its harder levels (VAR-C, p.22).

Set-up: 4 monster groups (2-3 players) or 5 (4-5), one guardian more, 3/2/1 countdown XP.
After the last seat's turn a countdown XP is removed; once none is left, a seat that does not
go into the dungeon makes the position-1 monster angry, or, if it already is, the monsters
march: the angry one goes to the village score pile and the dungeon refills. After a guardian
entered the dungeon new monsters arrive angry and march every round (reading A40). XP is one
shared pool; the team wins if its XP beats the XP of the village score pile (outcome.py).

The solo game (solo.py) reuses the countdown, anger, marching and the village score pile; its
events cite the solo stand-in VAR-S-MARCH (places.defense_rule).
"""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone.board import apply_breaches, close_gap
from engine.games.thunderstone.content import card
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    defense_rule,
    disc,
    hand,
    play,
    pos,
)
from engine.games.thunderstone.solo import COUNTDOWN
from engine.mechanics import zones

LEVELS = {"coop": 3, "coop_brotherhood": 2, "coop_unity": 1}


def countdown_start(table) -> int:
    """Countdown XP at the start: the co-op level's (VAR-C) or the solo level's (VAR-S-LEVEL)."""
    return (
        COUNTDOWN[table.options["solo_level"]] if table.game.variant == "solo" else LEVELS[table.game.variant]
    )


def monster_groups(players: int) -> int:
    return 4 if players <= 3 else 5


def end_of_turn(ctx, table, s: int) -> None:
    """Angry monsters and marching after the countdown; the countdown after the last seat."""
    game = table.game
    if not game.countdown and game.t.action != "dungeon":
        anger_or_march(ctx, table)
    if s == table.players - 1 and not table.over:
        if game.countdown:
            ctx.emit("ts.countdown", {"left": game.countdown - 1}, defense_rule(table))
        elif game.guardian_in:
            march(ctx, table)


def anger_or_march(ctx, table) -> None:
    first = table.zone(pos(1))
    if not first or not card(first[0]).is_monster:
        return
    if first[0] in table.game.angry:
        march(ctx, table)
    else:
        ctx.emit("ts.angry", {"monster": first[0]}, defense_rule(table))


def march(ctx, table) -> None:
    first = table.zone(pos(1))[:1]
    if first and card(first[0]).is_monster:
        zones.move(ctx, pos(1), "score:village", first, defense_rule(table))
        close_gap(ctx, table, 1, first[0])
        apply_breaches(ctx, table)


def offer_commands(table, s: int) -> list[dict[str, Any]]:
    """A village visitor may put monsters from hand on the shared score pile for 1 XP each."""
    if not table.game.coop or table.game.variant == "coop_unity":
        return []
    return [{"kind": "offer", "card": c} for c in table.zone(play(s)) if card(c).kind == "monster"]


def offer(ctx, table, s: int, c: str) -> None:
    zones.move(ctx, play(s), "score:players", [c], "VAR-C")
    change_xp(ctx, table, s, 1, "VAR-C")


def passing_entries(table, s: int) -> list[dict[str, Any]]:
    """A resting player may pass 1 hand card to every other player (VAR-C)."""
    return [{"what": "pass_card", "to": o, "rule": "VAR-C"} for o in range(table.players) if o != s]


def pass_card(ctx, table, s: int, o: int, slot: int) -> None:
    """The card in hand slot `slot` goes face down to seat o (only the two of them see it)."""
    zones.move(ctx, hand(s), f"gift{o}", [table.zone(hand(s))[slot]], "VAR-C")
    ctx.emit(
        "ts.pending",
        {"entries": [{"what": "give_back", "seat": o, "to": s, "rule": "VAR-C"}], "front": True},
        "VAR-C",
    )


def give_back(ctx, table, o: int, s: int, name: str | None) -> None:
    """The receiver puts a hand card of its choice on the resting player's discard pile (if it
    holds any), then takes the passed card into hand."""
    if name is not None:
        c = next(x for x in table.zone(hand(o)) if zones.card_name(x) == name)
        zones.move(ctx, hand(o), disc(s), [c], "VAR-C")
    zones.move(ctx, f"gift{o}", hand(o), list(table.zone(f"gift{o}")), "VAR-C")
