"""Mage Knight's random bots before and after the choice tree (issue 27's closing note).

Before: the random bot as it played before the tree, uniform over `bot_choices(legal_commands)` (the whole
legal list, narrowed by bots/policy.py). After: a bot walking the choice tree one question at a
time (`engine.choices.walk`, words=False), uniform over the options the ruleset's
`bot_options` hook keeps at each question (bots/tree_policy.py), a lazy step walked further, a
pick given a uniform size and a uniform subset, a leaf played. Both play the same seeds.

Per side: fame at the end (mean and median over every seat of every game, and the mean per
seat), tiles explored (`mk.explored` events), cities assaulted (`mk.combat_started` of kind
assault on a city space) and conquered (cities whose status is conquered at the end), game
length (bot commands, events, rounds), errors and stalls, and CPU per game beside the fold of
the same games (`state_at` from event 1, no snapshot): playing ÷ folding, in games per CPU-s.

    .venv/bin/python -m bench.mk_choices_compare [--games N] [--case full_conquest|first_reconnaissance]
"""

from __future__ import annotations

import argparse
import statistics
import time
import traceback
from collections.abc import Callable
from typing import Any

from bots import tree_walk
from bots.random_bot import Stall, bot_rng, command_limit, prompted
from engine import choices as tree
from engine.games.mage_knight.bots.tree_policy import bot_options
from engine.pipeline import Engine
from projections.state import StateReader
from store import MemoryStore

# (label, players, options)
CASES: tuple[tuple[str, int, dict], ...] = (
    ("full_conquest", 2, {"scenario": "full_conquest"}),
    ("first_reconnaissance", 4, {}),
)
Hook = Callable[[Any, int, list, list], list] | None


def tree_command(rs, table, seat: int, rng, hook: Hook) -> dict[str, Any]:
    """One command found by the random bot's walk (bots.tree_walk), narrowed by `hook` instead
    of the ruleset's own bot_options (None: not narrowed)."""
    got = tree_walk.sample(rs, table, seat, rng, narrow=hook)
    if got is None:
        raise Stall(f"seat {seat}: nothing to decide", table.game_id, None, 0, table.version)
    return got[0]


def tree_play_out(eng: Engine, gid: str, seed: str, hook: Hook = None) -> int:
    """`bots.random_bot.play_out` for the tree-walking bot: the bot commands of a whole game;
    Stall past the ruleset's command limit or when nobody is prompted."""
    rs = eng.ruleset(gid)
    rng = bot_rng(seed)
    for n in range(command_limit(rs)):
        first = prompted(eng, gid, n)
        if first is None:
            return n
        eng.play_chosen(gid, first.seat, tree_command(rs, eng.table(gid), first.seat, rng, hook))
    raise Stall(f"game {gid}: not over after {command_limit(rs)} bot commands", gid, None, n)


def flat_play_out(eng: Engine, gid: str, seed: str) -> int:
    """The random bot as it was before the tree: uniform over `bot_choices` of the whole legal
    list (played as listed: the listing is its legality check)."""
    rs = eng.ruleset(gid)
    rng = bot_rng(seed)
    for n in range(command_limit(rs)):
        first = prompted(eng, gid, n)
        if first is None:
            return n
        legal = eng.bot_legal(gid, first.seat)
        eng.play_listed(
            gid, first.seat, rng.choice(rs.bot_choices(eng.table(gid), first.seat, legal) or legal)
        )
    raise Stall(f"game {gid}: not over after {command_limit(rs)} bot commands", gid, None, n)


def mk_hook(eng: Engine, gid: str) -> Hook:
    """Mage Knight's bot_options bound to the game's ruleset (as the ruleset's method would be)."""
    rs = eng.ruleset(gid)
    return lambda table, seat, path, options: bot_options(rs, table, seat, path, options)


class Split:
    """Where the tree bot's CPU goes: its own questions (`walk`), the hook without the branches
    it walks (`hook`), those branches (`peek`); the rest of a game is playing the commands
    (`submit`, with its legality check) and the prompts."""

    def __init__(self) -> None:
        self.walk = self.hook = self.peek = 0.0
        self.hooked = False
        self._walk = tree.walk

    def timed_walk(self, *args: Any, **kw: Any) -> Any:
        c0 = time.process_time()
        try:
            return self._walk(*args, **kw)
        finally:
            spent = time.process_time() - c0
            if self.hooked:
                self.peek += spent
            else:
                self.walk += spent

    def hook_of(self, inner: Hook) -> Hook:
        assert inner is not None

        def timed(table: Any, seat: int, path: list, options: list) -> list:
            c0, peek0 = time.process_time(), self.peek
            self.hooked = True
            try:
                return inner(table, seat, path, options)
            finally:
                self.hooked = False
                self.hook += time.process_time() - c0 - (self.peek - peek0)

        return timed

    def parts(self) -> tuple[float, float, float]:
        return self.walk, self.hook, self.peek

    def __enter__(self) -> Split:
        tree.walk = self.timed_walk  # the bench's timer, undone on exit
        return self

    def __exit__(self, *exc: object) -> None:
        tree.walk = self._walk


def facts(eng: Engine, gid: str) -> dict[str, Any]:
    """What the comparison reads of a finished game (state and events)."""
    table = eng.table(gid)
    game = table.game
    city_spaces = {s for c in game.cities for s in c.spaces}
    events = eng.store.read(gid)
    return {
        "fame": [p.fame for p in game.players],
        "explored": sum(1 for e in events if e.type == "mk.explored"),
        "assaulted": sum(
            1
            for e in events
            if e.type == "mk.combat_started"
            and e.data.get("kind") == "assault"
            and e.data["space"] in city_spaces
        ),
        "conquered": sum(1 for c in game.cities if c.status == "conquered"),
        "events": table.version,
        "rounds": game.round,
    }


def play_side(label: str, players: int, options: dict, games: int, side: str) -> dict[str, Any]:
    """`games` seeded games of one side ("old" or "tree"), one warm-up game not counted."""
    eng = Engine(MemoryStore())
    reader = StateReader(eng.store)
    out: dict[str, Any] = {"games": [], "errors": [], "stalls": []}
    with Split() as split:
        for i in range(-1, games):
            gid, seed = f"{label}-{side}-{i}", f"mkcmp-{label}-{i}"
            got = _one(eng, reader, gid, seed, players, options, side, split)
            if isinstance(got, str):
                out["stalls" if got.startswith("stall") else "errors"].append(f"{seed}: {got}")
            elif i >= 0:
                out["games"].append(got)
            eng.forget(gid)
    eng.store.close()
    return out


def _one(
    eng, reader, gid: str, seed: str, players: int, options: dict, side: str, split: Split
) -> dict | str:
    """One game: its facts and CPU, or what went wrong ("stall: ..." or the error)."""
    c0, parts0 = time.process_time(), split.parts()
    try:
        eng.create("mage-knight", players, seed, options, game_id=gid)
        with eng.batch():
            if side == "old":
                n = flat_play_out(eng, gid, seed)
            else:
                n = tree_play_out(eng, gid, seed, split.hook_of(mk_hook(eng, gid)))
    except Stall as exc:
        return f"stall: {exc}"
    except Exception as exc:  # an error is a finding: counted and shown, the run goes on
        return f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-4)}"
    played = time.process_time() - c0
    parts = [b - a for a, b in zip(parts0, split.parts(), strict=True)]
    c1 = time.process_time()
    folded = reader.state_at(gid, use_snapshots=False)
    fold = time.process_time() - c1
    if folded.version != eng.table(gid).version or not folded.over:
        return "the fold differs from the game"
    times = dict(zip(("walk", "hook", "peek"), parts, strict=True))
    return {**facts(eng, gid), **times, "commands": n, "cpu": played, "fold": fold}


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def summary(got: dict[str, Any], players: int) -> dict[str, str]:
    """The table's column for one side."""
    gs = got["games"]
    fame = [f for g in gs for f in g["fame"]]
    per_seat = " / ".join(f"{_mean([g['fame'][s] for g in gs]):.1f}" for s in range(players))
    cpu, fold = sum(g["cpu"] for g in gs), sum(g["fold"] for g in gs)

    def mean_ms(k: str) -> str:
        return f"{1000 * _mean([g[k] for g in gs]):.1f}"

    def mean(k: str, digits: int = 1) -> str:
        return f"{_mean([g[k] for g in gs]):.{digits}f}"

    return {
        "games finished": str(len(gs)),
        "fame mean / median (all seats)": f"{_mean(fame):.2f} / {statistics.median(fame) if fame else 0:g}",
        "fame mean per seat": per_seat,
        "tiles explored per game": mean("explored", 2),
        "cities assaulted per game": mean("assaulted", 2),
        "cities conquered per game": mean("conquered", 3),
        "bot commands per game": mean("commands"),
        "events per game": mean("events"),
        "rounds per game": mean("rounds", 2),
        "errors": str(len(got["errors"])),
        "stalls": str(len(got["stalls"])),
        "CPU ms per game (play)": f"{1000 * cpu / max(len(gs), 1):.1f}",
        "CPU ms per game (fold)": f"{1000 * fold / max(len(gs), 1):.2f}",
        "of play: the bot's own questions (walk)": mean_ms("walk"),
        "of play: bot_options, its habits": mean_ms("hook"),
        "of play: bot_options, branches it walks": mean_ms("peek"),
        "playing ÷ folding": f"{fold / cpu:.3f}x" if cpu else "-",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--case", choices=[c[0] for c in CASES], action="append")
    ap.add_argument("--side", choices=["old", "tree"], action="append")
    args = ap.parse_args()
    for label, players, options in CASES:
        if args.case and label not in args.case:
            continue
        cols = {}
        for side in args.side or ("old", "tree"):
            got = play_side(label, players, options, args.games, side)
            cols[side] = summary(got, players)
            for msg in (got["errors"] + got["stalls"])[:3]:
                print(f"  [{side}] {msg}")
        print(f"\n### {label}, {players} players, {args.games} seeded games per side\n")
        sides = list(cols)
        print("| | " + " | ".join(sides) + " |")
        print("|---|" + "---|" * len(sides))
        for k in cols[sides[0]]:
            print(f"| {k} | " + " | ".join(cols[s][k] for s in sides) + " |")
        print(flush=True)


if __name__ == "__main__":
    main()
