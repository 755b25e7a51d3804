"""Seat tokens: 32 random bytes, kept only as SHA-256 hashes, compared in constant time.

They live in their own small SQLite file beside the event store (the store is the core's and
holds game facts only); a token is never logged.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3

REFEREE = "referee"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Seats:
    """game id -> the hash of each seat's token and of the referee's."""

    def __init__(self, path: str):
        self.db = sqlite3.connect(path if path == ":memory:" else path + ".seats",
                                  check_same_thread=False)
        self.db.execute("CREATE TABLE IF NOT EXISTS seat_token (game_id TEXT, seat TEXT, "
                        "hash TEXT, bot TEXT, PRIMARY KEY (game_id, seat))")
        self.db.commit()

    def issue(self, game_id: str, players: int, bots: dict[int, str] | None = None) -> dict:
        bots = bots or {}
        seats = [{"seat": s, "token": new_token()} for s in range(players)]
        referee = new_token()
        with self.db:
            for s in seats:
                self.db.execute("INSERT INTO seat_token VALUES (?,?,?,?)",
                                (game_id, str(s["seat"]), digest(s["token"]), bots.get(s["seat"])))
            self.db.execute("INSERT INTO seat_token VALUES (?,?,?,NULL)",
                            (game_id, REFEREE, digest(referee)))
        return {"seats": seats, "referee_token": referee}

    def who(self, game_id: str, token: str):
        """The seat (int) or REFEREE that `token` opens in `game_id`, else None."""
        want = digest(token)
        found = None
        for seat, h in self.db.execute("SELECT seat, hash FROM seat_token WHERE game_id=?",
                                       (game_id,)):
            if hmac.compare_digest(h, want):  # every row compared: no early exit on a match
                found = seat
        if found is None:
            return None
        return REFEREE if found == REFEREE else int(found)

    def bots(self, game_id: str) -> dict[int, str]:
        return {int(s): b for s, b in self.db.execute(
            "SELECT seat, bot FROM seat_token WHERE game_id=? AND bot IS NOT NULL AND seat!=?",
            (game_id, REFEREE))}
