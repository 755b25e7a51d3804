"""Games per CPU-second and events per game for each Mage Knight scenario and DragonLords set-up.

Random bots play seeded games in memory (a MemoryStore), one transaction per game, as `simulate`
plays them; the reference in the same run is the same games folded from their events
(`state_at` from event 1, no snapshot), so a figure always stands beside what the engine's read side does with the
very same events. Each scenario plays at the largest player count it allows. There is no
numeric goal for these rows (issue 13 asks for the figures); they show where a scenario costs.
"""

from __future__ import annotations

import time

from bench.common import row
from bench.games import play_game
from engine.pipeline import Engine
from projections.state import StateReader
from store import MemoryStore

# (ruleset, label, players, options)
CASES: tuple[tuple[str, str, int, dict], ...] = (
    ("mage-knight", "first_reconnaissance", 4, {}),
    ("mage-knight", "full_conquest", 4, {"scenario": "full_conquest"}),
    ("mage-knight", "blitz_conquest", 4, {"scenario": "blitz_conquest"}),
    ("mage-knight", "solo_conquest", 1, {"scenario": "solo_conquest"}),
    ("mage-knight", "full_cooperative", 3, {"scenario": "full_cooperative"}),
    ("mage-knight", "blitz_cooperative", 3, {"scenario": "blitz_cooperative"}),
    ("mage-knight", "mines_liberation", 4, {"scenario": "mines_liberation"}),
    ("mage-knight", "dungeon_lords", 4, {"scenario": "dungeon_lords"}),
    ("mage-knight", "druid_nights", 4, {"scenario": "druid_nights"}),
    ("mage-knight", "only_one_returns", 4, {"scenario": "only_one_returns"}),
    ("mage-knight", "conquer_keeps_towers", 4, {"scenario": "conquer_keeps_towers"}),
    ("dragonlords", "two players (two races each)", 2, {}),
    ("dragonlords", "four players", 4, {}),
    ("dragonlords", "short game, four players", 4, {"short_game": True}),
)


def play_and_fold(
    ruleset: str, players: int, options: dict, seeds: list[str], tag: str, replay: bool = False
) -> dict:
    """Random-bot games of `seeds` (one warm-up game first, not counted), each played in memory
    in one transaction, then folded from its events: the CPU seconds of both.

    Playing includes hashing its events into the store (`store_cpu`, also reported alone): the
    memory store defers that work to the first read, and a fold timed over unhashed rows would
    carry the play's hashing as its own (until 2026-11-29 it did, which showed every ratio 3-4
    times too high). The fold is the read alone: `state_at` from event 1, no snapshot. With
    `replay`, also the CPU seconds of each game's own commands played again through the pipeline
    with no bot deciding, their hashing included (`replay_cpu`): play with deciding free."""
    eng = Engine(MemoryStore())
    reader = StateReader(eng.store)
    got = {"play_cpu": 0.0, "store_cpu": 0.0, "fold_cpu": 0.0, "replay_cpu": 0.0}
    events = 0
    for i, seed in [(-1, f"bench-{tag}--1"), *enumerate(seeds)]:  # game -1 warms imports and caches
        gid = f"{tag}-{i}"
        n, spent, _, stored = play_game(eng, gid, seed, True, ruleset, players, options)
        c0 = time.process_time()
        t = reader.state_at(gid, use_snapshots=False)
        folded = time.process_time() - c0
        if t.version != n or not t.over:
            raise AssertionError(f"{ruleset} {tag}: the fold of game {i} (seed {seed}) differs from the game")
        replayed = _replay(eng, reader, gid, seed, ruleset, players, options, n) if replay else 0.0
        eng.forget(gid)
        if i >= 0:
            got["play_cpu"] += spent
            got["store_cpu"] += stored
            got["fold_cpu"] += folded
            got["replay_cpu"] += replayed
            events += n
    eng.store.close()
    if not replay:
        del got["replay_cpu"]
    return {"games": len(seeds), **got, "events_per_game": events / len(seeds)}


def _replay(
    eng: Engine, reader: StateReader, gid: str, seed: str, ruleset: str, players: int, options, n: int
):
    """The CPU seconds of creating game `gid` again and playing its recorded commands (its
    `cmd.*` events, each its seat's) through the pipeline as a bot's chosen leaves are played
    (`Engine.play_chosen`, no second legality check), their hashing included; checked to end
    at the same event. The copy is dropped from the engine (its rows stay in the store)."""
    rs = eng.ruleset(gid)
    cmds = [(ev.actor, ev.data) for ev in reader.events(rs, gid) if ev.type.startswith("cmd.")]
    again = f"{gid}-again"
    c0 = time.process_time()
    eng.create(ruleset, players, seed, options, game_id=again)
    with eng.batch():
        for seat, cmd in cmds:
            eng.play_chosen(again, seat, cmd)
    eng.store.hash_pending()  # type: ignore[union-attr]  # the copy's hashing, as play_game pays it
    spent = time.process_time() - c0
    if eng.table(again).version != n:
        raise AssertionError(f"{ruleset}: game {gid}'s commands played again end at another event")
    eng.forget(again)
    return spent


def _case(ruleset: str, players: int, options: dict, games: int, tag: str) -> dict:
    return play_and_fold(ruleset, players, options, [f"bench-{tag}-{i}" for i in range(games)], tag)


def measure(games: int = 5) -> tuple[list, dict]:
    rows, detail = [], {}
    for ruleset, label, players, options in CASES:
        got = _case(ruleset, players, options, games, label.replace(" ", "_").replace(",", ""))
        per_cpu = got["games"] / got["play_cpu"]
        folded = got["games"] / got["fold_cpu"]
        rows.append(
            row(
                f"{ruleset} {label}, {players} seat{'s' if players > 1 else ''}, random bots, in memory (MemoryStore) "
                f"({got['events_per_game']:.0f} events per game; hashing them into the store included)",
                per_cpu,
                "games/CPU-s",
                "the same games folded from their stored events (state_at from event 1, no snapshot)",
                folded,
                "games/CPU-s",
                per_cpu / folded,
                "playing ÷ folding",
                "reported (no goal)",
                None,
            )
        )
        detail[f"{ruleset}/{label}"] = dict(got, players=players, options=options)
    return rows, detail
