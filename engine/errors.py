"""Engine errors. An IllegalCommand always names the rule that forbids it."""


class EngineError(Exception):
    pass


class IllegalCommand(EngineError):
    def __init__(self, rule: str | None, reason: str):
        super().__init__(f"{reason} [rule {rule}]" if rule else reason)
        self.rule, self.reason = rule, reason


class CascadeAborted(EngineError):
    """A rule handler failed or the cascade ran away; the command committed nothing."""


class UndoRefused(EngineError):
    def __init__(self, rule: str, reason: str):
        super().__init__(f"undo refused: {reason} [rule {rule}]")
        self.rule, self.reason = rule, reason


class UnknownGame(EngineError):
    pass
