"""Seeded chance: each outcome comes from (seed, chance counter), never from global state.

Because the counter lives in the game state, undoing a move rewinds it, and repeating the
move gives the same outcome: undo cannot reroll (invariant 3).
"""
import hashlib
import random


def rng_for(seed: str, counter: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
