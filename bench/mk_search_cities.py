"""Mage Knight's MCTS (the turn search) measured as bench.mk_strong measures `strong` (issue 30,
item 2): cities conquered, assaults, fame by round, level at the end, the scenario's goal and CPU
per decision, over the same seeds. A bot is named `mcts<N>` (N iterations a decision, e.g.
mcts8) or any kind bots.players knows; `--value NAME=X` sets a weight of the position value
(engine/games/mage_knight/bots/position.py) for the run, so two values compare on the same seeds.

`python -m bench.mk_search_cities --games 30 [--first 0] [--scenario full_conquest --players 2]
[--bots mcts8,strong] [--value WOUND=-2] [--search search_widens=0]`; `--ladder 40` plays MCTS
against greedy on the ladder's first 40 Mage Knight games instead.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict

from bench import ladder, mk_strong
from bots.players import KINDS
from bots.random_bot import Stall
from engine import registry
from engine.games.mage_knight.bots import position
from engine.pipeline import Engine
from store import MemoryStore


def kind_of(name: str) -> tuple[str, int | None]:
    """(the bot kind, its MCTS iterations or None): `mcts8` is MCTS at 8 iterations."""
    m = re.fullmatch(r"mcts(\d+)", name)
    if m:
        return "mcts", int(m.group(1))
    if name not in KINDS:
        raise SystemExit(f"--bots: unknown bot {name!r}; mcts<N> or one of {', '.join(KINDS)}")
    return name, None


def play(name: str, scenario: str, players: int, seed: str, tally: mk_strong.Tally) -> None:
    """One game of `name` in every seat, its figures added to `tally` (bench.mk_strong.play with
    the iterations the name gives)."""
    kind, iterations = kind_of(name)
    eng = Engine(MemoryStore())
    gid = f"mk-strong-{seed}"
    eng.create("mage-knight", players, seed, {"scenario": scenario}, game_id=gid)
    bots = mk_strong._Watched((kind,) * players, tally)
    if iterations is not None:
        bots.iterations = iterations
    with eng.batch():
        try:
            bots(eng, gid, seed)
        except Stall:
            tally.stalled += 1
    _settle(eng, gid, bots, tally)


def _settle(eng, gid: str, bots, tally: mk_strong.Tally) -> None:
    """A played game's figures into `tally`, as bench.mk_strong.play counts them."""
    table = eng.table(gid)
    game = table.game
    bots.fame[max(game.round, 1)] = [p.fame for p in game.players]
    events = eng.store.read(gid)
    tally.turns += mk_strong.turn_use(events)
    tally.fights += mk_strong.assault_use(events, {s for c in game.cities for s in c.spaces})
    eng.store.close()
    tally.games += 1
    for rnd, fames in bots.fame.items():
        tally.fame[rnd] += [float(f) for f in fames]
    tally.levels += [p.level for p in game.players]
    tally.cities += any(c.status == "conquered" for c in game.cities)
    tally.defenders += sum(len(c.defeated) for c in game.cities)
    if bots.revealed or game.cities:
        tally.revealed.append(bots.revealed or game.round)
    tally.won += bool(table.over and table.winners)


def set_value(pairs: list[str]) -> None:
    """`NAME=X`: a weight of position.py for this run (only a name it defines)."""
    for pair in pairs:
        name, _, x = pair.partition("=")
        if not hasattr(position, name) or not name.isupper():
            raise SystemExit(f"--value: position.py has no weight {name!r}")
        setattr(position, name, float(x))


def set_search(pairs: list[str]) -> None:
    """`NAME=X`: a search attribute of the Mage Knight ruleset (search_*) for this run."""
    cls = type(registry.get("mage-knight"))
    for pair in pairs:
        name, _, x = pair.partition("=")
        if not name.startswith("search_") or not hasattr(cls, name):
            raise SystemExit(f"--search: the ruleset has no search attribute {name!r}")
        setattr(cls, name, type(getattr(cls, name))(int(x)))


def ladder_sample(games: int, iterations: int) -> str:
    """MCTS against greedy on the ladder's first `games` Full Conquest games (bench.ladder's
    seeds, both seatings of each): its share, the seeds won either way, CPU per decision."""
    spent: dict = defaultdict(lambda: [0.0, 0])
    _, scores, stalled = ladder.pairing(
        "mage-knight", {"scenario": "full_conquest"}, "mcts", "greedy", games, iterations, 0, spent
    )
    up, down, r = ladder.sign_test(scores)
    share = sum(scores) / (2 * len(scores)) if scores else float("nan")
    cpu = ", ".join(f"{k} {v[0] / max(v[1], 1) * 1000:.1f} ms" for k, v in sorted(spent.items()))
    return (
        f"ladder sample: mcts{iterations} against greedy, {2 * len(scores)} games ({stalled} stalled): "
        f"share {share:.3f}, seeds won {up} to {down} (95% {r.low:.2f}-{r.high:.2f}); CPU per decision {cpu}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.mk_search_cities", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--first", type=int, default=0, help="first seed number")
    ap.add_argument("--scenario", default="full_conquest")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="mcts8", help="bots to compare (mcts<N> or a bots.players kind)")
    ap.add_argument("--value", action="append", default=[], help="NAME=X: a position.py weight")
    ap.add_argument("--search", action="append", default=[], help="NAME=X: a ruleset search_* attribute")
    ap.add_argument(
        "--ladder", type=int, default=0, help="instead: MCTS against greedy, this many ladder games"
    )
    args = ap.parse_args(argv)
    set_value(args.value)
    set_search(args.search)
    if args.ladder:
        for name in args.bots.split(","):
            print(ladder_sample(args.ladder, kind_of(name)[1] or 32), flush=True)
        return 0
    for name in args.bots.split(","):
        kind_of(name)
        tally = mk_strong.Tally()
        for i in range(args.first, args.first + args.games):
            cities = tally.cities
            play(name, args.scenario, args.players, f"{args.scenario}-{args.players}-{i}", tally)
            took = " (a city conquered)" if tally.cities > cities else ""
            print(f"{name} game {i}: done{took}", file=sys.stderr, flush=True)
        label = name + "".join(f" {v}" for v in args.value + args.search)
        print(f"{args.scenario}, {args.players} players, seeds {args.first}..{args.first + args.games - 1}")
        print("\n".join(tally.lines(label)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
