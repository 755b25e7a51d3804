"""Engine errors. An IllegalCommand always names the rule that forbids it.

The CLI maps them to exit codes: IllegalCommand, UndoRefused and a version conflict are
refusals (1); BadInput is malformed input or usage (2); a broken store is an integrity
failure (3).
"""


class EngineError(Exception):
    pass


class IllegalCommand(EngineError):
    def __init__(self, rule: str | None, reason: str):
        super().__init__(f"{reason} [rule {rule}]" if rule else reason)
        self.rule, self.reason = rule, reason


class BadInput(IllegalCommand):
    """Input that is not even a command (wrong type, too big, too deep, no such seat or game).

    A subclass of IllegalCommand so that callers refusing commands catch both; the CLI
    tells them apart (exit 2, not 1)."""


class CascadeAborted(EngineError):
    """A rule handler failed or the cascade ran away; the command committed nothing."""


class UndoRefused(EngineError):
    def __init__(self, rule: str, reason: str):
        super().__init__(f"undo refused: {reason} [rule {rule}]")
        self.rule, self.reason = rule, reason


class UnknownGame(EngineError):
    pass
