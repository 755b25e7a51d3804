"""Seeded Mage Knight and DragonLords games kept byte-identical through speed work.

Wider than `tests/core/wide_games.py` for these two games: every Mage Knight scenario at its
smallest seat count, full_conquest at 2, 3 and 4 seats, DragonLords at 2 and 4 players and the
short game, a few seeds each, one transaction per game (as `simulate` plays). The SHA-256 over
all event hashes (in order) was recorded before any speed change to these games in
`mkdl_speed_games.json`; `test_mkdl_speed_games.py` checks it.

Run as a tool: `python -m tests.games.mage_knight.mkdl_speed_games` prints the digests.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from engine.bots import play_out
from engine.pipeline import Engine
from store import EventStore

SALT = "d1" * 32  # the commitment's salt is random in real games; fixed here
MK_SMALLEST = (("first_reconnaissance", 1), ("blitz_conquest", 2), ("solo_conquest", 1),
               ("full_cooperative", 2), ("blitz_cooperative", 2), ("mines_liberation", 2),
               ("dungeon_lords", 2), ("druid_nights", 2), ("only_one_returns", 2),
               ("conquer_keeps_towers", 2))
# (ruleset, players, options, seeds)
SET: tuple[tuple[str, int, dict, tuple[str, ...]], ...] = (
    *(("mage-knight", n, {"scenario": s}, ("k1", "k2")) for s, n in MK_SMALLEST),
    *(("mage-knight", n, {"scenario": "full_conquest"}, ("k1", "k2")) for n in (2, 3, 4)),
    ("dragonlords", 2, {}, ("d1", "d2", "d3")),
    ("dragonlords", 4, {}, ("d1", "d2", "d3")),
    ("dragonlords", 4, {"short_game": True}, ("d1", "d2", "d3")),
)
EXPECTED = Path(__file__).with_name("mkdl_speed_games.json")


def event_hashes(name: str, players: int, options: dict, seed: str) -> list[str]:
    eng = Engine(EventStore(":memory:", clock=lambda: 0.0))
    gid = eng.create(name, players, seed, options, game_id=f"{name}-{players}-{seed}", salt=SALT)
    with eng.batch():
        play_out(eng, gid, seed)
    return [r[0] for r in eng.store.conn.execute(
        "SELECT hash FROM events WHERE game_id=? ORDER BY version", (gid,))]


def digests() -> dict[str, dict]:
    out: dict[str, dict] = {}
    total = hashlib.sha256()
    for name, players, options, seeds in SET:
        h, events = hashlib.sha256(), 0
        for seed in seeds:
            hashes = event_hashes(name, players, options, seed)
            events += len(hashes)
            for x in hashes:
                h.update(x.encode())
        key = f"{name} {players} {json.dumps(options, sort_keys=True)}"
        out[key] = {"events": events, "sha256": h.hexdigest()}
        total.update(h.digest())
    out["all"] = {"events": sum(v["events"] for v in out.values()), "sha256": total.hexdigest()}
    return out


if __name__ == "__main__":
    got = digests()
    json.dump(got, sys.stdout, indent=1, sort_keys=True)
    print()
    if "--write" in sys.argv:
        EXPECTED.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
