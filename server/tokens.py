"""Seat tokens: 32 random bytes, kept only as SHA-256 hashes, compared in constant time.

The hashes live in the event store's `seat_tokens` table and are written in the same
transaction that creates the game (`Engine.create(seat_tokens=...)`), so a game exists with its
seats or not at all. An older table kept them in a side file `FILE.seats`, written after the
game's commit: its rows are copied into the store when the table opens it (the file itself is
left as it was), and a game the side file never got is an orphan (`verify`, the lobby hides
it). A token is never logged.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import sqlite3

from store import EventStore, MemoryStore

REFEREE = "referee"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Seats:
    """game id -> the hash of each seat's token and of the referee's, read from the store."""

    def __init__(self, store: EventStore | MemoryStore | str):
        self.store = store if isinstance(store, (EventStore, MemoryStore)) else EventStore(store)
        if isinstance(self.store, EventStore):
            self._import_side_file(self.store)

    @staticmethod
    def _import_side_file(store: EventStore) -> None:
        """Copy the rows of an older table's `FILE.seats` into the store (once; rows already
        there are kept), so the games it served stay playable."""
        side = f"{store.path}.seats"
        if not os.path.isfile(side):
            return
        try:
            with contextlib.closing(sqlite3.connect(f"file:{side}?mode=ro", uri=True)) as c:
                rows = c.execute("SELECT game_id, seat, hash, bot FROM seat_token ORDER BY rowid").fetchall()
        except sqlite3.Error:
            return  # not a side file of ours: nothing to import (verify names the orphans)
        with store.transaction():
            store.conn.executemany(
                "INSERT OR IGNORE INTO seat_tokens (game_id, seat, hash, bot) VALUES (?,?,?,?)", rows
            )

    def prepare(self, players: int, bots: dict[int, str] | None = None) -> tuple[dict, list]:
        """New tokens for a game about to be created: what its creator is handed (the tokens)
        and the rows to store with the game (seat, hash, bot): `Engine.create(seat_tokens=)`."""
        bots = bots or {}
        tokens = [new_token() for _ in range(players)]
        seats = [{"seat": s, "token": token} for s, token in enumerate(tokens)]
        referee = new_token()
        rows = [(str(s), digest(token), bots.get(s)) for s, token in enumerate(tokens)]
        rows.append((REFEREE, digest(referee), None))
        return {"seats": seats, "referee_token": referee}, rows

    def issue(self, game_id: str, players: int, bots: dict[int, str] | None = None) -> dict:
        """Tokens for a game that already exists (made by the CLI or a test)."""
        out, rows = self.prepare(players, bots)
        self.store.put_seat_tokens(game_id, rows)
        return out

    def who(self, game_id: str, token: str):
        """The seat (int) or REFEREE that `token` opens in `game_id`, else None."""
        want = digest(token)
        found = None
        for seat, h, _ in self.store.seat_tokens(game_id):
            if hmac.compare_digest(h, want):  # every row compared: no early exit on a match
                found = seat
        if found is None:
            return None
        return REFEREE if found == REFEREE else int(found)

    def bots(self, game_id: str) -> dict[int, str]:
        return {int(s): b for s, _, b in self.store.seat_tokens(game_id) if b is not None and s != REFEREE}

    def humans(self, game_id: str, players: int) -> list[int]:
        """The seats no bot plays."""
        bots = self.bots(game_id)
        return [s for s in range(players) if s not in bots]
