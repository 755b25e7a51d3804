"""The type of a store the engine and its readers run on: a file (`EventStore`) or memory
(`MemoryStore`, for games played there). Both answer the same reads and appends; a function
that needs only those takes `AnyStore`, one that needs the SQLite connection takes `EventStore`."""

from typing import TypeAlias

from store import EventStore, MemoryStore

AnyStore: TypeAlias = EventStore | MemoryStore

__all__ = ["AnyStore"]
