"""Cross-game analytics: one row per finished game, kept up to date from the global event
position with a checkpoint, so a rerun only reads what is new."""

from __future__ import annotations

import sqlite_utils

from store import EventStore

CHECKPOINT = "analytics.games"


def catch_up(store: EventStore, batch: int = 5000) -> int:
    db = sqlite_utils.Database(store.conn)
    db.table("analytics_games").create(
        {"game_id": str, "ruleset": str, "players": int, "events": int, "winners": str, "reason": str},
        pk="game_id",
        if_not_exists=True,
    )
    seen = 0
    position = store.checkpoint(CHECKPOINT)
    while True:
        events = store.read_all(position, batch)
        if not events:
            return seen
        with store.transaction():
            for ev in events:
                if ev.type == "game.created":
                    store.conn.execute(
                        "INSERT OR REPLACE INTO analytics_games VALUES (?,?,?,?,?,?)",
                        (ev.game_id, ev.data["ruleset"], ev.data["players"], 1, None, None),
                    )
                elif ev.type == "game.over":
                    store.conn.execute(
                        "UPDATE analytics_games SET winners=?, reason=?, events=(SELECT version "
                        "FROM streams WHERE game_id=?) WHERE game_id=?",
                        (
                            ",".join(map(str, ev.data["winners"])),
                            ev.data.get("reason"),
                            ev.game_id,
                            ev.game_id,
                        ),
                    )
                seen += 1
            position = events[-1].seq
            store.set_checkpoint(CHECKPOINT, position)  # joins this transaction
