"""Round order and rests (p.4 Round, p.6 Turn): tactic picking order, turn order from tactics,
what a player must or may do when the deck runs out, and which rest applies."""

from __future__ import annotations

from collections.abc import Sequence

WOUND = "wound"


def tactic_pick_order(fame: Sequence[int], token_order: Sequence[int]) -> list[int]:
    """Seats in the order they pick a tactic: lowest fame first; on a tie, the seat whose turn
    order token sits lower (later in the current order) picks first (MK:4:Round:3a)."""
    position = {seat: i for i, seat in enumerate(token_order)}
    return sorted(token_order, key=lambda seat: (fame[seat], -position[seat]))


def turn_order(tactic_numbers: dict[int, int]) -> list[int]:
    """Seats by their tactic's number, lowest first (MK:4:Round:3c)."""
    if len(set(tactic_numbers.values())) != len(tactic_numbers):
        raise ValueError("two seats hold tactics with the same number (MK:4:Round:3c)")
    return sorted(tactic_numbers, key=lambda seat: tactic_numbers[seat])


def empty_deck_choice(deck: int, hand: int, round_end_announced: bool) -> str:
    """At the start of a turn: 'play', 'may_announce' (deck empty, cards in hand), 'must_announce'
    (deck and hand empty), or 'forfeit' (nothing left after another's announcement) (MK:6:Turn:3)."""
    if deck > 0:
        return "play"
    if round_end_announced:
        return "forfeit" if hand == 0 else "play"
    return "must_announce" if hand == 0 else "may_announce"


def rest_kind(hand: Sequence[str]) -> str:
    """'standard' if the hand holds a non-wound card at the moment of resting, else 'slow'
    (slow recovery) (MK:6:Turn:7a)."""
    return "standard" if any(c != WOUND for c in hand) else "slow"


def rest_fault(hand: Sequence[str], discard: Sequence[str]) -> str | None:
    """None if discarding `discard` is a legal rest from `hand`, else why not (MK:6:Turn:7)."""
    left = list(hand)
    for c in discard:
        if c not in left:
            return f"{c!r} is not in your hand (MK:6:Turn:7)"
        left.remove(c)
    non_wounds = [c for c in discard if c != WOUND]
    if rest_kind(hand) == "standard":
        if len(non_wounds) != 1:
            return (
                "a standard rest discards exactly 1 non-wound card and any wounds, "
                f"not {len(non_wounds)} non-wound cards (MK:6:Turn:7)"
            )
        return None
    if list(discard) != [WOUND]:
        return "slow recovery reveals the hand and discards exactly 1 wound (MK:6:Turn:7)"
    return None
