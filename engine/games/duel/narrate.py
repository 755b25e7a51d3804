"""Duel's log in words (see engine.narration): plays, dice, hits and who is out."""

from __future__ import annotations

from typing import Any

from engine import narration
from engine.narration import card, seat_name

ZONES = {"deck": "deck", "hand": "hand", "discard": "discard pile"}


def _hit(e: narration.Seen) -> str:
    d = e.data
    by = f"{card(d['card'])} ({d.get('face', 'hit')}) hits" if d.get("card") else "A hit lands on"
    return f"{by} {seat_name(d.get('seat'))} for {d.get('n', '?')} damage."


OWN: dict[str, Any] = {
    "duel.acted": "{seat} has acted.",
    "duel.turn": "Round {round}: {active} to play.",
    "duel.out": "{seat} is knocked out.",
    "damage.dealt": _hit,
}


def describe(table: Any, ev: Any) -> str:
    return narration.describe(table, ev, OWN, ZONES)
