"""A wide set of seeded games for speed work: every ruleset at two or three seat counts, a few
seeds each, played once with one transaction per game (`Engine.batch`) and once with one per
command. The SHA-256 over all their event hashes (in order) must not move when the engine is
only made faster; `test_wide_games.py` checks it against `wide_games.json`.

Run as a tool: `python -m tests.core.wide_games` prints the digest per ruleset and overall.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from bots.random_bot import play_out
from engine.pipeline import Engine
from store import EventStore

SALT = "c0" * 32  # the commitment's salt is random in real games; fixed here
# (ruleset, seat counts, options, seeds)
SET: tuple[tuple[str, tuple[int, ...], dict, tuple[str, ...]], ...] = (
    ("duel", (2, 3, 4), {}, ("w1", "w2", "w3")),
    ("thunderstone", (2, 4, 5), {}, ("w1", "w2", "w3")),
    ("rune-age", (1, 2, 4), {}, ("w1", "w2")),
    ("epochs", (2, 3, 4), {}, ("w1", "w2")),
    ("dragonlords", (2, 4), {}, ("w1", "w2")),
    ("mage-knight", (1, 2, 4), {}, ("w1", "w2")),
    ("mage-knight", (2, 3), {"scenario": "full_conquest"}, ("w1",)),
    ("dragonlords", (3,), {"short_game": True}, ("w1",)),
)
EXPECTED = Path(__file__).with_name("wide_games.json")


def event_hashes(name: str, players: int, options: dict, seed: str, per_game: bool) -> list[str]:
    eng = Engine(EventStore(":memory:", clock=lambda: 0.0))
    gid = eng.create(name, players, seed, options, game_id=f"{name}-{players}-{seed}", salt=SALT)
    if per_game:
        with eng.batch():
            play_out(eng, gid, seed)
    else:
        play_out(eng, gid, seed)
    return [
        r[0]
        for r in eng.store.conn.execute("SELECT hash FROM events WHERE game_id=? ORDER BY version", (gid,))
    ]


def digest_groups(groups) -> dict[str, dict]:
    """groups: (key, [(ruleset, players, options, seed, per_game), ...]) in order. Per key the
    number of events and the SHA-256 over its games' event hashes in order; "all": the
    SHA-256 over the keys' digests."""
    out: dict[str, dict] = {}
    total = hashlib.sha256()
    for key, games in groups:
        h, events = hashlib.sha256(), 0
        for game in games:
            hashes = event_hashes(*game)
            events += len(hashes)
            for x in hashes:
                h.update(x.encode())
        out[key] = {"events": events, "sha256": h.hexdigest()}
        total.update(h.digest())
    out["all"] = {"events": sum(v["events"] for v in out.values()), "sha256": total.hexdigest()}
    return out


def digests() -> dict[str, dict]:
    return digest_groups(
        (
            name + (json.dumps(options, sort_keys=True) if options else ""),
            [
                (name, players, options, seed, per_game)
                for players in seats
                for seed in seeds
                for per_game in (True, False)
            ],
        )
        for name, seats, options, seeds in SET
    )


if __name__ == "__main__":
    got = digests()
    json.dump(got, sys.stdout, indent=1, sort_keys=True)
    print()
    if "--write" in sys.argv:
        EXPECTED.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
