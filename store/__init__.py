"""The event store (SQLite, or in memory for games played there): append-only, hash-chained,
knows nothing of any game."""

from store.errors import CorruptStore, MissingStore, StoreError, VersionConflict
from store.memory_store import MemoryStore
from store.records import NewEvent, StoredEvent
from store.sqlite_store import EventStore
from store.verify import VerifyReport

__all__ = [
    "CorruptStore",
    "EventStore",
    "MemoryStore",
    "MissingStore",
    "NewEvent",
    "StoreError",
    "StoredEvent",
    "VerifyReport",
    "VersionConflict",
]
