"""The bot ladder: every rung of bots against the one below it (and the one two below), per
ruleset, in seeded two-seat games with the seats swapped every other game.

Per pairing: the upper bot's share of the wins (a shared win counts 1/k, a game nobody won
half to each) with its Wilson 95%
interval and the number of decided games; the rung is *met* when the interval lies above 0.5
(the upper bot beats the lower significantly). Per ruleset: Elo points of every bot from all
its games (analytics.ratings, random anchored at 0) and each bot's CPU time per decision (the
bot's own thinking, measured around its choice; the engine's playing of the command is not in it).
Games that hit the command limit are counted apart ("stalled") and left out of the rates.

Duel is mostly luck: one row measures the ceiling of its upper rungs, the simple policy "play
the highest card" (nothing in duel rewards holding a card back) against greedy. When even that
policy is not significantly above greedy in the games played, no bot can show the MCTS-greedy
rung there, and a miss on that rung says so rather than that MCTS plays badly.

`python -m bench.ladder --games 200 [--rulesets duel,epochs] [--iterations 32]` prints the rows;
`make bench` runs it (bench/run.py, section "ladder").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from typing import Any

from analytics.intervals import wilson
from analytics.ratings import elo, pairwise
from bench.common import Row, row
from bots.players import BotPlay
from bots.random_bot import Stall
from bots.search import greedy
from engine.pipeline import Engine
from store import MemoryStore

RUNGS = ("random", "greedy", "mcts")
GAMES = 200  # per pairing, as the bots issue asks
# (ruleset, options, games per pairing or None for the run's number, MCTS iterations or None)
# DragonLords' and Mage Knight's MCTS plays a game in minutes here (2 cores), so their ladder
# plays fewer games with a lighter MCTS: their rows say how many, and 200 stays the goal.
CASES: tuple[tuple[str, dict[str, Any], int | None, int | None], ...] = (
    ("duel", {}, None, None),
    ("epochs", {}, None, None),
    ("rune-age", {}, None, None),
    ("thunderstone", {}, None, None),
    ("dragonlords", {}, 10, 8),
    ("mage-knight", {"scenario": "full_conquest"}, 10, 8),
)


class TimedBots(BotPlay):
    """BotPlay that notes the CPU time of each bot's decisions, per bot kind."""

    def __init__(self, bots: tuple[str, ...], iterations: int, playout: int, spent: dict) -> None:
        super().__init__(bots, iterations, playout)
        self.spent = spent  # kind -> [cpu seconds, decisions]

    def choose(self, engine, game_id: str, seat: int, legal: list, rng: random.Random):
        c0 = time.process_time()
        chosen = super().choose(engine, game_id, seat, legal, rng)
        mine = self.spent[self.bots[seat]]
        mine[0] += time.process_time() - c0
        mine[1] += 1
        return chosen


def match(
    ruleset: str, options: dict, bots: tuple[str, str], seed: str, iterations: int, playout: int, spent: dict
) -> list[tuple[str, float]] | None:
    """One two-seat game; each seat's (bot, share of the win: a game nobody won is a draw,
    half each), or None if it stalled."""
    eng = Engine(MemoryStore())
    gid = f"ladder-{seed}"
    eng.create(ruleset, 2, seed, options, game_id=gid)
    try:
        with eng.batch():
            TimedBots(bots, iterations, playout, spent)(eng, gid, seed)
    except Stall:
        return None
    finally:
        winners = list(eng.table(gid).winners) if eng.table(gid).over else []
        eng.store.close()
    if not winners:  # nobody won (Rune Age: every realm destroyed): a draw between the two
        return [(bots[s], 0.5) for s in range(2)]
    return [(bots[s], (1 / len(winners) if s in winners else 0.0)) for s in range(2)]


def ladder(
    ruleset: str, options: dict, games: int, iterations: int, playout: int, say=lambda _t: None
) -> tuple[list[Row], dict[str, Any]]:
    """The rows of one ruleset: a pairing row per adjacent rung (and random-mcts), the Elo and
    CPU rows."""
    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    results: list[list[tuple[str, float]]] = []
    rows: list[Row] = []
    detail: dict[str, Any] = {}
    pairs = [(RUNGS[i + 1], RUNGS[i]) for i in range(len(RUNGS) - 1)] + [(RUNGS[-1], RUNGS[0])]
    for upper, lower in pairs:
        won, decided, stalled = 0.0, 0, 0
        for i in range(games):
            bots = (upper, lower) if i % 2 == 0 else (lower, upper)
            got = match(ruleset, options, bots, f"{ruleset}-{upper}-{lower}-{i}", iterations, playout, spent)
            if got is None:
                stalled += 1
                continue
            results.append(got)
            decided += 1
            won += sum(share for bot, share in got if bot == upper)
        r = wilson(won, decided)
        say(f"ladder {ruleset}: {upper} against {lower}: {r.words()}, {stalled} stalled")
        detail[f"{upper}-{lower}"] = {"won": won, "decided": decided, "stalled": stalled, "interval": r}
        rows.append(
            row(
                f"{ruleset}, 2 seats: {upper} against {lower} (MCTS {iterations} iterations), {decided} "
                f"games decided of {GAMES} asked, seats swapped ({stalled} stalled); 95% interval "
                f"{r.low:.2f}–{r.high:.2f}",
                r.rate,
                f"{upper}'s share of wins",
                "an even match",
                0.5,
                "share of wins",
                r.rate / 0.5 if decided else None,
                "share ÷ even",
                f"the upper rung wins significantly (interval above 0.5) in {GAMES} games",
                r.low > 0.5 and decided >= GAMES,
            )
        )
    points = elo(pairwise(results), anchor=RUNGS[0]) if results else {}
    for bot in RUNGS:
        cpu, n = spent[bot]
        detail[f"{bot}-cpu"] = {"cpu_s": cpu, "decisions": n, "elo": points.get(bot)}
        rows.append(
            row(
                f"{ruleset}, 2 seats: {bot}, Elo {points.get(bot, float('nan')):+.0f} "
                f"(random = 0), {n} decisions",
                cpu / n * 1000 if n else None,
                "ms CPU per decision",
                "",
                None,
                "",
                None,
                "",
                "reported (no goal)",
                None if not n else True,
            )
        )
    return rows, detail


def _highest(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Duel's highest card in hand (pass only with an empty hand)."""
    from engine.games.duel.rules import VALUES

    plays = [c for c in legal if c["kind"] == "play"]
    return max(plays, key=lambda c: VALUES[c["card"]]) if plays else legal[0]


def duel_ceiling(games: int, say=lambda _t: None) -> tuple[Row, dict[str, Any]]:
    """ "Play the highest card" against greedy in `games` seeded duels, seats swapped."""
    import runeledger

    won = 0.0
    for i in range(games):
        me, seed = i % 2, f"duel-ceiling-{i}"
        g = runeledger.open("duel", 2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            seat = g.to_act()
            legal = g.legal(seat)
            g.apply_unchecked(seat, _highest(legal) if seat == me else greedy(g, seat, legal, rng))
        won += g.returns()[me]
    r = wilson(won, games)
    say(f"ladder duel: highest card against greedy (the ceiling): {r.words()}")
    return row(
        f"duel, 2 seats: 'play the highest card' against greedy, the ceiling of the MCTS-greedy rung, "
        f"{games} games, seats swapped; 95% interval {r.low:.2f}–{r.high:.2f}",
        r.rate,
        "the policy's share of wins",
        "an even match",
        0.5,
        "share of wins",
        r.rate / 0.5 if games else None,
        "share ÷ even",
        "reported (no goal): above 0.5 only if the rung can be shown at all",
        None if not games else True,
    ), {"won": won, "games": games, "interval": r}


def measure(
    games: int = GAMES,
    iterations: int = 32,
    playout: int = 0,
    rulesets: tuple[str, ...] | None = None,
    say=lambda _t: None,
) -> tuple[list[Row], dict[str, Any]]:
    rows, detail = [], {}
    for ruleset, options, few, light in CASES:
        if rulesets and ruleset not in rulesets:
            continue
        n = min(games, few) if few else games
        got, d = ladder(ruleset, options, n, light or iterations, playout, say)
        rows += got
        detail[ruleset] = d
        if ruleset == "duel":
            top, detail["duel-ceiling"] = duel_ceiling(2 * n, say)
            rows.append(top)
    return rows, detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES, help="games per pairing (seats swapped)")
    ap.add_argument("--iterations", type=int, default=32, help="MCTS iterations per decision")
    ap.add_argument("--playout", type=int, default=0, help="MCTS playout commands after the turn ends")
    ap.add_argument("--rulesets", default="", help="comma-separated; default all six")
    args = ap.parse_args(argv)
    names = tuple(n for n in args.rulesets.split(",") if n)
    rows, _ = measure(
        args.games, args.iterations, args.playout, names, lambda t: print(t, file=sys.stderr, flush=True)
    )
    for r in rows:
        fig = "-" if r.figure is None else f"{r.figure:.3f}"
        print(f"{r.line}: {fig} {r.unit}; met: {r.met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
