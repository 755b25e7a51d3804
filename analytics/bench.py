"""Bot bench: MCTS heads-up against random, per ruleset, with its cost per decision.

    python -m analytics.bench [--games N] [--iterations K] [RULESET ...]

Seats alternate game by game (MCTS is seat 0 in even games, seat 1 in odd), seeds are fixed,
so a figure is reproducible. The target (issue 16) is at least 75% of the games won by MCTS in
duel, thunderstone and rune-age; a shared win counts as a fraction. Exit code 1 when a
ruleset misses the target.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import runeledger
from bots.search import choices, mcts

TARGET = 0.75
RULESETS = ("duel", "thunderstone", "rune-age")


def heads_up(ruleset: str, games: int, iterations: int, playout: int = 12) -> dict:
    wins = decisions = 0.0
    spent = 0.0
    reasons: dict[str, int] = {}
    for i in range(games):
        me = i % 2
        g = runeledger.open(ruleset, 2, seed=f"bench-{i}")
        rng = random.Random(f"bench-bot-{i}")
        while not g.is_over():
            seat = g.to_act()
            if seat is None:  # a game that runs has a prompt; else choices() would fail on None
                raise RuntimeError(f"{ruleset} bench game {i}: running, but no seat is to act")
            legal = choices(g, seat)
            if seat == me and len(legal) > 1:
                t0 = time.perf_counter()
                cmd = mcts(g, seat, legal, rng, iterations, playout)
                spent += time.perf_counter() - t0
                decisions += 1
            else:
                cmd = rng.choice(legal)
            g.apply_unchecked(seat, cmd)
        wins += g.returns()[me]
        reason = g.events()[-2]["data"].get("reason", "?") if len(g.events()) > 1 else "?"
        reasons[reason] = reasons.get(reason, 0) + 1
    return {
        "ruleset": ruleset,
        "games": games,
        "iterations": iterations,
        "mcts_win_rate": round(wins / games, 3),
        "decisions": int(decisions),
        "ms_per_decision": round(1000 * spent / max(decisions, 1), 1),
        "target": TARGET,
        "ok": wins / games >= TARGET,
        "end_reasons": reasons,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("rulesets", nargs="*", default=list(RULESETS))
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--iterations", type=int, default=32)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    ok = True
    for rs in a.rulesets:
        r = heads_up(rs, a.games, a.iterations)
        ok &= r["ok"]
        print(
            json.dumps(r)
            if a.json
            else f"{rs:14} MCTS vs random: {100 * r['mcts_win_rate']:.0f}% of {r['games']} games "
            f"({'ok' if r['ok'] else 'BELOW'} {100 * TARGET:.0f}%), "
            f"{r['ms_per_decision']} ms per decision ({r['iterations']} iterations)"
        )
        sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
