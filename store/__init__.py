"""The SQLite event store: append-only, hash-chained, knows nothing of any game."""
from store.errors import CorruptStore, StoreError, VersionConflict
from store.records import NewEvent, StoredEvent
from store.sqlite_store import EventStore

__all__ = ["EventStore", "NewEvent", "StoredEvent", "StoreError", "VersionConflict", "CorruptStore"]
