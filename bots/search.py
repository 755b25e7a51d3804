"""Greedy and MCTS bots that search through an in-memory fork (runeledger.Game) of the game.

Hidden information: a bot never searches the true state. Each search starts from a
*determinization* made from what its seat may see: every zone the seat cannot see is refilled
at random from the cards that could be there (the cards of all unseen zones of one owner are
pooled, sorted, shuffled and dealt back in the same sizes; unseen zones of no owner are
shuffled in place), and chance from then on follows a seed of the bot's own, not the game's.
Sorting the pool first makes the determinization a function of the seat's view and the bot's
random stream only, which a test checks.

MCTS is information-set MCTS in its simple form: one tree of command sequences shared by all
iterations, each iteration on a fresh determinization; UCB1 selection counts a child only over
the iterations in which it was available; playouts follow the random bot's choices for a few
commands and are then scored by bots.heuristics.win_chance for every seat.
"""

from __future__ import annotations

import math
import random
from typing import Any

import msgspec

from bots.heuristics import win_chance
from engine.table import Table

_canon = msgspec.json.Encoder(order="sorted")


def _sees(zone, seat: int) -> bool:
    return zone.vis == "public" or (zone.vis == "owner" and zone.owner == seat)


def determinize(game, seat: int, rng: random.Random):
    """A clone of `game` consistent with what `seat` sees, unseen cards dealt at random."""
    g = game.clone(record=False)
    table: Table = g.table
    pools: dict[int, list[str]] = {}
    for name in sorted(table.zones):
        z = table.zones[name]
        if _sees(z, seat) or not z.cards:
            continue
        if z.owner is None or z.owner == seat:
            z.cards.sort()
            rng.shuffle(z.cards)
        else:
            pools.setdefault(z.owner, []).extend(z.cards)
    for owner, cards in sorted(pools.items()):
        cards.sort()
        rng.shuffle(cards)
        at = 0
        for name in sorted(table.zones):
            z = table.zones[name]
            if z.owner == owner and not _sees(z, seat) and z.cards:
                n = len(z.cards)
                z.cards[:] = cards[at : at + n]
                at += n
    g.reseed(f"bot:{rng.getrandbits(64)}")
    return g


def choices(game, seat: int) -> list[dict[str, Any]]:
    """The commands a bot picks among: the ruleset's bot_choices narrowing, as for random."""
    legal = game.legal(seat)
    narrow = getattr(game.ruleset, "bot_choices", None)
    return (narrow(game.table, seat, legal) or legal) if narrow else legal


def greedy(
    game, seat: int, legal: list[dict[str, Any]], rng: random.Random, samples: int = 2
) -> dict[str, Any]:
    """The command after which the seat's win chance is highest (averaged over `samples`
    determinizations); ties broken at random."""
    if len(legal) == 1:
        return legal[0]
    worlds = [determinize(game, seat, rng) for _ in range(samples)]
    best, best_v = [], -1.0
    for cmd in legal:
        v = 0.0
        for w in worlds:
            g = w.clone(record=False)
            try:
                g.apply_unchecked(seat, cmd)
                v += win_chance(g.table, seat)
            except Exception:
                v += 0.0  # a line the determinization cannot play counts as bad
        if v > best_v + 1e-9:
            best, best_v = [cmd], v
        elif abs(v - best_v) <= 1e-9:
            best.append(cmd)
    return rng.choice(best)


class _Node:
    __slots__ = ("actor", "avail", "children", "n", "w")

    def __init__(self, actor: int | None = None):
        self.children: dict[bytes, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.actor = actor


def mcts(
    game,
    seat: int,
    legal: list[dict[str, Any]],
    rng: random.Random,
    iterations: int = 64,
    playout: int = 12,
    c: float = 0.7,
) -> dict[str, Any]:
    """The root command visited most by information-set MCTS over `iterations` determinizations."""
    if len(legal) == 1:
        return legal[0]
    root = _Node()
    by_key = {_canon.encode(cmd): cmd for cmd in legal}
    for _ in range(iterations):
        g = determinize(game, seat, rng)
        node, path = root, []
        try:
            while not g.is_over():
                actor = g.to_act()
                opts = legal if node is root else choices(g, actor)
                keys = [_canon.encode(o) for o in opts]
                untried = [i for i, k in enumerate(keys) if k not in node.children]
                for k in keys:
                    if k in node.children:
                        node.children[k].avail += 1
                if untried:
                    i = rng.choice(untried)
                    child = node.children[keys[i]] = _Node(actor)
                    child.avail = 1
                    g.apply_unchecked(actor, opts[i])
                    path.append(child)
                    break
                i = max(range(len(keys)), key=lambda j: _ucb(node.children[keys[j]], c))
                node = node.children[keys[i]]
                g.apply_unchecked(actor, opts[i])
                path.append(node)
            for _ in range(playout):
                if g.is_over():
                    break
                actor = g.to_act()
                g.apply_unchecked(actor, rng.choice(choices(g, actor)))
            values = [win_chance(g.table, s) for s in range(g.players)]
        except Exception:
            values = None  # a determinization the rules cannot continue: no evidence
        for nd in path:
            nd.n += 1
            if values is not None and nd.actor is not None:  # a node below the root: a seat's
                nd.w += values[nd.actor]
    best = max(root.children.items(), key=lambda kv: (kv[1].n, kv[1].w), default=None)
    return by_key[best[0]] if best else rng.choice(legal)


def _ucb(nd: _Node, c: float) -> float:
    if nd.n == 0:
        return math.inf
    return nd.w / nd.n + c * math.sqrt(math.log(max(nd.avail, 1)) / nd.n)
