"""The trio message bus: rule subscriptions (the cascade) and listeners (committed events).

`ListenerHub` is loaded on first use: it needs trio, whose import costs about a sixth of a
second, and the synchronous core (the cascade, `simulate`, the CLI) never touches it.
"""

from typing import Any

from bus.rules import RuleBus

__all__ = ["ListenerHub", "RuleBus"]


def __getattr__(name: str) -> Any:
    if name == "ListenerHub":
        # late: a lazy module attribute, loaded on first use
        from bus.listeners import ListenerHub

        return ListenerHub
    raise AttributeError(f"module 'bus' has no attribute {name!r}")
