"""The SQLite event store: append-only, hash-chained, knows nothing of any game."""
from store.errors import CorruptStore, MissingStore, StoreError, VersionConflict
from store.records import NewEvent, StoredEvent
from store.sqlite_store import EventStore
from store.verify import VerifyReport

__all__ = ["EventStore", "NewEvent", "StoredEvent", "StoreError", "VersionConflict",
           "CorruptStore", "MissingStore", "VerifyReport"]
