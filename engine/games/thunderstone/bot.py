"""What a random legal bot leaves out in Thunderstone: destroying its own last cards.

The rules allow it: a resting player "darf 1 Handkarte zerstoeren" with no floor (p.5
Erholung), and drawing from an empty deck and discard draws nothing (A24). But a seat without
cards can never buy, fight or win again, and when a monster that only leaves the dungeon by
defeat (p.16 "Kann nur aus dem Dungeon entfernt werden, wenn er besiegt wird") or a guardian
(p.17) stands in front of the Thunderstone, a lost battle no longer moves it, and the game
ends only when the Thunderstone is taken or reaches position 1 (p.5 Zugende): such a game
never ends. `simulate` found it three times in 3,000 two-player games (seed 1 games 409 and
914, seed 2 game 353). No player would play that line, so the bot does not; the rules stay
as printed.
"""
from __future__ import annotations

from typing import Any

from engine.games.thunderstone.content import card
from engine.games.thunderstone.places import HAND_SIZE, deck, disc, hand, play

FLOOR = HAND_SIZE  # keep at least one hand of cards that are not diseases


def kept(t, s: int) -> int:
    """The seat's command-deck cards that are not diseases."""
    return sum(1 for z in (deck(s), hand(s), disc(s), play(s)) for c in t.zone(z)
               if card(c).kind != "disease")


def bot_choices(t, s: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal commands a random bot picks from: at rest, with FLOOR cards or fewer left,
    it destroys only a disease."""
    tt = t.game.t
    if tt.step != "rest" or kept(t, s) > FLOOR:
        return legal
    if tt.pending and tt.pending[0]["what"] == "rest":
        return [c for c in legal if c["kind"] != "choose"
                or card(c["option"]).kind == "disease"] or legal
    if tt.pending:
        return legal
    sick = any(card(c).kind == "disease" for c in t.zone(hand(s)))
    return legal if sick else [c for c in legal if c["kind"] != "destroy"] or legal
