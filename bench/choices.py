"""The choice trees (issue 27) per ruleset: how big their questions are, how cheap the first
question is, and how fast the random bot plays walking them.

- Sizes: seeded games played by the random bot (`bots.random_bot.decide`, which walks the tree
  one question at a time where the ruleset has left the flat walk); before every decision, one
  more uniform walk of the same tree from the same state (its own random stream, so the game
  is the bot's) records the size of every question it meets (a pick counts its values). Goal:
  no question over 25 options.
- First question: the CPU time of `Ruleset.question(table, seat, [], words=False)` at every
  decision of those games, beside the CPU time of `legal_commands` at the same states (the
  flat enumeration the tree must not need), taken in alternating order; medians and ratio.
- Speed: random-bot games of seeds drawn at random at each run (printed), played in memory
  with their events hashed into the store, against folding the very same games from their
  stored events (`StateReader.state_at` from event 1, no snapshot), in the same run: playing ÷
  folding, goal >= 0.35x; beside it the same commands played with no bot deciding (the ceiling
  any bot could reach).

`python -m bench.choices [--games N] [--speed-games N]` prints the rows; `make bench` puts them
in bench/results.md; `bench/soak.py` checks the sizes over 200 games per ruleset.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from bench.common import row
from bench.scenarios import play_and_fold
from bots import tree_walk
from bots.random_bot import Stall, bot_rng, command_limit, decide
from engine import choices, registry
from engine.pipeline import Engine
from store import MemoryStore

LIMIT = 25  # options per question, at most (tests/choice_checks.py)
SPEED_GOAL = 0.35
SPEED_GAMES = 30

# (ruleset, label, players, options)
CASES: tuple[tuple[str, str, int, dict], ...] = (
    ("duel", "4 seats", 4, {}),
    ("epochs", "4 seats", 4, {}),
    ("rune-age", "4 seats", 4, {}),
    ("thunderstone", "4 seats", 4, {}),
    ("mage-knight", "first_reconnaissance, 4 seats", 4, {}),
    ("mage-knight", "full_conquest, 2 seats", 2, {"scenario": "full_conquest"}),
    ("mage-knight", "blitz_cooperative, 3 seats", 3, {"scenario": "blitz_cooperative"}),
    ("dragonlords", "4 seats", 4, {}),
)


def _tag(ruleset: str, label: str) -> str:
    return f"{ruleset}-{label.split(',')[0].replace(' ', '_')}"


def _look(rs, table, seat: int, rng: random.Random, first: bool, got: dict[str, Any]) -> None:
    """Time the first question and `legal_commands` at this state (in the order `first`
    says), then walk the tree uniformly from that first question, noting each size."""
    clock = time.process_time
    if first:
        c0 = clock()
        q = choices.walk(rs, table, seat, [], False)
        c1 = clock()
        rs.legal_commands(table, seat)
        c2 = clock()
        got["question_s"].append(c1 - c0)
        got["legal_s"].append(c2 - c1)
    else:
        c0 = clock()
        rs.legal_commands(table, seat)
        c1 = clock()
        q = choices.walk(rs, table, seat, [], False)
        c2 = clock()
        got["legal_s"].append(c1 - c0)
        got["question_s"].append(c2 - c1)
    seen: list[int] = []
    walk = tree_walk.asker(rs, table, seat)
    tree_walk.sample(rs, table, seat, rng, lambda path: walk(path) if path else q, seen)
    for n in seen:
        got["sizes"].append(n)
        if n > LIMIT:
            got["over"].append(f"{n} options at event {table.version}, seat {seat}")


def sizes(ruleset: str, players: int, options: dict, seeds: list[str], tag: str) -> dict[str, Any]:
    """Question sizes and first-question times over the random bot's games of `seeds`."""
    rs = registry.get(ruleset)
    eng = Engine(MemoryStore())
    got: dict[str, Any] = {"sizes": [], "question_s": [], "legal_s": [], "over": [], "stalls": 0}
    for i, seed in enumerate(seeds):
        gid = f"{tag}-{i}"
        eng.create(ruleset, players, seed, options, game_id=gid)
        rng, looker = bot_rng(seed), random.Random(f"look:{seed}")
        limit, n = command_limit(rs), 0
        try:
            with eng.batch():
                while n < limit:
                    table, prompts = eng.table(gid), eng.prompts(gid)
                    if not table.over and prompts:
                        _look(rs, table, prompts[0].seat, looker, n % 2 == 0, got)
                    if decide(eng, gid, rng, n) is None:
                        break
                    n += 1
        except Stall:
            got["stalls"] += 1
        got["over"] = [f"seed {seed}: {o}" if not o.startswith("seed") else o for o in got["over"]]
        eng.forget(gid)
    eng.store.close()
    return got


def _summary(got: dict[str, Any]) -> dict[str, Any]:
    q, legal = statistics.median(got["question_s"]), statistics.median(got["legal_s"])
    return {
        "questions": len(got["sizes"]),
        "median_options": statistics.median(got["sizes"]),
        "largest": max(got["sizes"]),
        "over_25": len(got["over"]),
        "over_examples": got["over"][:5],
        "first_question_ms": 1000 * q,
        "legal_commands_ms": 1000 * legal,
        "ratio": q / legal if legal else None,
        "decisions": len(got["question_s"]),
        "stalls": got["stalls"],
    }


def measure(
    games: int = 200, speed_games: int = SPEED_GAMES, say=lambda _text: None
) -> tuple[list, dict[str, Any]]:
    """The size rows and the speed row of every case; `games` seeded games for the sizes,
    `speed_games` seeds drawn now for the speed."""
    rows, detail = [], {}
    draw = random.SystemRandom()
    for ruleset, label, players, options in CASES:
        tag = _tag(ruleset, label)
        s = _summary(sizes(ruleset, players, options, [f"choices-{tag}-{i}" for i in range(games)], tag))
        name = f"{ruleset} {label}: choice tree, random bot over {games} seeded games"
        rows.append(
            row(
                f"{name}: options per question, largest (median {s['median_options']:g}, "
                f"{s['questions']:,} questions, {s['over_25']} over 25)",
                s["largest"],
                "options",
                "the limit of issue 27",
                LIMIT,
                "options",
                s["largest"] / LIMIT,
                "largest ÷ limit",
                "≤25 options, none over",
                s["over_25"] == 0,
            )
        )
        rows.append(
            row(
                f"{name}: CPU time to build the first question (median over {s['decisions']:,} decisions)",
                s["first_question_ms"],
                "ms",
                "legal_commands at the same states (median)",
                s["legal_commands_ms"],
                "ms",
                s["ratio"],
                "first question ÷ legal_commands",
                "reported (cheaper than the flat list where the game asks its own questions)",
                None,
            )
        )
        seeds = [f"speed-{draw.getrandbits(48):012x}" for _ in range(speed_games)]
        say(f"choices speed {ruleset} {label}: seeds {' '.join(seeds)}")
        sp = play_and_fold(ruleset, players, options, seeds, f"speed-{tag}", replay=True)
        played, folded = sp["games"] / sp["play_cpu"], sp["games"] / sp["fold_cpu"]
        how = (
            "on the flat list (bot_choices, no bot_options yet)"
            if tree_walk.flat(registry.get(ruleset))
            else "walking the choice tree"
        )
        rows.append(
            row(
                f"{ruleset} {label}: random bot {how}, {speed_games} games of seeds drawn at random this run "
                f"({sp['events_per_game']:.0f} events per game; playing includes hashing its events into the "
                f"store, {sp['store_cpu'] / sp['play_cpu']:.0%} of it)",
                played,
                "games/CPU-s",
                "the same games folded from their stored events (state_at from event 1, no snapshot)",
                folded,
                "games/CPU-s",
                played / folded,
                "playing ÷ folding",
                f"≥{SPEED_GOAL}×",
                played / folded >= SPEED_GOAL,
            )
        )
        again = sp["games"] / sp["replay_cpu"]
        rows.append(
            row(
                f"{ruleset} {label}: the same games' commands played again with no bot deciding "
                f"(Engine.play_chosen, as the bot's leaves are played; hashing included): deciding was "
                f"{1 - sp['replay_cpu'] / sp['play_cpu']:.0%} of the bot's play",
                again,
                "games/CPU-s",
                "the same games folded from their stored events",
                folded,
                "games/CPU-s",
                again / folded,
                "commands alone ÷ folding",
                "reported (no goal): the most playing ÷ folding could reach with deciding free",
                None,
            )
        )
        detail[f"{ruleset}/{label}"] = dict(
            s,
            players=players,
            options=options,
            flat_walk=tree_walk.flat(registry.get(ruleset)),
            speed_seeds=seeds,
            speed=sp,
        )
    return rows, detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.choices", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="seeded games per case for the sizes")
    ap.add_argument("--speed-games", type=int, default=SPEED_GAMES, help="random seeds for the speed")
    args = ap.parse_args(argv)
    rows, detail = measure(args.games, args.speed_games, lambda t: print(t, file=sys.stderr, flush=True))
    from bench.run import _choices_note, table  # the report's own table (run imports this module)

    print("\n".join([*table(rows), "", *_choices_note(detail, {"choice_games": args.games})]))
    for key, d in detail.items():
        if d["over_25"] or d["stalls"]:
            print(f"{key}: {d['over_25']} questions over 25 ({d['over_examples']}), {d['stalls']} stalls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
