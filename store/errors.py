"""Store errors: each names what went wrong precisely enough to act on it."""


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """Another writer appended first: the caller's view of the stream is stale."""

    def __init__(self, game_id: str, expected: int, actual: int):
        super().__init__(
            f"version conflict on game {game_id}: expected version {expected}, "
            f"the stream is at {actual}; nothing was written"
        )
        self.game_id, self.expected, self.actual = game_id, expected, actual


class CorruptStore(StoreError):
    """The file is not a Runeledger store (empty, foreign, not SQLite), or a row cannot be
    decoded. A refused file is left exactly as it was found."""


class MissingStore(StoreError):
    """A read found no file at the path: nothing was created (only `new` and `simulate` create
    stores), so a mistyped --db never leaves an empty database behind."""
