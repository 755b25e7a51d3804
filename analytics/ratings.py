"""Elo-style ratings of bots from their results against each other (the bot ladder).

Why a Bradley–Terry fit and not Elo's running update: a ladder is a batch of games, and the
running update depends on the order they were played in; the maximum-likelihood fit of the
Bradley–Terry model (Hunter's 2004 minorise–maximise iteration) uses all games at once, and
400·log10 of its strengths is the Elo scale (a 200-point gap: the stronger wins about 76%).
The first bot named is the anchor at 0, so ratings read "points above random".

A game is a list of (bot, score) pairs: each bot's share of the win (1, 0, ½ in a draw of two,
1/k to each of k shared winners). Every pair of bots in a game counts as one comparison,
won by the one with the higher score (a tie: half each).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

PRIOR = 0.5
"""Half a win and half a loss against every opponent met, added to every pair, so a bot that
won or lost every game still gets a finite rating (a weak prior, as rating sites use)."""


def pairwise(games: Iterable[Sequence[tuple[str, float]]]) -> dict[tuple[str, str], float]:
    """(a, b) -> wins of a over b, summed over all games (ties half each)."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for game in games:
        for i, (a, sa) in enumerate(game):
            for b, sb in game[i + 1 :]:
                if a == b:
                    continue  # two seats of the same bot: no comparison
                if sa > sb:
                    wins[a, b] += 1
                elif sb > sa:
                    wins[b, a] += 1
                else:
                    wins[a, b] += 0.5
                    wins[b, a] += 0.5
    return dict(wins)


def elo(wins: dict[tuple[str, str], float], anchor: str, rounds: int = 2000) -> dict[str, float]:
    """Elo points of every bot in `wins`, `anchor` at 0 (Bradley–Terry fit with PRIOR)."""
    bots = sorted({a for a, _ in wins} | {b for _, b in wins} | {anchor})
    met = {(a, b) for a, b in wins} | {(b, a) for a, b in wins}
    w = {(a, b): wins.get((a, b), 0.0) + (PRIOR if (a, b) in met else 0.0) for a in bots for b in bots}
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(rounds):
        new = {}
        for a in bots:
            total = sum(w[a, b] for b in bots if b != a)
            games = sum(
                (w[a, b] + w[b, a]) / (strength[a] + strength[b]) for b in bots if b != a and (a, b) in met
            )
            new[a] = total / games if games else strength[a]
        scale = new[anchor]
        new = {a: s / scale for a, s in new.items()}
        if max(abs(new[a] - strength[a]) for a in bots) < 1e-12:
            strength = new
            break
        strength = new
    return {a: 400 * math.log10(strength[a]) for a in bots}


def expected(gap: float) -> float:
    """The stronger bot's expected score at an Elo gap of `gap` points."""
    return 1 / (1 + 10 ** (-gap / 400))
