"""A wide seeded set of Thunderstone games, digested into one SHA-256: speed work must keep it.

Why: the golden hashes hold three 4-seat games; a change to how the rules read their data can
alter a path those never take (a co-op level, solo, a scenario, a reading, a card override, a
situation). This set plays random-bot games over every option the ruleset has, 2-5 seats,
the judge's readings, card overrides and every situation file of the ruleset, and hashes every
stored field of every event (as tests/core/test_golden_hashes.py does, fixed clock and salt).

Run as a tool: `PYTHONPATH=. python -m tests.games.thunderstone.seeded_set` prints the digest
(and `--each` one line per game); the test beside it compares with PINNED.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from bots.random_bot import play_out
from engine import situation as situation_file
from engine.pipeline import Engine
from store import EventStore

SALT = "c0" * 32
SEEDS = ("s1", "s2", "s3")
SITUATIONS = Path(__file__).resolve().parents[3] / "engine" / "games" / "thunderstone" / "situations"

OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (4, {"setup": "first_game"}),
    (3, {"thunderstone": "Stein der Verachtung"}),
    (3, {"thunderstone": "Stein des Terrors"}),
    (3, {"scenario": "Barrowsdale"}),
    (3, {"scenario": "Doomgate"}),
    (3, {"scenario": "Feaynischer Sumpf"}),
    (4, {"scenario": "Drachenturm"}),
    (2, {"variant": "coop"}),
    (3, {"variant": "coop"}),
    (4, {"variant": "coop_brotherhood"}),
    (5, {"variant": "coop_unity"}),
    (1, {}),
    (1, {"solo_level": 2}),
    (1, {"solo_level": 3}),
    (1, {"solo_mode": "return"}),
    (
        4,
        {
            "readings": {
                "A11": "after_light",
                "A48": "global_applies",
                "A17": "not_for_penalty",
                "A13": "no_attack",
            }
        },
    ),
    (
        4,
        {
            "overrides": {
                "Dolch": {"attack": 3, "gold": 2, "price": 1},
                "Fackel": {"light": 3, "keywords": ["light", "edged"]},
                "Miliz": {"strength": 6, "attack": 2, "xp": 1, "vp": 2},
                "Wegelagerer": {"health": 2, "vp": 5, "xp": 3},
                "Glut": {"health": 9, "magic": 1, "weight": 1},
            }
        },
    ),
]


def digest_rows(eng: Engine, gid: str) -> tuple[int, str]:
    rows = [
        (e.version, e.type, e.schema, e.data, e.vis, e.actor, e.rule, e.cause, e.command_id, e.hash)
        for e in eng.store.read(gid)
    ]
    body = json.dumps(rows, separators=(",", ":"), sort_keys=True).encode()
    return len(rows), hashlib.sha256(body).hexdigest()


def games():
    """(label, creator) for every game of the set; the creator makes it and returns (eng, gid)."""
    for players, opts in OPTION_SETS:
        # the readings change these seeds' games only from s4 on: both kinds are kept
        for seed in SEEDS + (("s4", "s5") if "readings" in opts else ()):
            label = f"{players}p {json.dumps(opts, sort_keys=True)} {seed}"
            yield (
                label,
                seed,
                (
                    lambda eng, p=players, o=opts, s=seed, lb=label: eng.create(
                        "thunderstone", p, s, o, game_id=lb, salt=SALT
                    )
                ),
            )
    for path in sorted(SITUATIONS.glob("*.toml")):
        for seed in SEEDS[:2]:
            label = f"situation {path.stem} {seed}"

            def make(eng, path=path, label=label):
                doc = situation_file.read(path)
                return eng.create(
                    doc["ruleset"],
                    doc["players"],
                    doc.get("seed", 0),
                    doc["options"],
                    situation=doc,
                    game_id=label,
                    salt=SALT,
                )

            yield label, seed, make


def run(each: bool = False) -> tuple[int, int, str]:
    """(games, events, SHA-256 over every game's digest in order)."""
    total, n, h = 0, 0, hashlib.sha256()
    for label, seed, make in games():
        eng = Engine(EventStore(":memory:", clock=lambda: 0.0))
        gid = make(eng)
        with eng.batch():
            play_out(eng, gid, seed)
        count, d = digest_rows(eng, gid)
        if each:
            print(f"{count:6d} {d[:16]} {label}")
        h.update(f"{label}|{count}|{d}\n".encode())
        total += count
        n += 1
    return n, total, h.hexdigest()


if __name__ == "__main__":
    print(*run("--each" in sys.argv))
