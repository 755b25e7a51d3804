"""What a random legal bot leaves out in Thunderstone: destroying its own last cards.

The rules allow it: a resting player "darf 1 Handkarte zerstoeren" with no floor (p.5
Erholung), effects such as the Brandopfer destroy another laid-out card for a bonus (p.21),
and drawing from an empty deck and discard draws nothing (A24). But a seat without cards can
never buy, fight or win again, and when a monster that only leaves the dungeon by defeat
(p.16 "Kann nur aus dem Dungeon entfernt werden, wenn er besiegt wird") or a guardian (p.17)
stands in front of the Thunderstone, a lost battle no longer moves it, and the game ends only
when the Thunderstone is taken or reaches position 1 (p.5 Zugende): such a game never ends.
`simulate` found these (seed 1 games 409 and 914, seed 2 game 353: rested to nothing; seed 7
game 447: burnt to one Brandopfer each). No player would play that line, so the bot does not;
the rules stay as printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.thunderstone.content import card, is_disease
from engine.games.thunderstone.places import HAND_SIZE, deck, disc, hand, play
from engine.games.thunderstone.scoring import score

FLOOR = HAND_SIZE  # below one hand of cards that are not diseases, destroy only diseases
# effects that destroy another laid-out card of one's own for a bonus (a trade gets a card back)
SELF_DESTROYING = {"burn_for_gold", "destroy_for_attack", "sacrifice_gold_magic", "sacrifice_nogold"}


def kept(table, s: int, enough: int | None = None) -> int:
    """The seat's command-deck cards that are not diseases (counting stops past `enough`)."""
    n, zones = 0, table.zones
    for z in (deck(s), hand(s), disc(s), play(s)):
        for c in zones[z].cards:
            if not is_disease(c):
                n += 1
                if enough is not None and n > enough:
                    return n
    return n


def wasteful(table, s: int, cmd: dict[str, Any]) -> bool:
    """Does this command destroy one of the seat's own cards that is not a disease?"""
    kind, pending = cmd["kind"], table.game.t.pending
    if kind == "destroy":  # the card is named next; with a disease in hand it can be that
        return not any(card(c).kind == "disease" for c in table.zone(hand(s)))
    if kind == "choose" and pending and pending[0]["what"] == "rest":
        return card(cmd["option"]).kind != "disease"
    if kind == "choose" and pending and pending[0]["what"] == "ivory":
        return cmd["option"] != "done" and card(cmd["option"]).kind != "disease"
    if kind == "treasure":  # the Ivory Dragon takes a hand card with it
        return any(a.do == "xp_per_card" for a in card(cmd["card"]).all("treasure"))
    if kind == "use" and "target" in cmd:
        return (
            card(cmd["card"]).abilities[cmd["ability"]].do in SELF_DESTROYING
            and card(cmd["target"]).kind != "disease"
        )
    return False


# the only kinds of command `wasteful` can be true for
MAY_DESTROY = frozenset(("destroy", "choose", "treasure", "use"))


def spared(table, s: int, cmds: Sequence[dict[str, Any] | None]) -> list[int] | None:
    """The places in `cmds` (None: a step below, never left out) a random bot chooses among:
    None for all of them, or, with FLOOR cards or fewer left, those of commands that destroy
    none of the seat's own cards other than a disease (all, when that would leave none). A
    list without any command that may destroy is answered before the cards are counted."""
    for c in cmds:  # a loop, not any() over a generator: this runs on every bot decision
        if c is not None and c["kind"] in MAY_DESTROY:
            break
    else:
        return None
    if kept(table, s, FLOOR) > FLOOR:
        return None
    keep = [i for i, c in enumerate(cmds) if c is None or not wasteful(table, s, c)]
    return keep or None


def bot_choices(table, s: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal commands a random bot picks from (`spared`): the listing itself where
    nothing is left out."""
    keep = spared(table, s, legal)
    return legal if keep is None else [legal[i] for i in keep]


def position_value(table, s: int) -> float:
    """For the greedy and MCTS bots: the seat's score so far, and its experience to come."""

    xp = table.game.xp[s] if s < len(table.game.xp) else 0
    return score(table, s) + 0.3 * xp
