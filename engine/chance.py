"""Seeded chance: each outcome comes from (seed, chance counter), never from global state.

Because the counter lives in the game state, undoing a move rewinds it, and repeating the
move gives the same outcome: undo cannot reroll (invariant 3).
"""

import hashlib
import json
import random
from typing import Any


def rng_for(seed: str, counter: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """`rng.shuffle(x)` as CPython 3.11's `random.Random.shuffle` does it (Fisher-Yates from the
    end, each index drawn by `_randbelow_with_getrandbits`), written out without a Python call
    per card. The same draws in the same order, so the same order of cards; pinned here, a
    seeded game's shuffles also stay the same should the standard library change its own."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def mixed_seed(seed: str, mix: list[list[Any]]) -> str:
    """The seed a live game draws from once its contributions are in (invariant 3).

    `mix` is every contribution in the order the log committed it, each [who, value, salt]
    (value None for a seat that declined). The server's seed alone cannot predict it while
    one contribution stays secret, and a contribution alone cannot steer it: the server's seed
    was committed before any contribution was given. Games without contributions (the CLI,
    simulate, situations, analysis mode) never call this and draw from their seed as stored."""
    body = json.dumps(
        ["runeledger-mix-1", seed, [[w, v] for w, v, *_ in mix]], separators=(",", ":"), ensure_ascii=True
    )
    return hashlib.sha256(body.encode()).hexdigest()
