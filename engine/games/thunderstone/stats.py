"""End and battle statistics of stored Thunderstone games, read from their events only.

Why: a designer compares card sets by how games end, how often monsters fall and how long games
last; the numbers must come from the event store (the record), not from engine internals, so the
same script measures any two versions of the rules.

Usage: python -m engine.games.thunderstone.stats STORE.db [--json]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

from store.sqlite_store import EventStore

BATCH = 50_000


def collect(path: str) -> dict[str, Any]:
    """One pass over the store's events; Thunderstone games only (their ts.setup event)."""
    store = EventStore(path)
    try:
        games: dict[str, dict[str, Any]] = {}
        after = 0
        while True:
            rows = store.read_all(after, BATCH)
            if not rows:
                break
            after = rows[-1].seq
            for ev in rows:
                g = games.get(ev.game_id)
                if g is None:
                    g = games[ev.game_id] = {
                        "ts": False,
                        "turns": 0,
                        "battles": 0,
                        "won": 0,
                        "breaches": 0,
                        "over": None,
                        "captured": False,
                        "stalled": False,
                    }
                t = ev.type
                if t == "ts.setup":
                    g["ts"] = True
                elif t == "ts.turn":
                    g["turns"] += 1
                elif t == "ts.battle":
                    g["battles"] += 1
                    g["won"] += bool(ev.data.get("won"))
                elif t == "ts.breach":
                    g["breaches"] += 1
                elif t == "ts.stone":
                    g["captured"] = ev.data.get("captured_by") is not None
                elif t == "game.over":
                    g["over"] = ev.data
    finally:
        store.close()
    return summarise([g for g in games.values() if g["ts"]])


def _end(g: dict[str, Any]) -> str:
    over = g["over"]
    if over is None:
        return "unfinished"
    reason = str(over.get("reason", ""))
    if "stall" in reason or "limit" in reason:
        return "stall"
    if g["captured"] or "captured" in reason:
        return "captured"
    if "position 1" in reason:
        return "reached position 1"
    return "other: " + reason


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games) or 1
    ends = Counter(_end(g) for g in games)
    won = sum(g["won"] for g in games)
    breaches = sum(g["breaches"] for g in games)
    battles = sum(g["battles"] for g in games)
    shared = sum(1 for g in games if g["over"] and len(g["over"].get("winners", [])) > 1)
    zero = sum(1 for g in games if g["over"] and not any(g["over"].get("scores", {}).values()))
    turns = sorted(g["turns"] for g in games)
    return {
        "games": len(games),
        "ends": dict(sorted(ends.items())),
        "turns_mean": round(sum(turns) / n, 1),
        "turns_median": turns[len(turns) // 2] if turns else 0,
        "battles_per_game": round(battles / n, 2),
        "battles_won_per_game": round(won / n, 2),
        "battle_win_rate": round(won / battles, 3) if battles else 0.0,
        "breaches_per_game": round(breaches / n, 2),
        "defeated_share": round(won / (won + breaches), 3) if won + breaches else 0.0,
        "shared_wins": shared,
        "all_scores_zero": zero,
        "stalls": ends.get("stall", 0) + ends.get("unfinished", 0),
    }


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print("usage: python -m engine.games.thunderstone.stats STORE.db [--json]", file=sys.stderr)
        return 2
    out = collect(argv[0])
    if "--json" in argv:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:22} {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
