"""The bot ladder: every rung of bots against the one below it (and the one two below), per
ruleset, in seeded two-seat games played in pairs: both games of a pair have one seed (the same
deal and dice) with the seats swapped, as duplicate bridge does, so the luck of a seed falls to
each bot once.

Per pairing: the upper bot's share of the wins (a shared win counts 1/k, a game nobody won
half to each) and the number of decided games. Significance is a sign test over the pairs:
a seed on which one bot scored more than the other in its two games is *decisive* for it; the
rung is *met* when the Wilson 95% interval of the upper bot's share of the decisive seeds lies
above 0.5 (no assumption that a seed's two games are independent). Why pairs: in a game of
dice most seeds are won by the same seat whoever sits there, and those cancel within a pair;
duel's greedy-MCTS rung needs about a quarter of the games its Wilson interval over single
games would. Per ruleset: Elo points of every bot from all its games (analytics.ratings,
random anchored at 0) and each bot's CPU time per decision (the bot's own thinking, measured
around its choice; the engine's playing of the command is not in it). A pair with a game that
hit the command limit is counted apart ("stalled") and left out of the rates.

Duel is mostly luck and its greedy bot nearly plays it right (it compares cards on the same
die rolls), so the edge any bot can have over greedy is small: one row measures it, the policy
"play the highest card" (nothing in duel rewards holding a card back) against greedy, about
0.53. Duel's adjacent rungs therefore play DUEL_FACTOR times the run's games (duel games cost
milliseconds; MCTS against random, two rungs apart, plays the run's number) with a stronger
MCTS (DUEL_ITERATIONS): the pairs and the count together are what make an edge of a few
hundredths significant. Measured 2026-11-29 (`--games 200 --rulesets duel`, 2,000 games): the
highest card against greedy 0.532, more won on 95 seeds to 31 (0.67–0.82: significant); what
greedy loses is its 3% of passes (both sampled plays missed: a tie with passing). MCTS 256
against greedy was 0.507 (91 seeds to 77: not significant) while it drew chance afresh every
iteration and searched the rival's replies below each card; duel now asks for a turn search
(`search_own_turn`, bots.search: the seat's own turn on common random numbers, as greedy
compares its options): 0.525, 95 seeds to 44 (0.60–0.75: met), 11 ms CPU per decision; the
whole duel ladder (2,000 + 2,000 + 200 + 2,000 games) takes about 2 CPU-minutes.

Rune Age's MCTS is the turn search too, and its adjacent rungs play RUNE_AGE_FACTOR (2) times
the run's games: most of its seeds are won by the first seat whoever sits there, and the whole
search beat greedy only 0.545 at 32 iterations (28 seeds to 19 of 200 games: not significant),
0.56 at 64 (28 to 16). The turn search at 32: 0.59 (32 to 14) on the first 100 seeds, 0.565
(30 to 17) on the next 100, together 62 to 31 (0.57-0.75: met), 9-10 ms per decision; at 64
it did no better (64 to 39 over the 200 seeds, 15-17 ms). Measured 2026-11-29 (`--games 200
--rulesets rune-age`, 64 iterations): 18 minutes on the shared machine, 7.7 CPU-minutes.

Mage Knight (Full Conquest) and DragonLords, measured 2026-11-29 on the ladder's seeds with an
8-iteration MCTS: Mage Knight's greedy beats random 0.902 (seeds 84 to 2 of 200 games) since
the search bots weigh a decision's first question whole (`search_widens`). Its MCTS is the
turn search (`search_own_turn`) and beats greedy 0.625 of 200 games, seeds 43 to 17
(0.59-0.81: met), none stalled; the whole search had not (0.47, 3 to 4 of 16, about 29 CPU-s
a game), and the turn search's first trial stalled 2 of 10 pairs on an idle command (the
Herbalist readying itself), which MCTS now passes over. With the Herbalist no longer readying
itself (a rule fix of the same day, which changes the games), `--games 200 --rulesets
mage-knight`: greedy against random 0.935 (seeds 89 to 2), MCTS against greedy 0.603 (seeds 36
to 18, 0.53-0.78: met). DragonLords' greedy beats random 0.890 (seeds 78 to 0 of 200 games,
0.95-1.00: met; worth.py's value of this date), and once the search bots stopped reading a
rival's chips (`resample_hidden`) MCTS at 32 iterations did not beat greedy (0.50, 5 to 6 of
40). Why DragonLords' MCTS does not: a decision is a walk of three or four questions (attack,
from where, which target, how many), and MCTS spends its iterations at the first question with
several options; on 55 decisions of a greedy game the answer's last question rested on a median
of 1 visit at 8 iterations (its options not all tried in 37) and 3 at 32 (15), where greedy
tries every option of every question twice. Greedy also values all options on the same two
determinizations, MCTS each on whichever world its iteration plays: while the value followed
the guessed rival King, one position's worth swung 0.03-0.08 of win chance between worlds, as
much as its options differ (worth.py now averages the guard over the chip-bearers that may be
King; MCTS 32 against greedy with it, the same 40 games: 0.61, seeds 7 to 3, 0.40-0.89: not
significant). DragonLords now asks MCTS to settle each question of a decision with 8
iterations of its own (`search_settles`): at 24 iterations it beat greedy 0.725 of the ladder's
200 games, seeds 52 to 7 (0.77-0.94: met), none stalled, 22-25 ms CPU per MCTS decision and
7-8 ms per greedy one on the loaded machine (about 4,800 CPU-s for the 200 games; measured
with `match` on the ladder's seeds, 2026-11-29 10:46-11:34). Cost on the 2-core machine: Mage Knight's greedy against random 308 CPU-s for 200
games, its MCTS against greedy 745 CPU-s for 200 (3.7 CPU-s a game; 17 ms per MCTS decision, 22
per greedy one); DragonLords' greedy against random 919 CPU-s for 200 (10.9 ms per greedy
decision), MCTS 32 against greedy 852 CPU-s for 40.

`python -m bench.ladder --games 200 [--rulesets duel,epochs] [--iterations 32] [--workers 2]` prints the
rows (`--workers`: the seeds played in that many processes, the same results as in one);
`make bench` runs it (bench/run.py, section "ladder").
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from analytics.intervals import Rate, wilson
from analytics.ratings import elo, pairwise
from bench.common import Row, row
from bots.players import BotPlay
from bots.random_bot import Stall
from bots.search import greedy
from engine.pipeline import Engine
from store import MemoryStore

RUNGS = ("random", "greedy", "mcts")


def rungs(ruleset: str) -> tuple[str, ...]:
    """The ladder of `ruleset`: random, greedy and MCTS, and above them its `strong` bot where
    that is a bot of its own (a turn planner: Mage Knight), not one of the rungs at another
    strength (item 1: "and any stronger bot")."""
    from bots.strong import strong  # late: the table of choices loads no game

    return (*RUNGS, "strong") if strong(ruleset).kind == "plan" else RUNGS


GAMES = 200  # per pairing, as the bots issue asks
DUEL_FACTOR = 10  # duel plays ten times the run's games: an edge of 0.02-0.03 needs about 2,000
DUEL_ITERATIONS = 256  # duel's MCTS: few iterations cannot tell its cards apart through the dice
RUNE_AGE_FACTOR = 2  # Rune Age's edge over greedy (0.57-0.59) is significant in 400 games, not one lucky 200
FACTORS = {"duel": DUEL_FACTOR, "rune-age": RUNE_AGE_FACTOR}  # games × the run's, adjacent rungs
# (ruleset, options, games per pairing or None for the run's number, MCTS iterations or None)
# Mage Knight plays a lighter MCTS (8 iterations: its turn search beats greedy with it),
# DragonLords 24 iterations with each question of a decision settled by 8 more
# (`search_settles`); what a game of theirs costs, as measured, is in the module docstring.
CASES: tuple[tuple[str, dict[str, Any], int | None, int | None], ...] = (
    ("duel", {}, None, DUEL_ITERATIONS),
    ("epochs", {}, None, None),
    ("rune-age", {}, None, None),
    ("thunderstone", {}, None, None),
    ("dragonlords", {}, None, 24),
    ("mage-knight", {"scenario": "full_conquest"}, None, 8),
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


def sign_test(scores: list[float]) -> tuple[int, int, Rate]:
    """Per seed the upper bot's score over its two games (the sum of its shares, 1.0 for even):
    (seeds the upper bot won more of, seeds the lower did, the Wilson interval of the upper's
    share of those decisive seeds). Under no difference between the bots each decisive seed is
    a fair coin, whatever the two games of a seed have in common."""
    up = sum(1 for x in scores if x > 1.0 + 1e-9)
    down = sum(1 for x in scores if x < 1.0 - 1e-9)
    return up, down, wilson(up, up + down)


def _seed_pair(
    ruleset: str, options: dict, upper: str, lower: str, iterations: int, playout: int, k: int
) -> tuple[list[list[tuple[str, float]] | None], dict[str, list[float]]]:
    """Both seatings of seed `k`: the two games' results (None where one stalled) and the CPU
    the bots spent in them, per bot kind (a worker process's share of `spent`)."""
    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    seed = f"{ruleset}-{upper}-{lower}-{k}"
    got = [
        match(ruleset, options, bots, seed, iterations, playout, spent)
        for bots in ((upper, lower), (lower, upper))
    ]
    return got, dict(spent)


def pairing(
    ruleset: str,
    options: dict,
    upper: str,
    lower: str,
    games: int,
    iterations: int,
    playout: int,
    spent: dict,
    workers: int = 1,
    stalled_seeds: list[str] | None = None,
) -> tuple[list[list[tuple[str, float]]], list[float], int]:
    """`games` games (rounded up to pairs) of `upper` against `lower`, both seatings on each seed:
    (the games' results, the upper bot's score per seed, the games of stalled pairs). With
    `workers` > 1 the seeds are played in that many processes and gathered in seed order, so
    the results are the same as in one (each game is seeded alone; CPU is taken per process).
    The seeds of the stalled pairs are added to `stalled_seeds`, so that they can be replayed."""
    results, scores, stalled = [], [], 0
    ks = range((games + 1) // 2)
    one = partial(_seed_pair, ruleset, options, upper, lower, iterations, playout)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            played = list(pool.map(one, ks))
    else:
        played = [one(k) for k in ks]
    for k, (got, used) in zip(ks, played, strict=True):
        for bot, (cpu, n) in used.items():
            spent[bot][0] += cpu
            spent[bot][1] += n
        if any(g is None for g in got):
            stalled += 2
            if stalled_seeds is not None:
                stalled_seeds.append(f"{ruleset}-{upper}-{lower}-{k}")
            continue
        results += got
        scores.append(sum(share for g in got if g is not None for bot, share in g if bot == upper))
    return results, scores, stalled


def ladder(
    ruleset: str,
    options: dict,
    games: int,
    iterations: int,
    playout: int,
    say=lambda _t: None,
    factor: int = 1,
    workers: int = 1,
) -> tuple[list[Row], dict[str, Any]]:
    """The rows of one ruleset: a pairing row per adjacent rung (`games` × `factor` games each)
    and the top rung against random (`games`: rungs apart, the edge is large), the Elo and CPU
    rows."""
    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    results: list[list[tuple[str, float]]] = []
    rows: list[Row] = []
    detail: dict[str, Any] = {}
    ladder_ = rungs(ruleset)
    pairs = [(ladder_[i + 1], ladder_[i]) for i in range(len(ladder_) - 1)] + [(ladder_[-1], ladder_[0])]
    for upper, lower in pairs:
        asked = games * factor if ladder_.index(upper) - ladder_.index(lower) == 1 else games
        stuck: list[str] = []
        got, scores, stalled = pairing(
            ruleset, options, upper, lower, asked, iterations, playout, spent, workers, stuck
        )
        results += got
        decided = len(got)
        share = sum(x for x in scores) / decided if decided else float("nan")
        up, down, r = sign_test(scores)
        say(
            f"ladder {ruleset}: {upper} against {lower}: share {share:.3f} of {decided} games; "
            f"seeds won {up} to {down}, {r.words()}; {stalled} stalled"
            + (f" (seeds {', '.join(stuck)})" if stuck else "")
        )
        detail[f"{upper}-{lower}"] = {
            "won": sum(scores),
            "decided": decided,
            "stalled": stalled,
            "stalled_seeds": stuck,  # replay with match(ruleset, options, (upper, lower), seed, ...)
            "seeds": (up, down, len(scores)),
            "interval": r,
            "games_interval": wilson(sum(scores), decided),
        }
        rows.append(
            row(
                f"{ruleset}, 2 seats: {upper} against {lower} (MCTS {iterations} iterations), {decided} "
                f"games decided of {2 * ((asked + 1) // 2)} asked, each seed played twice with the seats "
                f"swapped ({stalled} stalled); the upper bot won more on {up} seeds, the lower on "
                f"{down}: 95% interval of the upper's share of those {r.low:.2f}–{r.high:.2f}",
                share if decided else None,
                f"{upper}'s share of wins",
                "an even match",
                0.5,
                "share of wins",
                share / 0.5 if decided else None,
                "share ÷ even",
                f"the upper rung wins significantly (sign test over the seeds: interval above 0.5) "
                f"in at least {GAMES} games",
                r.low > 0.5 and decided >= GAMES,
            )
        )
    points = elo(pairwise(results), anchor=ladder_[0]) if results else {}
    for bot in ladder_:
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
    """ "Play the highest card" against greedy in `games` seeded duels (rounded up to pairs),
    each seed played with the policy in either seat."""
    import runeledger

    scores = []
    for k in range((games + 1) // 2):
        seed, score = f"duel-ceiling-{k}", 0.0
        for me in (0, 1):
            g = runeledger.open("duel", 2, seed=seed)
            rng = random.Random(f"{seed}:{me}")
            while not g.is_over():
                seat = g.to_act()
                legal = g.legal(seat)
                g.apply_unchecked(seat, _highest(legal) if seat == me else greedy(g, seat, legal, rng))
            score += g.returns()[me]
        scores.append(score)
    played = 2 * len(scores)
    share = sum(scores) / played if played else float("nan")
    up, down, r = sign_test(scores)
    say(
        f"ladder duel: highest card against greedy (the ceiling): share {share:.3f}, seeds {up} to {down}, {r.words()}"
    )
    return row(
        f"duel, 2 seats: 'play the highest card' against greedy, the ceiling of the MCTS-greedy rung, "
        f"{played} games, each seed played twice with the seats swapped; the policy won more on {up} "
        f"seeds, greedy on {down}: 95% interval of the policy's share of those {r.low:.2f}–{r.high:.2f}",
        share if played else None,
        "the policy's share of wins",
        "an even match",
        0.5,
        "share of wins",
        share / 0.5 if played else None,
        "share ÷ even",
        "reported (no goal): how far above 0.5 any duel bot can be against greedy",
        None if not played else True,
    ), {"won": sum(scores), "games": played, "seeds": (up, down, len(scores)), "interval": r}


def measure(
    games: int = GAMES,
    iterations: int | None = None,
    playout: int = 0,
    rulesets: tuple[str, ...] | None = None,
    say=lambda _t: None,
    workers: int = 1,
) -> tuple[list[Row], dict[str, Any]]:
    rows, detail = [], {}
    for ruleset, options, few, light in CASES:
        if rulesets and ruleset not in rulesets:
            continue
        n = min(games, few) if few else games
        factor = FACTORS.get(ruleset, 1)
        # --iterations, when given, is every case's; else a case's own, else 32
        got, d = ladder(ruleset, options, n, iterations or light or 32, playout, say, factor, workers)
        rows += got
        detail[ruleset] = d
        if ruleset == "duel":
            top, detail["duel-ceiling"] = duel_ceiling(n * factor, say)
            rows.append(top)
    return rows, detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES, help="games per pairing (seats swapped)")
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="MCTS iterations per decision (default: each ruleset's own, else 32)",
    )
    ap.add_argument("--playout", type=int, default=0, help="MCTS playout commands after the turn ends")
    ap.add_argument("--rulesets", default="", help="comma-separated; default all six")
    ap.add_argument(
        "--workers",
        type=int,
        default=1,
        help=f"processes playing the seeds (this machine has {os.cpu_count()} cores)",
    )
    args = ap.parse_args(argv)
    names = tuple(n for n in args.rulesets.split(",") if n)
    rows, _ = measure(
        args.games,
        args.iterations,
        args.playout,
        names,
        lambda t: print(t, file=sys.stderr, flush=True),
        max(1, args.workers),
    )
    for r in rows:
        fig = "-" if r.figure is None else f"{r.figure:.3f}"
        print(f"{r.line}: {fig} {r.unit}; met: {r.met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
