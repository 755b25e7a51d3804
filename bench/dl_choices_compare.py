"""DragonLords random bots before and after the choice tree (issue 27), over the same seeds.

- "flat": the flat random bot before the tree: uniform over `bot_choices(legal_commands)`,
  played with `Engine.play_listed` (bots.random_bot.play_out with `bot_options` hidden);
- "legal": the random bot of today (bots.random_bot.play_out): the tree walk, played with
  `Engine.play_chosen`;
- "walk": uniform at each question of the tree (`engine.choices.walk`, words=False), narrowed
  by the game's `bot_options`; the leaf is played as the engine's bots play a listed command,
  without a second legality check (`Engine._play`, what `play_listed` runs): the tree reaches
  exactly the legal commands (tests/games/dragonlords/test_dl_choice_tree.py). `--submit` plays it
  through `Engine.submit` instead (its check lists every legal command again).

Per mode: games, errors (exceptions or stalls), winners by seat, the mean of the seats'
position values at the end, bot commands and events per game, and the CPU of playing against
the CPU of folding the same games from their events (`StateReader.state_at`, no snapshot).

    .venv/bin/python -m bench.dl_choices_compare [--games 200] [--players 4] [--submit]
        [--modes flat,legal,walk]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from bots import tree_walk
from bots.random_bot import bot_rng, command_limit, play_out
from engine.pipeline import Engine
from projections.state import StateReader
from store import MemoryStore


def walk_out(eng: Engine, gid: str, seed: str, submit: bool = False) -> int:
    """Play a game to its end walking the tree; the number of bot commands."""
    rng: random.Random = bot_rng(seed)
    rs = eng.ruleset(gid)
    limit = command_limit(rs)
    for n in range(limit):
        t = eng.table(gid)
        if t.over:
            return n
        seat = eng.prompts(gid)[0].seat
        got = tree_walk.sample(rs, t, seat, rng)  # the random bot's walk, with bot_options
        assert got is not None, f"{gid}: seat {seat} prompted with nothing to decide"
        cmd = got[0]
        if submit:
            eng.submit(gid, seat, cmd)
        else:
            eng._play(gid, seat, cmd, t)
    raise RuntimeError(f"{gid}: not over after {limit} commands")


def flat_out(eng: Engine, gid: str, seed: str) -> int:
    """`play_out` as it was before the tree: the ruleset's `bot_options` hidden, so the bot
    narrows the flat list with `bot_choices` (bots.tree_walk.flat)."""
    rs = eng.ruleset(gid)
    rs.bot_options = None  # type: ignore[method-assign,assignment]
    try:
        return play_out(eng, gid, seed)
    finally:
        del rs.bot_options


PLAYERS = {"flat": flat_out, "legal": play_out}


def run(mode: str, games: int, players: int, options: dict, submit: bool) -> dict:
    eng = Engine(MemoryStore())
    reader = StateReader(eng.store)
    out: dict = {"games": 0, "errors": 0, "commands": 0, "events": 0, "play": 0.0, "fold": 0.0}
    wins: Counter = Counter()
    value = 0.0
    for i in range(-1, games):  # game -1 warms imports and caches, not counted
        gid, seed = f"{mode}-{i}", f"dl-compare-{i}"
        c0 = time.process_time()
        try:
            eng.create("dragonlords", players, seed, options, game_id=gid)
            with eng.batch():
                n = PLAYERS[mode](eng, gid, seed) if mode in PLAYERS else walk_out(eng, gid, seed, submit)
        except Exception as exc:  # counted, not hidden: the report must show 0
            out["errors"] += 1
            print(f"{mode} game {i}: {exc!r}")
            continue
        played = time.process_time() - c0
        c0 = time.process_time()
        t2 = reader.state_at(gid, use_snapshots=False)
        folded = time.process_time() - c0
        t = eng.table(gid)
        assert t2.version == t.version and t2.over
        if i >= 0:
            rs = eng.ruleset(gid)
            out["games"] += 1
            out["commands"] += n
            out["events"] += t.version
            out["play"] += played
            out["fold"] += folded
            wins.update(t.winners)
            value += sum(rs.position_value(t, s) for s in range(players)) / players
        eng.forget(gid)
    g = max(1, out["games"])
    return {
        **out,
        "commands_per_game": out["commands"] / g,
        "events_per_game": out["events"] / g,
        "mean_value": value / g,
        "winners": dict(sorted(wins.items())),
        "play_vs_fold": out["fold"] / out["play"] if out["play"] else 0.0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--short", action="store_true", help="the short game (DL:5.1/short)")
    ap.add_argument("--submit", action="store_true", help="play the walked leaf through Engine.submit")
    ap.add_argument("--modes", default="flat,legal,walk", help="comma-separated: flat, legal, walk")
    args = ap.parse_args()
    options = {"short_game": True} if args.short else {}
    for mode in args.modes.split(","):
        r = run(mode, args.games, args.players, options, args.submit)
        print(
            f"{mode:5}: {r['games']} games, {r['errors']} errors, winners {r['winners']}, "
            f"mean position value {r['mean_value']:.2f}, {r['commands_per_game']:.0f} commands "
            f"and {r['events_per_game']:.0f} events per game; play {r['play']:.2f} CPU-s, "
            f"fold {r['fold']:.2f} CPU-s: play at {r['play_vs_fold']:.2f}x the fold speed"
        )


if __name__ == "__main__":
    main()
