"""Picking each ruleset's `strong` bot (bots/strong.py): the strongest bot within 20 ms CPU per
decision. For every ruleset: MCTS at the largest iteration count of ITERATIONS whose CPU per
decision fits the budget, played against greedy in seeded two-seat games with the seats
swapped (bench.ladder.match); MCTS is picked when it wins more than half, else greedy (greedy
when no MCTS fits). Prints one row per ruleset, the figures STRONG records.

MCTS plays as `simulate --bots strong` plays it (BotPlay.PLAYOUT random commands after the searched
turn; 12 before 2026-11-29, which made every count dearer than the bot it picked).

`python -m bench.strong_pick --games 20 [--rulesets duel,epochs]`
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from analytics.intervals import wilson
from bench.ladder import match
from bots.players import BotPlay

BUDGET_MS = 20.0
ITERATIONS = (4, 8, 16, 32)
RULESETS = ("duel", "epochs", "rune-age", "thunderstone", "dragonlords")


def ms(spent: dict, kind: str) -> float:
    cpu, n = spent[kind]
    return cpu / n * 1000 if n else 0.0


def pick(ruleset: str, games: int, probe: int, counts: tuple[int, ...] = ITERATIONS, say=print) -> str:
    """The row for one ruleset: the MCTS that fits, its share against greedy, the choice."""
    fits, costs = 0, {}
    for it in counts:  # the cost of MCTS grows with its iterations: stop at the first too dear
        spent: dict = defaultdict(lambda: [0.0, 0])
        for i in range(probe):
            bots = ("mcts", "greedy") if i % 2 == 0 else ("greedy", "mcts")
            match(ruleset, {}, bots, f"pick-{ruleset}-{it}-{i}", it, BotPlay.PLAYOUT, spent)
        costs[it] = ms(spent, "mcts")
        costs[0] = ms(spent, "greedy")
        say(f"{ruleset}: mcts {it} iterations {costs[it]:.1f} ms, greedy {costs[0]:.1f} ms", file=sys.stderr)
        if costs[it] > BUDGET_MS:
            break
        fits = it
    if not fits:
        return f"{ruleset}: greedy ({costs[0]:.1f} ms/decision); no MCTS fits ({costs})"
    spent = defaultdict(lambda: [0.0, 0])
    won, decided = 0.0, 0
    for i in range(games):
        bots = ("mcts", "greedy") if i % 2 == 0 else ("greedy", "mcts")
        got = match(ruleset, {}, bots, f"strong-{ruleset}-{i}", fits, BotPlay.PLAYOUT, spent)
        if got is None:
            continue
        decided += 1
        won += sum(share for bot, share in got if bot == "mcts")
    r = wilson(won, decided)
    chosen = f"mcts {fits}" if decided and r.rate > 0.5 else "greedy"
    return (
        f"{ruleset}: {chosen}; mcts {fits} iterations ({ms(spent, 'mcts'):.1f} ms/decision) won "
        f"{r.rate:.2f} (95% {r.low:.2f}-{r.high:.2f}) of {decided} games against greedy "
        f"({ms(spent, 'greedy'):.1f} ms/decision)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.strong_pick", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games of the fitting MCTS against greedy")
    ap.add_argument("--probe", type=int, default=2, help="games to measure each iteration count's CPU")
    ap.add_argument("--rulesets", default=",".join(RULESETS))
    ap.add_argument("--iterations", default=",".join(map(str, ITERATIONS)), help="MCTS counts to try, rising")
    args = ap.parse_args(argv)
    counts = tuple(int(n) for n in args.iterations.split(","))
    for ruleset in args.rulesets.split(","):
        print(pick(ruleset, args.games, args.probe, counts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
