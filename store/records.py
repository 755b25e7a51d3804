"""Event records as they go into and come out of the store."""

from typing import Any

import msgspec


class NewEvent(msgspec.Struct, frozen=True):
    """An event not yet stored: the store gives it a version, a hash and a time."""

    type: str
    data: dict[str, Any]
    vis: list[int] | None = None  # None: public; [seats]: only they; []: nobody
    actor: int | None = None
    rule: str | None = None
    cause: int | None = None  # version of the event that caused it, in the same game
    command_id: str | None = None
    schema: int = 1
    # The payload's JSON bytes, taken once when the event is emitted. The store writes and
    # hashes these, never `data` again: a rule that keeps a reference to `data` inside the
    # game state (and mutates it later, before a group commit) cannot change the record.
    raw: bytes | None = None


class StoredEvent(msgspec.Struct, frozen=True):
    seq: int
    game_id: str
    version: int
    type: str
    schema: int
    data: dict[str, Any]
    vis: list[int] | None
    actor: int | None
    rule: str | None
    cause: int | None
    command_id: str | None
    prev_hash: str
    hash: str
    recorded_at: float

    def visible_to(self, seat: int | None) -> bool:
        if self.vis is None:
            return True
        return seat is not None and seat in self.vis
