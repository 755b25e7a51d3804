"""How fast a search bot can think: simulated steps per CPU-second through the research API's
in-memory fork (`runeledger.open`, `Game.clone`, `Game.apply_unchecked`), as MCTS uses it.

Each seeded game is played by the random bot's tree walk on a fork that is cloned every
PLAYOUT steps (the clone plays on, as an MCTS playout starts from a copy); steps are counted
with the walk included, since a playout must choose its moves too. The set-up of a game
(`open`, `Engine.create`) is outside the timing on both sides: a search clones a game, it never
sets one up (the set-up was a third of the fork's time in 4-seat Thunderstone). The reference is
the very same game walked and played through the stored engine (`Engine` over an in-memory
SQLite EventStore, every command checked and stored) in the same run. Goal (the bots issue):
at least 1,000 steps per CPU-second for Mage Knight and 5,000 for Thunderstone.

A second row plays whole 4-seat Thunderstone games between MCTS bots at their default strength
(bots.players.BotPlay) through the stored engine, 20 seeds, and reports the mean CPU time per
game (goal of the bots issue: at most 2 CPU-s), all four seats' thinking and the engine's playing
included.

`python -m bench.search_speed [--games N] [--mcts-games N]`; `make bench` runs it (bench/run.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import runeledger
from bench.common import Row, row
from bots import tree_walk
from bots.players import BotPlay
from bots.search import as_listed
from engine.pipeline import Engine
from store import EventStore, MemoryStore

PLAYOUT = 12
GAMES = 5
CASES: tuple[tuple[str, int, dict[str, Any], float], ...] = (
    ("thunderstone", 4, {}, 5000.0),
    ("mage-knight", 2, {"scenario": "full_conquest"}, 1000.0),
)


def _fork_game(ruleset: str, players: int, options: dict, seed: int) -> tuple[float, list]:
    """One random game on the fork: (CPU seconds, [(seat, command)])."""
    rng = random.Random(f"search-speed:{seed}")
    g = runeledger.open(ruleset, players, seed=seed, options=options).clone(record=False)
    c0 = time.process_time()  # the steps, not the set-up: a search clones, it never opens
    played: list[tuple[int, dict[str, Any]]] = []
    while not g.table.over and len(played) < 20_000:
        if len(played) % PLAYOUT == 0:
            g = g.clone(record=False)
        seat = g.to_act()
        got = tree_walk.random_command(g.ruleset, g.table, seat, rng)
        if got is None:
            break
        cmd = as_listed(g.ruleset, g.table, seat, got[0], got[1])
        g.apply_unchecked(seat, cmd)
        played.append((seat, cmd))
    return time.process_time() - c0, played


def _stored(ruleset: str, players: int, options: dict, seed: int, played: list) -> float:
    """The same game walked and played through the stored engine (the walk from the same
    random stream, so the same commands, which is checked)."""
    rng = random.Random(f"search-speed:{seed}")
    eng = Engine(EventStore(":memory:"))
    gid = f"search-speed-{seed}"
    eng.create(ruleset, players, seed, options, game_id=gid)
    rs = eng.ruleset(gid)
    eng.table(gid)  # folded once before the clock starts, as the fork's table is
    c0 = time.process_time()
    for seat, cmd in played:
        got = tree_walk.random_command(rs, eng.table(gid), seat, rng)
        mine = None if got is None else as_listed(rs, eng.table(gid), seat, got[0], got[1])
        if mine != cmd:
            raise AssertionError(f"{ruleset} seed {seed}: the stored engine walked to {mine}, not {cmd}")
        eng.submit(gid, seat, cmd)
    spent = time.process_time() - c0
    eng.store.close()
    return spent


MCTS_GAME_GOAL = 2.0  # CPU-s per 4-seat Thunderstone game between MCTS bots (the bots issue)
MCTS_GAMES = 20  # seeds of that row: game lengths vary threefold, five seeds left the mean to luck


def mcts_game(seed: int, players: int = 4) -> tuple[float, int]:
    """One Thunderstone game between MCTS bots at their default strength: (CPU-s, commands)."""
    eng = Engine(MemoryStore())
    gid = f"mcts-speed-{seed}"
    c0 = time.process_time()
    eng.create("thunderstone", players, f"mcts-speed-{seed}", {}, game_id=gid)
    with eng.batch():
        n = BotPlay(("mcts",) * players)(eng, gid, f"mcts-speed-{seed}")
    spent = time.process_time() - c0
    eng.store.close()
    return spent, n


def mcts_row(games: int, say) -> tuple[Row, dict[str, Any]]:
    spent = [mcts_game(seed) for seed in range(games)]
    cpu = sum(s for s, _ in spent) / games
    median = sorted(s for s, _ in spent)[games // 2]
    commands = sum(n for _, n in spent)
    per_command = sum(s for s, _ in spent) / commands * 1000
    say(f"search speed: 4-seat Thunderstone between MCTS bots, {cpu:.2f} CPU-s per game")
    return row(
        f"thunderstone, 4 seats: a whole game between MCTS bots at their default strength "
        f"({BotPlay.ITERATIONS} iterations), {games} games (median {median:.2f} CPU-s), {commands} "
        f"commands ({per_command:.1f} ms each), engine included",
        cpu,
        "CPU-s per game",
        "",
        None,
        "",
        None,
        "",
        f"<= {MCTS_GAME_GOAL:g} CPU-s per game",
        cpu <= MCTS_GAME_GOAL,
    ), {"games": games, "cpu_s": cpu, "median_cpu_s": median, "commands": commands}


def measure(
    games: int = GAMES, say=lambda _t: None, mcts_games: int = MCTS_GAMES
) -> tuple[list[Row], dict[str, Any]]:
    rows, detail = [], {}
    for ruleset, players, options, goal in CASES:
        fork_s = stored_s = 0.0
        steps = 0
        for seed in range(games):
            spent, played = _fork_game(ruleset, players, options, seed)
            fork_s += spent
            stored_s += _stored(ruleset, players, options, seed, played)
            steps += len(played)
        per_s, ref = steps / fork_s, steps / stored_s
        say(f"search speed {ruleset}: {per_s:.0f} steps per CPU-s on the fork, {ref:.0f} stored")
        detail[ruleset] = {"steps": steps, "fork_cpu": fork_s, "stored_cpu": stored_s}
        rows.append(
            row(
                f"{ruleset}, {players} seats: simulated steps through the research API's fork "
                f"(random walk included, a clone every {PLAYOUT} steps), {games} games, {steps} steps",
                per_s,
                "steps/CPU-s",
                "the same game walked and played through the stored engine (in-memory SQLite)",
                ref,
                "steps/CPU-s",
                per_s / ref,
                "fork ÷ stored",
                f">= {goal:,.0f} steps/CPU-s",
                per_s >= goal,
            )
        )
    got, detail["thunderstone-mcts-game"] = mcts_row(mcts_games, say)
    rows.append(got)
    return rows, detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.search_speed", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--mcts-games", type=int, default=MCTS_GAMES, help="seeds of the MCTS game row")
    args = ap.parse_args(argv)
    rows, _ = measure(args.games, lambda t: print(t, file=sys.stderr, flush=True), args.mcts_games)
    for r in rows:
        ratio = f" ({r.ratio:.2f}x {r.ratio_means})" if r.ratio is not None else ""
        print(f"{r.line}: {r.figure:.2f} {r.unit}{ratio}; met: {r.met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
